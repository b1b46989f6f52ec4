// The amount reader's texts in plain memory: what a mark says, up to 16
// bytes inline, a set of byte values.

/// What a currency mark says, in trivial memory.
struct MarkInfo: Sendable {
    var before: Bool
    var after: Bool
    var isName: Bool
    var currency: Int32
}

/// Up to 16 bytes held inline: a text the amount reader compares against
/// the input without reference counting (longer texts never match).
struct ByteSeq: Sendable, Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count: Int = 0

    init(_ bytes: [UInt8]) {
        guard bytes.count <= 16 else {
            count = -1
            return
        }
        for (k, b) in bytes.enumerated() {
            if k < 8 { low |= UInt64(b) << (8 * UInt64(k)) } else { high |= UInt64(b) << (8 * UInt64(k - 8)) }
        }
        count = bytes.count
    }

    /// The bytes `p[a..<b]` (at most 16), read a word at a time from inside `p`.
    @inline(__always)
    init(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) {
        count = b &- a
        low = Self.word(p, a, min(count, 8))
        if count > 8 { high = Self.word(p, a &+ 8, count &- 8) }
    }

    /// `n` (1 to 8) bytes of `p` from `i` as a little-endian word.
    @inline(__always)
    static func word(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int) -> UInt64 {
        let size = p.count
        let base = p.baseAddress!
        var w: UInt64
        if i &+ 8 <= size {
            w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        } else if size >= 8 {
            let shift = UInt64(truncatingIfNeeded: 8 &* (i &+ 8 &- size))
            w = UnsafeRawPointer(base + (size &- 8)).loadUnaligned(as: UInt64.self)
            w >>= shift
        } else {
            w = 0
            for k in 0..<n { w |= UInt64(base[i &+ k]) << UInt64(8 &* k) }
            return w
        }
        return n == 8 ? w : w & ((1 &<< UInt64(8 &* n)) &- 1)
    }

    /// A slot for these bytes in a table of `size` (a power of two) slots.
    @inline(__always)
    func slot(_ size: Int) -> Int {
        let h = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(size &- 1))
    }

    var isEmpty: Bool { count <= 0 }

    /// The bytes (empty for a text past 16 bytes).
    var bytes: [UInt8] { (0..<max(0, count)).map(byte) }

    @inline(__always)
    func byte(_ k: Int) -> UInt8 {
        k < 8
            ? UInt8(truncatingIfNeeded: low >> (8 * UInt64(k))) : UInt8(truncatingIfNeeded: high >> (8 * UInt64(k - 8)))
    }

    /// Whether these bytes stand at `i` in `p[..<end]`: up to eight bytes
    /// in one load from inside `p` (the buffer's last eight bytes, shifted,
    /// near its end), more byte by byte.
    @inline(__always)
    func matches(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Bool {
        guard count > 0, i >= 0, i &+ count <= end, end <= p.count, let base = p.baseAddress,
            p[i] == UInt8(truncatingIfNeeded: low)
        else { return false }
        let n = p.count
        if count <= 8 && n >= 8 {
            var word: UInt64
            if i &+ 8 <= n {
                word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            } else {
                let last = n &- 8
                word = UnsafeRawPointer(base + last).loadUnaligned(as: UInt64.self)
                word >>= UInt64(truncatingIfNeeded: 8 &* (i &- last))
            }
            let mask: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
            return word & mask == low
        }
        var k = 1
        while k < count {
            if p[i &+ k] != byte(k) { return false }
            k &+= 1
        }
        return true
    }
}

/// A set of byte values, in trivial memory.
struct ByteSet: Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            let bit = UInt64(1) << UInt64(b & 63)
            switch b >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    @inline(__always)
    func contains(_ b: UInt8) -> Bool {
        let word = b < 128 ? (b < 64 ? words.0 : words.1) : (b < 192 ? words.2 : words.3)
        return word &>> UInt64(b & 63) & 1 != 0
    }
}
