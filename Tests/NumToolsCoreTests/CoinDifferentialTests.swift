import Foundation
import Testing

@testable import NumToolsCore

/// coinfmt's formatter against Foundation's FormatStyle on random values of
/// at most 38 significant digits (the oracle's limit), with random precision,
/// rounding and sign settings.
@Suite struct CoinDifferentialTests {
    /// `COIN_SEED=n` replays the tests with other random values.
    static let seed = UInt64(ProcessInfo.processInfo.environment["COIN_SEED"] ?? "") ?? 0
    /// `COIN_VALUES=n` tries n values per formatter (default 12).
    static let valuesPerFormatter = Int(ProcessInfo.processInfo.environment["COIN_VALUES"] ?? "") ?? 12

    static let foundationRules = DecimalRoundingRule.allCases.filter { $0.foundationRule != nil }

    /// Random settings for one derived formatter.
    static func randomSettings(_ base: CoinFormatStyle, _ rng: inout CoinRandom) -> CoinFormatStyle {
        var style = base
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: style.precision = .automatic
        case 2:
            style = style.fractionLength(
                min: Int.random(in: 0...3, using: &rng), max: Int.random(in: 0...8, using: &rng))
        case 3: style = style.fractionLength(max: Int.random(in: 0...6, using: &rng))
        case 4: style = style.fractionLength(min: Int.random(in: 0...6, using: &rng))
        default:
            let lo = Int.random(in: 1...6, using: &rng)
            style = style.significantDigits(lo...(lo + Int.random(in: 0...6, using: &rng)))
        }
        style.rounding = foundationRules.randomElement(using: &rng)!
        style.sign = CoinFormatStyle.SignDisplay.allCases.randomElement(using: &rng)!
        style.valueIsRatio = Bool.random(using: &rng)
        return style
    }

    static func check(_ style: CoinFormatStyle, values: Int, _ rng: inout CoinRandom, failures: inout [String]) {
        var formatter = style.formatter()
        for _ in 0..<values {
            let text = rng.machineNumber()
            let expected = coinOracle(style, text)
            let actual = formatter.string(try! ExactDecimal(text))
            if actual != expected && !formatStyleFailed(style, text, expected) {
                failures.append(
                    "\(style.locale.identifier) \(style.style) \(style.resolvedCurrencyCode ?? "-") \(style.display) \(style.precision) \(style.rounding) \(style.sign) ratio=\(style.valueIsRatio) \(text): got \(actual.debugDescription), expected \(expected.debugDescription)"
                )
            }
        }
    }

    /// Every locale (in `swift test` a sample, see ``Sweep``), with random settings.
    @Test(arguments: [CoinFormatStyle.Style.number, .percent, .compact, .scientific])
    func everyLocale(style kind: CoinFormatStyle.Style) {
        var rng = CoinRandom(seed: Self.seed &* 1000 &+ 0xC017 &+ UInt64(kind.rawValue.count))
        var failures: [String] = []
        for id in Sweep.locales("CoinDifferentialTests.everyLocale(\(kind))") {
            let style = Self.randomSettings(CoinFormatStyle(style: kind, locale: LocaleID(identifier: id)), &rng)
            Self.check(style, values: Self.valuesPerFormatter, &rng, failures: &failures)
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    static let currencies = [
        "USD", "EUR", "JPY", "KRW", "BHD", "GBP", "INR", "CHF", "CNY", "BRL", "RUB", "CLP", "IQD", "KWD", "VND", "ZAR",
    ]

    @Test(arguments: CoinFormatStyle.CurrencyDisplay.allCases)
    func currencies(display: CoinFormatStyle.CurrencyDisplay) {
        var rng = CoinRandom(seed: Self.seed &* 1000 &+ 0xC0FFEE &+ UInt64(display.rawValue.count))
        var failures: [String] = []
        let ids = Locale.availableIdentifiers.sorted()
        for (index, id) in ids.enumerated() where index % 4 == Int(display.rawValue.count % 4) {
            let code = Self.currencies.randomElement(using: &rng)!
            let kind: CoinFormatStyle.Style = Int.random(in: 0..<4, using: &rng) == 0 ? .compact : .currency
            var style = CoinFormatStyle(style: kind, locale: LocaleID(identifier: id), currencyCode: code).display(
                display)
            style = Self.randomSettings(style, &rng)
            Self.check(style, values: Self.valuesPerFormatter * 2 / 3, &rng, failures: &failures)
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    static let nameCurrencies = ["EUR", "USD", "CHF", "BGN", "JPY", "GBP", "INR", "KWD", "CLP", "ALL", "MGA", "XAF"]

    /// `--display name` in every locale, with the 12 currencies of
    /// ``nameCurrencies`` in turn (each in about 80 locales; in `swift test`
    /// a sample of the locales, see ``Sweep``): the number in
    /// the name presentation is written with the currency's own notation
    /// (EUR in en_150, en_BG and en_CH: `-1.234,50 € euros`), the name around
    /// it as FormatStyle writes it. A negative value with grouping and a
    /// fraction, or a random one. `COIN_NAME_PAIRS=all` checks every locale
    /// with all 12 (some 12,000 formatters: minutes).
    @Test func nameDisplayInEveryLocale() {
        var rng = CoinRandom(seed: Self.seed &* 1000 &+ 0xA3E)
        let all = ProcessInfo.processInfo.environment["COIN_NAME_PAIRS"] == "all"
        var failures: [String] = []
        var checked = Set<String>()
        for (index, id) in Sweep.locales("CoinDifferentialTests.nameDisplayInEveryLocale").enumerated() {
            let locale = LocaleID(identifier: id)
            let codes = all ? Self.nameCurrencies : [Self.nameCurrencies[(index &+ Int(Self.seed)) % 12]]
            for code in codes {
                let style = CoinFormatStyle(style: .currency, locale: locale, currencyCode: code).display(.name)
                let value = index % 2 == 0 ? "-1234567.5" : rng.machineNumber()
                Self.checkName(style, [value], failures: &failures)
                checked.insert(code)
            }
        }
        #expect(checked.count == 12)
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// The locales with a notation of their own for a currency (CLDR's
    /// currency-specific separators and patterns), with the 12 currencies.
    @Test(arguments: [
        "en_150", "en_BG", "en_CH", "en_DE", "en_AT", "de_CH", "de_AT", "pt_CV", "pt_PT", "fr_CH", "it_CH", "en_NL",
    ])
    func nameDisplayWhereCurrenciesHaveTheirOwnNotation(id: String) {
        var failures: [String] = []
        for code in Self.nameCurrencies {
            let style = CoinFormatStyle(style: .currency, locale: LocaleID(identifier: id), currencyCode: code)
            Self.checkName(style.display(.name), ["-1234567.5", "1234.5", "1", "0.5"], failures: &failures)
        }
        #expect(failures.isEmpty, "\(failures.count) differences: \(failures.prefix(15).joined(separator: "\n"))")
    }

    static func checkName(_ style: CoinFormatStyle, _ values: [String], failures: inout [String]) {
        var formatter = style.formatter()
        for text in values {
            let expected = coinOracle(style, text)
            let actual = formatter.string(try! ExactDecimal(text))
            if actual != expected {
                failures.append(
                    "\(style.locale.identifier) \(style.resolvedCurrencyCode ?? "-") \(text): got \(actual.debugDescription), expected \(expected.debugDescription)"
                )
            }
        }
    }

    /// Every ISO 4217 currency Foundation knows (historic ones have years in
    /// their names), in a random locale, display and style each.
    @Test func everyCurrency() {
        var rng = CoinRandom(seed: Self.seed &* 1000 &+ 0xC0DE)
        var failures: [String] = []
        let ids = Locale.availableIdentifiers.sorted()
        for code in CurrencyCatalog.codes {
            let kind: CoinFormatStyle.Style = Bool.random(using: &rng) ? .compact : .currency
            var style = CoinFormatStyle(
                style: kind, locale: LocaleID(identifier: ids.randomElement(using: &rng)!), currencyCode: code)
            style = Self.randomSettings(
                style.display(CoinFormatStyle.CurrencyDisplay.allCases.randomElement(using: &rng)!), &rng)
            Self.check(style, values: Self.valuesPerFormatter / 2, &rng, failures: &failures)
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// Locales with Unicode extension keywords (numbering system, currency).
    @Test(arguments: [
        "th-TH-u-nu-thai", "ar-SA-u-nu-latn", "en-US-u-nu-arab", "de_DE@currency=USD", "hi-IN-u-nu-deva", "fa_IR",
        "my_MM", "en-IN-u-cu-eur", "zh-Hant-TW", "sr-Latn-RS", "en-US-u-nu-fullwide", "ja-JP-u-nu-jpan",
        "ta-IN-u-nu-taml", "he-IL-u-nu-hebr",
    ])
    func localesWithKeywords(id: String) {
        var rng = CoinRandom(seed: Self.seed &* 1000 &+ UInt64(id.utf8.count))
        var failures: [String] = []
        for kind in CoinFormatStyle.Style.formatStyleStyles {
            for display in CoinFormatStyle.CurrencyDisplay.allCases where kind == .currency || display == .symbol {
                var style = CoinFormatStyle(style: kind, locale: LocaleID(identifier: id)).display(display)
                if kind == .compact { style = style.currency(CurrencyCatalog.defaultCurrency(for: style.locale)) }
                Self.check(Self.randomSettings(style, &rng), values: Self.valuesPerFormatter, &rng, failures: &failures)
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }
}
