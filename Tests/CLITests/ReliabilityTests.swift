import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reproducers of the reliability audit (issue 12), through the built
/// executables: the whole-record lane's output bound, the output limit and
/// peak memory, records cut by a signal, and the signals themselves.
@Suite struct ReliabilityTests {
    // MARK: The whole-record lane writes within its block

    /// `-g 1` writes a separator after every digit, a long separator more
    /// than one byte a digit: the lane's block must hold what it writes.
    @Test func groupOfOneWithLongSeparator() throws {
        let input = String(repeating: "12345\n", count: 80_000)
        let result = try ToolProcess.run("numgroup", ["-g", "1", "-s", "====="], input: input)
        #expect(result.exited(0), "\(result)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 80_001)
        #expect(lines.dropLast().allSatisfy { $0 == "1=====2=====3=====4=====5" })
    }

    @Test func groupOfOneOnLongRecords() throws {
        let digits = String(repeating: "9", count: 700)
        let result = try ToolProcess.run("numgroup", ["-g", "1"], input: String(repeating: digits + "\n", count: 200))
        #expect(result.exited(0), "\(result)")
        let expected = digits.map(String.init).joined(separator: ",")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 200)
        #expect(lines.allSatisfy { $0 == expected })
    }

    /// Every separator length and group size against the value-by-value
    /// path (`--sanitize` takes no run of its own for plain numbers).
    @Test(arguments: [1, 2, 7, 33])
    func laneAgreesWithValueByValue(separatorLength: Int) throws {
        let separator = String(repeating: "~", count: separatorLength)
        var input = ""
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            input += String(repeating: "8", count: Int(state >> 33) % 300 + 1) + "\n"
        }
        for group in ["1", "2", "3,2"] {
            let lane = try ToolProcess.run("numgroup", ["-g", group, "-s", separator], input: input)
            let one = try ToolProcess.run("numgroup", ["-g", group, "-s", separator, "--sanitize"], input: input)
            #expect(lane.exited(0), "\(lane)")
            #expect(lane.stdout == one.stdout, "-g \(group)")
        }
    }

    // MARK: Output limit and memory

    /// An output past 16 × --max-record-bytes is an error record of its own
    /// code, decided before the memory is spent.
    @Test func outputTooLong() throws {
        let million = String(repeating: "1", count: 1_000_000)
        let thousand = String(repeating: "x", count: 1000)
        let cases: [(tool: String, arguments: [String], input: String)] = [
            ("numgroup", ["-g", "1", "-s", thousand], million),
            ("numgroup", ["-g", "1", "-s", String(repeating: "y", count: 100_000)], million),
            ("numgroup", ["--text", "-g", "1", "-s", thousand], "a " + million + " b"),
            ("numgroup", ["--sanitize", "-g", "1", "-s", thousand], million),
            ("coinfmt", ["-c", "USD", "--max-record-bytes", "100"], "1e999999"),
            ("coinfmt", ["--max-record-bytes", "100", "--style", "percent"], "-1e999999"),
            ("numconv", ["--from", "en_US"] + Self.manyTargets(300), million),
        ]
        for c in cases {
            let result = try ToolProcess.run(c.tool, c.arguments, input: c.input + "\n")
            #expect(result.exited(1), "\(c.tool) \(result.status) \(result.err)")
            let columns = result.out.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(columns.count == 6, "\(c.tool)")
            #expect(columns.prefix(4) == ["error", "1", "0", "output-too-long"], "\(c.tool) \(c.arguments.prefix(3))")
            #expect(columns.last.map { $0 == c.input + "\n" } == true, "ORIGINAL is the record")
        }
        // Within the limit the same values are written whole.
        let within = try ToolProcess.run("coinfmt", ["-c", "USD"], input: "1e99999\n")
        #expect(within.exited(0))
        #expect(within.out.hasPrefix("$1,000,000,") && within.out.hasSuffix(",000.00\n"))
        #expect(within.out.count == 100_000 + 33_333 + 5)
    }

    /// The limit counts the record, not each field: many fields of long
    /// outputs are one error, at the field that passes it.
    @Test func outputLimitCountsTheRecord() throws {
        // Each field 10,000 digits, written 209,990 bytes long; the limit
        // is 16 × 110,000 = 1,760,000 bytes: the ninth field passes it.
        let field = String(repeating: "5", count: 10_000)
        let record = Array(repeating: field, count: 10).joined(separator: "\t")
        let separator = String(repeating: "=", count: 20)
        let result = try ToolProcess.run(
            "numgroup", ["-g", "1", "-s", separator, "-f", "1-", "--max-record-bytes", "110000"], input: record + "\n")
        #expect(result.exited(1), "\(result.status)")
        let columns = result.out.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(columns.prefix(4) == ["error", "1", "9", "output-too-long"])
    }

    /// The audit's resource bombs stay under 64 MiB at default limits.
    @Test func peakMemoryStaysBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-rss-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let million = try file("million", String(repeating: "1", count: 1_000_000) + "\n")
        let exponents = try file("exponents", String(repeating: "1e200000\n", count: 60))
        // A run of short records with long outputs: held whole, 300 × 270 kB.
        let amplified = try file("amplified", String(repeating: String(repeating: "7", count: 2000) + "\n", count: 60))
        let thousand = String(repeating: "x", count: 1000)
        let runs: [(String, [String], String)] = [
            ("numgroup", ["-g", "1", "-s", thousand], million),
            ("numgroup", ["-g", "1", "-s", String(repeating: "y", count: 100_000)], million),
            ("numconv", ["--from", "en_US"] + Self.manyTargets(300), million),
            ("coinfmt", ["-c", "USD"], exponents),
            ("numgroup", ["-g", "1", "-s", thousand], amplified),
            ("numgroup", ["--sanitize", "-g", "1", "-s", thousand], amplified),
        ]
        for (tool, arguments, input) in runs {
            let (status, kilobytes) = try Self.peakResidentKilobytes(tool, arguments, input: input)
            #expect(status == 0 || status == 1, "\(tool) exited \(status)")
            #expect(kilobytes < 64 * 1024, "\(tool) \(arguments.prefix(2)) on \(input): \(kilobytes) kB")
        }
    }

    static func manyTargets(_ n: Int) -> [String] {
        Locale.availableIdentifiers.sorted().prefix(n).flatMap { ["--to", $0] }
    }

    /// Runs `tool` on `input` (a file), output to /dev/null, and returns its
    /// exit status and peak resident set in kilobytes, as `peak-rss` (a
    /// small executable of the package) measures them.
    static func peakResidentKilobytes(_ tool: String, _ arguments: [String], input: String) throws -> (Int32, Int) {
        let result = try ToolProcess.run("peak-rss", [input, ToolProcess.url(tool).path] + arguments)
        let fields = result.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard result.exited(0), fields.count == 2 else { throw POSIXError(.EIO) }
        return (Int32(fields[0]), fields[1])
    }

    // MARK: Signals

    /// A signal while a record too long to hold is read through: the tool
    /// stops at once (the record's end may never come, issue 25), the
    /// records before it written, the long one as far as it was read and
    /// without a terminator; the records after it are not read. (Until
    /// issue 25 the first signal waited for the record's end.)
    @Test(arguments: ["record", "keep"])
    func signalWhileReadingThrough(policy: String) throws {
        let running = try RunningTool("numgroup", ["--max-record-bytes", "1000", "--on-error", policy])
        let signalled = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        Thread {
            running.write("1234\n" + String(repeating: "7", count: 300_000))
            signalled.wait()
            running.write(String(repeating: "7", count: 100_000) + "\n5678\n")
            written.signal()
        }.start()
        let head = running.read(until: { $0.count >= 5000 })
        #expect(head.starts(with: Array("1,234\n".utf8)))
        running.signal(SIGINT)
        let result = running.finish()
        signalled.signal()
        written.wait()
        running.closeInput()
        #expect(result.exited(130), "\(result.status)")
        let all = String(decoding: head + result.stdout, as: UTF8.self)
        let prefix =
            policy == "record"
            ? "1,234\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 1000 bytes\t" : "1,234\n"
        #expect(all.hasPrefix(prefix))
        let long = all.dropFirst(prefix.count)
        #expect(long.count >= 1000 && long.count <= 300_000 && long.allSatisfy { $0 == "7" }, "\(long.count)")
    }

    /// The same when the record is the last: what was read of it, no more.
    @Test func signalWhileReadingThroughTheLastRecord() throws {
        let running = try RunningTool("numgroup", ["--max-record-bytes", "1000"])
        let signalled = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        Thread {
            running.write("1\n" + String(repeating: "7", count: 300_000))
            signalled.wait()
            running.write(String(repeating: "7", count: 1000))
            running.closeInput()
            written.signal()
        }.start()
        let head = running.read(until: { $0.count >= 5000 })
        running.signal(SIGINT)
        let result = running.finish()
        signalled.signal()
        written.wait()
        #expect(result.exited(130), "\(result.status)")
        let all = String(decoding: head + result.stdout, as: UTF8.self)
        let prefix = "1\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 1000 bytes\t"
        #expect(all.hasPrefix(prefix))
        let long = all.dropFirst(prefix.count)
        #expect(long.count >= 1000 && long.count <= 300_000 && long.allSatisfy { $0 == "7" }, "\(long.count)")
    }

    /// Two signals at once stop it as one does.
    @Test func secondSignalStopsAtOnce() throws {
        let running = try RunningTool("numgroup", ["--max-record-bytes", "1000"])
        let written = DispatchSemaphore(value: 0)
        Thread {
            running.write("1\n" + String(repeating: "7", count: 300_000))
            written.signal()
        }.start()
        _ = running.read(until: { $0.count >= 5000 })
        // Two signals of one kind sent at once may arrive as one: two kinds.
        running.signal(SIGINT)
        running.signal(SIGTERM)
        // Standard input stays open.
        let result = running.finish()
        #expect(result.exited(130) || result.exited(143), "\(result.status)")
        written.wait()
        running.closeInput()
    }

    /// A signal the tool was started with ignored stays ignored, as `cut`
    /// keeps going in a background job of a non-interactive shell.
    @Test(arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT)])
    func ignoredSignalStaysIgnored(name: String, signal: Int32) throws {
        let running = try RunningTool(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "trap '' \(name); exec numgroup"])
        running.write("1234\n")
        #expect(running.readLine() == "1,234\n")
        running.signal(signal)
        running.write("5678\n")
        #expect(running.readLine() == "5,678\n")
        running.closeInput()
        let result = running.finish()
        #expect(result.exited(0), "\(result)")
    }

    /// A signal that arrives before the end of input is reported even when
    /// the tool then finds its input at an end: exit 128 + signal, not 0.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalJustBeforeEndOfInput(signal: Int32) throws {
        for _ in 0..<5 {
            let running = try RunningTool("numgroup", [])
            running.write(String(repeating: "1234\n", count: 1000))
            _ = running.read(until: { $0.count >= 6000 })
            running.signal(signal)
            running.closeInput()
            let result = running.finish()
            #expect(result.exited(128 + signal), "\(result)")
        }
    }
}
