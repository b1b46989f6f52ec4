/// An error in one value: its stable `code`, spelt in kebab case, goes into
/// the error record's CODE column, `message` (a short English sentence naming the
/// problem and where it is) into MESSAGE.
public struct ValueError: Error, Equatable, Sendable {
    /// Stable code, such as `.number(.misplacedGrouping)`; its ``Code/name`` is the kebab-case spelling.
    public var code: Code
    /// Short English sentence, such as `grouping separator at offset 4 does not fit en_US grouping`.
    public var message: String

    /// Creates an error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The output of a value or record would be longer than `limit` bytes
    /// (see ``StreamConfiguration/outputLimit``).
    public static func outputTooLong(_ limit: Int) -> ValueError {
        ValueError(.engine(.outputTooLong), "output would be longer than the limit of \(limit) bytes")
    }
}

/// A tool's value transformation: the only thing a tool plugs into the
/// stream engine besides its options.
///
/// The engine hands over one value at a time: valid UTF-8, never empty, with
/// the spaces and tabs around it already removed (the engine puts them back).
public protocol ValueTransform {
    /// The most bytes the output of one value may take. The engine sets it
    /// from ``StreamConfiguration/outputLimit`` before the first value. A
    /// transform whose output can outgrow its input by more than a constant
    /// (separators, exponents, several targets) works out its output's
    /// length before writing it and throws ``ValueError/outputTooLong(_:)``
    /// past this limit, so the memory is never spent; the engine checks
    /// each record's output after the fact as well.
    var outputLimit: Int { get set }

    /// Appends the transformed `value` to `output`, or throws the reason it
    /// cannot be transformed. On a throw, whatever was appended is discarded
    /// (by the engine; a caller passing its own array drops it itself).
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError)

    /// Transforms a run of whole records at once, for a transform that can do
    /// the common shape of its input faster than value by value: each
    /// record is a value followed by `terminator`. Returns how many bytes of
    /// `records` it consumed (whole records, terminators included) and how
    /// many records those were; it stops at the first record it does not
    /// handle (one that needs trimming, is longer than `maxLength`, is an
    /// error, is not whole, or may be an error record of an earlier pass,
    /// which begins with `error` TAB), which the engine then gives to
    /// ``transform(_:into:)``. It also stops before a record once `output`
    /// holds `flushAt` bytes or more, so that the engine can write them out
    /// (a run of short records can have long outputs: `1e999999` in
    /// coinfmt), and before a record whose output would not fit
    /// ``outputLimit``. The engine calls it only where every value is a
    /// whole record (no fields, no CSV).
    mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output
    ) -> (bytes: Int, records: Int)

    /// Runs the stream engine on this transform (see ``StreamRun``). A
    /// requirement with a default implementation, so the witness of each
    /// conforming type runs the engine specialised for that type.
    func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome
}

extension ValueTransform {
    /// No limit of its own: the engine's check of each record's output applies.
    public var outputLimit: Int {
        get { .max }
        set {}
    }

    /// Handles no record: every value goes through ``transform(_:into:)``.
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output
    ) -> (bytes: Int, records: Int) {
        (0, 0)
    }

    /// ``transformRecords(_:terminator:maxLength:flushAt:into:)`` with no
    /// flush point: the whole run in one output (library use and tests).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, into output: inout Output
    ) -> (bytes: Int, records: Int) {
        transformRecords(records, terminator: terminator, maxLength: maxLength, flushAt: .max, into: &output)
    }
}

extension ValueTransform {
    /// A run of records given to ``transform(_:into:)`` one by one without
    /// the engine's work around each: for a transform whose values need
    /// nothing but themselves. Takes each record that is not empty, does
    /// not begin with `e` (an error record may pass through), is valid
    /// UTF-8, at most `maxLength` bytes, without spaces or tabs to trim and
    /// without a CR before its LF, and that transforms without an error
    /// into at most ``outputLimit`` bytes; stops at the first that is not,
    /// or once `output` holds `flushAt` bytes (see
    /// ``transformRecords(_:terminator:maxLength:flushAt:into:)``).
    @inline(__always)
    public mutating func transformEachRecord<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int = .max,
        into output: inout Output
    ) -> (bytes: Int, records: Int) {
        guard let p = records.baseAddress else { return (0, 0) }
        let n = records.count
        let limit = outputLimit
        var done = 0
        var count = 0
        while output.count < flushAt {
            let (end, ascii) = UTF8Bytes.findByte(terminator, p, done, n)
            guard end > done, end - done <= maxLength else { break }
            let (first, last) = (p[done], p[end - 1])
            guard first != 0x20, first != 0x09, last != 0x20, last != 0x09, last != 0x0D || terminator != 0x0A,
                ascii || UTF8Bytes.firstInvalid(p, done, end) == nil
            else { break }
            let mark = output.count
            do {
                try transform(UnsafeBufferPointer(start: p + done, count: end - done), into: &output)
            } catch {
                output.truncate(to: mark)
                break
            }
            // (A record that begins with `e` may be an error record passing through.)
            if output.count &- mark > limit || first == 0x65 {
                output.truncate(to: mark)
                break
            }
            output.append(terminator)
            done = end + 1
            count += 1
        }
        return (done, count)
    }
}
