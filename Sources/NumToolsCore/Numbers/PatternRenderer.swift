/// Writes a number as ICU's number formatter (and so FormatStyle) writes it,
/// from the generated CLDR data alone: the locale's symbols and patterns
/// (``NumberSymbols``), its currency facts (``CurrencyFacts``), compact
/// patterns (``CompactPatterns``) and plural rules. This is what the probes
/// of every derivation render with (``FoundationProbe``); it is no fast
/// path (the tools write values through the templates derived from it).
///
/// ICU's steps, as this follows them (number_formatimpl.cpp and friends):
/// - the pattern: percent for percents; for currencies the currency's own
///   pattern where CLDR has one (`CVE` in pt_CV, `EUR` in en_150), else
///   decimal for the full-name presentation, accounting for the accounting
///   sign strategy, currency otherwise; decimal for numbers;
/// - the sign: the negative subpattern, or a minus before the positive
///   prefix; with sign always, a plus where the negative subpattern has its
///   minus, else before the prefix;
/// - `¤` is the symbol, narrow symbol or ISO code of the presentation (the
///   symbol for the full name), with CLDR's currency spacing where the
///   symbol touches a digit; the full name then wraps the whole number in
///   the locale's unit pattern for the plural form of the number shown;
/// - digits: rounded by the precision (the currency's digits, or six
///   fraction digits, by default), grouped by the pattern's group sizes
///   when the integer has at least the locale's minimum grouping digits
///   more than the first group (two at least in compact notation), with
///   the monetary separators for currencies.
struct PatternRenderer: Sendable {
    /// How many digits to show (FormatStyle's `.fractionLength` and `.significantDigits`).
    enum Precision: Sendable, Hashable {
        case fraction(Int, Int)
        case significant(Int, Int)
    }

    let symbols: NumberSymbols
    /// The listed locale whose data is read (no keywords).
    let base: String
    let kind: FoundationProbe.Kind
    let compact: Bool
    let scientific: Bool
    let accounting: Bool
    /// The locale name as given (its keywords choose the locale's own currency).
    let identifier: String

    /// A locale name as given: its canonical form and the name its data is
    /// read under (resolved once: every probe of a start-up asks again, and
    /// each resolution searches the generated tables).
    private static let names = IdentifierCache<(identifier: String, base: String)>()

    /// The renderer of `probe`'s configuration, or nil when the generated
    /// data has no entry for its locale.
    init?(_ probe: FoundationProbe) {
        let (identifier, base) = Self.names.value(for: probe.locale.identifier) {
            // A locale may be given in any form (`th-TH-u-nu-thai`): ICU's own.
            let identifier = LocaleNames.canonical(probe.locale.identifier)
            return (
                identifier,
                NumberSymbols.dataName(identifier.firstIndex(of: "@").map { String(identifier[..<$0]) } ?? identifier)
            )
        }
        guard let symbols = NumberSymbols.of(identifier) else { return nil }
        self.symbols = symbols
        self.identifier = identifier
        self.base = base
        kind = probe.kind
        compact = probe.compact
        scientific = probe.scientific
        accounting = probe.accounting
        if case .currency = kind, CurrencyFacts.of(base) == nil { return nil }
        if compact && Self.compactPatterns(base, symbols.system, .decimalShort) == nil { return nil }
    }

    /// `value` (plain or with an exponent, `1.5e3`) written in `form`;
    /// nil when it is not a number.
    func render(
        _ value: String, precision: Precision?, rule: DecimalRoundingRule, form: FoundationProbe.Form,
        grouping: Bool
    ) -> String? {
        guard var number = try? ExactDecimal(value) else { return nil }
        if form == .negative { number = number.negated }
        var currency: (code: String, display: CoinFormatStyle.CurrencyDisplay, facts: CurrencyFacts)? = nil
        if case .currency(let code, let display) = kind, let facts = CurrencyFacts.of(base) {
            currency = (code, display, facts)
        }
        // The pattern and separators.
        var decimal = symbols.decimal
        var group = symbols.group
        var patternText: String
        // ICU's DecimalFormatSymbols take the format CLDR gives the
        // currency formatted, else that of the locale's own currency: its
        // pattern and separators serve every currency (en_150, whose
        // currency is EUR: `1.234,50 US$`, and even `1,00 € euros`).
        let own = currency.flatMap { c in
            c.facts.currencyFormat(c.code)
                ?? CurrencyCodes.currency(ofLocale: identifier).flatMap { c.facts.currencyFormat($0) }
        }
        if currency != nil {
            decimal = symbols.monetaryDecimal
            group = symbols.monetaryGroup
        }
        if let own {
            patternText = own.pattern
            decimal = own.decimal
            group = own.group
        } else if let currency {
            if currency.display == .name {
                patternText = symbols.patterns[0]
            } else if accounting && form != .plus && form != .unsigned {
                patternText = symbols.patterns[3]
            } else {
                patternText = symbols.patterns[2]
            }
        } else {
            patternText = symbols.patterns[kind == .percent ? 1 : 0]
        }
        let pattern = NumberPattern(patternText)
        // Digits: precision and rounding.
        let defaultPrecision: Precision
        if compact {
            defaultPrecision = .significant(0, 0)  // ICU's compact rounding, below
        } else if let currency {
            let d = CurrencyCodes.fractionDigits(currency.code)
            defaultPrecision = .fraction(d, d)
        } else {
            defaultPrecision = .fraction(0, 6)
        }
        let chosen = precision ?? defaultPrecision
        var exponent = 0
        var shown = number
        var compactPattern: String? = nil
        var compactData: (patterns: CompactPatterns?, magnitude: Int) = (nil, 0)
        if scientific {
            (shown, exponent) = Self.scientific(number, chosen, rule)
        } else if compact {
            let form = compactForm(number, precision: precision, rule: rule, currency: currency?.display)
            (shown, compactData) = (form.shown, (form.patterns, form.magnitude))
        } else {
            shown = Self.rounded(number, chosen, rule)
        }
        let minimumFraction: Int
        switch chosen {
        case .fraction(let lo, _): minimumFraction = lo
        case .significant(let lo, _):
            minimumFraction = lo > 0 ? max(0, lo - 1 - (shown.isZero ? 0 : shown.magnitude)) : 0
        }
        let shownText = Self.plain(shown, minimumFraction: minimumFraction)
        if let patterns = compactData.patterns {
            compactPattern = self.compactPattern(patterns, magnitude: compactData.magnitude, shownText: shownText)
        }
        // The body: grouped digits, separator, fraction, exponent.
        var minimumGrouping = (1...4).contains(symbols.minimumGrouping) ? symbols.minimumGrouping : 1
        if compact { minimumGrouping = max(2, minimumGrouping) }
        let integer = shown.integerDigits
        let fraction = shown.fractionDigits(minimumLength: minimumFraction)
        var body = ""
        let groupingRule = Grouping(
            primary: grouping && !group.isEmpty ? pattern.primary : 0, secondary: pattern.secondary,
            minimumDigits: minimumGrouping)
        var positions: [Int] = []
        if groupingRule.groups(count: integer.count) {
            var at = integer.count - groupingRule.primary
            while at > 0 {
                positions.append(at)
                if groupingRule.secondary <= 0 { break }
                at -= groupingRule.secondary
            }
        }
        for (i, d) in integer.enumerated() {
            if positions.contains(i) { body += group }
            body += String(decoding: symbols.digits[Int(d &- 48)], as: UTF8.self)
        }
        if !fraction.isEmpty {
            body += decimal
            for d in fraction { body += String(decoding: symbols.digits[Int(d &- 48)], as: UTF8.self) }
        }
        if scientific {
            body += symbols.exponential
            if exponent < 0 { body += symbols.minus }
            for d in String(abs(exponent)).utf8 {
                body += String(decoding: symbols.digits[Int(d &- 48)], as: UTF8.self)
            }
        }
        // The affixes of the sign form.
        let affixPattern = compactPattern.map(NumberPattern.init) ?? pattern
        let negative = number.isNegative && form != .unsigned
        var (prefix, suffix) = affixPattern.parts(negative: negative, plus: form == .plus && !negative)
        if form == .unsigned && number.isNegative {
            // Sign never: the positive form.
            (prefix, suffix) = affixPattern.parts(negative: false, plus: false)
        }
        var currencyText = ""
        if let currency {
            switch currency.display {
            case .symbol, .name: currencyText = currency.facts.symbol(currency.code)
            case .narrow: currencyText = currency.facts.narrowSymbol(currency.code)
            case .code: currencyText = currency.code
            }
        }
        // CLDR's currency spacing: a symbol before the number takes the
        // afterCurrency rule, one after it the beforeCurrency rule (ICU's
        // getPatternForCurrencySpacing(…, beforeCurrency: suffix)).
        let (prefixText, prefixCurrencyAtEdge) = text(prefix, currency: currencyText, atEnd: true)
        let (suffixText, suffixCurrencyAtEdge) = text(suffix, currency: currencyText, atEnd: false)
        var out = prefixText
        if prefixCurrencyAtEdge, let facts = currency?.facts, let first = body.unicodeScalars.first,
            let last = prefixText.unicodeScalars.last,
            facts.spacing.afterCurrency.currencyMatches(last), facts.spacing.afterCurrency.surroundingMatches(first)
        {
            out += facts.spacing.afterCurrency.insertBetween
        }
        // A compact pattern without digits (`Kun`) is written alone.
        if compactPattern.map(Self.hasDigits) ?? true { out += body }
        if suffixCurrencyAtEdge, let facts = currency?.facts, let last = body.unicodeScalars.last,
            let first = suffixText.unicodeScalars.first,
            facts.spacing.beforeCurrency.currencyMatches(first), facts.spacing.beforeCurrency.surroundingMatches(last)
        {
            out += facts.spacing.beforeCurrency.insertBetween
        }
        out += suffixText
        if let currency, currency.display == .name {
            // The name's plural form: ICU's long-name handler runs before
            // the compact one, on the unscaled number rounded by the precision.
            var keyword = pluralKeyword(shownText)
            if compact {
                let unscaled: ExactDecimal
                var minimum = 0
                switch precision {
                case nil:
                    let magnitude = number.isZero ? 0 : number.magnitude
                    unscaled = number.rounded(toMagnitude: min(0, magnitude - 1), rule: rule)
                case .fraction(let lo, let hi)?:
                    unscaled = number.rounded(fractionDigits: hi, rule: rule)
                    minimum = lo
                case .significant(let lo, let hi)?:
                    unscaled = number.rounded(significantDigits: hi, rule: rule)
                    minimum = lo > 0 ? max(0, lo - 1 - (unscaled.isZero ? 0 : unscaled.magnitude)) : 0
                }
                keyword = pluralKeyword(Self.plain(unscaled, minimumFraction: minimum))
            }
            let unit = currency.facts.unitPattern(keyword: keyword)
            let name = currency.facts.pluralName(currency.code, keyword: keyword)
            out = unit.replacingPlaceholders(number: out, name: name)
        }
        return out
    }

    /// The plural keyword of the number shown (plain ASCII, its visible fraction digits kept).
    func pluralKeyword(_ shown: String) -> String {
        guard let operands = PluralOperands(decimal: shown) else { return "other" }
        return PluralRules.cardinal(base).select(operands)
    }

    /// The affix `parts` as text, and whether a currency sign stands at
    /// its edge next to the number (its end for a prefix, its start for a suffix).
    func text(_ parts: [NumberPattern.Part], currency: String, atEnd: Bool) -> (String, Bool) {
        var out = ""
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .minus: out += symbols.minus
            case .plus: out += symbols.plus
            case .percent: out += symbols.percent
            case .perMille: out += symbols.perMille
            case .currency: out += currency
            }
        }
        let edge = atEnd ? parts.last : parts.first
        return (out, edge == .currency && !currency.isEmpty)
    }

    /// Whether a pattern has a digit outside quotes.
    static func hasDigits(_ pattern: String) -> Bool {
        var quoted = false
        for c in pattern.unicodeScalars {
            if c == "'" { quoted.toggle() } else if !quoted && c == "0" { return true }
        }
        return false
    }

    /// `number` rounded to `precision` by `rule`.
    static func rounded(_ number: ExactDecimal, _ precision: Precision, _ rule: DecimalRoundingRule) -> ExactDecimal {
        switch precision {
        case .fraction(_, let hi): number.rounded(fractionDigits: hi, rule: rule)
        case .significant(_, let hi): number.rounded(significantDigits: hi, rule: rule)
        }
    }

    /// The mantissa (one integer digit) and exponent of `number` in
    /// scientific notation, the precision applied to the mantissa.
    static func scientific(_ number: ExactDecimal, _ precision: Precision, _ rule: DecimalRoundingRule)
        -> (ExactDecimal, Int)
    {
        if number.isZero { return (rounded(number, precision, rule), 0) }
        var exponent = number.magnitude
        var mantissa = rounded(number.scaled(byPowerOfTen: -exponent), precision, rule)
        if !mantissa.isZero && mantissa.magnitude > 0 {
            // Rounding carried into a new digit (9.99 -> 10.0): one more power.
            exponent += 1
            mantissa = rounded(number.scaled(byPowerOfTen: -exponent), precision, rule)
        }
        return (mantissa, exponent)
    }

    /// Plain ASCII of `number` with at least `minimumFraction` fraction digits.
    static func plain(_ number: ExactDecimal, minimumFraction: Int) -> String {
        let fraction = number.fractionDigits(minimumLength: minimumFraction)
        var s = String(decoding: number.integerDigits, as: UTF8.self)
        if !fraction.isEmpty { s += "." + String(decoding: fraction, as: UTF8.self) }
        return s
    }
}

extension NumberPattern {
    /// The prefix and suffix parts of a sign form, as ICU's
    /// `PatternStringUtils::patternInfoToStringBuilder` resolves them.
    func parts(negative: Bool, plus: Bool) -> (prefix: [Part], suffix: [Part]) {
        let positiveHasPlus = (positivePrefix + positiveSuffix).contains(.plus)
        let plusReplacesMinus = plus && !positiveHasPlus
        let negativeHasMinus = ((negativePrefix ?? []) + (negativeSuffix ?? [])).contains(.minus)
        let useNegative = negativePrefix != nil && (negative || negativeHasMinus && plusReplacesMinus)
        var prefix = useNegative ? negativePrefix! : positivePrefix
        var suffix = useNegative ? negativeSuffix! : positiveSuffix
        if !useNegative && (negative || plusReplacesMinus) { prefix.insert(.minus, at: 0) }
        if plusReplacesMinus {
            prefix = prefix.map { $0 == .minus ? .plus : $0 }
            suffix = suffix.map { $0 == .minus ? .plus : $0 }
        }
        return (prefix, suffix)
    }
}

extension String {
    /// A unit pattern (`{0} {1}`) with `{0}` the number and `{1}` the name.
    func replacingPlaceholders(number: String, name: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if after.hasPrefix("0}") {
                out += number
                rest = after.dropFirst(2)
            } else if after.hasPrefix("1}") {
                out += name
                rest = after.dropFirst(2)
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}
