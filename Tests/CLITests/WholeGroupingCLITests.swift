import Foundation
import Testing

/// Issue #25 through real pipes: a value grouped only in part is a
/// `misplaced-grouping` error record (exit status 1) in numconv, numgroup
/// (grouping and `--ungroup`) and `numconv --from auto`; a negative zero
/// keeps its sign.
@Suite struct WholeGroupingCLITests {
    func run(_ tool: String, _ arguments: [String], _ input: String) throws -> ToolResult {
        try ToolProcess.run(tool, arguments, input: Array(input.utf8))
    }

    func missing(_ record: Int, _ offset: Int, _ name: String, _ value: String) -> String {
        "error\t\(record)\t0\tmisplaced-grouping\tgrouping separator missing at offset \(offset), where \(name) puts one\t\(value)\n"
    }

    @Test func numconvRejectsPartialGrouping() throws {
        let result = try run(
            "numconv", ["--from", "en_US", "--to", "C"], "1234567,891\n1,234,567.891\n1234,567\n1234567.891\n1,234567\n"
        )
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == missing(1, 1, "en_US grouping", "1234567,891") + "1234567.891\n"
                + missing(3, 1, "en_US grouping", "1234,567") + "1234567.891\n"
                + missing(5, 5, "en_US grouping", "1,234567"))
        #expect(result.err == "")
    }

    @Test func numconvReadsEachLocalesGroupingWhole() throws {
        let cases: [(String, String, String)] = [
            ("de_DE", "1234.567\n1.234.567,5\n", missing(1, 1, "de_DE grouping", "1234.567") + "1234567.5\n"),
            ("en_IN", "12,34,567\n1234,567\n", "1234567\n" + missing(2, 2, "en_IN grouping", "1234,567")),
            ("de_CH", "1’234567\n1'234'567\n", missing(1, 5, "de_CH grouping", "1’234567") + "1234567\n"),
            (
                "fr_FR", "1 234567\n1\u{202F}234\u{A0}567\n",
                missing(1, 5, "fr_FR grouping", "1 234567") + "1234567\n"
            ),
        ]
        for (locale, input, expected) in cases {
            let result = try run("numconv", ["--from", locale, "--to", "C"], input)
            #expect(result.exited(1), "\(locale): \(result)")
            #expect(result.out == expected, "\(locale)")
        }
    }

    @Test func numgroupRejectsPartialGrouping() throws {
        let input = "1234567,891\n1,234,567\n12345,678\n1234567\n"
        let expected =
            missing(1, 1, "3-digit grouping", "1234567,891") + "1,234,567\n"
            + missing(3, 2, "3-digit grouping", "12345,678")
        let grouped = try run("numgroup", [], input)
        #expect(grouped.exited(1), "\(grouped)")
        #expect(grouped.out == expected + "1,234,567\n")
        let ungrouped = try run("numgroup", ["--ungroup"], input)
        #expect(ungrouped.exited(1), "\(ungrouped)")
        #expect(ungrouped.out == expected.replacingOccurrences(of: "1,234,567\n", with: "1234567\n") + "1234567\n")
        let german = try run("numgroup", ["-l", "de_DE"], "1234567.891\n1234567,891\n")
        #expect(german.exited(1), "\(german)")
        // (A machine number: the message also says what -l does; issue #26.)
        #expect(
            german.out
                == "error\t1\t0\tmisplaced-grouping\tgrouping separator missing at offset 1, where de_DE grouping "
                + "puts one; -l sets how input is read too: for a machine number, use numconv --from C --to de_DE"
                + "\t1234567.891\n1.234.567,891\n")
    }

    /// `--from auto`: the notations that read the value in part drop out.
    @Test func autoReadsTheMachineWrittenValue() throws {
        let result = try run("numconv", ["--from", "auto", "--to", "C"], "1234567,891\n1234567.891\n1234,567\n")
        #expect(result.exited(0), "\(result)")
        #expect(result.out == "1234567.891\n1234567.891\n1234.567\n")
        let one = try run("numconv", ["--from", "auto:en_US", "--to", "C"], "1234567,891\n")
        #expect(one.exited(1), "\(one)")
        #expect(one.out == missing(1, 1, "en_US grouping", "1234567,891"))
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let result = try ToolProcess.run("numconv", ["--from", "C", "--to", "en_US", "--", "-0", "-0.000"])
        #expect(result.exited(0), "\(result)")
        #expect(result.out == "-0\n-0.000\n")
        let german = try run("numconv", ["--from", "C", "--to", "de_DE,ar_EG"], "-0.000\n")
        #expect(german.out == "-0,000\t\u{61C}-٠٫٠٠٠\n")
        let auto = try run("numconv", ["--from", "auto", "--to", "en_US"], "-0\n-0,00\n")
        #expect(auto.exited(0), "\(auto)")
        #expect(auto.out == "-0\n-0.00\n")
        let grouped = try ToolProcess.run("numgroup", ["--", "-0", "-0.000"])
        #expect(grouped.out == "-0\n-0.000\n")
    }
}
