import Foundation

/// Formats exact decimals as a ``CoinFormatStyle`` says, byte by byte.
///
/// Everything locale-specific (digits, separators, grouping, the text around
/// the number for each sign, the compact divisors and patterns per power of
/// ten) is read once off Foundation's FormatStyle output for probe values;
/// each value is then rounded exactly on its digits and written by a loop.
/// Where the text around the number depends on the CLDR plural category of
/// the number shown (currency names like `1 US dollar` / `2 US dollars`,
/// Arabic compact patterns), the formatter asks FormatStyle once per distinct
/// plural-relevant shape of the number and caches the answer. Where the text
/// is fixed (every style but compact, and currency names that follow plural
/// rules), a ``FixedFormat`` writes each value from byte tables derived once,
/// without allocating.
public struct CoinFormatter: Sendable {
    /// Whether the written value was negative, zero or positive (after
    /// rounding), for colouring.
    public enum Outcome: Sendable, Hashable {
        case negative, zero, positive
    }

    /// The style this formatter was derived from.
    public let style: CoinFormatStyle

    let precision: CoinFormatStyle.ResolvedPrecision
    let probe: FoundationProbe
    let notation: Notation
    /// For compact: the power of ten each magnitude 0...N is divided by (the last entry holds for larger magnitudes).
    let divisors: [Int]
    /// Per pattern magnitude (index 0 only when not compact): the fixed templates, or nil when plural-dependent.
    let fixedTemplates: [Template?]
    /// Rewrites probed templates (``CoinFormatStyle/symbol`` override).
    let symbolOverride: SymbolOverride?
    /// The byte-level writer for a fixed template, or nil (compact, plural-dependent templates).
    let fixedFormat: FixedFormat?
    /// Plural-dependent templates, by pattern magnitude and shape of the number.
    var cache: [FormKey: Template.Affixes] = [:]
    /// The probe configurations whose ICU formatters have been warmed up.
    var warmed: Set<WarmKey> = []

    /// Derives the formatter for `style`.
    public init(_ style: CoinFormatStyle) {
        self.style = style
        precision = style.resolvedPrecision
        let compact = style.style == .compact
        let kind: FoundationProbe.Kind
        let currency = style.resolvedCurrencyCode
        switch style.style {
        case .number: kind = .number
        case .percent: kind = .percent
        case .currency, .compact:
            if let currency { kind = .currency(code: currency, display: style.display) } else { kind = .number }
        }
        let digitTable = LocaleNumberFormat(locale: style.locale).digits
        // Currency names may hold digits ("Albanian lekë (1946–1965)",
        // "unités de compte 9 européennes"): digits, separators and compact
        // divisors of the name presentation are read with US dollars, whose
        // name has none, and only the text around the number with the real
        // currency (found by the number's exact text, see Notation.affixes).
        var derivationKind = kind
        if case .currency(_, .name) = kind { derivationKind = .currency(code: "USD", display: .name) }
        let plain = FoundationProbe(locale: style.locale, kind: derivationKind, compact: false)
        var notation = Notation(probe: plain, digits: digitTable)
        var override: SymbolOverride? = nil
        var templateProbe = FoundationProbe(locale: style.locale, kind: kind, compact: compact)
        if let symbol = style.symbol, currency != nil, style.display == .symbol || style.display == .narrow {
            // The currency's own pattern (EUR has its own in en_AL: `-€1 234,50`
            // but `-1 234,50 $`), with its symbol replaced.
            let own = notation.affixes(of: templateProbe.render("1", fraction: 0, form: .positive))
            let ownSymbol = String(decoding: own.prefix + own.suffix, as: UTF8.self).trimmingCharacters(
                in: .whitespaces.union(CharacterSet(charactersIn: "\u{A0}\u{202F}\u{200E}\u{200F}\u{61C}")))
            // CLDR's currency spacing: what ICU puts between a letter code and
            // a digit (a no-break space; nothing in ms), read off a currency
            // whose narrow symbol is one sign standing alone.
            var insertion: [UInt8] = [0xC2, 0xA0]
            // Whether the pattern puts the symbol right next to the digits
            // (then a space after a letter symbol is ICU's, not the pattern's).
            var adjacent = true
            for (code, sign) in [("USD", "$"), ("EUR", "€"), ("GBP", "£"), ("JPY", "¥")] {
                let narrow = FoundationProbe(
                    locale: style.locale, kind: .currency(code: code, display: .narrow), compact: false)
                let sample = notation.affixes(of: narrow.render("1", fraction: 0, form: .negative))
                guard SymbolOverride.standsAlone(sign, in: sample) else { continue }
                let signBytes = Array(sign.utf8)
                adjacent =
                    (sample.prefix.count >= signBytes.count && Array(sample.prefix.suffix(signBytes.count)) == signBytes)
                    || (sample.suffix.count >= signBytes.count && Array(sample.suffix.prefix(signBytes.count)) == signBytes)
                let iso = FoundationProbe(locale: style.locale, kind: .currency(code: code, display: .code), compact: false)
                if let found = SymbolOverride.spacing(
                    narrow: sample, iso: notation.affixes(of: iso.render("1", fraction: 0, form: .negative)),
                    sign: Array(sign.utf8), code: Array(code.utf8))
                {
                    insertion = found
                    break
                }
            }
            let (source, placeholder) =
                !ownSymbol.isEmpty && SymbolOverride.standsAlone(ownSymbol, in: own)
                ? (templateProbe, ownSymbol)
                : (
                    FoundationProbe(
                        locale: style.locale, kind: .currency(code: "QQQ", display: .symbol), compact: compact),
                    "QQQ"
                )
            override = SymbolOverride(
                symbol: symbol, placeholder: placeholder, insertion: insertion, patternAdjacent: adjacent)
            templateProbe = source
        }
        probe = templateProbe
        symbolOverride = override

        if compact {
            // Divisor per magnitude: 10^m shown with Foundation's default
            // compact rounding keeps all integer digits of the mantissa.
            var divisors: [Int] = []
            for m in 0...CoinFormatter.compactMagnitudes {
                let shown = plain.digitTableCount(
                    FoundationProbe(locale: style.locale, kind: derivationKind, compact: true).render(
                        "1e\(m)", fraction: nil, form: .positive), digits: notation.digitTable)
                divisors.append(m - max(0, shown - 1))
            }
            self.divisors = divisors
            // Compact notation groups with at least two digits (ICU's MIN2 strategy): probe at the top magnitude.
            if notation.primaryGroupSize > 0 {
                let top = divisors[divisors.count - 1]
                let compactProbe = FoundationProbe(locale: style.locale, kind: derivationKind, compact: true)
                var minimum = notation.minimumGroupingDigits
                for extra in 1...4 {
                    let text = compactProbe.render(
                        "1e\(notation.primaryGroupSize + extra - 1 + top)", fraction: nil, form: .positive)
                    if notation.digitTable.digitSpans(withoutParentheses(text)).count > 1 {
                        minimum = extra
                        break
                    }
                }
                notation.minimumGroupingDigits = minimum
            }
        } else {
            divisors = [0]
        }
        self.notation = notation

        // Fixed templates where the text around the number does not depend on it.
        var fixed: [Template?] = Array(repeating: nil, count: divisors.count)
        let partial = CoinFormatter(
            style: style, precision: precision, probe: templateProbe, notation: notation, divisors: divisors,
            fixed: fixed, symbolOverride: override)
        var samples: [Set<TemplateKey>] = Array(repeating: [], count: divisors.count)
        for m in 0..<divisors.count {
            for mantissa in compact ? CoinFormatter.compactPluralSamples : CoinFormatter.pluralSamples {
                let value = try! ExactDecimal(mantissa).scaled(byPowerOfTen: compact ? m : 0)
                let (_, key) = partial.layout(value)
                samples[key.bucket].insert(key)
            }
            if !compact { break }
        }
        // Currency names depend on the plural category almost everywhere: never fixed.
        let alwaysKeyed = style.display == .name && currency != nil && style.symbol == nil
        for bucket in 0..<divisors.count where !samples[bucket].isEmpty && !alwaysKeyed {
            // Sorted, so the fixed template comes from the same number every time.
            let keys = samples[bucket].sorted {
                let a = String(decoding: $0.integer + [0x2E] + $0.fraction, as: UTF8.self)
                let b = String(decoding: $1.integer + [0x2E] + $1.fraction, as: UTF8.self)
                return a.count != b.count ? a.count < b.count : a < b
            }
            let first = partial.probeTemplate(keys[0], forms: FoundationProbe.Form.templateForms)
            // Compact patterns may differ in the negative form only: sw_CD writes
            // `-VND 2,8T` but `VND-1T` (plural "one"); ICU builds the plus form
            // like the negative one. Other patterns differ, if at all, in the
            // positive form (the text is the same for every sign).
            let forms: [FoundationProbe.Form] = compact ? [.positive, .negative] : [.positive]
            if keys.dropFirst().allSatisfy({ key in
                let other = partial.probeTemplate(key, forms: forms)
                return other.positive == first.positive && (!compact || other.negative == first.negative)
            }) {
                fixed[bucket] = first
            }
        }
        fixedTemplates = fixed
        if let template = fixed[0] {
            fixedFormat = FixedFormat(template: template, notation: notation, style: style, precision: precision)
        } else {
            fixedFormat = nil
        }
    }

    private init(
        style: CoinFormatStyle, precision: CoinFormatStyle.ResolvedPrecision, probe: FoundationProbe,
        notation: Notation, divisors: [Int], fixed: [Template?], symbolOverride: SymbolOverride?
    ) {
        self.style = style
        self.precision = precision
        self.probe = probe
        self.notation = notation
        self.divisors = divisors
        self.fixedTemplates = fixed
        self.symbolOverride = symbolOverride
        self.fixedFormat = nil
    }

    /// Magnitudes probed for compact patterns; larger ones use the last
    /// (CLDR's short patterns end at 10^14, and ICU uses the largest beyond).
    static let compactMagnitudes = 16
    /// Numbers whose text is compared to tell whether a format depends on
    /// the plural category: every last digit at fraction lengths 0 to 6,
    /// teens, and round millions.
    static let pluralSamples: [String] = {
        var samples = [
            "0", "11", "12", "14", "19", "21", "22", "100", "101", "102", "111", "1000000", "0.11", "0.15", "0.1",
            "0.5",
        ]
        for length in 0...6 {
            for last in 0...9 {
                samples.append(length == 0 ? "\(last)" : "1." + String(repeating: "0", count: length - 1) + "\(last)")
            }
        }
        return samples
    }()
    /// Mantissas (times each power of ten) compared for compact patterns.
    static let compactPluralSamples = ["0", "1", "2", "3", "5", "1.1", "1.5", "1.01"]
    /// How many plural-dependent templates to keep before starting over.
    static let cacheLimit = 1 << 16

    // MARK: Formatting

    /// Appends `value` formatted to `out` and tells its sign after rounding.
    @discardableResult
    public mutating func format(_ value: ExactDecimal, into out: inout [UInt8]) -> Outcome {
        if let fixedFormat,
            let outcome = fixedFormat.write(
                value,
                { bytes, outcome in
                    out.append(contentsOf: bytes)
                    return outcome
                })
        {
            return outcome
        }
        return formatInGeneral(value, into: &out)
    }

    /// Parses the machine number `value` (see ``ExactDecimal/init(parsing:)``,
    /// whose errors it throws) and hands its formatted bytes and its sign
    /// after rounding to `emit`, once. The bytes are only valid during `emit`.
    public mutating func format<R>(
        parsing value: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>, Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R {
        try format(parsing: value, limit: .max, emit)!
    }

    /// ``format(parsing:_:)``, or nil without calling `emit` when the
    /// formatted value would be longer than `limit` bytes: worked out from
    /// the rounded digits before the output is built. (The fixed-template
    /// path writes at most ``FixedFormat/outputLimit`` bytes, and is taken
    /// only within `limit`.)
    public mutating func format<R>(
        parsing value: UnsafeBufferPointer<UInt8>, limit: Int, _ emit: (UnsafeBufferPointer<UInt8>, Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R? {
        if let fixedFormat, limit >= FixedFormat.outputLimit, let result = try fixedFormat.write(parsing: value, emit) {
            return result
        }
        var bytes: [UInt8] = []
        guard let outcome = formatInGeneral(try ExactDecimal(parsing: value), limit: limit, into: &bytes) else {
            return nil
        }
        return bytes.withUnsafeBufferPointer { emit($0, outcome) }
    }

    /// ``format(_:into:)`` without the fixed-template fast path: every style,
    /// template and length (and the reference the fast path is tested against).
    @discardableResult
    mutating func formatInGeneral(_ value: ExactDecimal, into out: inout [UInt8]) -> Outcome {
        formatInGeneral(value, limit: .max, into: &out)!
    }

    /// ``formatInGeneral(_:into:)``, or nil, having written nothing, when the
    /// output would be longer than `limit` bytes.
    mutating func formatInGeneral(_ value: ExactDecimal, limit: Int, into out: inout [UInt8]) -> Outcome? {
        let (number, key) = layout(value)
        let outcome: Outcome = number.isZero ? .zero : number.isNegative ? .negative : .positive
        let affixes = self.affixes(key, style.sign.form(negative: number.isNegative, zero: number.isZero))
        if limit < Int.max {
            // Digits of one numbering system are all as wide.
            let width = notation.digits.map(\.count).max() ?? 1
            let grouping = Grouping(
                primary: notation.primaryGroupSize, secondary: notation.secondaryGroupSize,
                minimumDigits: notation.minimumGroupingDigits)
            let digits = key.integer.count + key.fraction.count
            let size =
                affixes.prefix.count + affixes.suffix.count + digits * width
                + grouping.separatorCount(digits: key.integer.count) * notation.groupingSeparator.count
                + (key.fraction.isEmpty ? 0 : notation.decimalSeparator.count)
            if size > limit { return nil }
        }
        out.append(contentsOf: affixes.prefix)
        notation.appendGroupedInteger(key.integer, into: &out)
        if !key.fraction.isEmpty {
            out.append(contentsOf: notation.decimalSeparator)
            for d in key.fraction { out.append(contentsOf: notation.digits[Int(d &- 48)]) }
        }
        out.append(contentsOf: affixes.suffix)
        return outcome
    }

    /// `value` formatted as a string.
    public mutating func string(_ value: ExactDecimal) -> String {
        var out: [UInt8] = []
        format(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Rounds `value` as the style says: the number shown (scaled by the
    /// compact divisor), and the pattern magnitude with its digits.
    func layout(_ input: ExactDecimal) -> (ExactDecimal, TemplateKey) {
        var value = input
        if style.style == .percent && style.valueIsRatio { value = value.scaled(byPowerOfTen: 2) }
        var shown: ExactDecimal
        var minFraction: Int
        var bucket = 0
        if style.style == .compact && !value.isZero {
            // ICU's chooseMultiplierAndApply: divide by the magnitude's
            // divisor, round, and if rounding reached the next magnitude
            // (999.9K → 1000K) with another divisor, divide again and re-round.
            let magnitude = value.magnitude
            var divisor = divisorFor(magnitude)
            (shown, minFraction) = round(value.scaled(byPowerOfTen: -divisor))
            if !shown.isZero && shown.magnitude != magnitude - divisor {
                let next = divisorFor(magnitude + 1)
                if next != divisor {
                    (shown, minFraction) = round(shown.scaled(byPowerOfTen: divisor - next))
                    divisor = next
                }
            }
            bucket = shown.isZero ? 0 : min(max(0, shown.magnitude + divisor), divisors.count - 1)
        } else {
            (shown, minFraction) = round(value)
        }
        var key = TemplateKey(
            bucket: bucket, integer: shown.integerDigits, fraction: shown.fractionDigits(minimumLength: minFraction))
        if style.style == .compact && style.display == .name && probe.kind != .number {
            // ICU picks the plural of a compact currency name from the
            // unscaled value rounded with the same precision (5803 → "5,8 tis."
            // but "britanske funte", the plural of 5803).
            let (unscaled, unscaledMinFraction) = round(value)
            key.unscaled = unscaled.representative(minimumFraction: unscaledMinFraction)
            key.unscaledNegative = value.isNegative
        }
        return (shown, key)
    }

    private func divisorFor(_ magnitude: Int) -> Int {
        magnitude < 0 ? 0 : divisors[min(magnitude, divisors.count - 1)]
    }

    /// The rounded value and how many fraction digits it shows at least.
    private func round(_ value: ExactDecimal) -> (ExactDecimal, Int) {
        switch precision {
        case .fractionLength(let lo, let hi):
            return (value.rounded(fractionDigits: hi, rule: style.rounding), lo)
        case .significantDigits(let lo, let hi):
            let r = value.rounded(significantDigits: hi, rule: style.rounding)
            return (r, max(0, lo - 1 - r.magnitude))
        case .compactDefault:
            // Precision::integer().withMinDigits(2): the coarser of "integer"
            // and "two significant digits", judged before rounding.
            if value.isZero { return (value, 0) }
            return (value.rounded(toMagnitude: min(0, value.magnitude - 1), rule: style.rounding), 0)
        }
    }

    // MARK: Templates

    /// The precision as FormatStyle takes it (nil: Foundation's compact default).
    var foundationPrecision: NumberFormatStyleConfiguration.Precision? {
        switch precision {
        case .fractionLength(let lo, let hi): .fractionLength(lo...hi)
        case .significantDigits(let lo, let hi): .significantDigits(lo...hi)
        case .compactDefault: nil
        }
    }

    /// The text around a number of this shape in this sign form.
    mutating func affixes(_ key: TemplateKey, _ form: FoundationProbe.Form) -> Template.Affixes {
        if let fixed = fixedTemplates[key.bucket] {
            switch form {
            case .positive, .unsigned: return fixed.positive
            case .negative: return fixed.negative
            case .plus: return fixed.plus
            }
        }
        // Compact currency names are probed with the unscaled value, whose
        // rendering must show exactly these digits: no reduction then.
        let reduced = key.unscaled.isEmpty ? key.pluralShape : key
        let cacheKey = FormKey(key: reduced, form: form)
        if let cached = cache[cacheKey] { return cached }
        // A fresh ICU formatter may misplace a currency name until it has
        // compiled itself (see FoundationProbe): warm each configuration up once.
        let configuration = WarmKey(fraction: reduced.unscaled.isEmpty ? reduced.fraction.count : -1, form: form)
        let warmUp = style.display == .name && !warmed.contains(configuration)
        let affixes = probeTemplate(reduced, forms: [form], warmUp: warmUp).affixes(form)
        warmed.insert(configuration)
        if cache.count >= CoinFormatter.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[cacheKey] = affixes
        return affixes
    }

    /// Asks Foundation for the text around a number of this shape.
    func probeTemplate(_ exactKey: TemplateKey, forms: [FoundationProbe.Form], warmUp: Bool = false) -> Template {
        // Foundation's Decimal holds 38 digits: probe with a number of the same shape.
        let key = exactKey.unscaled.isEmpty ? exactKey.pluralShape : exactKey
        let fraction = key.fraction.count
        let divisor = style.style == .compact ? divisorFor(key.bucket) : 0
        var text = String(decoding: key.integer, as: UTF8.self)
        if fraction > 0 { text += "." + String(decoding: key.fraction, as: UTF8.self) }
        let isZero = !(key.integer + key.fraction).contains { $0 != UInt8(ascii: "0") }
        var result = Template()
        var body: [UInt8] = []
        notation.appendGroupedInteger(key.integer, into: &body)
        if !key.fraction.isEmpty {
            body += notation.decimalSeparator
            for d in key.fraction { body += notation.digits[Int(d &- 48)] }
        }
        for form in forms {
            func render(warmUp: Bool) -> String {
                if !key.unscaled.isEmpty {
                    // Compact currency names: render the unscaled value with the
                    // style's own precision. The positive form of a negative value
                    // (sign never) keeps its sign, so that floor and ceiling pick
                    // the same compact magnitude.
                    var unscaled = String(decoding: key.unscaled, as: UTF8.self)
                    let unscaledZero = !key.unscaled.contains { $0 > UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                    if unscaledZero && key.unscaledNegative, case .fractionLength(_, let hi) = precision {
                        unscaled = "1e-\(hi + 5)"  // a number that rounds to zero
                    }
                    let signed = form == .positive && key.unscaledNegative
                    return probe.render(
                        signed ? "-" + unscaled : unscaled, precision: foundationPrecision,
                        rule: style.rounding.foundationRule ?? .toNearestOrEven, form: signed ? .unsigned : form,
                        warmUp: warmUp)
                } else if form == .negative && isZero {
                    // Decimal has no negative zero: a tiny negative number rounds to it.
                    return probe.render(
                        "1e-\(fraction + 5)", precision: .fractionLength(fraction...fraction), rule: nil,
                        form: .negative,
                        warmUp: warmUp)
                }
                return probe.render(
                    text + "e\(divisor)", precision: .fractionLength(fraction...fraction), rule: nil, form: form,
                    warmUp: warmUp)
            }
            // A fresh ICU formatter may misplace a currency name (see
            // FoundationProbe); only then is it called until it compiles.
            var rendered = render(warmUp: warmUp)
            if notation.locate(body, in: rendered) == nil { rendered = render(warmUp: true) }
            var affixes = notation.affixes(of: rendered, body: body)
            if let symbolOverride { affixes = symbolOverride.apply(affixes) }
            switch form {
            case .positive: result.positive = affixes
            case .negative: result.negative = affixes
            case .plus, .unsigned: result.plus = affixes
            }
        }
        return result
    }
}

/// The text around the number for each sign form.
struct Template: Sendable, Hashable {
    struct Affixes: Sendable, Hashable {
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
    }
    var positive = Affixes()
    var negative = Affixes()
    var plus = Affixes()

    func affixes(_ form: FoundationProbe.Form) -> Affixes {
        switch form {
        case .positive, .unsigned: positive
        case .negative: negative
        case .plus: plus
        }
    }
}

extension CoinFormatStyle.SignDisplay {
    /// The sign form written for a number of this sign, after rounding.
    @inline(__always) func form(negative: Bool, zero: Bool) -> FoundationProbe.Form {
        switch self {
        case .automatic: negative ? .negative : .positive
        case .never: .positive
        case .always: negative ? .negative : .plus
        case .exceptZero: zero ? .positive : negative ? .negative : .plus
        }
    }
}

/// A probe configuration: fraction digits (-1: the style's own precision) and sign form.
struct WarmKey: Sendable, Hashable {
    var fraction: Int
    var form: FoundationProbe.Form
}

/// A cache key: the shape of the number and the sign form.
struct FormKey: Sendable, Hashable {
    var key: TemplateKey
    var form: FoundationProbe.Form
}

/// The number shown and its pattern magnitude: what selects a template.
struct TemplateKey: Sendable, Hashable {
    var bucket: Int
    var integer: [UInt8]
    var fraction: [UInt8]
    /// For compact currency names: the unscaled rounded value (plain ASCII), else empty.
    var unscaled: [UInt8] = []
    /// For compact currency names: whether the value is negative.
    var unscaledNegative = false

    /// A number with the same CLDR plural operands that Foundation's
    /// Decimal can hold, so that the cache stays small. ICU evaluates the
    /// `n` operand as a Double, so only numbers of at most 15 digits are
    /// reduced (the integer to its last six digits above ten million: plural
    /// rules look at small integers and at the integer modulo 10, 100, 1000
    /// and 1000000); longer ones up to 38 digits are kept as they are.
    var pluralShape: TemplateKey {
        var copy = self
        copy.integer = ExactDecimal.pluralShape(integer: integer, fraction: fraction).integer
        copy.fraction = ExactDecimal.pluralShape(integer: integer, fraction: fraction).fraction
        return copy
    }
}

extension ExactDecimal {
    /// See ``TemplateKey/pluralShape``; beyond 38 digits (out of Foundation's
    /// reach) the shape keeps the magnitude and leading digits only.
    static func pluralShape(integer: [UInt8], fraction: [UInt8]) -> (integer: [UInt8], fraction: [UInt8]) {
        let total = integer.count + fraction.count
        if total <= 15 {
            if integer.count > 7 { return (Array("10".utf8) + integer.suffix(6), fraction) }
            return (integer, fraction)
        }
        if total <= 38 { return (integer, fraction) }
        // Beyond Decimal's 38 digits: a 30-digit integer (above every compact
        // magnitude) ending in the same six digits, and as much fraction as fits.
        var shortInteger = integer
        if integer.count > 30 {
            shortInteger = [UInt8(ascii: "1")] + [UInt8](repeating: UInt8(ascii: "0"), count: 23) + integer.suffix(6)
        }
        return (shortInteger, Array(fraction.prefix(max(0, 38 - shortInteger.count))))
    }

    /// Plain ASCII text of a number with the same plural operands that
    /// Foundation's Decimal can hold (see ``pluralShape(integer:fraction:)``),
    /// keeping the magnitude.
    func representative(minimumFraction: Int) -> [UInt8] {
        let integer = integerDigits
        let fraction = fractionDigits(minimumLength: minimumFraction)
        let total = integer.count + fraction.count
        let shape =
            total <= 38
            ? (integer: integer, fraction: fraction) : ExactDecimal.pluralShape(integer: integer, fraction: fraction)
        var text = shape.integer
        if !shape.fraction.isEmpty { text += [UInt8(ascii: ".")] + shape.fraction }
        return text
    }
}

/// The digits, separators and grouping a format writes, read off FormatStyle.
struct Notation: Sendable {
    var digits: [[UInt8]]
    var digitTable: DigitTable
    var decimalSeparator: [UInt8]
    var groupingSeparator: [UInt8]
    var primaryGroupSize: Int
    var secondaryGroupSize: Int
    var minimumGroupingDigits: Int

    init(probe: FoundationProbe, digits: [[UInt8]]) {
        self.digits = digits
        let table = DigitTable(digits)
        digitTable = table
        // Decimal separator: what stands between the digits of 1.5.
        let half = withoutParentheses(probe.render("1.5", fraction: 1, form: .positive))
        let halfSpans = table.digitSpans(half)
        decimalSeparator = halfSpans.count >= 2 ? Array(half[halfSpans[0].upperBound..<halfSpans[1].lowerBound]) : []
        // Grouping, read the way LocaleNumberFormat reads it.
        let grouping = table.readGrouping(
            withoutParentheses(probe.render("1234567890123456789", fraction: 0, form: .positive))
        ) { digits in
            withoutParentheses(probe.render("1e\(digits - 1)", fraction: 0, form: .positive))
        }
        (primaryGroupSize, secondaryGroupSize) = (grouping.primary, grouping.secondary)
        (groupingSeparator, minimumGroupingDigits) = (grouping.separator, grouping.minimumDigits)
    }

    /// The text around `body` (the number as this notation writes it) in
    /// `rendered`: at its first occurrence that is neither next to another
    /// digit nor inside parentheses (currency names may hold years). Without
    /// a body, or when it does not occur, the text before the first digit and
    /// after the last.
    func affixes(of rendered: String, body: [UInt8]? = nil) -> Template.Affixes {
        if let body, let found = locate(body, in: rendered) { return found }
        let bytes = Array(rendered.utf8)
        let spans = digitTable.digitSpans(bytes)
        guard let first = spans.first, let last = spans.last else { return Template.Affixes(prefix: bytes, suffix: []) }
        return Template.Affixes(prefix: Array(bytes[..<first.lowerBound]), suffix: Array(bytes[last.upperBound...]))
    }

    /// The text around `body` in `rendered`, or nil when `body` does not
    /// stand there on its own (see ``affixes(of:body:)``).
    func locate(_ body: [UInt8], in rendered: String) -> Template.Affixes? {
        let bytes = Array(rendered.utf8)
        if !body.isEmpty, bytes.count >= body.count {
            func isDigit(_ at: Int) -> Bool {
                guard at >= 0 && at < bytes.count else { return false }
                if bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") { return true }
                // The byte might end a multi-byte digit: look back to its start.
                var start = at
                while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
                return digitTable.digit(in: bytes, at: start) != nil
            }
            var depth = 0
            for start in 0...(bytes.count - body.count) {
                if start > 0 {
                    if bytes[start - 1] == UInt8(ascii: "(") { depth += 1 }
                    if bytes[start - 1] == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                }
                guard depth == 0, bytes[start] == body[0], Array(bytes[start..<(start + body.count)]) == body else {
                    continue
                }
                if isDigit(start - 1) || isDigit(start + body.count) { continue }
                return Template.Affixes(prefix: Array(bytes[..<start]), suffix: Array(bytes[(start + body.count)...]))
            }
        }
        return nil
    }

    func appendGroupedInteger(_ integer: [UInt8], into out: inout [UInt8]) {
        Grouping(primary: primaryGroupSize, secondary: secondaryGroupSize, minimumDigits: minimumGroupingDigits)
            .appendGrouped(integer, digits: digits, separator: groupingSeparator, into: &out)
    }
}

/// UTF-8 of `text` without its parenthesized parts, where currency names keep years.
func withoutParentheses(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var depth = 0
    for b in text.utf8 {
        if b == UInt8(ascii: "(") {
            depth += 1
        } else if b == UInt8(ascii: ")") && depth > 0 {
            depth -= 1
        } else if depth == 0 {
            out.append(b)
        }
    }
    return out
}

extension FoundationProbe {
    /// How many digits `text` shows.
    func digitTableCount(_ text: String, digits table: DigitTable) -> Int {
        let bytes = withoutParentheses(text)
        return table.digitSpans(bytes).reduce(0) { $0 + table.digitCount(bytes[$1]) }
    }
}

/// Puts a user's symbol where the pattern has the narrow `$`, with ICU's
/// currency spacing: a no-break space between the symbol and a digit unless
/// the symbol's character next to the number is itself a symbol or a space.
struct SymbolOverride: Sendable, Hashable {
    var symbol: String
    /// The symbol in the probed pattern that `symbol` replaces.
    var placeholder: String
    /// What the locale puts between a letter symbol and a digit (CLDR's
    /// currencySpacing insertBetween: a no-break space, or nothing in ms).
    var insertion: [UInt8]
    /// Whether the pattern has the symbol right next to the digits.
    var patternAdjacent: Bool

    /// Whether `sign` occurs once in the affixes with no letter next to it.
    static func standsAlone(_ sign: String, in affixes: Template.Affixes) -> Bool {
        for part in [affixes.prefix, affixes.suffix] {
            let scalars = Array(String(decoding: part, as: UTF8.self).unicodeScalars)
            let target = Array(sign.unicodeScalars)
            let hits = scalars.indices.filter { i in
                i + target.count <= scalars.count && Array(scalars[i..<(i + target.count)]) == target
            }
            guard let i = hits.first else { continue }
            if hits.count > 1 { return false }
            let before = i > 0 ? scalars[i - 1].properties.isAlphabetic : false
            let after = i + target.count < scalars.count ? scalars[i + target.count].properties.isAlphabetic : false
            return !before && !after
        }
        return false
    }

    /// The text ICU inserted between the ISO code and the digits, given the
    /// same pattern with a currency sign that gets none; nil when the two do
    /// not line up or the symbol is not next to the number.
    static func spacing(narrow: Template.Affixes, iso: Template.Affixes, sign: [UInt8], code: [UInt8]) -> [UInt8]? {
        let prefix = narrow.prefix
        if prefix.count >= sign.count && Array(prefix.suffix(sign.count)) == sign {
            let head = Array(prefix.dropLast(sign.count)) + code
            guard iso.prefix.count >= head.count, Array(iso.prefix.prefix(head.count)) == head else { return nil }
            return Array(iso.prefix.dropFirst(head.count))
        }
        let suffix = narrow.suffix
        if suffix.count >= sign.count && Array(suffix.prefix(sign.count)) == sign {
            let tail = code + Array(suffix.dropFirst(sign.count))
            guard iso.suffix.count >= tail.count, Array(iso.suffix.suffix(tail.count)) == tail else { return nil }
            return Array(iso.suffix.dropLast(tail.count))
        }
        return nil
    }

    func apply(_ affixes: Template.Affixes) -> Template.Affixes {
        var result = affixes
        let target = Array(placeholder.utf8)
        func needsSpace(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            switch scalar.properties.generalCategory {
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                .spaceSeparator, .lineSeparator, .paragraphSeparator:
                return false
            default: return true
            }
        }
        func range(of needle: [UInt8], in haystack: [UInt8], last: Bool) -> Range<Int>? {
            guard haystack.count >= needle.count else { return nil }
            let starts = Array(0...(haystack.count - needle.count))
            for start in last ? starts.reversed() : starts
            where Array(haystack[start..<(start + needle.count)]) == needle {
                return start..<(start + needle.count)
            }
            return nil
        }
        // Where the old symbol needed the spacing, ICU inserted it already;
        // it stays only where the new symbol needs it too.
        if let r = range(of: target, in: affixes.prefix, last: true) {
            var upper = r.upperBound
            if patternAdjacent && needsSpace(placeholder.unicodeScalars.last) && !insertion.isEmpty
                && Array(affixes.prefix[upper...]) == insertion
            {
                upper = affixes.prefix.count
            }
            var replacement = Array(symbol.utf8)
            if upper == affixes.prefix.count && needsSpace(symbol.unicodeScalars.last) { replacement += insertion }
            result.prefix.replaceSubrange(r.lowerBound..<upper, with: replacement)
        } else if let r = range(of: target, in: affixes.suffix, last: false) {
            var lower = r.lowerBound
            if patternAdjacent && needsSpace(placeholder.unicodeScalars.first) && !insertion.isEmpty
                && Array(affixes.suffix[..<lower]) == insertion
            {
                lower = 0
            }
            var replacement = Array(symbol.utf8)
            if lower == 0 && needsSpace(symbol.unicodeScalars.first) { replacement = insertion + replacement }
            result.suffix.replaceSubrange(lower..<r.upperBound, with: replacement)
        }
        return result
    }
}
