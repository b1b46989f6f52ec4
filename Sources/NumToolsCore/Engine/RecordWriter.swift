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
    /// An output failure met where it could not be thrown; the next flush throws it.
    private var deferredFailure: IOFailure?

    /// How many bytes of output the engine gathers before it writes them.
    static var flushThreshold: Int { 1 << 16 }

    init(policy: ErrorPolicy, toolName: String, escapesNUL: Bool, output: Output, diagnostics: Diagnostics) {
        self.policy = policy
        self.toolName = toolName
        self.escapesNUL = escapesNUL
        self.output = output
        self.diagnostics = diagnostics
        out = OutputBuffer(capacity: Self.flushThreshold * 2)
    }

    // MARK: Writing out

    /// Writes what is pending to the output, or throws the failure held since
    /// the last flush.
    mutating func flush() throws(IOFailure) {
        if let failure = deferredFailure { throw failure }
        guard !out.isEmpty else { return }
        var failure: IOFailure?
        out.withUnsafeBytes { b in
            do throws(IOFailure) { try output.write(b) } catch { failure = error }
        }
        out.removeAll()
        if let failure { throw failure }
    }

    /// Flushes where a failure cannot be thrown; it surfaces at the next flush.
    mutating func flushDeferringFailure() {
        do throws(IOFailure) { try flush() } catch { deferredFailure = error }
    }

    mutating func appendTerminator(_ terminator: Terminator) {
        switch terminator {
        case .none: break
        case .byte(let b): out.append(b)
        case .crlf:
            out.append(0x0D)
            out.append(0x0A)
        }
    }

    // MARK: Errors

    /// Writes what the policy says for the record `[start, end)`, which
    /// failed with `error` in `field` (0: the whole record).
    mutating func fail(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator, field: Int, _ error: ValueError
    ) {
        errorCount += 1
        switch policy {
        case .record:
            appendErrorPrefix(field: field, error)
            UTF8Bytes.appendEscaped(p, start, end, escapingNUL: escapesNUL, into: &out)
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
        UTF8Bytes.appendEscaped(error.message, escapingNUL: escapesNUL, into: &out)
        out.append(0x09)
    }

    /// `TOOL: record N, field F: CODE: MESSAGE` on stderr, after the output so far.
    mutating func diagnose(field: Int, _ error: ValueError) {
        flushDeferringFailure()
        var line = Array("\(toolName): record \(recordNumber), field \(field): \(error.code): ".utf8)
        UTF8Bytes.appendEscaped(error.message, escapingNUL: escapesNUL, into: &line)
        line.append(0x0A)
        line.withUnsafeBufferPointer { b in try? diagnostics.write(b) }
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
        switch policy {
        case .record:
            appendErrorPrefix(field: 0, error)
        case .keep, .skip:
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
        switch longRecordIsHeader ? .keep : policy {
        case .record: UTF8Bytes.appendEscaped(p, part.lowerBound, part.upperBound, escapingNUL: escapesNUL, into: &out)
        case .keep: out.append(contentsOf: UnsafeBufferPointer(start: p + part.lowerBound, count: part.count))
        case .skip, .abort: break
        }
        // The output of one record can be long: written as it comes.
        if out.count >= Self.flushThreshold * 4 { flushDeferringFailure() }
    }

    /// Ends the record being read through.
    mutating func endLongRecord(_ terminator: Terminator) {
        switch longRecordIsHeader ? .keep : policy {
        case .record, .keep: appendTerminator(terminator)
        case .skip, .abort: break
        }
    }
}
