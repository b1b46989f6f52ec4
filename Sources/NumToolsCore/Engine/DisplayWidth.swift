/// How many terminal columns text takes (`--width`): East Asian Wide and
/// Fullwidth characters 2, combining marks, format characters (the bidi
/// marks among them) and controls 0, everything else 1, as wcwidth(3)
/// counts; the table is generated (``displayWidthRanges``, from the
/// toolchain ICU's Unicode data by numtools-datagen display-width, whose
/// rules are NumToolsLocaleOracle's `DisplayWidthOracle`). It reads bytes: no `String`.
public enum DisplayWidth {
    /// The Unicode version of the table.
    public static var unicodeVersion: String { displayWidthUnicodeVersion }

    /// The display width of the UTF-8 bytes `[start, end)`. A byte that
    /// starts no valid sequence counts 1 (the engine pads only valid UTF-8).
    @inline(__always)
    public static func of(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        // Printable ASCII, eight bytes at a time: each counts 1.
        while end &- i >= 8 {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            guard isPrintableASCII(word) else { break }
            i &+= 8
        }
        // The last bytes, when every word before was printable and fewer
        // than eight are left: in one word that ends at `end` (it starts at
        // or after `start`, and overlaps only bytes already counted).
        let left = end &- i
        if left > 0 && left < 8 && i > start,
            isPrintableASCII(UnsafeRawPointer(p + (end &- 8)).loadUnaligned(as: UInt64.self))
        {
            return end &- start
        }
        var width = i &- start
        while i < end {
            let b = p[i]
            if b < 0x80 {
                if b >= 0x20 && b != 0x7F { width &+= 1 }
                i &+= 1
                continue
            }
            let n = UTF8Bytes.sequenceLength(p, i, end)
            guard n > 0 else {
                width &+= 1
                i &+= 1
                continue
            }
            width &+= of(scalar: decode(p, i, n))
            i &+= n
        }
        return width
    }

    /// The display width of `bytes` (see ``of(_:_:_:)``).
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return of(base, 0, bytes.count)
    }

    /// Whether each byte of `word` is printable ASCII (0x20 to 0x7E).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        // With every high bit clear, no lane carries: x + 0x60 keeps its
        // high bit clear exactly when x < 0x20, and x + 1 sets it when x is 0x7F.
        guard word & high == 0 else { return false }
        let control = ~(word &+ 0x6060_6060_6060_6060) | (word &+ 0x0101_0101_0101_0101)
        return control & high == 0
    }

    /// The code point of the valid `n`-byte sequence at `i` (n ≥ 2).
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> UInt32 {
        let b0 = UInt32(p[i])
        let b1 = UInt32(p[i &+ 1] & 0x3F)
        switch n {
        case 2: return (b0 & 0x1F) << 6 | b1
        case 3: return (b0 & 0x0F) << 12 | b1 << 6 | UInt32(p[i &+ 2] & 0x3F)
        default:
            return (b0 & 0x07) << 18 | b1 << 12 | UInt32(p[i &+ 2] & 0x3F) << 6 | UInt32(p[i &+ 3] & 0x3F)
        }
    }

    /// The display width of one code point: 0, 1 or 2.
    public static func of(scalar: UInt32) -> Int {
        // Below U+0300 only the controls are not 1 (the generator checks it).
        if scalar < 0x300 { return scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0) ? 0 : 1 }
        // The last range that starts at or before the scalar.
        let table = displayWidthRanges
        var lo = 0
        var hi = table.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if UInt32(truncatingIfNeeded: table[mid] >> 32) <= scalar { lo = mid &+ 1 } else { hi = mid }
        }
        guard lo > 0 else { return 1 }
        let range = table[lo &- 1]
        guard scalar <= UInt32(truncatingIfNeeded: range >> 1) & 0x1F_FFFF else { return 1 }
        return range & 1 == 1 ? 2 : 0
    }
}
