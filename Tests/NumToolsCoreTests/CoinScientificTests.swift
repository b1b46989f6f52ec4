import Foundation
import Testing

@testable import NumToolsCore

/// The scientific style in locale `id`, with its defaults.
private func sci(_ id: String = "en_US") -> CoinFormatStyle {
    CoinFormatStyle(style: .scientific, locale: LocaleID(identifier: id))
}

/// `--style scientific` (`Decimal.FormatStyle` with `.notation(.scientific)`)
/// against FormatStyle in every locale Foundation knows, and beyond
/// Decimal's 38 digits by hand.
@Suite struct CoinScientificTests {
    /// Every locale, or this run's sample (see ``Sweep``), which keeps the
    /// locales whose skipped values ``defaultsInEveryLocale()`` counts.
    static let ids = Sweep.locales("CoinScientificTests") { $0.hasPrefix("ccp") || $0.hasPrefix("ff_Adlm") }

    /// FormatStyle's default precision (0 to 6 fraction digits of the
    /// mantissa) and sign in every locale, on the shared samples and on
    /// values whose mantissa carries to ten. FormatStyle fails on
    /// two-digit exponents where the digits lie beyond the BMP (see
    /// ``formatStyleFailed(_:_:_:)``): those values are left out, and only those.
    @Test func defaultsInEveryLocale() {
        var failures: [String] = []
        var skipped: [String] = []
        let values = signAndNotationSamples + ["9.9999995", "-9.99999949", "1.0000005", "1.0000015", "1e-30", "-7e37"]
        for id in Self.ids {
            let style = CoinFormatStyle(style: .scientific, locale: LocaleID(identifier: id))
            var formatter = style.formatter()
            checkAgainstOracle(style, &formatter, values, failures: &failures, skipped: &skipped)
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
        // ccp (3 locales) and ff_Adlm (13): the values with exponents of two digits.
        #expect(Set(skipped.map { $0.split(separator: " ")[0] }).count == 16, "\(Sweep.replay) \(skipped)")
    }

    /// Fraction lengths, significant digits, rounding rules and sign
    /// strategies in every locale, two settings each.
    @Test func settingsInEveryLocale() {
        var rng = CoinRandom(seed: CoinDifferentialTests.seed &* 1000 &+ 0x5C1)
        var failures: [String] = []
        var skipped: [String] = []
        let settings: [(CoinFormatStyle) -> CoinFormatStyle] = [
            { $0.fractionLength(min: 2, max: 2) }, { $0.fractionLength(max: 1) }, { $0.fractionLength(min: 3) },
            { $0.fractionLength(min: 0, max: 12) }, { $0.significantDigits(3...5) }, { $0.significantDigits(1...1) },
            { $0.significantDigits(2...20) },
        ]
        for id in Self.ids {
            for _ in 0..<2 {
                var style = settings.randomElement(using: &rng)!(
                    CoinFormatStyle(style: .scientific, locale: LocaleID(identifier: id)))
                style.rounding = CoinDifferentialTests.foundationRules.randomElement(using: &rng)!
                style.sign = CoinFormatStyle.SignDisplay.allCases.randomElement(using: &rng)!
                var formatter = style.formatter()
                let values = ["-1234.5", "0", "9.9999995", "-0.000123"] + (0..<4).map { _ in rng.machineNumber() }
                checkAgainstOracle(style, &formatter, values, failures: &failures, skipped: &skipped)
            }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// The examples and FormatStyle's defaults.
    @Test(arguments: [
        (sci(), "6.022e23", "6.022E23"), (sci("de_DE"), "6.022e23", "6,022E23"),
        (sci("ar_EG"), "6.022e23", "٦٫٠٢٢أس٢٣"), (sci(), "1.23e-4", "1.23E-4"),
        (sci("ar_EG"), "-1.23e-4", "؜-١٫٢٣أس؜-٤"), (sci(), "0", "0E0"), (sci(), "-0", "0E0"),
        (sci(), "1234567.891", "1.234568E6"), (sci(), "0.000123", "1.23E-4"), (sci(), "9.9999995", "1E1"),
        (sci().fractionLength(min: 2, max: 2), "9.999", "1.00E1"), (sci().significantDigits(3...5), "1", "1.00E0"),
        (sci().sign(.always), "0", "+0E0"), (sci().sign(.never), "-1.23e-4", "1.23E-4"),
        (sci("sv_SE"), "-1.23e-4", "−1,23×10^−4"), (sci("fa_IR"), "6.022e23", "۶٫۰۲۲×۱۰^۲۳"),
    ])
    func examples(style: CoinFormatStyle, input: String, expected: String) throws {
        var formatter = style.formatter()
        #expect(formatter.string(try ExactDecimal(input)) == expected)
        #expect(coinOracle(style, input) == expected)
    }

    /// Past Decimal's 38 digits and exponent range, where FormatStyle cannot
    /// follow: the mantissa is rounded on the digits (a Double would make
    /// the first a tie and round it to even), the exponent is exact.
    @Test(arguments: [
        (sci(), "1.00000050000000000000000000000000000000000001", "1.000001E0"),
        (sci(), "-1.00000050000000000000000000000000000000000000", "-1E0"),
        (
            sci().significantDigits(45...45), "123456789012345678901234567890123456789012345",
            "1.23456789012345678901234567890123456789012345E44"
        ),
        (sci(), "123456789012345678901234567890123456789012345", "1.234568E44"),
        (sci(), "1e999999", "1E999999"), (sci(), "-2.5e-999999", "-2.5E-999999"),
        (sci("ar_EG"), "-2.5e-999999", "؜-٢٫٥أس؜-٩٩٩٩٩٩"),
        (sci().fractionLength(min: 40), "1", "1." + String(repeating: "0", count: 40) + "E0"),
        (sci().rounded(.halfDown), "2.0000005", "2E0"), (sci().rounded(.halfUp), "2.0000005", "2.000001E0"),
    ])
    func beyondDecimal(style: CoinFormatStyle, input: String, expected: String) throws {
        var formatter = style.formatter()
        #expect(formatter.string(try ExactDecimal(input)) == expected)
        var bytes = Array(input.utf8)
        let limited = try bytes.withUnsafeMutableBufferPointer { b throws(ExactDecimal.ParseError) in
            try formatter.format(parsing: UnsafeBufferPointer(b), limit: 200) { out, _ in
                String(decoding: out, as: UTF8.self)
            }
        }
        // A large exponent is a few bytes here, not a refusal.
        #expect(limited == expected)
    }

    /// The exponent symbol and minus are read off FormatStyle (never written in here).
    @Test(arguments: [
        ("en_US", "E", "-"), ("ar_EG", "أس", "\u{61C}-"), ("sv_SE", "×10^", "−"), ("fa_IR", "×۱۰^", "\u{200E}−"),
        ("he_IL", "E", "\u{200E}-"),
    ])
    func derivedExponentParts(id: String, symbol: String, minus: String) {
        let formatter = sci(id).formatter()
        let notation = formatter.scientific
        #expect(notation.map { String(decoding: $0.exponentSymbol, as: UTF8.self) } == symbol)
        #expect(notation.map { String(decoding: $0.exponentMinus, as: UTF8.self) } == minus)
        #expect(formatter.fixedFormat == nil)
    }
}
