import Foundation
import Testing

/// One run of a tool: what it must write and exit with.
private struct DelimiterCase: Sendable, CustomStringConvertible {
    var tool: String
    var arguments: [String]
    var input: String
    var status: Int32
    var out: String
    /// What standard error must be (empty unless said).
    var err = ""
    var description: String { ([tool] + arguments).map(\.debugDescription).joined(separator: " ") }

    init(_ tool: String, _ arguments: [String], _ input: String, status: Int32, out: String, err: String = "") {
        self.tool = tool
        self.arguments = arguments
        self.input = input
        self.status = status
        self.out = out
        self.err = err
    }
}

private let comma = "result holds the delimiter ',' at offset"
private let split = "which would split its field: use --csv to quote it, or"

/// A result that holds the field delimiter (with -w, a blank) would split
/// its field and shift every field after it: without --csv it is a
/// `delimiter-in-value` error record, in every tool, for one result,
/// several, --append and --output-delimiter (issue 44 item 1). With --csv
/// it is quoted, as before; another mark is written as it is.
@Suite struct DelimiterInValueCLITests {
    @Test(arguments: [
        DelimiterCase(
            "numgroup", ["-d", ",", "-f", "2"], "pens,1234567\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 1, \(split) another separator with -s\tpens,1234567\n"),
        DelimiterCase("numgroup", ["--csv", "-f", "2"], "pens,1234567\n", status: 0, out: "pens,\"1,234,567\"\n"),
        DelimiterCase(
            "numgroup", ["-d", ",", "-f", "2", "-s", "'"], "pens,1234567\n", status: 0, out: "pens,1'234'567\n"),
        // The default delimiter, TAB, is in no grouped number.
        DelimiterCase("numgroup", ["-f", "2"], "pens\t1234567\n", status: 0, out: "pens\t1,234,567\n"),
        DelimiterCase(
            "numgroup", ["-d", ",", "-f", "2", "--append"], "pens,1234567\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 1, \(split) another separator with -s\tpens,1234567\n"),
        DelimiterCase(
            "numgroup", ["-d", ",", "-f", "2", "-j", "2"], "pens,1234567\npens,123\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 1, \(split) another separator with -s\tpens,1234567\npens,123\n"
        ),
        DelimiterCase(
            "numgroup", ["-d", ",", "-f", "2", "--on-error", "field"], "pens,1234567,x\n", status: 1,
            out: "pens,1234567,x\n",
            err: "numgroup: record 1, field 2: delimiter-in-value: \(comma) 1, \(split) another separator with -s\n"),
        DelimiterCase(
            "numgroup", ["-w", "-f", "2", "-s", " "], "pens 1234567\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\tresult holds a blank at offset 1, which would split its field under -w: use another separator with -s, or -d and --csv to quote it\tpens 1234567\n"
        ),
        DelimiterCase(
            "numconv", ["-d", ",", "-f", "2", "--from", "C", "--to", "en_US"], "pens,1234567\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 1, \(split) a --to locale that writes other marks\tpens,1234567\n"
        ),
        DelimiterCase(
            "numconv", ["--csv", "-f", "2", "--from", "C", "--to", "en_US"], "pens,1234567\n", status: 0,
            out: "pens,\"1,234,567\"\n"),
        // Several results: each is a field of its own, the delimiter between them is no value's.
        DelimiterCase(
            "numconv", ["-d", ";", "-f", "2", "--from", "C", "--to", "de_DE,C"], "a;1234.5;b\n", status: 0,
            out: "a;1.234,5;1234.5;b\n"),
        // ... but a delimiter inside one of them is, however many come before it.
        DelimiterCase(
            "numconv", ["-d", ",", "-f", "2", "--from", "C", "--to", "C,en_US"], "a,1234.5\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 1, \(split) a --to locale that writes other marks\ta,1234.5\n"
        ),
        // --output-delimiter joins them in one field, which the delimiter would split.
        DelimiterCase(
            "numconv", ["-d", ";", "-f", "2", "--from", "C", "--to", "de_DE,C", "--output-delimiter", ";"],
            "a;1234.5\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\tresult holds the delimiter ';' at offset 7, \(split) a --to locale that writes other marks\ta;1234.5\n"
        ),
        DelimiterCase(
            "numconv", ["-d", ";", "-f", "2", "--from", "C", "--to", "de_DE,C", "--output-delimiter", "/"],
            "a;1234.5\n", status: 0, out: "a;1.234,5/1234.5\n"),
        DelimiterCase(
            "coinfmt", ["-d", ",", "-f", "2", "-l", "en_US", "-c", "USD"], "pens,1234567\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\t\(comma) 2, \(split) a -l locale that writes other marks\tpens,1234567\n"
        ),
        DelimiterCase(
            "coinfmt", ["--csv", "-f", "2", "-l", "en_US", "-c", "USD"], "pens,1234567\n", status: 0,
            out: "pens,\"$1,234,567.00\"\n"),
        DelimiterCase(
            "phonefmt", ["-w", "-f", "2", "-r", "DE", "--format", "international"], "a 030123456\n", status: 1,
            out:
                "error\t1\t2\tdelimiter-in-value\tresult holds a blank at offset 3, which would split its field under -w: use --format e164, or -d and --csv to quote it\ta 030123456\n"
        ),
    ])
    fileprivate func resultHoldingTheDelimiter(_ c: DelimiterCase) throws {
        let r = try ToolProcess.run(c.tool, c.arguments, input: c.input)
        #expect(r.exited(c.status), "\(c): \(r)")
        #expect(r.out == c.out, "\(c): \(r)")
        #expect(r.err == c.err, "\(c): \(r)")
    }
}
