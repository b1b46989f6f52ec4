/// A failure reading input or writing output: exit status 3, except a reader
/// that went away, which ends the tool quietly.
public enum IOFailure: Error, Equatable, Sendable {
    /// The reader of the output went away (EPIPE).
    case brokenPipe
    /// Any other error, with the operation and the OS's message.
    case failed(String)
}

/// Where the engine reads records from.
public protocol ByteSource {
    /// Reads up to `capacity` bytes into `buffer`; 0 means end of input.
    /// Returns nil when a signal interrupted the read before any byte came.
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int?
}

/// Where the engine writes output or diagnostics.
public protocol ByteSink {
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure)
}

/// In-memory input, for tests and for the library: `chunkSize` bounds each
/// read so tests can exercise records split across reads.
public struct MemorySource: ByteSource {
    public let bytes: [UInt8]
    public let chunkSize: Int
    var offset = 0

    public init(_ bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        let n = min(capacity, chunkSize, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { src in
            buffer.update(from: src.baseAddress! + offset, count: n)
        }
        offset += n
        return n
    }
}

/// In-memory output, for tests and for the library.
public struct MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        self.bytes.append(contentsOf: bytes)
    }
}
