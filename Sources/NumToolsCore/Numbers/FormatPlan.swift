// @unchecked Sendable, safely: its pointers are read-only views of a
// storage's tables, which are never written after the storage's `init`;
// whoever keeps a plan keeps its storage too (a ``LocaleNumberFormat``
// holds the storage that holds the plan; `NumberConverter.targets` keeps
// the storages of `NumberConverter.plans`).
/// The hot path's view of a ``LocaleNumberFormatStorage``: plain numbers and
/// raw pointers into the storage (which must outlive it), so that writing a
/// number retains nothing.
struct FormatPlan: @unchecked Sendable {
    /// A byte string of the format: up to 8 bytes as a little-endian word
    /// written with one store, a longer one copied from the blob.
    struct Piece {
        var code: UInt64
        var offset: Int
        var count: Int

        init(_ bytes: [UInt8], offset: Int) {
            code = littleEndianCode(bytes)
            self.offset = offset
            count = bytes.count
        }
    }

    let blob: UnsafePointer<UInt8>
    let digitCodes: UnsafePointer<UInt32>
    let digitPairs: UnsafePointer<UInt64>
    let digitWidth: Int
    let grouping: Grouping
    let decimal: Piece, group: Piece
    /// The prefix and suffix of a positive number, of a negative one, of
    /// one with a plus sign: picked by index, not compared field by field.
    let affixes: UnsafePointer<Piece>

    init(
        blob: UnsafeMutablePointer<UInt8>, digitCodes: UnsafeMutablePointer<UInt32>,
        digitPairs: UnsafeMutablePointer<UInt64>, digitWidth: Int,
        grouping: Grouping, decimal: Piece, group: Piece, affixes: UnsafeMutablePointer<Piece>
    ) {
        self.blob = UnsafePointer(blob)
        self.digitCodes = UnsafePointer(digitCodes)
        self.digitPairs = UnsafePointer(digitPairs)
        self.digitWidth = digitWidth
        self.grouping = grouping
        (self.decimal, self.group) = (decimal, group)
        self.affixes = UnsafePointer(affixes)
    }

    /// How many grouping separators an integer part of `n` digits gets.
    @inline(__always)
    func separators(_ n: Int) -> Int {
        grouping.separatorCount(digits: n)
    }

    /// The prefix of the number's form; its suffix follows it.
    @inline(__always)
    func prefix(negative: Bool, showPlus: Bool) -> UnsafePointer<Piece> {
        affixes + (negative ? 2 : showPlus ? 4 : 0)
    }

    /// The length of the number written with `n` integer and `f` fraction digits.
    @inline(__always)
    func length(negative: Bool, showPlus: Bool, integerCount n: Int, fractionCount f: Int) -> Int {
        let affix = prefix(negative: negative, showPlus: showPlus)
        return affix[0].count &+ affix[1].count &+ (n &+ f) &* digitWidth &+ separators(n) &* group.count
            &+ (f == 0 ? 0 : decimal.count)
    }

    /// Writes the number at `start` (with ``InPlaceWrite/slack`` bytes of room past its
    /// ``length(negative:showPlus:integerCount:fractionCount:)``, which it may
    /// overwrite: it stores whole words) and returns that length.
    @inline(__always)
    func write(
        negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
        showPlus: Bool, to start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let affix = prefix(negative: negative, showPlus: showPlus)
        let n = integer.count
        let g = grouping
        var q = start
        put(affix[0], &q)
        g.forEachGroup(digits: n) { from, to in
            putDigits(integer, from, to, &q)
        } separator: {
            put(group, &q)
        }
        if !fraction.isEmpty {
            put(decimal, &q)
            putDigits(fraction, 0, fraction.count, &q)
        }
        put(affix[1], &q)
        return q - start
    }

    /// Appends the number to `out`, written in place.
    @inline(__always)
    func append<Output: ByteOutput & ~Copyable>(
        negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
        showPlus: Bool, to out: inout Output
    ) {
        let length = length(
            negative: negative, showPlus: showPlus, integerCount: integer.count, fractionCount: fraction.count)
        out.appendWithUnsafeMutableBytes(maximumCount: length) { buffer in
            write(negative: negative, integer: integer, fraction: fraction, showPlus: showPlus, to: buffer.baseAddress!)
        }
    }

    /// Writes `piece` at `q` and advances it.
    @inline(__always)
    func put(_ piece: Piece, _ q: inout UnsafeMutablePointer<UInt8>) {
        if piece.count <= 8 {
            UnsafeMutableRawPointer(q).storeBytes(of: piece.code, as: UInt64.self)
        } else {
            q.update(from: blob + piece.offset, count: piece.count)
        }
        q += piece.count
    }

    /// Writes the ASCII digits `digits[from..<to]` in the format's digits at
    /// `q` (`digitWidth` bytes a digit; two digits stored 8 bytes at a time,
    /// a last one 4) and advances it.
    @inline(__always)
    func putDigits(_ digits: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ q: inout UnsafeMutablePointer<UInt8>)
    {
        let w = digitWidth
        var j = from
        while to &- j >= 2 {
            // "00" is 48 * 11 = 528.
            let pair = Int(digits[j]) &* 10 &+ Int(digits[j &+ 1]) &- 528
            UnsafeMutableRawPointer(q).storeBytes(of: digitPairs[pair], as: UInt64.self)
            q += 2 &* w
            j &+= 2
        }
        if j < to {
            UnsafeMutableRawPointer(q).storeBytes(of: digitCodes[Int(digits[j] &- 48)], as: UInt32.self)
            q += w
        }
    }
}

/// Up to 8 bytes as a little-endian word, for one unaligned store.
func littleEndianCode(_ bytes: [UInt8]) -> UInt64 {
    var code: UInt64 = 0
    for (k, b) in bytes.prefix(8).enumerated() { code |= UInt64(b) << (8 * k) }
    return code
}
