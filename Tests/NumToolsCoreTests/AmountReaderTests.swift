import Foundation
import Testing

@testable import NumToolsCore

/// numconv's amount styles on the examples of issue 27 and their
/// malformed neighbours: each value with the machine number it reads as, or
/// the code of the error it is.
@Suite struct AmountReaderTests {
    struct Case: CustomStringConvertible, Sendable {
        var locale: String
        var style: AmountStyle
        var input: String
        /// The machine number, or `error CODE`.
        var expected: String
        var currency: String? = nil
        var description: String { "\(locale) --style \(style) '\(input)'" }
    }

    static func c(
        _ locale: String, _ style: AmountStyle, _ input: String, _ expected: String, currency: String? = nil
    ) -> Case {
        Case(locale: locale, style: style, input: input, expected: expected, currency: currency)
    }

    static let cases: [Case] = [
        // currency
        c("de_DE", .currency, "1.234,56 €", "1234.56"),
        c("de_DE", .currency, "1.234,56 EUR", "1234.56"),
        c("de_DE", .currency, "EUR 1.234,56", "1234.56"),
        c("de_DE", .currency, "1234,56 €", "1234.56"),
        c("de_DE", .currency, "1.234,56€", "1234.56"),
        c("en_US", .currency, "$1,234.56", "1234.56"),
        c("en_US", .currency, "US$1,234.56", "1234.56"),
        c("en_US", .currency, "USD 1,234.56", "1234.56"),
        c("en_US", .currency, "-$1,234.56", "-1234.56"),
        c("en_US", .currency, "$0.50", "0.50"),
        c("en_US", .currency, "1,234.56 US dollars", "1234.56"),
        c("de_CH", .currency, "CHF 1’234.56", "1234.56"),
        c("de_CH", .currency, "CHF 1'234.56", "1234.56"),
        c("de_CH", .currency, "CHF-1’234.56", "-1234.56"),
        c("ko_KR", .currency, "₩12,000", "12000"),
        c("ko_KR", .currency, "12,000원", "12000"),
        c("pt_BR", .currency, "R$ 260,00", "260.00"),
        c("fr_FR", .currency, "1\u{A0}234,56\u{A0}€", "1234.56"),
        c("fr_FR", .currency, "1\u{202F}234,56\u{A0}€", "1234.56"),
        c("fr_FR", .currency, "1 234,56 €", "1234.56"),
        c("en_IN", .currency, "₹1,23,456.00", "123456.00"),
        c("ja_JP", .currency, "¥1,234", "1234"),
        c("ar_EG", .currency, "\u{200F}١٬٢٣٤٫٥٠\u{A0}ج.م.\u{200F}", "1234.50"),
        // currency: strict
        c("en_US", .currency, "1.234,56 $", "error misplaced-currency"),
        c("en_US", .currency, "1,234.56 $", "error misplaced-currency"),
        c("de_DE", .currency, "€1.234,56", "error misplaced-currency"),
        c("en_US", .currency, "$1,23", "error misplaced-grouping"),
        c("en_US", .currency, "€1.234,56", "error misplaced-grouping"),
        c("en_US", .currency, "Price: $11.95", "error unknown-currency"),
        c("de_DE", .currency, "34,50 € *", "error unknown-currency"),
        c("en_US", .currency, "$  1,234.56", "error misplaced-currency"),
        c("en_US", .currency, "XYZ$1.00", "error unknown-currency"),
        c("en_US", .currency, "($1,234.56)", "error invalid-character"),
        c("de_DE", .currency, "1.234,56-", "error misplaced-sign"),
        // -c
        c("en_US", .currency, "$12.00", "12.00", currency: "USD"),
        c("en_US", .currency, "£12.00", "error currency-mismatch", currency: "USD"),
        c("en_US", .currency, "EUR 12.00", "error currency-mismatch", currency: "USD"),
        c("es_MX", .currency, "$12.00", "12.00", currency: "MXN"),
        // accounting
        c("en_US", .accounting, "($1,234.56)", "-1234.56"),
        c("en_US", .accounting, "(1,234.56)", "-1234.56"),
        c("de_DE", .accounting, "(1.234,56 €)", "-1234.56"),
        c("de_DE", .accounting, "1.234,56-", "-1234.56"),
        c("de_DE", .accounting, "1.234,56 €-", "-1234.56"),
        c("nl_NL", .accounting, "(€ 1.234,56)", "-1234.56"),
        c("en_US", .accounting, "$1,234.56", "1234.56"),
        c("en_US", .accounting, "(-$1,234.56)", "error misplaced-sign"),
        c("en_US", .accounting, "(1,234.56", "error invalid-character"),
        // compact
        c("en_US", .compact, "1.2K", "1200"),
        c("en_US", .compact, "1.2 million", "1200000"),
        c("en_US", .compact, "$1.2M", "1200000"),
        c("en_US", .compact, "-1.5B", "-1500000000"),
        c("de_DE", .compact, "1,2 Mio.", "1200000"),
        c("de_DE", .compact, "1,2 Millionen", "1200000"),
        c("de_DE", .compact, "1,2 Mio. €", "1200000"),
        c("fr_FR", .compact, "1,5 Md", "1500000000"),
        c("ko_KR", .compact, "1.2억", "120000000"),
        c("ko_KR", .compact, "12억", "1200000000"),
        c("ko_KR", .compact, "1.2조", "1200000000000"),
        c("ja_JP", .compact, "1.5万", "15000"),
        c("zh_CN", .compact, "1.2亿", "120000000"),
        c("en_IN", .compact, "12L", "1200000"),
        c("hi_IN", .compact, "12 लाख", "1200000"),
        c("ko_KR", .compact, "1억 2,345만", "123450000"),
        c("ko_KR", .compact, "1억 2345만 6789원", "123456789"),
        c("ko_KR", .compact, "12억 3천만 원", "1230000000"),
        c("ja_JP", .compact, "1億2345万6789円", "123456789"),
        c("zh_CN", .compact, "1亿2345万", "123450000"),
        // compact: strict
        c("de_DE", .compact, "1,2,3 Mio.", "error multiple-decimal-separators"),
        c("en_US", .compact, "1,2,3K", "error misplaced-grouping"),
        c("ko_KR", .compact, "2,345만 1억", "error misplaced-unit"),
        c("ko_KR", .compact, "1억 12,345만", "error misplaced-unit"),
        c("ko_KR", .compact, "1.5억 2,345만", "error misplaced-unit"),
        c("ko_KR", .compact, "1억 2345", "100002345"),
        c("ko_KR", .compact, "억 2345", "error misplaced-unit"),
        c("en_US", .compact, "1.2 zillion", "error unknown-unit"),
        c("en_US", .compact, "1.2Q", "error misplaced-currency"),  // quetzales, written before
        c("en_US", .compact, "1.2 K", "1200"),
        c("en_US", .compact, "1.2  K", "error unknown-unit"),
        // scientific
        c("en_US", .scientific, "1.5E3", "1500"),
        c("en_US", .scientific, "1.5e3", "1500"),
        c("de_DE", .scientific, "1,5E3", "1500"),
        c("en_US", .scientific, "6.022E23", "602200000000000000000000"),
        c("de_DE", .scientific, "1,23E-4", "0.000123"),
        c("en_US", .scientific, "-2.5e-7", "-0.00000025"),
        c("en_US", .scientific, "1.5E+3", "1500"),
        c("ar_EG", .scientific, "٦٫٠٢٢أس٢٣", "602200000000000000000000"),
        c("en_US", .scientific, "1.5E", "error invalid-character"),
        c("en_US", .scientific, "E5", "error invalid-character"),
        c("en_US", .scientific, "1e99999999999", "error output-too-long"),
        // auto
        c("en_US", .auto, "$1,234.56", "1234.56"),
        c("en_US", .auto, "($1,234.56)", "-1234.56"),
        // K is also a currency's mark (kyat): thousands only with --style compact or -c (issue 44).
        c("en_US", .auto, "1.2K", "error ambiguous-notation"),
        c("en_US", .auto, "1.2M", "1200000"),
        c("en_US", .auto, "1.5e3", "1500"),
        c("en_US", .auto, "1,234.5", "1234.5"),
        c("de_DE", .auto, "(12,00 €)", "-12.00"),
        c("ko_KR", .auto, "1억 2,345만 원", "123450000"),
    ]

    @Test(arguments: cases)
    func reads(_ c: Case) {
        let got = AmountRoundTripTests.read(c.input, LocaleID(identifier: c.locale), c.style, currency: c.currency)
        if c.expected.hasPrefix("error ") {
            #expect(got.hasPrefix(c.expected + ":"), "\(c): \(got)")
        } else {
            #expect(got == c.expected, "\(c)")
        }
    }

    /// `--from auto`: every candidate's marks on either side, the number read strictly.
    @Test func autoLocales() {
        let locales = AutoNumberConverter.defaultCandidates.map { LocaleID(identifier: $0) }
        let machine = LocaleID(identifier: LocaleSupport.machineIdentifier)
        let table: [(String, String)] = [
            ("1.234,56 €", "1234.56\tEUR"), ("US$1,234.56", "1234.56\tUSD"), ("(GBP 12.00)", "-12.00\tGBP"),
            // Marks several currencies write (issue 44): no one locale settles them.
            ("$1,234.56", "error ambiguous-currency"), ("(£12.00)", "error ambiguous-currency"),
            ("€ 0,00", "0.00\tEUR"), ("CHF 1’234.50", "1234.50\tCHF"), ("1,234 €", "error ambiguous-notation"),
            ("12 XYZ", "error unknown-currency"), ("1.234,56", "error ambiguous-currency"),
        ]
        for (input, expected) in table {
            var converter = AmountConverter(from: locales, style: .auto, to: [machine], writesCode: true)
            var out: [UInt8] = []
            var got: String
            do {
                try Array(input.utf8).withUnsafeBufferPointer { (b) throws(ValueError) in
                    try converter.transform(b, into: &out)
                }
                got = String(decoding: out, as: UTF8.self)
            } catch {
                got = "error \(error.code)"
            }
            #expect(got == expected, "'\(input)'")
        }
    }
}
