import Foundation
import Testing

@testable import NumToolsCore

private func width(_ text: String) -> Int {
    Array(text.utf8).withUnsafeBufferPointer { DisplayWidth.of($0) }
}

@Suite struct DisplayWidthTests {
    /// What a terminal shows: wide characters 2, marks, bidi marks and
    /// controls 0, the rest 1; the values of the tools line up by it.
    @Test(
        arguments: [
            ("", 0),
            ("1,234", 5),
            ("1234567890123456789", 19),  // (eight bytes at a time, then one by one)
            ("₩1,235", 6),  // U+20A9 WON SIGN is narrow (EastAsianWidth H)
            ("￦1,235", 7),  // U+FFE6 FULLWIDTH WON SIGN is wide
            ("1.2억", 5),  // a Hangul syllable is wide
            ("1,235원", 7),
            ("\u{1100}\u{1161}", 2),  // leading consonant 2, vowel jamo 0
            ("1.2億", 5),
            ("12万", 4),
            ("１２３", 6),  // fullwidth digits
            ("¥1,235", 6),
            ("\u{200F}١٬٢٣٤٫٥٦\u{00A0}ج.م.\u{200F}", 13),  // the RLMs count 0
            ("١٬٢٣٤٫٥٦\u{00A0}ج.م.", 13),
            ("\u{061C}-١٢", 3),  // U+061C ARABIC LETTER MARK
            ("\u{2066}12\u{2069}", 2),  // isolates
            ("a\u{200D}b\u{200C}c\u{FEFF}\u{200B}", 3),  // ZWJ, ZWNJ, BOM, ZWSP
            ("e\u{0301}", 1),  // combining acute (Mn)
            ("Cafe\u{0301} 12", 7),
            ("\u{20DD}", 0),  // combining enclosing circle (Me)
            ("1\u{202F}234,5", 7),  // NARROW NO-BREAK SPACE is 1
            ("1’234.5", 7),
            ("\u{00AD}", 1),  // SOFT HYPHEN is drawn
            ("\u{0600}1", 2),  // a prepended concatenation mark is drawn
            ("a\tb\u{7F}\u{85}", 2),  // controls 0
            ("😀1", 3),  // emoji presentation is wide
            ("\u{3000}", 2),  // IDEOGRAPHIC SPACE
            ("\u{3099}", 0),  // a wide combining mark: combining wins
            ("\u{9FFF}\u{2A6DF}\u{3FFFD}", 6),  // unassigned in the CJK blocks: wide
            ("१,२३४", 5),  // Devanagari digits
            ("12 345,67\u{00A0}€", 11),
        ])
    func widths(text: String, expected: Int) {
        #expect(width(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// The word-at-a-time paths (eight bytes, then the last eight) against
    /// the width of each scalar: ASCII of every length to 24 with a control,
    /// a mark, a wide or a narrow non-ASCII character at each position, and
    /// counted from past bytes that are not ASCII (no word may reach back
    /// before the start).
    @Test func wordsAgreeWithScalars() {
        func reference(_ text: String) -> Int {
            text.unicodeScalars.reduce(0) { sum, s in
                sum + (s.value < 0x80 ? (s.value >= 0x20 && s.value != 0x7F ? 1 : 0) : DisplayWidth.of(scalar: s.value))
            }
        }
        for length in 0...24 {
            for position in -1..<length {
                for odd in ["\t", "\u{7F}", "é", "가", "\u{200F}", "\u{0301}"] {
                    var scalars = (0..<length).map { String(UnicodeScalar(UInt8(0x21 + $0 % 90))) }
                    if position >= 0 { scalars[position] = odd }
                    let text = scalars.joined()
                    #expect(width(text) == reference(text), "\(text.debugDescription)")
                    let prefixed = Array(("가\u{7}" + text).utf8)
                    let got = prefixed.withUnsafeBufferPointer { DisplayWidth.of($0.baseAddress!, 4, $0.count) }
                    #expect(got == reference(text), "after a prefix: \(text.debugDescription)")
                }
            }
        }
    }

    /// A value with its bidi marks is as wide as without them.
    @Test func bidiMarksAddNothing() {
        for text in ["١٬٢٣٤٫٥٦ ج.م.", "‎-1,234", "12", "₪1,234.56"] {
            let marked = "\u{200F}" + text + "\u{200E}\u{061C}"
            #expect(width(marked) == width(text), "\(text)")
        }
    }

    /// The table: sorted, disjoint, widths 0 and 2 only, nothing below
    /// U+0300 but the controls (the fast path's assumption), and its
    /// wide ranges agree with Foundation's scalar properties where those
    /// say a character is a combining mark or a format character.
    @Test func tableIsWellFormed() {
        var previous: UInt32? = nil
        for range in displayWidthRanges {
            let lo = UInt32(truncatingIfNeeded: range >> 32)
            let hi = UInt32(truncatingIfNeeded: range >> 1) & 0x1F_FFFF
            #expect(lo <= hi && hi <= 0x10FFFF)
            if let previous { #expect(lo > previous, "ranges overlap or are unsorted at \(lo)") }
            previous = hi
            if lo < 0x300 { #expect(range & 1 == 0 && (hi < 0x20 || lo >= 0x7F && hi < 0xA0)) }
        }
        #expect(displayWidthRanges.count > 300)
        #expect(DisplayWidth.unicodeVersion.hasPrefix("1"))
        // Every assigned Mn and Me scalar of the BMP that the table's Unicode
        // version knows counts 0.
        for value in UInt32(0x300)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major <= 14 else {
                continue
            }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark {
                #expect(DisplayWidth.of(scalar: value) == 0, "U+\(String(value, radix: 16))")
            }
        }
        for value: UInt32 in [0xAC00, 0xD7A3, 0x1100, 0x115F, 0x4E00, 0x3042, 0xFF10, 0x1F600] {
            #expect(DisplayWidth.of(scalar: value) == 2, "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x20A9, 0x0041, 0x00E9, 0x0660, 0x20AC, 0xFFFD, 0x10FFFF] {
            #expect(DisplayWidth.of(scalar: value) == 1, "U+\(String(value, radix: 16))")
        }
    }

    /// The printable-ASCII word test, against the byte rule.
    @Test func printableWords() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if Bool.random(using: &generator) {
                bytes[Int.random(in: 0..<8, using: &generator)] = UInt8.random(in: 0...0xFF, using: &generator)
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(DisplayWidth.isPrintableASCII(word) == bytes.allSatisfy { (0x20...0x7E).contains($0) }, "\(bytes)")
        }
    }
}
