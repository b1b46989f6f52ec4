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
    /// Drop the spaces and tabs around each transformed value (`--trim`)
    /// instead of keeping them around the result.
    public var trim = false
    /// What is written between the values a transform writes for one value
    /// (`--output-delimiter`); nil: TAB without fields, else the delimiter,
    /// each value then a field of its own (quoted as RFC 4180 says with `csv`).
    public var outputDelimiter: [UInt8]? = nil
    /// Keep each selected field as it is and write the results as new
    /// fields right after it (`--append`; needs ``fields``).
    public var append = false
    /// The header names of the fields ``append`` adds, one a value the
    /// transform writes (`--names`); nil names them FIELD_OUTPUT.
    public var appendNames: [String]? = nil
    /// Fields named by their header name (`-f price`), resolved into
    /// ``fields`` from the last header record before the run
    /// (``StreamRun/resolveFieldNames()``).
    public var fieldNames: FieldSelection? = nil

    /// The most bytes one record's output may take: a longer one is an
    /// `output-too-long` error, decided (by the transform) before its memory
    /// is spent. With the input buffer's bound of about ``maxRecordBytes``
    /// this bounds the engine's memory: a constant plus a small multiple of
    /// ``maxRecordBytes``, whatever the records, the options and the
    /// transform's amplification (separators, exponents, many targets).
    public var outputLimit: Int { maxOutputBytes ?? max(16 * maxRecordBytes, 1 << 16) }

    public init(toolName: String) { self.toolName = toolName }
}

extension StreamConfiguration {
    /// The field delimiter as a diagnostic names it: `TAB`, `SPACE`, a
    /// visible character quoted (`';'`), anything else by its code points
    /// (`U+00A0`).
    public var delimiterName: String {
        let bytes = delimiter ?? (csv ? [UInt8(ascii: ",")] : [0x09])
        let text = String(decoding: bytes, as: UTF8.self)
        if text == "\t" { return "TAB" }
        if text == " " { return "SPACE" }
        let visible = text.unicodeScalars.allSatisfy { s in
            !s.properties.isWhitespace && s.properties.generalCategory != .control
                && s.properties.generalCategory != .format && s.properties.generalCategory != .nonspacingMark
                && s.properties.generalCategory != .unassigned
        }
        if visible { return "'\(text)'" }
        return text.unicodeScalars.map { s in
            let hex = String(s.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// What the command line says when records were split into fields and
    /// not one had a selected field (``FieldCoverage/noneSelected``): the
    /// job transformed nothing. `widest` is the most fields a record had.
    public func noSelectedFieldMessage(widest: Int) -> String {
        let list = fields.map(\.description) ?? ""
        return "no record had field \(list) (delimiter \(delimiterName)\(csv ? ", CSV" : ""); "
            + "the widest record has \(widest) field\(widest == 1 ? "" : "s"))"
    }
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

/// A value error located in a field.
struct FieldFailure: Error {
    var field: Int
    var error: ValueError
}

/// The stream engine: splits input into records and fields, hands each
/// selected value to the tool's ``ValueTransform``, and writes output,
/// error records and diagnostics as the stream contract says.
///
/// It composes three parts, each with its own invariants: a
/// ``RecordReader`` (the input buffer, and records too long to hold), a
/// ``CSVScanner`` (quote state: record ends, fields, field numbers) and a
/// ``RecordWriter`` (the output, and the error policy). What is left here is
/// what is done with a record: its checks, its fields, its values.
public struct StreamEngine<Transform: ValueTransform, Output: ByteSink, Diagnostics: ByteSink>: ~Copyable {
    public var transform: Transform
    public var output: Output {
        get { writer.output }
        set { writer.output = newValue }
    }
    public var diagnostics: Diagnostics {
        get { writer.diagnostics }
        set { writer.diagnostics = newValue }
    }
    /// Where error records go instead of the output, if anywhere
    /// (`--errors FILE`); nil writes them to the output.
    public var errors: Output? {
        get { writer.errors }
        set {
            writer.routesErrors = newValue != nil
            writer.errors = newValue
        }
    }
    /// Called with the record's number whenever a value fails (not for an
    /// error record passing through): the command line uses it to hint at
    /// an operand that names a file.
    public var failedRecord: ((Int) -> Void)? {
        get { writer.failed }
        set { writer.failed = newValue }
    }
    public let configuration: StreamConfiguration
    /// Returns the pending signal, if SIGINT, SIGTERM, SIGHUP or SIGQUIT
    /// arrived: the run stops before its next read, even in the middle of a
    /// record too long to hold (see ``run(_:)``).
    public var pendingSignal: () -> Int32? = { nil }
    /// Whether the input may start with a byte-order mark: not so for the
    /// blocks of a parallel run, whose front writes it (``ParallelStream``).
    var readsByteOrderMark = true
    /// Whether the records split into fields had a selected field (with
    /// ``StreamConfiguration/fields``): a run that selected none of any
    /// record's fields transformed nothing, and the command line says so.
    public internal(set) var coverage = FieldCoverage()

    let scanner: CSVScanner
    var writer: RecordWriter<Output, Diagnostics>
    /// The unquoted value of a quoted CSV field, kept for its memory.
    var scratch: [UInt8] = []
    /// Where the output of the record being transformed starts in `writer.out`.
    var recordMark = 0
    /// Where the whole-record lane leaves the error of a value that failed.
    var laneFailure = ValueError(.engine(.empty), ErrorText(template: ""))
    var flushThreshold: Int { RecordWriter<Output, Diagnostics>.flushThreshold }
    /// The transform's ``ValueTransform/contextField``, when fields are selected.
    let contextField: Int?
    /// Where the transform notes its separators, when each of its values
    /// is quoted as a CSV field of its own (`--csv` with fields).
    var separatorOffsets: SeparatorOffsets?
    /// The failed cells of the record being written (`--on-error field`),
    /// reported once its output is written.
    var fieldFailures: [FieldFailure] = []
    /// A second scratch buffer: the values of a field, split into CSV fields.
    var splitScratch: [UInt8] = []
    /// With ``StreamConfiguration/append``: the names (or, without
    /// ``StreamConfiguration/appendNames``, the suffixes after FIELD_) of
    /// the fields added after each selected one, one a field.
    var appendedNames: [[UInt8]] = []

    /// An engine writing to `output` and `diagnostics`, and error records to
    /// `errors` when it is given (see ``errors``).
    public init(
        configuration: StreamConfiguration, transform: Transform, output: Output, diagnostics: Diagnostics,
        errors: Output? = nil
    ) {
        self.configuration = configuration
        self.transform = transform
        self.transform.outputLimit = configuration.outputLimit
        contextField = configuration.fields == nil ? nil : transform.contextField
        let delimiter = configuration.delimiter ?? (configuration.csv ? [UInt8(ascii: ",")] : [0x09])
        scanner = CSVScanner(
            delimiter: Delimiter(bytes: delimiter), terminator: configuration.zeroTerminated ? 0 : 0x0A)
        writer = RecordWriter(
            policy: configuration.onError, toolName: configuration.toolName,
            escapesNUL: configuration.zeroTerminated, output: output, diagnostics: diagnostics, errors: errors)
        setUpColumns(delimiter: delimiter)
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
                processRecord(b.baseAddress!, 0, b.count - 1, .byte(scanner.terminator))
            }
            if writer.aborted { break }
            if writer.out.count >= flushThreshold { try flush() }
        }
        try flush()
        return outcome
    }

    /// How the run ended once its input is done: a signal that arrived
    /// before then still makes it an interrupted run (its records were all
    /// read and written, but the tool was asked to stop, and says so).
    var outcome: StreamOutcome {
        if let signal = pendingSignal() { return .interrupted(signal: signal) }
        return writer.aborted ? .aborted : .completed(errors: writer.errorCount)
    }

    /// Transforms the records read from `source` until end of input.
    public mutating func run<Source: ByteSource>(_ source: inout Source) throws(IOFailure) -> StreamOutcome {
        var reader = RecordReader(
            scanner: scanner, csv: configuration.csv, maxRecordBytes: configuration.maxRecordBytes)
        return try run(&reader, &source)
    }

    /// Transforms the records `reader` holds and reads from `source` until
    /// end of input (a reader made at end of input never reads).
    mutating func run<Source: ByteSource>(_ reader: inout RecordReader, _ source: inout Source) throws(IOFailure)
        -> StreamOutcome
    {
        var atInputStart = readsByteOrderMark  // a byte-order mark may still stand at the start
        while true {
            if atInputStart {
                switch byteOrderMark(reader) {
                case .undecided: break
                case .absent: atInputStart = false
                case .present:
                    atInputStart = false
                    writer.out.append(bytes: Self.byteOrderMark)
                    reader.skip(Self.byteOrderMark.count)
                }
            }
            if reader.readingThrough {
                let (part, terminator) = reader.nextLongRecordPart()
                writer.writeLongRecordPart(reader.base, part)
                if let terminator {
                    writer.endLongRecord(terminator)
                    if writer.aborted {
                        try flush()
                        return .aborted
                    }
                }
            }
            if !reader.readingThrough && !atInputStart {
                if wholeRecordLane { try wholeRecords(&reader) }
                while !writer.aborted, let record = reader.nextRecord() {
                    processRecord(reader.base, record.start, record.contentEnd, record.terminator)
                    if writer.aborted { break }
                    if writer.out.count >= flushThreshold { try flush() }
                }
                if writer.aborted {
                    try flush()
                    return .aborted
                }
                if let part = reader.startReadingThrough() {
                    writer.recordNumber += 1
                    if writer.recordNumber > configuration.headerRecords { coverage.selectedSeen = true }
                    writer.beginLongRecord(isHeader: writer.recordNumber <= configuration.headerRecords, recordTooLong)
                    if writer.aborted {
                        try flush()
                        return .aborted
                    }
                    writer.writeLongRecordPart(reader.base, part)
                }
            }
            // Keep only the unfinished record, at the start of the buffer.
            reader.compact()
            if reader.atEnd {
                if reader.readingThrough {
                    writer.writeLongRecordPart(reader.base, reader.lastLongRecordPart())
                    writer.endLongRecord(.none)
                } else if reader.count > 0 {
                    finishLastRecord(reader)
                }
                try flush()
                return outcome
            }
            // Never sit on output while waiting for input.
            try flush()
            if let signal = pendingSignal() {
                // Every record read completely is written. A record too long
                // to hold that is being read through has had what was read
                // of it written (the start of its error record, or of the
                // record with `keep`): it stays so, without a terminator,
                // and the run stops now rather than at that record's end,
                // which may never come (`< /dev/zero`).
                return .interrupted(signal: signal)
            }
            try reader.fill(from: &source)
        }
    }

    /// UTF-8's byte-order mark, U+FEFF.
    static var byteOrderMark: [UInt8] { [0xEF, 0xBB, 0xBF] }

    enum ByteOrderMark { case present, absent, undecided }

    /// Whether the input starts with a byte-order mark, which is written
    /// back at the start of the output and is never part of the first value
    /// (nor a header's): undecided while fewer bytes than it holds have
    /// come and they begin it.
    func byteOrderMark(_ reader: borrowing RecordReader) -> ByteOrderMark {
        let mark = Self.byteOrderMark
        let n = min(reader.count, mark.count)
        for k in 0..<n where reader.base[k] != mark[k] { return .absent }
        if n == mark.count { return .present }
        return reader.atEnd ? .absent : .undecided
    }

    /// Writes what is pending to the output.
    public mutating func flush() throws(IOFailure) {
        try writer.flush()
    }

    // MARK: The whole-record lane

    /// Whether records are values, split on the terminator alone: no CSV,
    /// no fields. (Header records still go through ``processRecord``.)
    var wholeRecordLane: Bool { !configuration.csv && configuration.fields == nil }

    /// Transforms every complete record the reader holds: runs of records
    /// through the transform's own ``ValueTransform/transformRecords(_:terminator:maxLength:flushAt:into:failure:)``,
    /// each record it leaves through ``processRecord``.
    mutating func wholeRecords(_ reader: inout RecordReader) throws(IOFailure) {
        let t = scanner.terminator
        // (Decided once: the policy and the callback do not change during a run.)
        let lanesWriteErrorRecords = writer.lanesWriteErrorRecords
        while reader.pos < reader.count {
            if writer.recordNumber >= configuration.headerRecords {
                // The transform's own run of records, a slice at a time.
                let slice = UnsafeBufferPointer(
                    start: reader.base + reader.pos, count: min(reader.count - reader.pos, flushThreshold))
                var lane = ErrorRecordLane(
                    enabled: lanesWriteErrorRecords, escapesNUL: configuration.zeroTerminated,
                    recordsBefore: writer.recordNumber)
                let run = transform.transformRecords(
                    slice, terminator: t, maxLength: configuration.maxRecordBytes, flushAt: flushThreshold,
                    into: &writer.out, failure: &laneFailure, errorRecords: &lane)
                reader.skip(run.bytes)
                writer.recordNumber += run.records
                if lane.written > 0 { writer.countLaneErrors(lane.written) }
                if run.failed, let record = reader.nextRecord() {
                    // The value of the next record failed in the run: its
                    // error is written without transforming it again.
                    writer.recordNumber += 1
                    writer.fail(
                        reader.base, record.start, record.contentEnd, record.terminator, field: 0, laneFailure)
                    if writer.aborted { return }
                    if writer.out.count >= flushThreshold { try flush() }
                    continue
                }
                let full = writer.out.count >= flushThreshold
                if full { try flush() }
                // All of it, or a run the output stopped: the next slice.
                if run.bytes == slice.count || (full && run.bytes > 0) { continue }
            }
            guard let record = reader.nextRecord() else { return }
            processRecord(reader.base, record.start, record.contentEnd, record.terminator)
            if writer.aborted { return }
            if writer.out.count >= flushThreshold { try flush() }
        }
    }

    /// The last record, which has no terminator.
    mutating func finishLastRecord(_ reader: borrowing RecordReader) {
        let p = reader.base
        let count = reader.count
        if let quoteOffset = reader.unterminatedQuoteOffset, writer.recordNumber >= configuration.headerRecords,
            count > configuration.maxRecordBytes || !RecordWriter<Output, Diagnostics>.isErrorRecord(p, 0, count)
        {
            writer.recordNumber += 1
            coverage.selectedSeen = true  // (not split into fields: it may have had the field)
            let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p, count: count), quoteOffset)
            // FIELD is 0 when the whole record is the value (no -f), as in
            // every other error record; the message then names no field.
            let field = configuration.fields == nil ? 0 : scanner.fieldNumber(p, count, at: quoteOffset)
            let message =
                field == 0
                ? "quote opened at offset \(offset) is not closed at end of input"
                : "quoted field \(field) opened at offset \(offset) is not closed at end of input"
            writer.fail(p, 0, count, .none, field: field, ValueError(.engine(.unterminatedQuote), message))
            return
        }
        processRecord(p, 0, count, .none)
    }

    /// A record longer than ``StreamConfiguration/maxRecordBytes``.
    var recordTooLong: ValueError {
        ValueError(.engine(.recordTooLong), "record is longer than the limit of \(configuration.maxRecordBytes) bytes")
    }

    // MARK: One record

    mutating func processRecord(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator) {
        writer.recordNumber += 1
        if writer.recordNumber <= configuration.headerRecords {
            if configuration.append, let fields = configuration.fields {
                appendHeader(p, start, end, fields, naming: writer.recordNumber == configuration.headerRecords)
            } else {
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            }
            writer.appendTerminator(terminator)
            return
        }
        if end - start > configuration.maxRecordBytes {
            // (An error record too: one too long is never held whole, so
            // that what a record is does not depend on how it was read.)
            coverage.selectedSeen = true  // (it may have had the field)
            writer.fail(p, start, end, terminator, field: 0, recordTooLong)
            return
        }
        if RecordWriter<Output, Diagnostics>.isErrorRecord(p, start, end) {
            // An earlier pass's error record: never transformed or wrapped again.
            writer.passErrorRecord(p, start, end, terminator)
            return
        }
        // Only the values transformed must be UTF-8. A valid record (the
        // common case) is checked once, whole, eight bytes at a time; in one
        // that is not, the selected values are (unquoting a CSV field keeps
        // valid UTF-8 valid), before any is transformed.
        if let bad = UTF8Bytes.firstInvalid(p, start, end) {
            if let fields = configuration.fields {
                if let failure = invalidValue(p, start, end, fields) {
                    coverage.selectedSeen = true
                    writer.fail(p, start, end, terminator, field: failure.field, failure.error)
                    return
                }
            } else {
                writer.fail(p, start, end, terminator, field: 0, Self.invalidUTF8(p, start, end, at: bad))
                return
            }
        }
        let mark = writer.out.count
        recordMark = mark
        do throws(FieldFailure) {
            if let fields = configuration.fields {
                if let n = contextField { try recordContext(p, start, end, field: n) }
                try transformFields(p, start, end, fields)
            } else {
                try transformValue(p, start, end, field: 0)
            }
            writer.appendTerminator(terminator)
            if !fieldFailures.isEmpty { reportFieldFailures(p, start, end, terminator) }
        } catch {
            writer.out.truncate(to: mark)
            fieldFailures.removeAll(keepingCapacity: true)
            writer.fail(p, start, end, terminator, field: error.field, error.error)
        }
    }

    /// Transforms the selected fields of the record `[start, end)`; the
    /// others, and everything after the last one selected, are copied as they are.
    mutating func transformFields(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList)
        throws(FieldFailure)
    {
        let last = fields.upperBound
        var field = 1
        var range = 0  // where the selection's walk stands (FieldList.selects)
        var i = start
        // The fields not selected and the delimiters are copied as they
        // stand, a run of them at a time: `[copied, i)` is read but not yet
        // written (a delimiter in the input is the bytes of the delimiter).
        var copied = start
        while field <= last {
            let fieldStart = i
            if !fields.selects(field, at: &range) {
                i = configuration.csv ? scanner.field(p, fieldStart, end).end : scanner.delimiter.next(p, i, end)
            } else {
                coverage.selectedSeen = true
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: fieldStart - copied))
                if configuration.append { copyFieldForAppend(p, fieldStart, end) }
                if configuration.onError == .field {
                    i = transformCell(p, start, fieldStart, end, field: field)
                } else if configuration.csv {
                    i = try csvField(p, start, fieldStart, end, field: field)
                } else {
                    i = scanner.delimiter.next(p, i, end)
                    try transformValue(p, fieldStart, i, field: field)
                }
                copied = i
            }
            if i >= end {
                // The record's last field: before the first selected one, it had none.
                if field < fields.lowerBound { noSelectedField(fields: field) }
                break
            }
            i += scanner.delimiter.count
            field += 1
        }
        writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: end - copied))
    }

    /// Hands field `n` of the record `[start, end)` to the transform's
    /// ``ValueTransform/recordContext(_:)``: trimmed, unquoted with CSV,
    /// empty when the record has fewer fields.
    @inline(never)
    mutating func recordContext(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field n: Int)
        throws(FieldFailure)
    {
        var field = 1
        var i = start
        var lo = end
        var hi = end
        while true {
            let fieldStart = i
            if configuration.csv {
                let found = scanner.field(p, fieldStart, end)
                i = found.end
                if field == n && found.quoted {
                    guard found.wellFormed else {
                        throw FieldFailure(
                            field: n,
                            error: ValueError(
                                .engine(.invalidCSV), "quoted field \(n) has text after its closing quote"))
                    }
                    scratch.removeAll(keepingCapacity: true)
                    scanner.unquote(p, fieldStart, i, into: &scratch)
                    scratch.append(0)
                    let local = scratch
                    try local.withUnsafeBufferPointer { (b) throws(FieldFailure) in
                        try giveContext(b.baseAddress!, 0, b.count - 1, field: n)
                    }
                    scratch = local
                    return
                }
            } else {
                i = scanner.delimiter.next(p, i, end)
            }
            if field == n {
                (lo, hi) = (fieldStart, i)
                break
            }
            if i >= end { break }
            i += scanner.delimiter.count
            field += 1
        }
        try giveContext(p, lo, hi, field: n)
    }

    mutating func giveContext(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int) throws(FieldFailure) {
        var lo = start
        var hi = end
        while lo < hi, p[lo] == 0x20 || p[lo] == 0x09 { lo += 1 }
        while hi > lo, p[hi - 1] == 0x20 || p[hi - 1] == 0x09 { hi -= 1 }
        do {
            try transform.recordContext(UnsafeBufferPointer(start: p + lo, count: hi - lo))
        } catch {
            throw FieldFailure(field: field, error: error)
        }
    }

    /// Notes a record of `count` fields that had no selected field.
    @inline(never)
    mutating func noSelectedField(fields count: Int) {
        coverage.widestWithoutSelected = max(coverage.widestWithoutSelected, count)
    }

    /// Writes the selected RFC 4180 field starting at `fieldStart`,
    /// transformed, and returns where it ends. `start` is the record's start.
    mutating func csvField(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ fieldStart: Int, _ end: Int, field: Int
    ) throws(FieldFailure) -> Int {
        let found = scanner.field(p, fieldStart, end)
        let i = found.end
        if !found.quoted {
            let mark = writer.out.count
            separatorOffsets?.list.removeAll(keepingCapacity: true)
            try transformValue(p, fieldStart, i, field: field)
            if separatorOffsets != nil {
                quoteValues(from: mark)
            } else {
                scanner.requoteIfNeeded(&writer.out, from: mark)
            }
        } else if !found.wellFormed {
            throw FieldFailure(
                field: field,
                error: ValueError(
                    .engine(.invalidCSV),
                    "quoted field \(field) at offset \(UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), fieldStart - start)) has text after its closing quote"
                ))
        } else {
            // Unquote into scratch, then transform that.
            scratch.removeAll(keepingCapacity: true)
            scanner.unquote(p, fieldStart, i, into: &scratch)
            if !configuration.emptyIsError, isBlank(scratch) {
                // A blank value passes through unchanged, quotes included.
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
                return i
            }
            scratch.append(0)
            let mark = writer.out.count
            separatorOffsets?.list.removeAll(keepingCapacity: true)
            let local = scratch
            try local.withUnsafeBufferPointer { (b) throws(FieldFailure) in
                try transformValue(b.baseAddress!, 0, b.count - 1, field: field)
            }
            scratch = local
            if separatorOffsets != nil {
                quoteValues(from: mark)
            } else {
                scanner.requoteIfNeeded(&writer.out, from: mark)
            }
        }
        return i
    }

    /// The first selected value of the record `[start, end)` that is not
    /// valid UTF-8, as its `invalid-utf8` error; nil when every one is. The
    /// fields not selected may hold any bytes.
    @inline(never)
    mutating func invalidValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList)
        -> FieldFailure?
    {
        var field = 1
        var range = 0
        var i = start
        while field <= fields.upperBound {
            let fieldStart = i
            if configuration.csv {
                let found = scanner.field(p, fieldStart, end)
                i = found.end
                if fields.selects(field, at: &range), found.wellFormed {
                    if found.quoted {
                        scratch.removeAll(keepingCapacity: true)
                        scanner.unquote(p, fieldStart, i, into: &scratch)
                        let failure = scratch.withUnsafeBufferPointer { b in
                            b.baseAddress.flatMap { base in
                                UTF8Bytes.firstInvalid(base, 0, b.count).map {
                                    FieldFailure(field: field, error: Self.invalidUTF8(base, 0, b.count, at: $0))
                                }
                            }
                        }
                        if let failure { return failure }
                    } else if let bad = UTF8Bytes.firstInvalid(p, fieldStart, i) {
                        return FieldFailure(field: field, error: Self.invalidUTF8(p, fieldStart, i, at: bad))
                    }
                }
            } else {
                i = scanner.delimiter.next(p, i, end)
                if fields.selects(field, at: &range), let bad = UTF8Bytes.firstInvalid(p, fieldStart, i) {
                    return FieldFailure(field: field, error: Self.invalidUTF8(p, fieldStart, i, at: bad))
                }
            }
            if i >= end { return nil }
            i += scanner.delimiter.count
            field += 1
        }
        return nil
    }

    /// `[start, end)` less the spaces and tabs around it, and with
    /// `unicodeSpaces` (`--trim`) the Unicode space separators as well
    /// (``UTF8Bytes/spaceSeparatorLength(_:_:_:)``), in any mix.
    @inline(__always)
    static func trimmed(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, unicodeSpaces: Bool) -> (Int, Int) {
        var lo = start
        var hi = end
        while lo < hi {
            if p[lo] == 0x20 || p[lo] == 0x09 {
                lo += 1
            } else if unicodeSpaces, case let k = UTF8Bytes.spaceSeparatorLength(p, lo, hi), k > 0 {
                lo += k
            } else {
                break
            }
        }
        while hi > lo {
            if p[hi - 1] == 0x20 || p[hi - 1] == 0x09 {
                hi -= 1
            } else if unicodeSpaces, case let k = UTF8Bytes.spaceSeparatorLength(p, from: lo, endingAt: hi), k > 0 {
                hi -= k
            } else {
                break
            }
        }
        return (lo, hi)
    }

    /// Whether the unquoted CSV field `value` is blank as ``trimmed(_:_:_:unicodeSpaces:)`` sees it.
    func isBlank(_ value: [UInt8]) -> Bool {
        value.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return true }
            let (lo, hi) = Self.trimmed(base, 0, b.count, unicodeSpaces: configuration.trim)
            return lo == hi
        }
    }

    /// The `invalid-utf8` error of the value `[start, end)`, whose byte at
    /// `bad` is not UTF-8: its offset counts characters from the value's
    /// start, and the message names the byte as `0xHH`, which the error
    /// record needs not escape again.
    static func invalidUTF8(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, at bad: Int) -> ValueError {
        let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), bad - start)
        var text = ErrorText(template: "\u{1} at offset \u{2} is not valid UTF-8", offset)
        text.quote(UnsafeBufferPointer(start: p + bad, count: 1), at: 0)  // (one byte of no sequence: byte 0xHH)
        return ValueError(.engine(.invalidUTF8), text)
    }

    /// Transforms `[start, end)`, keeping the spaces and tabs around it
    /// (dropping them with ``StreamConfiguration/trim``, and the Unicode
    /// space separators around it too; handing them to a transform that
    /// ``ValueTransform/keepsSurroundingWhitespace``).
    @inline(__always)
    mutating func transformValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int) throws(FieldFailure) {
        var (lo, hi) = Self.trimmed(p, start, end, unicodeSpaces: configuration.trim)
        if lo == hi {
            if configuration.emptyIsError {
                throw FieldFailure(field: field, error: ValueError(.engine(.empty), "value is empty"))
            }
            writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            return
        }
        let trim = configuration.trim
        if !trim && transform.keepsSurroundingWhitespace { (lo, hi) = (start, end) }
        if lo > start && !trim {
            writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: lo - start))
        }
        let mark = writer.out.count
        do {
            try transform.transform(UnsafeBufferPointer(start: p + lo, count: hi - lo), into: &writer.out)
        } catch {
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: error)
        }
        if end > hi && !trim { writer.out.append(contentsOf: UnsafeBufferPointer(start: p + hi, count: end - hi)) }
        // The record's output so far, this value's included: a transform
        // keeps each value within the limit, this keeps their sum there.
        let limit = configuration.outputLimit
        if writer.out.count - recordMark > limit {
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: .outputTooLong(limit))
        }
    }
}
