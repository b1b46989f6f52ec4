import Foundation
import Testing

/// Runs the built phonefmt with `arguments` and `stdin`; returns stdout, stderr and the exit status.
private func phonefmt(_ arguments: [String], stdin: String = "") throws -> (out: String, err: String, status: Int32) {
    let candidates = [
        Bundle.main.bundleURL.deletingLastPathComponent(),
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
    ]
    guard
        let binary = candidates.map({ $0.appendingPathComponent("phonefmt") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        throw CocoaError(.fileNoSuchFile)
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    // A Korean user's locale: the region of the numbers without a country
    // code these tests write (since issue #44 nothing falls back to KR).
    process.environment = ["LANG": "ko_KR.UTF-8"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
}

@Suite struct PhonefmtCLITests {
    @Test func operandsAreRecords() throws {
        let r = try phonefmt(["01012345678", "Tel: (02) 123-4567", "+82 (0)10-1234-5678"])
        #expect(r.out == "010-1234-5678\n02-123-4567\n010-1234-5678\n")
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
    }

    @Test func csvColumnToE164() throws {
        let csv = "name,phone\nKim,010-1234-5678\n\"Lee, J\",\"(02) 123-4567\"\nPark,010-12\n"
        let r = try phonefmt(["--csv", "-f", "2", "--header", "--format", "e164"], stdin: csv)
        #expect(
            r.out
                == "name,phone\nKim,+821012345678\n\"Lee, J\",+8221234567\nerror\t4\t2\tinvalid-number\t+82 01012 does not fit the KR numbering plan (length: is-possible)\tPark,010-12\n"
        )
        #expect(r.status == 1)
    }

    @Test func mobileOnlyWithSkip() throws {
        let r = try phonefmt(["--type", "mobile", "--on-error=skip"], stdin: "010-1234-5678\n02-123-4567\n")
        #expect(r.out == "010-1234-5678\n")
        #expect(r.err == "phonefmt: record 2, field 0: wrong-type: +82 21234567 is a fixed-line number, not mobile\n")
        #expect(r.status == 1)
    }

    @Test func regionAndFormats() throws {
        let r = try phonefmt(["--region", "us", "--format", "international", "(650) 253-0000", "011 82 10 1234 5678"])
        #expect(r.out == "+1 650-253-0000\n+82 10-1234-5678\n")
        #expect(r.status == 0)
    }

    /// A contact list with extensions, vanity numbers and notes, through a
    /// pipe: extensions kept (or dropped with --no-extension), letters of the
    /// number converted, notes after the number ignored, a too-long
    /// extension an error record with its own code.
    @Test func extensionsAndVanityNumbers() throws {
        let list =
            "02-123-4567 내선 123\n+1 650 253 0000 x123\n+1-800-FLOWERS\n010-1234-5678 (home)\n"
            + "031-123-4567 ext. 123456789012345678901\n"
        let national = try phonefmt([], stdin: list)
        #expect(
            national.out
                == "02-123-4567 ext. 123\n(650) 253-0000 ext. 123\n(800) 356-9377\n010-1234-5678\n"
                + "error\t5\t0\textension-too-long\textension has 21 digits; at most 20 are read after its marker\t031-123-4567 ext. 123456789012345678901\n"
        )
        #expect(national.status == 1)
        let rfc = try phonefmt(["--format", "rfc3966", "--on-error=skip"], stdin: list)
        #expect(
            rfc.out
                == "tel:+82-2-123-4567;ext=123\ntel:+1-650-253-0000;ext=123\ntel:+1-800-356-9377\ntel:+82-10-1234-5678\n"
        )
        #expect(
            rfc.err
                == "phonefmt: record 5, field 0: extension-too-long: extension has 21 digits; at most 20 are read after its marker\n"
        )
        #expect(rfc.status == 1)
        let dropped = try phonefmt(["--no-extension", "--format", "international"], stdin: "02-123-4567 내선 123\n")
        #expect(dropped.out == "+82 2-123-4567\n")
        #expect(dropped.status == 0)
        // On threads too: each thread's copy of the transform keeps the option.
        let many = String(repeating: "02-123-4567 내선 123\n", count: 60_000)
        // (ToolProcess reads the output while it writes the input: 1.3 MB
        // through pipes of 64 KiB.)
        let threads = try ToolProcess.runInKorea("phonefmt", ["--no-extension", "-j", "2"], input: many)
        #expect(threads.out == String(repeating: "02-123-4567\n", count: 60_000))
        #expect(threads.exited(0))
        let e164 = try phonefmt(["-r", "US", "--format", "e164", "(650) 253-0000 ext. 12", "877-CASH-NOW"])
        #expect(e164.out == "+16502530000\n+18772274669\n")
        #expect(e164.status == 0)
    }

    @Test func asYouType() throws {
        let r = try phonefmt(["--as-you-type"], stdin: "0\n01012\n0101234\n0101234567\n01012345678\n")
        #expect(r.out == "0\n010-12\n010-1234\n010-123-4567\n010-1234-5678\n")
        #expect(r.status == 0)
    }

    /// Spaces and tabs around a typed value are typed too, as the dialler is
    /// fed them (outputs from phonenumbers' AsYouTypeFormatter): no spacing of
    /// the formatter's own is added to them. With --trim they are dropped
    /// before typing; a value of spaces only passes through.
    @Test func asYouTypeTypesTheSpacesAround() throws {
        let de = try phonefmt(["--as-you-type", "-r", "DE"], stdin: "+49 \n+49\n\t+4930\n   \n")
        #expect(de.out == "+49 \n+49 \n\t+4930\n   \n")
        #expect(de.status == 0)
        let af = try phonefmt(["--as-you-type", "-r", "AF"], stdin: " 7012\n7012\n")
        #expect(af.out == " 7012\n701 2\n")
        let kr = try phonefmt(["--as-you-type", "-f", "2"], stdin: "a\t0101234 \n")
        #expect(kr.out == "a\t0101234 \n")
        let trimmed = try phonefmt(["--as-you-type", "-r", "AF", "--trim"], stdin: " 7012\n")
        #expect(trimmed.out == "701 2\n")
    }

    /// A 1 MiB record (the default --max-record-bytes) is typed in linear
    /// time: it took about an hour when each character re-ran the steps on all
    /// typed so far. Shown as typed (too long for any format), and after an
    /// international prefix with no country code, the prefix and the digits.
    @Test func asYouTypeLongRecords() throws {
        let digits = String(repeating: "5", count: 1 << 20)
        let plain = try ToolProcess.runInKorea(
            "phonefmt", ["--as-you-type"], input: digits + "\n+0" + digits.dropFirst(2) + "\n0\n")
        #expect(plain.exited(0))
        #expect(plain.out == digits + "\n+0" + digits.dropFirst(2) + "\n0\n")
        #expect(plain.stderr.isEmpty)
        let fullWidth = String(repeating: "５", count: 1 << 18)
        let idd = try ToolProcess.runInKorea(
            "phonefmt", ["--as-you-type"], input: "001０" + fullWidth.dropFirst(2) + "\n")
        #expect(idd.exited(0))
        #expect(idd.out == "001 0" + String(repeating: "5", count: (1 << 18) - 2) + "\n")
    }

    @Test func listRegions() throws {
        let r = try phonefmt(["--list-regions"])
        #expect(r.out.contains("\nKR\t82\tSouth Korea\t+82 2-212-3456\n"))
        #expect(r.status == 0)
    }

    @Test func usageErrors() throws {
        let region = try phonefmt(["--region", "KP1", "1"])
        #expect(region.status == 2)
        #expect(region.err.hasPrefix("phonefmt: unknown region 'KP1' for --region"))
        let type = try phonefmt(["--type", "mobil", "1"])
        #expect(type.status == 2)
        #expect(type.err.contains("did you mean 'mobile'"))
        let format = try phonefmt(["--format", "E.164", "1"])
        #expect(format.status == 2)
    }

    @Test func invalidCharacterKeepsTheRecord() throws {
        let r = try phonefmt([], stdin: "010-12a4-5678\r\n")
        #expect(
            r.out
                == "error\t1\t0\tinvalid-character\tcharacter 'a' at offset 6 is not part of a phone number\t010-12a4-5678\r\n"
        )
        #expect(r.status == 1)
    }
}

@Suite struct PhonefmtDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `--help` equals the golden file (regenerate with `phonefmt --help > Tests/Fixtures/phonefmt-help.txt`).
    @Test func helpMatchesGoldenFile() throws {
        let golden = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/phonefmt-help.txt"), encoding: .utf8)
        let r = try phonefmt(["--help"])
        #expect(r.out == golden)
        #expect(r.status == 0)
    }

    /// Every option and error code in the man page.
    @Test func manPageNamesEveryOptionAndCode() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/phonefmt.1"), encoding: .utf8)
        let help = try phonefmt(["--help"]).out
        let options = help.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "--") else { return nil }
            let name = line[r.upperBound...].prefix { $0.isLetter || $0 == "-" }
            return name.isEmpty ? nil : String(name)
        }
        #expect(options.count >= 15)
        for option in options {
            #expect(page.contains("Fl \\-\(option)"), "man page lacks --\(option)")
        }
        for code in [
            "invalid-character", "too-short", "too-long", "invalid-number", "invalid-country-code", "wrong-type",
            "empty",
            "invalid-utf8", "record-too-long",
        ] {
            #expect(page.contains("Li \(code)"), "man page lacks \(code)")
        }
        for type in [
            "fixed-line", "mobile", "fixed-line-or-mobile", "toll-free", "premium-rate", "shared-cost", "voip",
            "personal-number", "pager", "uan", "voicemail", "any",
        ] {
            #expect(page.contains("Cm \(type)"), "man page lacks type \(type)")
        }
    }
}

/// `--format` field lists and `--lang` through the built executable.
@Suite struct PhonefmtFieldsCLITests {
    /// A mixed Korean and international contact list, one pass.
    @Test func koreanContactListInOnePass() throws {
        let contacts = "김민준\t010-2345-6789\n이서연\t02-312-3456\n박지훈\t+1 650-253-0000\nEmma\t+44 20 7031 3000\r\n"
        let r = try phonefmt(["-f", "2", "--format", "e164,type,region,location", "--lang", "ko"], stdin: contacts)
        #expect(
            r.out
                == "김민준\t+821023456789\tmobile\tKR\t대한민국\n이서연\t+8223123456\tfixed-line\tKR\t서울\n"
                + "박지훈\t+16502530000\tfixed-line-or-mobile\tUS\t미국\nEmma\t+442070313000\tfixed-line\tGB\t영국\r\n")
        #expect(r.err.isEmpty)
        #expect(r.status == 0)
    }

    @Test func invalidNumbersAreRowsWhenValidIsAsked() throws {
        let input = "Kim\t010-1234\nLee\tnot a phone\nAmy\t+1 212 555 0100\n"
        let r = try phonefmt(["-f", "2", "--format", "e164,valid,timezone,location"], stdin: input)
        #expect(
            r.out
                == "Kim\t+82101234\tfalse\tEtc/Unknown\t\n"
                + "error\t2\t2\tinvalid-character\tvalue holds no digit\tLee\\tnot a phone\n"
                + "Amy\t+12125550100\ttrue\tAmerica/New_York\tNew York, NY\n")
        #expect(r.status == 1)
        let plain = try phonefmt(["-f", "2", "--format", "e164,location"], stdin: input)
        #expect(plain.out.hasPrefix("error\t1\t2\tinvalid-number\t"))
        let typed = try phonefmt(["-f", "2", "--type", "mobile", "--format", "e164,valid"], stdin: input)
        #expect(typed.out.hasPrefix("error\t1\t2\tinvalid-number\t"))
    }

    /// In CSV each field of the list is a CSV field of its own, quoted
    /// when it holds the delimiter (as numconv's `--to` list is; issue #26).
    @Test func csvFieldsOfTheListAreCSVFields() throws {
        let csv = "name,phone\nAmy,+1 212 555 0100\nKim,010-1234-5678\n"
        let r = try phonefmt(["--csv", "--header", "-f", "2", "--format", "e164,location"], stdin: csv)
        #expect(r.out == "name,phone\nAmy,+12125550100,\"New York, NY\"\nKim,+821012345678,South Korea\n")
        #expect(r.status == 0)
    }

    @Test func oneFormatInAListIsTheFormat() throws {
        let input = "010-1234-5678\n02-123\n"
        for format in ["national", "international", "e164", "rfc3966", "digits"] {
            let listed = try phonefmt(["--format", format], stdin: input)
            let fields = try phonefmt(["--format", "\(format),\(format)"], stdin: input)
            let column = fields.out.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("error") ? String($0) : String($0.split(separator: "\t").first ?? "")
            }
            #expect(listed.out == column.joined(separator: "\n"))
        }
    }

    @Test(arguments: [
        (["--format", "e164,zone"], "phonefmt: invalid value 'zone' for --format: expected one of"),
        (["--format", "e164,"], "phonefmt: invalid value '' for --format: expected one of"),
        (["--format", "e164", "--lang", "ko"], "phonefmt: --lang names the language of the carrier and location"),
        (["--format", "location", "--lang", "korean"], "phonefmt: invalid value 'korean' for --lang"),
        (["--as-you-type", "--format", "e164,type"], "phonefmt: --as-you-type cannot be used with --format"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try phonefmt(arguments + ["010-1234-5678"])
        #expect(r.err.hasPrefix(message))
        #expect(r.out.isEmpty)
        #expect(r.status == 2)
    }

    /// `-j 2` writes what one thread writes (each thread has its own metadata).
    @Test func fieldsUnderJobs() throws {
        let input = (0..<400).map { "+1 212 555 \(String(1000 + $0))\n010-\(String(2000 + $0))-5678\n" }.joined()
        let fields = ["--format", "e164,region,timezone,carrier,location", "--lang", "de"]
        let one = try phonefmt(fields, stdin: input)
        let two = try phonefmt(fields + ["-j", "2"], stdin: input)
        #expect(one.out == two.out)
        #expect(one.out.split(separator: "\n").count == 800)
        #expect(one.status == 0 && two.status == 0)
    }
}

/// The default region from the environment, `--region-field` and the region aliases.
@Suite struct PhonefmtRegionCLITests {
    /// The issue's command: a French locale reads French numbers (types as
    /// python phonenumbers 9.0.43 gives them: FR, AT, RS fixed-line, KR mobile).
    @Test(arguments: [
        (["LANG": "fr_FR.UTF-8"], "+33123456789\tfixed-line\tFR"),
        (["LANG": "fr_FR.UTF-8", "LC_TELEPHONE": "de_AT"], "+43123456789\tfixed-line\tAT"),
        (["LANG": "fr_FR.UTF-8", "LC_TELEPHONE": "de_AT", "LC_ALL": "ko_KR.UTF-8"], "+82123456789\tmobile\tKR"),
        (["LANG": "fr_FR.UTF-8", "LC_ALL": "sr_RS@latin"], "+381123456789\tfixed-line\tRS"),
        // Issue #44: a locale with no territory names no region (there is
        // no KR fallback): the number is an unknown-region error.
        (["LANG": "C"], "error\t1\t0\tunknown-region\t"),
        (["LANG": "fr_FR.UTF-8", "LC_ALL": "C"], "error\t1\t0\tunknown-region\t"),
        (["LANG": "C.UTF-8", "LC_TELEPHONE": "POSIX"], "error\t1\t0\tunknown-region\t"),
        (["LANG": "fr"], "error\t1\t0\tunknown-region\t"),
    ])
    func defaultRegionFromTheEnvironment(_ environment: [String: String], _ expected: String) throws {
        var env = environment
        env["PATH"] = "/usr/bin:/bin"
        let r = try ToolProcess.run(
            "phonefmt", ["--format", "e164,type,region", "01 23 45 67 89"], environment: env)
        if expected.hasPrefix("error") {
            #expect(r.exited(1) && r.out.hasPrefix(expected) && r.out.contains("-r REGION"), "\(r)")
        } else {
            #expect(r.out == expected + "\n", "\(r)")
        }
        #expect(r.err.isEmpty, "\(r)")
    }

    /// Issue #44: nothing names a region under `env -i`: a number without a
    /// country code is an `unknown-region` error (no KR fallback), and one
    /// with its country code is read.
    @Test func unsetEnvironmentNamesNoRegion() throws {
        let r = try ToolProcess.shell(
            "env -i \(ToolProcess.url("phonefmt").path) --format e164,region 010-1234-5678 +821012345678")
        #expect(r.exited(1), "\(r)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("error\t1\t0\tunknown-region\t"), "\(r)")
        #expect(lines.count == 2 && lines[1] == "+821012345678\tKR", "\(r)")
    }

    /// An unknown territory warns once and names no region, as C does.
    @Test func unknownTerritoryWarnsOnce() throws {
        let r = try ToolProcess.run(
            "phonefmt", ["--format", "e164", "010-1234-5678", "02-123-4567", "+8221234567"],
            environment: ["LANG": "en_ZZ.UTF-8"])
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("error\t1\t0\tunknown-region\t"), "\(r)")
        #expect(lines.count == 3 && lines[1].hasPrefix("error\t2\t0\tunknown-region\t"), "\(r)")
        #expect(lines.count == 3 && lines[2] == "+8221234567", "\(r)")
        #expect(
            r.err
                == "phonefmt: LANG=en_ZZ.UTF-8 names region ZZ, which libphonenumber has no numbering plan for; numbers without a country code need -r REGION\n",
            "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    /// `--region` over the environment; `UK` is GB.
    @Test(arguments: [["--region", "UK"], ["-r", "uk"], ["-r", "GB"]])
    func regionOptionAndAlias(_ option: [String]) throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", option + ["--format", "e164", "020 7031 3000"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(r.out == "+442070313000\n", "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    static let mixed = """
        name,phone,country
        Dupont,01 23 45 67 89,fr
        Smith,020 7031 3000,UK
        Kim,010-1234-5678,
        Page,"(650) 253-0000",US
        Nobody,0123,ZZ

        """
    static let mixedOut = """
        name,phone,country
        Dupont,+33123456789,fr
        Smith,+442070313000,UK
        Kim,+821012345678,
        Page,+16502530000,US
        error\t6\t3\tunknown-region\tregion 'ZZ' is not a region code of libphonenumber's numbering plans\tNobody,0123,ZZ

        """

    /// A mixed-country contact list in one pass, on one thread and on two
    /// (blocks of a few bytes, so that the regions change inside each).
    @Test(arguments: [[], ["-j", "2"]])
    func regionFieldInOnePass(_ jobs: [String]) throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "2", "--region-field", "3", "--format", "e164"] + jobs,
            input: Self.mixed, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "40"])
        #expect(r.out == Self.mixedOut, "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    /// TSV, the region before the number, and the other features that read the region.
    @Test(arguments: [
        (["-f", "2", "--region-field", "1"], "FR\t+33123456789\nus\t+16502530000\n"),
        (["-f", "2", "--region-field", "1", "--format", "national"], "FR\t01 23 45 67 89\nus\t(650) 253-0000\n"),
        (["-f", "2", "--region-field", "1", "--find", "--format", "e164"], "FR\t+33123456789\nus\t+16502530000\n"),
        (
            ["-f", "2", "--region-field", "1", "--format", "region,type"],
            "FR\tFR\tfixed-line\nus\tUS\tfixed-line-or-mobile\n"
        ),
    ])
    func regionFieldWithTSV(_ arguments: [String], _ expected: String) throws {
        let args = arguments.contains("--format") ? arguments : arguments + ["--format", "e164"]
        let r = try ToolProcess.runInKorea("phonefmt", args, input: "FR\t0123456789\nus\t650 253 0000\n")
        #expect(r.out == expected, "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    @Test func regionFieldAsYouType() throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["-f", "2", "--region-field", "1", "--as-you-type"], input: "US\t6502530\nKR\t0101234\n")
        #expect(r.out == "US\t650-2530\nKR\t010-1234\n", "\(r)")
    }

    @Test(arguments: [
        (
            ["--region-field", "2", "x"],
            "phonefmt: --region-field needs --field: it names the region of the fields --field selects\n"
        ),
        (
            ["-f", "1-3", "--region-field", "2", "x"],
            "phonefmt: --region-field 2 is also in --field: the region field is read, not transformed\n"
        ),
        (
            ["--region", "UKK", "x"],
            "phonefmt: unknown region 'UKK' for --region: expected a region code such as KR or US (did you mean 'CK', 'DK', 'FK'?)\n"
        ),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try ToolProcess.runInKorea("phonefmt", arguments)
        #expect(r.exited(2), "\(r)")
        #expect(r.err.hasPrefix(message), "\(r)")
    }
}
