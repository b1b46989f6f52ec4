#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a record ended in the input, to be written back the same way.
enum Terminator {
    case none, byte(UInt8), crlf
}

/// A whole record in the reader's buffer: its content `[start, contentEnd)`
/// and how it ended.
struct Record {
    var start: Int
    var contentEnd: Int
    var terminator: Terminator
}

/// The engine's input: one buffer of the bytes read and not yet handed out,
/// and where the records in it end.
///
/// Its fields keep `0 <= pos <= scan <= count <= capacity`. Records are
/// handed out whole, in order, as ``nextRecord()`` finds their ends; the
/// unfinished record after them is kept, moved to the buffer's start by
/// ``compact()``, until a read completes it. A record longer than
/// `maxRecordBytes` is not kept whole: the reader reads it through, handing
/// out its bytes in parts as they arrive, so that memory stays bounded by
/// about `maxRecordBytes` plus two reads whatever the input.
struct RecordReader: ~Copyable {
    /// The buffer, `capacity` bytes; it grows (see ``fill(from:)``) only
    /// while the unfinished record leaves less than ``chunk`` free.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The end of the input read so far: `[0, count)` holds it.
    private(set) var count = 0
    /// The start of what is not yet handed out: the next record or, reading
    /// through, the part of the long record not yet handed out. The bytes
    /// before it are done with; ``compact()`` drops them.
    private(set) var pos = 0
    /// Where the search for the end of the record at `pos` resumes:
    /// `[pos, scan)` holds no terminator outside quotes, so that a record
    /// read in many parts is still scanned once.
    private var scan = 0
    /// The CSV quote state at `scan` (with `csv` only).
    private var quotes = CSVScanner.State()
    /// The record at `pos` is longer than `maxRecordBytes`: it is being read
    /// through, from ``startReadingThrough()`` to the part that ends it.
    private(set) var readingThrough = false
    /// The source has said end of input: `count` grows no more.
    private(set) var atEnd = false

    let scanner: CSVScanner
    /// Records follow RFC 4180: only a terminator outside quotes ends one.
    let csv: Bool
    let maxRecordBytes: Int
    /// The least room a read is given.
    static let chunk = 1 << 17

    init(scanner: CSVScanner, csv: Bool, maxRecordBytes: Int) {
        self.scanner = scanner
        self.csv = csv
        self.maxRecordBytes = maxRecordBytes
        capacity = Self.chunk * 2
        base = .allocate(capacity: capacity)
    }

    /// A reader of input that is all in memory already: `count` bytes at
    /// `base`, memory of `capacity` bytes that the reader now owns (a block
    /// of a parallel run, handed over by the front without a copy). It is
    /// at end of input: it never reads.
    init(
        adopting base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, scanner: CSVScanner, csv: Bool,
        maxRecordBytes: Int
    ) {
        precondition(count >= 0 && count <= capacity, "adopting more bytes than the memory holds")
        self.scanner = scanner
        self.csv = csv
        self.maxRecordBytes = maxRecordBytes
        self.base = base
        self.capacity = capacity
        self.count = count
        atEnd = true
    }

    deinit { base.deallocate() }

    /// Hands the memory holding `[0, end)` over to the caller, who then owns
    /// it, without copying those bytes: the bytes after them, not handed
    /// out yet, move to new memory of the same capacity, where the reader
    /// goes on. Only at the buffer's start (`pos` is 0), and `end` at most
    /// `pos` after the caller has taken `[0, end)` with ``skip(_:)``: the
    /// parallel front gives whole blocks of records to its workers this way.
    mutating func handOff(through end: Int) -> (base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        precondition(end > 0 && end <= pos && end <= count, "handing off bytes not taken")
        let given = (base: base, capacity: capacity)
        let pending = count - end
        base = .allocate(capacity: capacity)
        if pending > 0 { base.initialize(from: given.base + end, count: pending) }
        count = pending
        pos -= end
        scan -= end
        return given
    }

    // MARK: Records

    /// The next whole record at `pos`, which it moves past; nil when its end
    /// has not been read yet.
    mutating func nextRecord() -> Record? {
        guard let record = findRecordEnd(atRecordStart: true) else { return nil }
        pos = scan
        return record
    }

    /// Hands out `n` bytes at `pos`, whole records taken by the caller.
    mutating func skip(_ n: Int) {
        pos += n
        if scan < pos { scan = pos }
    }

    /// Finds the end of the record at `pos`, resuming at `scan`; found, it
    /// leaves `scan` at the start of the next record.
    private mutating func findRecordEnd(atRecordStart: Bool) -> Record? {
        let t = scanner.terminator
        let i: Int
        if csv {
            if atRecordStart, count - pos >= 10, base[pos] == UInt8(ascii: "e"), let end = errorRecordEnd() {
                quotes = CSVScanner.State()
                i = end
            } else {
                guard
                    let end = scanner.recordEnd(base, pos, &scan, count, &quotes, atRecordStart: atRecordStart)
                else { return nil }
                i = end
            }
        } else {
            guard scan < count, let hit = memchr(base + scan, Int32(t), count - scan) else {
                scan = count
                return nil
            }
            i = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        }
        scan = i + 1
        return Self.record(base, pos, terminatorAt: i, t)
    }

    /// With `csv`, where the record at `pos` ends when it is an error record
    /// of an earlier pass: at its first terminator, whatever quotes its
    /// ORIGINAL holds (an error record is always one line); nil when it is
    /// not one, is longer than `maxRecordBytes` (a `record-too-long` error,
    /// whose end is found as any record's), or its end has not been read yet.
    @inline(never)
    private func errorRecordEnd() -> Int? {
        guard let hit = memchr(base + pos, Int32(scanner.terminator), count - pos) else { return nil }
        let i = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        let contentEnd = Self.record(base, pos, terminatorAt: i, scanner.terminator).contentEnd
        guard contentEnd - pos <= maxRecordBytes,
            RecordWriter<MemorySink, MemorySink>.isErrorRecord(base, pos, contentEnd)
        else { return nil }
        return i
    }

    /// The record `[start, i)` ended by the terminator `t` at `i`: with a CR
    /// before an LF, a CRLF.
    @inline(__always)
    static func record(_ p: UnsafePointer<UInt8>, _ start: Int, terminatorAt i: Int, _ t: UInt8) -> Record {
        if t == 0x0A, i > start, p[i - 1] == 0x0D { return Record(start: start, contentEnd: i - 1, terminator: .crlf) }
        return Record(start: start, contentEnd: i, terminator: .byte(t))
    }

    /// Where the last record, the one end of input ends, opened quoted text
    /// that it never closed (an offset from its start); nil if it did not.
    var unterminatedQuoteOffset: Int? {
        csv && quotes.isInsideQuotes ? quotes.quoteOffset : nil
    }

    // MARK: Records too long to hold

    /// Starts reading through the record at `pos` when more of it is held
    /// than a record may take (with a byte to spare for a CR of a CRLF), and
    /// returns the first part to hand out; nil when it is not that long.
    mutating func startReadingThrough() -> Range<Int>? {
        guard count - pos > maxRecordBytes + 1 else { return nil }
        readingThrough = true
        let keep = min(holdback(pos, count), scan)
        defer { pos = keep }
        return pos..<keep
    }

    /// Reading through: the next part of the long record, and its terminator
    /// when the part ends it (reading through is then over).
    mutating func nextLongRecordPart() -> (part: Range<Int>, terminator: Terminator?) {
        let start = pos
        if let record = findRecordEnd(atRecordStart: false) {
            pos = scan
            readingThrough = false
            return (start..<record.contentEnd, record.terminator)
        }
        // The bytes the scanner has yet to look at are kept too (such as
        // the start of a multibyte CSV delimiter).
        pos = atEnd ? count : min(holdback(pos, count), scan)
        return (start..<pos, nil)
    }

    /// Reading through at end of input: the rest of the long record, which
    /// ends without a terminator.
    mutating func lastLongRecordPart() -> Range<Int> {
        let start = pos
        pos = count
        readingThrough = false
        return start..<count
    }

    /// How much of `[start, end)` can be handed out now: a trailing CR may be
    /// half of a CRLF, a trailing partial UTF-8 sequence may complete later,
    /// and in CSV a delimiter cut by the read decides whether a quote after
    /// it opens a field.
    private func holdback(_ start: Int, _ end: Int) -> Int {
        let p = base
        var keep = end
        var k = end - 1
        while k >= max(start, end - 3) {
            let b = p[k]
            if b & 0xC0 == 0xC0 {  // a lead byte: is its sequence complete?
                let needed = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                if end - k < needed { keep = k }
                break
            }
            if b & 0x80 == 0 { break }
            k -= 1
        }
        if keep > start, p[keep - 1] == 0x0D { keep -= 1 }
        // The whole delimiter is kept (its start, at most).
        if csv {
            var n = scanner.delimiter.count
            while n > 0 {
                if end - n >= start, scanner.delimiter.matchesPrefix(p, end - n, n) {
                    keep = min(keep, end - n)
                    break
                }
                n -= 1
            }
        }
        return keep
    }

    // MARK: Reading

    /// Moves what is not handed out yet to the buffer's start.
    mutating func compact() {
        guard pos > 0 else { return }
        let pending = count - pos
        if pending > 0 { base.update(from: base + pos, count: pending) }
        scan -= pos
        count = pending
        pos = 0
    }

    /// Reads once from `source` into the buffer, growing it first when less
    /// than ``chunk`` is free. A read that a signal interrupted adds nothing.
    mutating func fill<Source: ByteSource>(from source: inout Source) throws(IOFailure) {
        if capacity - count < Self.chunk {
            capacity = max(capacity * 2, count + Self.chunk)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
        }
        guard let n = try source.read(into: base + count, capacity: capacity - count) else { return }
        if n == 0 { atEnd = true }
        count += n
    }
}
