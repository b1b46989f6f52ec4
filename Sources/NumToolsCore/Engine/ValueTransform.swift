/// An error in one value: its stable `code`, spelt in kebab case, goes into
/// the error record's CODE column, `message` (a short English sentence naming the
/// problem and where it is) into MESSAGE.
public struct ValueError: Error, Equatable, Sendable {
    /// Stable code, such as `.number(.misplacedGrouping)`; its ``Code/name`` is the kebab-case spelling.
    public var code: Code
    /// The message as a template and its values (see ``ErrorText``), which
    /// the error record writes without a `String`.
    public var text: ErrorText
    /// Short English sentence, such as `grouping separator at offset 4 does not fit en_US grouping`.
    public var message: String {
        get { text.description }
        set { text = ErrorText(newValue) }
    }

    /// Creates an error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        text = ErrorText(message)
    }

    /// Creates an error with `code` and a message from a template, without
    /// a `String` (the error paths of the hot loops).
    @inline(__always)
    public init(_ code: Code, _ text: ErrorText) {
        self.code = code
        self.text = text
    }

    /// The output of a value or record would be longer than `limit` bytes
    /// (see ``StreamConfiguration/outputLimit``).
    public static func outputTooLong(_ limit: Int) -> ValueError {
        ValueError(
            .engine(.outputTooLong), ErrorText(template: "output would be longer than the limit of \u{2} bytes", limit))
    }
}

/// A tool's value transformation: the only thing a tool plugs into the
/// stream engine besides its options.
///
/// The engine hands over one value at a time: valid UTF-8, never empty, with
/// the spaces and tabs around it already removed (the engine puts them back),
/// unless the transform ``keepsSurroundingWhitespace``.
public protocol ValueTransform {
    /// Whether the value is handed over with the spaces and tabs around it,
    /// for the transform to write as its rule says (the engine then adds
    /// none back); `--trim` still removes them first. phonefmt's
    /// `--as-you-type` shows what the dialler shows for every character
    /// typed, surrounding spaces included. A value that is only spaces and
    /// tabs still passes through unchanged.
    var keepsSurroundingWhitespace: Bool { get }

    /// The most bytes the output of one value may take. The engine sets it
    /// from ``StreamConfiguration/outputLimit`` before the first value. A
    /// transform whose output can outgrow its input by more than a constant
    /// (separators, exponents, several targets) works out its output's
    /// length before writing it and throws ``ValueError/outputTooLong(_:)``
    /// past this limit, so the memory is never spent; the engine checks
    /// each record's output after the fact as well.
    var outputLimit: Int { get set }

    /// Asks the transform to pad each value of its record runs itself, as
    /// `padding` says (``Padding``, `--width`), where it writes them; returns
    /// whether it will. The engine asks once, before the first value, when
    /// records are values; a transform that says yes writes its runs
    /// straight to the output, each value padded, and ends a run at any
    /// record it does not pad (the engine pads that one as it pads the
    /// rest). A transform that says no has its runs padded after them.
    mutating func padRecordRuns(_ padding: Padding) -> Bool

    /// A field whose value the engine hands to ``recordContext(_:)`` before
    /// it transforms the selected fields of each record (phonefmt's
    /// `--region-field`), when fields are selected; nil, the default, for
    /// none. The engine reads it once, when it starts.
    var contextField: Int? { get }

    /// Whether the transform compares two fields of each record (phonefmt
    /// `--match`): when the selection is two fields, the engine hands the
    /// first to ``recordContext(_:)`` and transforms the second, whose
    /// value stays as read with the result appended (as with `--append`).
    var pairsFields: Bool { get }

    /// Takes the value of ``contextField`` in the record whose selected
    /// fields come next: without the spaces and tabs around it, unquoted
    /// with `--csv`, empty when the record has no such field. A throw is
    /// the record's error, located in that field, and no field of the
    /// record is transformed.
    mutating func recordContext(_ value: UnsafeBufferPointer<UInt8>) throws(ValueError)

    /// What the transform writes between the values it writes for one
    /// value when it writes several (numconv's `--to a,b`, phonefmt's
    /// `--format` list and `--find`): TAB unless the engine sets it (see
    /// ``ValueSeparator``). A transform that writes one value ignores it.
    var separator: ValueSeparator { get set }

    /// Whether the transform may write several values for one value (and
    /// so writes ``separator`` between them): the engine then quotes each
    /// of them as its own CSV field.
    var mayWriteSeveralValues: Bool { get }

    /// The names of the values it writes for one value, for the header of
    /// the fields `--append` adds (`de_DE`, `e164`, `type`): one a value;
    /// a transform that writes a varying number of values (`--find`) names one.
    var outputNames: [String] { get }

    /// Appends the transformed `value` to `output`, or throws the reason it
    /// cannot be transformed. On a throw, whatever was appended is discarded
    /// (by the engine; a caller passing its own array drops it itself).
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError)

    /// Transforms a run of whole records at once, for a transform that can do
    /// the common shape of its input faster than value by value: each
    /// record is a value followed by `terminator` (with `terminator` LF, a
    /// CR before it is part of the terminator, written back as CRLF, as
    /// the engine does). Returns how many bytes of
    /// `records` it consumed (whole records, terminators included) and how
    /// many records those were; it stops at the first record it does not
    /// handle (one that needs trimming, is longer than `maxLength`,
    /// is not whole, or may be an error record of an earlier pass,
    /// which begins with `error` TAB), which the engine then gives to
    /// ``transform(_:into:)``. A record whose value is an error stops it
    /// too, `failed`, with `failure` set to that error: the value, the
    /// record after those consumed, needed nothing from the engine (as
    /// above) and ``transform(_:into:)`` threw `failure` for it, so that the
    /// engine writes its error without transforming it again (a transform
    /// may also leave its errors to the engine; `failure` is not read
    /// unless `failed`). It also stops before a record once `output`
    /// holds `flushAt` bytes or more, so that the engine can write them out
    /// (a run of short records can have long outputs: `1e999999` in
    /// coinfmt), and before a record whose output would not fit
    /// ``outputLimit``. The engine calls it only where every value is a
    /// whole record (no fields, no CSV).
    mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun

    /// ``transformRecords(_:terminator:maxLength:flushAt:into:failure:)``, but
    /// where `errorRecords` allows (``ErrorRecordLane/enabled``), a record
    /// whose value fails may be written as its error record in the run
    /// (the bytes the engine writes for it, RECORD numbered after
    /// ``ErrorRecordLane/recordsBefore``) instead of stopping it: the run
    /// goes on, the record counts among its `records` and in the lane's
    /// ``ErrorRecordLane/written``. The default ignores the lane.
    mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError, errorRecords: inout ErrorRecordLane
    ) -> RecordRun

    /// Runs the stream engine on this transform (see ``StreamRun``). A
    /// requirement with a default implementation, so the witness of each
    /// conforming type runs the engine specialised for that type.
    func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome
}

extension ValueTransform {
    /// The engine takes the whitespace around a value off and puts it back.
    public var keepsSurroundingWhitespace: Bool { false }

    /// No field is read for the record's context.
    public var contextField: Int? { nil }

    /// Fields are transformed one by one.
    public var pairsFields: Bool { false }

    /// Nothing to take (no ``contextField``).
    public mutating func recordContext(_ value: UnsafeBufferPointer<UInt8>) throws(ValueError) {}

    /// Its runs are padded by the engine, after them.
    public mutating func padRecordRuns(_ padding: Padding) -> Bool { false }

    /// No limit of its own: the engine's check of each record's output applies.
    public var outputLimit: Int {
        get { .max }
        set {}
    }

    /// Handles no record: every value goes through ``transform(_:into:)``.
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun {
        RecordRun(bytes: 0, records: 0)
    }

    /// Writes no error record in the run: the lane is ignored.
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError, errorRecords: inout ErrorRecordLane
    ) -> RecordRun {
        transformRecords(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &output, failure: &failure)
    }

    /// ``transformRecords(_:terminator:maxLength:flushAt:into:failure:)`` with no
    /// flush point: the whole run in one output (library use and tests).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, into output: inout Output,
        failure: inout ValueError
    ) -> RecordRun {
        transformRecords(
            records, terminator: terminator, maxLength: maxLength, flushAt: .max, into: &output, failure: &failure)
    }
}

/// What ``ValueTransform/transformRecords(_:terminator:maxLength:flushAt:into:failure:)``
/// did with a run of records. (The error of a failed value is passed in
/// an `inout` slot rather than here: a large optional payload would be
/// copied and dropped through the runtime's generic value witnesses.)
public struct RecordRun: Equatable, Sendable {
    /// The bytes consumed: whole records, terminators included.
    public var bytes: Int
    /// The records those were.
    public var records: Int
    /// The run stopped at the record after them because its value failed,
    /// with the error left in the `failure` slot.
    public var failed: Bool

    public init(bytes: Int, records: Int, failed: Bool = false) {
        self.bytes = bytes
        self.records = records
        self.failed = failed
    }
}

/// Where a run of records (``ValueTransform/transformRecords(_:terminator:maxLength:flushAt:into:failure:errorRecords:)``)
/// may write the error records of its failing values itself, when the
/// engine would write nothing else for them: the policy is `record`, error
/// records go to the output (no `--errors FILE`) and nobody is told of each
/// failure. Then a failing record costs the run no stop and no restart,
/// and the engine no second look at the record.
public struct ErrorRecordLane: Sendable {
    /// Whether the run may write error records (see the type); when false,
    /// a failing value stops the run as before.
    public let enabled: Bool
    /// Records end with NUL (`-z`): NUL in MESSAGE and ORIGINAL is written `\x00`.
    public let escapesNUL: Bool
    /// The number of the record before the run's first.
    public let recordsBefore: Int
    /// How many error records the run wrote.
    public var written = 0

    /// A lane that writes nothing: failing values stop the run.
    public static var disabled: ErrorRecordLane {
        ErrorRecordLane(enabled: false, escapesNUL: false, recordsBefore: 0)
    }

    /// A lane with the engine's settings (see the properties), no record written yet.
    public init(enabled: Bool, escapesNUL: Bool, recordsBefore: Int) {
        self.enabled = enabled
        self.escapesNUL = escapesNUL
        self.recordsBefore = recordsBefore
    }
}

/// What ``ValueTransform/transformRecord(_:_:_:terminator:maxLength:into:failure:padding:)`` did with one record.
public enum RecordStep: Equatable, Sendable {
    /// Written with its terminator; the next record starts at the offset.
    case taken(next: Int)
    /// Its value failed, with the error in the `failure` slot (written nothing).
    case failed
    /// Left to the engine (written nothing).
    case left
}

extension ValueTransform {
    /// A run of records given to ``transform(_:into:)`` one by one without
    /// the engine's work around each (see ``transformRecord(_:_:_:terminator:maxLength:into:failure:padding:)``),
    /// up to the first it leaves or whose value fails, or until `output`
    /// holds `flushAt` bytes (see
    /// ``transformRecords(_:terminator:maxLength:flushAt:into:failure:)``);
    /// with `padding`, each value padded (``ByteOutput/padValue(from:_:)``),
    /// for a transform that pads its runs (``padRecordRuns(_:)``).
    @inline(__always)
    public mutating func transformEachRecord<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int = .max,
        into output: inout Output, failure: inout ValueError, padding: Padding? = nil
    ) -> RecordRun {
        guard let p = records.baseAddress else { return RecordRun(bytes: 0, records: 0) }
        let n = records.count
        var done = 0
        var count = 0
        while output.count < flushAt {
            switch transformRecord(
                p, done, n, terminator: terminator, maxLength: maxLength, into: &output, failure: &failure,
                padding: padding)
            {
            case .taken(let next):
                done = next
                count += 1
            case .failed: return RecordRun(bytes: done, records: count, failed: true)
            case .left: return RecordRun(bytes: done, records: count)
            }
        }
        return RecordRun(bytes: done, records: count)
    }

    /// The record at `p[start]` (the buffer ends at `n`) given to
    /// ``transform(_:into:)`` without the engine's work around it, when it
    /// needs none: taken if it is whole, not empty, does not begin with `e`
    /// (an error record may pass through), is valid UTF-8, at most
    /// `maxLength` bytes, without spaces, tabs or Unicode space separators
    /// to trim (or a second CR before a CRLF), and transforms without an error into at most
    /// ``outputLimit`` bytes; its terminator (CRLF when `terminator` is LF
    /// and a CR stands before it) is written after it. A value that throws
    /// is `failed` (its error in `failure`), but for one that begins with
    /// `e`; anything else is `left`.
    @inline(__always)
    public mutating func transformRecord<Output: ByteOutput & ~Copyable>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, terminator: UInt8, maxLength: Int,
        into output: inout Output, failure: inout ValueError, padding: Padding? = nil
    ) -> RecordStep {
        let (next, ascii) = UTF8Bytes.findByte(terminator, p, start, n)
        guard next > start else { return .left }
        let crlf = terminator == 0x0A && p[next &- 1] == 0x0D
        let end = crlf ? next &- 1 : next
        guard end > start, end &- start <= maxLength else { return .left }
        let (first, last) = (p[start], p[end &- 1])
        guard first != 0x20, first != 0x09, last != 0x20, last != 0x09, last != 0x0D || terminator != 0x0A,
            ascii || UTF8Bytes.firstInvalid(p, start, end) == nil && !UTF8Bytes.hasSpaceSeparatorAround(p, start, end)
        else { return .left }
        let mark = output.count
        do {
            try transform(UnsafeBufferPointer(start: p + start, count: end &- start), into: &output)
        } catch {
            output.truncate(to: mark)
            // (A record that begins with `e` may be an error record passing through.)
            if first == 0x65 { return .left }
            failure = error
            return .failed
        }
        if output.count &- mark > outputLimit || first == 0x65 {
            output.truncate(to: mark)
            return .left
        }
        if let padding { output.padValue(from: mark, padding) }
        if crlf { output.append(0x0D) }
        output.append(terminator)
        return .taken(next: next &+ 1)
    }
}
