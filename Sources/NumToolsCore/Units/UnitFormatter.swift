/// Writes a number scaled to a unit prefix as GNU numfmt's `--to=si`,
/// `--to=iec` and `--to=iec-i` do (`1500` → `1.5K`, `1536` → `1.5K` or
/// `1.5Ki`), but exactly, on the decimal digits, in the locale's digits,
/// decimal mark and signs (`1,5K` in de_DE, `١٫٥K` in ar_EG).
///
/// The rule, numfmt's (`double_to_human`) on exact decimals:
/// 1. the value times ``CoinFormatStyle/fromUnit`` divided by
///    ``CoinFormatStyle/toUnit`` (exact: the divisor's prime factors are 2 and 5);
/// 2. the largest power `p` of the base (1000, or 1024) at most the
///    value's absolute value, up to Q (p = 10); the mantissa `m` is the value
///    divided by base^p;
/// 3. numfmt's default digits: one fraction digit when `p > 0` and `|m| < 10`,
///    none otherwise (or the style's fraction or significant digits);
/// 4. `m` rounded so with the style's rule; when rounding reaches the base
///    (`999.96K`, `1023.7Ki`), the next prefix takes it, as ±1 (`1.0M`);
/// 5. shown with numfmt's digits for the rounded value (`9.96K` → `10K`),
///    then the unit separator, the prefix and the suffix (the separator only
///    when a prefix or suffix follows).
struct UnitFormatter: Sendable {
    /// The base of the prefixes: 1000 or 1024.
    let base: UInt64
    /// `base^p` for p = 0...10.
    let powers: [ExactDecimal]
    /// UTF-8 of what follows the number at each power: the unit separator
    /// (when anything follows), the prefix and the suffix.
    let units: [[UInt8]]
    /// The locale's digits, decimal separator and sign affixes (plain numbers).
    let notation: NumberNotation
    let sign: CoinFormatStyle.SignDisplay
    let rounding: DecimalRoundingRule
    let precision: Precision
    let fromUnit: UInt64
    let toUnit: UInt64
    /// The digits kept.
    enum Precision: Sendable, Hashable {
        /// numfmt's: one fraction digit below 10 with a prefix, none otherwise.
        case numfmt
        case fractionLength(min: Int, max: Int)
        case significantDigits(min: Int, max: Int)
    }

    /// The prefixes of powers 1 to 10 (kilo to quetta): numfmt writes `K`
    /// for both scales.
    static let letters = ["K", "M", "G", "T", "P", "E", "Z", "Y", "R", "Q"]
    /// The largest power a prefix names.
    static let maxPower = 10

    /// The formatter of a ``CoinFormatStyle`` of style si, iec or iec-i.
    init(_ style: CoinFormatStyle) {
        base = style.style == .si ? 1000 : 1024
        var powers = [ExactDecimal(1)]
        for _ in 0..<Self.maxPower { powers.append(powers[powers.count - 1].multiplied(by: base)) }
        self.powers = powers
        let separator = Array(style.unitSeparator.utf8)
        let suffix = Array(style.suffix.utf8)
        var units: [[UInt8]] = []
        for p in 0...Self.maxPower {
            var prefix = p == 0 ? [] : Array(Self.letters[p - 1].utf8)
            if p > 0 && style.style == .iecI { prefix.append(UInt8(ascii: "i")) }
            let after = prefix + suffix
            units.append(after.isEmpty ? [] : separator + after)
        }
        self.units = units
        notation = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false))
        sign = style.sign
        rounding = style.rounding
        switch style.precision {
        case .automatic: precision = .numfmt
        case .fractionLength, .significantDigits:
            switch style.resolvedPrecision {
            case .fractionLength(let lo, let hi): precision = .fractionLength(min: lo, max: hi)
            case .significantDigits(let lo, let hi): precision = .significantDigits(min: lo, max: hi)
            case .compactDefault: precision = .numfmt
            }
        }
        fromUnit = style.fromUnit
        toUnit = style.toUnit
    }

    /// The rounded mantissa, its power and the fraction digits it shows at least.
    func layout(_ input: ExactDecimal) -> (mantissa: ExactDecimal, power: Int, minFraction: Int) {
        var value = input.multiplied(by: fromUnit)
        if toUnit != 1 { value = value.divided(by: toUnit)! }
        var p = 0
        while p < Self.maxPower && value.compareMagnitude(powers[p + 1]) >= 0 { p += 1 }
        let m = p == 0 ? value : value.divided(by: base, power: p)!
        var (r, minFraction) = round(m, power: p)
        if p < Self.maxPower && r.compareMagnitude(powers[1]) >= 0 {
            p += 1
            r = ExactDecimal(1, negative: r.isNegative)
            minFraction = round(r, power: p).1
        }
        if precision == .numfmt { minFraction = p > 0 && r.compareMagnitude(Self.ten) < 0 ? 1 : 0 }
        return (r, p, minFraction)
    }

    static let ten = ExactDecimal(10)

    private func round(_ m: ExactDecimal, power p: Int) -> (ExactDecimal, Int) {
        switch precision {
        case .numfmt:
            let f = p > 0 && m.compareMagnitude(Self.ten) < 0 ? 1 : 0
            return (m.rounded(fractionDigits: f, rule: rounding), 0)
        case .fractionLength(let lo, let hi):
            return (m.rounded(fractionDigits: hi, rule: rounding), lo)
        case .significantDigits(let lo, let hi):
            let r = m.rounded(significantDigits: hi, rule: rounding)
            return (r, max(0, lo - 1 - r.magnitude))
        }
    }

    /// The fewest bytes `value` is written with, from its magnitude alone
    /// (beyond Q the integer digits grow with it).
    func minimumByteCount(_ value: ExactDecimal) -> Int {
        if value.isZero { return 1 }
        // The scaled value's leading place is at least this; Q is 10^30 (or about 1.27 × 10^30).
        let magnitude = value.magnitude + String(fromUnit).count - String(toUnit).count - 1
        return max(1, magnitude - 30 + 1)
    }

    /// Appends `value` written, and tells its sign after rounding.
    func format(_ value: ExactDecimal, into out: inout [UInt8]) -> CoinFormatter.Outcome {
        let (r, p, minFraction) = layout(value)
        let outcome: CoinFormatter.Outcome = r.isZero ? .zero : r.isNegative ? .negative : .positive
        let affixes: NumberNotation.Affixes
        switch sign.form(negative: r.isNegative, zero: r.isZero) {
        case .positive, .unsigned: affixes = notation.positive
        case .negative: affixes = notation.negative
        case .plus: affixes = notation.plus
        }
        out += affixes.prefix
        for d in r.integerDigits { out += notation.digits[Int(d &- 48)] }
        let fraction = r.fractionDigits(minimumLength: minFraction)
        if !fraction.isEmpty {
            out += notation.decimalSeparator
            for d in fraction { out += notation.digits[Int(d &- 48)] }
        }
        out += units[p]
        out += affixes.suffix
        return outcome
    }
}
