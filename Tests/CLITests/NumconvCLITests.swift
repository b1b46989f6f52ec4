import Foundation
import Testing

/// numconv run as a user runs it, through real pipes.
@Suite struct NumconvCLITests {
    func numconv(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
        -> ToolResult
    {
        if let input { return try ToolProcess.run("numconv", arguments, input: input, environment: environment) }
        return try ToolProcess.run("numconv", arguments, environment: environment)
    }

    @Test(arguments: [
        (
            ["--from", "en_US", "--to", "ko_KR,fr_GP,ne,ar_EG,it_CH", "1234567.891"],
            "1,234,567.891\t1\u{202F}234\u{202F}567,891\t१२,३४,५६७.८९१\t١٬٢٣٤٬٥٦٧٫٨٩١\t1’234’567.891\n"
        ),
        (["--from", "en_US", "--to", "de_DE", "--to", "en_IN", "1234567.5"], "1.234.567,5\t12,34,567.5\n"),
        (["--from", "en_US", "--to", "de_DE", "-1234", "-.5"], "-1.234\n-0,5\n"),
        (["--from", "de-CH", "--to", "th-TH-u-nu-thai", "1'234.5"], "๑,๒๓๔.๕\n"),
        (["--from", "en_US", "--to", "de_DE", "--max-fraction", "2", "0.125", "0.135"], "0,12\n0,14\n"),
        (["--from", "en_US", "--to", "de_DE", "--min-fraction", "3", "1.5"], "1,500\n"),
        (["--style", "percent", "--from", "fr_FR", "--to", "en_US", "12,5 %"], "12.5%\n"),
    ])
    func examples(arguments: [String], expected: String) throws {
        let result = try numconv(arguments)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == expected)
        #expect(result.err == "")
    }

    /// Bidi marks are ignored wherever they stand, also between a leading
    /// percent sign and its space (eu and blo write `%\u{A0}12,5`).
    @Test(arguments: ["eu", "blo"])
    func bidiMarkAfterALeadingPercentSign(locale: String) throws {
        let input = "%\u{200F}\u{A0}12,5\n-%\u{A0}\u{200E}12,5\n\u{200F}%\u{A0}12,5\u{200F}\n"
        let result = try numconv(["--style", "percent", "--from", locale, "--to", "en_US"], input: input)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == "12.5%\n-12.5%\n12.5%\n")
    }

    @Test func errorRecordsAndExitStatusOne() throws {
        let result = try numconv(["--from", "en_US", "--to", "de_DE"], input: "1,234.5\n1.000,12\r\n١٢\n")
        #expect(result.exited(1))
        #expect(
            result.out == "1.234,5\n"
                + "error\t2\t0\tmisplaced-grouping\tgrouping separator at offset 5 is in the fraction\t1.000,12\r\n"
                + "error\t3\t0\tinvalid-character\t'١' at offset 0 is not part of a number in en_US\t١٢\n")
    }

    @Test func csvColumnCleanup() throws {
        let input = "id,name,amount\n1,\"Müller, A.\",1.234.567,89\n2,B,\"12,5\"\n3,C,-7\n"
        let result = try numconv(["--csv", "--header", "-f", "3", "--from", "de_DE", "--to", "en_US"], input: input)
        // The unquoted 1.234.567,89 is three CSV fields: field 3 is "1.234.567", field 4 "89".
        #expect(result.exited(0), "\(result)")
        #expect(result.out == "id,name,amount\n1,\"Müller, A.\",\"1,234,567\",89\n2,B,12.5\n3,C,-7\n")
    }

    @Test func semicolonCSVAsGermanSpreadsheetsWriteIt() throws {
        let input = "id;amount\r\n1;1.234.567,89\r\n2;\"-0,5\"\r\n3;12,34,5\r\n"
        let result = try numconv(
            ["--csv", "-d", ";", "--header", "-f", "2", "--from", "de_DE", "--to", "en_US"], input: input)
        #expect(result.exited(1))
        #expect(
            result.out == "id;amount\r\n1;1,234,567.89\r\n2;-0.5\r\n"
                + "error\t4\t2\tmultiple-decimal-separators\tsecond decimal separator at offset 5; the first is at offset 2\t3;12,34,5\r\n"
        )
    }

    /// Issue #44: without --from the input is machine notation, whatever
    /// the environment names (it was the environment's locale, so the same
    /// command read 1.234 as 1234 in a German shell and 1.234 under cron).
    @Test func defaultSourceIsMachineNotationWhateverTheEnvironment() throws {
        let german = try numconv(["--to", "en_US", "1234.5", "1.234,5"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.exited(1))
        #expect(german.out.hasPrefix("1,234.5\nerror\t2\t0\t"), "\(german)")
        let numeric = try numconv(
            ["--to", "en_US", "1.234"], environment: ["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8@euro"])
        #expect(numeric.out == "1.234\n")
        let all = try numconv(["--to", "de_DE", "1234.5"], environment: ["LC_ALL": "de_DE", "LC_NUMERIC": "fr_FR"])
        #expect(all.out == "1.234,5\n" && all.err.isEmpty)
    }

    @Test(arguments: [
        (["--from", "en_US", "1"], "--to is required: the locale(s) to write"),
        (
            ["--from", "en_US", "--to", "de_Dx", "1"],
            "unknown locale 'de_Dx' for --to (did you mean 'de_DE', 'de_AT', 'de_BE'?)"
        ),
        (["--from", "xx_QQ_ZZ", "--to", "de_DE", "1"], "unknown locale 'xx_QQ_ZZ' for --from"),
        (
            ["--from", "en_US", "--to", "de_DE", "--style", "percnt", "1"],
            "invalid value 'percnt' for --style: expected one of number, percent, currency, accounting, compact, scientific, auto, si, iec, iec-i, bytes, myriad, words, numerals (did you mean 'percent'?)"
        ),
        (
            ["--from", "en_US", "--to", "de_DE", "--min-fraction", "3", "--max-fraction", "2", "1"],
            "--min-fraction 3 is greater than --max-fraction 2"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try numconv(arguments)
        #expect(result.exited(2))
        #expect(result.out == "")
        #expect(result.err == "numconv: \(message)\nTry 'numconv --help' for more information.\n")
    }

    @Test func listLocalesIsSortedWithNameAndSample() throws {
        let result = try numconv(["--list-locales"])
        #expect(result.exited(0))
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == Locale.availableIdentifiers.count)
        #expect(lines.map { $0.split(separator: "\t")[0] } == lines.map { $0.split(separator: "\t")[0] }.sorted())
        #expect(lines.contains("de_DE\tGerman (Germany)\t1.234.567,891"))
        #expect(lines.contains("ar_EG\tArabic (Egypt)\t١٬٢٣٤٬٥٦٧٫٨٩١"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 3 })
    }
}
