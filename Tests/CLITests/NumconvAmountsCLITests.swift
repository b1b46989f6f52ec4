import Foundation
import Testing

/// `numconv --style currency|accounting|compact|scientific|auto` run as a
/// user runs it: through real pipes, with `--csv -f`, `--code`, `--errors`,
/// exit statuses and usage errors.
@Suite struct NumconvAmountsCLITests {
    func numconv(_ arguments: [String], input: String = "") throws -> ToolResult {
        try ToolProcess.run("numconv", arguments, input: input, environment: ["LANG": "C"])
    }

    @Test func mixedCurrencyColumnWithCodes() throws {
        let r = try numconv(
            ["--csv", "-f", "3", "--from", "auto", "--to", "C", "--style", "auto", "--code"],
            input: "a,b,\"1.234,56 €\"\na,b,\"US$1,234.56\"\na,b,\"(GBP 12.00)\"\n")
        #expect(r.exited(0), "\(r)")
        #expect(r.out == "a,b,1234.56,EUR\na,b,1234.56,USD\na,b,-12.00,GBP\n")
    }

    @Test func excelExportIntoMachineNumbersWithRejects() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("amounts-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rejects = directory.appendingPathComponent("rejects.tsv").path
        let input = """
            Datum,Betrag
            2026-01-02,"1.234,56 €"
            2026-01-03,"(12,00 €)"
            2026-01-04,
            2026-01-05,"12,00 $"
            2026-01-06,"12,00 XYZ"
            2026-01-07,"1.234,56 € *"
            2026-01-08,"12,00 US$"

            """
        let r = try numconv(
            [
                "--csv", "--header", "-f", "Betrag", "--append", "--style", "accounting", "--from", "de_DE", "--to",
                "C", "--code", "--errors", rejects,
            ], input: input)
        #expect(r.exited(1), "\(r)")
        #expect(
            r.out == """
                Datum,Betrag,Betrag_C,Betrag_code
                2026-01-02,"1.234,56 €",1234.56,EUR
                2026-01-03,"(12,00 €)",-12.00,EUR
                2026-01-04,,,
                2026-01-08,"12,00 US$",12.00,USD

                """)
        // `$` is USD's symbol in de_DE and the narrow symbol of CAD, AUD, ...,
        // which coinfmt writes alike: no currency is guessed (issue #44).
        let rejected = try String(contentsOfFile: rejects, encoding: .utf8)
        let dollar = "error\t5\t2\tambiguous-currency\tthe currency cannot be known: '$' stands for "
        #expect(rejected.hasPrefix(dollar), "\(rejected)")
        #expect(rejected.split(separator: "\n").first.map { $0.contains("CAD") && $0.contains("USD") } == true)
        #expect(
            rejected.drop(while: { $0 != "\n" }).dropFirst() == """
                error\t6\t2\tunknown-currency\t'XYZ' at offset 6 is no currency de_DE writes\t2026-01-06,"12,00 XYZ"
                error\t7\t2\tunknown-currency\t'€ *' at offset 9 is no currency de_DE writes\t2026-01-07,"1.234,56 € *"

                """)
    }

    @Test func eachStyleThroughAPipe() throws {
        let cases: [([String], String, String)] = [
            (
                ["--style", "currency", "--from", "en_US"], "$1,234.56\nUSD 1,234.56\n-$0.50\n",
                "1234.56\n1234.56\n-0.50\n"
            ),
            (["--style", "accounting", "--from", "en_US"], "($1,234.56)\n(1,234.56)\n", "-1234.56\n-1234.56\n"),
            (["--style", "compact", "--from", "en_US"], "1.2K\n$1.2M\n1.5 billion\n", "1200\n1200000\n1500000000\n"),
            (["--style", "compact", "--from", "ja_JP"], "1億2345万6789円\n1.5万\n", "123456789\n15000\n"),
            (
                ["--style", "scientific", "--from", "en_US"], "6.022E23\n-2.5e-7\n",
                "602200000000000000000000\n-0.00000025\n"
            ),
            (["--style", "auto", "--from", "de_DE"], "1,2 Mio.\n(12,00 €)\n1,5E3\n7\n", "1200000\n-12.00\n1500\n7\n"),
        ]
        for (arguments, input, expected) in cases {
            let r = try numconv(arguments + ["--to", "C"], input: input)
            #expect(r.exited(0) && r.out == expected, "\(arguments): \(r)")
        }
    }

    @Test func strictReadingsAreErrorRecords() throws {
        let r = try numconv(
            ["--style", "compact", "--from", "ko_KR", "--to", "C"], input: "2,345만 1억\n1억 12,345만\n1억 2,345만\n")
        #expect(r.exited(1), "\(r)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("error\t1\t0\tmisplaced-unit\t"))
        #expect(lines[1].hasPrefix("error\t2\t0\tmisplaced-unit\t"))
        #expect(lines[2] == "123450000")
        let mismatch = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "-c", "usd", "£12.00"])
        #expect(mismatch.exited(1) && mismatch.out.hasPrefix("error\t1\t0\tcurrency-mismatch\t"), "\(mismatch)")
        let huge = try numconv(["--style", "scientific", "--from", "en_US", "--to", "C", "1e999999999"])
        #expect(huge.exited(1) && huge.out.hasPrefix("error\t1\t0\toutput-too-long\t"), "\(huge)")
        let noCode = try numconv(["--style", "currency", "--from", "de_DE", "--to", "C", "--code", "1,50"])
        #expect(noCode.exited(1) && noCode.out.hasPrefix("error\t1\t0\tambiguous-currency\t"), "\(noCode)")
    }

    @Test func currencyOptionsNeedAnAmountStyle() throws {
        for arguments in [["--code"], ["-c", "EUR"], ["--style", "percent", "--code"]] {
            let r = try numconv(["--from", "de_DE", "--to", "C"] + arguments + ["1"])
            #expect(r.exited(2) && r.err.contains("applies to amounts with a currency"), "\(arguments): \(r)")
        }
        let report = try numconv(["--style", "currency", "--from", "auto", "--to", "C", "--report", "1"])
        #expect(report.exited(2), "\(report)")
        let listing = try numconv(["--list-currencies"])
        #expect(listing.exited(0) && listing.out.contains("\nEUR\tEuro\t€\t2\n"), "\(listing)")
    }

    /// `coinfmt --style myriad` into `numconv --style myriad` (issue 29), a CSV column, and the usage errors.
    @Test func myriadAmountsThroughPipes() throws {
        let written = try ToolProcess.run(
            "coinfmt", ["--style", "myriad", "-l", "ko_KR", "-c", "KRW"], input: "123456789\n123450000\n-5000\n",
            environment: ["LANG": "C"])
        #expect(written.exited(0) && written.out == "1억 2,345만 6,789원\n1억 2,345만 원\n-5,000원\n", "\(written)")
        let read = try numconv(["--style", "myriad", "--from", "ko_KR", "--to", "C"], input: written.out)
        #expect(read.exited(0) && read.out == "123456789\n123450000\n-5000\n", "\(read)")
        let csv = try numconv(
            ["--csv", "--header", "-f", "amount", "--style", "myriad", "--from", "ja_JP", "--to", "C"],
            input: "item,amount\nA,1億2345万6789円\nB,1万1億\n")
        #expect(csv.exited(1), "\(csv)")
        #expect(
            csv.out.hasPrefix("item,amount\nA,123456789\nerror\t3\t2\tmisplaced-unit\t"), "\(csv)")
        for (tool, arguments) in [
            ("coinfmt", ["--style", "myriad", "-l", "en_US", "1"]),
            ("numconv", ["--style", "myriad", "--from", "de_DE", "--to", "C", "1"]),
        ] {
            let r = try ToolProcess.run(tool, arguments, environment: ["LANG": "C"])
            #expect(r.exited(2) && r.err.contains("counts in myriads"), "\(tool): \(r)")
        }
    }

    /// `coinfmt --style words|numerals` into `numconv` (issue 29): the
    /// round trip through pipes, a Korean contract's amounts in a CSV
    /// column, the error records and the usage errors.
    @Test func wordsAndNumeralsThroughPipes() throws {
        let values = "0\n21\n105\n1234567\n-12.25\n999999999999999999\n"
        for locale in ["en_US", "de_DE", "fr_FR", "ru_RU", "ko_KR", "zh_CN", "ja_JP", "ar"] {
            let written = try ToolProcess.run(
                "coinfmt", ["--style", "words", "-l", locale], input: values, environment: ["LANG": "C"])
            #expect(written.exited(0), "\(locale): \(written)")
            let read = try numconv(["--style", "words", "--from", locale, "--to", "C"], input: written.out)
            #expect(read.exited(0) && read.out == values, "\(locale): \(written.out) → \(read)")
        }
        let roman = try numconv(
            ["--style", "numerals", "--system", "roman", "--from", "en_US", "--to", "de_DE"], input: "MCMXCIV\nMMXXVI\n"
        )
        #expect(roman.exited(0) && roman.out == "1.994\n2.026\n", "\(roman)")
        let contract = try numconv(
            [
                "--csv", "--header", "-f", "금액", "--append", "--style", "words", "--currency", "KRW", "--from", "ko_KR",
                "--to", "C",
            ],
            input: "항목,금액\n계약금,일금 오천만원정\n잔금,일금 일억 이천만원정\n기타,오천만 달러\n")
        #expect(contract.exited(1), "\(contract)")
        #expect(
            contract.out.hasPrefix(
                "항목,금액,금액_C\n계약금,일금 오천만원정,50000000\n잔금,일금 일억 이천만원정,120000000\nerror\t4\t2\tnot-words\t"),
            "\(contract)")
        let words = try numconv(["--style", "words", "--from", "en_US", "--to", "C"], input: "twenty-one\none one\n")
        #expect(words.exited(1) && words.out.hasPrefix("21\nerror\t2\t0\tnot-words\t"), "\(words)")
        for arguments in [
            ["--style", "words", "--from", "auto", "--to", "C", "one"],
            ["--style", "numerals", "--system", "klingon", "--from", "en_US", "--to", "C", "I"],
            ["--style", "words", "--system", "roman", "--from", "en_US", "--to", "C", "I"],
            ["--style", "words", "--currency", "XYZ", "--from", "en_US", "--to", "C", "one"],
        ] {
            let r = try numconv(arguments)
            #expect(r.exited(2) && !r.err.isEmpty, "\(arguments): \(r)")
        }
    }

    /// Issue 44 items 12 and 14, through pipes: Chinese shortened numbers
    /// (`一千五` is 1500, not 1005) in words, numerals and CNY amounts, and
    /// coinfmt's rmb cheque form read back at every magnitude it writes.
    @Test func chineseShortenedNumbersAndLargeChequesThroughPipes() throws {
        let shortened = "一千五\n两万五\n一万二\n一百二\n一千零五\n十五\n"
        let expected = "1500\n25000\n12000\n120\n1005\n15\n"
        for arguments in [
            ["--style", "words", "--from", "zh_CN"], ["--style", "numerals", "--system", "hans", "--from", "zh_CN"],
        ] {
            let r = try numconv(arguments + ["--to", "C"], input: shortened)
            #expect(r.exited(0) && r.out == expected, "\(arguments): \(r)")
        }
        let yuan = try numconv(
            ["--style", "words", "--currency", "CNY", "--from", "zh_CN", "--to", "C"],
            input: shortened.replacingOccurrences(of: "\n", with: "元\n"))
        #expect(yuan.exited(0) && yuan.out == expected, "\(yuan)")
        var values: [String] = []
        for digits in 1...16 {
            values += [
                "1" + String(repeating: "0", count: digits - 1), "12" + String(repeating: "0", count: digits - 1),
            ]
            values.append(String(repeating: "9", count: digits) + ".99")
        }
        values = values.filter { $0.split(separator: ".")[0].count <= 16 }
        let input = values.joined(separator: "\n") + "\n"
        let written = try ToolProcess.run(
            "coinfmt", ["--style", "words", "--words", "cheque", "-l", "zh_CN", "-c", "CNY"], input: input,
            environment: ["LANG": "C"])
        #expect(written.exited(0) && written.out.contains("人民币壹万贰仟亿元整\n"), "\(written)")
        let read = try numconv(
            ["--style", "words", "--currency", "CNY", "--from", "zh_CN", "--to", "C"], input: written.out)
        #expect(read.exited(0), "\(read)")
        let back = read.out.split(separator: "\n").map(String.init)
        #expect(back.count == values.count)
        for (value, got) in zip(values, back) {
            #expect(got == value || got == value + ".00", "\(value) → \(got)")
        }
    }

    @Test func twoThreadsWriteWhatOneWrites() throws {
        var input = ""
        for k in 0..<3000 {
            switch k % 5 {
            case 0: input += "\"\(k),50 €\"\n"
            case 1: input += "\"(\(k),00 €)\"\n"
            case 2: input += "\(k),5 Mio.\n"
            case 3: input += "\(k)E3\n"
            default: input += "\(k) XYZ\n"
            }
        }
        let arguments = ["--csv", "-f", "1", "--style", "auto", "--from", "de_DE", "--to", "C,en_US", "--code"]
        let one = try numconv(arguments, input: input)
        let two = try numconv(arguments + ["-j", "2"], input: input)
        #expect(one.exited(1) && two.exited(1))
        #expect(one.out == two.out)
        let lines = one.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3001 && lines[0] == "0.50,€0.50,EUR", "\(one.out.prefix(300))")
        #expect(lines.filter { $0.hasPrefix("error\t") }.count == 1800)
    }
}
