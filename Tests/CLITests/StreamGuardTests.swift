import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 25's stream-engine items, through real processes: a job that
/// transforms nothing is not a success, and one signal always stops a tool
/// (`--errors` and standard input's or output's file: ErrorsFileIdentityTests).
@Suite struct NoSelectedFieldTests {
    /// `-f` that selects no field of any record: a message, exit 1, and the
    /// records passed through as they came.
    @Test(arguments: [
        (["-f", "2"], "a;1234;5678\nb;99;1\n", "no record had field 2 (delimiter TAB; the widest record has 1 field)"),
        (
            ["-f", "2-4"], "Filesystem     1K-blocks    Used\n/dev/sda1        1000000  500000\n",
            "no record had field 2-4 (delimiter TAB; the widest record has 1 field)"
        ),
        (["-f", "5"], "1\t2\n3\t4\t5\n", "no record had field 5 (delimiter TAB; the widest record has 3 fields)"),
        (
            ["-f", "3", "--csv"], "a,\"1,234\"\n",
            "no record had field 3 (delimiter ',', CSV; the widest record has 2 fields)"
        ),
        (["-f", "2", "-d", ";"], "a\t1234\n", "no record had field 2 (delimiter ';'; the widest record has 1 field)"),
        (
            ["-f", "2", "--header"], "name\tamount\n1234\n",
            "no record had field 2 (delimiter TAB; the widest record has 1 field)"
        ),
        (
            ["-f", "2", "-j", "2"], String(repeating: "1234\n", count: 5000),
            "no record had field 2 (delimiter TAB; the widest record has 1 field)"
        ),
    ])
    func transformsNothing(arguments: [String], input: String, message: String) throws {
        let result = try ToolProcess.run(
            "numgroup", arguments, input: input, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "64"])
        #expect(result.exited(1), "\(result)")
        #expect(result.out == input)
        #expect(result.err == "numgroup: \(message)\n")
    }

    /// Every tool: its record, one field, with `-f 2`.
    @Test(arguments: ToolUnderTest.all)
    func everyTool(tool: ToolUnderTest) throws {
        let input = tool.record + "\n"
        let result = try ToolProcess.run(tool.tool, tool.arguments + ["-f", "2"], input: input)
        #expect(result.exited(1), "\(result)")
        #expect(result.out == input)
        #expect(result.err == "\(tool.tool): no record had field 2 (delimiter TAB; the widest record has 1 field)\n")
        let operand = try ToolProcess.run(tool.tool, tool.arguments + ["-f", "2", tool.record])
        #expect(operand.exited(1), "\(operand)")
    }

    /// One record with the field is enough, in whichever block it comes;
    /// none read (only headers, only error records, nothing) says nothing.
    @Test(arguments: [
        (["-f", "2"], String(repeating: "1\n", count: 3000) + "1\t2345\n", 0, ""),
        (["-f", "2", "-j", "2"], String(repeating: "1\n", count: 3000) + "1\t2345\n", 0, ""),
        (["-f", "2"], "1\t\n", 0, ""),
        (["-f", "2", "--header"], "name\tamount\n", 0, ""),
        (["-f", "2"], "", 0, ""),
        (["-f", "2"], "error\t1\t0\tc\tm\to\n", 1, ""),
        (["-f", "2", "--max-record-bytes", "4"], "123456\n", 1, ""),
        ([], "1234\n", 0, ""),
    ])
    func saysNothing(arguments: [String], input: String, status: Int32, stderr: String) throws {
        let result = try ToolProcess.run(
            "numgroup", arguments, input: input, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "64"])
        #expect(result.exited(status), "\(result)")
        #expect(result.err == stderr)
    }
}

/// One SIGTERM or SIGINT stops a tool within about a second whatever it
/// is doing: no bound on time is asserted (the tests' patience is long);
/// the old behaviour waited for input that never came, forever.
@Suite struct OneSignalStopsTests {
    /// A record too long to hold, read through on a pipe that stays open:
    /// the signal stops the tool at once; the record before it is written,
    /// the long one is written as far as it was read, without a terminator.
    @Test(arguments: [
        ["--on-error", "record"], ["--on-error", "keep"], ["-j", "2"], ["-j", "2", "--on-error", "keep"],
    ])
    func whileReadingThrough(options: [String]) throws {
        let running = try RunningTool("numgroup", ["--max-record-bytes", "1000"] + options)
        let written = DispatchSemaphore(value: 0)
        Thread {
            running.write("1234\n" + String(repeating: "9", count: 300_000))
            written.signal()
        }.start()
        // Standard input stays open: the record never ends.
        let head = running.read(until: { $0.count >= 5000 })
        running.signal(SIGTERM)
        let result = running.finish()
        written.wait()
        running.closeInput()
        #expect(result.exited(143), "\(result.status)")
        let all = String(decoding: head + result.stdout, as: UTF8.self)
        let prefix =
            options.contains("keep")
            ? "1,234\n" : "1,234\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 1000 bytes\t"
        #expect(all.hasPrefix(prefix), "\(all.prefix(200).debugDescription)")
        let rest = all.dropFirst(prefix.count)
        #expect(rest.count >= 1000 && rest.count <= 300_000 && rest.allSatisfy { $0 == "9" })
    }

    /// `numgroup < /dev/zero`: an endless record with no terminator at all.
    @Test(arguments: [[], ["-j", "2"], ["-f", "2", "--csv"]])
    func endlessInput(options: [String]) throws {
        let running = try RunningTool(
            "numgroup", options, standardInput: FileHandle(forReadingAtPath: "/dev/zero"))
        _ = running.read(until: { $0.count >= 100 })
        running.signal(SIGTERM)
        let result = running.finish()
        #expect(result.exited(143), "\(result.status)")
    }

    /// A reader that stopped reading: the tool waits a while for it to take
    /// the output, then exits 128 + the signal all the same.
    @Test(arguments: [[], ["-j", "2"]])
    func stalledReader(options: [String]) throws {
        let running = try RunningTool("numgroup", options)
        let stop = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        Thread {
            let block = String(repeating: "1234\n", count: 20_000)
            // Until the tool exits (the write then fails) or the test is done.
            while stop.wait(timeout: .now()) == .timedOut {
                running.write(block)
                if !running.process.isRunning { break }
            }
            written.signal()
        }.start()
        let first = running.read(until: { $0.count >= 6 })
        #expect(first.starts(with: Array("1,234\n".utf8)))
        // Nothing more is read: the output pipe fills and the tool blocks writing.
        usleep(300_000)
        running.signal(SIGINT)
        let exited = running.waitForExit()
        stop.signal()
        running.closeInput()
        written.wait()
        #expect(exited)
        #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 130)
    }
}
