import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 44's reproducers for numconv's amount readers, through real pipes:
/// letters that are both a unit and a currency under `--style auto` (item
/// 6), a locale's compact `B` (11), grouping in a scientific mantissa (13),
/// and readers linear in their record, stopped by one signal (17).
@Suite struct NumconvReadersCLITests {
    func numconv(_ arguments: [String], input: String = "") throws -> ToolResult {
        try ToolProcess.run("numconv", arguments, input: input)
    }

    /// Web cells under `--style auto`: never a power of ten taken from a
    /// currency's letter; a letter that is both is `ambiguous-notation`.
    @Test(arguments: [
        (["--from", "auto"], "1 K", "error\t1\t0\tambiguous-notation\t"),
        (["--from", "en_US"], "1 K", "error\t1\t0\tambiguous-notation\t"),
        (["--from", "auto"], "1 MK", "error\t1\t0\tambiguous-notation\t"),
        (["--from", "auto"], "1 TT$", "error\t1\t0\tambiguous-notation\t"),
        (["--from", "auto"], "200Q", "200\n"),
        (["--from", "auto"], "1 P", "1\n"),
        (["--from", "auto"], "1 E", "error\t1\t0\tunknown-unit\t"),
        (["--from", "auto"], "1 G", "error\t1\t0\tunknown-unit\t"),
        (["--from", "en_US"], "12G", "error\t1\t0\tunknown-unit\t"),
        (["--from", "it_IT"], "4.407,64 R", "4407.64\n"),
        (["--from", "en_US", "-c", "USD"], "1.2K", "1200\n"),
        (["--from", "en_US"], "$1.2K", "1200\n"),
    ])
    func lettersUnderAuto(options: [String], value: String, expected: String) throws {
        let r = try numconv(["--style", "auto", "--to", "C"] + options, input: value + "\n")
        #expect(r.out.hasPrefix(expected), "\(options) '\(value)': \(r)")
        #expect(r.exited(expected.hasPrefix("error") ? 1 : 0), "\(r)")
    }

    /// The style that names one reading reads it.
    @Test func theNamedStyleReads() throws {
        let compact = try numconv(["--style", "compact", "--from", "en_US", "--to", "C", "1 K", "1.2K"])
        #expect(compact.exited(0) && compact.out == "1000\n1200\n", "\(compact)")
        let si = try numconv(["--style", "si", "--from", "en_US", "--to", "C", "12G", "1 P"])
        #expect(si.exited(0) && si.out == "12000000000\n1000000000000000\n", "\(si)")
        let hint = try numconv(["--style", "auto", "--from", "en_US", "--to", "C", "12G"])
        #expect(hint.out.contains("--style si, iec, iec-i or bytes"), "\(hint)")
    }

    /// coinfmt's compact `B` read back under auto and compact: es_ES's
    /// billón, tr_TR's bin, never bytes.
    @Test(arguments: [("es_ES", "70000000000000"), ("tr_TR", "10000"), ("en_US", "1500000000")])
    func compactBIsNoByte(locale: String, value: String) throws {
        let written = try ToolProcess.run("coinfmt", ["--style", "compact", "-l", locale, value])
        #expect(written.exited(0) && written.out.hasSuffix("B\n"), "\(written)")
        for style in ["auto", "compact"] {
            let r = try numconv(["--style", style, "--from", locale, "--to", "C"], input: written.out)
            #expect(r.exited(0) && r.out == value + "\n", "\(locale) --style \(style) '\(written.out)': \(r)")
        }
    }

    /// A grouping separator in a scientific mantissa is `misplaced-grouping`.
    @Test func groupingInAMantissa() throws {
        let de = try numconv(["--style", "scientific", "--from", "de_DE", "--to", "C", "1.234E3", "1,234E3"])
        #expect(de.exited(1), "\(de)")
        #expect(de.out.hasPrefix("error\t1\t0\tmisplaced-grouping\t"), "\(de)")
        #expect(de.out.hasSuffix("\n1234\n"), "\(de)")
        let auto = try numconv(["--style", "auto", "--from", "de_DE", "--to", "C", "1.234E3"])
        #expect(auto.out.hasPrefix("error\t1\t0\tmisplaced-grouping\t"), "\(auto)")
    }

    /// Hostile records of about 1 MiB (the default --max-record-bytes) in
    /// every style: each is read in time linear in its length (`1KKK…` took
    /// about 30 minutes under compact and auto), so the tool answers within
    /// the tests' patience. Nothing is asserted about time.
    static let styles: [[String]] = [
        ["--style", "compact", "--from", "en_US"], ["--style", "auto", "--from", "en_US"],
        ["--style", "auto", "--from", "auto"], ["--style", "myriad", "--from", "ko_KR"],
        ["--style", "compact", "--from", "ko_KR"], ["--style", "currency", "--from", "en_US"],
        ["--style", "accounting", "--from", "de_DE"], ["--style", "scientific", "--from", "en_US"],
        ["--style", "si", "--from", "en_US"], ["--style", "iec", "--from", "en_US"],
        ["--style", "iec-i", "--from", "en_US"], ["--style", "bytes", "--from", "en_US"],
        ["--style", "number", "--from", "en_US"], ["--style", "percent", "--from", "en_US"],
        ["--style", "words", "--from", "en_US"], ["--style", "numerals", "--from", "zh_CN"],
    ]
    /// A head, then a unit repeated to about 1 MiB: `1KKK…`, `1$$$…`, `KKK…1`, `1   …K`, `1억 1만 1만 …`.
    static let hostile: [String] = ["1|K", "1|$", "|K|1", "1| |K", "1억 |1만 "]

    static func record(_ pattern: String) -> [UInt8] {
        let parts = pattern.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let unit = parts[1]
        let tail = parts.count > 2 ? parts[2] : ""
        let body = String(repeating: unit, count: 1_000_000 / unit.utf8.count)
        return Array((parts[0] + body + tail + "\n").utf8)
    }

    @Test(arguments: styles, hostile)
    func megabyteRecordsAreReadInLinearTime(style: [String], pattern: String) throws {
        let r = try ToolProcess.run("numconv", style + ["--to", "C"], input: Self.record(pattern))
        #expect(r.reason == .exit, "\(style) '\(pattern)': killed")
        let head = String(r.out.prefix(100))
        #expect(head.hasPrefix("error\t1\t0\t") || head.first?.isNumber == true, "\(style) '\(pattern)': \(head)")
    }

    /// One SIGTERM stops numconv promptly while it reads hostile records of
    /// 1 MiB, the input still open: it exits 128 + 15 after the records it wrote.
    @Test(arguments: [["--style", "compact"], ["--style", "auto"], ["--style", "auto", "-j", "2"]])
    func oneSignalStopsAHostileRun(options: [String]) throws {
        let running = try RunningTool("numconv", options + ["--from", "en_US", "--to", "C"])
        let record = Self.record("1|K")
        let stop = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        Thread {
            while stop.wait(timeout: .now()) == .timedOut && running.process.isRunning { running.write(record) }
            written.signal()
        }.start()
        let first = String(decoding: running.read(until: { $0.contains(0x0A) }).prefix(200), as: UTF8.self)
        #expect(first.hasPrefix("error\t1\t0\t"), "\(first.debugDescription)")
        running.signal(SIGTERM)
        let result = running.finish()
        stop.signal()
        written.wait()
        running.closeInput()
        #expect(result.exited(143), "\(result.status) \(result.reason)")
    }
}
