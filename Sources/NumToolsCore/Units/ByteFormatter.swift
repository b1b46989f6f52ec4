/// Writes byte counts as Foundation's `ByteCountFormatStyle` does (`.file`:
/// powers of 1000, `1.7 MB`, `2 kB`, `4,28 TB` in pl_PL, `۲۷۸٫۳۴ TB` in
/// fa_IR), exactly, on the decimal digits; or (``CoinFormatStyle/ByteUnits/binary``)
/// powers of 1024 with the digits of its `.memory` style, labelled as IEC
/// units (`1.6 MiB`, where Foundation writes `1.6 MB`).
///
/// Foundation's rule (swift-foundation's `ByteCountFormatStyle`), on exact decimals:
/// - the unit is the first of bytes, kB, MB, GB, TB and PB whose bound the
///   absolute value is below (``decimalBounds``, ``binaryBounds``: the
///   bounds keep a rounded value from reaching the next unit), PB for every
///   larger value;
/// - bytes and kB show no fraction digit, MB up to one, the others up to
///   two, trailing zeros dropped, rounded by ``CoinFormatStyle/rounding``
///   (half-even in Foundation; coinfmt's default for bytes is away from
///   zero, as numfmt's);
/// - zero is the locale's spelled-out zero with the kB unit (`Zero kB`, `0 kB`).
///
/// The text around the number is Foundation's, as ICU's unit patterns
/// give it: generated per locale (``ByteUnits``: `{0} kB`; for bytes, and
/// wherever they differ by plural category, one pattern a keyword: `1 byte`,
/// `2 bytes`; `2 bajty`, `5 bajtów`), the keyword chosen by the locale's
/// plural rules on the number as shown (its visible fraction digits).
struct ByteFormatter: Sendable {
    let binary: Bool
    let fromUnit: UInt64
    let toUnit: UInt64
    let locale: LocaleID
    let rounding: DecimalRoundingRule
    let sign: CoinFormatStyle.SignDisplay
    /// Digits, separators and grouping of the locale's numbers, and their signs.
    let notation: NumberNotation
    /// The unit sizes: 1000^k or 1024^k for k = 0...5.
    let sizes: [ExactDecimal]
    /// The bounds below which each unit but PB is taken.
    let bounds: [ExactDecimal]
    /// The text around the number, per unit, when it does not depend on the number.
    let fixed: [NumberNotation.Affixes?]
    /// The text around the number per unit and plural keyword (`other` always there).
    let around: [[String: NumberNotation.Affixes]]
    /// The locale's cardinal plural rules, which choose among ``around``.
    let plural: PluralRuleSet
    /// What zero is written as (Foundation's spelled-out zero).
    let zero: [UInt8]

    /// swift-foundation's `maxDecimalSizes` and `maxBinarySizes`.
    static let decimalBounds: [Int64] = [999, 999_499, 999_949_999, 999_994_999_999, 999_994_999_999_999]
    static let binaryBounds: [Int64] = [1023, 1_048_063, 1_073_689_395, 1_099_506_259_066, 1_125_894_409_284_485]
    /// The most fraction digits each unit shows.
    static let fractionDigits = [0, 0, 1, 2, 2, 2]
    /// IEC's names of the binary units (bytes keep the locale's word).
    static let iecLabels = ["", "KiB", "MiB", "GiB", "TiB", "PiB"]

    init(_ style: CoinFormatStyle) {
        binary = style.byteUnits == .binary
        (fromUnit, toUnit) = (style.fromUnit, style.toUnit)
        locale = style.locale
        rounding = style.rounding
        sign = style.sign
        let notation = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false))
        self.notation = notation
        let base: UInt64 = binary ? 1024 : 1000
        var sizes = [ExactDecimal(1)]
        for _ in 1...5 { sizes.append(sizes[sizes.count - 1].multiplied(by: base)) }
        self.sizes = sizes
        bounds = (binary ? Self.binaryBounds : Self.decimalBounds).map { ExactDecimal(UInt64($0)) }
        let units = ByteUnits.of(style.locale.identifier)
        plural = ByteUnits.pluralRules(style.locale.identifier)
        var around: [[String: NumberNotation.Affixes]] = []
        var fixed: [NumberNotation.Affixes?] = []
        for unit in 0..<6 {
            var byKeyword: [String: NumberNotation.Affixes] = [:]
            for (keyword, pattern) in units.patterns[unit] {
                var affixes = Self.affixes(of: pattern)
                if binary {
                    affixes.prefix = Self.iecLabelled(affixes.prefix, unit: unit)
                    affixes.suffix = Self.iecLabelled(affixes.suffix, unit: unit)
                }
                byKeyword[keyword] = affixes
            }
            if byKeyword["other"] == nil { byKeyword["other"] = NumberNotation.Affixes() }
            let first = byKeyword["other"]!
            fixed.append(byKeyword.values.allSatisfy { $0 == first } ? first : nil)
            around.append(byKeyword)
        }
        self.around = around
        self.fixed = fixed
        // Zero: the kB pattern of 0's keyword around the spelled-out zero or the digit.
        let kB = Self.affixes(of: units.pattern(1, keyword: plural.select(PluralOperands(integer: 0))))
        var zero = kB.prefix
        if units.zero.isEmpty {
            zero += notation.positive.prefix + notation.digits[0] + notation.positive.suffix
        } else {
            zero += Array(units.zero.utf8)
        }
        zero += kB.suffix
        if binary {
            // `Zero kB`: the kB label (as `1 kB` has it) becomes `KiB`.
            let one = Self.affixes(of: units.pattern(1, keyword: plural.select(PluralOperands(integer: 1))))
            let label = Self.label(one.prefix) + Self.label(one.suffix)
            if !label.isEmpty, let at = Self.find(label, in: zero) {
                // The whole run of letters holding the label: a plural may
                // add to it (`کلوبائيٽز` in sd).
                var end = at + label.count
                let scalars = String(decoding: zero[end...], as: UTF8.self).unicodeScalars
                for c in scalars {
                    guard c.properties.numericType == nil, !Self.isBlank(c) else { break }
                    end += String(c).utf8.count
                }
                zero.replaceSubrange(at..<end, with: Array(Self.iecLabels[1].utf8))
            }
        }
        self.zero = zero
    }

    /// The text before and after `{0}` in a unit pattern (`{0} kB`).
    static func affixes(of pattern: String) -> NumberNotation.Affixes {
        let bytes = Array(pattern.utf8)
        let mark = Array("{0}".utf8)
        guard let at = find(mark, in: bytes) else { return NumberNotation.Affixes(prefix: bytes, suffix: []) }
        return NumberNotation.Affixes(prefix: Array(bytes[..<at]), suffix: Array(bytes[(at + mark.count)...]))
    }

    /// The unit, the rounded number shown in it.
    ///
    /// Foundation's bounds are those of its half-even rounding; under
    /// another rule (the default away from zero, numfmt's) a unit past
    /// bytes is taken when the number rounded in it stays below the base,
    /// so that no rule shows the next unit's size (`1,000 kB`).
    func layout(_ value: ExactDecimal) -> (unit: Int, shown: ExactDecimal) {
        let base: UInt64 = binary ? 1024 : 1000
        func shown(_ unit: Int) -> ExactDecimal {
            let scaled = unit == 0 ? value : value.divided(by: base, power: unit)!
            return scaled.rounded(fractionDigits: Self.fractionDigits[unit], rule: rounding)
        }
        var unit = 0
        if rounding == .halfEven {
            while unit < 5 && value.compareMagnitude(bounds[unit]) >= 0 { unit += 1 }
            return (unit, shown(unit))
        }
        guard value.compareMagnitude(bounds[0]) >= 0 else { return (0, shown(0)) }
        unit = 1
        var number = shown(1)
        while unit < 5 && number.compareMagnitude(ExactDecimal(base)) >= 0 {
            unit += 1
            number = shown(unit)
        }
        return (unit, number)
    }

    /// Appends `value` written, and tells its sign after rounding.
    func format(_ input: ExactDecimal, into out: inout [UInt8]) -> CoinFormatter.Outcome {
        var value = input.multiplied(by: fromUnit)
        if toUnit != 1 { value = value.divided(by: toUnit)! }
        if value.isZero {
            out += zero
            return .zero
        }
        let (unit, shown) = layout(value)
        let outcome: CoinFormatter.Outcome = shown.isZero ? .zero : shown.isNegative ? .negative : .positive
        let around = affixes(unit, shown)
        let signs: NumberNotation.Affixes
        switch sign.form(negative: shown.isNegative, zero: shown.isZero) {
        case .positive, .unsigned: signs = notation.positive
        case .negative: signs = notation.negative
        case .plus: signs = notation.plus
        }
        out += around.prefix
        out += signs.prefix
        appendBody(shown, into: &out)
        out += signs.suffix
        out += around.suffix
        return outcome
    }

    /// The digits of `shown` in the locale's notation, grouped, without sign.
    func appendBody(_ shown: ExactDecimal, into out: inout [UInt8]) {
        notation.appendGroupedInteger(shown.integerDigits, into: &out)
        let fraction = shown.fractionDigits()
        if !fraction.isEmpty {
            out += notation.decimalSeparator
            for d in fraction { out += notation.digits[Int(d &- 48)] }
        }
    }

    /// The text around a number shown in `unit`: its plural keyword's pattern.
    func affixes(_ unit: Int, _ shown: ExactDecimal) -> NumberNotation.Affixes {
        if let known = fixed[unit] { return known }
        let keyword = plural.select(ByteUnits.operands(integer: shown.integerDigits, fraction: shown.fractionDigits()))
        return around[unit][keyword] ?? around[unit]["other"]!
    }

    /// `text` with its unit's label (the run of letters, `MB`, `Mo`, `МБ`,
    /// `م.ب`) replaced by the IEC label (`MiB`); bytes (`unit` 0) as they are.
    static func iecLabelled(_ text: [UInt8], unit: Int) -> [UInt8] {
        guard unit > 0 else { return text }
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        guard let start = scalars.firstIndex(where: { !isBlank($0) }) else { return text }
        var end = scalars.count
        while end > start && isBlank(scalars[end - 1]) { end -= 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<start])
        view.append(contentsOf: iecLabels[unit].unicodeScalars)
        view.append(contentsOf: scalars[end...])
        return Array(String(view).utf8)
    }

    /// `text` without the blanks around it.
    static func label(_ text: [UInt8]) -> [UInt8] {
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        guard let start = scalars.firstIndex(where: { !isBlank($0) }) else { return [] }
        var end = scalars.count
        while end > start && isBlank(scalars[end - 1]) { end -= 1 }
        return Array(String(String.UnicodeScalarView(scalars[start..<end])).utf8)
    }

    /// Where `needle` first stands in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// A space or an invisible mark (the separators around a unit's label).
    static func isBlank(_ s: Unicode.Scalar) -> Bool {
        s.properties.isWhitespace || s.properties.generalCategory == .format
    }

    /// The fewest bytes `value` is written with (PB numbers grow with the value).
    func minimumByteCount(_ value: ExactDecimal) -> Int {
        max(1, value.magnitude + String(fromUnit).count - String(toUnit).count - 19)
    }
}
