/// Byte-level UTF-8 helpers shared by the engine and the tools.
public enum UTF8Bytes {
    /// The length of the valid UTF-8 sequence starting at `i`, or 0 when the
    /// byte at `i` does not start one (overlong forms, surrogates and code
    /// points past U+10FFFF are invalid). `end` bounds the look-ahead.
    @inlinable
    public static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let b0 = p[i]
        if b0 < 0x80 { return 1 }
        if b0 < 0xC2 { return 0 }
        if b0 < 0xE0 {
            return i + 1 < end && p[i + 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if b0 < 0xF0 {
            guard i + 2 < end else { return 0 }
            let b1 = p[i + 1]
            let b2 = p[i + 2]
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return 0 }
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }  // overlong
            if b0 == 0xED && b1 >= 0xA0 { return 0 }  // surrogate
            return 3
        }
        if b0 < 0xF5 {
            guard i + 3 < end else { return 0 }
            let b1 = p[i + 1]
            guard b1 & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80, p[i + 3] & 0xC0 == 0x80 else { return 0 }
            if b0 == 0xF0 && b1 < 0x90 { return 0 }  // overlong
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }  // past U+10FFFF
            return 4
        }
        return 0
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    /// ASCII is skipped eight bytes at a time, and from a word that is not
    /// all ASCII straight to its first non-ASCII byte.
    @inlinable
    public static func firstInvalid(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var i = start
        while end &- i >= 8 {
            let high = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & highBits
            if high == 0 {
                i &+= 8
                continue
            }
            i &+= high.trailingZeroBitCount >> 3
            let n = sequenceLength(p, i, end)
            if n == 0 { return i }
            i &+= n
        }
        // Fewer than eight bytes left: the last eight bytes of the range
        // (some of them read already) as one word.
        if i < end && end &- start >= 8
            && UnsafeRawPointer(p + (end &- 8)).loadUnaligned(as: UInt64.self) & highBits == 0
        {
            return nil
        }
        while i < end {
            if p[i] < 0x80 {
                i &+= 1
                continue
            }
            let n = sequenceLength(p, i, end)
            if n == 0 { return i }
            i &+= n
        }
        return nil
    }

    /// The index of the first `byte` in `p[start..<end]` (-1 when there is
    /// none), and whether everything before it is ASCII: one pass, eight
    /// bytes at a time, for short records where a call to memchr and a
    /// second pass for the check would cost more than the search.
    @inlinable @inline(__always)
    public static func findByte(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let pattern = UInt64(byte) &* ones
        var seen: UInt64 = 0  // the bytes before the hit, or-ed
        var i = start
        while end &- i >= 8 {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let x = word ^ pattern
            // The lowest zero byte of x (the first match) is found exactly.
            let zero = (x &- ones) & ~x & high
            if zero != 0 {
                let bits = zero.trailingZeroBitCount &- 7  // bits below the matching byte
                seen |= word & ((1 &<< UInt64(bits)) &- 1)
                return (i &+ bits >> 3, seen & high == 0)
            }
            seen |= word
            i &+= 8
        }
        while i < end {
            let b = p[i]
            if b == byte { return (i, seen & high == 0) }
            seen |= UInt64(b)
            i &+= 1
        }
        return (-1, false)
    }

    /// Where the run of ASCII digits from `p[start]` ends (at most `end`),
    /// eight bytes at a time while eight remain.
    @inlinable @inline(__always)
    public static func digitsEnd(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while end &- i >= 8 {
            let run = leadingDigits(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            i &+= run
            if run < 8 { return i }
        }
        while i < end, p[i] &- 48 < 10 { i &+= 1 }
        return i
    }

    /// The eight bytes of `p` from `i` as a little-endian word, zeros in
    /// place of those past the end: never a read outside `p`.
    @inlinable @inline(__always)
    public static func load8(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
        let n = p.count
        let base = p.baseAddress!
        if n &- i >= 8 { return UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) }
        if n >= 8 {
            // The last eight bytes, shifted down past those before `i`.
            return UnsafeRawPointer(base + n - 8).loadUnaligned(as: UInt64.self) >> UInt64(8 &* (8 &- (n &- i)))
        }
        var word: UInt64 = 0
        var k = n &- 1
        while k >= i {
            word = word << 8 | UInt64(base[k])
            k &-= 1
        }
        return word
    }

    /// Copies the run of ASCII digits of `p` at `i` to `out + count` eight
    /// bytes at a time, and moves `i` and `count` past it. Reads stay within
    /// `p` (``load8(_:_:)``); each store writes 8 bytes, so `out` must have
    /// room for `count` + the run + 8 bytes.
    @inlinable @inline(__always)
    public static func copyDigitRun(
        _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, to out: UnsafeMutablePointer<UInt8>, _ count: inout Int
    ) {
        var run = 8
        while run == 8 {
            let word = load8(p, i)
            UnsafeMutableRawPointer(out + count).storeBytes(of: word, as: UInt64.self)
            run = leadingDigits(word)
            count &+= run
            i &+= run
        }
    }

    /// How many of the bytes of `word` (little-endian), from the first, are
    /// ASCII digits before one that is not: 0 to 8.
    @inlinable @inline(__always)
    public static func leadingDigits(_ word: UInt64) -> Int {
        // A byte is a digit when x ^ 0x30 is at most 9: adding 0x76 to its low
        // seven bits then leaves the high bit clear (and never carries out).
        let x = word ^ 0x3030_3030_3030_3030
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let notDigit = (((x & low) &+ 0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080
        return notDigit.trailingZeroBitCount >> 3
    }

    /// The high bit of each byte of `word` that equals `byte`, exactly (no
    /// borrow crosses bytes): its population count is how many there are.
    @inlinable @inline(__always)
    public static func bytesEqual(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & low) &+ low) | x | low)
    }

    /// Whether `bytes` are valid UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return firstInvalid(base, 0, bytes.count) == nil
    }

    /// The number of Unicode scalars in the first `byteOffset` bytes: offsets
    /// in messages count characters, not bytes.
    public static func scalarOffset(_ bytes: UnsafeBufferPointer<UInt8>, _ byteOffset: Int) -> Int {
        var n = 0
        for i in 0..<min(byteOffset, bytes.count) where bytes[i] & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// Appends `bytes` escaped for an error record: backslash, TAB, LF and CR
    /// as `\\`, `\t`, `\n`, `\r`, every byte that is not valid UTF-8 as
    /// `\xHH`, and with `escapingNUL` (under `-z`, where NUL ends a record and
    /// a quoted CSV field may hold one) NUL as `\x00`: an error record is
    /// one record of six columns in either mode.
    public static func appendEscaped<Output: ByteOutput & ~Copyable>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escapingNUL: Bool = false, into out: inout Output
    ) {
        var i = start
        while i < end {
            // The run of bytes written as they are (printable ASCII but the
            // backslash), copied whole: eight bytes are tested at a time.
            var run = i
            while end &- run >= 8 {
                let word = UnsafeRawPointer(p + run).loadUnaligned(as: UInt64.self)
                if mayNeedEscape(word) { break }
                run &+= 8
            }
            while run < end, p[run] &- 0x20 < 0x60, p[run] != UInt8(ascii: "\\") { run &+= 1 }
            if run > i {
                out.append(contentsOf: UnsafeBufferPointer(start: p + i, count: run &- i))
                i = run
                if i == end { break }
            }
            let b = p[i]
            switch b {
            case UInt8(ascii: "\\"): out.append(b); out.append(b); i += 1
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t")); i += 1
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n")); i += 1
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r")); i += 1
            case 0x00 where escapingNUL: appendHexEscape(b, into: &out); i += 1
            case 0..<0x80: out.append(b); i += 1
            default:
                let n = sequenceLength(p, i, end)
                if n == 0 {
                    appendHexEscape(b, into: &out)
                    i += 1
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(start: p + i, count: n))
                    i += n
                }
            }
        }
    }

    /// Whether a byte of `word` may be one that an error record escapes or
    /// checks: below 0x20, at or above 0x80, or a backslash. (False means
    /// none is; true may also follow from a borrow past a real one.)
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- 0x20 &* ones) & ~word & high
        let backslash = word ^ (0x5C &* ones)
        return (control | word & high | (backslash &- ones) & ~backslash & high) != 0
    }

    /// Appends the escaped form of a Swift string (messages quote input).
    public static func appendEscaped<Output: ByteOutput & ~Copyable>(
        _ text: String, escapingNUL: Bool = false, into out: inout Output
    ) {
        var copy = text
        copy.withUTF8 { buffer in
            if let base = buffer.baseAddress {
                appendEscaped(base, 0, buffer.count, escapingNUL: escapingNUL, into: &out)
            }
        }
    }

    static func appendHexEscape<Output: ByteOutput & ~Copyable>(_ b: UInt8, into out: inout Output) {
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 55 + nibble }
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "x"))
        out.append(hex(b >> 4))
        out.append(hex(b & 0xF))
    }

    /// A short quotation of the character of `bytes` at `i` for a message,
    /// as ``ErrorText/quote(_:at:)`` writes it: the character in quotes,
    /// `byte 0xHH` for a byte that is not UTF-8 (never a backslash form,
    /// which the error record would escape a second time), `end of value`,
    /// or the code point and name of a character that would be invisible
    /// or ambiguous in quotes (`U+00A0 NO-BREAK SPACE`).
    public static func quote(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        var text = ErrorText(template: "\u{1}")
        text.quote(bytes, at: i)
        return text.description
    }

    /// `byte 0xHH`: a byte named in a message, two upper-case hex digits.
    public static func byteName(_ b: UInt8) -> String {
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (b < 0x10 ? "0" : "") + hex
    }
}
