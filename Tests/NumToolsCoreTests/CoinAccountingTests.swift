import Foundation
import Testing

@testable import NumToolsCore

/// `--sign accounting` (FormatStyle's `.sign(strategy: .accounting)`)
/// against FormatStyle in every locale Foundation knows (a sample of them in
/// `swift test`: see ``Sweep``).
@Suite struct CoinAccountingTests {
    static let ids = Sweep.locales(
        "CoinAccountingTests", always: { ["en_US", "nl_NL", "de_DE", "nb_NO", "ja_JP"].contains($0) })

    /// The locale's currency, its own precision and rounding, in every locale:
    /// parentheses where the locale's accounting pattern has them, the
    /// standard pattern's minus where it has none (de_DE), and the positive
    /// form of the accounting pattern (nb_NO: `kr 1 234,50`, not `1 234,50 kr`).
    @Test func localeCurrencyInEveryLocale() {
        var failures: [String] = []
        var skipped: [String] = []
        var fast = 0
        for id in Self.ids {
            let style = CoinFormatStyle(style: .currency, locale: LocaleID(identifier: id)).sign(.accounting)
            var formatter = style.formatter()
            if formatter.fixedFormat != nil { fast += 1 }
            checkAgainstOracle(style, &formatter, signAndNotationSamples, failures: &failures, skipped: &skipped)
        }
        // Every locale writes its currency symbol without plural rules: all on the fast path.
        #expect(fast == Self.ids.count, "\(Sweep.replay)")
        #expect(skipped.isEmpty, "\(Sweep.replay) \(skipped)")
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// Another currency, presentation, precision and rounding in each locale
    /// (compact amounts too, which FormatStyle writes with the automatic sign).
    @Test func randomSettingsInEveryLocale() {
        var rng = CoinRandom(seed: CoinDifferentialTests.seed &* 1000 &+ 0xACC7)
        var failures: [String] = []
        var skipped: [String] = []
        for id in Self.ids {
            let code = CoinDifferentialTests.currencies.randomElement(using: &rng)!
            let kind: CoinFormatStyle.Style = Int.random(in: 0..<5, using: &rng) == 0 ? .compact : .currency
            var style = CoinFormatStyle(style: kind, locale: LocaleID(identifier: id), currencyCode: code)
            style = CoinDifferentialTests.randomSettings(
                style.display(CoinFormatStyle.CurrencyDisplay.allCases.randomElement(using: &rng)!), &rng)
            style = style.sign(.accounting)
            var formatter = style.formatter()
            let values = (0..<6).map { _ in rng.machineNumber() } + ["-1234.5", "-0.0001", "0"]
            checkAgainstOracle(style, &formatter, values, failures: &failures, skipped: &skipped)
        }
        #expect(skipped.isEmpty, "\(Sweep.replay) \(skipped)")
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// The examples, and the patterns that differ from the standard one.
    @Test(arguments: [
        ("en_US", "-1234.5", "($1,234.50)"), ("nl_NL", "-1234.5", "(€\u{A0}1.234,50)"),
        ("de_DE", "-1234.5", "-1.234,50\u{A0}€"), ("en_US", "1234.5", "$1,234.50"), ("en_US", "0", "$0.00"),
        ("en_US", "-0.001", "($0.00)"), ("nb_NO", "1234.5", "kr\u{A0}1\u{A0}234,50"),
        ("en_US_POSIX", "-1234.5", "($1,234.50)"), ("en_US_POSIX", "1234.5", "$1,234.50"),
        ("ja_JP", "-1234.5", "(¥1,234)"),
    ])
    func examples(id: String, input: String, expected: String) throws {
        let style = CoinFormatStyle(style: .currency, locale: LocaleID(identifier: id)).sign(.accounting)
        var formatter = style.formatter()
        #expect(formatter.fixedFormat != nil)
        var failures: [String] = []
        var skipped: [String] = []
        checkAgainstOracle(style, &formatter, [input], failures: &failures, skipped: &skipped)
        #expect(failures.isEmpty && skipped.isEmpty, "\(failures) \(skipped)")
        #expect(formatter.string(try ExactDecimal(input)) == expected)
    }

    /// Numbers and percents have no accounting pattern: the automatic sign.
    @Test(arguments: [CoinFormatStyle.Style.number, .percent, .scientific])
    func stylesWithoutACurrencyWriteTheAutomaticSign(kind: CoinFormatStyle.Style) {
        for id in ["en_US", "nl_NL", "ar_EG"] {
            let style = CoinFormatStyle(style: kind, locale: LocaleID(identifier: id))
            var accounting = style.sign(.accounting).formatter()
            var automatic = style.formatter()
            for text in ["-1234.5", "1234.5", "0", "-0.001"] {
                let value = try! ExactDecimal(text)
                #expect(accounting.string(value) == automatic.string(value), "\(id) \(kind) \(text)")
            }
        }
    }
}
