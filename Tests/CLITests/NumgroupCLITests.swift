import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func numgroup(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
    -> ToolResult
{
    try ToolProcess.run("numgroup", arguments, input: input.map { Array($0.utf8) }, environment: environment)
}

/// The usage-error shape: exit 2, nothing on stdout, the problem then the hint on stderr.
private func expectUsageError(
    _ result: ToolResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.exited(2), "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
        result.err == "numgroup: \(message)\nTry 'numgroup --help' for more information.\n",
        sourceLocation: sourceLocation)
}

@Suite struct NumgroupCLITests {
    // MARK: The issue's examples, as operands

    @Test(arguments: [
        (["1234567.891"], "1,234,567.891\n"),
        (["1234."], "1,234.\n"),
        ([".5"], ".5\n"),
        (["000123"], "000,123\n"),
        (["1,234,567"], "1,234,567\n"),
        (["1234", "5678"], "1,234\n5,678\n"),
        (["  1234 "], "  1,234 \n"),
        (["-s", "_", "1234567"], "1_234_567\n"),
        (["-s", "'", "1234567"], "1'234'567\n"),
        (["-s", " ", "1234567"], "1 234 567\n"),
        (["-s", "\u{202F}", "1234567"], "1\u{202F}234\u{202F}567\n"),
        (["--decimal", ",", "-s", ".", "1234567,891"], "1.234.567,891\n"),
        (["-g", "3,2", "1234567"], "12,34,567\n"),
        (["-g", "4", "12345678"], "1234,5678\n"),
        (["--min-digits", "5", "1234", "12345"], "1234\n12,345\n"),
        (["-l", "es_ES", "1234", "12345"], "1234\n12.345\n"),
        (["-l", "en_IN", "1234567"], "12,34,567\n"),
        (["-l", "de_DE", "1234567,891", "1.234.567,891"], "1.234.567,891\n1.234.567,891\n"),
        (["-l", "de-CH", "1234567.89"], "1’234’567.89\n"),
        (["-l", "ar_EG", "1234567.891"], "1,234,567.891\n"),
        (["-u", "1,234,567.891"], "1234567.891\n"),
        (["--sanitize", "$1,234.56", "Tel 1234567", "-1234.5 kg"], "1,234.56\n1,234,567\n-1,234.5\n"),
        (["-l", "de_DE", "--sanitize", "1.234.567", "EUR 1.234.567,89"], "1.234.567\n1.234.567,89\n"),
        (
            ["--text", "took 1234567 ms at 2024-12-23 12:30:45 (v1.2.3)"],
            "took 1,234,567 ms at 2024-12-23 12:30:45 (v1.2.3)\n"
        ),
        // Issue 44: identifiers (glued after + = : # @ /, or before =) are left alone.
        (
            ["--text", "phone +821012345678, user_id=123456, ts=1733561956, key:123456"],
            "phone +821012345678, user_id=123456, ts=1733561956, key:123456\n"
        ),
        (["--text", "-1234567 (1234567) $1234567 12:30"], "-1,234,567 (1,234,567) $1,234,567 12:30\n"),
        (["--", "-1234"], "-1,234\n"),
        (["-1234", "-.5"], "-1,234\n-.5\n"),
        (["-1,234", "-u"], "-1234\n"),
    ])
    func examples(arguments: [String], expected: String) throws {
        let result = try numgroup(arguments)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == expected)
        #expect(result.err == "")
    }

    @Test func fiveHundredDigits() throws {
        let digits = String(repeating: "1234567890", count: 50)
        let result = try numgroup([digits])
        #expect(result.exited(0))
        #expect(result.out.filter(\.isNumber) == digits)
        #expect(try numgroup(["-u", result.out.trimmingCharacters(in: .newlines)]).out == digits + "\n")
    }

    @Test(arguments: [
        ("12a", "invalid-character", "'a' at offset 2 is not a digit, grouping separator or decimal point"),
        ("1.0.2", "multiple-decimal-separators", "second decimal point at offset 3; the first is at offset 1"),
        ("1,23", "misplaced-grouping", "grouping separator at offset 1 does not fit 3-digit grouping"),
        ("12-3", "misplaced-sign", "sign '-' at offset 2; a sign may only lead the number"),
        ("-", "no-digits", "value has no digits"),
        (".", "no-digits", "value has no digits"),
    ])
    func errorRecords(input: String, code: String, message: String) throws {
        let result = try numgroup(["--", input])
        #expect(result.exited(1), "\(result)")
        #expect(result.out == "error\t1\t0\t\(code)\t\(message)\t\(input)\n")
        #expect(result.err == "")
    }

    /// Issue #25: sanitize through a pipe writes the issue's amounts as
    /// error records that say why, and the amounts it can read as numbers.
    @Test func sanitizeNeverChangesTheNumber() throws {
        let input = [
            "1.234,56 €", "R$70,48", "(1,234.56)", "12,5 %", "Fr. 2 157.98", "Tel 1234567", "$1,234.56",
            "-1234.5 kg", "1,234.56 USD",
        ].joined(separator: "\n")
        let result = try numgroup(["-l", "en_US", "--sanitize"], input: input + "\n")
        #expect(result.exited(1), "\(result)")
        #expect(result.err == "")
        let expected = [
            "error\t1\t0\tambiguous-decimal-mark\t',' at offset 5 follows the decimal point at offset 1: more than one character could be the decimal mark\t1.234,56 €",
            "error\t2\t0\tambiguous-decimal-mark\t',' at offset 4 does not fit en_US grouping and there is no decimal point: it could be a decimal mark\tR$70,48",
            "error\t3\t0\tinvalid-character\t'(' at offset 0: parentheses may mark a negative amount, which --sanitize cannot keep\t(1,234.56)",
            "error\t4\t0\tambiguous-decimal-mark\t',' at offset 2 does not fit en_US grouping and there is no decimal point: it could be a decimal mark\t12,5 %",
            "error\t5\t0\tambiguous-decimal-mark\t'.' at offset 2 is not between digits: it could be a decimal mark\tFr. 2 157.98",
            "1,234,567", "1,234.56", "-1,234.5", "1,234.56",
        ]
        #expect(result.out == expected.joined(separator: "\n") + "\n")
    }

    /// Issue #25: the locale's own signs through a pipe, on the run of
    /// plain records and its in-place error records (long runs of records,
    /// so that the block path reads them), written back as given.
    @Test func localeSignsThroughAPipe() throws {
        let cases: [(locale: String, input: String, output: String)] = [
            ("sv_SE", "\u{2212}1234567,5", "\u{2212}1\u{A0}234\u{A0}567,5"),
            ("fa_IR", "\u{200E}\u{2212}1234567.5", "\u{200E}\u{2212}1,234,567.5"),
            ("ar_EG", "\u{200E}-1234567.5", "\u{200E}-1,234,567.5"),
            ("de_CH", "-1234567.5", "-1’234’567.5"),
        ]
        for c in cases {
            let plain = String(repeating: "1234567\n", count: 40)
            let input = plain + c.input + "\n" + plain + c.input + "\n12\u{2212}3\n"
            let grouped = try numgroup(["-l", c.locale], input: input)
            #expect(grouped.exited(1), "\(c.locale): \(grouped)")
            let lines = grouped.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[40] == c.output && lines[81] == c.output, "\(c.locale): \(lines[40])")
            #expect(lines[82].hasPrefix("error\t83\t0\tmisplaced-sign\t"), "\(c.locale): \(lines[82])")
            let ungrouped = try numgroup(["-l", c.locale, "-u"], input: c.output + "\n")
            #expect(ungrouped.exited(0) && ungrouped.out == c.input + "\n", "\(c.locale): \(ungrouped)")
        }
        let plain = try numgroup(["--", "-1234567"])
        #expect(plain.exited(0) && plain.out == "-1,234,567\n")
    }

    // MARK: Standard input

    @Test func pipeline() throws {
        let result = try numgroup([], input: "1234\r\n-1234567.891\n\n1,23\n  99999 \n12345")
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == "1,234\r\n-1,234,567.891\n\nerror\t4\t0\tmisplaced-grouping\tgrouping separator at offset 1 does not fit 3-digit grouping\t1,23\n  99,999 \n12,345"
        )
        #expect(result.err == "")
    }

    @Test func zeroTerminated() throws {
        let result = try numgroup(["-zf2"], input: "a\t1234\u{0}b\nc\t5678\u{0}d\t1,23\n\u{0}")
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == "a\t1,234\u{0}b\nc\t5,678\u{0}error\t3\t2\tinvalid-character\t'\\n' at offset 4 is not a digit, grouping separator or decimal point\td\\t1,23\\n\u{0}"
        )
    }

    @Test func csv() throws {
        let input =
            "name,amount,note\r\n\"Smith, J\",1234567.5,\"said \"\"hi\"\"\"\r\nDoe,\"1,234\",\"a\nb\"\r\nRoe,12x,c\r\n"
        let result = try numgroup(["--csv", "-f", "2", "--header"], input: input)
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == "name,amount,note\r\n\"Smith, J\",\"1,234,567.5\",\"said \"\"hi\"\"\"\r\nDoe,\"1,234\",\"a\nb\"\r\n"
                + "error\t4\t2\tinvalid-character\t'x' at offset 2 is not a digit, grouping separator or decimal point\tRoe,12x,c\r\n"
        )
    }

    @Test func indianAndSwissGroupingOnFields() throws {
        let result = try numgroup(["-f", "2-", "-g", "3,2"], input: "a\t123456789\t-1234.5\n")
        #expect(result.out == "a\t12,34,56,789\t-1,234.5\n")
        let swiss = try numgroup(["-d", ";", "-f", "1", "-l", "de_CH"], input: "1234567.5;x\n")
        #expect(swiss.out == "1’234’567.5;x\n")
    }

    @Test func textOnALog() throws {
        let log = """
            2024-12-23T12:30:45Z INFO request id=42 bytes=1048576 took 12345 ms from 10.0.0.12
            2024-12-23T12:30:46Z WARN v1.2.3 queue depth 1234567, user_12345 retry 000123456
            """
        let result = try numgroup(["--text"], input: log + "\n")
        #expect(result.exited(0))
        #expect(
            result.out == """
                2024-12-23T12:30:45Z INFO request id=42 bytes=1048576 took 12,345 ms from 10.0.0.12
                2024-12-23T12:30:46Z WARN v1.2.3 queue depth 1,234,567, user_12345 retry 000123456

                """)
    }

    /// The hand-written log lines of Tests/Fixtures/numgroup-text-logs.txt through
    /// one pipe, as `tail -f log | numgroup --text` reads them: each line as expected.
    @Test func textOnTheLogLinesTable() throws {
        let url = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/numgroup-text-logs.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let inputs = lines.filter { $0.hasPrefix("< ") }.map { $0.dropFirst(2) }
        let expected = lines.filter { $0.hasPrefix("> ") }.map { $0.dropFirst(2) }
        #expect(inputs.count >= 60 && inputs.count == expected.count)
        let result = try numgroup(["--text"], input: inputs.joined(separator: "\n") + "\n")
        #expect(result.exited(0))
        #expect(result.err.isEmpty)
        #expect(result.out == expected.joined(separator: "\n") + "\n")
    }

    /// Sizes from --group are not the locale's: messages name them, not the locale.
    @Test func groupSizesOverALocaleNameTheirGrouping() throws {
        let result = try numgroup(["-l", "de_CH", "-g", "3,2", "-u", "1'234'567", "12'34'567"])
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == "error\t1\t0\tmisplaced-grouping\tgrouping separator at offset 1 does not fit 3,2 grouping\t1'234'567\n1234567\n"
        )
        let locale = try numgroup(["-l", "de_CH", "-u", "12'34'567"])
        #expect(locale.out.contains("does not fit de_CH grouping"), "\(locale)")
    }

    @Test(arguments: ["keep", "skip", "abort"])
    func diagnostics(policy: String) throws {
        let result = try numgroup(["--on-error=" + policy], input: "1234\n1,23\n5678\n")
        #expect(result.exited(1), "\(result)")
        #expect(
            result.err
                == "numgroup: record 2, field 0: misplaced-grouping: grouping separator at offset 1 does not fit 3-digit grouping\n"
        )
        switch policy {
        case "keep": #expect(result.out == "1,234\n1,23\n5,678\n")
        case "skip": #expect(result.out == "1,234\n5,678\n")
        default: #expect(result.out == "1,234\n")
        }
    }

    /// A diagnostic follows the output of the records before it where
    /// standard output and standard error are one file (`2>&1`, a pipe), and
    /// each stream holds the same bytes where they are two files (there the
    /// diagnostics are written with the output they follow, in blocks).
    @Test(arguments: ["keep", "skip", "field"])
    func diagnosticsInOrderOrApart(policy: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-diag-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var input = ""
        for k in 1...3000 { input += k % 3 == 0 ? "\(k)x\n" : "\(k)000\n" }
        try input.write(to: dir.appendingPathComponent("in"), atomically: true, encoding: .utf8)
        // (`;`: a grouped value holding the delimiter would be delimiter-in-value, issue 44.)
        let options = "--on-error=\(policy)" + (policy == "field" ? " -d ';' -f 1" : "")
        let together = try ToolProcess.shell("cd '\(dir.path)' && numgroup \(options) <in 2>&1 | cat")
        let apart = try ToolProcess.shell("cd '\(dir.path)' && numgroup \(options) <in >out 2>err; echo $?")
        #expect(apart.out == "1\n", "\(apart)")
        let out = try String(contentsOf: dir.appendingPathComponent("out"), encoding: .utf8)
        let err = try String(contentsOf: dir.appendingPathComponent("err"), encoding: .utf8)
        let outLines = out.split(separator: "\n")
        let errLines = err.split(separator: "\n")
        #expect(outLines.count == (policy == "skip" ? 2000 : 3000))
        #expect(outLines.first == "1,000")
        #expect(errLines.count == 1000)
        let firstDiagnostic =
            "numgroup: record 3, field \(policy == "field" ? 1 : 0): invalid-character: "
            + "'x' at offset 1 is not a digit, grouping separator or decimal point"
        #expect(errLines.first.map(String.init) == firstDiagnostic)
        // Together: each diagnostic right after the output of the records
        // before it.
        var expected = ""
        var o = outLines.makeIterator()
        var e = errLines.makeIterator()
        for k in 1...3000 {
            if k % 3 == 0 {
                // (`field` writes the record, then says what was wrong in it.)
                if policy == "field" { expected += o.next()! + "\n" }
                expected += e.next()! + "\n"
                if policy == "keep" { expected += o.next()! + "\n" }
            } else {
                expected += o.next()! + "\n"
            }
        }
        #expect(together.out == expected)
    }

    /// `--on-error=abort` stops at the bad record without waiting for more input.
    @Test func abortReadsNoFurther() throws {
        let tool = try RunningTool("numgroup", ["--on-error=abort"])
        tool.write("1234\n1,23\n")  // and standard input stays open
        let result = tool.finish()
        #expect(result.exited(1), "\(result)")
        #expect(result.out == "1,234\n")
    }

    @Test func recordTooLong() throws {
        let long = String(repeating: "1", count: 100_000)
        let result = try numgroup(["--max-record-bytes=1000"], input: "1234\n\(long)\r\n5678\n")
        #expect(result.exited(1))
        #expect(
            result.out
                == "1,234\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 1000 bytes\t\(long)\r\n5,678\n"
        )
    }

    @Test func invalidUTF8() throws {
        let result = try ToolProcess.run("numgroup", [], input: [0x31, 0x32, 0xFF, 0x0A, 0x31, 0x32, 0x33, 0x34, 0x0A])
        #expect(result.exited(1))
        #expect(result.out == "error\t1\t0\tinvalid-utf8\tbyte 0xFF at offset 2 is not valid UTF-8\t12\\xFF\n1,234\n")
    }

    @Test func emptyIsError() throws {
        let result = try numgroup(["--empty=error"], input: "1234\n \n")
        #expect(result.exited(1))
        #expect(result.out == "1,234\nerror\t2\t0\tempty\tvalue is empty\t \n")
        #expect(try numgroup([], input: "\n \n").exited(0))
    }

    /// The locale of the environment does not change numgroup's defaults.
    @Test func environmentLocaleIsNotTheDefault() throws {
        let result = try numgroup(["1234.5"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
        #expect(result.out == "1,234.5\n")
    }

    // MARK: Options

    @Test(arguments: [
        ["--separator=_", "1234"], ["--separator", "_", "1234"], ["-s_", "1234"], ["-s", "_", "1234"],
        ["--sep=_", "1234"],
        ["1234", "-s", "_"],
    ])
    func optionSyntax(arguments: [String]) throws {
        let result = try numgroup(arguments)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == "1_234\n")
    }

    @Test func help() throws {
        let result = try numgroup(["--help"])
        #expect(result.exited(0))
        #expect(result.out.hasPrefix("Usage: numgroup [OPTIONS] [VALUE...]\n"))
        #expect(result.err == "")
        for option in [
            "--separator", "--decimal", "--group", "--min-digits", "--locale", "--ungroup", "--sanitize", "--text",
            "--list-locales", "--field", "--delimiter", "--csv", "--header", "--zero-terminated", "--on-error",
            "--empty", "--max-record-bytes", "--help", "--version",
        ] {
            #expect(result.out.contains(option), "\(option)")
        }
        #expect(try numgroup(["-h"]).out == result.out)
    }

    /// `--help` equals the golden file (regenerate with `numgroup --help > Tests/Fixtures/numgroup-help.txt`).
    @Test func helpMatchesGoldenFile() throws {
        let golden = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("Tests/Fixtures/numgroup-help.txt"),
            encoding: .utf8)
        #expect(try numgroup(["--help"]).out == golden)
    }

    @Test func version() throws {
        let result = try numgroup(["--version"])
        #expect(result.exited(0))
        // The first line as scripts parse it, then the versions of the data.
        #expect(
            result.out.wholeMatch(
                of:
                    /numgroup \d+\.\d+\.\d+\nCLDR \d+\.\d+ \(ICU \d+\.\d+\)\nUnicode \d+\.\d+\nlibphonenumber \d+\.\d+\.\d+\n/
            ) != nil, "\(result)")
    }

    @Test func listLocales() throws {
        let result = try numgroup(["--list-locales"])
        #expect(result.exited(0))
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 500)
        let ids = lines.map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
        #expect(ids == ids.sorted())
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
        #expect(lines.contains("de_DE\tGerman (Germany)\t1.234.567,891"))
    }

    // MARK: Usage errors: exit 2, no input read

    @Test(arguments: [
        (["--seperator=x"], "unrecognized option '--seperator' (did you mean '--separator'?)"),
        (["--locale", "de_CHH"], "unknown locale 'de_CHH' for --locale (did you mean 'de_CH'?)"),
        (["-l", "klingon"], "unknown locale 'klingon' for --locale"),
        (["-q1234"], "invalid option -- 'q'"),
        (["-x"], "invalid option -- 'x'"),
        (["--field"], "option '--field' requires an argument"),
        (["-g", "0"], "invalid value '0' for --group: expected N or N,M with sizes from 1 to 64"),
        (["-g", "3,2,1"], "invalid value '3,2,1' for --group: expected N or N,M with sizes from 1 to 64"),
        (["--min-digits", "0"], "invalid value '0' for --min-digits: expected a whole number from 1 to 2147483647"),
        (["--decimal", "ab"], "invalid value 'ab' for --decimal: expected one character"),
        (["-s", ""], "invalid value '' for --separator: expected at least one character"),
        (["--decimal", ","], "the grouping separator and the decimal point are both ','"),
        (["-s", "1"], "the grouping separator and decimal point cannot be digits or signs"),
        (["--text", "-u"], "--ungroup and --text cannot be used together"),
        (
            ["--on-error=ignore"],
            "invalid value 'ignore' for --on-error: expected one of record, keep, skip, abort, field"
        ),
        (["-f", "0"], "invalid field list '0': fields are numbered from 1"),
        (
            ["--max-record-bytes=0"],
            "invalid value '0' for --max-record-bytes: expected a whole number from 1 to 2147483647"
        ),
    ])
    func usageError(arguments: [String], message: String) throws {
        let (result, unread) = try ToolProcess.runLeavingInput("numgroup", arguments, input: "1234\n")
        expectUsageError(result, message)
        #expect(unread == "1234\n", "no input is read")
    }

    @Test func badLocaleInTheEnvironmentIsIgnoredWithoutLocaleOption() throws {
        let result = try numgroup(["1234"], environment: ["LANG": "xx_YY.UTF-8"])
        #expect(result.exited(0))
    }

    // MARK: Input/output errors: exit 3

    @Test func fullDisk() throws {
        let result = try ToolProcess.shell("numgroup 1234 > /dev/full")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == "numgroup: write error on standard output: No space left on device\n")
        let streamed = try ToolProcess.shell("printf '1234\\n' | numgroup > /dev/full")
        #expect(streamed.exited(3), "\(streamed)")
        #expect(streamed.err == "numgroup: write error on standard output: No space left on device\n")
    }

    @Test func closedStandardOutput() throws {
        let result = try ToolProcess.shell("numgroup 1234 >&-")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == "numgroup: write error on standard output: Bad file descriptor\n")
        let streamed = try ToolProcess.shell("printf '1234\\n' | numgroup >&-")
        #expect(streamed.exited(3), "\(streamed)")
        #expect(streamed.err == "numgroup: write error on standard output: Bad file descriptor\n")
    }

    @Test func readError() throws {
        let result = try ToolProcess.shell("numgroup < /")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == "numgroup: read error on standard input: Is a directory\n")
    }

    @Test func closedStandardInput() throws {
        let result = try ToolProcess.shell("numgroup <&-")
        #expect(result.exited(3), "\(result)")
        #expect(result.err == "numgroup: read error on standard input: Bad file descriptor\n")
    }

    // MARK: Pipes and signals

    /// `numgroup < big | head -1`: the reader goes away and numgroup stops quietly.
    @Test func brokenPipe() throws {
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("numgroup-big-\(getpid()).txt")
        try Data(String(repeating: "1234567\n", count: 2_000_000).utf8).write(to: big)
        defer { try? FileManager.default.removeItem(at: big) }
        let tool = try RunningTool(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "exec numgroup < \"$0\"", big.path])
        #expect(tool.readLine().hasPrefix("1,234,567\n"))
        tool.closeOutput()
        let result = tool.finish()
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.reason == .uncaughtSignal && result.status == SIGPIPE, "\(result)")
        // And as a shell pipeline: head's line, and nothing on stderr.
        let pipeline = try ToolProcess.shell("numgroup < \"\(big.path)\" | head -1")
        #expect(pipeline.out == "1,234,567\n")
        #expect(pipeline.err == "")
    }

    /// Output for a record arrives before the next record is written.
    @Test func slowInput() throws {
        let tool = try RunningTool("numgroup", ["-f", "2"])
        tool.write("a\t1234\n")
        #expect(tool.read(upTo: "a\t1,234\n") == "a\t1,234\n")
        tool.write("b\t5678")
        tool.write("9\r\n")
        #expect(tool.read(upTo: "b\t56,789\r\n") == "b\t56,789\r\n")
        tool.closeInput()
        let result = tool.finish()
        #expect(result.exited(0), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func signalMidStream(signal: Int32) throws {
        let tool = try RunningTool("numgroup")
        tool.write("1234\n5678\n")
        #expect(tool.read(upTo: "1,234\n5,678\n") == "1,234\n5,678\n")
        tool.write("999")  // an incomplete record; standard input stays open
        tool.signal(signal)
        let result = tool.finish()
        #expect(result.exited(128 + signal), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    /// Records read completely before the signal all have their output,
    /// even when numgroup is busy writing.
    @Test func signalWhileStreaming() throws {
        let tool = try RunningTool("numgroup")
        let record = "1234567\n"
        let written = DispatchSemaphore(value: 0)
        Thread {
            // Standard input stays open: the writes end when numgroup exits.
            for _ in 0..<200 { tool.write(String(repeating: record, count: 1000)) }
            written.signal()
        }.start()
        let first = tool.read(until: { $0.count >= 100_000 })
        tool.signal(SIGTERM)
        let rest = tool.finish()
        #expect(rest.exited(143), "\(rest.status) \(rest.reason == .exit)")
        let all = String(decoding: first + rest.stdout, as: UTF8.self)
        // Whole lines only, each one right.
        #expect(all.hasSuffix("\n"))
        #expect(all.split(separator: "\n").allSatisfy { $0 == "1,234,567" })
        written.wait()
        tool.closeInput()
    }
}
