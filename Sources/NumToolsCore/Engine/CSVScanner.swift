#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The field delimiter, one or more bytes: where fields end, with or without
/// CSV. Or, with ``blanks`` (`-w`), any run of spaces and tabs.
struct Delimiter {
    /// The delimiter's bytes, never empty; with ``blanks``, a space (what is
    /// written between the fields `--append` adds).
    let bytes: [UInt8]
    /// Fields are runs of non-blanks: a delimiter is a run of spaces and
    /// tabs. The engine splits only the record less the blanks at its ends
    /// (``fieldSpan(_:_:_:)``), so that no field is empty.
    let blanks: Bool
    /// The delimiter's one byte, or -1 when it has several: read without
    /// touching (and retaining) ``bytes``.
    let single: Int

    init(bytes: [UInt8], blanks: Bool = false) {
        self.bytes = blanks ? [0x20] : bytes
        self.blanks = blanks
        single = self.bytes.count == 1 ? Int(self.bytes[0]) : -1
    }

    var count: Int { bytes.count }

    /// The index of the first field after the delimiter at `i` (`i < end`).
    @inline(__always)
    func skip(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        guard blanks else { return i &+ bytes.count }
        var j = i
        while j < end, p[j] == 0x20 || p[j] == 0x09 { j &+= 1 }
        return j
    }

    /// The part of the record `[start, end)` its fields are split from:
    /// all of it, but with ``blanks`` the record less the spaces and tabs
    /// at its ends, which belong to no field (empty for a blank record,
    /// which has no field).
    @inline(__always)
    func fieldSpan(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        guard blanks else { return (start, end) }
        var lo = start
        var hi = end
        while lo < hi, p[lo] == 0x20 || p[lo] == 0x09 { lo &+= 1 }
        while hi > lo, p[hi &- 1] == 0x20 || p[hi &- 1] == 0x09 { hi &-= 1 }
        return (lo, hi)
    }

    /// The index of the next delimiter at or after `i`, or `end`. Reads
    /// `p[i..<end]` only: its eight-byte loads start at most `end - 8`.
    @inline(__always)
    func next(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        if blanks { return CSVScanner.firstOf(0x20, 0x09, p, i, end) }
        if bytes.count == 1 { return Self.next(bytes[0], p, i, end) }
        var j = i
        while j < end, !matches(p, j, end) { j += 1 }
        return j
    }

    /// The index of the next `byte` at or after `i`, or `end`. Reads
    /// `p[i..<end]` only: its eight-byte loads start at most `end - 8`.
    @inline(__always)
    static func next(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        // Most fields are short: the first 16 bytes are searched eight
        // at a time in place, the rest by memchr, whose call costs more
        // than the search of a short field.
        if i >= end { return end }
        var j = i
        while end &- j >= 8 && j &- i < 16 {
            let hits = UTF8Bytes.bytesEqual(byte, in: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self))
            if hits != 0 { return j &+ hits.trailingZeroBitCount >> 3 }
            j &+= 8
        }
        if end &- j < 8 {
            while j < end && p[j] != byte { j &+= 1 }
            return j
        }
        guard let hit = memchr(p + j, Int32(byte), end - j) else { return end }
        return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
    }

    /// Whether `byte` occurs in `p[i..<end]`. Reads `p[i..<end]` only: a
    /// range of eight bytes or more is read eight at a time, its last eight
    /// bytes (from `end - 8`, which is at least `i`) in one load that may
    /// overlap the one before; a shorter one byte by byte.
    @inline(__always)
    static func occurs(_ byte: UInt8, _ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        if end &- i >= 8 {
            var j = i
            while end &- j > 8 {
                if UTF8Bytes.bytesEqual(byte, in: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)) != 0 {
                    return true
                }
                j &+= 8
            }
            return UTF8Bytes.bytesEqual(byte, in: UnsafeRawPointer(p + (end &- 8)).loadUnaligned(as: UInt64.self)) != 0
        }
        var j = i
        while j < end {
            if p[j] == byte { return true }
            j &+= 1
        }
        return false
    }

    /// Whether the delimiter stands at `p[i]`, before `end`.
    @inline(__always)
    func matches(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        if bytes.count == 1 { return p[i] == bytes[0] }
        guard i + bytes.count <= end else { return false }
        for k in 0..<bytes.count where p[i + k] != bytes[k] { return false }
        return true
    }

    /// Whether the `n` bytes at `i` are the first `n` bytes of the delimiter.
    func matchesPrefix(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Bool {
        for k in 0..<n where p[i + k] != bytes[k] { return false }
        return true
    }
}

/// The one place that works out RFC 4180 quote state: where a record ends
/// (only at a terminator outside quotes), where a field ends, which field
/// holds a byte, and how a value is unquoted and quoted again.
///
/// The quoting rule, the same for all of them: a quote opens quoted text
/// only at the start of a field (the record's start, or right after a
/// delimiter); inside it `""` stands for one quote and a single quote
/// closes it; text after the closing quote runs unquoted to the delimiter.
struct CSVScanner {
    static let quote = UInt8(ascii: "\"")

    let delimiter: Delimiter
    /// The record terminator (LF or NUL).
    let terminator: UInt8

    /// Where the search for a record's end stands, kept across reads: the
    /// state at the byte where the search resumes.
    struct State {
        enum Mode {
            /// At the start of a field: a quote here opens quoted text.
            case fieldStart
            /// In unquoted text, or after a quoted field's closing quote.
            case unquoted
            /// Inside quoted text.
            case quoted
            /// Just after a quote inside quoted text: another quote makes
            /// it `""`, anything else means that quote closed the field.
            case quoteInQuoted
        }
        var mode = Mode.fieldStart
        /// Byte offset from the record start of the quote that opened the current quoted field.
        var quoteOffset = 0

        /// Whether the bytes scanned so far end inside quoted text.
        var isInsideQuotes: Bool { mode == .quoted }
    }

    /// How quoted text that starts at some index runs on.
    enum QuotedRun {
        /// It closes: the index just past its closing quote, with a byte after it.
        case closed(Int)
        /// Its last byte is a quote: a closing one, unless the next byte (not
        /// read yet) is another quote.
        case quoteAtEnd
        /// It is still open at the end.
        case open
    }

    /// How the quoted text at `i` (past its opening quote) runs before `end`.
    @inline(__always)
    func quotedRun(_ p: UnsafePointer<UInt8>, from i: Int, _ end: Int) -> QuotedRun {
        var i = i
        while i < end, let hit = memchr(p + i, Int32(Self.quote), end - i) {
            let q = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
            if q + 1 == end { return .quoteAtEnd }
            if p[q + 1] != Self.quote { return .closed(q + 1) }
            i = q + 2
        }
        return .open
    }

    /// The index of the first `a` or `b` in `p[i..<end]`, or `end`: sixteen
    /// bytes at a time with SIMD lane arithmetic while sixteen are left
    /// before `end` (it reads nothing at or past `end`), then byte by byte.
    @inline(__always)
    static func firstOf(_ a: UInt8, _ b: UInt8, _ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        var i = i
        let aa = SIMD16<UInt8>(repeating: a)
        let bb = SIMD16<UInt8>(repeating: b)
        let one = SIMD16<UInt8>(repeating: 1)
        let high = SIMD16<UInt8>(repeating: 0x80)
        while end &- i >= 16 {
            let v = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            // A lane is zero exactly where (x - 1) & ~x has its high bit set (no borrow leaves a lane).
            let x = v ^ aa
            let y = v ^ bb
            let hits = ((x &- one) & ~x | (y &- one) & ~y) & high
            let words = unsafeBitCast(hits, to: SIMD2<UInt64>.self)
            if words[0] != 0 { return i &+ words[0].trailingZeroBitCount &>> 3 }
            if words[1] != 0 { return i &+ 8 &+ words[1].trailingZeroBitCount &>> 3 }
            i &+= 16
        }
        while i < end, p[i] != a, p[i] != b { i &+= 1 }
        return i
    }

    // MARK: Record ends

    /// Finds the terminator outside quotes that ends the record starting at
    /// `start`, scanning `[scan, count)` from `state`, and returns its index;
    /// else nil, with `scan` and `state` where the next read resumes. Found,
    /// `scan` is the terminator's index and `state` is reset for the next record.
    /// `atRecordStart` says whether `start` is where the record begins (not so
    /// while reading through a record too long to hold).
    func recordEnd(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ scan: inout Int, _ count: Int, _ state: inout State,
        atRecordStart: Bool
    ) -> Int? {
        // Delimiters need not be tracked: a quote opens a field when a
        // delimiter stands just before it.
        let t = terminator
        let quote = Self.quote
        let dl = delimiter.count
        var i = scan
        while i < count {
            switch state.mode {
            case .quoted:
                switch quotedRun(p, from: i, count) {
                case .closed(let next):
                    i = next
                    state.mode = .unquoted
                case .quoteAtEnd:
                    i = count
                    state.mode = .quoteInQuoted
                case .open:
                    i = count
                }
                continue
            case .quoteInQuoted:
                if p[i] == quote {
                    state.mode = .quoted
                    i += 1
                    continue
                }
            case .fieldStart, .unquoted:
                break
            }
            // Unquoted text: skip to the next terminator or quote.
            if p[i] != t && p[i] != quote {
                state.mode = .unquoted
                i = Self.firstOf(t, quote, p, i &+ 1, count)
                if i == count { break }
            }
            let b = p[i]
            if b == t {
                scan = i
                state = State()
                return i
            }
            if b == quote,
                (i == start && atRecordStart) || (i == scan && state.mode == .fieldStart)
                    || (i - dl >= start && delimiter.matches(p, i - dl, count))
            {
                state.mode = .quoted
                state.quoteOffset = i - start
                i += 1
                continue
            }
            state.mode = .unquoted
            i += 1
        }
        // A read that ends with a delimiter leaves the next byte at a field start.
        if state.mode == .unquoted, count - dl >= start, delimiter.matches(p, count - dl, count) {
            state.mode = .fieldStart
        }
        scan = i
        return nil
    }

    // MARK: Fields

    /// A field of a record, as ``field(_:_:_:)`` finds it.
    struct Field {
        /// Where it ends: at the delimiter after it, or at the record's end.
        var end: Int
        /// It starts with a quote.
        var quoted: Bool
        /// Quoted, its closing quote is there and the delimiter (or the
        /// record's end) follows it at once.
        var wellFormed: Bool
    }

    /// The field starting at `i` of a record ending at `end`.
    @inline(__always)
    func field(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Field {
        guard i < end, p[i] == Self.quote else {
            return Field(end: delimiter.next(p, i, end), quoted: false, wellFormed: true)
        }
        var j: Int
        var wellFormed = true
        switch quotedRun(p, from: i + 1, end) {
        case .closed(let next): j = next
        case .quoteAtEnd: j = end
        case .open:
            j = end
            wellFormed = false
        }
        while j < end, !delimiter.matches(p, j, end) {
            wellFormed = false
            j += 1
        }
        return Field(end: j, quoted: true, wellFormed: wellFormed)
    }

    /// The 1-based number of the field that holds byte `offset` of the
    /// record `[0, count)` at `p`.
    func fieldNumber(_ p: UnsafePointer<UInt8>, _ count: Int, at offset: Int) -> Int {
        var number = 1
        var i = 0
        while true {
            let end = field(p, i, count).end
            if end >= count || end >= offset { return number }
            number += 1
            i = end + delimiter.count
        }
    }

    // MARK: Values

    /// Appends the content of the well-formed quoted field `[start, end)` to
    /// `value`, without its quotes and with `""` as one quote.
    func unquote(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into value: inout [UInt8]) {
        var k = start + 1
        let close = end - 1
        while k < close {
            value.append(p[k])
            k += p[k] == Self.quote ? 2 : 1
        }
    }

    /// Quotes the field written to `out` since `mark` when it holds the
    /// delimiter, a quote, CR, LF or the record terminator (NUL with `-z`),
    /// whatever the transform did, so that it reads back as one field of
    /// one record.
    func requoteIfNeeded(_ out: inout OutputBuffer, from mark: Int) {
        let n = out.count
        let delimiter = self.delimiter
        let first = delimiter.bytes[0]
        let terminator = self.terminator
        let (needs, quotes) = out.withUnsafeBytes { o -> (Bool, Int) in
            guard let p = o.baseAddress else { return (false, 0) }
            var needs = false
            var quotes = 0
            var i = mark
            if delimiter.count == 1 {
                // Eight bytes at a time: the quotes counted, CR, LF, the
                // terminator and the delimiter looked for (loads within `[mark, n)`).
                while n &- i >= 8 {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                    quotes &+= UTF8Bytes.bytesEqual(Self.quote, in: w).nonzeroBitCount
                    needs =
                        needs
                        || UTF8Bytes.bytesEqual(first, in: w) | UTF8Bytes.bytesEqual(0x0A, in: w)
                            | UTF8Bytes.bytesEqual(0x0D, in: w) | UTF8Bytes.bytesEqual(terminator, in: w) != 0
                    i &+= 8
                }
            }
            while i < n {
                let b = p[i]
                if b == Self.quote {
                    quotes &+= 1
                } else if b == 0x0A || b == 0x0D || b == terminator || (b == first && delimiter.matches(p, i, n)) {
                    needs = true
                }
                i &+= 1
            }
            return (needs || quotes > 0, quotes)
        }
        guard needs else { return }
        // Widen in place, from the end: a quote before and after, every quote doubled.
        let extra = 2 + quotes
        out.extend(by: extra)
        if quotes == 0 {
            // (The common case, a separator that is the delimiter: one move.)
            out.withUnsafeMutableBytes { o in
                let p = o.baseAddress!
                (p + mark + 1).update(from: p + mark, count: n - mark)
                p[mark] = Self.quote
                p[n + 1] = Self.quote
            }
            return
        }
        out.withUnsafeMutableBytes { o in
            var w = n + extra - 1
            o[w] = Self.quote
            w -= 1
            var r = n - 1
            while r >= mark {
                o[w] = o[r]
                if o[r] == Self.quote {
                    w -= 1
                    o[w] = Self.quote
                }
                w -= 1
                r -= 1
            }
            o[w] = Self.quote
        }
    }
}
