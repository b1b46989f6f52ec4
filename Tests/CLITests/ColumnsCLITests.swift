import Foundation
import Testing

/// The columns options through real pipes: several results as CSV fields,
/// `--append` with header names, `-f NAME`, `--on-error field`, `--width`
/// and `-w`.
@Suite struct ColumnsCLITests {
    @Test func numconvTargetsAreQuotedCSVFields() throws {
        let r = try ToolProcess.run(
            "numconv", ["--csv", "--header", "-f", "2", "--from", "en_US", "--to", "de_DE,C"],
            input: "id,price\n1,\"1,234.5\"\n")
        #expect(r.out == "id,price\n1,\"1.234,5\",1234.5\n", "\(r)")
        #expect(r.exited(0))
    }

    @Test func phonefmtAppendNamesTheColumns() throws {
        let input = "name,phone\nKim,010-1234-5678\n"
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "phone", "--append", "--format", "e164,type"], input: input)
        #expect(r.out == "name,phone,phone_e164,phone_type\nKim,010-1234-5678,+821012345678,mobile\n", "\(r)")
        #expect(r.exited(0))
        let named = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "2", "--append", "--format", "e164,type", "--names", "e164,kind"],
            input: input)
        #expect(named.out == "name,phone,e164,kind\nKim,010-1234-5678,+821012345678,mobile\n", "\(named)")
        let wrong = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "2", "--append", "--format", "e164,type", "--names", "e164"],
            input: input)
        #expect(wrong.exited(2) && wrong.out.isEmpty && wrong.err.contains("--names gives 1 name for 2 new fields"))
    }

    /// With --header=2 the last header record names the new fields and the
    /// first gets empty ones.
    @Test func appendWithSeveralHeaderRecords() throws {
        let r = try ToolProcess.run(
            "numgroup", ["--header=2", "-f", "amount", "--append"], input: "export\t\nid\tamount\n1\t1234\n")
        #expect(r.out == "export\t\t\nid\tamount\tamount_grouped\n1\t1234\t1,234\n", "\(r)")
    }

    @Test func unknownFieldNameIsAUsageErrorListingTheNames() throws {
        let r = try ToolProcess.run(
            "coinfmt", ["--csv", "--header", "-f", "prize", "--currency", "USD"], input: "id,price\n1,2\n")
        #expect(r.exited(2), "\(r)")
        #expect(r.out.isEmpty)
        #expect(r.err.contains("unknown field name 'prize' in -f prize: the header has 'id', 'price'"))
        let noHeader = try ToolProcess.run("coinfmt", ["--csv", "-f", "price"], input: "1\n")
        #expect(noHeader.exited(2) && noHeader.err.contains("it needs --header"), "\(noHeader)")
        let byName = try ToolProcess.run("numgroup", ["--csv", "--header", "-f", "n"], input: "id,n\n1,1234\n")
        #expect(byName.out == "id,n\n1,\"1,234\"\n", "\(byName)")
    }

    /// One N/A no longer loses the row: the bad cell stays, the others are
    /// converted; counted (exit 1), reported, or written to --errors, with -j 2 too.
    @Test func onErrorFieldWithErrorsAndJobs() throws {
        let input = "id\ta\tb\n1\t1234\tN/A\n2\t5678\t9\n"
        let r = try ToolProcess.run("numgroup", ["--header", "-f", "2-", "--on-error", "field"], input: input)
        #expect(r.out == "id\ta\tb\n1\t1,234\tN/A\n2\t5,678\t9\n", "\(r)")
        #expect(r.err.hasPrefix("numgroup: record 2, field 3: "))
        #expect(r.exited(1))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cols-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for jobs in ["1", "2"] {
            let file = dir.appendingPathComponent("errors-\(jobs).tsv").path
            let e = try ToolProcess.run(
                "numgroup", ["--header", "-f", "2-", "--on-error", "field", "--errors", file, "-j", jobs],
                input: input, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "1"])
            #expect(e.out == "id\ta\tb\n1\t1,234\tN/A\n2\t5,678\t9\n", "-j \(jobs): \(e)")
            #expect(e.err.isEmpty)
            #expect(e.exited(1))
            let errors = try String(contentsOfFile: file, encoding: .utf8)
            #expect(errors.hasPrefix("error\t2\t3\t"))
            #expect(errors.hasSuffix("\t1\\t1234\\tN/A\n"))
        }
    }

    static func fixture(_ name: String) throws -> String {
        try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("Tests/Fixtures/examples/\(name)"),
            encoding: .utf8)
    }

    /// `df -k` through `-w -f 2-4 --width 11`: the transformed columns keep
    /// their right edges, every row alike; by header name, with -j 2 in
    /// blocks of one record, and through coinfmt too.
    @Test func dfColumnsLineUp() throws {
        let df = try Self.fixture("df.txt")
        let expected = """
            Filesystem     1K-blocks      Used Available Use% Mounted on
            /dev/sda1    102,687,672  45,011,628  52,416,832  47% /
            tmpfs          8,155,804           0   8,155,804   0% /dev/shm
            /dev/sdb1      1,031,836      26,628     952,780   3% /boot

            """
        for arguments in [
            ["--header", "-w", "-f", "2-4", "--width", "11"],
            ["--header", "-w", "-f", "1K-blocks,Used,Available", "--width=11", "-j", "2"],
        ] {
            let r = try ToolProcess.run(
                "numgroup", arguments, input: df, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "1"])
            #expect(r.out == expected, "\(arguments): \(r)")
            #expect(r.exited(0) && r.err.isEmpty)
        }
        let coin = try ToolProcess.run(
            "coinfmt", ["--header", "-w", "-f", "2-4", "--style", "number", "--max-fraction", "0", "--width", "11"],
            input: df)
        #expect(coin.out == expected, "\(coin)")
        // Without --width, numfmt's automatic padding: a field keeps its right
        // edge, taking the spaces it grew by from the blanks before it (one
        // kept), or padded on the left where it shrank.
        let plain = try ToolProcess.run("numgroup", ["--header", "--whitespace", "-f", "3"], input: df)
        #expect(plain.out.split(separator: "\n")[1] == "/dev/sda1      102687672 45,011,628  52416832  47% /")
        let shrunk = try ToolProcess.run("coinfmt", ["--header", "-w", "-f", "2", "--style", "iec"], input: df)
        #expect(shrunk.out.split(separator: "\n")[1] == "/dev/sda1            98M  45011628  52416832  47% /")
        // A field at the start of a line, with no blanks before it, is written as it is (as numfmt).
        let first = try ToolProcess.run("coinfmt", ["-w", "-f", "1", "--style", "iec"], input: "1572864\tfile\n")
        #expect(first.out == "1.5M\tfile\n")
        // Without -w, df's fields are not TAB-separated: nothing was selected.
        let tabs = try ToolProcess.run("numgroup", ["--header", "-f", "2-4"], input: df)
        #expect(tabs.exited(1) && tabs.err.contains("no record had field 2-4 (delimiter TAB"), "\(tabs)")
        let blanks = try ToolProcess.run("numgroup", ["--header", "-w", "-f", "9"], input: df)
        #expect(blanks.exited(1) && blanks.err.contains("(delimiter blanks; the widest record has 6 fields)"))
    }

    /// The du and ls -l recipes of docs/tools.md (the README's until issue 45).
    @Test func duAndLsColumns() throws {
        let du = try ToolProcess.run("numgroup", ["-f", "1", "--width", "13"], input: try Self.fixture("du.txt"))
        #expect(du.out == "        4,096\tdocs\n1,342,177,280\tdata.bin\n       27,300\tREADME.md\n", "\(du)")
        let ls = try ToolProcess.run("numgroup", ["-w", "-f", "5", "--width", "13"], input: try Self.fixture("ls.txt"))
        #expect(ls.out.contains("\ndrwxr-xr-x 2 ana staff         4,096 Nov 21 17:02 docs\n"), "\(ls)")
        #expect(ls.out.hasPrefix("total 1311084\n-rw-r--r-- 1 ana staff 1,342,177,280 Nov"))
    }

    /// Display columns: wide characters 2, bidi marks 0; a wider value is
    /// written whole; error records, kept records and cells, and error
    /// records in --errors FILE are never padded.
    @Test func widthCountsDisplayColumnsAndNeverPadsErrors() throws {
        let won = try ToolProcess.run("coinfmt", ["--locale", "ko_KR", "--currency", "KRW", "--width", "9", "1234.5"])
        #expect(won.out == "   ₩1,234\n", "\(won)")
        let compact = try ToolProcess.run(
            "coinfmt", ["--locale", "ko_KR", "--style", "compact", "--width", "-8"], input: "123456789\n98765\n")
        #expect(compact.out == "1.2억   \n9.9만   \n", "\(compact)")
        let egp = try ToolProcess.run(
            "coinfmt", ["--locale", "ar_EG", "--currency", "EGP", "--width", "15", "1234.56"])
        #expect(egp.out == "  \u{200F}١٬٢٣٤٫٥٦\u{00A0}ج.م.\u{200F}\n", "\(egp)")
        let wide = try ToolProcess.run("numgroup", ["--width", "3", "1234567"])
        #expect(wide.out == "1,234,567\n")
        let input = "1234\nN/A\n"
        let record = try ToolProcess.run("numgroup", ["--width", "8"], input: input)
        #expect(record.out.hasPrefix("   1,234\nerror\t2\t0\tinvalid-character\t"), "\(record)")
        #expect(record.exited(1))
        let keep = try ToolProcess.run("numgroup", ["--width", "8", "--on-error", "keep"], input: input)
        #expect(keep.out == "   1,234\nN/A\n", "\(keep)")
        let cell = try ToolProcess.run(
            "numgroup", ["-f", "1-2", "--width", "6", "--on-error", "field"], input: "N/A\t1234\n")
        #expect(cell.out == "N/A\t 1,234\n", "\(cell)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("width-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("errors.tsv").path
        let errors = try ToolProcess.run("numgroup", ["--width", "8", "--errors", file, "-j", "2"], input: input)
        #expect(errors.out == "   1,234\n", "\(errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("error\t2\t0\tinvalid-character\t"))
    }

    /// With --csv the spaces go inside the field; several results are padded
    /// each; phonefmt's --find pads each number found; -z and CRLF records.
    @Test func widthWithCSVSeveralResultsAndFind() throws {
        let csv = try ToolProcess.run(
            "numconv", ["--csv", "-f", "2", "--from", "en_US", "--to", "de_DE,C", "--width", "9"],
            input: "a,1234.5\r\n")
        #expect(csv.out == "a,\"  1.234,5\",   1234.5\r\n", "\(csv)")
        let quoted = try ToolProcess.run("numgroup", ["--csv", "-f", "2", "--width", "7"], input: "a,1234\n")
        #expect(quoted.out == "a,\"  1,234\"\n", "\(quoted)")
        let find = try ToolProcess.runInKorea(
            "phonefmt",
            ["--region", "KR", "--find", "--format", "e164", "--width", "15", "call 010-1234-5678 or 02-312-3456"])
        #expect(find.out == "  +821012345678\t    +8223123456\n", "\(find)")
        let zero = try ToolProcess.run("numgroup", ["-z", "--width", "6"], input: "1234\u{0}5\u{0}")
        #expect(zero.out == " 1,234\u{0}     5\u{0}", "\(zero)")
        let region = try ToolProcess.runInKorea(
            "phonefmt", ["-w", "-f", "2", "--region-field", "1", "--format", "e164"],
            input: "KR   010-1234-5678\nUS 650-253-0000\n")
        #expect(region.out == "KR   +821012345678\nUS +16502530000\n", "\(region)")
    }

    /// What --width and -w take, and what they cannot be used with: usage
    /// errors (exit 2) naming the options, before any input is read.
    @Test func widthAndWhitespaceUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--width", "0"], "invalid value '0' for --width: expected a whole number from 1 to 65536"),
            (["--width", "ten"], "invalid value 'ten' for --width"),
            (["--width=65537"], "invalid value '65537' for --width"),
            (["-w", "-d", ",", "-f", "1"], "--whitespace and --delimiter cannot be used together"),
            (["-w", "--csv", "-f", "1"], "--whitespace and --csv cannot be used together"),
            (["--whitespace"], "--whitespace applies only with --field"),
        ]
        for (arguments, message) in cases {
            let (r, unread) = try ToolProcess.runLeavingInput("numgroup", arguments, input: "1234\n")
            #expect(r.exited(2) && r.out.isEmpty && r.err.contains(message), "\(arguments): \(r)")
            #expect(unread == "1234\n", "\(arguments): no input is read")
        }
        let left = try ToolProcess.run("numgroup", ["--width", "-65536", "1"])
        #expect(left.exited(0) && left.out.count == 65537)
    }
}
