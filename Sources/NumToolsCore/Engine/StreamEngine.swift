#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What happens to a record whose value cannot be transformed.
public enum ErrorPolicy: String, Sendable, CaseIterable {
    /// Write an error record in its place.
    case record
    /// Write the original record unchanged; a diagnostic on stderr.
    case keep
    /// Write nothing; a diagnostic on stderr.
    case skip
    /// Write nothing, read no further; a diagnostic on stderr.
    case abort
}

/// How the engine splits and selects what it transforms: the stream
/// contract's common options as a value.
public struct StreamConfiguration: Sendable {
    /// The tool's name, for diagnostics.
    public var toolName: String
    /// Records end with NUL instead of LF.
    public var zeroTerminated = false
    /// The fields to transform; nil transforms the whole record.
    public var fields: FieldList? = nil
    /// The field delimiter's bytes; nil means TAB, or `,` with `csv`.
    public var delimiter: [UInt8]? = nil
    /// Fields follow RFC 4180.
    public var csv = false
    /// How many leading records pass through unchanged.
    public var headerRecords = 0
    public var onError: ErrorPolicy = .record
    /// An empty or blank value is an error (`empty`) instead of passing through.
    public var emptyIsError = false
    /// Longer records are `record-too-long` errors, read through in bounded memory.
    public var maxRecordBytes = 1 << 20
    /// The most bytes one record's output may take; nil means the default,
    /// 16 × ``maxRecordBytes`` and at least 64 KiB (see ``outputLimit``).
    public var maxOutputBytes: Int? = nil

    /// The most bytes one record's output may take: a longer one is an
    /// `output-too-long` error, decided (by the transform) before its memory
    /// is spent. With the input buffer's bound of about ``maxRecordBytes``
    /// this bounds the engine's memory: a constant plus a small multiple of
    /// ``maxRecordBytes``, whatever the records, the options and the
    /// transform's amplification (separators, exponents, many targets).
    public var outputLimit: Int { maxOutputBytes ?? max(16 * maxRecordBytes, 1 << 16) }

    public init(toolName: String) { self.toolName = toolName }
}

/// How a stream ended (I/O failures are thrown instead).
public enum StreamOutcome: Equatable, Sendable {
    /// End of input; `errors` values could not be transformed.
    case completed(errors: Int)
    /// `--on-error=abort` stopped at an error.
    case aborted
    /// SIGINT or SIGTERM arrived; every complete record read before it was written.
    case interrupted(signal: Int32)
}

/// How a record ended in the input, to be written back the same way.
enum Terminator {
    case none, byte(UInt8), crlf
}

/// A value error located in a field.
struct FieldFailure: Error {
    var field: Int
    var error: ValueError
}

/// Scanner state for RFC 4180 record boundaries, kept across reads.
struct CSVScanState {
    enum Mode { case fieldStart, unquoted, quoted, quoteInQuoted }
    var mode = Mode.fieldStart
    /// Byte offset from the record start of the quote that opened the current quoted field.
    var quoteOffset = 0
}

/// The stream engine: splits input into records and fields, hands each
/// selected value to the tool's ``ValueTransform``, and writes output,
/// error records and diagnostics as the stream contract says.
public struct StreamEngine<Transform: ValueTransform, Output: ByteSink, Diagnostics: ByteSink>: ~Copyable {
    public var transform: Transform
    public var output: Output
    public var diagnostics: Diagnostics
    public let configuration: StreamConfiguration
    /// Returns the pending signal, if SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived.
    public var pendingSignal: () -> Int32? = { nil }
    /// Returns the signal, if one arrived twice: stop even mid-record.
    public var secondSignal: () -> Int32? = { nil }

    let delimiter: [UInt8]
    let terminatorByte: UInt8
    var out: OutputBuffer
    var scratch: [UInt8] = []
    var recordNumber = 0
    /// Where the output of the record being transformed starts in `out`.
    var recordMark = 0
    var errorCount = 0
    var aborted = false
    /// The record being read through is a header record: it passes unchanged.
    var overflowIsHeader = false
    /// An output failure met where it could not be thrown; the next flush throws it.
    var deferredFailure: IOFailure?
    let flushThreshold = 1 << 16
    let chunk = 1 << 17

    public init(configuration: StreamConfiguration, transform: Transform, output: Output, diagnostics: Diagnostics) {
        self.configuration = configuration
        self.transform = transform
        self.transform.outputLimit = configuration.outputLimit
        self.output = output
        self.diagnostics = diagnostics
        delimiter = configuration.delimiter ?? (configuration.csv ? [UInt8(ascii: ",")] : [0x09])
        terminatorByte = configuration.zeroTerminated ? 0 : 0x0A
        out = OutputBuffer(capacity: flushThreshold * 2)
    }

    // MARK: Driving

    /// Transforms each operand as one record, writing one line each.
    public mutating func run(operands: [String]) throws(IOFailure) -> StreamOutcome {
        try run(operandBytes: operands.map { Array($0.utf8) })
    }

    /// Transforms each operand, given as the bytes the system passed (which
    /// need not be UTF-8), as one record, writing one line each.
    public mutating func run(operandBytes operands: [[UInt8]]) throws(IOFailure) -> StreamOutcome {
        for operand in operands {
            var bytes = operand
            bytes.append(0)  // keep a valid base address for empty operands
            bytes.withUnsafeBufferPointer { b in
                processRecord(b.baseAddress!, 0, b.count - 1, .byte(terminatorByte))
            }
            if aborted { break }
            if out.count >= flushThreshold { try flush() }
        }
        try flush()
        return outcome
    }

    /// How the run ended once its input is done: a signal that arrived
    /// before then still makes it an interrupted run (its records were all
    /// read and written, but the tool was asked to stop, and says so).
    var outcome: StreamOutcome {
        if let signal = pendingSignal() { return .interrupted(signal: signal) }
        return aborted ? .aborted : .completed(errors: errorCount)
    }

    /// Transforms the records read from `source` until end of input.
    public mutating func run<Source: ByteSource>(_ source: inout Source) throws(IOFailure) -> StreamOutcome {
        var capacity = chunk * 2
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var count = 0  // valid bytes in buffer
        var pos = 0  // start of the record not yet handled
        var scan = 0  // where the search for its end resumes
        var csv = CSVScanState()
        var overflow = false  // reading through a record-too-long
        var stopping = false  // a signal came while reading one through
        var eof = false
        let maxBytes = configuration.maxRecordBytes

        while true {
            if overflow {
                if let (contentEnd, next, terminator) = findRecordEnd(
                    buffer, pos, &scan, count, &csv, atRecordStart: false)
                {
                    overflowBody(buffer, pos, contentEnd)
                    overflowEnd(terminator)
                    pos = next
                    scan = next
                    overflow = false
                    if stopping {
                        try flush()
                        return outcome
                    }
                } else {
                    let keep = eof ? count : min(holdback(buffer, pos, count), scan)
                    overflowBody(buffer, pos, keep)
                    pos = keep
                }
            }
            if !overflow {
                if wholeRecordLane {
                    try wholeRecords(buffer, &pos, count)
                    scan = pos
                }
                while !aborted, let (contentEnd, next, terminator) = findRecordEnd(buffer, pos, &scan, count, &csv) {
                    processRecord(buffer, pos, contentEnd, terminator)
                    pos = next
                    scan = next
                    if aborted { break }
                    if out.count >= flushThreshold { try flush() }
                }
                if aborted {
                    try flush()
                    return .aborted
                }
                if count - pos > maxBytes + 1 {
                    overflow = true
                    overflowStart()
                    if aborted {
                        try flush()
                        return .aborted
                    }
                    let keep = min(holdback(buffer, pos, count), scan)
                    overflowBody(buffer, pos, keep)
                    pos = keep
                }
            }
            // Keep only the unfinished record, at the start of the buffer.
            if pos > 0 {
                let pending = count - pos
                if pending > 0 { buffer.update(from: buffer + pos, count: pending) }
                scan -= pos
                count = pending
                pos = 0
            }
            if eof {
                if overflow {
                    overflowBody(buffer, 0, count)
                    overflowEnd(.none)
                } else if count > 0 {
                    finishLastRecord(buffer, count, csv)
                }
                try flush()
                return outcome
            }
            // Never sit on output while waiting for input.
            try flush()
            if let signal = pendingSignal() {
                // A record too long to hold has part of its output written
                // already: it is read through to its end (a second signal
                // stops at once), so that the output holds whole records only.
                if !overflow || signal == secondSignal() { return .interrupted(signal: signal) }
                stopping = true
            }
            if capacity - count < chunk {
                capacity = max(capacity * 2, count + chunk)
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                larger.update(from: buffer, count: count)
                buffer.deallocate()
                buffer = larger
            }
            guard let n = try source.read(into: buffer + count, capacity: capacity - count) else { continue }
            if n == 0 { eof = true }
            count += n
        }
    }

    /// Writes what is pending to the output.
    public mutating func flush() throws(IOFailure) {
        if let failure = deferredFailure { throw failure }
        guard !out.isEmpty else { return }
        var failure: IOFailure?
        out.withUnsafeBytes { b in
            do throws(IOFailure) { try output.write(b) } catch { failure = error }
        }
        out.removeAll()
        if let failure { throw failure }
    }

    // MARK: The whole-record lane

    /// Whether records are values, split on the terminator alone: no CSV,
    /// no fields. (Header records still go through ``processRecord``.)
    var wholeRecordLane: Bool { !configuration.csv && configuration.fields == nil }

    /// Transforms every complete record in `[pos, count)`, advancing `pos`:
    /// runs of records through the transform's own ``ValueTransform/transformRecords(_:terminator:maxLength:into:)``,
    /// each record it leaves through ``processRecord``.
    mutating func wholeRecords(_ p: UnsafeMutablePointer<UInt8>, _ pos: inout Int, _ count: Int) throws(IOFailure) {
        let t = terminatorByte
        var i = pos
        defer { pos = i }
        while i < count {
            if recordNumber >= configuration.headerRecords {
                // The transform's own run of records, a slice at a time.
                let slice = UnsafeBufferPointer(start: p + i, count: min(count - i, flushThreshold))
                let (bytes, records) = transform.transformRecords(
                    slice, terminator: t, maxLength: configuration.maxRecordBytes, flushAt: flushThreshold, into: &out)
                i += bytes
                recordNumber += records
                let full = out.count >= flushThreshold
                if full { try flush() }
                // All of it, or a run the output stopped: the next slice.
                if bytes == slice.count || (full && bytes > 0) { continue }
            }
            guard i < count, let hit = memchr(p + i, Int32(t), count - i) else { return }
            let e = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
            let (end, next, terminator) = recordEnd(p, i, e, t)
            processRecord(p, i, end, terminator)
            i = next
            if aborted { return }
            if out.count >= flushThreshold { try flush() }
        }
    }

    // MARK: Record boundaries

    /// Finds the end of the record starting at `start`, resuming at `scan`.
    /// Returns the end of its content, the start of the next record and its terminator.
    /// `atRecordStart` says whether `start` is where the record begins (not
    /// so while reading through a record too long to hold).
    func findRecordEnd(
        _ p: UnsafeMutablePointer<UInt8>, _ start: Int, _ scan: inout Int, _ count: Int, _ csv: inout CSVScanState,
        atRecordStart: Bool = true
    ) -> (Int, Int, Terminator)? {
        let t = terminatorByte
        var i = scan
        if configuration.csv {
            // Only a terminator outside quotes ends a record, and only a quote
            // that opens a field (at the record start or right after a
            // delimiter) starts quoted text: delimiters need not be tracked.
            let quote = UInt8(ascii: "\"")
            let dl = delimiter.count
            while i < count {
                switch csv.mode {
                case .quoted:
                    // Fast-forward to the next quote.
                    if let q = memchr(p + i, Int32(quote), count - i) {
                        i = UnsafeMutablePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - p + 1
                        csv.mode = .quoteInQuoted
                    } else {
                        i = count
                    }
                    continue
                case .quoteInQuoted:
                    if p[i] == quote {
                        csv.mode = .quoted
                        i += 1
                        continue
                    }
                case .fieldStart, .unquoted:
                    break
                }
                // Unquoted text: skip to the next terminator or quote.
                if p[i] != t && p[i] != quote {
                    csv.mode = .unquoted
                    i += 1
                    while i < count, p[i] != t, p[i] != quote { i += 1 }
                    if i == count { break }
                }
                let b = p[i]
                if b == t {
                    scan = i
                    csv = CSVScanState()
                    return recordEnd(p, start, i, t)
                }
                if b == quote,
                    (i == start && atRecordStart) || (i == scan && csv.mode == .fieldStart)
                        || (i - dl >= start && matchesDelimiter(p, i - dl, count))
                {
                    csv.mode = .quoted
                    csv.quoteOffset = i - start
                    i += 1
                    continue
                }
                csv.mode = .unquoted
                i += 1
            }
            // A read that ends with a delimiter leaves the next byte at a field start.
            if csv.mode == .unquoted, count - dl >= start, matchesDelimiter(p, count - dl, count) {
                csv.mode = .fieldStart
            }
            scan = i
            return nil
        }
        guard i < count, let hit = memchr(p + i, Int32(t), count - i) else {
            scan = count
            return nil
        }
        i = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
        scan = i
        return recordEnd(p, start, i, t)
    }

    @inline(__always)
    func recordEnd(_ p: UnsafeMutablePointer<UInt8>, _ start: Int, _ i: Int, _ t: UInt8) -> (Int, Int, Terminator) {
        if t == 0x0A, i > start, p[i - 1] == 0x0D { return (i - 1, i + 1, .crlf) }
        return (i, i + 1, .byte(t))
    }

    /// The index of the next delimiter at or after `i`, or `end`.
    @inline(__always)
    func nextDelimiter(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        if delimiter.count == 1 {
            guard i < end, let hit = memchr(p + i, Int32(delimiter[0]), end - i) else { return end }
            return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
        }
        var j = i
        while j < end, !matchesDelimiter(p, j, end) { j += 1 }
        return j
    }

    @inline(__always)
    func matchesDelimiter(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        if delimiter.count == 1 { return p[i] == delimiter[0] }
        guard i + delimiter.count <= end else { return false }
        for k in 0..<delimiter.count where p[i + k] != delimiter[k] { return false }
        return true
    }

    /// The last record, which has no terminator.
    mutating func finishLastRecord(_ p: UnsafeMutablePointer<UInt8>, _ count: Int, _ csv: CSVScanState) {
        if configuration.csv, csv.mode == .quoted, recordNumber >= configuration.headerRecords {
            recordNumber += 1
            let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p, count: count), csv.quoteOffset)
            // FIELD is 0 when the whole record is the value (no -f), as in
            // every other error record; the message then names no field.
            let field = configuration.fields == nil ? 0 : csvFieldNumber(p, count, at: csv.quoteOffset)
            let message =
                field == 0
                ? "quote opened at offset \(offset) is not closed at end of input"
                : "quoted field \(field) opened at offset \(offset) is not closed at end of input"
            fail(p, 0, count, .none, field: field, ValueError(.engine(.unterminatedQuote), message))
            return
        }
        processRecord(p, 0, count, .none)
    }

    /// The 1-based number of the CSV field that holds byte `offset` of the
    /// record at `p`: delimiters outside quotes counted from the start.
    func csvFieldNumber(_ p: UnsafePointer<UInt8>, _ count: Int, at offset: Int) -> Int {
        var field = 1
        var inQuotes = false
        var atFieldStart = true
        var i = 0
        while i < min(offset, count) {
            let b = p[i]
            if inQuotes {
                if b == UInt8(ascii: "\"") { inQuotes = false }
                i += 1
            } else if b == UInt8(ascii: "\"") && atFieldStart {
                inQuotes = true
                atFieldStart = false
                i += 1
            } else if matchesDelimiter(p, i, count) {
                field += 1
                atFieldStart = true
                i += delimiter.count
            } else {
                atFieldStart = false
                i += 1
            }
        }
        return field
    }

    // MARK: Records too long to hold

    /// How much of `[start, end)` can be written now: a trailing CR may be
    /// half of a CRLF, and a trailing partial UTF-8 sequence may complete later.
    /// (The caller also keeps what the record scanner has yet to look at, such
    /// as the start of a multibyte CSV delimiter.)
    func holdback(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
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
        // In CSV, a delimiter cut by the read decides whether a quote after it
        // opens a field: keep the whole delimiter (its start, at most) too.
        if configuration.csv {
            let dl = delimiter.count
            var n = dl
            while n > 0 {
                if end - n >= start, matchesDelimiterPrefix(p, end - n, n) {
                    keep = min(keep, end - n)
                    break
                }
                n -= 1
            }
        }
        return keep
    }

    /// Whether the `n` bytes at `i` are the first `n` bytes of the delimiter.
    func matchesDelimiterPrefix(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Bool {
        for k in 0..<n where p[i + k] != delimiter[k] { return false }
        return true
    }

    mutating func overflowStart() {
        recordNumber += 1
        // A header passes through whatever its length, as it does when it fits in memory.
        overflowIsHeader = recordNumber <= configuration.headerRecords
        if overflowIsHeader { return }
        errorCount += 1
        let error = ValueError(
            .engine(.recordTooLong), "record is longer than the limit of \(configuration.maxRecordBytes) bytes")
        switch configuration.onError {
        case .record:
            appendErrorPrefix(field: 0, error)
        case .keep, .skip:
            diagnose(field: 0, error)
        case .abort:
            diagnose(field: 0, error)
            aborted = true
        }
    }

    mutating func overflowBody(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        guard start < end else { return }
        switch overflowIsHeader ? .keep : configuration.onError {
        case .record: UTF8Bytes.appendEscaped(p, start, end, into: &out)
        case .keep: out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
        case .skip, .abort: break
        }
        if out.count >= flushThreshold * 4 { flushDeferringFailure() }
    }

    mutating func overflowEnd(_ terminator: Terminator) {
        switch overflowIsHeader ? .keep : configuration.onError {
        case .record, .keep: appendTerminator(terminator)
        case .skip, .abort: break
        }
    }

    /// Flushes where a failure cannot be thrown; it surfaces at the next flush.
    mutating func flushDeferringFailure() {
        do throws(IOFailure) { try flush() } catch { deferredFailure = error }
    }

    // MARK: One record

    mutating func processRecord(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator) {
        recordNumber += 1
        if recordNumber <= configuration.headerRecords {
            out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            appendTerminator(terminator)
            return
        }
        if end - start > configuration.maxRecordBytes {
            fail(
                p, start, end, terminator, field: 0,
                ValueError(
                    .engine(.recordTooLong), "record is longer than the limit of \(configuration.maxRecordBytes) bytes"))
            return
        }
        if let bad = UTF8Bytes.firstInvalid(p, start, end) {
            let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), bad - start)
            fail(
                p, start, end, terminator, field: 0,
                ValueError(
                    .engine(.invalidUTF8),
                    "byte \\x\(String(p[bad], radix: 16, uppercase: true)) at offset \(offset) is not valid UTF-8"))
            return
        }
        let mark = out.count
        recordMark = mark
        do throws(FieldFailure) {
            if let fields = configuration.fields {
                try transformFields(p, start, end, fields)
            } else {
                try transformValue(p, start, end, field: 0)
            }
            appendTerminator(terminator)
        } catch {
            out.truncate(to: mark)
            fail(p, start, end, terminator, field: error.field, error.error)
        }
    }

    /// Transforms the selected fields of the record `[start, end)`; the
    /// others, and everything after the last one selected, are copied as they are.
    mutating func transformFields(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList)
        throws(FieldFailure)
    {
        let last = fields.upperBound
        var field = 1
        var i = start
        while true {
            if field > last {
                out.append(contentsOf: UnsafeBufferPointer(start: p + i, count: end - i))
                return
            }
            let fieldStart = i
            let selected = fields.contains(field)
            if configuration.csv {
                i = try csvField(p, start, fieldStart, end, field: field, selected: selected)
            } else {
                i = nextDelimiter(p, i, end)
                if selected {
                    try transformValue(p, fieldStart, i, field: field)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
                }
            }
            if i >= end { return }
            out.append(bytes: delimiter)
            i += delimiter.count
            field += 1
        }
    }

    /// Writes the RFC 4180 field starting at `fieldStart` (transformed when
    /// `selected`) and returns where it ends. `start` is the record's start.
    mutating func csvField(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ fieldStart: Int, _ end: Int, field: Int, selected: Bool
    ) throws(FieldFailure) -> Int {
        let quote = UInt8(ascii: "\"")
        var i = fieldStart
        var quoted = false
        var wellFormed = true
        if i < end, p[i] == quote {
            quoted = true
            i += 1
            var closed = false
            while i < end {
                if p[i] == quote {
                    if i + 1 < end, p[i + 1] == quote {
                        i += 2
                        continue
                    }
                    i += 1
                    closed = true
                    break
                }
                i += 1
            }
            if !closed { wellFormed = false }
            while i < end, !matchesDelimiter(p, i, end) {
                wellFormed = false
                i += 1
            }
        } else {
            i = nextDelimiter(p, i, end)
        }
        if !selected {
            out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
        } else if !quoted {
            let mark = out.count
            try transformValue(p, fieldStart, i, field: field)
            requoteIfNeeded(from: mark)
        } else if !wellFormed {
            throw FieldFailure(
                field: field,
                error: ValueError(
                    .engine(.invalidCSV),
                    "quoted field \(field) at offset \(UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), fieldStart - start)) has text after its closing quote"
                ))
        } else {
            // Unquote into scratch, then transform that.
            scratch.removeAll(keepingCapacity: true)
            var k = fieldStart + 1
            let close = i - 1
            while k < close {
                scratch.append(p[k])
                k += p[k] == quote ? 2 : 1
            }
            if !configuration.emptyIsError, scratch.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                // A blank value passes through unchanged, quotes included.
                out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
                return i
            }
            scratch.append(0)
            let mark = out.count
            let local = scratch
            try local.withUnsafeBufferPointer { (b) throws(FieldFailure) in
                try transformValue(b.baseAddress!, 0, b.count - 1, field: field)
            }
            scratch = local
            requoteIfNeeded(from: mark)
        }
        return i
    }

    /// Quotes the transformed field written since `mark` when it holds the
    /// delimiter, a quote, CR or LF.
    mutating func requoteIfNeeded(from mark: Int) {
        let n = out.count
        let delimiter = self.delimiter
        var needs = false
        var quotes = 0
        out.withUnsafeBytes { o in
            var i = mark
            while i < n {
                let b = o[i]
                if b == UInt8(ascii: "\"") {
                    quotes += 1
                    needs = true
                } else if b == 0x0A || b == 0x0D {
                    needs = true
                } else if b == delimiter[0], n - i >= delimiter.count {
                    var all = true
                    for k in 1..<delimiter.count where o[i + k] != delimiter[k] { all = false }
                    if all { needs = true }
                }
                i += 1
            }
        }
        guard needs else { return }
        // Widen in place, from the end: a quote before and after, every quote doubled.
        let extra = 2 + quotes
        _ = out.reserve(extra)
        out.commit(extra)
        out.withUnsafeMutableBytes { o in
            var w = n + extra - 1
            o[w] = UInt8(ascii: "\"")
            w -= 1
            var r = n - 1
            while r >= mark {
                o[w] = o[r]
                if o[r] == UInt8(ascii: "\"") {
                    w -= 1
                    o[w] = UInt8(ascii: "\"")
                }
                w -= 1
                r -= 1
            }
            o[w] = UInt8(ascii: "\"")
        }
    }

    /// Transforms `[start, end)`, keeping the spaces and tabs around it.
    @inline(__always)
    mutating func transformValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int) throws(FieldFailure) {
        var lo = start
        var hi = end
        while lo < hi, p[lo] == 0x20 || p[lo] == 0x09 { lo += 1 }
        while hi > lo, p[hi - 1] == 0x20 || p[hi - 1] == 0x09 { hi -= 1 }
        if lo == hi {
            if configuration.emptyIsError {
                throw FieldFailure(field: field, error: ValueError(.engine(.empty), "value is empty"))
            }
            out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            return
        }
        if lo > start { out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: lo - start)) }
        let mark = out.count
        do {
            try transform.transform(UnsafeBufferPointer(start: p + lo, count: hi - lo), into: &out)
        } catch {
            out.truncate(to: mark)
            throw FieldFailure(field: field, error: error)
        }
        if end > hi { out.append(contentsOf: UnsafeBufferPointer(start: p + hi, count: end - hi)) }
        // The record's output so far, this value's included: a transform
        // keeps each value within the limit, this keeps their sum there.
        let limit = configuration.outputLimit
        if out.count - recordMark > limit {
            out.truncate(to: mark)
            throw FieldFailure(field: field, error: .outputTooLong(limit))
        }
    }

    // MARK: Errors

    mutating func appendTerminator(_ terminator: Terminator) {
        switch terminator {
        case .none: break
        case .byte(let b): out.append(b)
        case .crlf:
            out.append(0x0D)
            out.append(0x0A)
        }
    }

    /// The one place an error becomes an error record, a kept record, a
    /// skipped one or the end of the run, with its diagnostic.
    mutating func fail(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator, field: Int, _ error: ValueError
    ) {
        errorCount += 1
        switch configuration.onError {
        case .record:
            appendErrorPrefix(field: field, error)
            UTF8Bytes.appendEscaped(p, start, end, into: &out)
            appendTerminator(terminator)
        case .keep:
            diagnose(field: field, error)
            out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            appendTerminator(terminator)
        case .skip:
            diagnose(field: field, error)
        case .abort:
            diagnose(field: field, error)
            aborted = true
        }
    }

    /// `error <TAB> RECORD <TAB> FIELD <TAB> CODE <TAB> MESSAGE <TAB>` (ORIGINAL follows).
    mutating func appendErrorPrefix(field: Int, _ error: ValueError) {
        out.append(bytes: Array("error\t\(recordNumber)\t\(field)\t\(error.code)\t".utf8))
        UTF8Bytes.appendEscaped(error.message, into: &out)
        out.append(0x09)
    }

    /// `TOOL: record N, field F: CODE: MESSAGE` on stderr, after the output so far.
    mutating func diagnose(field: Int, _ error: ValueError) {
        flushDeferringFailure()
        var line = Array("\(configuration.toolName): record \(recordNumber), field \(field): \(error.code): ".utf8)
        UTF8Bytes.appendEscaped(error.message, into: &line)
        line.append(0x0A)
        line.withUnsafeBufferPointer { b in try? diagnostics.write(b) }
    }
}
