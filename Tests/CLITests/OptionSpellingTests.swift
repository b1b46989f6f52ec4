import Foundation
import Testing

/// How the tools read the names and values users type: choices in any case,
/// "did you mean" for the names other tools use, and a usage error for an
/// option that would do nothing in the mode asked for.
@Suite struct OptionSpellingTests {
    /// Every choice value is case-insensitive, as locales, regions and
    /// currency codes are.
    @Test(arguments: [
        ("phonefmt", ["--format", "E164", "01012345678"], "+821012345678\n"),
        ("phonefmt", ["--format=International", "01012345678"], "+82 10-1234-5678\n"),
        ("phonefmt", ["--type", "MOBILE,Fixed-Line", "01012345678"], "010-1234-5678\n"),
        ("phonefmt", ["--region", "us", "(650) 253-0000"], "(650) 253-0000\n"),
        ("coinfmt", ["--style", "PERCENT", "2"], "2.00%\n"),
        ("coinfmt", ["--display", "Code", "1"], "USD\u{A0}1.00\n"),
        ("coinfmt", ["--rounding", "HALF-UP", "--sign", "Always", "2.345"], "+$2.35\n"),
        ("coinfmt", ["--currency", "eur", "-l", "DE_de", "1"], "1,00\u{A0}€\n"),
        ("numconv", ["--from", "en_US", "--to", "de_DE", "--style", "Percent", "12.5%"], "12,5\u{A0}%\n"),
        ("numgroup", ["--on-error", "SKIP", "12a", "1234"], "1,234\n"),
        ("numgroup", ["--empty", "Error", "--on-error", "Keep", "", "1234"], "\n1,234\n"),
    ])
    func choicesInAnyCase(tool: String, arguments: [String], out: String) throws {
        let result = try ToolProcess.run(tool, arguments, environment: ToolProcess.named(tool))
        // A skipped or kept bad value still makes the exit status 1.
        #expect(result.exited(arguments.contains { ["SKIP", "Keep"].contains($0) } ? 1 : 0), "\(result)")
        #expect(result.out == out, "\(result)")
    }

    /// `--completion` too takes its shell in any case.
    @Test func completionShellInAnyCase() throws {
        let upper = try ToolProcess.run("numgroup", ["--completion", "BASH"])
        let lower = try ToolProcess.run("numgroup", ["--completion", "bash"])
        #expect(upper.exited(0) && upper.out == lower.out && !upper.out.isEmpty, "\(upper)")
    }

    /// The names users bring from other tools (numfmt, ICU, Intl, printf)
    /// are answered with the option that does it.
    @Test(arguments: [
        ("numgroup", "--grouping", "--group"),
        ("numgroup", "--thousands-sep=.", "--separator"),
        ("numgroup", "--decimal-point=,", "--decimal"),
        ("numgroup", "--invalid=ignore", "--on-error"),
        ("numgroup", "--null", "--zero-terminated"),
        ("numgroup", "--threads=2", "--jobs"),
        ("coinfmt", "--padding=8", "--width"),
        ("phonefmt", "--country=US", "--region"),
        ("phonefmt", "--default-region=US", "--region"),
        ("numconv", "--from-locale=de_DE", "--from"),
        ("numconv", "--to-locale=de_DE", "--to"),
        ("numconv", "--precision=2", "--max-fraction"),
        ("numconv", "--maximum-fraction-digits=2", "--max-fraction"),
        ("numconv", "--minimum-fraction-digits=2", "--min-fraction"),
        ("coinfmt", "--precision=2", "--max-fraction"),
        ("coinfmt", "--decimals=2", "--max-fraction"),
        ("coinfmt", "--currency-display=code", "--display"),
        ("coinfmt", "--rounding-mode=floor", "--rounding"),
        ("coinfmt", "--notation=compact", "--style"),
        ("coinfmt", "--sign-display=always", "--sign"),
        ("coinfmt", "--language=de", "--locale"),
        // Still the names a few edits away.
        ("numgroup", "--seperator=.", "--separator"),
    ])
    func didYouMeanTheOtherToolsName(tool: String, option: String, meant: String) throws {
        let result = try ToolProcess.run(tool, [option, "1"])
        let name = String(option.prefix { $0 != "=" })
        #expect(result.exited(2), "\(result)")
        #expect(result.err.hasPrefix("\(tool): unrecognized option '\(name)' (did you mean '\(meant)'"), "\(result)")
        #expect(result.out.isEmpty)
    }

    /// Each option that would do nothing with the others given is a usage
    /// error that says why (and the tool reads no input).
    @Test(arguments: [
        // coinfmt: a currency's options where no currency is written.
        (
            "coinfmt", ["--style", "percent", "--currency", "EUR"],
            "--currency applies only to --style currency, compact or myriad"
        ),
        (
            "coinfmt", ["--style", "number", "--currency", "EUR"],
            "--currency applies only to --style currency, compact or myriad"
        ),
        (
            "coinfmt", ["--style", "percent", "--display", "code"],
            "--display applies only to --style currency, compact or myriad"
        ),
        (
            "coinfmt", ["--style", "number", "--symbol", "BTC"],
            "--symbol applies only to --style currency, compact or myriad"
        ),
        ("coinfmt", ["--style", "compact", "--display", "name"], "--display applies only to a currency"),
        ("coinfmt", ["--style", "compact", "--symbol", "BTC"], "--symbol applies only to a currency"),
        ("coinfmt", ["--ratio"], "--ratio applies only to --style percent"),
        ("coinfmt", ["--style", "number", "--ratio"], "--ratio applies only to --style percent"),
        ("coinfmt", ["--style", "compact", "--ratio"], "--ratio applies only to --style percent"),
        ("coinfmt", ["--display", "code", "--symbol", "B"], "--symbol cannot be used with --display code"),
        ("coinfmt", ["--display", "name", "--symbol", "B"], "--symbol cannot be used with --display name"),
        ("coinfmt", ["--significant", "3", "--min-fraction", "1"], "--significant cannot be used with --min-fraction"),
        // numgroup: the mode flags exclude each other; --min-digits groups.
        ("numgroup", ["--ungroup", "--min-digits", "5"], "--min-digits applies only to grouping"),
        ("numgroup", ["--ungroup", "--sanitize"], "--ungroup and --sanitize cannot be used together"),
        ("numgroup", ["--ungroup", "--text"], "--ungroup and --text cannot be used together"),
        ("numgroup", ["--sanitize", "--text"], "--sanitize and --text cannot be used together"),
        // phonefmt: --as-you-type writes the dialler's text, no format or type.
        ("phonefmt", ["--as-you-type", "--format", "e164"], "--as-you-type cannot be used with --format"),
        ("phonefmt", ["--as-you-type", "--type", "mobile"], "--as-you-type cannot be used with --type"),
        // Every tool: without -f or --csv the whole record is the value.
        ("numgroup", ["-d", ","], "--delimiter applies only with --field or --csv"),
        ("numconv", ["--from", "de_DE", "--to", "en_US", "-d", ";"], "--delimiter applies only with --field or --csv"),
        ("phonefmt", ["--delimiter=,"], "--delimiter applies only with --field or --csv"),
        ("coinfmt", ["-d", "|"], "--delimiter applies only with --field or --csv"),
    ])
    func optionThatDoesNothingIsAUsageError(tool: String, arguments: [String], message: String) throws {
        let (result, unread) = try ToolProcess.runLeavingInput(tool, arguments, input: "1234\n")
        #expect(result.exited(2), "\(result)")
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("\(tool): \(message)"), "\(result)")
        #expect(result.err.hasSuffix("Try '\(tool) --help' for more information.\n"), "\(result)")
        #expect(unread == "1234\n")
    }

    /// The combinations where each option does something stay accepted.
    @Test(arguments: [
        ("coinfmt", ["--style", "compact", "--currency", "USD", "--symbol", "₿", "1234567"], "₿1.2M\n"),
        ("coinfmt", ["--style", "compact", "--currency", "EUR", "--display", "code", "1234567"], "EUR\u{A0}1.2M\n"),
        ("coinfmt", ["--display", "narrow", "--symbol", "₿", "1.5"], "₿1.5\n"),
        ("coinfmt", ["--style", "percent", "--ratio", "0.5"], "50.00%\n"),
        ("numgroup", ["--ungroup", "-g", "3,2", "12,34,567"], "1234567\n"),
        ("numgroup", ["--ungroup", "--separator", ".", "--decimal", ",", "1.234,5"], "1234,5\n"),
        ("numgroup", ["--sanitize", "--min-digits", "5", "x1234", "12345"], "1234\n12,345\n"),
        ("numgroup", ["--text", "--min-digits", "4", "in 1234 days"], "in 1,234 days\n"),
        // (A grouped value holding the delimiter is delimiter-in-value, issue 44: `;` here.)
        ("numgroup", ["-d", ";", "-f", "2", "a;1234"], "a;1,234\n"),
        ("phonefmt", ["--as-you-type", "--region", "US", "650253"], "650-253\n"),
    ])
    func meaningfulCombinationsStay(tool: String, arguments: [String], out: String) throws {
        let result = try ToolProcess.run(tool, arguments)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == out, "\(result)")
    }

    /// `--csv` without `-f` still needs the delimiter: a quote opens a field
    /// only at a field's start, so the delimiter decides where records end.
    @Test func delimiterWithCSVAndNoField() throws {
        let result = try ToolProcess.run("numgroup", ["--csv", "-d", ";"], input: "1234\n")
        #expect(result.exited(0) && result.out == "1,234\n", "\(result)")
    }

    /// `--symbol` without `--currency`: a custom unit keeps the value's own
    /// fraction digits up to eight (trailing zeros dropped), rounding past
    /// them as coinfmt rounds; `--min-fraction`, `--max-fraction` and
    /// `--significant` say otherwise; a currency brings its own digits back.
    @Test(arguments: [
        (["--symbol", "BTC", "0.00012345"], "BTC\u{A0}0.00012345\n"),
        (["--symbol", "BTC", "1.5"], "BTC\u{A0}1.5\n"),
        (["--symbol", "BTC", "1.50"], "BTC\u{A0}1.5\n"),
        (["--symbol", "BTC", "2"], "BTC\u{A0}2\n"),
        (["--symbol", "BTC", "0.123456785"], "BTC\u{A0}0.12345678\n"),
        (["--symbol", "BTC", "0.123456775"], "BTC\u{A0}0.12345678\n"),
        (["--symbol", "BTC", "--rounding", "up", "0.000000001"], "BTC\u{A0}0.00000001\n"),
        (["--symbol", "BTC", "0.000000001"], "BTC\u{A0}0\n"),
        (["--symbol", "BTC", "1234567.00012345"], "BTC\u{A0}1,234,567.00012345\n"),
        (["--symbol", "₿", "0.1"], "₿0.1\n"),
        (["--symbol", "₿", "-l", "de_DE", "1234.56789"], "1.234,56789\u{A0}₿\n"),
        (["--symbol", "BTC", "--max-fraction", "2", "0.00012345", "1.005"], "BTC\u{A0}0\nBTC\u{A0}1\n"),
        (["--symbol", "BTC", "--max-fraction", "4", "1.23456"], "BTC\u{A0}1.2346\n"),
        (["--symbol", "BTC", "--min-fraction", "2", "1.5", "0.00012345"], "BTC\u{A0}1.50\nBTC\u{A0}0.00012345\n"),
        (["--symbol", "BTC", "--min-fraction", "10", "0.5"], "BTC\u{A0}0.5000000000\n"),
        (["--symbol", "BTC", "--significant", "2", "0.00012345"], "BTC\u{A0}0.00012\n"),
        (["--symbol", "BTC", "--currency", "USD", "0.00012345"], "BTC\u{A0}0.00\n"),
        (["--symbol", "BTC", "--currency", "JPY", "1.5"], "BTC\u{A0}2\n"),
        (["--symbol", "BTC", "--display", "narrow", "0.00012345"], "BTC\u{A0}0.00012345\n"),
    ])
    func customUnitKeepsItsFractionDigits(arguments: [String], out: String) throws {
        let result = try ToolProcess.run("coinfmt", arguments)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == out, "\(result)")
    }
}
