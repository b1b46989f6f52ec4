import Foundation
import Testing

@testable import NumToolsCore

/// A coinfmt style with the defaults, for the coin tests.
func style(_ kind: CoinFormatStyle.Style = .currency, _ locale: String = "en_US", _ code: String? = nil)
    -> CoinFormatStyle
{
    CoinFormatStyle(style: kind, locale: LocaleID(identifier: locale), currencyCode: code)
}

private func format(_ style: CoinFormatStyle, _ text: String) throws -> String {
    style.format(try ExactDecimal(text))
}

@Suite struct CoinFormatTests {
    /// The examples of the issue.
    @Test(arguments: [
        (style(), "1234.5", "$1,234.50"),
        (style(.percent).fractionLength(max: 2), "2.3456", "2.35%"),
        (style(.percent).fractionLength(max: 2).ratio(true), "0.023456", "2.35%"),
        (style(.percent, "fr_FR"), "2.3456", "2,35\u{A0}%"),
        (style(.percent, "ar_EG"), "2.3456", "٢٫٣٥٪؜"),
        (style(.percent).sign(.always), "2.3456", "+2.35%"),
        (style(.number).fractionLength(max: 2), "1234.5678", "1,234.57"),
        (style(.compact), "1234567", "1.2M"),
        (style(.compact, "ko_KR"), "1234567", "123만"),
        (style(.compact, "de_DE"), "1234567", "1,2\u{A0}Mio."),
        (style(.compact, "en_US", "USD").significantDigits(3...3), "1234567890123", "$1.23T"),
        (style().fractionLength(min: 2, max: 6), "0.000123456789", "$0.000123"),
        (style().fractionLength(min: 2, max: 6), "1234.5", "$1,234.50"),
    ])
    func issueExamples(style: CoinFormatStyle, input: String, expected: String) throws {
        #expect(try format(style, input) == expected)
        #expect(coinOracle(style, input) == expected)
    }

    /// ISO 4217 digits as Foundation (CLDR) has them.
    @Test(arguments: [
        ("USD", 2, "$1,234.57"), ("EUR", 2, "€1,234.57"), ("JPY", 0, "¥1,235"), ("KRW", 0, "₩1,235"),
        ("BHD", 3, "BHD\u{A0}1,234.568"), ("KWD", 3, "KWD\u{A0}1,234.568"), ("CLP", 0, "CLP\u{A0}1,235"),
        ("GBP", 2, "£1,234.57"), ("INR", 2, "₹1,234.57"), ("CHF", 2, "CHF\u{A0}1,234.57"),
    ])
    func isoDigits(code: String, digits: Int, expected: String) throws {
        #expect(CurrencyCatalog.fractionDigits(code) == digits)
        #expect(try format(style(.currency, "en_US", code), "1234.5678") == expected)
    }

    @Test(arguments: [
        (CoinFormatStyle.CurrencyDisplay.symbol, "en_CA", "US$1.00"),
        (.symbol, "en_US", "$1.00"),
        (.narrow, "en_CA", "$1.00"),
        (.code, "en_US", "USD\u{A0}1.00"),
        (.name, "en_US", "1.00 US dollars"),
        (.name, "fr_FR", "1,00 dollar des États-Unis"),
    ])
    func displays(display: CoinFormatStyle.CurrencyDisplay, locale: String, expected: String) throws {
        let s = style(.currency, locale, "USD").display(display)
        #expect(try format(s, "1") == expected)
        #expect(coinOracle(s, "1") == expected)
    }

    @Test func currencyNamesFollowPluralRules() throws {
        let yen = style(.currency, "en_US", "JPY").display(.name)
        #expect(try format(yen, "1") == "1 Japanese yen")
        let dollarsWhole = style(.currency, "en_US", "USD").display(.name).fractionLength(max: 0)
        #expect(try format(dollarsWhole, "1") == "1 US dollar")
        #expect(try format(dollarsWhole, "2") == "2 US dollars")
        #expect(try format(dollarsWhole, "-1") == "-1 US dollar")
    }

    /// Sign strategies, also on values that round to zero and on negative zero.
    @Test(arguments: [
        (CoinFormatStyle.SignDisplay.automatic, ["-$0.00", "$0.00", "$0.00", "$0.00", "-$1.00", "$1.00"]),
        (.always, ["-$0.00", "+$0.00", "+$0.00", "+$0.00", "-$1.00", "+$1.00"]),
        (.never, ["$0.00", "$0.00", "$0.00", "$0.00", "$1.00", "$1.00"]),
        (.exceptZero, ["$0.00", "$0.00", "$0.00", "$0.00", "-$1.00", "+$1.00"]),
    ])
    func signs(sign: CoinFormatStyle.SignDisplay, expected: [String]) throws {
        let inputs = ["-0.001", "0.001", "0", "-0", "-1", "1"]
        for (input, result) in zip(inputs, expected) {
            let s = style().sign(sign)
            #expect(try format(s, input) == result, "\(sign) \(input)")
            #expect(coinOracle(s, input) == result, "oracle \(sign) \(input)")
        }
    }

    /// Each rounding mode on ties and negatives, through the formatter; half-down has no FormatStyle rule.
    @Test(arguments: DecimalRoundingRule.allCases)
    func roundingModes(rule: DecimalRoundingRule) throws {
        let expected: [DecimalRoundingRule: [String]] = [
            .halfEven: ["$2.34", "-$2.34", "$2.36", "-$2.36", "$2.35", "-$0.00"],
            .halfUp: ["$2.35", "-$2.35", "$2.36", "-$2.36", "$2.35", "-$0.00"],
            .halfDown: ["$2.34", "-$2.34", "$2.35", "-$2.35", "$2.35", "-$0.00"],
            .up: ["$2.35", "-$2.35", "$2.36", "-$2.36", "$2.35", "-$0.01"],
            .down: ["$2.34", "-$2.34", "$2.35", "-$2.35", "$2.34", "-$0.00"],
            .ceiling: ["$2.35", "-$2.34", "$2.36", "-$2.35", "$2.35", "-$0.00"],
            .floor: ["$2.34", "-$2.35", "$2.35", "-$2.36", "$2.34", "-$0.01"],
        ]
        let inputs = ["2.345", "-2.345", "2.355", "-2.355", "2.3451", "-0.001"]
        let s = style().rounded(rule)
        for (input, result) in zip(inputs, expected[rule]!) {
            #expect(try format(s, input) == result, "\(rule) \(input)")
            if rule.foundationRule != nil { #expect(coinOracle(s, input) == result, "oracle \(rule) \(input)") }
        }
    }

    /// Long values, tiny values and exponents, exact beyond Decimal's 38 digits too.
    @Test(arguments: [
        (style(), "1234567890123456789012345.675", "$1,234,567,890,123,456,789,012,345.68"),
        (style(), "0.1", "$0.10"),
        (style(), "1e-30", "$0.00"),
        (style().significantDigits(2...2), "1e-30", "$0.0000000000000000000000000000010"),
        (style().fractionLength(max: 8), "1.5e-7", "$0.00000015"),
        (style(), "2E+3", "$2,000.00"),
        (
            style(.number).fractionLength(min: 0, max: 40), "0.1234567890123456789012345678901234567891",
            "0.1234567890123456789012345678901234567891"
        ),
        (
            style(), "123456789012345678901234567890123456789012345.005",
            "$123,456,789,012,345,678,901,234,567,890,123,456,789,012,345.00"
        ),
        (style(.compact), "1e45", "1,000,000,000,000,000,000,000,000,000,000,000T"),
        (
            style(.number, "en_IN"), "12345678901234567890123456789012345678901234567890",
            "1,23,45,67,89,01,23,45,67,89,01,23,45,67,89,01,23,45,67,89,01,23,45,67,890.00"
        ),
    ])
    func exactValues(style: CoinFormatStyle, input: String, expected: String) throws {
        #expect(try format(style, input) == expected)
        if input.filter(\.isNumber).count <= 38 { #expect(coinOracle(style, input) == expected) }
    }

    @Test(arguments: [
        ("999999", "1M"), ("999.9", "1K"), ("1.234", "1.2"), ("12.34", "12"), ("123.4", "123"), ("0.01234", "0.012"),
        ("0.0001", "0.0001"), ("1234", "1.2K"), ("-1234567", "-1.2M"), ("0", "0"), ("9.96", "10"),
        ("1234567890123456789012", "1,234,567,890T"),
    ])
    func compactDefaults(input: String, expected: String) throws {
        #expect(try format(style(.compact), input) == expected)
        #expect(coinOracle(style(.compact), input) == expected)
    }

    @Test(arguments: [
        ("en_US", "BTC", "-BTC\u{A0}1,234.50"), ("en_US", "₿", "-₿1,234.50"), ("de_DE", "BTC", "-1.234,50\u{A0}BTC"),
        ("fr_FR", "₿", "-1\u{202F}234,50\u{A0}₿"), ("nl_NL", "BTC", "BTC\u{A0}-1.234,50"),
        ("sq_AL", "₿", "-1234,50\u{A0}₿"), ("pt_CV", "₿", "-1234$50\u{A0}₿"),
    ])
    func symbolOverride(locale: String, symbol: String, expected: String) throws {
        #expect(try format(style(.currency, locale, "USD").symbol(symbol), "-1234.5") == expected)
    }

    @Test func symbolOverrideWorksInEveryFourthLocale() throws {
        for (index, id) in Locale.availableIdentifiers.sorted().enumerated() where index % 4 == 0 {
            let text = try format(style(.currency, id, "EUR").symbol("QQ"), "1")
            #expect(text.contains("QQ") && !text.contains("€") && !text.contains("EUR"), "\(id): \(text)")
        }
    }

    /// Precision and magnitudes far beyond Decimal's reach: the probes stay
    /// within it, the output is written digit by digit.
    @Test func extremesDoNotReachFoundation() throws {
        let thousandZeros = String(repeating: "0", count: 1000)
        #expect(try format(style().fractionLength(min: 1000), "1") == "$1." + thousandZeros)
        #expect(try format(style().fractionLength(min: 1000), "-1e-2000") == "-$0." + thousandZeros)
        #expect(
            try format(style().display(.name).fractionLength(min: 1000), "1") == "1." + thousandZeros + " US dollars")
        #expect(try format(style(.number).significantDigits(999...999), "1").utf8.count == 1000)
        let huge = try format(style(.compact, "ar", "EGP").display(.name), "1e999999")
        #expect(huge.utf8.count > 1_000_000 && String(huge.suffix(30)).contains("ترليون"))
        #expect(try format(style(.compact), "1e999999").utf8.count == 1 + (999_987 / 3) * 4 + 1)
    }

    @Test func compactWithSymbolOverride() throws {
        #expect(try format(style(.compact, "en_US", "USD").symbol("₿"), "1234567") == "₿1.2M")
    }
}

@Suite struct CoinTransformTests {
    @Test func colorsBySignAfterRounding() throws {
        var t = CoinTransform(style: style(.percent).sign(.always), colored: true)
        #expect(try transformed(&t, "2.3456") == "\u{1B}[32m+2.35%\u{1B}[0m")
        #expect(try transformed(&t, "-2.3456") == "\u{1B}[31m-2.35%\u{1B}[0m")
        #expect(try transformed(&t, "0") == "+0.00%")
        #expect(try transformed(&t, "0.001") == "+0.00%")
        var plain = CoinTransform(style: style(), colored: false)
        #expect(try transformed(&plain, "-1") == "-$1.00")
    }

    @Test func invalidNumbersAreValueErrors() {
        var t = CoinTransform(style: style())
        #expect(
            throws: ValueError(
                .currency(.invalidNumber), "unexpected 'x' at offset 3; expected a digit, 'e' or the end of the number")
        ) {
            try transformed(&t, "1.2x")
        }
    }
}

@Suite struct CurrencyCatalogTests {
    @Test(arguments: [
        ("en_US", "USD"), ("de_DE", "EUR"), ("ja_JP", "JPY"), ("ko_KR", "KRW"), ("fr", "EUR"), ("en", "USD"),
        ("en_US@currency=EUR", "EUR"), ("ar_BH", "BHD"), ("de_CH", "CHF"),
    ])
    func defaultCurrency(locale: String, code: String) {
        #expect(CurrencyCatalog.defaultCurrency(for: LocaleID(identifier: locale)) == code)
    }

    @Test(arguments: [("USX", ["UGX", "USD", "USN"]), ("eru", ["ERN", "EUR", "MRU"]), ("ZZZZZZ", [String]())])
    func suggestions(code: String, expected: [String]) {
        #expect(CurrencyCatalog.suggestions(for: code) == expected)
    }

    @Test func knowsCodesInAnyCase() {
        #expect(CurrencyCatalog.isKnown("usd") && CurrencyCatalog.isKnown("BHD") && !CurrencyCatalog.isKnown("BTC"))
    }

    @Test func listingHasEveryCurrency() {
        let rows = CurrencyCatalog.listing()
        #expect(rows.count == CurrencyCatalog.codes.count && rows.count > 150)
        #expect(rows.contains("USD\tUS Dollar\t$\t2"))
        #expect(rows.contains("JPY\tJapanese Yen\t¥\t0"))
        #expect(rows.contains("BHD\tBahraini Dinar\tBHD\t3"))
        #expect(rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
    }
}

/// `--symbol` has no FormatStyle counterpart, but writing a currency's own
/// symbol in its place must give FormatStyle's output for that currency:
/// `€` (a currency sign) and `CHF` (letters, which get CLDR's currency spacing).
@Suite struct CoinSymbolOverrideTests {
    @Test(arguments: [("EUR", "€"), ("CHF", "CHF"), ("GBP", "£"), ("BHD", "BHD")])
    func ownSymbolGivesFoundationsOutput(code: String, symbol: String) throws {
        var failures: [String] = []
        var checked = 0
        // Every third locale keeps the test short; the offset varies with the currency.
        for (index, id) in Locale.availableIdentifiers.sorted().enumerated()
        where index % 3 == Int(code.unicodeScalars.first!.value % 3) {
            let base = CoinFormatStyle(style: .currency, locale: LocaleID(identifier: id), currencyCode: code)
            // Only where the locale writes the currency with exactly this symbol.
            guard CurrencyCatalog.symbol(code, locale: base.locale) == symbol else { continue }
            let expected = coinOracle(base, "-1234.5")
            checked += 1
            let actual = try base.symbol(symbol).format(ExactDecimal("-1234.5"))
            if actual != expected {
                failures.append("\(id): \(actual.debugDescription) != \(expected.debugDescription)")
            }
        }
        #expect(checked > 30)
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10).joined(separator: "\n"))")
    }
}
