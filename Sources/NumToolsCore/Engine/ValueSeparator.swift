/// What a transform writes between the values it writes for one value
/// (``ValueTransform/separator``), and, when the engine asks, where it
/// wrote each one: the engine then knows where the values are without
/// reading them again, however many separators a value holds, and quotes
/// each as a CSV field of its own.
///
/// The engine sets ``bytes`` once, before the first value: TAB without
/// `-f` and in TSV, the delimiter with `-d` and `--csv`,
/// `--output-delimiter` over both. A transform writes it with
/// ``append(to:)``, or, writing in place, writes ``bytes`` and reports
/// each with ``record(at:)``.
public struct ValueSeparator: Sendable, Equatable {
    /// The bytes written between two values.
    public var bytes: [UInt8]
    /// Where the separators written are noted, when the engine asks (in
    /// `--csv` with fields); nil notes nothing. A reference, so that a
    /// transform writes through a borrowed `self`: each engine makes its own.
    public var offsets: SeparatorOffsets?

    /// A separator of `bytes` (TAB by default).
    public init(_ bytes: [UInt8] = [0x09], offsets: SeparatorOffsets? = nil) {
        self.bytes = bytes
        self.offsets = offsets
    }

    /// Whether the writer notes each separator's output offset.
    @inline(__always)
    public var recordsOffsets: Bool { offsets != nil }

    /// Writes the separator to `output`.
    @inline(__always)
    public func append<Output: ByteOutput & ~Copyable>(to output: inout Output) {
        offsets?.list.append(output.count)
        if bytes.count == 1 {
            output.append(bytes[0])
        } else {
            bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        }
    }

    /// Notes a separator written in place at output offset `offset`.
    @inline(__always)
    public func record(at offset: Int) {
        offsets?.list.append(offset)
    }

    /// Writes ``bytes`` at `q` and returns how many they are.
    @inline(__always)
    func write(to q: UnsafeMutablePointer<UInt8>) -> Int {
        for k in bytes.indices { q[k] = bytes[k] }
        return bytes.count
    }

    public static func == (a: ValueSeparator, b: ValueSeparator) -> Bool {
        a.bytes == b.bytes && a.offsets === b.offsets
    }
}

/// The output offsets at which a transform wrote its separators (see
/// ``ValueSeparator/offsets``), in order; the engine reads and empties it
/// after each value. One engine's own: never shared between threads.
public final class SeparatorOffsets: @unchecked Sendable {
    public var list: [Int] = []
    public init() {}
}

extension ValueTransform {
    /// A transform of one value a value writes no separator.
    public var separator: ValueSeparator {
        get { ValueSeparator() }
        set {}
    }

    /// One value a value.
    public var mayWriteSeveralValues: Bool { false }

    /// One value, named `value`.
    public var outputNames: [String] { ["value"] }
}
