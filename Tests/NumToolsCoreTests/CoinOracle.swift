import Foundation

@testable import NumToolsCore

/// Foundation's FormatStyle configured like a CoinFormatStyle: the oracle of the differential tests.
/// `automaticPrecision` leaves precision unset when the style's precision is `.automatic`,
/// so the test also checks the defaults coinfmt fills in.
func coinOracle(_ style: CoinFormatStyle, _ text: String) -> String {
    var value = Decimal(string: text)!
    let precision: NumberFormatStyleConfiguration.Precision?
    switch style.precision {
    case .automatic:
        switch style.style {
        case .number, .percent: precision = .fractionLength(2...2)
        case .currency, .compact, .scientific: precision = nil
        case .engineering, .si, .iec, .iecI, .bytes, .myriad, .words, .numerals:
            fatalError("FormatStyle writes no \(style.style.rawValue) style")
        }
    case .fractionLength, .significantDigits:
        switch style.resolvedPrecision {
        case .fractionLength(let lo, let hi): precision = .fractionLength(lo...hi)
        case .significantDigits(let lo, let hi): precision = .significantDigits(lo...hi)
        case .compactDefault: precision = nil
        }
    }
    let rule = style.rounding.foundationRule!
    let numberSign: NumberFormatStyleConfiguration.SignDisplayStrategy
    let currencySign: CurrencyFormatStyleConfiguration.SignDisplayStrategy
    switch style.sign {
    case .automatic: (numberSign, currencySign) = (.automatic, .automatic)
    case .always: (numberSign, currencySign) = (.always(), .always())
    case .never: (numberSign, currencySign) = (.never, .never)
    case .exceptZero: (numberSign, currencySign) = (.always(includingZero: false), .always(showZero: false))
    // Numbers and percents have no accounting pattern: coinfmt writes them with the automatic sign.
    case .accounting: (numberSign, currencySign) = (.automatic, .accounting)
    }
    let code = style.resolvedCurrencyCode
    switch (style.style, code) {
    case (.number, _), (.scientific, _), (.compact, nil):
        var f = Decimal.FormatStyle(locale: style.locale.foundation).rounded(rule: rule).sign(strategy: numberSign)
        if let precision { f = f.precision(precision) }
        if style.style == .compact { f = f.notation(.compactName) }
        if style.style == .scientific { f = f.notation(.scientific) }
        return f.format(value)
    case (.percent, _):
        if !style.valueIsRatio { value /= 100 }
        var f = Decimal.FormatStyle.Percent(locale: style.locale.foundation).rounded(rule: rule).sign(
            strategy: numberSign)
        if let precision { f = f.precision(precision) }
        return f.format(value)
    case (.currency, let code?), (.compact, let code?):
        var f = Decimal.FormatStyle.Currency(code: code, locale: style.locale.foundation).rounded(rule: rule)
            .sign(strategy: currencySign)
        switch style.display {
        case .symbol: f = f.presentation(.standard)
        case .narrow: f = f.presentation(.narrow)
        case .code: f = f.presentation(.isoCode)
        case .name: f = f.presentation(.fullName)
        }
        if let precision { f = f.precision(precision) }
        if style.style == .compact { f = f.notation(.compactName) }
        // ICU's formatter misplaces currency names in a few locales until it
        // has compiled itself (third call); the compiled output is the reference.
        if style.display == .name { for _ in 0..<3 { _ = f.format(value) } }
        return f.format(value)
    case (.currency, nil):
        fatalError("currency style always resolves a code")
    case (.engineering, _), (.si, _), (.iec, _), (.iecI, _), (.bytes, _), (.myriad, _), (.words, _), (.numerals, _):
        fatalError("FormatStyle writes no \(style.style.rawValue) style")
    }
}

/// Values every locale is checked with for `--sign accounting` and
/// `--style scientific`: negatives, zero and a negative that rounds to zero,
/// ties, values of 38 digits (Decimal's limit, the oracle's) with and without
/// a fraction, small fractions and exponents.
let signAndNotationSamples = [
    "-1234.5", "1234.5", "0", "-0", "-0.001", "0.004", "-0.005", "1", "-1", "2.5", "-999.995", "999999.995",
    "12345678901234567890123456789012345678", "-1234567890123456789012345678.9012345678",
    "0.00000000000000000000000000000000001234", "-0.000123", "6.022e23", "-1.5e-7", "2E+3",
    "-98765432109876543210.987654321098765432",
]

/// `text` formatted from its bytes (the fast path where there is one), by
/// ``CoinFormatter/format(_:into:)`` and by the general path alone, each
/// compared with FormatStyle; a difference is added to `failures`, a value
/// FormatStyle fails on (``formatStyleFailed(_:_:_:)``) to `skipped`.
func checkAgainstOracle(
    _ style: CoinFormatStyle, _ formatter: inout CoinFormatter, _ values: [String], failures: inout [String],
    skipped: inout [String]
) {
    for text in values {
        let expected = coinOracle(style, text)
        if formatStyleFailed(style, text, expected) {
            skipped.append("\(style.locale.identifier) \(text)")
            continue
        }
        var bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeMutableBufferPointer { buffer in
            try! formatter.format(parsing: UnsafeBufferPointer(buffer)) { out, _ in
                String(decoding: out, as: UTF8.self)
            }
        }
        var general: [UInt8] = []
        formatter.formatInGeneral(try! ExactDecimal(text), into: &general)
        let ways = [parsed, formatter.string(try! ExactDecimal(text)), String(decoding: general, as: UTF8.self)]
        if ways.contains(where: { $0 != expected }) {
            failures.append(
                "\(style.locale.identifier) \(style.style) \(style.resolvedCurrencyCode ?? "-") \(style.display) \(style.precision) \(style.rounding) \(style.sign) \(text): got \(ways.map(\.debugDescription)), expected \(expected.debugDescription)"
            )
        }
    }
}

/// A deterministic generator for the coin differential tests: the suite's
/// SplitMix64, with the value shapes those tests need.
struct CoinRandom: RandomNumberGenerator {
    var base: SplitMix64
    init(seed: UInt64) { base = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { base.next() }

    /// A machine number of at most 38 significant digits: plain, with a
    /// fraction, or with an exponent; ties and values near zero come often.
    mutating func machineNumber() -> String {
        let shape = Int.random(in: 0..<10, using: &self)
        let sign = Int.random(in: 0..<3, using: &self) == 0 ? "-" : ""
        func digits(_ n: Int) -> String {
            var s = ""
            for _ in 0..<n { s.append(String(Int.random(in: 0...9, using: &self))) }
            return s
        }
        switch shape {
        case 0:  // a tie at a common rounding position
            return sign + digits(Int.random(in: 1...4, using: &self)) + "."
                + digits(Int.random(in: 0...3, using: &self)) + "5"
        case 1:  // small coin prices with an exponent
            return sign + String(Int.random(in: 1...9, using: &self)) + "."
                + digits(Int.random(in: 0...6, using: &self))
                + "e-" + String(Int.random(in: 1...12, using: &self))
        case 2:  // large values with an exponent
            return sign + String(Int.random(in: 1...9, using: &self)) + "."
                + digits(Int.random(in: 0...8, using: &self))
                + "E+" + String(Int.random(in: 0...20, using: &self))
        case 3:  // near zero
            return sign + "0.00" + digits(Int.random(in: 1...4, using: &self))
        case 4:  // long values
            let intLength = Int.random(in: 1...25, using: &self)
            return sign + String(Int.random(in: 1...9, using: &self)) + digits(intLength - 1) + "."
                + digits(Int.random(in: 1...(38 - intLength), using: &self))
        case 5:  // round numbers near compact boundaries
            return sign + String(repeating: "9", count: Int.random(in: 1...3, using: &self)) + "."
                + String(repeating: "9", count: Int.random(in: 1...3, using: &self)) + "e"
                + String(Int.random(in: 0...15, using: &self))
        case 6:
            return sign + "0"
        default:
            let intLength = Int.random(in: 1...12, using: &self)
            return sign + String(Int.random(in: 1...9, using: &self)) + digits(intLength - 1)
                + (Bool.random(using: &self) ? "" : "." + digits(Int.random(in: 1...8, using: &self)))
        }
    }
}

/// Whether FormatStyle failed on `text` rather than formatted it: in a
/// locale whose digits lie beyond the BMP (ccp, ff_Adlm), ICU fails on a
/// scientific exponent of two digits, and FormatStyle writes the Decimal's
/// plain ASCII text instead (`20000000000` for 2e10); coinfmt writes the
/// locale's notation there (`𑄸E𑄷𑄶`). Nothing else counts as a failure.
func formatStyleFailed(_ style: CoinFormatStyle, _ text: String, _ output: String) -> Bool {
    guard style.style == .scientific, output == "\(Decimal(string: text)!)" else { return false }
    let digits = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false)).digits
    return digits.contains { String(decoding: $0, as: UTF8.self).unicodeScalars.contains { $0.value > 0xFFFF } }
}
