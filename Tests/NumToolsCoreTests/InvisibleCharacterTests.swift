import Foundation
import Testing

@testable import NumToolsCore

/// Issue 26: `--trim` drops the Unicode space separators around a value,
/// and messages name the characters that would be invisible in quotes.
@Suite struct UnicodeSpaceTrimTests {
    static let spaces: [UInt32] = [0xA0, 0x1680] + Array(0x2000...0x200A) + [0x202F, 0x205F, 0x3000]

    /// Every Zs character but U+0020 is a space separator, forwards and
    /// backwards; the characters next to them in the tables are not.
    @Test func spaceSeparatorsAreTheZsCharacters() {
        for v in 0x80...0x3100 as ClosedRange<UInt32> {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let utf8 = Array(String(Character(scalar)).utf8)
            let isZs = scalar.properties.generalCategory == .spaceSeparator
            #expect(Self.spaces.contains(v) == isZs, "U+\(String(v, radix: 16))")
            let text = Array("1".utf8) + utf8 + Array("2".utf8)
            text.withUnsafeBufferPointer { b in
                let p = b.baseAddress!
                #expect(UTF8Bytes.spaceSeparatorLength(p, 1, b.count) == (isZs ? utf8.count : 0))
                #expect(
                    UTF8Bytes.spaceSeparatorLength(p, from: 1, endingAt: 1 + utf8.count) == (isZs ? utf8.count : 0))
                #expect(UTF8Bytes.hasSpaceSeparatorAround(p, 1, 1 + utf8.count) == isZs)
            }
        }
    }

    /// The engine with --trim drops them around a value, mixed with spaces
    /// and tabs; without --trim the value is handed over with them.
    @Test(arguments: [
        ("\u{A0}12\u{202F}\n", true, "<12>\n"),
        (" \u{2009}\t12 \u{3000}\u{A0}\n", true, "<12>\n"),
        ("\u{1680}\u{2000}\u{200A}\u{205F}12\n", true, "<12>\n"),
        ("\u{A0}12\n", false, "<\u{A0}12>\n"),
        (" \u{A0}12 \n", false, " <\u{A0}12> \n"),
        // Inside the value they stay.
        ("1\u{A0}2\n", true, "<1\u{A0}2>\n"),
        // Not a space separator: kept.
        ("\u{200B}12\n", true, "<\u{200B}12>\n"),
        // A value of them alone is blank: it passes through unchanged.
        ("\u{A0}\u{202F}\n", true, "\u{A0}\u{202F}\n"),
    ])
    func engineTrims(input: String, trim: Bool, expected: String) throws {
        for chunk in chunkSizes {
            let result = try runEngine(bytes(input), config(trim: trim), chunkSize: chunk, transform: Bracket())
            #expect(String(decoding: result.output, as: UTF8.self) == expected, "chunk \(chunk)")
        }
    }

    @Test func fieldsAndCSV() throws {
        let tsv = try runEngine(
            bytes("a\u{A0}\t\u{A0}1 \n"), config(fields: "2", trim: true), chunkSize: 1 << 16, transform: Bracket())
        #expect(String(decoding: tsv.output, as: UTF8.self) == "a\u{A0}\t<1>\n")
        let csv = try runEngine(
            bytes("\"\u{2009}1\u{A0}\",2\n"), config(fields: "1", csv: true, trim: true), chunkSize: 1 << 16,
            transform: Bracket())
        #expect(String(decoding: csv.output, as: UTF8.self) == "<1>,2\n")
        // A quoted field of them alone passes through as it was, quotes included.
        let blank = try runEngine(
            bytes("\"\u{A0}\",2\n"), config(fields: "1", csv: true, trim: true), chunkSize: 1 << 16,
            transform: Bracket())
        #expect(String(decoding: blank.output, as: UTF8.self) == "\"\u{A0}\",2\n")
    }

    /// numgroup's whole-record lanes (plain numbers, the error records
    /// written in the block, and single records) leave such a record to
    /// the engine, which trims it, and -j as well.
    @Test func numgroupLanes() throws {
        var input = ""
        for i in 0..<300 { input += "1234\n\u{A0}5678\u{202F}\n-\u{2009}\n" + (i % 7 == 0 ? "x1\n" : "") }
        let grouper = DigitGrouper(style: GroupingStyle())
        let result = try runEngine(bytes(input), config(trim: true), chunkSize: 1 << 16, transform: grouper)
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0 == "5,678" }.count == 300)
        #expect(lines.filter { $0 == "1,234" }.count == 300)
        // `-` alone, trimmed: no digits (not a character error at the space).
        #expect(lines.filter { $0.contains("\tno-digits\t") }.count == 300)
        #expect(!lines.contains { $0.contains("NO-BREAK") || $0.contains("THIN SPACE") })
        // Without --trim the spaces are part of the value: an error that names them.
        let kept = try runEngine(
            bytes("\u{A0}5678\n"), config(), chunkSize: 1 << 16, transform: DigitGrouper(style: GroupingStyle()))
        #expect(
            String(decoding: kept.output, as: UTF8.self)
                == "error\t1\t0\tinvalid-character\tU+00A0 NO-BREAK SPACE at offset 0 is not a digit, grouping separator or decimal point\t\u{A0}5678\n"
        )
    }
}

@Suite struct NamedCharacterTests {
    static func quoted(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { UTF8Bytes.quote($0, at: 0) }
    }

    @Test(arguments: [
        ("\u{20}", "U+0020 SPACE"),
        ("\u{A0}", "U+00A0 NO-BREAK SPACE"),
        ("\u{202F}", "U+202F NARROW NO-BREAK SPACE"),
        ("\u{2009}", "U+2009 THIN SPACE"),
        ("\u{3000}", "U+3000 IDEOGRAPHIC SPACE"),
        ("\u{200B}", "U+200B ZERO WIDTH SPACE"),
        ("\u{FEFF}", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("\u{202E}", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u{2066}", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("\u{061C}", "U+061C ARABIC LETTER MARK"),
        ("\u{2028}", "U+2028 LINE SEPARATOR"),
        ("\u{AD}", "U+00AD SOFT HYPHEN"),
        ("\u{0}", "U+0000 (a control character)"),
        ("\u{1B}", "U+001B (a control character)"),
        ("\u{7F}", "U+007F (a control character)"),
        ("\u{85}", "U+0085 (a control character)"),
        ("\u{301}", "U+0301 (a combining mark)"),
        ("\u{20DD}", "U+20DD (a combining mark)"),
        ("\u{E0001}", "U+E0001 (a format character)"),
        // Printed as they are: visible characters, and TAB, LF and CR,
        // which the error record escapes (`\t`).
        ("a", "'a'"), ("é", "'é'"), ("€", "'€'"), ("\u{2212}", "'\u{2212}'"), ("\t", "'\t'"), ("\n", "'\n'"),
    ])
    func quotes(character: String, expected: String) {
        #expect(Self.quoted(character) == expected)
    }

    /// Every name and kind fits the bound the in-place writer reserves, and
    /// the in-place writer writes what the appending one does.
    @Test func inPlaceMatchesAppend() {
        var values: [UInt32] = [0, 0x1B, 0x20, 0x7F, 0x85, 0x301, 0xE0001, 0x10FFFD]
        values += (0...0xFFFF).filter { UTF8Bytes.characterName($0) != nil }
        for v in values {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let utf8 = Array(String(Character(scalar)).utf8)
            var text = ErrorText(template: "\u{1} at offset \u{2}", 7)
            utf8.withUnsafeBufferPointer { text.quote($0, at: 0) }
            var appended: [UInt8] = []
            text.write(into: &appended)
            let bound = text.inPlaceBound!
            #expect(bound >= appended.count)
            var buffer = [UInt8](repeating: 0, count: bound + 8)
            let n = buffer.withUnsafeMutableBufferPointer { text.writeInPlace(escapingNUL: true, to: $0.baseAddress!) }
            #expect(Array(buffer[0..<n]) == appended, "U+\(String(v, radix: 16))")
            if UTF8Bytes.namedKind(v) != nil {
                #expect(n - " at offset 7".utf8.count <= UTF8Bytes.namedCharacterBound)
            }
        }
    }

    /// The messages of the tools quote through it: numgroup, numconv, coinfmt.
    @Test func inMessages() throws {
        var g = DigitGrouper(style: GroupingStyle())
        #expect(
            throws: ValueError(
                .number(.invalidCharacter),
                "U+00A0 NO-BREAK SPACE at offset 6 is not a digit, grouping separator or decimal point")
        ) {
            _ = try g("123456\u{A0}")
        }
        #expect(
            throws: ValueError(
                .number(.invalidCharacter),
                "U+0020 SPACE at offset 2 is not a digit, grouping separator or decimal point")
        ) {
            _ = try g("12 34")
        }
    }
}

/// The message's end when -l reads a machine number (issue 26).
private func hinted(_ message: String, _ id: String) -> String {
    message + "; -l sets how input is read too: for a machine number, use numconv --from C --to " + id
}

private let machineNumberCases: [(String?, String, String)] = [
    (
        "de_DE", "5840.4",
        hinted("misplaced-grouping: grouping separator at offset 4 does not fit de_DE grouping", "de_DE")
    ),
    (
        "de_DE", "-5.5",
        hinted("misplaced-grouping: grouping separator at offset 2 does not fit de_DE grouping", "de_DE")
    ),
    (
        "de-DE", "+1234.50",
        hinted("misplaced-grouping: grouping separator at offset 5 does not fit de-DE grouping", "de-DE")
    ),
    (
        "it_IT", "12.34",
        hinted("misplaced-grouping: grouping separator at offset 2 does not fit it_IT grouping", "it_IT")
    ),
    (
        "fr_FR", "5840.4",
        hinted(
            "invalid-character: '.' at offset 4 is not a digit, grouping separator or decimal point of fr_FR", "fr_FR")
    ),
    // A machine number whose one `.` lacks the separators before it (issue 25's
    // rule), with the same words.
    (
        "de_DE", "1234567.891",
        hinted("misplaced-grouping: grouping separator missing at offset 1, where de_DE grouping puts one", "de_DE")
    ),
    (
        "de_DE", "1234.567",
        hinted("misplaced-grouping: grouping separator missing at offset 1, where de_DE grouping puts one", "de_DE")
    ),
    (
        "de_DE", "1234.567,5",
        "misplaced-grouping: grouping separator missing at offset 1, where de_DE grouping puts one"
    ),
    // Not a machine number: the message as before.
    ("de_DE", "12.3.4", "misplaced-grouping: grouping separator at offset 2 does not fit de_DE grouping"),
    ("de_DE", "1.23.456", "misplaced-grouping: grouping separator at offset 1 does not fit de_DE grouping"),
    ("de_DE", ".5", "misplaced-grouping: grouping separator at offset 0 does not fit de_DE grouping"),
    ("de_DE", "5.", "misplaced-grouping: grouping separator at offset 1 does not fit de_DE grouping"),
    ("de_DE", "1.5e3", "invalid-character: 'e' at offset 3 is not a digit, grouping separator or decimal point"),
    ("fr_FR", "5.a", "invalid-character: '.' at offset 1 is not a digit, grouping separator or decimal point"),
    ("fr_FR", "1.2.3", "invalid-character: '.' at offset 1 is not a digit, grouping separator or decimal point"),
    // Grouped as de_DE reads it: no error.
    ("de_DE", "1.234", "1.234"),
    // Not a locale's style: no -l to speak of.
    (nil, "1,23", "misplaced-grouping: grouping separator at offset 1 does not fit 3-digit grouping"),
]

/// Issue 26: `numgroup -l de_DE 5840.4` says that -l sets how input is read too.
@Suite struct MachineNumberHintTests {
    static func message(_ id: String?, _ input: String) -> String {
        let style = id.map { GroupingStyle(locale: LocaleID(identifier: $0), identifier: $0) } ?? GroupingStyle()
        var g = DigitGrouper(style: style)
        do throws(ValueError) {
            return try g(input)
        } catch {
            return error.code.name + ": " + error.message
        }
    }

    @Test(arguments: machineNumberCases)
    func hint(id: String?, input: String, expected: String) {
        #expect(Self.message(id, input) == expected)
    }
}

/// Issue 26: in --text, a string whose whole content is a number and a
/// number right after `#` are identifiers; numbers in prose are grouped.
@Suite struct TextIdentifierTests {
    static func groupText(_ input: String) -> String {
        var g = DigitGrouper(style: GroupingStyle(), mode: .text(minimumDigits: 5))
        return (try? g(input)) ?? "error"
    }

    @Test(arguments: [
        ("{\"id\":\"12345\"}", "{\"id\":\"12345\"}"),
        ("{\"id\": \"-12345.5\", \"n\": \"+123456\"}", "{\"id\": \"-12345.5\", \"n\": \"+123456\"}"),
        ("{\"12345\": 1}", "{\"12345\": 1}"),
        ("{\"msg\":\"moved 50000 rows\"}", "{\"msg\":\"moved 50,000 rows\"}"),
        ("{\"msg\":\"12345 rows\"}", "{\"msg\":\"12,345 rows\"}"),
        ("{\"msg\":\"rows: 12345\"}", "{\"msg\":\"rows: 12,345\"}"),
        ("{\"msg\":\" 12345 \"}", "{\"msg\":\" 12,345 \"}"),
        ("{\"id\":\"A12345\"}", "{\"id\":\"A12345\"}"),
        ("order #12345 shipped, 123456 items", "order #12345 shipped, 123,456 items"),
        ("#12345 at the start", "#12345 at the start"),
        ("{\"o\":\"order #12345\"}", "{\"o\":\"order #12345\"}"),
        ("# 12345 is not right after", "# 12,345 is not right after"),
        ("he said \"123456\" twice", "he said \"123456\" twice"),
        ("'123456'", "'123,456'"),
    ])
    func identifiers(input: String, expected: String) {
        #expect(Self.groupText(input) == expected)
    }
}
