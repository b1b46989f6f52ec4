import Foundation
import Testing

@testable import NumToolsCore

/// Issue 44, items 6, 11 and 13: what `--style auto` makes of letters that
/// are both a unit and a currency, a locale's compact `B`, and grouping in
/// a scientific mantissa; item 17: every reader linear in its value.
@Suite struct AmountUnitMarkTests {
    typealias Case = AmountReaderTests.Case
    static func c(
        _ locale: String, _ style: AmountStyle, _ input: String, _ expected: String, currency: String? = nil
    ) -> Case {
        AmountReaderTests.c(locale, style, input, expected, currency: currency)
    }

    static let cases: [Case] = [
        // Item 6: a compact unit that is also a currency mark is ambiguous
        // under auto (wherever the locale writes the mark), read under the
        // style that names one.
        c("en_US", .auto, "1 K", "error ambiguous-notation"),
        c("en_US", .auto, "1K", "error ambiguous-notation"),
        c("en_US", .auto, "1.2K", "error ambiguous-notation"),
        c("en_IN", .auto, "12L", "error ambiguous-notation"),
        c("en_US", .compact, "1 K", "1000"),
        c("en_US", .compact, "1.2K", "1200"),
        // `-c` names the column's currency: K is no USD mark, so thousands.
        c("en_US", .auto, "1.2K", "1200", currency: "USD"),
        c("en_US", .auto, "1 K", "error ambiguous-notation", currency: "MMK"),
        // A currency mark before the number: the K after it is the unit.
        c("en_US", .auto, "$1.2K", "1200"),
        // Units that are no currency's mark are read as before.
        c("en_US", .auto, "1.2M", "1200000"),
        c("en_US", .auto, "1.5B", "1500000000"),
        c("de_DE", .auto, "1,2 Mio.", "1200000"),
        c("ko_KR", .auto, "1.2억원", "120000000"),
        // Letters that run a unit into a mark, or are one mark.
        c("en_US", .auto, "1 MK", "error ambiguous-notation"),
        c("en_US", .auto, "1 TT$", "error ambiguous-notation"),
        // No SI or IEC prefix under auto: the letter is a currency or nothing.
        c("en_US", .auto, "1 G", "error unknown-unit"),
        c("en_US", .auto, "12G", "error unknown-unit"),
        c("en_US", .auto, "1 E", "error unknown-unit"),
        c("en_US", .auto, "1.5Ki", "error unknown-unit"),
        c("en_US", .auto, "1.5 GB", "error unknown-unit"),
        c("en_US", .auto, "2 TiB", "error unknown-unit"),
        c("en_US", .auto, "200Q", "error misplaced-currency"),  // quetzales, written before in en_US
        c("en_US", .auto, "1 P", "error misplaced-currency"),  // pula
        c("it_IT", .auto, "4.407,64 R", "4407.64"),  // rand
        c("en_US", .si, "12G", "12000000000"),
        c("en_US", .iec, "12G", "12884901888"),
        c("en_US", .iecI, "1.5Ki", "1536"),
        c("en_US", .bytes, "1.5 GB", "1500000000"),
        // A byte count without a prefix is still read under auto.
        c("en_US", .auto, "1536 bytes", "1536"),
        c("de_DE", .auto, "999 B", "999"),
        // Item 11: a mark that is one of the locale's compact units is never a byte unit.
        c("es_ES", .auto, "70 B", "70000000000000"),
        c("es_ES", .compact, "70 B", "70000000000000"),
        c("tr_TR", .auto, "10 B", "10000"),
        c("tr_TR", .compact, "10 B", "10000"),
        c("en_US", .auto, "1.5 B", "1500000000"),
        // Item 13: no grouping separator in a scientific mantissa.
        c("de_DE", .scientific, "1.234E3", "error misplaced-grouping"),
        c("de_DE", .scientific, "1.5E3", "error misplaced-grouping"),
        c("de_DE", .auto, "1.234E3", "error misplaced-grouping"),
        c("de_DE", .scientific, "1,234E3", "1234"),
        c("en_US", .scientific, "1,234E3", "error misplaced-grouping"),
        c("en_US", .scientific, "1,234.5e-2", "error misplaced-grouping"),
        c("en_US", .auto, "1,234E3", "error misplaced-grouping"),
        c("fr_FR", .scientific, "1\u{202F}234E3", "error misplaced-grouping"),
        c("de_CH", .scientific, "1’234E3", "error misplaced-grouping"),
        c("en_US", .scientific, "1.234E3", "1234"),
        c("ar_EG", .scientific, "١٬٢٣٤أس٣", "error misplaced-grouping"),
    ]

    @Test(arguments: cases)
    func reads(_ c: Case) {
        let got = AmountRoundTripTests.read(c.input, LocaleID(identifier: c.locale), c.style, currency: c.currency)
        if c.expected.hasPrefix("error ") {
            #expect(got.hasPrefix(c.expected + ":"), "\(c): \(got)")
        } else {
            #expect(got == c.expected, "\(c): \(got)")
        }
    }

    /// `--from auto`: one notation that finds a unit and a currency in the
    /// same letters makes the value ambiguous, whatever the others read;
    /// a letter that is only a currency is read as one.
    @Test(arguments: [
        ("1 K", "error ambiguous-notation"), ("1K", "error ambiguous-notation"),
        ("1 MK", "error ambiguous-notation"), ("1 TT$", "error ambiguous-notation"),
        ("200Q", "200\tGTQ"), ("1 P", "1\tBWP"), ("1 E", "error unknown-unit"), ("1 G", "error unknown-unit"),
        // `$` is many currencies' mark under auto (item 5): the K is the unit all the same.
        ("$1.2K", "error ambiguous-currency"), ("US$1.2K", "1200\tUSD"), ("1.234E3", "error ambiguous-currency"),
    ])
    func autoLocales(_ input: String, _ expected: String) {
        let locales = AutoNumberConverter.defaultCandidates.map { LocaleID(identifier: $0) }
        let machine = LocaleID(identifier: LocaleSupport.machineIdentifier)
        var converter = AmountConverter(from: locales, style: .auto, to: [machine], writesCode: true)
        let got = AmountRoundTripTests.read(input, with: &converter)
        if expected.hasPrefix("error ") {
            #expect(got.hasPrefix(expected + ":"), "'\(input)': \(got)")
        } else {
            #expect(got == expected, "'\(input)'")
        }
    }

    /// The scientific mantissa under `--from auto`: de_DE refuses `1.234E3`,
    /// en_US reads 1234, so the value is en_US's.
    @Test func scientificUnderAutoLocales() {
        let locales = AutoNumberConverter.defaultCandidates.map { LocaleID(identifier: $0) }
        var converter = AmountConverter(
            from: locales, style: .scientific, to: [LocaleID(identifier: LocaleSupport.machineIdentifier)])
        #expect(AmountRoundTripTests.read("1.234E3", with: &converter) == "1234")
    }
}
