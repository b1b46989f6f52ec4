import Foundation
import Testing

@testable import NumToolsCore

/// numconv.1: bidi marks (U+200E, U+200F, U+061C) are ignored wherever they
/// stand. FormatStyle is the oracle: what it writes in every locale reads
/// back as the value, and so does the same text with a bidi mark inserted at
/// any place, or with its own bidi marks removed.
@Suite struct BidiMarkTests {
    static let marks: [Unicode.Scalar] = ["\u{200E}", "\u{200F}", "\u{061C}"]

    func reading(_ parser: LocaleNumberParser, _ text: String) -> String {
        var number = ParsedNumber()
        let bytes = Array(text.utf8)
        do throws(ValueError) {
            try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try parser.parse(b, into: &number) }
        } catch {
            return "error:" + error.code.name
        }
        return (number.negative ? "-" : "") + String(decoding: number.integer, as: UTF8.self) + "."
            + String(decoding: number.fraction, as: UTF8.self)
    }

    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func formatStyleOutputReadsBackWithBidiMarksAnywhere(style: LocaleNumberFormat.Style) {
        let values = [("1234567.5", "1234567.5"), ("-1234567.5", "-1234567.5"), ("12.5", "12.5"), ("-0.5", "-0.5")]
        var failures: [String] = []
        var withMarks = Set<String>()
        for id in Locale.availableIdentifiers.sorted() {
            let locale = LocaleID(identifier: id)
            let parser = LocaleNumberParser(format: LocaleNumberFormat(locale: locale, style: style))
            for (value, expected) in values {
                let written = oracle(locale, style, value, fraction: 1)
                let scalars = Array(written.unicodeScalars)
                if scalars.contains(where: { Self.marks.contains($0) }) { withMarks.insert(id) }
                var variants = [written, String(String.UnicodeScalarView(scalars.filter { !Self.marks.contains($0) }))]
                // A mark at every place, the three in turn.
                for k in 0...scalars.count {
                    var s = scalars
                    s.insert(Self.marks[(k + value.count) % 3], at: k)
                    variants.append(String(String.UnicodeScalarView(s)))
                }
                for text in variants {
                    let got = reading(parser, text)
                    if got != expected {
                        failures.append(
                            "\(id) \(style) \(text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()): \(got)")
                    }
                }
            }
        }
        // Locales whose own output carries bidi marks are among them (ar, fa, he, ...).
        #expect(withMarks.count > 10, "\(withMarks.sorted())")
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(12))")
    }

    @Test(arguments: [
        ("eu", "%\u{200F}\u{A0}12,5", "12.5"),
        ("eu", "-%\u{200F}\u{A0}12,5", "-12.5"),
        ("eu", "%\u{A0}\u{200F}12,5", "12.5"),
        ("blo", "%\u{200F}\u{A0}12,5", "12.5"),
        ("ar_EG", "\u{61C}-١٢٫٥\u{61C}٪\u{61C}", "-12.5"),
    ])
    func percentWithBidiMarks(id: String, input: String, expected: String) {
        let parser = LocaleNumberParser(format: LocaleNumberFormat(locale: LocaleID(identifier: id), style: .percent))
        #expect(reading(parser, input) == expected)
    }
}
