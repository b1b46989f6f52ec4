import Foundation
import Testing

@testable import NumToolsCore

/// Issue #25: a value with any grouping separator has every separator its
/// locale's group sizes put in its integer part, or it is a
/// `misplaced-grouping` error: `1234567,891` is no en_US number (it reads
/// as 1234567891, a thousand times the 1234567.891 a de_DE writer meant).
/// Minimum grouping digits binds the writer only: es_ES writes `1234` and
/// reads `1.234` too. A value with no separator stays valid. Likewise a
/// negative zero keeps its sign.
@Suite struct WholeGroupingTests {
    static func missing(_ offset: Int, _ name: String) -> String {
        "misplaced-grouping: grouping separator missing at offset \(offset), where \(name) grouping puts one"
    }

    /// numconv from one notation to machine notation: the output or `CODE: MESSAGE`.
    @Test(arguments: [
        // The examples.
        ("en_US", "1234567,891", missing(1, "en_US")),
        ("en_US", "1234,567", missing(1, "en_US")),
        ("en_US", "1,234567", missing(5, "en_US")),
        ("en_US", "12345,678", missing(2, "en_US")),
        ("de_DE", "1234.567", missing(1, "de_DE")),
        ("de_DE", "1234567.891", missing(1, "de_DE")),
        ("de_DE", "1.234567", missing(5, "de_DE")),
        ("fr_FR", "1 234567", missing(5, "fr_FR")),
        // The same after a sign, with a fraction, among bidi marks, in native digits.
        ("en_US", "-1234,567", missing(2, "en_US")),
        ("en_US", "1234,567.5", missing(1, "en_US")),
        ("en_US", "1\u{200F}234,567", missing(2, "en_US")),
        ("ne", "१२३४,५६७", missing(2, "ne")),
        // Indian grouping (3;2).
        ("en_IN", "1234,567", missing(2, "en_IN")),
        ("en_IN", "12,34567", missing(5, "en_IN")),
        ("en_IN", "1,234,567", "misplaced-grouping: grouping separator at offset 1 does not fit en_IN grouping"),
        // Apostrophes and spaces, each spelling.
        ("de_CH", "1’234567", missing(5, "de_CH")),
        ("de_CH", "1234'567.5", missing(1, "de_CH")),
        ("fr_FR", "1\u{A0}234567", missing(5, "fr_FR")),
        ("fr_FR", "1\u{202F}234567,5", missing(5, "fr_FR")),
        ("fr_FR", "1234 567", missing(1, "fr_FR")),
        // Minimum grouping digits 2: a long integer part still needs every separator.
        ("es_ES", "123456.789", missing(3, "es_ES")),
        ("es_ES", "1.234567", missing(5, "es_ES")),
        // Valid: grouped whole, or not at all.
        ("en_US", "1,234,567.891", "1234567.891"),
        ("en_US", "1234567.891", "1234567.891"),
        ("en_US", "1,234", "1234"),
        ("en_US", "123,456", "123456"),
        ("de_DE", "1,234567", "1.234567"),
        ("de_DE", "1.234.567,891", "1234567.891"),
        ("en_IN", "12,34,567", "1234567"),
        ("en_IN", "1,23,45,678.5", "12345678.5"),
        ("en_IN", "1234567", "1234567"),
        ("de_CH", "1’234’567", "1234567"),
        ("de_CH", "1'234'567.5", "1234567.5"),
        ("fr_FR", "1 234 567", "1234567"),
        ("fr_FR", "1\u{A0}234\u{202F}567,5", "1234567.5"),
        ("es_ES", "1234", "1234"),
        ("es_ES", "1.234", "1234"),
        ("es_ES", "12.345", "12345"),
        ("es_ES", "1.234.567,5", "1234567.5"),
    ])
    func numconv(from: String, input: String, expected: String) {
        #expect(convert(input, from: from, to: ["en_US_POSIX"], messages: true) == expected)
    }

    /// numgroup, grouping and ungrouping (`--ungroup` reads by the same
    /// rule): the output of each, or one `CODE: MESSAGE` for both.
    @Test(
        arguments: [
            (nil, "1234567,891", [group3(missing: 1)]),
            (nil, "12345,678", [group3(missing: 2)]),
            (nil, "-1,234567", [group3(missing: 6)]),
            ("de_DE", "1234567.891", [hinted(missing(1, "de_DE"), "de_DE")]),
            ("de_DE", "1234.567,5", [missing(1, "de_DE")]),
            ("en_IN", "1234,567", [missing(2, "en_IN")]),
            ("de_CH", "1’234567", [missing(5, "de_CH")]),
            ("fr_FR", "1 234567", [missing(5, "fr_FR")]),
            ("es_ES", "123456.789", [hinted(missing(3, "es_ES"), "es_ES")]),
            // Valid.
            (nil, "1,234,567.891", ["1,234,567.891", "1234567.891"]),
            (nil, "1234567.891", ["1,234,567.891", "1234567.891"]),
            ("de_DE", "1.234.567,891", ["1.234.567,891", "1234567,891"]),
            ("en_IN", "12,34,567", ["12,34,567", "1234567"]),
            ("de_CH", "1'234'567.89", ["1’234’567.89", "1234567.89"]),
            ("fr_FR", "1 234 567,5", ["1\u{202F}234\u{202F}567,5", "1234567,5"]),
            ("es_ES", "1.234", ["1234", "1234"]),
            ("es_ES", "12.345", ["12.345", "12345"]),
            (nil, "-0", ["-0", "-0"]),
        ] as [(String?, String, [String])])
    func numgroup(locale: String?, input: String, expected: [String]) {
        let style = locale.map { GroupingStyle(locale: LocaleID(identifier: $0), identifier: $0) } ?? GroupingStyle()
        for (k, mode) in [DigitGrouper.Mode.group, .ungroup].enumerated() {
            var grouper = DigitGrouper(style: style, mode: mode)
            let got: String
            do throws(ValueError) { got = try grouper(input) } catch { got = error.code.name + ": " + error.message }
            #expect(got == expected[min(k, expected.count - 1)], "\(mode) \(input)")
        }
    }

    /// numgroup's words for a machine number read under -l (issue #26).
    static func hinted(_ message: String, _ id: String) -> String {
        message + "; -l sets how input is read too: for a machine number, use numconv --from C --to " + id
    }

    static func group3(missing offset: Int) -> String {
        "misplaced-grouping: grouping separator missing at offset \(offset), where 3-digit grouping puts one"
    }

    /// `--from auto` with the default candidates: a notation that reads the
    /// value only in part no longer takes part, so the machine-written value
    /// is read as what it is.
    @Test(arguments: [
        ("1234567,891", "1234567.891"),
        ("1234567.891", "1234567.891"),
        ("1234,567", "1234.567"),
        ("1,234567", "1.234567"),
        ("12,34,567", "1234567"),
        ("1 234 567,5", "1234567.5"),
        ("-0,00", "-0.00"),
        ("-0", "-0"),
    ])
    func auto(input: String, expected: String) {
        #expect(convertAuto(input, messages: true) == expected)
    }

    /// With one candidate, the candidate's own error.
    @Test func autoReportsTheMissingSeparator() {
        #expect(convertAuto("1234567,891", from: ["en_US"], messages: true) == Self.missing(1, "en_US"))
        #expect(convertAuto("1 234567", from: ["fr_FR", "en_US"], messages: true) == Self.missing(5, "fr_FR"))
    }

    /// The shortening of a long reading in an `ambiguous-notation` message.
    @Test func longReadingsAreShortened() {
        var digits = Array("12345678901234567890123".utf8)
        let text = digits.withUnsafeMutableBufferPointer { b in
            AutoNumberConverter.text(
                .init(
                    candidate: 0, negative: true,
                    digits: DigitString(start: b.baseAddress!, integerCount: 20, fractionCount: 3)))
        }
        #expect(text == "-12345678...(20 digits).123")
    }

    /// Negative zero keeps its sign, in the target's minus sign, with its digits as given.
    @Test(arguments: [
        ("-0", "en_US", "-0"),
        ("-0.000", "en_US", "-0.000"),
        ("-0.000", "de_DE", "-0,000"),
        ("-0", "ar_EG", "\u{61C}-٠"),
        ("-0", "eu", "−0"),
        ("-.0", "fr_FR", "-0,0"),
        ("-000", "en_US", "-0"),
        ("0", "en_US", "0"),
        ("+0", "en_US", "0"),
    ])
    func negativeZero(input: String, to: String, expected: String) {
        #expect(convert(input, from: "en_US_POSIX", to: [to]) == expected)
        // (Candidates with a point decimal: de_DE would read `-0.000` as -0, ambiguous.)
        #expect(convertAuto(input, from: ["en_US", "de_CH", "en_IN"], to: [to]) == expected)
    }

    @Test func negativeZeroAsFormatStyleWritesIt() {
        for id in ["en_US", "de_DE", "ar_EG", "eu", "ur_Arab", "fa"] {
            let locale = LocaleID(identifier: id)
            let expected = FloatingPointFormatStyle<Double>(locale: locale.foundation).precision(.fractionLength(2))
                .format(-0.0)
            #expect(convert("-0.00", from: "en_US_POSIX", to: [id]) == expected, "\(id)")
        }
        // Rounding to zero keeps the sign as it did: `-0.001` at two digits is `-0.00`.
        #expect(convert("-0.000", from: "en_US", to: ["en_US"], maxFraction: 0) == "-0")
        #expect(convert("-0", from: "en_US", to: ["en_US"], minFraction: 2) == "-0.00")
    }
}
