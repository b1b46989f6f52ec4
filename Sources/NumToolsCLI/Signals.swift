import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal that asked the tool to stop, 0 while none has.
private let receivedSignal = Atomic<Int32>(0)
/// The two ends of the self-pipe the handler writes to, -1 before `install`.
private let wakeReadEnd = Atomic<Int32>(-1)
private let wakeWriteEnd = Atomic<Int32>(-1)
/// When a signalled tool stops waiting for its output to be taken
/// (CLOCK_MONOTONIC nanoseconds), 0 until it first waits.
private let stopDeadline = Atomic<Int64>(0)

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT handling: the handler records the
/// signal and writes a byte to a self-pipe; a read of standard input waits
/// on that pipe as well (``FileDescriptorStream``), so a signal that arrives
/// just before the read blocks, or on another thread, still ends the wait.
/// The engine then writes every complete record read so far (even in the
/// middle of a record too long to hold, which it does not read to its end)
/// and the tool exits 128 + the signal number; a write that the output's
/// reader does not take within about a second of the signal ends the tool
/// there (``awaitWritable(_:stoppingFor:)``), so one signal always stops it. A signal the tool was started with
/// ignored (a background job of a non-interactive shell ignores SIGINT and
/// SIGQUIT, `nohup` SIGHUP) stays ignored, as in every Unix filter.
public enum Signals {
    /// The signals that stop a tool between records.
    public static let handled: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    /// Installs the handlers, and makes a reader that went away an EPIPE error
    /// instead of a silent death mid-write.
    public static func install() {
        if wakeReadEnd.load(ordering: .acquiring) < 0 {
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                for k in 0..<2 {
                    // Never on standard input, output or error, should one be closed.
                    let moved = fcntl(ends[k], F_DUPFD_CLOEXEC, 3)
                    if moved >= 0 {
                        close(ends[k])
                        ends[k] = moved
                    }
                    _ = fcntl(ends[k], F_SETFD, FD_CLOEXEC)
                    _ = fcntl(ends[k], F_SETFL, fcntl(ends[k], F_GETFL) | O_NONBLOCK)
                }
                wakeWriteEnd.store(ends[1], ordering: .releasing)
                wakeReadEnd.store(ends[0], ordering: .releasing)
            }
        }
        receivedSignal.store(0, ordering: .relaxed)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in handled {
            if Platform.isIgnored(signal) { continue }
            sigaddset(&unblock, signal)
            Platform.handle(signal) { number in
                let saved = errno
                receivedSignal.store(number, ordering: .relaxed)
                let fd = wakeWriteEnd.load(ordering: .relaxed)
                if fd >= 0 {
                    var byte: UInt8 = 0
                    _ = Platform.write(fd, &byte, 1)
                }
                errno = saved
            }
        }
        // A parent may hand down the signals blocked (Foundation's Process
        // spawned from a thread that blocks them does): unblocked, or the
        // tool could not be interrupted at all.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        Platform.setDisposition(SIGPIPE, ignore: true)
    }

    /// The signal received, if any.
    public static func pending() -> Int32? {
        let n = receivedSignal.load(ordering: .relaxed)
        return n == 0 ? nil : n
    }

    /// How long a tool that was signalled waits for a descriptor to take
    /// output (its reader may have stopped reading), in all.
    static let stoppingGrace: Int64 = 1_000_000_000

    /// Waits until `fd` can take bytes, once `signal` asked the tool to
    /// stop: when it cannot within ``stoppingGrace`` of the first such
    /// wait, the tool exits 128 + the signal's number at once, its output
    /// ending where the last write stopped. One signal stops a tool within
    /// about a second, whoever reads its output.
    static func awaitWritable(_ fd: Int32, stoppingFor signal: Int32) {
        func monotonicNow() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }
        var deadline = stopDeadline.load(ordering: .relaxed)
        if deadline == 0 {
            let (exchanged, original) = stopDeadline.compareExchange(
                expected: 0, desired: monotonicNow() + stoppingGrace, ordering: .relaxed)
            deadline = exchanged ? stopDeadline.load(ordering: .relaxed) : original
        }
        while true {
            let left = max(0, deadline - monotonicNow())
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            let ready = poll(&fds, 1, Int32(left == 0 ? 0 : min(left / 1_000_000 + 1, 1000)))
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return }  // (the write reports the descriptor's error)
            if left == 0 { exit(128 + signal) }
        }
    }

    /// The read end of the self-pipe, once the handlers are installed: it
    /// becomes readable when a signal arrives.
    public static var wakeDescriptor: Int32? {
        let fd = wakeReadEnd.load(ordering: .acquiring)
        return fd >= 0 ? fd : nil
    }

    /// Forgets a received signal (tests).
    static func clear() {
        receivedSignal.store(0, ordering: .relaxed)
        if let fd = wakeDescriptor {
            var buffer = [UInt8](repeating: 0, count: 64)
            while Platform.read(fd, &buffer, buffer.count) > 0 {}
        }
    }

    /// Ends the process as a classic filter does when its reader goes away:
    /// killed by SIGPIPE, with nothing on stderr.
    public static func dieOfBrokenPipe() -> Never {
        Platform.setDisposition(SIGPIPE, ignore: false)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }
}
