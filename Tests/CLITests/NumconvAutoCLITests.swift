import Foundation
import Testing

/// `numconv --from auto` run as a user runs it, through real pipes.
@Suite struct NumconvAutoCLITests {
    func numconv(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
        -> ToolResult
    {
        if let input { return try ToolProcess.run("numconv", arguments, input: input, environment: environment) }
        return try ToolProcess.run("numconv", arguments, environment: environment)
    }

    /// A mixed German, US, French, Swiss and Indian export, as CSV.
    static let mixed = """
        id,amount,source
        1,"1.234,56",de
        2,"1,234.56",us
        3,1 234,56,fr
        4,1'234.56,ch
        5,"12,34,567.00",in
        6,"1,234",?
        7,"1.234",?
        8,1234,any
        9,"-9.876.543,21",de
        10,"1,5",de

        """
    static let converted = """
        id,amount,source
        1,1234.56,de
        2,1234.56,us
        3,1 234,56,fr
        4,1234.56,ch
        5,1234567.00,in
        error\t7\t2\tambiguous-notation\tnotations disagree: 1234 (en_US, en_IN) or 1.234 (de_DE, fr_FR)\t6,"1,234",?
        error\t8\t2\tambiguous-notation\tnotations disagree: 1.234 (en_US, de_CH, en_IN) or 1234 (de_DE)\t7,"1.234",?
        8,1234,any
        9,-9876543.21,de
        10,1.5,de

        """

    @Test func mixedColumnConvertsInOnePassAndAmbiguousValuesAreReported() throws {
        // Row 3 is three CSV fields (1 234, 56, fr): its field 2, `1 234`, is read alike.
        let result = try numconv(
            ["--csv", "--header", "-f", "2", "--from", "auto", "--to", "C"], input: Self.mixed,
            environment: ["LANG": "C"])
        #expect(result.exited(1), "\(result)")
        #expect(result.out == Self.converted.replacingOccurrences(of: "3,1 234,56,fr", with: "3,1234,56,fr"))
        #expect(result.err == "")
    }

    @Test func preferSettlesTheAmbiguousValues() throws {
        let result = try numconv(
            ["--csv", "--header", "-f", "2", "--from", "auto", "--prefer", "de-DE", "--to", "C"], input: Self.mixed)
        #expect(result.exited(0), "\(result)")
        #expect(result.out.contains("\n6,1.234,?\n7,1234,?\n"))
    }

    /// `--report`: one line a bucket on stderr at the end of input; the same
    /// with `-j` (the threads' counts summed), whatever the block boundaries.
    @Test(arguments: [
        [:], ["NUMTOOLS_TEST_BLOCK_BYTES": "1"], ["NUMTOOLS_TEST_BLOCK_BYTES": "23", "NUMTOOLS_TEST_READ_BYTES": "5"],
    ])
    func report(environment: [String: String]) throws {
        let values = ["1.234,56", "1,234.56", "1 234,56", "1'234.56", "12,34,567.00", "1,234", "1234", "x", "1,5"]
        let input = Array(repeating: values, count: 7).flatMap { $0 }.joined(separator: "\n") + "\n"
        let expected = """
            numconv: 7 values read as de_DE
            numconv: 7 values read as fr_FR
            numconv: 7 values read as de_CH
            numconv: 7 values read as en_IN
            numconv: 7 values read as en_US and en_IN alike
            numconv: 7 values read as de_DE and fr_FR alike
            numconv: 7 values read alike in every notation
            numconv: 7 values ambiguous
            numconv: 7 values not read in any notation

            """
        let environment = environment.merging(["LANG": "C"]) { a, _ in a }
        let one = try numconv(["--from", "auto", "--to", "C", "--report"], input: input, environment: environment)
        #expect(one.exited(1))
        #expect(one.err == expected)
        for jobs in ["2", "3"] {
            let parallel = try numconv(
                ["-j", jobs, "--from", "auto", "--to", "C", "--report"], input: input, environment: environment)
            #expect(parallel.exited(1))
            #expect(parallel.out == one.out)
            #expect(parallel.err == expected, "-j \(jobs)")
        }
    }

    /// Without `--report`, nothing on stderr; with `--on-error=abort`, the
    /// run stops before the end of its input and writes no report.
    @Test func reportOnlyAtTheEndOfInput() throws {
        let quiet = try numconv(["--from", "auto", "--to", "C"], input: "1,234\n5\n")
        #expect(quiet.err == "")
        let aborted = try numconv(
            ["--from", "auto", "--to", "C", "--report", "--on-error=abort"], input: "5\n1,234\n6\n")
        #expect(aborted.exited(1))
        #expect(aborted.out == "5\n")
        #expect(
            aborted.err
                == "numconv: record 2, field 0: ambiguous-notation: notations disagree: 1234 (en_US, en_IN) or 1.234 (de_DE, fr_FR)\n"
        )
        let operands = try numconv(["--from", "auto", "--to", "C", "--report", "7", "1.5"])
        #expect(operands.exited(0))
        #expect(operands.out == "7\n1.5\n")
        #expect(
            operands.err
                == "numconv: 1 value read as en_US and de_CH and en_IN alike\nnumconv: 1 value read alike in every notation\n"
        )
    }

    /// The environment's locale is no candidate (issue #44): the same
    /// command answers alike under cron; ar_EG in the environment reads no
    /// Arabic digits, en_GB adds no name to the message, and a locale
    /// variable that names nothing is not even warned about.
    @Test func environmentLocaleIsNoCandidate() throws {
        let plain = try numconv(["--from", "auto", "--to", "C", "1,234"], environment: ["LC_ALL": "C"])
        #expect(
            plain.out
                == "error\t1\t0\tambiguous-notation\tnotations disagree: 1234 (en_US, en_IN) or 1.234 (de_DE, fr_FR)\t1,234\n"
        )
        for environment in [["LANG": "en_GB.UTF-8"], ["LC_NUMERIC": "ar_EG.UTF-8"], ["LANG": "xx_YY.UTF-8"]] {
            let result = try numconv(["--from", "auto", "--to", "C", "1,234"], environment: environment)
            #expect(result.out == plain.out && result.err.isEmpty, "\(environment): \(result)")
        }
        let native = try numconv(
            ["--from", "auto", "--to", "C", "١٬٢٣٤٫٥٦", "1.234,5"], environment: ["LC_NUMERIC": "ar_EG.UTF-8"])
        #expect(native.exited(1), "\(native)")
        #expect(native.out.hasPrefix("error\t1\t0\t") && native.out.hasSuffix("\n1234.5\n"), "\(native)")
    }

    @Test func explicitCandidatesReplaceTheDefaults() throws {
        let result = try numconv(
            ["--from", "auto:ar_EG,fa,hi_IN-u-nu-deva", "--to", "C", "١٬٢٣٤٫٥٦", "۱٬۲۳۴٫۵۶", "१,२३४.५६", "1 234,5"])
        #expect(result.exited(1))
        #expect(result.out.hasPrefix("1234.56\n1234.56\n1234.56\nerror\t4\t0\t"))
        let percent = try numconv(
            ["--style", "percent", "--from", "auto:fr_FR,en_US", "--to", "de_DE", "12,5 %", "12.5%", "1,234 %"])
        #expect(percent.out.hasPrefix("12,5\u{A0}%\n12,5\u{A0}%\nerror\t3\t0\tambiguous-notation\t"))
    }

    @Test(arguments: [
        (
            ["--from", "de_DE", "--prefer", "de_DE", "--to", "C", "1"],
            "--prefer settles what --from auto finds ambiguous: it needs --from auto"
        ),
        (
            ["--from", "de_DE", "--report", "--to", "C", "1"],
            "--report counts what --from auto read values as: it needs --from auto"
        ),
        (
            ["--from", "auto", "--prefer", "ja_JP", "--to", "C", "1"],
            "--prefer ja_JP is not one of the notations of --from: en_US, de_DE, fr_FR, de_CH, en_IN"
        ),
        (
            ["--from", "auto:", "--to", "C", "1"],
            "invalid value 'auto:' for --from: expected auto:LOCALE[,LOCALE...], such as auto:en_US,de_DE"
        ),
        (
            ["--from", "auto:en_US,,de_DE", "--to", "C", "1"],
            "invalid value 'auto:en_US,,de_DE' for --from: expected auto:LOCALE[,LOCALE...], such as auto:en_US,de_DE"
        ),
        (["--from", "auto:en_US,xx_QQ_ZZ", "--to", "C", "1"], "unknown locale 'xx_QQ_ZZ' for --from"),
        (["--from", "auto", "--prefer", "xx_QQ_ZZ", "--to", "C", "1"], "unknown locale 'xx_QQ_ZZ' for --prefer"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try numconv(arguments, environment: ["LANG": "C"])
        #expect(result.exited(2))
        #expect(result.out == "")
        #expect(result.err == "numconv: \(message)\nTry 'numconv --help' for more information.\n")
    }

    /// A name given twice, in any spelling, is one candidate: it neither
    /// splits a reading nor counts twice.
    @Test func duplicateCandidatesCollapse() throws {
        let result = try numconv(
            ["--from", "auto:de_DE,de-DE,en_US,DE_de", "--to", "C", "--report", "1,234"], environment: ["LANG": "C"])
        #expect(
            result.out == "error\t1\t0\tambiguous-notation\tnotations disagree: 1.234 (de_DE) or 1234 (en_US)\t1,234\n")
        #expect(result.err == "numconv: 1 value ambiguous\n")
    }
}
