import Foundation
import Testing

@testable import NumToolsCore

/// `--increment` against FormatStyle's `.rounded(rule:increment:)`
/// (Double's styles, which take a fractional step; the values have few
/// digits, so Double holds the ties ICU rounds), and `--cash` by CLDR's table.
@Suite struct CashRoundingTests {
    static let steps = ["0.05", "0.5", "0.25", "5", "50", "0.001", "0.1", "0.2", "1"]
    static let values = [
        "1.23", "1.225", "1.275", "-1.23", "7", "0", "1234.5", "0.024", "0.025", "-0.026", "99.99", "12.5", "-12.5",
        "1000000.125", "3.3333",
    ]

    static func oracle(_ style: CoinFormatStyle, _ value: String, step: String) -> String {
        let rule = style.rounding.foundationRule!
        let v = Double(value)!
        let s = Double(step)!
        switch style.style {
        case .currency:
            return FloatingPointFormatStyle<Double>.Currency(
                code: style.resolvedCurrencyCode!, locale: style.locale.foundation
            )
            .rounded(rule: rule, increment: s).format(v)
        case .number:
            return FloatingPointFormatStyle<Double>(locale: style.locale.foundation).rounded(rule: rule, increment: s)
                .format(v)
        default:
            // Percent points: FormatStyle's percent takes the ratio.
            // (The ratio's decimal text, so that Double holds it as written.)
            let ratio = Double((try! ExactDecimal(value)).scaled(byPowerOfTen: -2).description)!
            return FloatingPointFormatStyle<Double>.Percent(locale: style.locale.foundation).rounded(
                rule: rule, increment: s
            )
            .format(ratio)
        }
    }

    @Test(arguments: ["en_US", "de_CH", "fr_FR", "ar_EG", "hi_IN", "ja_JP", "da_DK", "fa_IR", "nl_NL", "en_IN"])
    func incrementAgainstFormatStyle(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        for kind in [CoinFormatStyle.Style.currency, .number, .percent] {
            for rule in DecimalRoundingRule.allCases where rule != .halfDown {
                for step in Self.steps {
                    var formatter = CoinFormatStyle(style: kind, locale: locale).rounded(rule)
                        .increment(try ExactDecimal(step)).formatter()
                    for value in Self.values where kind != .percent || !value.contains("1000000") {
                        let actual = formatter.string(try ExactDecimal(value))
                        let expected = Self.oracle(formatter.style, value, step: step)
                        if actual != expected {
                            failures.append(
                                "\(id) \(kind) \(rule) step \(step) \(value): \(actual), FormatStyle \(expected)")
                        }
                    }
                }
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Exact where Double is not: a 30-digit value and its tie.
    @Test func exactBeyondDouble() throws {
        var formatter = CoinFormatStyle(style: .number, locale: LocaleID(identifier: "en_US"))
            .increment(try ExactDecimal("0.05")).formatter()
        #expect(
            formatter.string(try ExactDecimal("123456789012345678901234567.025"))
                == "123,456,789,012,345,678,901,234,567.00")
        #expect(
            formatter.string(try ExactDecimal("123456789012345678901234567.0250001"))
                == "123,456,789,012,345,678,901,234,567.05")
        #expect(formatter.string(try ExactDecimal("-0.02")) == "-0.00")
    }

    /// CLDR's cash rules: the step and the digits.
    @Test(arguments: [
        ("CHF", "0.05", 2), ("CAD", "0.05", 2), ("DKK", "0.5", 2), ("SEK", "1", 0), ("CZK", "1", 0), ("HUF", "1", 0),
        ("USD", "0.01", 2), ("JPY", "1", 0), ("BHD", "0.001", 3), ("EUR", "0.01", 2),
    ])
    func cashTable(code: String, step: String, digits: Int) throws {
        #expect(CashRounding.increment(code) == (try ExactDecimal(step)))
        #expect(CashRounding.fractionDigits(code) == digits)
    }

    @Test func exactArithmetic() throws {
        func r(_ v: String, _ s: String, _ rule: DecimalRoundingRule) throws -> String {
            try ExactDecimal(v).rounded(toMultipleOf: try ExactDecimal(s), rule: rule)!.description
        }
        #expect(try r("1.23", "0.05", .halfEven) == "1.25")
        #expect(try r("1.225", "0.05", .halfEven) == "1.2")
        #expect(try r("1.275", "0.05", .halfEven) == "1.3")
        #expect(try r("1.225", "0.05", .halfUp) == "1.25")
        #expect(try r("1.225", "0.05", .halfDown) == "1.2")
        #expect(try r("-1.21", "0.05", .floor) == "-1.25")
        #expect(try r("-1.21", "0.05", .ceiling) == "-1.2")
        #expect(try r("1.21", "0.05", .up) == "1.25")
        #expect(try r("1.24999", "0.05", .down) == "1.2")
        #expect(try r("1234", "50", .halfEven) == "1250")
        #expect(try r("1e30", "0.05", .halfEven) == "1000000000000000000000000000000")
        #expect(try r("0.00001", "0.05", .up) == "0.05")
        #expect(try ExactDecimal("1").rounded(toMultipleOf: .zero, rule: .up) == nil)
    }
}
