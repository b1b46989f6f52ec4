import Foundation
import Testing

@testable import NumToolsCLI
@testable import NumToolsCore

private let numgroupOptions: [OptionSpec] =
    [
        OptionSpec("separator", short: "s", .required("STR"), help: ""),
        OptionSpec("decimal", .required("CHAR"), help: ""),
        OptionSpec("group", short: "g", .required("N[,M]"), help: ""),
        OptionSpec("locale", short: "l", .required("ID"), help: ""),
        OptionSpec("ungroup", short: "u", help: ""),
        OptionSpec("sanitize", help: ""),
        OptionSpec("text", help: ""),
    ] + ToolDefinition.streamOptions

private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    try ParsedArguments(arguments, options: numgroupOptions)
}

private func configuration(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError)
    -> StreamConfiguration
{
    let invocation = ToolInvocation(arguments: try parse(arguments), environment: environment)
    return try ToolRunner.streamConfiguration("numgroup", invocation)
}

@Suite struct OptionParsingTests {
    @Test(arguments: [
        (["--separator=_", "1"], "separator", "_", ["1"]),
        (["--separator", "_", "1"], "separator", "_", ["1"]),
        (["--separator="], "separator", "", []),
        (["--separator", "--", "1"], "separator", "--", ["1"]),  // a required value is taken as is
        (["-s", "_"], "separator", "_", []),
        (["-s_"], "separator", "_", []),
        (["--sep=_"], "separator", "_", []),  // unambiguous prefix
        (["-s", "a", "-s", "b"], "separator", "b", []),  // the last wins
        (["1", "-s", "_", "2"], "separator", "_", ["1", "2"]),  // options after operands
        (["-zf2"], "field", "2", []),
        (["-zf", "2"], "field", "2", []),
        (["-uf", "1-3", "x"], "field", "1-3", ["x"]),
        (["--header=2"], "header", "2", []),
        (["--on-error=skip"], "on-error", "skip", []),
        (["--max=10"], "max-record-bytes", "10", []),
    ])
    func values(arguments: [String], option: String, value: String, operands: [String]) throws {
        let parsed = try parse(arguments)
        #expect(parsed.last(option) == value)
        #expect(parsed.operands == operands)
    }

    @Test func flagsAndOperands() throws {
        let parsed = try parse(["-zu", "--csv", "--", "-1234", "--csv", "-"])
        #expect(parsed.has("zero-terminated"))
        #expect(parsed.has("ungroup"))
        #expect(parsed.has("csv"))
        #expect(!parsed.has("text"))
        #expect(parsed.operands == ["-1234", "--csv", "-"])
        #expect(try parse(["-"]).operands == ["-"])
        #expect(try parse(["-s", "x", "-s", "y"]).all("separator") == ["x", "y"])
    }

    @Test func optionalValueOnlyWithEquals() throws {
        let bare = try parse(["--header", "2"])
        #expect(bare.has("header"))
        #expect(bare.last("header") == nil)
        #expect(bare.operands == ["2"])
        #expect(try configuration(["--header"]).headerRecords == 1)
        #expect(try configuration(["--header=3"]).headerRecords == 3)
        #expect(try configuration(["--header=0"]).headerRecords == 0)
        #expect(try configuration([]).headerRecords == 0)
    }

    /// No option is a digit or a symbol, so a dash before one starts a
    /// negative number: `numgroup -1234` needs no `--`.
    @Test(arguments: ["-1234", "-.5", "-١٢", "-,5"])
    func negativeNumbersAreOperands(argument: String) throws {
        let parsed = try parse(["-u", argument])
        #expect(parsed.operands == [argument])
        #expect(parsed.has("ungroup"))
    }

    @Test(arguments: [
        (["--seperator=x"], "unrecognized option '--seperator' (did you mean '--separator'?)"),
        (["--texts"], "unrecognized option '--texts' (did you mean '--text'?)"),
        (["--bogus-option-name"], "unrecognized option '--bogus-option-name'"),
        (["--s=x"], "option '--s' is ambiguous; possibilities: '--separator' '--sanitize'"),
        (["--csv=yes"], "option '--csv' doesn't allow an argument"),
        (["--field"], "option '--field' requires an argument"),
        (["-f"], "option requires an argument -- 'f'"),
        (["-zf"], "option requires an argument -- 'f'"),
        (["-y"], "invalid option -- 'y'"),
        (["-u-"], "invalid option -- '-'"),
        (["-uy"], "invalid option -- 'y'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test(arguments: [
        (["-d", "ab"], "invalid value 'ab' for --delimiter: expected one character"),
        (["-d", ""], "invalid value '' for --delimiter: expected one character"),
        (["--csv", "-d", "\""], "the delimiter cannot contain '\"' with --csv"),
        (["--csv", "-d", "\"\u{301}"], "the delimiter cannot contain '\"' with --csv"),
        (["-d", "\n"], "the delimiter cannot contain the record terminator (LF)"),
        (["-d", "\r\n"], "the delimiter cannot contain the record terminator (LF)"),
        (["-z", "-d", "\u{0}"], "the delimiter cannot contain the record terminator (NUL)"),
        (["--header=x"], "invalid value 'x' for --header: expected a whole number from 0"),
        (["--header=-1"], "invalid value '-1' for --header: expected a whole number from 0"),
        (
            ["--on-error=recrod"],
            "invalid value 'recrod' for --on-error: expected one of record, keep, skip, abort, field (did you mean 'record'?)"
        ),
        (["--empty=eror"], "invalid value 'eror' for --empty: expected one of keep, error (did you mean 'error'?)"),
        (
            ["--max-record-bytes=0"],
            "invalid value '0' for --max-record-bytes: expected a whole number from 1 to 2147483647"
        ),
        (
            ["--max-record-bytes=1k"],
            "invalid value '1k' for --max-record-bytes: expected a whole number from 1 to 2147483647"
        ),
        (["-f", "0"], "invalid field list '0': fields are numbered from 1"),
    ])
    func badStreamOptionValues(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try configuration(arguments) }
    }

    /// Where each option value's bytes are, for the check that they are UTF-8.
    @Test func optionValuePositions() throws {
        let parsed = try parse(["1", "-zs", "é", "--decimal=,", "-uf2", "--header", "--sep", "x", "--", "-s"])
        let found = parsed.optionValues.map { "\($0.position):\($0.offset):\($0.option)" }
        #expect(found == ["2:0:separator", "3:10:decimal", "4:3:field", "7:0:separator"])
        // The offset counts UTF-8 bytes of the decoded argument, before the value.
        #expect(try parse(["--locale=ü"]).optionValues.map(\.offset) == [9])
    }

    /// Option values whose bytes (as the system passed them) are not UTF-8.
    @Test func optionValueBytes() throws {
        let arguments = ["-s", "\u{FFFD}", "1"]
        let parsed = try parse(arguments)
        #expect(throws: UsageError("invalid value '\\xFF' for --separator: not valid UTF-8")) {
            try ToolRunner.checkOptionValueBytes(parsed, [Array("-s".utf8), [0xFF], Array("1".utf8)])
        }
        // An operand's bytes are the engine's business; valid values pass.
        try ToolRunner.checkOptionValueBytes(parsed, [Array("-s".utf8), Array("\u{FFFD}".utf8), [0xFF]])
        let inline = try parse(["--separator=a\u{FFFD}"])
        #expect(throws: UsageError("invalid value 'a\\xC3' for --separator: not valid UTF-8")) {
            try ToolRunner.checkOptionValueBytes(inline, [Array("--separator=a".utf8) + [0xC3]])
        }
    }

    @Test func streamConfiguration() throws {
        let c = try configuration([
            "-z", "--csv", "-f", "2-3", "-d", ";", "--header=2", "--on-error=abort", "--empty=error",
            "--max-record-bytes=99",
        ])
        #expect(c.zeroTerminated)
        #expect(c.csv)
        #expect(c.fields == (try FieldList("2-3")))
        #expect(c.delimiter == Array(";".utf8))
        #expect(c.headerRecords == 2)
        #expect(c.onError == .abort)
        #expect(c.emptyIsError)
        #expect(c.maxRecordBytes == 99)
        let defaults = try configuration([])
        #expect(!defaults.zeroTerminated && !defaults.csv && defaults.fields == nil && defaults.delimiter == nil)
        #expect(defaults.onError == .record && !defaults.emptyIsError && defaults.maxRecordBytes == 1_048_576)
        // A delimiter needs fields to split (-f) or CSV quotes to place.
        #expect(try configuration(["-f", "1", "-d", "§"]).delimiter == Array("§".utf8))
        #expect(try configuration(["-f", "1", "-z", "-d", "\n"]).delimiter == [0x0A])
        #expect(try configuration(["-f", "1", "-d", "\u{0}"]).delimiter == [0x00])
        #expect(try configuration(["-f", "1", "-d", "e\u{301}"]).delimiter == Array("e\u{301}".utf8))
        #expect(try configuration(["--csv", "-d", ";"]).delimiter == Array(";".utf8))
        #expect(
            throws: UsageError("--delimiter applies only with --field or --csv: without them the record is the value")
        ) { try configuration(["-d", ";"]) }
    }

    @Test func closeMatchesRankByDistance() {
        #expect(closeMatches("seperator", among: ["separator", "sanitize", "decimal"]) == ["separator"])
        #expect(closeMatches("zzzzzz", among: ["separator"]) == [])
        #expect(closeMatches("ab", among: ["ac", "ad", "ae", "af"]).count == 3)
        #expect(didYouMean([]) == "")
        #expect(didYouMean(["a", "b"]) == " (did you mean 'a', 'b'?)")
    }

    @Test func helpNamesEveryOption() {
        let tool = ToolDefinition(
            name: "numgroup", synopsis: "[OPTIONS] [VALUE...]", summary: "S",
            options: numgroupOptions.prefix(7).map { $0 })
        for spec in tool.allOptions {
            #expect(tool.helpText.contains(spec.synopsis), "\(spec.long)")
        }
        #expect(OptionSpec("field", short: "f", .required("LIST"), help: "").synopsis == "-f, --field LIST")
        #expect(OptionSpec("header", .optional("N"), help: "").synopsis == "    --header[=N]")
    }
}

@Suite struct LocaleSupportTests {
    @Test(arguments: [
        ("de_CH", "de_CH"), ("de-CH", "de_CH"), ("th-TH-u-nu-thai", "th_TH@numbers=thai"),
        ("en_US_POSIX", "en_US_POSIX"),
    ])
    func resolves(text: String, identifier: String) throws {
        #expect(try LocaleSupport.resolve(text, option: "--locale").identifier == identifier)
    }

    @Test func unknownLocalesSuggest() {
        for (text, expected) in [("de_XY", "de_AT"), ("de_CHH", "de_CH"), ("fr_FRR", "fr_FR"), ("klingon", nil)]
            as [(String, String?)]
        {
            do {
                _ = try LocaleSupport.resolve(text, option: "--locale")
                Issue.record("\(text) accepted")
            } catch {
                #expect(error.message.hasPrefix("unknown locale '\(text)' for --locale"))
                if let expected { #expect(error.message.contains("'\(expected)'"), "\(error.message)") }
                let suggestions = error.message.split(separator: "'").count / 2 - 1
                #expect(suggestions <= 3)
            }
        }
        #expect(throws: UsageError.self) { try LocaleSupport.resolve("", option: "--locale") }
    }

    @Test(
        arguments: [
            ([:], "en_US", nil),
            (["LANG": "de_DE.UTF-8"], "de_DE", "LANG"),
            (["LANG": "de_DE.UTF-8@euro"], "de_DE", "LANG"),
            (["LANG": "de_DE@euro"], "de_DE", "LANG"),
            (["LANG": "C"], "en_US", "LANG"),
            (["LANG": "POSIX"], "en_US", "LANG"),
            (["LANG": "C.UTF-8"], "en_US", "LANG"),
            (["LANG": ""], "en_US", nil),
            (["LANG": "fr_FR", "LC_NUMERIC": "de_CH.UTF-8"], "de_CH", "LC_NUMERIC"),
            (["LANG": "fr_FR", "LC_NUMERIC": "de_CH", "LC_ALL": "it_IT"], "it_IT", "LC_ALL"),
            (["LC_ALL": "", "LC_NUMERIC": "de_CH"], "de_CH", "LC_NUMERIC"),
            (["LC_MONETARY": "ja_JP"], "en_US", nil),
        ] as [([String: String], String, String?)])
    func environment(environment: [String: String], identifier: String, variable: String?) {
        let (id, from) = LocaleSupport.environmentIdentifier(environment, category: "LC_NUMERIC")
        #expect(id == identifier)
        #expect(from == variable)
    }

    /// An environment locale that does not resolve is not fatal (the
    /// revised contract): en_US, and a warning naming the variable.
    @Test func badEnvironmentLocaleNamesTheVariable() throws {
        var warnings: [String] = []
        let locale = try LocaleSupport.resolve(
            option: "--locale", value: nil, environment: ["LANG": "xx_YY"], category: "LC_NUMERIC",
            warn: { warnings.append($0) })
        #expect(locale.identifier == "en_US")
        #expect(warnings == ["LANG=xx_YY is not a known locale; using en_US"])
    }
}
