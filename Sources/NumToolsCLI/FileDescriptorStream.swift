import NumToolsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension IOFailure {
    /// The failure of a system call, from its errno: EPIPE is a reader that went away.
    static func errno(_ what: String, _ code: Int32) -> IOFailure {
        if code == EPIPE { return .brokenPipe }
        return .failed("\(what): \(String(cString: strerror(code)))")
    }
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

    /// Opens `path` for writing, created (mode 0666 less the umask) or
    /// truncated: `--errors FILE`. `/dev/stdout`, `/dev/stderr` and
    /// `/dev/fd/N` name the descriptor the tool already has, as gawk and
    /// bash take them: written to as it is (a copy of it), never reopened
    /// and truncated, which would empty the file standard error is
    /// appended to (`2>>log`).
    public static func create(_ path: String) throws(IOFailure) -> FileDescriptorStream {
        let fd: Int32
        if let named = namedDescriptor(path) {
            fd = fcntl(named, F_DUPFD_CLOEXEC, 3)
        } else {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        }
        if fd < 0 {
            let code = errno
            throw IOFailure.failed("cannot open '\(path)' for --errors: \(String(cString: strerror(code)))")
        }
        return FileDescriptorStream(fd: fd, name: "'\(path)'")
    }

    /// The descriptor `path` names, for `/dev/stdout`, `/dev/stderr` and
    /// `/dev/fd/N`, which ``create(_:)`` takes as it is instead of opening.
    static func namedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": 1
        case "/dev/stderr": 2
        case _ where path.hasPrefix("/dev/fd/"): Int32(path.dropFirst("/dev/fd/".count))
        default: nil
        }
    }

    /// The device and inode of the regular file `info` describes; nil for
    /// anything else (a terminal, a pipe, /dev/null), which opening for
    /// writing does not empty. (Darwin's dev_t is signed: its bits are
    /// kept, never converted, which could trap.)
    private static func regularFile(_ info: stat) -> [UInt64]? {
        info.st_mode & S_IFMT == S_IFREG
            ? [UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)] : nil
    }

    /// The regular file descriptor `fd` is open on, if it is one.
    private static func regularFile(fd: Int32) -> [UInt64]? {
        var info = stat()
        return fstat(fd, &info) == 0 ? regularFile(info) : nil
    }

    /// The device and inode of the pipe or FIFO `info` describes; nil for
    /// anything else. Writing to the pipe standard input comes from puts
    /// the bytes written back into the input.
    private static func pipe(_ info: stat) -> [UInt64]? {
        info.st_mode & S_IFMT == S_IFIFO
            ? [UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)] : nil
    }

    /// The pipe or FIFO descriptor `fd` is open on, if it is one.
    private static func pipe(fd: Int32) -> [UInt64]? {
        var info = stat()
        return fstat(fd, &info) == 0 ? pipe(info) : nil
    }

    /// Whether standard output and standard error are one file, pipe or
    /// terminal (`2>&1`, both on a terminal), where a reader sees the two in
    /// the order they are written; also when either cannot be examined.
    public static func outputAndErrorShareAFile() -> Bool {
        var out = stat()
        var err = stat()
        guard fstat(1, &out) == 0, fstat(2, &err) == 0 else { return true }
        return out.st_dev == err.st_dev && out.st_ino == err.st_ino
    }

    /// Refuses an `--errors FILE` that ``create(_:)`` would open (truncating
    /// it) when FILE, symbolic links followed as `>` follows them, is the
    /// regular file standard input comes from (while it is read: it would
    /// be emptied before it is read), or the one standard output goes to
    /// (the two would overwrite each other's bytes: the output would lose
    /// records). Compared by device and inode, before anything is opened,
    /// so that nothing is truncated. `/dev/stdout` and its kin are not
    /// opened and stay allowed: they share the descriptor.
    ///
    /// Likewise the pipe or FIFO standard input comes from, when it is read
    /// (`--errors /dev/stdin` in a pipeline, or the FIFO's name): the tool
    /// would read its own error records back as input, for ever. `/dev/fd/0`
    /// is standard input itself, refused when it is a file or a pipe. A
    /// terminal or /dev/null on both sides stays allowed: nothing written
    /// there comes back.
    public static func checkErrorsFile(_ path: String, readsStandardInput: Bool) throws(UsageError) {
        if let named = namedDescriptor(path) {
            if readsStandardInput, named == 0, regularFile(fd: 0) != nil || pipe(fd: 0) != nil {
                throw UsageError(
                    "invalid value '\(path)' for --errors: it is standard input, which the error records would be written into"
                )
            }
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if readsStandardInput, let target = pipe(info), pipe(fd: 0) == target {
            throw UsageError(
                "invalid value '\(path)' for --errors: it is the pipe standard input comes from, from which the error records would be read back as input"
            )
        }
        guard let target = regularFile(info) else { return }
        if readsStandardInput, regularFile(fd: 0) == target {
            throw UsageError(
                "invalid value '\(path)' for --errors: it is the file standard input comes from, which opening it would empty before it is read"
            )
        }
        if regularFile(fd: 1) == target {
            throw UsageError(
                "invalid value '\(path)' for --errors: it is the file standard output goes to, and the error records would overwrite the output (to write them into the output, use /dev/stdout)"
            )
        }
    }

    /// Closes the descriptor: a file's last write error may come only now.
    public func closeFile() throws(IOFailure) {
        if Platform.close(fd) != 0 {
            let code = errno
            if code != EINTR { throw IOFailure.errno("write error on \(name)", code) }
        }
    }

    public mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        if let wake = Signals.wakeDescriptor {
            // Wait for input or a signal: a signal that arrived after the
            // engine last looked, but before a blocking read, must not be
            // left waiting for input that may never come.
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                let code = errno
                if code == EINTR { return nil }
                throw IOFailure.errno("read error on \(name)", code)
            }
            if fds[1].revents != 0 {
                // Report it once: the engine looks at the signal before reading again.
                var drain = [UInt8](repeating: 0, count: 64)
                while Platform.read(wake, &drain, drain.count) > 0 {}
                return nil
            }
        }
        let n = Platform.read(fd, buffer, capacity)
        if n >= 0 { return n }
        let code = errno
        if code == EINTR { return nil }
        throw IOFailure.errno("read error on \(name)", code)
    }

    /// Whether a read would return at once: input, its end or an error is
    /// waiting (a regular file always is).
    public func hasInputWaiting() -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, 0) > 0
    }

    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            var chunk = left
            if let signal = Signals.pending() {
                // Stopping: a reader that takes no more output gets a second,
                // not forever; writes of PIPE_BUF bytes, once the descriptor
                // can take bytes, do not block.
                Signals.awaitWritable(fd, stoppingFor: signal)
                chunk = min(left, Int(PIPE_BUF))
            }
            let n = Platform.write(fd, p, chunk)
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
