/// An error's message, kept small and without a `String` on the error paths
/// of the hot loops: a static template whose holes are filled when the
/// message is written, straight into the error record's bytes (no
/// allocation an error). The holes are written as control bytes:
/// U+0001 the quoted character (see ``quote(_:at:)``), U+0002 and U+0003
/// the first and second number, U+0004 the name (a `String`, such as a
/// locale's), U+0005 the detail (static text). A message given as a
/// `String` is held as that `String`.
///
/// It is a few words: errors travel through typed throws and their
/// results, whose copies on the success paths grow with the error's size.
public struct ErrorText: Sendable, Hashable, CustomStringConvertible {
    /// The template's UTF-8 (static: never freed), `templateCount` bytes;
    /// nil when `long` is the whole message. (Static text, immutable: the
    /// pointers are safe to share.)
    nonisolated(unsafe) private var template: UnsafePointer<UInt8>?
    private var templateCount: UInt32 = 0
    private var detailCount: UInt32 = 0
    nonisolated(unsafe) private var detail: UnsafePointer<UInt8>?
    private var first = 0
    private var second = 0
    /// The quoted character: up to four bytes, their count in the top byte
    /// (``byteNameMark``: `byte 0xHH` of the low byte; ``endMark``: `end of value`;
    /// ``namedMark``: `U+XXXX NAME`, the scalar in the low 32 bits and its
    /// ``UTF8Bytes/CharacterKind`` in the next byte).
    private var quoted: UInt64 = 0
    /// The name, or the whole message when there is no template.
    private var long: LongText?

    static var byteNameMark: UInt64 { 0xFF }
    static var endMark: UInt64 { 0xFE }
    static var namedMark: UInt64 { 0xFD }

    /// The message `text`.
    public init(_ text: String) { long = LongText(text) }

    /// A message from a static template with holes (see the type), and its numbers.
    @inline(__always)
    public init(template: StaticString, _ first: Int = 0, _ second: Int = 0) {
        precondition(template.hasPointerRepresentation, "a template is a string literal")
        self.template = template.utf8Start
        templateCount = UInt32(template.utf8CodeUnitCount)
        self.first = first
        self.second = second
    }

    /// Fills the quote hole with what ``UTF8Bytes/quote(_:at:)`` writes for
    /// `bytes` at `i`: the character in quotes, `byte 0xHH`, `end of value`,
    /// or, for a character that would be invisible or ambiguous in quotes
    /// (a space, an invisible format character, a control character but
    /// TAB, LF and CR, a combining mark), its code point and name
    /// (`U+00A0 NO-BREAK SPACE`; see ``UTF8Bytes/namedKind(_:)``).
    @inline(__always)
    public mutating func quote(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) {
        guard let base = bytes.baseAddress, i < bytes.count else {
            quoted = Self.endMark << 56
            return
        }
        let n = UTF8Bytes.sequenceLength(base, i, bytes.count)
        if n == 0 {
            quoted = Self.byteNameMark << 56 | UInt64(bytes[i])
            return
        }
        let v = UTF8Bytes.scalarValue(base + i, n)
        if let kind = UTF8Bytes.namedKind(v) {
            quoted = Self.namedMark << 56 | UInt64(kind.rawValue) << 32 | UInt64(v)
            return
        }
        var word: UInt64 = 0
        for k in 0..<n { word |= UInt64(base[i + k]) << (8 * UInt64(k)) }
        quoted = UInt64(n) << 56 | word
    }

    /// Adds `delta` to the numbers that are offsets (`offset` before their
    /// hole): the message of a part of a value, read as a message of the whole.
    mutating func shiftOffsets(by delta: Int) {
        guard delta != 0, let template else { return }
        let word = Array("offset ".utf8)
        let n = Int(templateCount)
        var i = 0
        while i + word.count < n {
            var k = 0
            while k < word.count && template[i + k] == word[k] { k += 1 }
            if k == word.count {
                if template[i + k] == 2 { first += delta }
                if template[i + k] == 3 { second += delta }
            }
            i += 1
        }
    }

    /// The named character of the quote hole (see ``namedMark``).
    var namedCharacter: (UInt32, UTF8Bytes.CharacterKind) {
        let kind = UTF8Bytes.CharacterKind(rawValue: UInt8(truncatingIfNeeded: quoted >> 32)) ?? .named
        return (UInt32(truncatingIfNeeded: quoted), kind)
    }

    /// Fills the name hole.
    public mutating func name(_ text: String) { long = LongText(text) }

    /// Fills the detail hole.
    public mutating func detail(_ text: StaticString) {
        precondition(text.hasPointerRepresentation, "a detail is a string literal")
        detail = text.utf8Start
        detailCount = UInt32(text.utf8CodeUnitCount)
    }

    // MARK: Writing

    /// Appends the message, escaped for an error record (see
    /// ``UTF8Bytes/appendEscaped(_:_:_:escapingNUL:into:)``): the template's
    /// own text needs no escape and is copied as it is; the quoted
    /// character and the name are escaped (not at all with `escaping` false).
    public func write<Output: ByteOutput & ~Copyable>(
        escaping: Bool = true, escapingNUL: Bool = false, into out: inout Output
    ) {
        func dynamic(_ p: UnsafePointer<UInt8>, _ count: Int, into out: inout Output) {
            if escaping {
                UTF8Bytes.appendEscaped(p, 0, count, escapingNUL: escapingNUL, into: &out)
            } else {
                out.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
            }
        }
        func name(into out: inout Output) {
            guard var text = long?.string else { return }
            text.withUTF8 { b in if let base = b.baseAddress { dynamic(base, b.count, into: &out) } }
        }
        guard let template else { return name(into: &out) }
        let n = Int(templateCount)
        var i = 0
        while i < n {
            // The text up to the next hole (a byte below 6), eight bytes at a time.
            var run = i
            while n &- run >= 8 {
                let word = UnsafeRawPointer(template + run).loadUnaligned(as: UInt64.self)
                let hole = (word &- 0x0606_0606_0606_0606) & ~word & 0x8080_8080_8080_8080
                if hole != 0 {
                    run &+= hole.trailingZeroBitCount >> 3
                    break
                }
                run &+= 8
            }
            while run < n, template[run] > 5 { run &+= 1 }
            if run > i { out.append(contentsOf: UnsafeBufferPointer(start: template + i, count: run &- i)) }
            if run == n { break }
            switch template[run] {
            case 1:
                let mark = quoted >> 56
                if mark == Self.endMark {
                    Self.append("end of value", into: &out)
                } else if mark == Self.byteNameMark {
                    Self.writeByteName(UInt8(truncatingIfNeeded: quoted), into: &out)
                } else if mark == Self.namedMark {
                    let (v, kind) = namedCharacter
                    out.appendWithUnsafeMutableBytes(maximumCount: UTF8Bytes.namedCharacterBound) {
                        UTF8Bytes.writeNamedCharacter(v, kind, to: $0.baseAddress!)
                    }
                } else {
                    var word = quoted
                    withUnsafeBytes(of: &word) { raw in
                        out.append(UInt8(ascii: "'"))
                        dynamic(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int(mark), into: &out)
                        out.append(UInt8(ascii: "'"))
                    }
                }
            case 2: Self.writeDecimal(first, into: &out)
            case 3: Self.writeDecimal(second, into: &out)
            case 4: name(into: &out)
            default:
                if let detail { out.append(contentsOf: UnsafeBufferPointer(start: detail, count: Int(detailCount))) }
            }
            i = run &+ 1
        }
    }

    // MARK: Writing in place

    /// The most bytes ``writeInPlace(escapingNUL:to:)`` writes, or nil when
    /// it does not apply (a message held as a `String`, or a name in the
    /// name hole): then ``write(escaping:escapingNUL:into:)`` writes it.
    ///
    /// Bound: each byte of the template is written as itself or, a hole,
    /// as at most `max(40, detailCount)` bytes: a number at most 20
    /// (``writeDecimal(_:to:)``), the quote at most 40 (a named character,
    /// ``UTF8Bytes/namedCharacterBound``; `end of value` is 12,
    /// `byte 0xHH` 9, a quoted character at most 6: two quotes and four
    /// bytes, or `\x00`), the detail `detailCount`, the (unset) name nothing.
    @inline(__always)
    var inPlaceBound: Int? {
        guard template != nil, long == nil else { return nil }
        return Int(templateCount) &* max(UTF8Bytes.namedCharacterBound, Int(detailCount))
    }

    /// Writes at `q` the bytes that ``write(escaping:escapingNUL:into:)``
    /// appends with `escaping` true, and returns how many: the template's
    /// text is moved eight bytes at a time, the holes filled in place (no
    /// call an append). Only where ``inPlaceBound`` is not nil, with
    /// ``inPlaceBound`` bytes and eight more of room at `q` (an eight-byte
    /// store may reach seven bytes past what is written, within the bound
    /// and `InPlaceWrite.slack`: every byte stored before the end is one
    /// the template's text puts there, or is overwritten).
    @inline(__always)
    func writeInPlace(escapingNUL: Bool, to q: UnsafeMutablePointer<UInt8>) -> Int {
        let t = template.unsafelyUnwrapped
        let n = Int(templateCount)
        var o = q
        var i = 0
        while i < n {
            if n &- i >= 8 {
                let word = UnsafeRawPointer(t + i).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(o).storeBytes(of: word, as: UInt64.self)
                // The first byte below 6, a hole (exact for the lowest byte).
                let hole = (word &- 0x0606_0606_0606_0606) & ~word & 0x8080_8080_8080_8080
                if hole == 0 {
                    o += 8
                    i &+= 8
                    continue
                }
                let k = hole.trailingZeroBitCount >> 3
                o += k
                i &+= k
            } else {
                while i < n, t[i] > 5 {
                    o.pointee = t[i]
                    o += 1
                    i &+= 1
                }
                if i == n { break }
            }
            switch t[i] {
            case 1: o += writeQuote(escapingNUL: escapingNUL, to: o)
            case 2: o += Self.writeDecimal(first, to: o)
            case 3: o += Self.writeDecimal(second, to: o)
            case 4: break  // (no name: see `inPlaceBound`)
            default:
                if let detail {
                    o.update(from: detail, count: Int(detailCount))
                    o += Int(detailCount)
                }
            }
            i &+= 1
        }
        return o - q
    }

    /// The quote hole at `o`, escaped, as ``write(escaping:escapingNUL:into:)``
    /// writes it: at most ``UTF8Bytes/namedCharacterBound`` bytes, and it
    /// may store 9 (see ``inPlaceBound``).
    @inline(__always)
    func writeQuote(escapingNUL: Bool, to o: UnsafeMutablePointer<UInt8>) -> Int {
        let mark = quoted >> 56
        if mark == Self.namedMark {
            let (v, kind) = namedCharacter
            return UTF8Bytes.writeNamedCharacter(v, kind, to: o)
        }
        if mark == Self.endMark {
            let text: StaticString = "end of value"
            o.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            return text.utf8CodeUnitCount
        }
        if mark == Self.byteNameMark {
            let text: StaticString = "byte 0x"
            o.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            Self.writeHex(UInt8(truncatingIfNeeded: quoted), to: o + text.utf8CodeUnitCount)
            return text.utf8CodeUnitCount &+ 2
        }
        o[0] = UInt8(ascii: "'")
        var k = 1
        if mark == 1 {
            k &+= Self.escapeASCII(UInt8(truncatingIfNeeded: quoted), escapingNUL: escapingNUL, to: o + 1)
        } else {
            // A whole UTF-8 sequence of two to four bytes, written as it is
            // (``quote(_:at:)`` keeps valid sequences only); the store's
            // other bytes are overwritten or past the end.
            UnsafeMutableRawPointer(o + 1).storeBytes(of: quoted, as: UInt64.self)
            k &+= Int(mark)
        }
        o[k] = UInt8(ascii: "'")
        return k &+ 1
    }

    /// Writes the ASCII byte `b` at `o` as an error record does (see
    /// ``UTF8Bytes/appendEscaped(_:_:_:escapingNUL:into:)``) and returns how
    /// many bytes that is: 1, 2 (`\\`, `\t`, `\n`, `\r`) or 4 (`\x00`).
    @inline(__always)
    static func escapeASCII(_ b: UInt8, escapingNUL: Bool, to o: UnsafeMutablePointer<UInt8>) -> Int {
        switch b {
        case UInt8(ascii: "\\"):
            o[0] = b
            o[1] = b
            return 2
        case 0x09, 0x0A, 0x0D:
            o[0] = UInt8(ascii: "\\")
            o[1] = b == 0x09 ? UInt8(ascii: "t") : b == 0x0A ? UInt8(ascii: "n") : UInt8(ascii: "r")
            return 2
        case 0x00 where escapingNUL:
            o[0] = UInt8(ascii: "\\")
            o[1] = UInt8(ascii: "x")
            writeHex(0, to: o + 2)
            return 4
        default:
            o[0] = b
            return 1
        }
    }

    /// Two upper-case hexadecimal digits of `b` at `o`.
    @inline(__always)
    static func writeHex(_ b: UInt8, to o: UnsafeMutablePointer<UInt8>) {
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 55 + nibble }
        o[0] = hex(b >> 4)
        o[1] = hex(b & 0xF)
    }

    @inline(__always)
    static func append<Output: ByteOutput & ~Copyable>(_ text: StaticString, into out: inout Output) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `byte 0xHH`, as ``UTF8Bytes/byteName(_:)`` writes it.
    static func writeByteName<Output: ByteOutput & ~Copyable>(_ b: UInt8, into out: inout Output) {
        append("byte 0x", into: &out)
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 55 + nibble }
        out.append(hex(b >> 4))
        out.append(hex(b & 0xF))
    }

    /// Appends `n` in decimal.
    @inline(__always)
    static func writeDecimal<Output: ByteOutput & ~Copyable>(_ n: Int, into out: inout Output) {
        out.appendWithUnsafeMutableBytes(maximumCount: 20) { writeDecimal(n, to: $0.baseAddress!) }
    }

    /// Writes `n` in decimal at `q` (at most 20 bytes: a sign and 19
    /// digits) and returns how many bytes that is. The digits are counted
    /// by comparisons, then written two a division.
    @inline(__always)
    static func writeDecimal(_ n: Int, to q: UnsafeMutablePointer<UInt8>) -> Int {
        let sign = n < 0 ? 1 : 0
        if n < 0 { q[0] = UInt8(ascii: "-") }
        var magnitude = n.magnitude
        // (A magnitude is at most 2^63, below 10^19: at most 19 digits, and
        // the last power reached, 10^19, fits in 64 bits.)
        var length = 1
        var power: UInt = 10
        while magnitude >= power && length < 19 {
            length &+= 1
            power &*= 10
        }
        var k = sign &+ length
        // Two digits a division by 100; the pair split by a multiplication
        // (`r * 205 >> 11` is `r / 10` for every r below 1029).
        while magnitude >= 100 {
            let pair = magnitude % 100
            magnitude /= 100
            let tens = (pair &* 205) &>> 11
            k &-= 2
            q[k] = UInt8(truncatingIfNeeded: tens) &+ 48
            q[k &+ 1] = UInt8(truncatingIfNeeded: pair &- tens &* 10) &+ 48
        }
        if magnitude >= 10 {
            let tens = (magnitude &* 205) &>> 11
            q[k &- 2] = UInt8(truncatingIfNeeded: tens) &+ 48
            q[k &- 1] = UInt8(truncatingIfNeeded: magnitude &- tens &* 10) &+ 48
        } else {
            q[k &- 1] = UInt8(truncatingIfNeeded: magnitude) &+ 48
        }
        return sign &+ length
    }

    // MARK: As a String

    /// The message's UTF-8.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write(escaping: false, into: &bytes)
        return bytes
    }

    /// The message as a `String`.
    public var description: String {
        if template == nil { return long?.string ?? "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func == (a: ErrorText, b: ErrorText) -> Bool { a.description == b.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

/// A `String` part of a message (see ``ErrorText``), boxed: copying and
/// dropping a message without one costs no more than a null check.
final class LongText: Sendable {
    let string: String

    init(_ string: String) { self.string = string }
}
