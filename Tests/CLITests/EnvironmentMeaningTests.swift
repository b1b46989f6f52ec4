import Foundation
import Testing

/// Issue #44, items 3, 10 and 16: what a value means comes from the value
/// and from what the user named, never from the machine; the same command
/// gives the same answer interactively and under cron (`env -i`). Locale
/// names the tools do not list, unknown keyword values and overlong names
/// are usage errors on the command line, and a warning and the documented
/// fallback from the environment; none crashes.
@Suite struct EnvironmentMeaningTests {
    /// `tool arguments` run under `env -i` (no variable at all, not even
    /// `PATH`), as cron runs a job.
    static func bare(_ tool: String, _ arguments: [String]) throws -> ToolResult {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try ToolProcess.shell("exec env -i \"$(command -v \(tool))\" " + quoted.joined(separator: " "))
    }

    // MARK: - Item 3: numconv reads machine notation unless --from is given

    @Test(arguments: [
        ["LANG": "de_DE.UTF-8"], ["LC_NUMERIC": "de_DE.UTF-8"], ["LC_ALL": "de_DE.UTF-8"], ["LANG": "fr_FR.UTF-8"],
        ["LANG": "C"],
    ])
    func numconvReadsMachineNotationWhateverTheEnvironment(_ environment: [String: String]) throws {
        let result = try ToolProcess.run("numconv", ["--to", "C", "1.234"], environment: environment)
        #expect(result.exited(0) && result.out == "1.234\n", "\(environment): \(result)")
        // German notation is not machine notation: an error, not 1.2345 or 12345.
        let german = try ToolProcess.run("numconv", ["--to", "C", "1.234,5"], environment: environment)
        #expect(german.exited(1) && german.out.hasPrefix("error\t1\t0\t"), "\(environment): \(german)")
    }

    @Test func numconvUnderCronAnswersAsInteractively() throws {
        let cron = try Self.bare("numconv", ["--to", "de_DE", "1234.5"])
        let interactive = try ToolProcess.run(
            "numconv", ["--to", "de_DE", "1234.5"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(cron.exited(0) && cron.out == "1.234,5\n", "\(cron)")
        #expect(interactive.out == cron.out && interactive.err == cron.err, "\(interactive)")
    }

    // MARK: - Item 3: phonefmt's region, and no KR fallback

    @Test func phonefmtWithoutARegionRefusesANationalNumber() throws {
        for result in [
            try Self.bare("phonefmt", ["030 1234567"]),
            try ToolProcess.run("phonefmt", ["030 1234567"]),
            try ToolProcess.run("phonefmt", ["030 1234567"], environment: ["LANG": "en.UTF-8"]),
            try ToolProcess.run("phonefmt", ["030 1234567"], environment: ["LANG": "POSIX", "LC_TELEPHONE": "C"]),
        ] {
            #expect(result.exited(1), "\(result)")
            #expect(result.out.hasPrefix("error\t1\t0\tunknown-region\t"), "\(result)")
            #expect(result.out.contains("-r REGION"), "\(result)")
            #expect(!result.out.contains("+82") && !result.out.contains("030-123"), "\(result)")
        }
    }

    @Test func phonefmtReadsACountryCodeWithoutARegion() throws {
        let result = try Self.bare("phonefmt", ["--format", "e164", "+49 30 1234567", "+82 10-1234-5678"])
        #expect(result.exited(0) && result.out == "+49301234567\n+821012345678\n", "\(result)")
    }

    /// -r, then LC_ALL, LC_TELEPHONE, LANG (the first set), as POSIX orders them.
    @Test(
        arguments: [
            ([], ["LANG": "de_DE.UTF-8"], "+49301234567\n"),
            ([], ["LANG": "ko_KR.UTF-8", "LC_TELEPHONE": "de_DE.UTF-8"], "+49301234567\n"),
            ([], ["LC_ALL": "de_DE.UTF-8", "LC_TELEPHONE": "ko_KR.UTF-8"], "+49301234567\n"),
            (["-r", "DE"], ["LC_ALL": "ko_KR.UTF-8"], "+49301234567\n"),
            (["-r", "KR"], [:], "+82301234567\n"),
        ] as [([String], [String: String], String)])
    func phonefmtRegionPrecedence(_ arguments: [String], _ environment: [String: String], _ expected: String)
        throws
    {
        let result = try ToolProcess.run(
            "phonefmt", arguments + ["--format", "e164", "030 1234567"], environment: environment)
        #expect(result.exited(0) && result.out == expected && result.err == "", "\(result)")
    }

    @Test func phonefmtRegionFieldNeedsNoDefaultRegion() throws {
        let result = try ToolProcess.run(
            "phonefmt", ["--csv", "-f", "1", "--region-field", "2", "--format", "e164"],
            input: "030 1234567,DE\n010-1234-5678,\n+82 10 1234 5678,\n")
        #expect(result.exited(1), "\(result)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[0] == "+49301234567,DE" && lines[2] == "+821012345678,", "\(result)")
        #expect(lines[1].hasPrefix("error\t2\t1\tunknown-region\t"), "\(result)")
        // --find reads a record's text in its region: none, no numbers found
        // as some other region's (a US number in the text stays unread).
        let find = try Self.bare(
            "phonefmt",
            ["--csv", "-f", "2", "--region-field", "3", "--find", "--format", "e164", "a,call (650) 253-0000,"])
        #expect(find.exited(1) && find.out.hasPrefix("error\t1\t3\tunknown-region\t"), "\(find)")
        #expect(find.out.contains("-r REGION") && !find.out.contains("+1650"), "\(find)")
    }

    /// What cannot be done without a region is a usage error naming -r.
    @Test(arguments: [
        ["--as-you-type", "0101234"], ["--find", "call 010-1234-5678"],
        ["--format", "out-of-country", "+49 30 1234567"],
    ])
    func phonefmtModesThatNeedARegion(_ arguments: [String]) throws {
        let result = try Self.bare("phonefmt", arguments)
        #expect(result.exited(2) && result.out.isEmpty, "\(result)")
        #expect(result.err.contains("-r REGION"), "\(result)")
    }

    /// A territory the metadata has no plan for warns once and names no region.
    @Test func phonefmtUnknownTerritoryWarnsAndNamesNoRegion() throws {
        let result = try ToolProcess.run("phonefmt", ["030 1234567"], environment: ["LANG": "es_419.UTF-8"])
        #expect(result.exited(1) && result.out.hasPrefix("error\t1\t0\tunknown-region\t"), "\(result)")
        #expect(result.err.split(separator: "\n").count == 1 && result.err.contains("names region 419"), "\(result)")
    }

    // MARK: - Item 3: coinfmt's currency comes from -c or a territory

    @Test(arguments: [
        [:], ["LANG": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], ["LANG": "en.UTF-8"], ["LC_MONETARY": "fr"],
        ["LANG": "xx_YY.UTF-8"],
    ])
    func coinfmtWithoutATerritoryNamesNoCurrency(_ environment: [String: String]) throws {
        for arguments in [["1"], ["--sign", "accounting", "--", "-1"], ["--style", "currency", "1"]] {
            let result = try ToolProcess.run("coinfmt", arguments, environment: environment)
            #expect(result.exited(2) && result.out.isEmpty, "\(environment) \(arguments): \(result)")
            #expect(result.err.contains("-c CODE"), "\(environment) \(arguments): \(result)")
            #expect(!result.out.contains("$"), "\(result)")
        }
    }

    @Test func coinfmtUnderCronNamesNoCurrency() throws {
        let result = try Self.bare("coinfmt", ["1"])
        #expect(result.exited(2) && result.out.isEmpty && result.err.contains("-c CODE"), "\(result)")
        let words = try Self.bare("coinfmt", ["--style", "words", "--words", "plain", "-l", "en", "1"])
        #expect(words.exited(2) && words.err.contains("-c CODE"), "\(words)")
    }

    @Test(
        arguments: [
            (["-l", "en", "1"], 2, ""), (["-l", "C", "1"], 2, ""), (["-l", "es_419", "1"], 2, ""),
            (["-l", "de_DE", "1"], 0, "1,00\u{A0}€\n"), (["-c", "EUR", "1"], 0, "€1.00\n"),
            (["-l", "en@currency=EUR", "1"], 0, "€1.00\n"), (["--style", "percent", "1"], 0, "1.00%\n"),
            (["--symbol", "BTC", "0.5"], 0, "BTC\u{A0}0.5\n"),
        ] as [([String], Int32, String)])
    func coinfmtCurrencyNamedOrRefused(_ arguments: [String], _ status: Int32, _ expected: String) throws {
        let result = try Self.bare("coinfmt", arguments)
        #expect(result.exited(status) && result.out == expected, "\(arguments): \(result)")
        if status == 2 { #expect(result.err.contains("-c CODE"), "\(result)") }
    }

    @Test func coinfmtTakesTheEnvironmentsTerritory() throws {
        let result = try ToolProcess.run("coinfmt", ["1234.5"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(result.exited(0) && result.out == "1.234,50\u{A0}€\n", "\(result)")
    }

    // MARK: - Item 10: unknown keyword values and locales not listed

    @Test(
        arguments: [
            ("coinfmt", ["-l", "de_DE@numbers=abcdefgh", "1"], "unknown numbering system 'abcdefgh'"),
            ("coinfmt", ["-l", "de-DE-u-nu-abcdefgh", "-c", "EUR", "1"], "unknown numbering system 'abcdefgh'"),
            ("coinfmt", ["-l", "de_DE@currency=XYZ", "1"], "unknown currency 'XYZ'"),
            ("coinfmt", ["-l", "de_DE@calendar=gregorian", "1"], "unknown keyword 'calendar'"),
            ("coinfmt", ["-l", "de_GE", "1234.5"], "unknown locale 'de_GE' for --locale (did you mean"),
            ("numconv", ["--from", "de_GE", "--to", "C", "1"], "unknown locale 'de_GE' for --from"),
            ("numconv", ["--from", "C", "--to", "de_DE@numbers=abcdefgh", "1"], "unknown numbering system"),
            ("numconv", ["--from", "auto:de_GE,en_US", "--to", "C", "1"], "unknown locale 'de_GE' for --from"),
            ("numgroup", ["-l", "de_GE", "1234"], "unknown locale 'de_GE' for --locale"),
        ] as [(String, [String], String)])
    func unknownLocalesAndKeywordValuesAreUsageErrors(_ tool: String, _ arguments: [String], _ message: String)
        throws
    {
        let result = try ToolProcess.run(tool, arguments)
        #expect(result.exited(2) && result.out.isEmpty, "\(result)")
        #expect(result.err.contains(message), "\(result)")
    }

    /// The short forms and forms with the likely script still resolve.
    @Test(
        arguments: [
            (["-l", "zh_CN", "-c", "CNY", "1"], "¥1.00\n"), (["-l", "sr_RS@latin", "-c", "EUR", "1"], "1,00\u{A0}€\n"),
            (["-l", "th-TH-u-nu-thai", "-c", "THB", "1"], "฿๑.๐๐\n"), (["-l", "en_Latn_US", "1"], "$1.00\n"),
        ] as [([String], String)])
    func listedFormsStillResolve(_ arguments: [String], _ expected: String) throws {
        let result = try ToolProcess.run("coinfmt", arguments)
        #expect(result.exited(0) && result.out == expected, "\(arguments): \(result)")
    }

    /// From the environment: one warning line, and en_US's notation.
    @Test func anUnknownKeywordInTheEnvironmentWarnsAndFallsBack() throws {
        let result = try ToolProcess.run(
            "coinfmt", ["-c", "EUR", "1234.5"], environment: ["LANG": "de_DE@numbers=abcdefgh"])
        #expect(result.exited(0) && result.out == "€1,234.50\n", "\(result)")
        #expect(
            result.err
                == "coinfmt: LANG=de_DE@numbers=abcdefgh: unknown numbering system 'abcdefgh' (numbers=); using en_US\n",
            "\(result)")
    }

    // MARK: - Item 16: a long locale keyword

    static let longKeyword = "en@numbers=" + String(repeating: "x", count: 168)

    @Test(arguments: [["1"], ["--style", "percent", "1"], ["--sign", "accounting", "-c", "USD", "--", "-1"]])
    func aLongKeywordOnTheCommandLineIsAUsageError(_ arguments: [String]) throws {
        let result = try ToolProcess.run("coinfmt", ["-l", Self.longKeyword] + arguments)
        #expect(result.exited(2) && result.out.isEmpty, "\(result)")
        #expect(result.err.contains("at most 64 characters"), "\(result)")
        for length in [60, 96, 100, 167, 168, 1000] {
            let name = "en@numbers=" + String(repeating: "x", count: length)
            let other = try ToolProcess.run("numconv", ["--from", name, "--to", "C", "1"])
            #expect(other.exited(2), "\(length): \(other)")
        }
    }

    @Test(arguments: ["LANG", "LC_ALL", "LC_MONETARY"])
    func aLongKeywordInTheEnvironmentWarnsAndFallsBack(_ variable: String) throws {
        for arguments in [
            ["-c", "USD", "1"], ["--style", "percent", "1"], ["--sign", "accounting", "-c", "USD", "--", "-1"],
        ] {
            let result = try ToolProcess.run("coinfmt", arguments, environment: [variable: Self.longKeyword])
            #expect(result.reason == .exit && result.exited(0), "\(variable) \(arguments): \(result)")
            #expect(result.err.split(separator: "\n").count == 1, "\(result)")
            #expect(result.err.contains("is not a known locale; using en_US"), "\(result)")
            #expect(["$1.00\n", "1.00%\n", "($1.00)\n"].contains(result.out), "\(result)")
        }
        // Without -c the fallback names no currency: a usage error, not a crash.
        let bare = try ToolProcess.run("coinfmt", ["1"], environment: [variable: Self.longKeyword])
        #expect(bare.exited(2), "\(bare)")
    }
}
