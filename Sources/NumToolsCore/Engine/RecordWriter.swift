#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
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
    /// Write the bad cell as it was and transform the rest of the record;
    /// a diagnostic on stderr for each bad cell (`field`: numfmt's
    /// `--invalid=ignore`, but counted). A failure of the whole record
    /// (no `-f`, a record too long, a value not UTF-8) keeps it, as `keep`.
    case field
}

/// The engine's error-policy writer: holds the output until it is flushed,
/// and is the one place an error becomes an error record, a kept record, a
/// skipped one or the end of the run, with its diagnostic.
///
/// Output goes to ``out`` (the engine and the transform append to it) and
/// reaches `output` at ``flush()``. A write failure met where it cannot be
/// thrown (before a diagnostic, or while a long record is read through) is
/// held and thrown by the next ``flush()``, so that no failure is lost and
/// no diagnostic comes before the output it follows.
struct RecordWriter<Output: ByteSink, Diagnostics: ByteSink>: ~Copyable {
    /// The output not yet written to `output`.
    var out: OutputBuffer
    var output: Output
    var diagnostics: Diagnostics
    /// Where error records go instead of the output (`--errors FILE`), if
    /// anywhere: the policy then says what stands in the output at the bad
    /// record's place (`record` means nothing, as `skip`), and no
    /// diagnostic is written.
    var errors: Output?
    /// Whether ``errors`` is set (whoever sets `errors` sets it): tested on
    /// every error, without copying `errors`.
    var routesErrors = false
    /// The error records not yet written to `errors`.
    var errorOut: OutputBuffer
    /// Called with the record's number whenever a value fails (not for an
    /// error record passing through).
    var failed: ((Int) -> Void)? = nil
    let policy: ErrorPolicy
    /// The tool's name, for diagnostics.
    let toolName: String
    /// Records end with NUL (`-z`): NUL in MESSAGE and ORIGINAL is written `\x00`.
    let escapesNUL: Bool
    /// The 1-based number of the record being written; the engine counts
    /// each record it hands over, header records included.
    var recordNumber = 0
    /// How many values could not be transformed.
    private(set) var errorCount = 0
    /// The policy is `abort` and an error came: the run stops.
    private(set) var aborted = false
    /// The record being read through is a header record: it passes unchanged.
    private var longRecordIsHeader = false
    /// The policy is `abort` and the record being read through failed: its
    /// error record goes to `errors` whole, then the run stops.
    private var abortAfterLongRecord = false
    /// An output failure met where it could not be thrown; the next flush throws it.
    private var deferredFailure: IOFailure?
    /// Each diagnostic is written at once, after the output so far (see
    /// ``StreamConfiguration/diagnosticsFollowOutput``); else diagnostics
    /// wait for the output they follow to be written.
    var diagnosticsFollowOutput = true
    /// The diagnostic lines not yet written: written by every ``flush()``,
    /// after the output (even when writing the output fails).
    private var pendingDiagnostics: OutputBuffer

    /// How many bytes of output the engine gathers before it writes them.
    static var flushThreshold: Int { 1 << 16 }

    init(
        policy: ErrorPolicy, toolName: String, escapesNUL: Bool, output: Output, diagnostics: Diagnostics,
        errors: Output? = nil
    ) {
        self.policy = policy
        self.toolName = toolName
        self.escapesNUL = escapesNUL
        self.output = output
        self.diagnostics = diagnostics
        self.errors = errors
        routesErrors = errors != nil
        out = OutputBuffer(capacity: Self.flushThreshold * 2)
        errorOut = OutputBuffer(capacity: errors == nil ? 16 : Self.flushThreshold)
        pendingDiagnostics = OutputBuffer(capacity: 16)
    }

    // MARK: Writing out

    /// Writes what is pending to the output, or throws the failure held since
    /// the last flush.
    mutating func flush() throws(IOFailure) {
        defer { writePendingDiagnostics() }
        if let failure = deferredFailure { throw failure }
        if !errorOut.isEmpty { try flushErrorRecords() }
        guard !out.isEmpty else { return }
        if let recording = output as? RecordingSink {
            // A worker of a parallel run: a full buffer is handed over to the
            // front as it is (a copy of a few hundred KiB a block saved), a
            // small one (a line-at-a-time stream) copied, which holds less.
            try recording.record(&out, handingOver: out.count >= Self.flushThreshold / 4)
            return
        }
        var failure: IOFailure?
        out.withUnsafeBytes { b in
            do throws(IOFailure) { try output.write(b) } catch { failure = error }
        }
        out.removeAll()
        if let failure { throw failure }
    }

    /// Writes the pending error records to `errors`.
    mutating func flushErrorRecords() throws(IOFailure) {
        var failure: IOFailure?
        errorOut.withUnsafeBytes { b in
            do throws(IOFailure) { try errors?.write(b) } catch { failure = error }
        }
        errorOut.removeAll()
        if let failure { throw failure }
    }

    /// Writes the diagnostic lines gathered so far to `diagnostics` (a
    /// failure to write them is not the run's).
    mutating func writePendingDiagnostics() {
        guard !pendingDiagnostics.isEmpty else { return }
        pendingDiagnostics.withUnsafeBytes { b in try? diagnostics.write(b) }
        pendingDiagnostics.removeAll()
    }

    /// Flushes where a failure cannot be thrown; it surfaces at the next flush.
    mutating func flushDeferringFailure() {
        do throws(IOFailure) { try flush() } catch { deferredFailure = error }
    }

    mutating func appendTerminator(_ terminator: Terminator) {
        Self.append(terminator, to: &out)
    }

    static func append<O: ByteOutput & ~Copyable>(_ terminator: Terminator, to out: inout O) {
        switch terminator {
        case .none: break
        case .byte(let b): out.append(b)
        case .crlf:
            out.append(0x0D)
            out.append(0x0A)
        }
    }

    // MARK: Errors

    /// Whether a run of records may write its error records itself
    /// (``ErrorRecordLane``): they are error records in the output, and
    /// nothing else is done for a failure.
    var lanesWriteErrorRecords: Bool { policy == .record && !routesErrors && failed == nil }

    /// Counts the error records a run of records wrote itself (see ``lanesWriteErrorRecords``).
    mutating func countLaneErrors(_ n: Int) { errorCount &+= n }

    /// Writes what the policy says for the record `[start, end)`, which
    /// failed with `error` in `field` (0: the whole record).
    mutating func fail(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator, field: Int, _ error: ValueError
    ) {
        errorCount += 1
        failed?(recordNumber)
        if routesErrors {
            Self.appendErrorRecord(
                record: recordNumber, field: field, error, p, start, end, terminator, escapesNUL: escapesNUL,
                into: &errorOut)
            switch policy {
            case .keep, .field:
                out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
                appendTerminator(terminator)
            case .abort: aborted = true
            case .record, .skip: break
            }
            if errorOut.count >= Self.flushThreshold { flushDeferringFailure() }
            return
        }
        switch policy {
        case .record:
            Self.appendErrorRecord(
                record: recordNumber, field: field, error, p, start, end, terminator, escapesNUL: escapesNUL,
                into: &out)
        case .keep, .field:
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

    /// Reports the cell `field` of the record `[start, end)`, which failed
    /// with `error` and was written as it was (`--on-error field`): counted,
    /// and its error record written to `errors` when given, else a
    /// diagnostic. The record itself is already written.
    mutating func failCell(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator, field: Int, _ error: ValueError
    ) {
        errorCount += 1
        failed?(recordNumber)
        if routesErrors {
            Self.appendErrorRecord(
                record: recordNumber, field: field, error, p, start, end, terminator, escapesNUL: escapesNUL,
                into: &errorOut)
            if errorOut.count >= Self.flushThreshold { flushDeferringFailure() }
        } else {
            diagnose(field: field, error)
        }
    }

    // MARK: Error records passing through

    /// Whether the record `[start, end)` is already an error record: it
    /// begins with `error` TAB and has six TAB-separated columns. (Records
    /// that begin with anything but `e` cost one comparison.)
    @inline(__always)
    static func isErrorRecord(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 10, p[start] == UInt8(ascii: "e") else { return false }
        return hasErrorRecordColumns(p, start, end)
    }

    static func hasErrorRecordColumns(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for (k, b) in "error\t".utf8.enumerated() where p[start + k] != b { return false }
        var tabs = 1
        var i = start + 6
        while i < end, let hit = memchr(p + i, 0x09, end - i) {
            tabs += 1
            if tabs > 5 { return false }
            i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p + 1
        }
        return tabs == 5
    }

    /// Writes an error record of an earlier pass, `[start, end)`, as it
    /// came: it counts as an error, and the policy says where it goes
    /// (`record` and `keep`: the output; `skip`: nowhere; `abort`: nowhere,
    /// and the run stops; with `errors`, to the errors as well). Its
    /// diagnostic quotes its own FIELD, CODE and MESSAGE.
    mutating func passErrorRecord(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator
    ) {
        errorCount += 1
        let record = UnsafeBufferPointer(start: p + start, count: end - start)
        if routesErrors {
            errorOut.append(contentsOf: record)
            Self.append(terminator, to: &errorOut)
            if errorOut.count >= Self.flushThreshold { flushDeferringFailure() }
        } else if policy != .record {
            diagnosePassing(record)
        }
        switch policy {
        case .record where !routesErrors, .keep, .field:
            out.append(contentsOf: record)
            appendTerminator(terminator)
        case .abort: aborted = true
        case .record, .skip: break
        }
    }

    /// `TOOL: record N, field F: CODE: MESSAGE` for an error record passing
    /// through: N this run's record number, the rest its own columns as
    /// they stand (already escaped; a line break, possible under `-z`, is
    /// written `\n` or `\r`).
    mutating func diagnosePassing(_ record: UnsafeBufferPointer<UInt8>) {
        flushDeferringFailure()
        let columns = record.split(separator: 0x09, omittingEmptySubsequences: false)
        var line = Array("\(toolName): record \(recordNumber), field ".utf8)
        for (k, separator) in [(2, ": "), (3, ": "), (4, "\n")] {
            for b in columns[k] {
                switch b {
                case 0x0A: line += [0x5C, UInt8(ascii: "n")]
                case 0x0D: line += [0x5C, UInt8(ascii: "r")]
                case 0x00: line += Array("\\x00".utf8)
                default: line.append(b)
                }
            }
            line += Array(separator.utf8)
        }
        line.withUnsafeBufferPointer { b in try? diagnostics.write(b) }
    }

    /// `TOOL: record N, field F: CODE: MESSAGE` on stderr, after the output
    /// so far: at once when ``diagnosticsFollowOutput``, else with the next
    /// flush of the output (or once 64 KiB of them wait). Written in bytes,
    /// as an error record is (no String a line).
    mutating func diagnose(field: Int, _ error: ValueError) {
        var name = toolName
        name.withUTF8 { pendingDiagnostics.append(contentsOf: $0) }
        // Bound: ": record " (9 bytes), two numbers of at most 20 bytes
        // (`writeDecimal`), ", field " (8) and ": " (2): 59.
        pendingDiagnostics.appendWithUnsafeMutableBytes(maximumCount: 59) { buffer in
            let q = buffer.baseAddress!
            var at = 0
            for b in ": record ".utf8 { q[at] = b; at &+= 1 }
            at &+= ErrorText.writeDecimal(recordNumber, to: q + at)
            for b in ", field ".utf8 { q[at] = b; at &+= 1 }
            at &+= ErrorText.writeDecimal(field, to: q + at)
            q[at] = UInt8(ascii: ":")
            q[at &+ 1] = UInt8(ascii: " ")
            return at &+ 2
        }
        var code = error.code.name
        code.withUTF8 { pendingDiagnostics.append(contentsOf: $0) }
        pendingDiagnostics.append(UInt8(ascii: ":"))
        pendingDiagnostics.append(UInt8(ascii: " "))
        error.text.write(escapingNUL: escapesNUL, into: &pendingDiagnostics)
        pendingDiagnostics.append(0x0A)
        if diagnosticsFollowOutput || pendingDiagnostics.count >= Self.flushThreshold {
            flushDeferringFailure()  // the output so far, then the diagnostics
        }
    }

    // MARK: Records too long to hold

    /// Starts a record that is read through in parts: a header passes
    /// through whatever its length (as it does when it fits in memory);
    /// any other is the error `error`, written as the policy says: the
    /// parts of the record and its terminator follow.
    mutating func beginLongRecord(isHeader: Bool, _ error: ValueError) {
        longRecordIsHeader = isHeader
        if isHeader { return }
        errorCount += 1
        failed?(recordNumber)
        if routesErrors {
            Self.appendErrorPrefix(record: recordNumber, field: 0, error, escapesNUL: escapesNUL, into: &errorOut)
            abortAfterLongRecord = policy == .abort
            return
        }
        switch policy {
        case .record:
            Self.appendErrorPrefix(record: recordNumber, field: 0, error, escapesNUL: escapesNUL, into: &out)
        case .keep, .skip, .field:
            diagnose(field: 0, error)
        case .abort:
            diagnose(field: 0, error)
            aborted = true
        }
    }

    /// Writes a part of the record being read through: escaped in an error
    /// record, as it is when kept, not at all when skipped.
    mutating func writeLongRecordPart(_ p: UnsafePointer<UInt8>, _ part: Range<Int>) {
        guard !part.isEmpty else { return }
        if routesErrors, !longRecordIsHeader {
            UTF8Bytes.appendEscaped(p, part.lowerBound, part.upperBound, escapingNUL: escapesNUL, into: &errorOut)
            if errorOut.count >= Self.flushThreshold * 4 { flushDeferringFailure() }
        }
        switch longRecordIsHeader ? .keep : routesErrors && policy == .record ? .skip : policy {
        case .record: UTF8Bytes.appendEscaped(p, part.lowerBound, part.upperBound, escapingNUL: escapesNUL, into: &out)
        case .keep, .field: out.append(contentsOf: UnsafeBufferPointer(start: p + part.lowerBound, count: part.count))
        case .skip, .abort: break
        }
        // The output of one record can be long: written as it comes.
        if out.count >= Self.flushThreshold * 4 { flushDeferringFailure() }
    }

    /// Ends the record being read through.
    mutating func endLongRecord(_ terminator: Terminator) {
        if routesErrors, !longRecordIsHeader {
            Self.append(terminator, to: &errorOut)
            if abortAfterLongRecord { aborted = true }
            if policy != .keep && policy != .field { return }
        }
        switch longRecordIsHeader ? .keep : policy {
        case .record, .keep, .field: appendTerminator(terminator)
        case .skip, .abort: break
        }
    }
}
