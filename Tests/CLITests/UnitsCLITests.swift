import Foundation
import Testing

private func tool(_ name: String, _ arguments: [String], input: String? = nil) throws -> ToolResult {
    try ToolProcess.run(name, arguments, input: input.map { Array($0.utf8) })
}

/// coinfmt's unit styles, bytes and cash rounding, and numconv's reading of
/// them, as processes through real pipes (issue 28).
@Suite struct UnitsCLITests {
    @Test(arguments: [
        (["--style", "si", "--rounding", "up", "1500", "999999", "1e30"], "1.5K\n1.0M\n1.0Q\n"),
        (["--style", "iec", "--suffix", "B", "1536"], "1.5KB\n"),
        (["--style", "iec-i", "--unit-separator", " ", "--suffix", "B", "1536", "999"], "1.5 KiB\n999 B\n"),
        (["--style", "si", "-l", "de_DE", "1500"], "1,5K\n"),
        (["--style", "iec", "--from-unit", "1024", "--rounding", "up", "1"], "1.0K\n"),
        (["--style", "iec", "--from-unit", "1Ki", "1000"], "1000K\n"),
        (["--style", "si", "--to-unit", "1K", "--rounding", "up", "1500000"], "1.5K\n"),
        (["--style", "si", "--rounding", "half-up", "1049999999999999999999"], "1.0Z\n"),
        (["--style", "engineering", "15000", "0.00015"], "15E3\n150E-6\n"),
        (["--style", "bytes", "1700000", "1500", "0", "1"], "1.7 MB\n2 kB\nZero kB\n1 byte\n"),
        (["--style", "bytes", "-l", "pl_PL", "4280000000000"], "4,28 TB\n"),
        (["--style", "bytes", "--bytes", "binary", "1700000"], "1.7 MiB\n"),
        (["--currency", "CHF", "--locale", "de_CH", "--cash", "12.33"], "CHF\u{A0}12.35\n"),
        (["-c", "USD", "--increment", "0.05", "1.23"], "$1.25\n"),
        (["--currency", "DKK", "--locale", "da_DK", "--cash", "12.26"], "12,50\u{A0}kr.\n"),
    ])
    func coinfmtWrites(arguments: [String], expected: String) throws {
        let result = try tool("coinfmt", arguments)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == expected)
    }

    @Test(arguments: [
        (["--style", "iec-i", "--from", "en_US", "--to", "C", "1.5Ki", "1.5Mi"], "1536\n1572864\n"),
        (["--style", "si", "--from", "en_US", "--to", "C", "1.5G", "1.5k"], "1500000000\n1500\n"),
        (["--style", "si", "--from", "de_DE", "--to", "C", "1,5 M"], "1500000\n"),
        (["--style", "bytes", "--from", "de_DE", "--to", "C", "1,5 MB", "1536 Byte"], "1500000\n1536\n"),
        (["--style", "bytes", "--from", "en_US", "--to", "C", "1.5GiB", "Zero kB"], "1610612736\n0\n"),
        (
            ["--style", "bytes", "--from", "en_US", "--to", "C", "1.5 GB", "800 MB", "2 TiB"],
            "1500000000\n800000000\n2199023255552\n"
        ),
        // Under auto a byte count without a prefix only (issue 44: `GB` is 10^9 to one writer, 2^30 to another).
        (["--style", "auto", "--from", "en_US", "--to", "C", "1536 bytes", "1 byte"], "1536\n1\n"),
        (["--style", "iec", "--suffix", "B", "--from", "en_US", "--to", "C", "1.5KB", "1.5K"], "1536\n1536\n"),
        (["--style", "iec-i", "--from", "en_US", "--to", "de_DE", "1.5Ki"], "1.536\n"),
    ])
    func numconvReads(arguments: [String], expected: String) throws {
        let result = try tool("numconv", arguments)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == expected)
    }

    /// Malformed prefixes are error records with their code; the rest of the stream goes on.
    @Test func unknownUnitsAreErrorRecords() throws {
        let result = try tool(
            "numconv", ["--style", "iec-i", "--from", "en_US", "--to", "C"], input: "1.5K\n1.5X\n2Ki\n1.5Ki\n")
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("error\t1\t0\tunknown-unit\t'K' at offset 3 lacks IEC's i"))
        #expect(lines[1].hasPrefix("error\t2\t0\tunknown-unit\t'X' at offset 3 is no unit prefix"))
        #expect(lines[2] == "2048")
        #expect(lines[3] == "1536")
    }

    @Test(arguments: [
        (["coinfmt", "--style", "number", "--suffix", "B", "1"], "--suffix applies only to --style si, iec or iec-i"),
        (["coinfmt", "--style", "si", "--to-unit", "3", "1"], "the output unit must be a product of 2s and 5s"),
        (["coinfmt", "--style", "si", "--from-unit", "0", "1"], "invalid value '0' for --from-unit"),
        (
            ["coinfmt", "--style", "bytes", "--max-fraction", "3", "1"],
            "--max-fraction does not apply to --style bytes"
        ),
        (["coinfmt", "--style", "bytes", "--suffix", "B", "1"], "--suffix applies only to --style si, iec or iec-i"),
        (["coinfmt", "--bytes", "binary", "1"], "--bytes applies only to --style bytes"),
        (["coinfmt", "--style", "number", "--cash", "1"], "--cash applies only to --style currency"),
        (
            ["coinfmt", "--style", "si", "--increment", "5", "1"],
            "--increment applies only to --style currency, percent or number"
        ),
        (["coinfmt", "--increment", "-0.05", "1"], "invalid value '-0.05' for --increment"),
        (["coinfmt", "--cash", "--increment", "0.05", "1"], "--cash and --increment are one step"),
        (["numconv", "--style", "number", "--suffix", "B", "--from", "C", "--to", "C", "1"], "--suffix applies only"),
        (
            ["numconv", "--style", "auto", "--suffix", "B", "--from", "C", "--to", "C", "1"],
            "--suffix applies only to --style si, iec, iec-i or bytes"
        ),
        (
            ["numconv", "--style", "si", "--code", "--from", "C", "--to", "C", "1"],
            "--code applies to amounts with a currency"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try tool(arguments[0], Array(arguments.dropFirst()))
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.contains(message), "\(result.err)")
    }

    /// The reading recipe of docs/tools.md and a du-like column, through pipes.
    @Test func pipelines() throws {
        let sizes = try tool(
            "coinfmt", ["-f", "1", "--style", "iec", "--suffix", "B"], input: "4096\tdir\n1536000\tfile\n")
        #expect(sizes.out == "4.0KB\tdir\n1.5MB\tfile\n")
        let counts = try tool(
            "numconv", ["-f", "1", "--style", "iec", "--suffix", "B", "--from", "C", "--to", "C"], input: sizes.out)
        #expect(counts.out == "4096\tdir\n1572864\tfile\n")
    }
}
