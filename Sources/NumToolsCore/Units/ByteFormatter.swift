import Foundation

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
/// The text around the number is Foundation's, read off its output for
/// probe counts once per unit, or, where it depends on the plural category
/// of the number shown (`1 byte`, `2 bytes`; `2 bajty`, `5 bajtów`), once
/// per shape of the number shown.
struct ByteFormatter: Sendable {
    let binary: Bool
    let fromUnit: UInt64
    let toUnit: UInt64
    let locale: Locale
    let rounding: DecimalRoundingRule
    let sign: CoinFormatStyle.SignDisplay
    /// Digits, separators and grouping of the locale's numbers, and their signs.
    let notation: NumberNotation
    /// The unit sizes: 1000^k or 1024^k for k = 0...5.
    let sizes: [ExactDecimal]
    /// The bounds below which each unit but PB is taken.
    let bounds: [ExactDecimal]
    /// The text around the number, per unit, when it does not depend on the number.
    private(set) var fixed: [NumberNotation.Affixes?]
    /// Plural-dependent texts, by unit and the number shown (its plural shape).
    private(set) var cache: [Key: NumberNotation.Affixes] = [:]
    /// What zero is written as (Foundation's spelled-out zero).
    let zero: [UInt8]

    struct Key: Hashable, Sendable {
        var unit: Int
        var integer: [UInt8]
        var fraction: [UInt8]
    }

    /// swift-foundation's `maxDecimalSizes` and `maxBinarySizes`.
    static let decimalBounds: [Int64] = [999, 999_499, 999_949_999, 999_994_999_999, 999_994_999_999_999]
    static let binaryBounds: [Int64] = [1023, 1_048_063, 1_073_689_395, 1_099_506_259_066, 1_125_894_409_284_485]
    /// The most fraction digits each unit shows.
    static let fractionDigits = [0, 0, 1, 2, 2, 2]
    /// IEC's names of the binary units (bytes keep the locale's word).
    static let iecLabels = ["", "KiB", "MiB", "GiB", "TiB", "PiB"]
    /// Foundation's unit probes: `Int64` counts, so the probes stay within 9,223 PB.
    static let probeLimit = ExactDecimal(UInt64(Int64.max))

    init(_ style: CoinFormatStyle) {
        binary = style.byteUnits == .binary
        (fromUnit, toUnit) = (style.fromUnit, style.toUnit)
        locale = style.locale
        rounding = style.rounding
        sign = style.sign
        notation = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false))
        let base: UInt64 = binary ? 1024 : 1000
        var sizes = [ExactDecimal(1)]
        for _ in 1...5 { sizes.append(sizes[sizes.count - 1].multiplied(by: base)) }
        self.sizes = sizes
        bounds = (binary ? Self.binaryBounds : Self.decimalBounds).map { ExactDecimal(UInt64($0)) }
        fixed = Array(repeating: nil, count: 6)
        var zero = Array(Self.foundation(binary: binary, locale: style.locale).format(0).utf8)
        if binary {
            // `Zero kB`: the kB label (as `1 kB` has it) becomes `KiB`.
            var one: [UInt8] = []
            notation.appendGroupedInteger([UInt8(ascii: "1")], into: &one)
            let kB = notation.affixes(of: Self.foundation(binary: false, locale: style.locale).format(1000), body: one)
            let label = Self.label(kB.prefix) + Self.label(kB.suffix)
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
        for unit in 0..<6 { fixed[unit] = fixedAffixes(unit) }
    }

    static func foundation(binary: Bool, locale: Locale, spellsOutZero: Bool = true) -> ByteCountFormatStyle {
        ByteCountFormatStyle(
            style: binary ? .memory : .file, allowedUnits: .all, spellsOutZero: spellsOutZero,
            includesActualByteCount: false, locale: locale)
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
    mutating func format(_ input: ExactDecimal, into out: inout [UInt8]) -> CoinFormatter.Outcome {
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

    /// The text around a number shown in `unit`.
    mutating func affixes(_ unit: Int, _ shown: ExactDecimal) -> NumberNotation.Affixes {
        if let known = fixed[unit] { return known }
        let shape = ExactDecimal.pluralShape(integer: shown.integerDigits, fraction: shown.fractionDigits())
        let key = Key(unit: unit, integer: shape.integer, fraction: shape.fraction)
        if let known = cache[key] { return known }
        let found = probe(
            unit, ExactDecimal(negative: false, digits: key.integer + key.fraction, exponent: -key.fraction.count))
        if cache.count >= 1 << 14 { cache.removeAll(keepingCapacity: true) }
        cache[key] = found
        return found
    }

    /// Foundation's text around the positive number `shown` in `unit`: the
    /// count that shows it there, formatted, without the number. (A number
    /// beyond `Int64` is probed with one of the same last digits.)
    func probe(_ unit: Int, _ shown: ExactDecimal) -> NumberNotation.Affixes {
        var number = shown
        if number.multiplied(by: binary ? 1024 : 1000, power: unit).compareMagnitude(Self.probeLimit) >= 0 {
            // (Only PB numbers get here: keep the last three integer digits and the fraction.)
            let integer = number.integerDigits
            let last = integer.suffix(3)
            number = ExactDecimal(
                negative: false,
                digits: [UInt8(ascii: "1")] + Array(repeating: UInt8(ascii: "0"), count: 3 - last.count) + last
                    + number.fractionDigits(),
                exponent: -number.fractionDigits().count)
        }
        let count = number.multiplied(by: binary ? 1024 : 1000, power: unit)
        // A binary count that shows `shown` need not be whole: take the nearest whole count.
        let whole = count.rounded(fractionDigits: 0, rule: .halfEven)
        // (A number rounded to zero is written with its digit, not spelled out.)
        let text = Self.foundation(binary: binary, locale: locale, spellsOutZero: false).format(
            Int64(whole.description)!)
        var body: [UInt8] = []
        appendBody(number, into: &body)
        var affixes = notation.affixes(of: text, body: body)
        if binary {
            affixes.prefix = Self.iecLabelled(affixes.prefix, unit: unit)
            affixes.suffix = Self.iecLabelled(affixes.suffix, unit: unit)
        }
        return affixes
    }

    /// The text around a number in `unit` when it is the same for every
    /// plural category (probed on numbers of each last digit, teens and
    /// hundreds, with as many fraction digits as the unit shows), else nil.
    func fixedAffixes(_ unit: Int) -> NumberNotation.Affixes? {
        // Every last digit, the teens, hundreds (CLDR's rules look at the
        // integer, its last digits and the fraction's).
        var samples = (0...25).map(String.init) + ["100", "101", "102", "111", "121", "200", "500"]
        // (A larger unit shows at least 1: its bound keeps smaller counts in the unit below.)
        if Self.fractionDigits[unit] >= 1 { samples += ["1.5", "2.1", "2.5", "5.5", "11.1", "21.3"] }
        if Self.fractionDigits[unit] >= 2 { samples += ["1.25", "1.01", "2.11", "1.21", "3.45", "10.02"] }
        var first: NumberNotation.Affixes? = nil
        for sample in samples {
            // (Bytes show whole numbers only; their samples are whole. No
            // larger unit shows zero: its counts are at least its bound.)
            guard let number = try? ExactDecimal(sample), unit == 0 || number.magnitude >= 0 && !number.isZero
            else { continue }
            let found = probe(unit, number)
            if first == nil { first = found } else if found != first { return nil }
        }
        return first
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
