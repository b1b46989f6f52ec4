/// Formats exact decimals as a ``CoinFormatStyle`` says, byte by byte.
///
/// Everything locale-specific (digits, separators, grouping, the text around
/// the number for each sign, the compact divisors and patterns per power of
/// ten, scientific notation's exponent symbol and minus, the accounting
/// pattern) is read once off Foundation's FormatStyle output for probe values;
/// each value is then rounded exactly on its digits and written by a loop.
/// Where the text around the number depends on the CLDR plural category of
/// the number shown (currency names like `1 US dollar` / `2 US dollars`,
/// Arabic compact patterns), the formatter asks FormatStyle once per distinct
/// plural-relevant shape of the number and caches the answer. Where the text
/// is fixed (every style but compact and scientific, and currency names
/// that follow plural rules), a ``FixedFormat`` writes each value from byte
/// tables derived once, without allocating.
public struct CoinFormatter: Sendable {
    /// Whether the written value was negative, zero or positive (after
    /// rounding), for colouring.
    public enum Outcome: Sendable, Hashable {
        case negative, zero, positive
    }

    /// The style this formatter was derived from.
    public let style: CoinFormatStyle

    /// The precision the style resolves to (the currency's digits, compact's default).
    let precision: CoinFormatStyle.ResolvedPrecision
    /// Renders the text around the number (templates).
    let probe: FoundationProbe
    /// Digits, separators and grouping: the locale's shared notation (compact raises its minimum grouping).
    let notation: NumberNotation
    /// For compact: the power of ten each magnitude 0...N is divided by (the last entry holds for larger magnitudes).
    let divisors: [Int]
    /// For scientific: the exponent symbol and minus (the mantissa is written with ``notation``).
    let scientific: ScientificNotation?
    /// For si, iec and iec-i: the writer of every value (numfmt's scaling, exactly).
    let units: UnitFormatter?
    /// The unit styles' hot path (nil where it does not apply), and its
    /// view: a trivial value, so that binding it retains nothing.
    let unitFast: UnitFastPath?
    let unitView: UnitFastPath.View?
    /// For bytes: the writer of every value (Foundation's ByteCountFormatStyle, exactly).
    var bytes: ByteFormatter?
    /// For myriad: the unit groups the digits are written in.
    let myriad: MyriadNotation?
    /// For words and numerals: the rules the number is written by.
    let words: SpelloutFormatter?
    /// For words of an amount of a currency (``CoinFormatStyle/wordsCurrencyCode``): its writer.
    let currencyWords: CurrencyWords?
    /// Rewrites probed templates (``CoinFormatStyle/symbol`` override).
    let symbolOverride: SymbolOverride?
    /// Per pattern magnitude (index 0 only when not compact): the fixed templates, or nil when plural-dependent.
    private(set) var fixedTemplates: [Template?]
    /// The byte-level writer for a fixed template, or nil (compact, plural-dependent templates).
    private(set) var fixedFormat: FixedFormat?
    /// `fixedFormat`'s view, for the hot path: a trivial value, so that
    /// binding it in a `mutating` method retains nothing (`fixedFormat`
    /// keeps its memory alive).
    private(set) var fixedView: FixedFormat.View?
    /// Plural-dependent templates, by pattern magnitude and shape of the number.
    var cache: [FormKey: Template.Affixes] = [:]

    /// Derives the formatter for `style`: the notation, the probe of the
    /// text around the number, compact's divisors, then the templates that
    /// do not depend on the number.
    public init(_ style: CoinFormatStyle) {
        self.style = style
        precision = style.resolvedPrecision
        let (kind, derivationKind) = CoinFormatter.probeKinds(style)
        // The accounting pattern has a notation of its own (en_US_POSIX groups
        // `$1,234.50` there, but not `$ 1234.50`), read off its own renderings.
        let accounting = style.sign == .accounting && style.resolvedCurrencyCode != nil
        var notation = NumberNotation.of(
            FoundationProbe(locale: style.locale, kind: derivationKind, compact: false, accounting: accounting))
        let compact = style.style == .compact
        let isScientific = style.style.hasExponent
        units = style.style.isUnitPrefix ? UnitFormatter(style) : nil
        unitFast = units.flatMap { UnitFastPath($0) }
        unitView = unitFast?.view
        bytes = style.style == .bytes ? ByteFormatter(style) : nil
        myriad = style.style == .myriad ? MyriadNotation(style) : nil
        switch style.style {
        case .words: words = SpelloutFormatter.words(locale: style.locale.identifier)
        case .numerals:
            words = (style.numberingSystem ?? NumeralSystems.traditional(for: style.locale)).flatMap {
                NumeralSystems.formatter($0)
            }
        default: words = nil
        }
        currencyWords = style.wordsCurrencyCode.flatMap {
            try? CurrencyWords(
                locale: style.locale, code: $0, form: style.wordsForm ?? .plain, rounding: style.rounding)
        }
        let ownProbe = FoundationProbe(
            locale: style.locale, kind: kind, compact: compact, scientific: isScientific, accounting: accounting)
        scientific = isScientific ? ScientificNotation.of(ownProbe, digits: notation.digits) : nil
        if let (override, source) = SymbolOverride.derive(for: style, notation: notation, probe: ownProbe) {
            (symbolOverride, probe) = (override, source)
        } else {
            (symbolOverride, probe) = (nil, ownProbe)
        }
        if compact {
            let compactProbe = FoundationProbe(locale: style.locale, kind: derivationKind, compact: true)
            divisors = CoinFormatter.compactDivisors(compactProbe, notation: notation)
            notation.grouping.minimumDigits = CoinFormatter.compactMinimumGrouping(
                compactProbe, notation: notation, topDivisor: divisors[divisors.count - 1])
        } else {
            divisors = [0]
        }
        self.notation = notation
        // The templates are probed with this formatter's own layout, before any is fixed.
        fixedTemplates = Array(repeating: nil, count: divisors.count)
        fixedFormat = nil
        fixedView = nil
        fixedTemplates = findFixedTemplates()
        if let template = fixedTemplates[0], myriad == nil, words == nil {
            fixedFormat = FixedFormat(template: template, notation: notation, style: style, precision: precision)
        }
        fixedView = fixedFormat?.view
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
        if let fixedView,
            let outcome = fixedView.write(
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
        if let fixedView, limit >= FixedFormat.outputLimit, let result = try fixedView.write(parsing: value, emit) {
            return result
        }
        if let unitView, limit >= unitView.outputLimit, let result = try unitView.write(parsing: value, emit) {
            return result
        }
        if currencyWords != nil { return try formatCurrencyWords(try ExactDecimal(parsing: value), limit: limit, emit) }
        if let words, wordsAsGiven, let written = try Self.plainWords(words, value, limit: limit, emit) {
            return written
        }
        let number = try ExactDecimal(parsing: value)
        if words != nil { return try formatWords(number, limit: limit, emit) }
        // Decided before any digit is expanded: `1e999999` would spell out a
        // million digits only to be refused.
        if limit < Int.max && minimumDigitCount(number) > limit { return nil }
        var bytes: [UInt8] = []
        guard let outcome = formatInGeneral(number, limit: limit, into: &bytes) else {
            return nil
        }
        return bytes.withUnsafeBufferPointer { emit($0, outcome) }
    }

    /// The words or numerals of `number`, rounded as the precision says
    /// (by default not at all), handed to `emit`; nil when longer than
    /// `limit`; a `no-words` error when the rules cannot write it.
    private func formatWords<R>(
        _ number: ExactDecimal, limit: Int, _ emit: (UnsafeBufferPointer<UInt8>, Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R? {
        // Past 19 integer digits no rules have names: refused before any digit is expanded.
        if number.magnitude >= SpelloutFormatter.maximumIntegerDigits {
            throw noWords(number, .pastNames)
        }
        let (shown, _) = layout(number)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        do throws(SpelloutFormatter.Failure) {
            try words!.format(shown, into: &bytes)
        } catch {
            throw noWords(shown, error)
        }
        if bytes.count > limit { return nil }
        let outcome: Outcome = shown.isZero ? .zero : shown.isNegative ? .negative : .positive
        return bytes.withUnsafeBufferPointer { emit($0, outcome) }
    }

    /// The amount `number` (after any step or precision option) in words of
    /// its currency; nil when longer than `limit`; a `no-words` error for a
    /// negative amount or one past the largest name.
    private func formatCurrencyWords<R>(
        _ number: ExactDecimal, limit: Int, _ emit: (UnsafeBufferPointer<UInt8>, Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R? {
        if number.isNegative && number.magnitude >= 0 { throw noCurrencyWords(.negative) }
        // Past 19 integer digits no form has names: refused before any digit is expanded.
        if number.magnitude >= SpelloutFormatter.maximumIntegerDigits { throw noCurrencyWords(.pastNames) }
        let (shown, _) = layout(number)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        do throws(CurrencyWords.Failure) {
            try currencyWords!.write(shown, into: &bytes)
        } catch {
            throw noCurrencyWords(error)
        }
        if bytes.count > limit { return nil }
        let rounded = currencyWords!.rounded(shown)
        return bytes.withUnsafeBufferPointer { emit($0, rounded.isZero ? .zero : .positive) }
    }

    private func noCurrencyWords(_ failure: CurrencyWords.Failure) -> ExactDecimal.ParseError {
        var error = ExactDecimal.ParseError(
            offset: 0,
            message: failure == .negative
                ? "a negative amount has no words on a cheque or an invoice"
                : "past the largest amount the \(style.locale.identifier) words of \(currencyWords?.code ?? "") name")
        error.code = .noWords
        return error
    }

    /// Whether words are written from the digits as given: the default
    /// precision and no step, so that nothing is rounded.
    var wordsAsGiven: Bool {
        precision == .fractionLength(min: 0, max: 1000) && style.increment == nil && style.style != .percent
    }

    /// The words of a plain machine number (`-?[0-9]+(.[0-9]+)?`, at most 19
    /// integer digits, no exponent) read straight off its bytes; nil for any
    /// other, which goes the general way (and meets the same rules).
    private static func plainWords<R>(
        _ words: SpelloutFormatter, _ p: UnsafeBufferPointer<UInt8>, limit: Int,
        _ emit: (UnsafeBufferPointer<UInt8>, Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R?? {
        var i = 0
        let negative = p.count > 0 && p[0] == 0x2D
        if negative { i = 1 }
        var n: UInt64 = 0
        var integerDigits = 0
        let integerStart = i
        while i < p.count, p[i] &- 0x30 < 10 {
            if integerDigits > 0 || p[i] != 0x30 { integerDigits += 1 }
            guard integerDigits <= 19 else { return nil }
            let (m, o1) = n.multipliedReportingOverflow(by: 10)
            let (sum, o2) = m.addingReportingOverflow(UInt64(p[i] &- 0x30))
            guard !o1 && !o2 else { return nil }
            n = sum
            i += 1
        }
        guard i > integerStart else { return nil }
        var fractionStart = i
        var fractionEnd = i
        if i < p.count {
            guard p[i] == 0x2E else { return nil }
            i += 1
            fractionStart = i
            while i < p.count, p[i] &- 0x30 < 10 { i += 1 }
            guard i == p.count, i > fractionStart else { return nil }
            fractionEnd = i
            while fractionEnd > fractionStart && p[fractionEnd - 1] == 0x30 { fractionEnd -= 1 }
        }
        let fraction = UnsafeBufferPointer(rebasing: p[fractionStart..<fractionEnd])
        let isZero = n == 0 && fraction.isEmpty
        let value = SpelloutFormatter.Value(integer: n, fraction: fraction, negative: negative && !isZero)
        let outcome: Outcome = isZero ? .zero : negative ? .negative : .positive
        // False where the rules cannot write it: the general way words the error.
        func write<Out: RuleOutput>(into out: inout Out) -> Bool {
            do throws(SpelloutFormatter.Failure) {
                try words.format(value, into: &out)
            } catch {
                return false
            }
            return true
        }
        // The words on the stack (1 KiB: any number's words but the longest
        // few), else written again into an array.
        var tooLong = false
        let onStack: R?? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            var out = BufferOutput(buffer)
            guard write(into: &out) else { return nil }
            if out.count > limit { return .some(nil) }
            if out.overflowed {
                tooLong = true
                return nil
            }
            return emit(out.written, outcome)
        }
        guard tooLong else { return onStack }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        guard write(into: &bytes) else { return nil }
        if bytes.count > limit { return .some(nil) }
        return bytes.withUnsafeBufferPointer { emit($0, outcome) }
    }

    private func noWords(_ number: ExactDecimal, _ failure: SpelloutFormatter.Failure) -> ExactDecimal.ParseError {
        let what =
            style.style == .numerals
            ? "\(style.numberingSystem ?? NumeralSystems.traditional(for: style.locale) ?? "") numerals"
            : "\(style.locale.identifier) words"
        let message: String
        switch failure {
        case .pastNames: message = "past the largest number the \(what) name"
        case .fraction: message = "the \(what) write no fraction; round it with --max-fraction 0"
        case .unsupported: message = "the \(what) have no rule for this number"
        }
        var error = ExactDecimal.ParseError(offset: 0, message: message)
        error.code = .noWords
        return error
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
        if let currencyWords {
            // The non-throwing path: where there are no words, the digits.
            let (shown, _) = layout(value)
            var text: [UInt8] = []
            if (try? currencyWords.write(shown, into: &text)) == nil { text = Array(shown.description.utf8) }
            if text.count > limit { return nil }
            out.append(contentsOf: text)
            let rounded = currencyWords.rounded(shown)
            return rounded.isZero ? .zero : rounded.isNegative ? .negative : .positive
        }
        if let words {
            // The non-throwing path: where the rules have no words, the digits (as ICU writes them).
            let (shown, _) = layout(value)
            var text: [UInt8] = []
            if (try? words.format(shown, into: &text)) == nil {
                text = Array(shown.description.utf8)
            }
            if text.count > limit { return nil }
            out.append(contentsOf: text)
            return shown.isZero ? .zero : shown.isNegative ? .negative : .positive
        }
        if units != nil || bytes != nil {
            // Within a few bytes of the limit once ``minimumDigitCount(_:)`` has passed it.
            let start = out.count
            let outcome = units?.format(value, into: &out) ?? bytes!.format(value, into: &out)
            if out.count - start > limit {
                out.removeSubrange(start...)
                return nil
            }
            return outcome
        }
        let (number, key) = layout(value)
        let outcome: Outcome = number.isZero ? .zero : number.isNegative ? .negative : .positive
        let form = style.sign.form(negative: number.isNegative, zero: number.isZero)
        let affixes = self.affixes(key, form)
        if let myriad {
            let start = out.count
            let own = myriad.ownAffixes(form, unitAfterSpace: false)
            out.append(contentsOf: own?.prefix ?? affixes.prefix)
            let endsWithUnit = myriad.append(
                integer: key.integer, fraction: key.fraction, notation: notation, into: &out)
            if own != nil {
                out.append(contentsOf: myriad.ownAffixes(form, unitAfterSpace: endsWithUnit && myriad.spaced)!.suffix)
            } else {
                out.append(contentsOf: affixes.suffix)
            }
            if out.count - start > limit {
                out.removeSubrange(start...)
                return nil
            }
            return outcome
        }
        if limit < Int.max {
            // Digits of one numbering system are all as wide.
            let width = notation.digits.map(\.count).max() ?? 1
            let grouping = notation.grouping
            let digits = key.integer.count + key.fraction.count
            let size =
                affixes.prefix.count + affixes.suffix.count + digits * width
                + (scientific == nil ? grouping.separatorCount(digits: key.integer.count) : 0)
                * notation.groupingSeparator.count
                + (key.fraction.isEmpty ? 0 : notation.decimalSeparator.count)
                + (scientific?.exponentByteCount(key.exponent, digitWidth: width) ?? 0)
            if size > limit { return nil }
        }
        out.append(contentsOf: affixes.prefix)
        if scientific == nil {
            notation.appendGroupedInteger(key.integer, into: &out)
        } else {
            // An engineering mantissa has up to three integer digits, which a
            // locale grouping by two (tok) would split: no notation groups a
            // mantissa, and numconv refuses one grouped (misplaced-grouping).
            for d in key.integer { out.append(contentsOf: notation.digits[Int(d &- 48)]) }
        }
        if !key.fraction.isEmpty {
            out.append(contentsOf: notation.decimalSeparator)
            for d in key.fraction { out.append(contentsOf: notation.digits[Int(d &- 48)]) }
        }
        scientific?.appendExponent(key.exponent, digits: notation.digits, into: &out)
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
        var exponent = 0
        if style.style.hasExponent {
            (shown, minFraction, exponent) = scientificParts(value, step: style.style == .engineering ? 3 : 1)
        } else if style.style == .compact && !value.isZero {
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
            bucket: bucket, integer: shown.integerDigits, fraction: shown.fractionDigits(minimumLength: minFraction),
            exponent: exponent)
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

    /// Scientific notation's mantissa (one integer digit, rounded as the
    /// precision says), the fraction digits it shows at least, and its
    /// exponent; zero is `0E0`. ICU's chooseMultiplierAndApply, as for
    /// compact: where rounding carries the mantissa to ten (9.9999995 with
    /// six fraction digits), the exponent grows by one and the mantissa,
    /// divided by ten, is rounded again (`1E1`, `1.00E1`). Engineering
    /// notation (`step` 3) keeps exponents that are multiples of three, so
    /// its mantissa has one to three integer digits (`999.9999995` is `1E3`).
    private func scientificParts(_ value: ExactDecimal, step: Int) -> (ExactDecimal, Int, Int) {
        if value.isZero {
            let (zero, minFraction) = round(value)
            return (zero, minFraction, 0)
        }
        // The largest multiple of `step` at most the magnitude (floor, also below zero).
        let magnitude = value.magnitude
        var exponent = magnitude >= 0 ? magnitude / step * step : -((-magnitude + step - 1) / step * step)
        var (mantissa, minFraction) = round(value.scaled(byPowerOfTen: -exponent))
        if !mantissa.isZero && mantissa.magnitude >= step {
            exponent += step
            (mantissa, minFraction) = round(mantissa.scaled(byPowerOfTen: -step))
        }
        return (mantissa, minFraction, exponent)
    }

    func divisorFor(_ magnitude: Int) -> Int {
        magnitude < 0 ? 0 : divisors[min(magnitude, divisors.count - 1)]
    }

    /// A lower bound on the digits `value` is written with, from its
    /// magnitude alone (no digit expanded): rounding never shortens the
    /// integer part, a compact divisor shortens it by at most the largest
    /// divisor, and significant digits keep the fraction's leading zeros.
    /// Each digit takes at least one byte.
    func minimumDigitCount(_ value: ExactDecimal) -> Int {
        // A scientific mantissa has one integer digit, whatever the magnitude.
        if let units { return units.minimumByteCount(value) }
        if let bytes { return bytes.minimumByteCount(value) }
        if let myriad { return value.isZero ? 1 : myriad.minimumByteCount(magnitude: value.magnitude) }
        if words != nil { return 1 }
        if value.isZero || style.style.hasExponent { return 1 }
        var magnitude = value.magnitude
        if style.style == .percent && style.valueIsRatio { magnitude += 2 }
        if style.style == .compact { magnitude -= divisors.max() ?? 0 }
        if magnitude >= 0 { return magnitude + 1 }
        if case .significantDigits = precision { return -magnitude }
        return 1
    }

    /// The rounded value and how many fraction digits it shows at least.
    private func round(_ input: ExactDecimal) -> (ExactDecimal, Int) {
        // A step first (`--increment`, `--cash`), exact; then the precision.
        let value = style.increment.flatMap { input.rounded(toMultipleOf: $0, rule: style.rounding) } ?? input
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
}
