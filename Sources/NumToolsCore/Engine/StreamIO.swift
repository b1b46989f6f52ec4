#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure reading input or writing output: exit status 3, except a reader
/// that went away, which ends the tool quietly.
public enum IOFailure: Error, Equatable, Sendable {
    /// The reader of the output went away (EPIPE).
    case brokenPipe
    /// Any other error, with the operation and the OS's message.
    case failed(String)

    static func errno(_ what: String, _ code: Int32) -> IOFailure {
        if code == EPIPE { return .brokenPipe }
        return .failed("\(what): \(String(cString: strerror(code)))")
    }
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

/// A file descriptor, read and written with the system calls directly.
public struct FileDescriptorStream: ByteSource, ByteSink {
    public let fd: Int32
    public let name: String

    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Puts /dev/null, opened the wrong way round, on standard input, output
    /// or error when the tool was started with it closed (`>&-`), as gnulib's
    /// stdopen does: the descriptor can then not be taken by the next file
    /// or pipe the process opens (whose bytes would become input, or receive
    /// output), and using it still fails with EBADF.
    public static func reserveStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != fd { close(opened) }
        }
    }

    public mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        if let wake = Signals.wakeDescriptor {
            // Wait for input or a signal: a signal that arrived after the
            // engine last looked, but before a blocking read, must not be
            // left waiting for input that may never come.
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                let code = errno
                if code == EINTR { return nil }
                throw IOFailure.errno("read error on \(name)", code)
            }
            if fds[1].revents != 0 {
                // Report it once: the engine looks at the signal before reading again.
                var drain = [UInt8](repeating: 0, count: 64)
                while Glibc.read(wake, &drain, drain.count) > 0 {}
                return nil
            }
        }
        let n = Glibc.read(fd, buffer, capacity)
        if n >= 0 { return n }
        let code = errno
        if code == EINTR { return nil }
        throw IOFailure.errno("read error on \(name)", code)
    }

    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                throw IOFailure.errno("write error on \(name)", code)
            }
            p += n
            left -= n
        }
    }
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
