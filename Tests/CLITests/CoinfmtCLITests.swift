import Foundation
import Testing

/// coinfmt in en_US (`LANG=en_US.UTF-8` unless `environment` sets
/// another): since issue #44 the C locale names no currency, and these
/// tests write dollars.
private func coinfmt(
    _ arguments: [String], input: String? = nil, environment: [String: String] = ["LANG": "en_US.UTF-8"]
) throws
    -> ToolResult
{
    try ToolProcess.run("coinfmt", arguments, input: input.map { Array($0.utf8) }, environment: environment)
}

/// coinfmt run as a process, through real pipes: stdout, stderr and exit status.
@Suite struct CoinfmtCLITests {
    @Test(arguments: [
        (["1234.5"], "$1,234.50\n"),
        (["--currency", "JPY", "1234.5"], "¥1,234\n"),
        (["--currency", "JPY", "1235.5"], "¥1,236\n"),
        (["--currency", "bhd", "1.2345"], "BHD\u{A0}1.234\n"),
        (["--style", "percent", "--sign", "always", "2.3456"], "+2.35%\n"),
        (["--style", "percent", "--ratio", "0.023456"], "2.35%\n"),
        (["--style", "percent", "--locale", "fr_FR", "2.3456"], "2,35\u{A0}%\n"),
        (["--style", "number", "--max-fraction", "2", "1234.5678"], "1,234.57\n"),
        (["--style", "compact", "1234567"], "1.2M\n"),
        (["--style", "compact", "-l", "ko_KR", "1234567"], "123만\n"),
        (["--style", "compact", "--currency", "USD", "--significant", "3..3", "1234567890123"], "$1.23T\n"),
        (["--display", "name", "--max-fraction", "0", "1", "2"], "1 US dollar\n2 US dollars\n"),
        (["--display", "code", "1"], "USD\u{A0}1.00\n"),
        // A custom unit without --currency keeps the value's own fraction digits, up to 8.
        (["--symbol", "BTC", "--", "-1"], "-BTC\u{A0}1\n"),
        (["--symbol", "BTC", "--currency", "USD", "--", "-1"], "-BTC\u{A0}1.00\n"),
        (["--rounding", "half-down", "2.345"], "$2.34\n"),
        (["--rounding", "floor", "-2.341"], "-$2.35\n"),
        (
            ["--min-fraction", "2", "--max-fraction", "6", "0.0000123456", "1.5e-7", "2E+3"],
            "$0.000012\n$0.00\n$2,000.00\n"
        ),
        (["-5", "--", "-0.001"], "-$5.00\n-$0.00\n"),
        (["1234567890123456789012345.675"], "$1,234,567,890,123,456,789,012,345.68\n"),
        (
            ["--color", "always", "--style", "percent", "1", "-1", "0"],
            "\u{1B}[32m1.00%\u{1B}[0m\n\u{1B}[31m-1.00%\u{1B}[0m\n0.00%\n"
        ),
        (["--color", "auto", "-1"], "-$1.00\n"),
        // The locale's accounting pattern (issue 27), for negatives only where it has one.
        (["-l", "en_US", "--sign", "accounting", "--", "-1234.5"], "($1,234.50)\n"),
        (["-l", "nl_NL", "--sign", "accounting", "--", "-1234.5"], "(€\u{A0}1.234,50)\n"),
        (["-l", "de_DE", "--sign", "accounting", "--", "-1234.5"], "-1.234,50\u{A0}€\n"),
        (["-l", "en_US", "--sign", "accounting", "--", "1234.5", "0", "-0.001"], "$1,234.50\n$0.00\n($0.00)\n"),
        (["-l", "nb_NO", "--sign", "accounting", "--", "1234.5"], "kr\u{A0}1\u{A0}234,50\n"),
        (["-l", "en_US", "--sign", "accounting", "-c", "EUR", "--display", "code", "--", "-5"], "(EUR\u{A0}5.00)\n"),
        (
            ["-l", "en_US", "--sign", "accounting", "--color", "always", "--", "-5", "5"],
            "\u{1B}[31m($5.00)\u{1B}[0m\n\u{1B}[32m$5.00\u{1B}[0m\n"
        ),
        // Scientific notation (issue 27): FormatStyle's defaults, the precision on the mantissa.
        (["-l", "en_US", "--style", "scientific", "6.022e23"], "6.022E23\n"),
        (["-l", "de_DE", "--style", "scientific", "6.022e23"], "6,022E23\n"),
        (["-l", "ar_EG", "--style", "scientific", "6.022e23"], "٦٫٠٢٢أس٢٣\n"),
        (
            ["-l", "en_US", "--style", "scientific", "1.23e-4", "0", "1234567.891", "0.000123"],
            "1.23E-4\n0E0\n1.234568E6\n1.23E-4\n"
        ),
        (["-l", "ar_EG", "--style", "scientific", "--", "-1.23e-4"], "؜-١٫٢٣أس؜-٤\n"),
        // --max-fraction alone keeps the minimum of 0; both bounds pad the mantissa.
        (["-l", "en_US", "--style", "scientific", "--max-fraction", "2", "6.022e23", "9.999"], "6.02E23\n1E1\n"),
        (["-l", "en_US", "--style", "scientific", "--min-fraction", "2", "--max-fraction", "2", "9.999"], "1.00E1\n"),
        (["-l", "en_US", "--style", "scientific", "--significant", "3..5", "1", "123456"], "1.00E0\n1.2346E5\n"),
        (
            ["-l", "en_US", "--style", "scientific", "--rounding", "floor", "--sign", "always", "9.9999999"],
            "+9.999999E0\n"
        ),
        (
            ["-l", "en_US", "--style", "scientific", "123456789012345678901234567890123456789012345.5"],
            "1.234568E44\n"
        ),
    ])
    func operands(arguments: [String], expected: String) throws {
        let result = try coinfmt(arguments)
        #expect(result.out == expected)
        #expect(result.exited(0), "\(result)")
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        (["LC_MONETARY": "de_DE.UTF-8"], "1.234,50\u{A0}€\n"),
        (["LC_ALL": "ja_JP.UTF-8", "LC_MONETARY": "de_DE.UTF-8"], "¥1,234\n"),
        (["LANG": "en_IN"], "₹1,234.50\n"),
        (["LANG": "en_US.UTF-8"], "$1,234.50\n"),
        (["LANG": "de_CH.UTF-8@euro"], "CHF\u{A0}1’234.50\n"),
    ])
    func localeFromEnvironment(environment: [String: String], expected: String) throws {
        let result = try coinfmt(["1234.5"], environment: environment)
        #expect(result.out == expected)
    }

    /// The price table of coinfmt(1): rank, symbol, price, 24-hour change and holdings.
    @Test func priceTable() throws {
        let table = "1\tBTC\t67234.5\t2.3456\t0.5\n2\tETH\t3456.78\t-1.2\t12.25\n3\tSHIB\t1.234e-5\t0\t12000000\n"
        let prices = try coinfmt(["-f", "3", "--max-fraction", "6"], input: table)
        let changes = try coinfmt(
            ["-f", "4", "--style", "percent", "--sign", "always", "--color", "always"], input: prices.out)
        let holdings = try coinfmt(["-f", "5"], input: changes.out)
        #expect(
            holdings.out == """
                1\tBTC\t$67,234.50\t\u{1B}[32m+2.35%\u{1B}[0m\t$0.50
                2\tETH\t$3,456.78\t\u{1B}[31m-1.20%\u{1B}[0m\t$12.25
                3\tSHIB\t$0.000012\t+0.00%\t$12,000,000.00

                """)
        #expect(holdings.exited(0))
    }

    @Test func invalidNumbersBecomeErrorRecords() throws {
        let result = try coinfmt(["-f", "2"], input: "a\t12x\nb\t5\n")
        #expect(
            result.out
                == "error\t1\t2\tinvalid-number\tunexpected 'x' at offset 2; expected a digit, '.', 'e' or the end of the number\ta\\t12x\nb\t$5.00\n"
        )
        #expect(result.exited(1))
        let kept = try coinfmt(["--on-error=keep", "1,5"])
        #expect(kept.out == "1,5\n")
        #expect(kept.err.hasPrefix("coinfmt: record 1, field 0: invalid-number: unexpected ',' at offset 1"))
        #expect(kept.exited(1))
    }

    @Test func csvFieldsAreQuotedWhenTheyHoldTheDelimiter() throws {
        let result = try coinfmt(["--csv", "-f", "2", "--header"], input: "name,price\nBTC,67234.5\n")
        #expect(result.out == "name,price\nBTC,\"$67,234.50\"\n")
    }

    @Test(arguments: [
        (["--currency", "USX", "1"], "unknown currency 'USX' for --currency (did you mean 'UGX', 'USD', 'USN'?)"),
        (["--style", "money", "1"], "invalid value 'money' for --style"),
        (["--locale", "xx_YY", "1"], "unknown locale 'xx_YY' for --locale"),
        (["--min-fraction", "3", "--max-fraction", "2", "1"], "--min-fraction 3 is greater than --max-fraction 2"),
        (["--significant", "0..3", "1"], "invalid value '0..3' for --significant"),
        (
            ["--significant", "2", "--max-fraction", "2", "1"],
            "--significant cannot be used with --min-fraction or --max-fraction"
        ),
        (["--ratio", "1"], "--ratio applies only to --style percent"),
        (["--display", "code", "--symbol", "B", "1"], "--symbol cannot be used with --display code"),
        (["--rounding", "half-odd", "1"], "invalid value 'half-odd' for --rounding"),
        (["--style", "percent", "--sign", "accounting", "1"], "--sign accounting applies only to --style currency"),
        (["--style", "number", "--sign", "accounting", "1"], "--sign accounting applies only to --style currency"),
        (
            ["--style", "compact", "--currency", "USD", "--sign", "accounting", "1"],
            "--sign accounting applies only to --style currency: --style compact has no accounting pattern"
        ),
        (["--style", "scientific", "--sign", "accounting", "1"], "--sign accounting applies only to --style currency"),
        (
            ["--style", "scientific", "--currency", "EUR", "1"],
            "--currency applies only to --style currency, compact or myriad"
        ),
        (
            ["--style", "scientific", "--display", "code", "1"],
            "--display applies only to --style currency, compact or myriad"
        ),
        (
            ["--style", "scientific", "--symbol", "BTC", "1"],
            "--symbol applies only to --style currency, compact or myriad"
        ),
        (["--style", "scientific", "--ratio", "1"], "--ratio applies only to --style percent"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try coinfmt(arguments)
        #expect(result.exited(2), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.err.hasPrefix("coinfmt: " + message), "\(result)")
        #expect(result.err.hasSuffix("\nTry 'coinfmt --help' for more information.\n"))
    }

    /// `--help` equals the golden file (regenerate with `coinfmt --help > Tests/Fixtures/coinfmt-help.txt`).
    /// `--style words` and `--style numerals` (issue 29) through pipes: a
    /// CSV column spelled out, the error records past the names, usage errors.
    @Test func wordsAndNumeralsThroughPipes() throws {
        let words = try coinfmt(
            [
                "--csv", "--header", "-f", "amount", "--append", "--names", "in_words", "--style", "words", "-l",
                "en_US",
            ],
            input: "item,amount\nA,1234567\nB,-12.25\nC,1e18\n")
        #expect(words.exited(1), "\(words)")
        #expect(
            words.out == "item,amount,in_words\n"
                + "A,1234567,one million two hundred thirty-four thousand five hundred sixty-seven\n"
                + "B,-12.25,minus twelve point two five\n"
                + "error\t4\t2\tno-words\tpast the largest number the en_US words name\tC,1e18\n", "\(words)")
        let ko = try coinfmt(["--style", "words", "-l", "ko_KR", "12345678"])
        #expect(ko.exited(0) && ko.out == "천이백삼십사만 오천육백칠십팔\n", "\(ko)")
        let roman = try coinfmt(["--style", "numerals", "--system", "roman"], input: "1994\n1.5\n")
        #expect(roman.exited(1), "\(roman)")
        #expect(
            roman.out
                == "MCMXCIV\nerror\t2\t0\tno-words\tthe roman numerals write no fraction; round it with --max-fraction 0\t1.5\n",
            "\(roman)")
        let hans = try coinfmt(["--style", "numerals", "-l", "zh_CN", "12345678"])
        #expect(hans.exited(0) && hans.out == "一千二百三十四万五千六百七十八\n", "\(hans)")
        for (arguments, message) in [
            (["--style", "numerals", "-l", "en_US", "1"], "has no traditional numbering system"),
            (["--style", "numerals", "--system", "klingon", "1"], "invalid value 'klingon' for --system"),
            (["--style", "words", "--system", "roman", "1"], "--system applies only to --style numerals"),
            (["--style", "words", "-l", "az_Cyrl", "1"], "no spell-out rules"),
            (["--style", "words", "--display", "code", "-c", "USD", "1"], "writes no currency symbol"),
        ] {
            let r = try coinfmt(arguments)
            #expect(r.exited(2) && r.err.contains(message), "\(arguments): \(r)")
        }
    }

    /// `--style words --currency`, `--words plain|cheque`: the issue's
    /// examples through pipes, a cheque column appended to a CSV, the error
    /// records, and the usage errors.
    @Test func currencyWordsThroughPipes() throws {
        for (arguments, expected) in [
            (
                ["--style", "words", "--currency", "USD", "-l", "en_US", "1234.56"],
                "one thousand two hundred thirty-four dollars and fifty-six cents\n"
            ),
            (
                ["--style", "words", "--words", "plain", "-c", "EUR", "-l", "fr_FR", "1234.56"],
                "mille deux cent trente-quatre euros et cinquante-six centimes\n"
            ),
            (
                ["--style", "words", "--words", "cheque", "--currency", "USD", "-l", "en_US", "1234.56", "1005"],
                "One thousand two hundred thirty-four and 56/100 dollars\nOne thousand five and 00/100 dollars\n"
            ),
            (["--style", "words", "--words", "cheque", "-l", "ko_KR", "1234567"], "일금 일백이십삼만사천오백육십칠원정\n"),
            (
                ["--style", "words", "--words", "cheque", "-l", "zh_CN", "1234.56", "1234"],
                "人民币壹仟贰佰叁拾肆元伍角陆分\n人民币壹仟贰佰叁拾肆元整\n"
            ),
            (["--style", "words", "--words", "cheque", "-l", "ja_JP", "12345"], "金壱萬弐阡参百四拾伍円也\n"),
            // Another currency than the form's own: the plain form.
            (["--style", "words", "--words", "cheque", "-l", "ko_KR", "-c", "USD", "12.5"], "십이달러 오십센트\n"),
            // Rounded to the currency's digits, with --rounding's rule.
            (
                ["--style", "words", "-c", "USD", "-l", "en_US", "--rounding", "up", "1.001"],
                "one dollar and one cent\n"
            ),
        ] {
            let r = try coinfmt(arguments)
            #expect(r.exited(0) && r.out == expected && r.err.isEmpty, "\(arguments): \(r)")
        }
        let column = try coinfmt(
            [
                "--csv", "--header", "-f", "Amount", "--append", "--names", "Cheque", "--style", "words", "--words",
                "cheque", "--currency", "USD", "-l", "en_US",
            ],
            input: "Payee,Amount\nAcme,1234.56\nRefund,-12.5\nHuge,1e19\n")
        #expect(column.exited(1), "\(column)")
        #expect(
            column.out == "Payee,Amount,Cheque\n"
                + "Acme,1234.56,One thousand two hundred thirty-four and 56/100 dollars\n"
                + "error\t3\t2\tno-words\ta negative amount has no words on a cheque or an invoice\tRefund,-12.5\n"
                + "error\t4\t2\tno-words\tpast the largest amount the en_US words of USD name\tHuge,1e19\n",
            "\(column)")
        for (arguments, message) in [
            (["--words", "cheque", "1"], "--words applies only to --style words"),
            (["--style", "number", "--words", "plain", "1"], "--words applies only to --style words"),
            (["--style", "words", "--words", "fancy", "1"], "invalid value 'fancy' for --words"),
            (["--style", "words", "--currency", "USD", "-l", "zh_CN", "1"], "no words for USD in zh"),
            (["--style", "words", "--currency", "JPY", "-l", "fr_FR", "1"], "no words for JPY in fr"),
            (["--style", "words", "--words", "cheque", "-l", "ru_RU", "1"], "no currency words for ru_RU"),
        ] {
            let r = try coinfmt(arguments)
            #expect(r.exited(2) && r.err.contains(message) && r.out.isEmpty, "\(arguments): \(r)")
        }
        // zh's plain form: CNY's units with the ordinary numerals.
        let yuan = try coinfmt(["--style", "words", "--currency", "CNY", "-l", "zh_CN", "1234.56", "1005", "0.5"])
        #expect(yuan.exited(0) && yuan.out == "一千二百三十四元五角六分\n一千〇五元\n五角\n", "\(yuan)")
    }

    @Test func helpMatchesGoldenFile() throws {
        let golden = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("Tests/Fixtures/coinfmt-help.txt"),
            encoding: .utf8)
        #expect(try coinfmt(["--help"]).out == golden)
        #expect(try coinfmt(["-h"]).out == golden)
    }

    @Test func version() throws {
        let result = try coinfmt(["--version"])
        #expect(result.exited(0))
        // The first line as scripts parse it, then the versions of the data.
        #expect(
            result.out.wholeMatch(
                of:
                    /coinfmt \d+\.\d+\.\d+\nCLDR \d+\.\d+ \(ICU \d+\.\d+\)\nUnicode \d+\.\d+\nlibphonenumber \d+\.\d+\.\d+\n/
            ) != nil, "\(result)")
    }

    /// Spaces and tabs around a value stay around the formatted value; CRLF stays CRLF.
    @Test func whitespaceAndTerminatorsArePreserved() throws {
        let result = try coinfmt(["-f", "2"], input: "a\t  1234.5 \r\nb\t-2")
        #expect(result.out == "a\t  $1,234.50 \r\nb\t-$2.00")
    }

    /// The completion scripts parse, and complete --currency from --complete-values currencies.
    @Test func completionScriptsParse() throws {
        for (shell, flag) in [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")] {
            let script = try coinfmt(["--completion", shell]).out
            #expect(script.contains("coinfmt --complete-values currencies"), "\(shell)")
            guard
                let path = ["/bin", "/usr/bin"].map({ "\($0)/\(shell)" }).first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { continue }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("coinfmt-completion.\(shell)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            let result = try ToolProcess.shell("\(path) \(flag) '\(file.path)'")
            #expect(result.exited(0), "\(shell): \(result)")
        }
    }

    @Test func listsCurrencies() throws {
        let result = try coinfmt(["--list-currencies"])
        let lines = result.out.split(separator: "\n")
        #expect(lines.count > 150)
        #expect(lines.contains("USD\tUS Dollar\t$\t2"))
        #expect(lines.contains("KRW\tSouth Korean Won\t₩\t0"))
        #expect(result.exited(0))
    }

    /// Every option `--help` lists is in coinfmt(1)'s OPTIONS section and the reverse.
    @Test func helpAndManPageListTheSameOptions() throws {
        let help = try coinfmt(["--help"]).out
        func options(_ text: String, _ pattern: String) -> Set<String> {
            let regex = try! NSRegularExpression(pattern: pattern)
            return Set(
                regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                    String(text[Range($0.range(at: 1), in: text)!])
                })
        }
        let helpOptions = options(help, #"(?m)^\s+(?:-\w, )?--([a-z][a-z-]*)"#)
        let page = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("man/coinfmt.1"), encoding: .utf8)
        let start = try #require(page.range(of: ".Sh OPTIONS"))
        let rest = page[start.upperBound...]
        let section = String(rest[..<(rest.range(of: "\n.Sh ")?.lowerBound ?? rest.endIndex)])
        let items = section.split(separator: "\n").filter { $0.hasPrefix(".It ") }.joined(separator: "\n")
        let manOptions = options(items, #"Fl \\-([a-z][a-z-]*)"#)
        #expect(helpOptions.count > 20)
        #expect(helpOptions.subtracting(manOptions).isEmpty, "in --help but not in coinfmt.1")
        #expect(manOptions.subtracting(helpOptions).isEmpty, "in coinfmt.1 but not in --help")
        #expect(options(help, #"(?m)^\s+-(\w), --"#) == options(items, #"Fl (\w)\b"#), "short options differ")
    }

    /// `--display name` writes the number with the currency's own notation,
    /// as FormatStyle does (and as coinfmt's symbol display did already).
    @Test(arguments: [
        ("en_150", "-1.234,50\u{A0}€ euros\n-1.234,50\u{A0}€\n"),
        ("en_BG", "-1234,50\u{A0}€ euros\n-1234,50\u{A0}€\n"),
        ("en_CH", "€-1’234.50 euros\n€-1’234.50\n"),
    ])
    func nameDisplayTakesTheCurrencysNotation(locale: String, expected: String) throws {
        let name = try coinfmt(["-l", locale, "-c", "EUR", "--display", "name"], input: "-1234.5\n")
        let symbol = try coinfmt(["-l", locale, "-c", "EUR"], input: "-1234.5\n")
        #expect(name.exited(0) && symbol.exited(0))
        #expect(name.out + symbol.out == expected)
    }

    /// Foundation appends a stray digit to the currency name on a new
    /// formatter's first calls in these locales (`MGA  Malagasy ariary1`);
    /// coinfmt writes the settled output from its first record on (coinfmt.1, NOTES).
    @Test(arguments: [
        ("en_EE", "Malagasy ariary"), ("en_FR", "Malagasy ariary"), ("en_LT", "Malagasy ariary"),
        ("en_LV", "Malagasy ariary"), ("en_PT", "Malagasy ariary"), ("en_SK", "Malagasy ariary"),
        ("tr_TR", "Madagaskar ariarisi"),
    ])
    func nameDisplayWritesTheSettledOutput(locale: String, name: String) throws {
        let result = try coinfmt(["-l", locale, "-c", "MGA", "--display", "name"], input: "1\n1\n")
        #expect(result.exited(0))
        #expect(result.out == "MGA\u{A0}1 \(name)\nMGA\u{A0}1 \(name)\n")
    }

}
