import Foundation
import Testing

/// `--width` in bounded memory (issue 44, item 18): whether the output
/// fits the limit is decided from the lengths before any padding is built,
/// and the padded runs are flushed as they are written: peak RSS stays
/// under 64 MiB with the default limits.
@Suite struct WidthMemoryTests {
    static func file(_ name: String, _ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-width-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// One 760 KB record of German numbers: each found number padded to
    /// 65536 columns would be about 4 GB; the record is an
    /// `output-too-long` error record (it was, after peaking at 4.2 GB).
    static func phones() throws -> URL {
        var rng = SplitMix64(seed: 44)
        var text = ""
        while text.utf8.count < 760_000 { text += "030 \(1_000_000 + rng.next() % 9_000_000), " }
        return try file("phones", text + "\n")
    }

    @Test func phonefmtFindWithAWideWidth() throws {
        let input = try Self.phones()
        defer { try? FileManager.default.removeItem(at: input) }
        let arguments = ["-r", "DE", "--find", "--format", "digits", "--width", "65536"]
        let (status, kilobytes) = try ReliabilityTests.peakResidentKilobytes("phonefmt", arguments, input: input.path)
        #expect(status == 1)
        #expect(kilobytes < 64 * 1024, "\(kilobytes) kB")
        let result = try ToolProcess.run("phonefmt", arguments, input: try String(contentsOf: input, encoding: .utf8))
        #expect(result.exited(1))
        #expect(result.out.hasPrefix("error\t1\t0\toutput-too-long\t"), "\(result.out.prefix(200))")
    }

    /// 16,000 targets, each padded to 65536 columns: 1 GB a record, an
    /// error record decided before any padding is built.
    @Test func numconvManyTargetsWithAWideWidth() throws {
        let input = try Self.file("amounts", String(repeating: "1234.5\n", count: 3))
        defer { try? FileManager.default.removeItem(at: input) }
        let targets = Array(repeating: ["--to", "de_DE"], count: 16_000).flatMap { $0 }
        let arguments = ["--from", "C"] + targets + ["--width", "65536"]
        let (status, kilobytes) = try ReliabilityTests.peakResidentKilobytes("numconv", arguments, input: input.path)
        #expect(status == 1)
        #expect(kilobytes < 64 * 1024, "\(kilobytes) kB")
    }

    /// Many short records, each padded to 65536 columns (1.3 GB of output):
    /// written as they are padded, never held (numgroup held the run whole, 1.3 GB).
    @Test(arguments: [
        ("numgroup", [String]()), ("coinfmt", ["--style", "number", "-l", "en_US"]),
        ("numconv", ["--from", "C", "--to", "C"]), ("phonefmt", ["-r", "KR", "--on-error", "keep"]),
    ])
    func shortRecordsWithAWideWidth(tool: String, arguments: [String]) throws {
        let input = try Self.file("ones-\(tool)", String(repeating: "1\n", count: 20_000))
        defer { try? FileManager.default.removeItem(at: input) }
        let (status, kilobytes) = try ReliabilityTests.peakResidentKilobytes(
            tool, arguments + ["--width", "65536"], input: input.path)
        #expect(status == 0 || status == 1)
        #expect(kilobytes < 64 * 1024, "\(tool): \(kilobytes) kB")
    }
}
