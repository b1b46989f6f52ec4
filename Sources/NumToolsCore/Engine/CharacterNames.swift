/// Characters a message names instead of printing them, and the Unicode
/// space separators that `--trim` drops.
extension UTF8Bytes {
    // MARK: Unicode space separators (--trim)

    /// The length of the Unicode space separator (general category Zs, but
    /// U+0020) that starts at `p[i]`, before `end`, or 0: U+00A0, U+1680,
    /// U+2000 to U+200A, U+202F, U+205F, U+3000. Only lead bytes 0xC2, 0xE1,
    /// 0xE2 and 0xE3 need a look.
    @inline(__always)
    public static func spaceSeparatorLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let b = p[i]
        if b < 0xC2 { return 0 }
        if b == 0xC2 { return end &- i >= 2 && p[i &+ 1] == 0xA0 ? 2 : 0 }
        guard b &- 0xE1 < 3, end &- i >= 3 else { return 0 }
        return isSpaceSeparator(b, p[i &+ 1], p[i &+ 2]) ? 3 : 0
    }

    /// The length of the Unicode space separator (as
    /// ``spaceSeparatorLength(_:_:_:)``) that ends at `end`, after `start`, or 0.
    @inline(__always)
    public static func spaceSeparatorLength(_ p: UnsafePointer<UInt8>, from start: Int, endingAt end: Int) -> Int {
        let last = p[end &- 1]
        if last < 0x80 { return 0 }
        if end &- start >= 2, last == 0xA0, p[end &- 2] == 0xC2 { return 2 }
        guard end &- start >= 3 else { return 0 }
        return isSpaceSeparator(p[end &- 3], p[end &- 2], last) ? 3 : 0
    }

    /// Whether the value `[start, end)` (not empty) begins or ends with a
    /// Unicode space separator, which `--trim` drops: the fast paths that
    /// hand a whole record to a transform leave such a record to the engine.
    @inline(__always)
    public static func hasSpaceSeparatorAround(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // A space separator starts with C2, E1, E2 or E3 and ends with A0,
        // 80-8A, 9F or AF.
        let first = p[start]
        let last = p[end &- 1]
        if first != 0xC2 && first &- 0xE1 >= 3 && last != 0xA0 && last != 0xAF && last != 0x9F && last &- 0x80 >= 11 {
            return false
        }
        return spaceSeparatorLength(p, start, end) > 0 || spaceSeparatorLength(p, from: start, endingAt: end) > 0
    }

    /// Whether the three bytes are one of the three-byte space separators.
    @inline(__always)
    static func isSpaceSeparator(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch (b0, b1) {
        case (0xE1, 0x9A): b2 == 0x80  // U+1680
        case (0xE2, 0x80): b2 <= 0x8A && b2 >= 0x80 || b2 == 0xAF  // U+2000...U+200A, U+202F
        case (0xE2, 0x81): b2 == 0x9F  // U+205F
        case (0xE3, 0x80): b2 == 0x80  // U+3000
        default: false
        }
    }

    // MARK: Characters named in messages

    /// How a message shows a character that would be invisible or
    /// ambiguous printed in quotes (see ``ErrorText/quote(_:at:)``): nil
    /// for a character printed as it is; otherwise its kind, and for
    /// ``CharacterKind/named`` its name in ``characterName(_:)``.
    static func namedKind(_ v: UInt32) -> CharacterKind? {
        // TAB, LF and CR are quoted as the error record escapes them (`'\t'`).
        if v == 0x09 || v == 0x0A || v == 0x0D { return nil }
        if v < 0x20 || (0x7F...0x9F).contains(v) { return .control }
        if v < 0x7F { return v == 0x20 ? .named : nil }
        if characterName(v) != nil { return .named }
        guard let scalar = Unicode.Scalar(v) else { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .combiningMark
        case .format: return .format
        default: return nil  // (every space, line and paragraph separator is in the table)
        }
    }

    /// What a named character is written as, after `U+XXXX `.
    enum CharacterKind: UInt8 {
        /// Its name from ``characterName(_:)``.
        case named
        /// `(a control character)`.
        case control
        /// `(a combining mark)`, for a mark that stands alone (or leads).
        case combiningMark
        /// `(a format character)`, for an invisible format character not in the table.
        case format

        var text: StaticString {
            switch self {
            case .named: ""
            case .control: "(a control character)"
            case .combiningMark: "(a combining mark)"
            case .format: "(a format character)"
            }
        }
    }

    /// The Unicode name of the spaces, the invisible format characters and
    /// the line and paragraph separators that messages name, or nil.
    static func characterName(_ v: UInt32) -> StaticString? {
        switch v {
        case 0x20: "SPACE"
        case 0xA0: "NO-BREAK SPACE"
        case 0xAD: "SOFT HYPHEN"
        case 0x61C: "ARABIC LETTER MARK"
        case 0x1680: "OGHAM SPACE MARK"
        case 0x180E: "MONGOLIAN VOWEL SEPARATOR"
        case 0x2000: "EN QUAD"
        case 0x2001: "EM QUAD"
        case 0x2002: "EN SPACE"
        case 0x2003: "EM SPACE"
        case 0x2004: "THREE-PER-EM SPACE"
        case 0x2005: "FOUR-PER-EM SPACE"
        case 0x2006: "SIX-PER-EM SPACE"
        case 0x2007: "FIGURE SPACE"
        case 0x2008: "PUNCTUATION SPACE"
        case 0x2009: "THIN SPACE"
        case 0x200A: "HAIR SPACE"
        case 0x200B: "ZERO WIDTH SPACE"
        case 0x200C: "ZERO WIDTH NON-JOINER"
        case 0x200D: "ZERO WIDTH JOINER"
        case 0x200E: "LEFT-TO-RIGHT MARK"
        case 0x200F: "RIGHT-TO-LEFT MARK"
        case 0x2028: "LINE SEPARATOR"
        case 0x2029: "PARAGRAPH SEPARATOR"
        case 0x202A: "LEFT-TO-RIGHT EMBEDDING"
        case 0x202B: "RIGHT-TO-LEFT EMBEDDING"
        case 0x202C: "POP DIRECTIONAL FORMATTING"
        case 0x202D: "LEFT-TO-RIGHT OVERRIDE"
        case 0x202E: "RIGHT-TO-LEFT OVERRIDE"
        case 0x202F: "NARROW NO-BREAK SPACE"
        case 0x205F: "MEDIUM MATHEMATICAL SPACE"
        case 0x2060: "WORD JOINER"
        case 0x2061: "FUNCTION APPLICATION"
        case 0x2062: "INVISIBLE TIMES"
        case 0x2063: "INVISIBLE SEPARATOR"
        case 0x2064: "INVISIBLE PLUS"
        case 0x2066: "LEFT-TO-RIGHT ISOLATE"
        case 0x2067: "RIGHT-TO-LEFT ISOLATE"
        case 0x2068: "FIRST STRONG ISOLATE"
        case 0x2069: "POP DIRECTIONAL ISOLATE"
        case 0x3000: "IDEOGRAPHIC SPACE"
        case 0xFEFF: "ZERO WIDTH NO-BREAK SPACE"
        default: nil
        }
    }

    /// The most bytes a named character takes in a message: `U+` and up to
    /// six hexadecimal digits, a space, and the longest name or kind
    /// (`POP DIRECTIONAL FORMATTING`, 26): 35, bounded by 40.
    static var namedCharacterBound: Int { 40 }

    /// Writes `U+XXXX NAME` (at least four hexadecimal digits) for the
    /// scalar `v` of kind `kind` at `o` and returns how many bytes that is,
    /// at most ``namedCharacterBound``.
    static func writeNamedCharacter(_ v: UInt32, _ kind: CharacterKind, to o: UnsafeMutablePointer<UInt8>) -> Int {
        o[0] = UInt8(ascii: "U")
        o[1] = UInt8(ascii: "+")
        var digits = 4
        while digits < 6, v >> (4 * UInt32(digits)) != 0 { digits += 1 }
        for k in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: v >> (4 * UInt32(digits - 1 - k))) & 0xF
            o[2 + k] = nibble < 10 ? 48 + nibble : 55 + nibble
        }
        var at = 2 + digits
        o[at] = UInt8(ascii: " ")
        at += 1
        let text = kind == .named ? characterName(v) ?? "" : kind.text
        o.advanced(by: at).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return at + text.utf8CodeUnitCount
    }

    /// The scalar value of the valid UTF-8 sequence of `n` (1 to 4) bytes at `p`.
    static func scalarValue(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt32 {
        switch n {
        case 1: return UInt32(p[0])
        case 2: return UInt32(p[0] & 0x1F) << 6 | UInt32(p[1] & 0x3F)
        case 3: return UInt32(p[0] & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
        default:
            return UInt32(p[0] & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6
                | UInt32(p[3] & 0x3F)
        }
    }
}
