import Foundation
import Testing

@testable import NumToolsCore

/// coinfmt's `--style myriad` and numconv's reading of it (issue 29): the
/// unit groups East Asian amounts are typed in, written and read back exactly.
@Suite struct MyriadStyleTests {
    static func write(_ value: String, _ locale: String, currency: String? = nil, maxFraction: Int? = nil) throws
        -> String
    {
        var style = CoinFormatStyle(style: .myriad, locale: LocaleID(identifier: locale))
        if let currency { style = style.currency(currency) }
        if let maxFraction { style = style.fractionLength(min: nil, max: maxFraction) }
        var formatter = style.formatter()
        return formatter.string(try ExactDecimal(value))
    }

    struct Case: Sendable, CustomStringConvertible {
        var locale: String
        var value: String
        var currency: String?
        var expected: String
        var description: String { "\(locale) \(value) \(currency ?? "") → \(expected)" }
    }

    static func c(_ locale: String, _ value: String, _ expected: String) -> Case {
        Case(locale: locale, value: value, currency: nil, expected: expected)
    }

    static func c(_ locale: String, _ value: String, _ currency: String, _ expected: String) -> Case {
        Case(locale: locale, value: value, currency: currency, expected: expected)
    }

    static let written: [Case] = [
        // The issue's examples.
        c("ko_KR", "123456789", "1억 2,345만 6,789"),
        c("zh_CN", "123456789", "1亿2345万6789"),
        c("ja_JP", "123456789", "1億2345万6789"),
        c("ko_KR", "123456789", "KRW", "1억 2,345만 6,789원"),
        // Zero groups are left out; the unit word follows a unit after a space in Korean.
        c("ko_KR", "100006789", "1억 6,789"),
        c("ko_KR", "123450000", "KRW", "1억 2,345만 원"),
        c("ko_KR", "10000", "1만"),
        c("ko_KR", "9999", "9,999"),
        c("ko_KR", "0", "0"),
        c("ko_KR", "-123450000", "-1억 2,345만"),
        c("ko_KR", "1000000000000", "1조"),
        c("ko_KR", "12345678901234567", "12,345조 6,789억 123만 4,567"),
        // Traditional characters, and Chinese's composite unit of 10^12.
        c("zh_TW", "123456789", "1億2345萬6789"),
        c("zh_CN", "1234567890123", "1万亿2345亿6789万123"),
        c("ja_JP", "12345678901234567", "1京2345兆6789億123万4567"),
        // Fractions: the last group's, rounded as the precision says.
        c("ko_KR", "12345.678", "1만 2,345.68"),
        c("zh_CN", "123456789.5", "CNY", "1亿2345万6789.50元"),
        c("zh_CN", "100000000", "CNY", "1亿元"),
        c("ja_JP", "123456789", "JPY", "1億2345万6789円"),
        c("ko_KR", "0.5", "0.5"),
        c("ko_KR", "10000.5", "1만 0.5"),
        // Another currency: the currency style's text around the number.
        c("ko_KR", "123456789.5", "USD", "US$1억 2,345만 6,789.50"),
    ]

    @Test(arguments: written)
    func writes(_ t: Case) throws {
        #expect(try Self.write(t.value, t.locale, currency: t.currency) == t.expected)
    }

    @Test func appliesOnlyWhereTheLocaleCountsInMyriads() {
        for id in ["ko_KR", "ko", "ja_JP", "zh_CN", "zh_Hant_TW", "yue"] {
            #expect(CoinFormatStyle.countsInMyriads(LocaleID(identifier: id)), "\(id)")
        }
        for id in ["en_US", "de_DE", "hi_IN", "fr_FR", "th_TH"] {
            #expect(!CoinFormatStyle.countsInMyriads(LocaleID(identifier: id)), "\(id)")
        }
    }

    static let myriadLocales: [String] = Locale.availableIdentifiers.sorted().filter {
        CoinFormatStyle.countsInMyriads(LocaleID(identifier: $0))
    }

    static let values = [
        "0", "7", "9999", "10000", "10001", "123456789", "-123456789", "100000000", "100006789", "12345.67",
        "-0.5", "99999999.99", "1000000000000", "1234567890123456789012345", "10000.05", "20000000000000000",
    ]

    /// What coinfmt writes, numconv reads back as the number written, in
    /// every locale that counts in myriads, with and without its currency.
    @Test func roundTripInEveryMyriadLocale() throws {
        #expect(Self.myriadLocales.count >= 10)
        var failures: [String] = []
        for id in Self.myriadLocales {
            let locale = LocaleID(identifier: id)
            for currency in [nil, CurrencyCatalog.defaultCurrency(for: locale), "USD"] {
                var style = CoinFormatStyle(style: .myriad, locale: locale)
                if let currency { style = style.currency(currency) }
                var formatter = style.formatter()
                for value in Self.values {
                    let number = try ExactDecimal(value)
                    let text = formatter.string(number)
                    let digits = currency.map { CurrencyCatalog.fractionDigits($0) } ?? 2
                    let expected = number.rounded(fractionDigits: digits, rule: .halfEven)
                    let read = AmountRoundTripTests.read(text, locale, .myriad, currency: currency)
                    if !AmountRoundTripTests.same(read, expected) {
                        failures.append("\(id) \(currency ?? "-") \(value): \(text) → \(read)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20))")
    }

    static let read: [(String, String, String)] = [
        ("ko_KR", "1억 2,345만 6,789", "123456789"),
        ("ko_KR", "1억2345만", "123450000"),
        ("ko_KR", "1억 2,345만 6,789원", "123456789"),
        ("ko_KR", "1억 2,345만 원", "123450000"),
        ("ko_KR", "1억 2,345만 6,789.5", "123456789.5"),
        ("ko_KR", "12억 3천만", "1230000000"),
        ("ko_KR", "1.2억", "120000000"),
        ("zh_CN", "1亿2345万6789.50元", "123456789.50"),
        ("ja_JP", "1億2345万6789円", "123456789"),
        ("ja_JP", "1京", "10000000000000000"),
        ("zh_TW", "1億2345萬6789", "123456789"),
        ("ko_KR", "만 억", "error invalid-character"),
        ("ko_KR", "1만 1억", "error misplaced-unit"),
        ("ko_KR", "1억 12,345만", "error misplaced-unit"),
        ("ko_KR", "1억 2,345.5만 6,789", "error misplaced-unit"),
        ("ko_KR", "1.5억 2,345만", "error misplaced-unit"),
        ("ko_KR", "1억 억", "error misplaced-unit"),
    ]

    @Test func readsWhatPeopleType() {
        for (locale, text, expected) in Self.read {
            let got = AmountRoundTripTests.read(text, LocaleID(identifier: locale), .myriad)
            if expected.hasPrefix("error ") {
                #expect(got.hasPrefix(expected + ":"), "\(locale) \(text): \(got)")
            } else {
                #expect(got == expected, "\(locale) \(text)")
            }
        }
    }
}
