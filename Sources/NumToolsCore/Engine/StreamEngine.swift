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
    /// Fields are runs of non-blanks (`-w`), as awk and numfmt split `df`
    /// and `ps` output: the blanks (spaces and tabs) before the first field
    /// and after the last belong to no field, those between fields pass
    /// through as they are, and the fields ``append`` adds (or several values
    /// of one field) are separated by a space. Not with ``csv`` or ``delimiter``.
    public var whitespace = false
    /// Each transformed value padded with spaces to a number of display
    /// columns (`--width`); nil pads nothing.
    public var padding: Padding? = nil
    /// Each diagnostic line is written at once, after the output so far,
    /// so that the two read in order where they are one file (`2>&1`) and
    /// a terminal shows each as it comes. False: diagnostics are gathered
    /// and written after the output they follow, whenever it is written
    /// (every 64 KiB, and at the end), which spares a run with many bad
    /// values two writes a diagnostic; the tools set it so where standard
    /// error is neither standard output's file nor a terminal.
    public var diagnosticsFollowOutput = true

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
    /// The bytes written between fields: the delimiter, TAB by default, `,`
    /// with ``csv``, a space with ``whitespace``.
    var delimiterBytes: [UInt8] { delimiter ?? (csv ? [UInt8(ascii: ",")] : whitespace ? [0x20] : [0x09]) }

    /// The field delimiter as a diagnostic names it: `TAB`, `SPACE`, a
    /// visible character quoted (`';'`), anything else by its code points
    /// (`U+00A0`).
    public var delimiterName: String {
        if whitespace { return "blanks" }
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

/// `--width N`: each transformed value padded with spaces to N display
/// columns (``DisplayWidth``), on the left (right-aligned) or on the right;
/// a value that is wider is written whole.
public struct Padding: Sendable, Hashable {
    public enum Alignment: Sendable, Hashable {
        /// Spaces before the value (`--width N`).
        case right
        /// Spaces after the value (`--width -N`).
        case left
    }

    /// The display columns a value is padded to, at least 1.
    public var columns: Int
    public var alignment: Alignment
    /// `-w` without `--width` (numfmt's automatic padding): no width of its
    /// own; a transformed field with blanks before it keeps its column's
    /// right edge (`df -k | coinfmt -w -f 2-4 ...` lines up as `df -h`),
    /// one at the start of a line, with none before it, is written as it is.
    public var keepsColumnsOnly = false

    /// ``keepsColumnsOnly``.
    public static let keepingColumns: Padding = {
        var padding = Padding(columns: 1, alignment: .right)
        padding.keepsColumnsOnly = true
        return padding
    }()

    public init(columns: Int, alignment: Alignment) {
        precondition(columns > 0, "a padding of no columns")
        self.columns = columns
        self.alignment = alignment
    }

    /// `--width N`: right-aligned for N above 0, left-aligned below; nil for 0.
    public init?(width: Int) {
        guard width != 0 else { return nil }
        self.init(columns: Int(clamping: width.magnitude), alignment: width > 0 ? .right : .left)
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
    /// is quoted as a CSV field of its own (`--csv` with fields), padded
    /// (`--width`), or searched for the delimiter (fields without `--csv`).
    var separatorOffsets: SeparatorOffsets?
    /// Fields are selected without `--csv`: a result that holds the
    /// delimiter (with `-w`, a blank) would split its field, and is a
    /// `delimiter-in-value` error (``delimiterInValue(from:)``).
    let checksDelimiter: Bool
    /// The delimiter when it is one byte (not `-w`'s blanks): the common
    /// case of ``delimiterInValue(from:)``, searched without the scanner.
    let delimiterByte: UInt8?
    /// The failed cells of the record being written (`--on-error field`),
    /// reported once its output is written.
    var fieldFailures: [FieldFailure] = []
    /// A second scratch buffer: the values of a field, split into CSV fields.
    var splitScratch: [UInt8] = []
    /// With `--width`, where the whole-record lane writes its runs, which
    /// are padded into the output from there (``padRecords(records:_:)``).
    var laneOutput = OutputBuffer()
    /// With `--width`: the transform pads its runs itself
    /// (``ValueTransform/padRecordRuns(_:)``), written straight to the output.
    var transformPadsRuns = false
    /// With ``StreamConfiguration/append``: the names (or, without
    /// ``StreamConfiguration/appendNames``, the suffixes after FIELD_) of
    /// the fields added after each selected one, one a field.
    var appendedNames: [[UInt8]] = []
    /// With `-w` and `--width`: how many bytes of blanks stand in the
    /// output right before the selected field being written (the run before
    /// it in the input, or what is left of it), of which ``blanksKept`` stay
    /// (1 between two fields, 0 before the first); and how many columns a
    /// left-aligned field grew past its old width, which the run after it
    /// gives back (``giveBackColumns(_:_:_:_:)``).
    var blanksBefore = 0
    var blanksKept = 0
    var columnsOver = 0

    /// An engine writing to `output` and `diagnostics`, and error records to
    /// `errors` when it is given (see ``errors``).
    public init(
        configuration: StreamConfiguration, transform: Transform, output: Output, diagnostics: Diagnostics,
        errors: Output? = nil
    ) {
        var configuration = configuration
        var context = configuration.fields == nil ? nil : transform.contextField
        if transform.pairsFields, let ranges = configuration.fields?.ranges,
            ranges.count <= 2, ranges.reduce(0, { $0 + ($1.upperBound == Int.max ? 3 : $1.count) }) == 2
        {
            // (phonefmt --match: the first field is the context of the second.)
            let first = ranges[0].lowerBound
            let second = ranges.count == 1 ? first + 1 : ranges[1].lowerBound
            context = first
            configuration.fields = FieldList(normalizing: [second...second])
            configuration.append = true
        }
        self.configuration = configuration
        self.transform = transform
        self.transform.outputLimit = configuration.outputLimit
        contextField = context
        checksDelimiter = configuration.fields != nil && !configuration.csv
        let delimiter = configuration.delimiterBytes
        delimiterByte = delimiter.count == 1 && !configuration.whitespace ? delimiter[0] : nil
        scanner = CSVScanner(
            delimiter: Delimiter(bytes: delimiter, blanks: configuration.whitespace),
            terminator: configuration.zeroTerminated ? 0 : 0x0A)
        writer = RecordWriter(
            policy: configuration.onError, toolName: configuration.toolName,
            escapesNUL: configuration.zeroTerminated, output: output, diagnostics: diagnostics, errors: errors)
        writer.diagnosticsFollowOutput = configuration.diagnosticsFollowOutput
        setUpColumns(delimiter: delimiter)
        if let padding = configuration.padding, wholeRecordLane, !padding.keepsColumnsOnly {
            transformPadsRuns = self.transform.padRecordRuns(padding)
        }
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
}
