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
}
