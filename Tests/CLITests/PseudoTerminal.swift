import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func systemClose(_ fd: Int32) { _ = close(fd) }

/// libc's pseudo-terminal calls, which its module map hides behind
/// `_XOPEN_SOURCE`: looked up by name.
private enum PTY {
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias Grant = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
    static let openpt = function("posix_openpt", as: OpenPT.self)
    static let grantpt = function("grantpt", as: Grant.self)
    static let unlockpt = function("unlockpt", as: Grant.self)
    static let ptsname = function("ptsname", as: Name.self)
    /// glibc's POSIX_SPAWN_SETSID (spawn.h, 2.26 on).
    static let spawnSetsid: Int16 = 0x80
}

/// A program on a pseudo-terminal of its own (its session's controlling
/// terminal, on its standard input, output and error), as a user's shell is:
/// for what only an interactive shell does, such as a TAB's completion.
/// Swift and libc only (`posix_openpt`, `posix_spawn` with `setsid`).
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    /// Everything the program wrote to the terminal so far.
    private(set) var screen: [UInt8] = []
    var text: String { String(decoding: screen, as: UTF8.self) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        guard let openpt = PTY.openpt, let grantpt = PTY.grantpt, let unlockpt = PTY.unlockpt,
            let ptsname = PTY.ptsname
        else { throw Failure(description: "no pseudo-terminal functions in libc") }
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: errno \(errno)")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        let slave = String(cString: name)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, PTY.spawnSetsid)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            systemClose(master)
            throw Failure(description: "posix_spawn \(executable): \(status)")
        }
        pid = child
    }

    /// Types `text` (a TAB is `\t`).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { systemWrite(master, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            done += n
        }
    }

    /// Reads what the program writes until `predicate` holds for the screen,
    /// or `patience` seconds pass (a broken completion must not hang the
    /// suite; nothing is asserted about time). Whether it held.
    @discardableResult
    func waitFor(patience: TimeInterval = 60, _ predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !predicate(text) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno != EINTR { return false }
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { systemRead(master, $0.baseAddress!, $0.count) }
            if n <= 0 { return predicate(text) }  // the program ended (EIO)
            screen += buffer[..<n]
        }
        return true
    }

    func waitFor(_ marker: String, patience: TimeInterval = 60) -> Bool {
        waitFor(patience: patience) { $0.contains(marker) }
    }

    /// Ends the program (SIGKILL: it is ours, and done with) and reaps it.
    func close() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        systemClose(master)
    }
}
