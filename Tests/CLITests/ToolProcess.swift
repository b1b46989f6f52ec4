import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
private func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }

/// What a tool run to completion left behind.
struct ToolResult: CustomStringConvertible {
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// The exit status, or the signal number when `reason` is `.uncaughtSignal`.
    var status: Int32
    var reason: Process.TerminationReason

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    /// Exited by itself with `status`.
    func exited(_ status: Int32) -> Bool { reason == .exit && self.status == status }

    var description: String {
        "\(reason == .exit ? "exit status" : "killed by signal") \(status), stdout \(out.debugDescription), stderr \(err.debugDescription)"
    }
}

/// Runs the built tools as a user would: real processes, real pipes, exit
/// statuses and signals. Shared by the CLI tests of every tool.
enum ToolProcess {
    /// How long a test waits for a tool before calling it hung. Generous:
    /// nothing is asserted about time; this only keeps a broken tool from
    /// hanging the test run.
    static let patience: TimeInterval = 120

    /// The directory holding the built executables: the running test binary's
    /// own (SwiftPM puts them side by side), else `<repo>/.build/debug`.
    static let directory: URL = {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        var bundle = Bundle.main.bundleURL
        for _ in 0..<4 {
            candidates.append(bundle)
            bundle = bundle.deletingLastPathComponent()
        }
        candidates.append(repository.appendingPathComponent(".build/debug"))
        for dir in candidates
        where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("numgroup").path) {
            return dir
        }
        return candidates.last!
    }()

    /// The repository root, for man pages and golden files.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func url(_ tool: String) -> URL { directory.appendingPathComponent(tool) }

    /// The environment the tools run in: the C locale (so defaults do not
    /// depend on the machine) and the tools on PATH, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ["PATH": directory.path + ":/usr/bin:/bin", "LANG": "C"]
        env.merge(extra) { $1 }
        return env
    }

    /// Runs `tool` with `arguments`, writing `input` to its standard input
    /// through a pipe, then closing it (nil: an empty pipe), to completion.
    static func run(
        _ tool: String, _ arguments: [String] = [], input: [UInt8]? = nil, environment: [String: String] = [:]
    ) throws -> ToolResult {
        let running = try RunningTool(tool, arguments, environment: environment)
        let written = DispatchSemaphore(value: 0)
        Thread {
            if let input { running.write(input) }
            running.closeInput()
            written.signal()
        }.start()
        let result = running.finish()
        written.wait()
        return result
    }

    static func run(_ tool: String, _ arguments: [String] = [], input: String, environment: [String: String] = [:])
        throws -> ToolResult
    {
        try run(tool, arguments, input: Array(input.utf8), environment: environment)
    }

    /// Runs `tool` with `input` already waiting in its standard input pipe,
    /// and returns what the tool left unread there: for "no input is read".
    static func runLeavingInput(_ tool: String, _ arguments: [String], input: String) throws -> (
        ToolResult, unread: String
    ) {
        // A pipe of our own: Process closes the ends of a Pipe it hands to the child.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // not into tools other tests start
        defer { close(ends[0]) }
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { systemWrite(ends[1], $0.baseAddress!, $0.count) }
        close(ends[1])
        let running = try RunningTool(
            executable: url(tool), arguments, standardInput: FileHandle(fileDescriptor: ends[0], closeOnDealloc: false))
        let result = running.finish()
        var unread: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(ends[0], $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            unread += buffer[..<n]
        }
        return (result, String(decoding: unread, as: UTF8.self))
    }

    /// Runs `command` with /bin/sh, the tools on PATH: for what only a shell
    /// sets up, such as a closed standard output (`>&-`).
    static func shell(_ command: String, environment: [String: String] = [:]) throws -> ToolResult {
        let running = try RunningTool(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment)
        running.closeInput()
        return running.finish()
    }
}

/// A tool running with pipes on its standard input, output and error, for
/// tests that talk to it a record at a time or signal it.
final class RunningTool: @unchecked Sendable {
    let process = Process()
    let input: Pipe
    private let inputHandle: FileHandle?
    let output = Pipe()
    let errors = Pipe()
    private let lock = NSLock()
    private var inputClosed = false
    /// Standard output read and not yet returned.
    private var pending: [UInt8] = []
    private var outputEnded = false

    convenience init(
        _ tool: String, _ arguments: [String] = [], environment: [String: String] = [:],
        standardInput: FileHandle? = nil
    ) throws {
        try self.init(
            executable: ToolProcess.url(tool), arguments, environment: environment, standardInput: standardInput)
    }

    /// Starts `executable`; with `standardInput`, the tool reads that instead of a pipe from the test.
    init(executable: URL, _ arguments: [String], environment: [String: String] = [:], standardInput: FileHandle? = nil)
        throws
    {
        // A write to a tool that has exited must fail with EPIPE, not kill the tests.
        ignoreBrokenPipes()
        input = Pipe()
        inputHandle = standardInput
        inputClosed = standardInput != nil
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ToolProcess.environment(environment)
        process.standardInput = standardInput ?? input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Writes to the tool's standard input; a failed write (the tool has
    /// exited) is ignored, as the tests look at what the tool did. Whoever
    /// writes from another thread waits for it before closing the input.
    func write(_ bytes: [UInt8]) {
        let fd = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func closeInput() {
        lock.lock()
        defer { lock.unlock() }
        guard !inputClosed else { return }
        inputClosed = true
        try? input.fileHandleForWriting.close()
    }

    /// Reads standard output until `enough` holds for what was read, or the
    /// output ends, or the patience runs out (an issue). Returns what was read.
    func read(until enough: ([UInt8]) -> Bool) -> [UInt8] {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(ToolProcess.patience)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !enough(pending), !outputEnded {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 {
                Issue.record("no more output in time; got \(String(decoding: pending, as: UTF8.self).debugDescription)")
                break
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, Int32(min(left, 1) * 1000)) <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                pending += buffer[..<n]
            } else if n == 0 || errno != EINTR {
                outputEnded = true
            }
        }
        defer { pending = [] }
        return pending
    }

    /// Reads standard output until as many bytes as `expected` has came (or it ended).
    func read(upTo expected: String) -> String {
        let count = expected.utf8.count
        return String(decoding: read(until: { $0.count >= count }), as: UTF8.self)
    }

    /// Reads one line of standard output.
    func readLine() -> String {
        String(decoding: read(until: { $0.contains(0x0A) }), as: UTF8.self)
    }

    /// Reads standard output to its end.
    func readToEnd() -> [UInt8] { read(until: { _ in false }) }

    /// Stops reading standard output: the tool's next write meets a closed pipe.
    func closeOutput() {
        outputEnded = true  // its descriptor number may be reused: never read it again
        try? output.fileHandleForReading.close()
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits for the tool to exit by itself; kills it (an issue) when it
    /// outlives the patience. Returns whether it exited by itself.
    @discardableResult
    func waitForExit() -> Bool {
        let deadline = Date().addingTimeInterval(ToolProcess.patience)
        while process.isRunning {
            if Date() > deadline {
                Issue.record("\(process.executableURL?.lastPathComponent ?? "tool") did not exit")
                kill(pid, SIGKILL)
                process.waitUntilExit()
                return false
            }
            usleep(1000)
        }
        process.waitUntilExit()
        return true
    }

    /// Reads the rest of standard output and all of standard error, waits
    /// for the exit, and returns the whole result.
    func finish() -> ToolResult {
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let errorBytes = Box()
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = errors.fileHandleForReading
        Thread {
            errorBytes.bytes = Array((try? errorHandle.readToEnd()) ?? Data())
            errorsRead.signal()
        }.start()
        var out = pending
        pending = []
        if !outputEnded { out += readToEnd() }
        waitForExit()
        errorsRead.wait()
        return ToolResult(
            stdout: out, stderr: errorBytes.bytes, status: process.terminationStatus, reason: process.terminationReason)
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}

extension ToolProcess {
    /// The environment of a Korean user's shell (`LANG=ko_KR.UTF-8`, plus
    /// `extra`): the region of the numbers written without a country code
    /// in the phonefmt tests, which since issue #44 no longer fall back to
    /// KR when nothing names a region.
    static func korean(_ extra: [String: String] = [:]) -> [String: String] {
        ["LANG": "ko_KR.UTF-8"].merging(extra) { $1 }
    }

    /// `run` in ``korean(_:)``'s environment.
    static func runInKorea(
        _ tool: String, _ arguments: [String] = [], input: [UInt8]? = nil, environment: [String: String] = [:]
    ) throws -> ToolResult {
        try run(tool, arguments, input: input, environment: korean(environment))
    }

    /// `run` in ``korean(_:)``'s environment.
    static func runInKorea(
        _ tool: String, _ arguments: [String] = [], input: String, environment: [String: String] = [:]
    ) throws -> ToolResult {
        try run(tool, arguments, input: input, environment: korean(environment))
    }
}

extension ToolProcess {
    /// The environment that names what `tool` would otherwise lack in the
    /// tests' C locale since issue #44: phonefmt a region (`ko_KR`: the
    /// Korean numbers of the stream-contract tests), coinfmt a currency
    /// (`en_US`: their dollars); nothing for the others.
    static func named(_ tool: String) -> [String: String] {
        switch tool {
        case "phonefmt": ["LANG": "ko_KR.UTF-8"]
        case "coinfmt": ["LANG": "en_US.UTF-8"]
        default: [:]
        }
    }
}
