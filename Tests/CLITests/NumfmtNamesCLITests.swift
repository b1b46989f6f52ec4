import Foundation
import Testing

/// numfmt's option names in every tool (issue 44, item 4): each is either
/// taken with numfmt's meaning or a usage error naming the tool's
/// spelling, and no abbreviation resolves to another option.
@Suite struct NumfmtNamesCLITests {
    static let tools = ["numgroup", "numconv", "coinfmt", "phonefmt"]
    /// The tool's own options whose names begin numfmt's (a name given in
    /// full is always the tool's option).
    static let ownNames: [String: Set<String>] = [
        "numgroup": ["group"], "numconv": ["from", "to"], "coinfmt": [], "phonefmt": [],
    ]
    /// What each tool needs named so that nothing comes from the environment.
    static let base = [
        "numgroup": [], "numconv": ["--from", "C", "--to", "de_DE"], "coinfmt": ["-l", "en_US", "-c", "USD"],
        "phonefmt": ["-r", "KR"],
    ]
    /// numfmt 9.1's long options (`numfmt --help`).
    static let names = [
        "debug", "delimiter", "field", "format", "from", "from-unit", "grouping", "header", "invalid", "padding",
        "round", "suffix", "to", "to-unit", "zero-terminated",
    ]

    enum Expectation: Sendable {
        /// Taken: these arguments (with the name) write this output.
        case taken([String], String)
        /// A usage error whose message holds this text (the tool's spelling).
        case refused(String)
    }

    /// What each tool does with each numfmt name, given in full.
    static let table: [(String, String, Expectation)] = {
        var rows: [(String, String, Expectation)] = []
        for tool in tools {
            let base: [String] =
                switch tool {
                case "numconv": ["--from", "C", "--to", "de_DE"]
                case "coinfmt": ["--style", "number", "-l", "en_US"]
                case "phonefmt": ["-r", "KR"]
                default: []
                }
            let field = tool == "phonefmt" ? "010-1234-5678" : "1234"
            let written: String =
                switch tool {
                case "numconv": "1.234"
                case "phonefmt": "010-1234-5678"
                case "coinfmt": "1,234.00"
                default: "1,234"
                }
            // The stream options are numfmt's own.
            rows.append((tool, "field", .taken(base + ["--field=2", "-d", ":"], "a:\(written)\n")))
            rows.append((tool, "delimiter", .taken(base + ["--delimiter=:", "-f", "2"], "a:\(written)\n")))
            rows.append((tool, "header", .taken(base + ["--header"], "a:\(field)\n\(written)\n")))
            rows.append((tool, "zero-terminated", .taken(base + ["--zero-terminated"], "\(written)\0")))
            rows.append((tool, "padding", .refused("(did you mean '--width'")))
            rows.append((tool, "invalid", .refused("(did you mean '--on-error'")))
            rows.append((tool, "debug", .refused("numfmt's --debug: a value that cannot be read is an error record")))
        }
        rows += [
            ("coinfmt", "round", .taken(["--style", "si", "--round=up", "--", "-1250"], "-1.2K\n")),
            ("coinfmt", "suffix", .taken(["--style", "si", "--suffix=B", "1500"], "1.5KB\n")),
            ("coinfmt", "from-unit", .taken(["--style", "iec", "--from-unit=1024", "1536"], "1.5M\n")),
            ("coinfmt", "to-unit", .taken(["--style", "si", "--to-unit=1000", "1500000"], "1.5K\n")),
            ("coinfmt", "to", .refused("--style si, iec or iec-i")),
            ("coinfmt", "from", .refused("numconv --style si, iec or iec-i")),
            ("coinfmt", "grouping", .refused("--style number")),
            ("coinfmt", "format", .refused("--max-fraction")),
            // numconv's --from and --to name locales (numconv(1)); numfmt's units there are refused.
            ("numconv", "to", .taken(["--from", "C", "--to=de_DE", "1234.5"], "1.234,5\n")),
            ("numconv", "from", .taken(["--from=de_DE", "--to", "C", "1.234,5"], "1234.5\n")),
            (
                "numconv", "suffix",
                .taken(["--style", "si", "--suffix=B", "--from", "C", "--to", "C", "1.5KB"], "1500\n")
            ),
            ("numconv", "round", .refused("--max-fraction")),
            ("numconv", "grouping", .refused("--to locale")),
            ("numconv", "format", .refused("--max-fraction")),
            ("numconv", "from-unit", .refused("coinfmt --from-unit")),
            ("numconv", "to-unit", .refused("coinfmt --to-unit")),
            ("numgroup", "grouping", .refused("(did you mean '--group'")),
            ("numgroup", "round", .refused("coinfmt --round")),
            ("numgroup", "to", .refused("coinfmt --style si, iec or iec-i")),
            ("numgroup", "from", .refused("numconv --style si, iec or iec-i")),
            ("numgroup", "suffix", .refused("coinfmt --suffix")),
            ("numgroup", "format", .refused("--width")),
            ("numgroup", "from-unit", .refused("coinfmt --from-unit")),
            ("numgroup", "to-unit", .refused("coinfmt --to-unit")),
            // phonefmt's --format is the phone number's (phonefmt(1)).
            ("phonefmt", "format", .taken(["-r", "KR", "--format=e164", "010-1234-5678"], "+821012345678\n")),
            ("phonefmt", "round", .refused("coinfmt --round")),
            ("phonefmt", "to", .refused("coinfmt --style si, iec or iec-i")),
            ("phonefmt", "from", .refused("--from-region is written in full")),
            ("phonefmt", "suffix", .refused("coinfmt --suffix")),
            ("phonefmt", "grouping", .refused("numgroup")),
            ("phonefmt", "from-unit", .refused("coinfmt --from-unit")),
            ("phonefmt", "to-unit", .refused("coinfmt --to-unit")),
        ]
        return rows
    }()

    /// The table names every numfmt name in every tool.
    @Test func tableIsComplete() {
        for tool in Self.tools {
            let named = Set(Self.table.filter { $0.0 == tool }.map(\.1))
            #expect(named == Set(Self.names), "\(tool): \(Set(Self.names).subtracting(named))")
        }
    }

    @Test(arguments: table.indices)
    func numfmtName(row: Int) throws {
        let (tool, name, expectation) = Self.table[row]
        switch expectation {
        case .taken(let arguments, let out):
            var input = ""
            if arguments.contains(where: { $0.hasPrefix("--field") || $0.hasPrefix("--delimiter") }) {
                input = "a:" + (tool == "phonefmt" ? "010-1234-5678" : tool == "numconv" ? "1234" : "1234") + "\n"
            } else if arguments.contains("--header") {
                input = "a:" + (tool == "phonefmt" ? "010-1234-5678" : "1234") + "\n"
                input += (tool == "phonefmt" ? "010-1234-5678" : "1234") + "\n"
            } else if arguments.contains("--zero-terminated") {
                input = (tool == "phonefmt" ? "010-1234-5678" : "1234") + "\0"
            }
            let result =
                input.isEmpty
                ? try ToolProcess.run(tool, arguments) : try ToolProcess.run(tool, arguments, input: input)
            #expect(result.exited(0), "\(tool) --\(name): \(result)")
            #expect(result.out == out, "\(tool) --\(name): \(result)")
        case .refused(let spelling):
            let result = try ToolProcess.run(tool, ["--\(name)=1", "1"])
            #expect(result.exited(2), "\(tool) --\(name): \(result)")
            #expect(result.out.isEmpty)
            #expect(result.err.contains(spelling), "\(tool) --\(name): \(result.err)")
        }
    }

    /// Every abbreviation of a numfmt name (two letters on) in every tool
    /// either does what the whole name does or is refused as it is parsed:
    /// never another option (`--round` was `--rounding`, `--to` `--to-unit`).
    @Test(arguments: tools)
    func abbreviationsNeverNameAnotherOption(tool: String) throws {
        let base = Self.base[tool]!
        var wrong: [String] = []
        for name in Self.names {
            let whole = try ToolProcess.run(tool, base + ["--\(name)=x", "1"])
            for length in 2..<name.count {
                let given = String(name.prefix(length))
                // A name of the tool's own is that option (`numconv --to`, `numgroup --group`).
                if Self.ownNames[tool]!.contains(given) { continue }
                let result = try ToolProcess.run(tool, base + ["--\(given)=x", "1"])
                if result.exited(2),
                    result.err.hasPrefix("\(tool): unrecognized option '--\(given)'")
                        || result.err.hasPrefix("\(tool): option '--\(given)' is ambiguous")
                {
                    continue
                }
                if result.status != whole.status || result.out != whole.out || result.err != whole.err {
                    wrong.append("--\(given): \(result.err) (--\(name): \(whole.err))")
                }
            }
        }
        #expect(wrong.isEmpty, "\(tool): \(wrong.joined(separator: "\n"))")
    }

    /// coinfmt's `--round` takes numfmt's methods, with numfmt's results
    /// (`numfmt --to=si --round=M`, GNU coreutils 9.1).
    @Test(arguments: [
        ("up", "1.3K -1.2K 1.4K -1.3K 1.1K -1.0K 1.0M"),
        ("down", "1.2K -1.3K 1.3K -1.4K 1.0K -1.1K 999K"),
        ("from-zero", "1.3K -1.3K 1.4K -1.4K 1.1K -1.1K 1.0M"),
        ("towards-zero", "1.2K -1.2K 1.3K -1.3K 1.0K -1.0K 999K"),
        ("nearest", "1.3K -1.3K 1.4K -1.4K 1.0K -1.0K 1.0M"),
    ])
    func roundAsNumfmt(method: String, numfmt: String) throws {
        let values = ["1250", "-1250", "1350", "-1351", "1001", "-1001", "999999"]
        let result = try ToolProcess.run("coinfmt", ["--style", "si", "--round", method, "--"] + values)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == numfmt.split(separator: " ").map { $0 + "\n" }.joined(), "\(method): \(result)")
    }

    @Test func roundAndRoundingAreOne() throws {
        let result = try ToolProcess.run("coinfmt", ["--style", "si", "--round=up", "--rounding", "up", "1"])
        #expect(result.exited(2))
        #expect(result.err.contains("--round and --rounding are one rounding"), "\(result)")
        let bad = try ToolProcess.run("coinfmt", ["--style", "si", "--round=half-up", "1"])
        #expect(bad.exited(2))
        #expect(bad.err.contains("expected one of up, down, from-zero, towards-zero, nearest"), "\(bad)")
    }

    /// numconv's --from and --to name locales: numfmt's units there say so.
    @Test(arguments: [["--from=iec", "--to", "C"], ["--from", "C", "--to=iec-i"], ["--from=none", "--to", "C"]])
    func numfmtUnitsForLocales(arguments: [String]) throws {
        let result = try ToolProcess.run("numconv", arguments + ["1"])
        #expect(result.exited(2))
        #expect(result.err.contains("names a locale (numfmt's"), "\(result)")
        #expect(result.err.contains("numconv --style"), "\(result)")
    }
}

/// Sizes as df, du and numfmt write them (issue 44, item 9): the unit
/// styles round away from zero unless --rounding or --round says otherwise;
/// a count a prefix scaled is read back as a whole count, rounded so.
@Suite struct UnitRoundingCLITests {
    @Test(arguments: [
        ("si", "-1250", "-1.3K"), ("si", "1250", "1.3K"), ("si", "1001", "1.1K"), ("si", "999999", "1.0M"),
        ("iec", "1025", "1.1K"), ("iec", "-1025", "-1.1K"), ("iec-i", "1025", "1.1Ki"), ("si", "12", "12"),
        ("bytes", "1234567", "1.3 MB"),
    ])
    func unitStylesRoundFromZero(style: String, value: String, out: String) throws {
        let result = try ToolProcess.run("coinfmt", ["--style", style, "--", value])
        #expect(result.exited(0))
        #expect(result.out == out + "\n", "\(style) \(value): \(result)")
    }

    @Test func roundingStillOverrides() throws {
        let result = try ToolProcess.run(
            "coinfmt", ["--style", "si", "--rounding", "half-even", "--", "-1250", "1001"])
        #expect(result.out == "-1.2K\n1.0K\n", "\(result)")
    }

    /// `df -k | coinfmt --header -w -f 2-4 --style iec --from-unit 1024`
    /// writes what `numfmt --header --field 2-4 --to iec --from-unit 1024`
    /// and `df -h` write (79G, not 78G).
    @Test func dfSizes() throws {
        let df = """
            Filesystem     1K-blocks     Used Available Use% Mounted on
            /dev/vda       263174212 17215864  82178040  18% /
            tmpfs           12334760     1024  12333736   1% /dev/shm

            """
        let numfmt = """
            Filesystem     1K-blocks     Used Available Use% Mounted on
            /dev/vda            251G      17G       79G  18% /
            tmpfs                12G     1.0M       12G   1% /dev/shm

            """
        let result = try ToolProcess.run(
            "coinfmt", ["--header", "-w", "-f", "2-4", "--style", "iec", "--from-unit", "1024"], input: df)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == numfmt, "\(result)")
    }

    /// `numfmt --from=si|iec|iec-i` (GNU coreutils 9.1): a number a prefix
    /// scaled is a whole count, away from zero; one without a prefix is as given.
    @Test(arguments: [
        ("iec", "7.1M", "7444890"), ("iec", "-7.1M", "-7444890"), ("si", "7.1M", "7100000"),
        ("si", "1.2345K", "1235"), ("si", "0.0005K", "1"), ("si", "1.5", "1.5"), ("iec", "9.99K", "10230"),
        ("iec-i", "7.1Mi", "7444890"), ("iec-i", "1.5Ki", "1536"), ("bytes", "1.5 KiB", "1536"),
        ("bytes", "7.1 MiB", "7444890"),
    ])
    func byteCountsAreWhole(style: String, value: String, out: String) throws {
        let result = try ToolProcess.run("numconv", ["--style", style, "--from", "en_US", "--to", "C", "--", value])
        #expect(result.exited(0), "\(result)")
        #expect(result.out == out + "\n", "\(style) \(value): \(result)")
    }
}

/// A percent to machine notation (issue 44, item 8): the number alone,
/// the points, or with --ratio the ratio.
@Suite struct PercentToMachineCLITests {
    @Test(arguments: [
        (["--from", "de_DE"], "19 %", false, "19"), (["--from", "de_DE"], "19 %", true, "0.19"),
        (["--from", "de_DE"], "12,5 %", true, "0.125"), (["--from", "de_DE"], "50 %", true, "0.5"),
        (["--from", "de_DE"], "100 %", true, "1"), (["--from", "de_DE"], "0,5 %", true, "0.005"),
        (["--from", "de_DE"], "-3 %", true, "-0.03"), (["--from", "de_DE"], "-3 %", false, "-3"),
        (["--from", "en_US"], "2.35%", true, "0.0235"), (["--from", "auto"], "19%", true, "0.19"),
        (["--from", "auto"], "19%", false, "19"),
    ])
    func percentToC(from: [String], value: String, ratio: Bool, out: String) throws {
        let result = try ToolProcess.run(
            "numconv", ["--style", "percent"] + from + ["--to", "C"] + (ratio ? ["--ratio"] : []) + ["--", value])
        #expect(result.exited(0), "\(result)")
        #expect(result.out == out + "\n", "\(value) ratio \(ratio): \(result)")
    }

    /// Another target still writes its percent; the fraction options apply to what is written.
    @Test func severalTargetsAndFractions() throws {
        let both = try ToolProcess.run(
            "numconv", ["--style", "percent", "--from", "de_DE", "--to", "C,fr_FR", "--ratio", "19 %"])
        #expect(both.out == "0.19\t19\u{A0}%\n", "\(both)")
        let rounded = try ToolProcess.run(
            "numconv",
            ["--style", "percent", "--from", "en_US", "--to", "C", "--ratio", "--max-fraction", "2", "12.5%"])
        #expect(rounded.out == "0.12\n", "\(rounded)")
    }

    @Test(arguments: [
        (["--style", "percent", "--from", "de_DE", "--to", "fr_FR", "--ratio"], "--ratio applies only to --to C"),
        (["--style", "number", "--from", "de_DE", "--to", "C", "--ratio"], "--ratio applies only to --style percent"),
        (
            ["--style", "currency", "--from", "de_DE", "--to", "C", "--ratio"],
            "--ratio applies only to --style percent"
        ),
    ])
    func ratioNeedsAPercentToC(arguments: [String], message: String) throws {
        let result = try ToolProcess.run("numconv", arguments + ["1"])
        #expect(result.exited(2))
        #expect(result.err.contains(message), "\(result)")
    }
}
