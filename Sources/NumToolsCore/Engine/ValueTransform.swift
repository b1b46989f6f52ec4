/// An error in one value: its stable kebab-case `code` goes into the error
/// record's CODE column, `message` (a short English sentence naming the
/// problem and where it is) into MESSAGE.
public struct ValueError: Error, Equatable, Sendable {
    /// Stable kebab-case identifier, such as `misplaced-grouping`.
    public var code: String
    /// Short English sentence, such as `grouping separator at offset 4 does not fit en_US grouping`.
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// A tool's value transformation: the only thing a tool plugs into the
/// stream engine besides its options.
///
/// The engine hands over one value at a time: valid UTF-8, never empty, with
/// the spaces and tabs around it already removed (the engine puts them back).
public protocol ValueTransform {
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
    /// error, or is not whole), which the engine then gives to
    /// ``transform(_:into:)``. The engine calls it only where every value is
    /// a whole record (no fields, no CSV).
    mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, into output: inout Output
    ) -> (bytes: Int, records: Int)
}

extension ValueTransform {
    /// Handles no record: every value goes through ``transform(_:into:)``.
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, into output: inout Output
    ) -> (bytes: Int, records: Int) {
        (0, 0)
    }
}
