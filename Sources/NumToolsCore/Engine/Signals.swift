#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// The signal that asked the tool to stop, 0 while none has.
private let receivedSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM handling: the handler only records the signal (without
/// SA_RESTART, so a blocked read returns); the engine then writes every
/// complete record read so far and the tool exits 128 + the signal number.
public enum Signals {
    /// Installs the handlers, and makes a reader that went away an EPIPE error
    /// instead of a silent death mid-write.
    public static func install() {
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                receivedSignal.store(number, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    /// The signal received, if any.
    public static func pending() -> Int32? {
        let n = receivedSignal.load(ordering: .relaxed)
        return n == 0 ? nil : n
    }

    /// Ends the process as a classic filter does when its reader goes away:
    /// killed by SIGPIPE, with nothing on stderr.
    public static func dieOfBrokenPipe() -> Never {
        Glibc.signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }
}
