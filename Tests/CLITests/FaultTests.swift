import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One executable under test, with the arguments it runs with and one record
/// it transforms: what every tool must do with signals, a full disk, a closed
/// standard output and a reader that goes away.
struct ToolUnderTest: CustomTestStringConvertible, Sendable {
    var tool: String
    var arguments: [String]
    /// A record the tool transforms, without its terminator, and what it gives.
    var record: String
    var transformed: String

    var testDescription: String { ([tool] + arguments).joined(separator: " ") }

    /// The command line for /bin/sh (the arguments need no quoting).
    var command: String { ([tool] + arguments).joined(separator: " ") }

    /// Every executable of the package.
    static let all: [ToolUnderTest] = [
        ToolUnderTest(tool: "numgroup", arguments: [], record: "1234567", transformed: "1,234,567"),
        ToolUnderTest(
            tool: "numconv", arguments: ["--from", "en_US", "--to", "de_DE"], record: "1234567.5",
            transformed: "1.234.567,5"),
        ToolUnderTest(
            tool: "phonefmt", arguments: ["-r", "KR"], record: "010 1234 5678", transformed: "010-1234-5678"),
        ToolUnderTest(tool: "coinfmt", arguments: ["-c", "USD"], record: "1234.5", transformed: "$1,234.50"),
    ]
}

/// Signals, `/dev/full`, `>&-` and `| head -1` for every tool, as
/// NumgroupCLITests checks them for numgroup.
@Suite struct FaultTests {
    @Test(arguments: ToolUnderTest.all)
    func fullDisk(tool: ToolUnderTest) throws {
        let message = "\(tool.tool): write error on standard output: No space left on device\n"
        let result = try ToolProcess.shell("\(tool.command) '\(tool.record)' > /dev/full")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == message)
        let streamed = try ToolProcess.shell("printf '%s\\n' '\(tool.record)' | \(tool.command) > /dev/full")
        #expect(streamed.exited(3), "\(streamed)")
        #expect(streamed.err == message)
    }

    @Test(arguments: ToolUnderTest.all)
    func closedStandardOutput(tool: ToolUnderTest) throws {
        let message = "\(tool.tool): write error on standard output: Bad file descriptor\n"
        let result = try ToolProcess.shell("\(tool.command) '\(tool.record)' >&-")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == message)
        let streamed = try ToolProcess.shell("printf '%s\\n' '\(tool.record)' | \(tool.command) >&-")
        #expect(streamed.exited(3), "\(streamed)")
        #expect(streamed.err == message)
    }

    @Test(arguments: ToolUnderTest.all)
    func readError(tool: ToolUnderTest) throws {
        let result = try ToolProcess.shell("\(tool.command) < /")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == "\(tool.tool): read error on standard input: Is a directory\n")
    }

    /// `TOOL < big | head -1`: the reader goes away and the tool stops quietly.
    @Test(arguments: ToolUnderTest.all)
    func brokenPipe(tool: ToolUnderTest) throws {
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("fault-\(tool.tool)-\(getpid()).txt")
        try Data(String(repeating: tool.record + "\n", count: 200_000).utf8).write(to: big)
        defer { try? FileManager.default.removeItem(at: big) }
        let running = try RunningTool(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \(tool.command) < \"$0\"", big.path])
        #expect(running.readLine().hasPrefix(tool.transformed + "\n"))
        running.closeOutput()
        let result = running.finish()
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.reason == .uncaughtSignal && result.status == SIGPIPE, "\(result)")
        let pipeline = try ToolProcess.shell("\(tool.command) < \"\(big.path)\" | head -1")
        #expect(pipeline.out == tool.transformed + "\n")
        #expect(pipeline.err == "")
    }

    /// Records read before the signal are written; an incomplete one is not.
    @Test(arguments: ToolUnderTest.all, [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func signalMidStream(tool: ToolUnderTest, signal: Int32) throws {
        let running = try RunningTool(tool.tool, tool.arguments)
        running.write(tool.record + "\n" + tool.record + "\n")
        let expected = tool.transformed + "\n" + tool.transformed + "\n"
        #expect(running.read(upTo: expected) == expected)
        running.write(String(tool.record.prefix(3)))  // incomplete; standard input stays open
        running.signal(signal)
        let result = running.finish()
        #expect(result.exited(128 + signal), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    /// Every record read completely before the signal has its output, even
    /// while the tool is busy: whole records only, each one right.
    @Test(arguments: ToolUnderTest.all)
    func signalWhileStreaming(tool: ToolUnderTest) throws {
        let running = try RunningTool(tool.tool, tool.arguments)
        let block = String(repeating: tool.record + "\n", count: 1000)
        let written = DispatchSemaphore(value: 0)
        Thread {
            // Standard input stays open: the writes end when the tool exits.
            for _ in 0..<100 { running.write(block) }
            written.signal()
        }.start()
        let first = running.read(until: { $0.count >= 50_000 })
        running.signal(SIGTERM)
        let rest = running.finish()
        #expect(rest.exited(143), "\(rest.status) \(rest.reason == .exit)")
        let all = String(decoding: first + rest.stdout, as: UTF8.self)
        #expect(all.hasSuffix("\n"))
        #expect(all.split(separator: "\n").allSatisfy { $0 == tool.transformed })
        written.wait()
        running.closeInput()
    }
}
