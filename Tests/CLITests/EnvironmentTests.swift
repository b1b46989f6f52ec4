import Foundation
import Testing

/// Values of locale variables no tool may crash on. ICU reads `LC_ALL`,
/// `LC_MESSAGES` and `LANG` when it sets up its default locale, which it does
/// even when every locale is named explicitly, and crashes on a language code
/// of 12 or more letters.
private let hostileLocaleValues: [String] = {
    var values = [
        "nonexistentlang", "abcdefghijkl", "abcdefghijkl_DE.UTF-8", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx@euro",
        String(repeating: "a", count: 4096), String(repeating: "de_", count: 2000),
        "@@@", "..", "/", "%n%n%s%s", "", "C", "POSIX", "xx_YY", "en_US@@@@", "-", "_", "=",
        "de_DE.UTF-8@@@@@@@@@@@@@", "en-u-nu-aaaaaaaaaaaaaaaaaaaa", "x-private-aaaaaaaaaaaaaaaaaa",
        "ääääääääääääää", "\u{FFFD}\u{FFFD}", "\u{202E}ar_EG", "zh_Hans_CN_aaaaaaaaaaaaaaaaaaaaaaa",
    ]
    var rng = SplitMix64(seed: 0x5EED_10CA1E)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.@=%/ \t")
    for _ in 0..<8 {
        let count = Int.random(in: 1...40, using: &rng)
        values.append(String((0..<count).map { _ in alphabet.randomElement(using: &rng)! }))
    }
    return values
}()

/// The variables a value is put in, one group per run: ICU's default-locale
/// variables one by one (`LC_ALL` hides the others from ICU), then all the
/// rest together.
private let variableGroups: [[String]] = [
    ["LANG"], ["LC_ALL"], ["LC_MESSAGES", "LC_NUMERIC", "LC_MONETARY", "LANGUAGE", "LC_CTYPE"],
]

/// A tool's command line and what it writes when it works; nil where the
/// locale comes from the environment (a value that does not resolve is a
/// usage error there).
private struct Invocation: Sendable, CustomStringConvertible {
    var tool: String
    var arguments: [String]
    var expected: String?
    var description: String { ([tool] + arguments).joined(separator: " ") }
}

private let plainInvocations: [Invocation] = [
    Invocation(tool: "numconv", arguments: ["--from", "en_US", "--to", "de_DE", "1234"], expected: "1.234\n"),
    // Issue #44: without --from, machine notation, whatever the environment.
    Invocation(tool: "numconv", arguments: ["--to", "de_DE", "1234"], expected: "1.234\n"),
    Invocation(tool: "coinfmt", arguments: ["--locale", "en_US", "1"], expected: "$1.00\n"),
    Invocation(tool: "coinfmt", arguments: ["1"], expected: nil),
    Invocation(tool: "numgroup", arguments: ["-l", "de_DE", "1234"], expected: "1.234\n"),
    Invocation(tool: "numgroup", arguments: ["1234"], expected: "1,234\n"),
    Invocation(tool: "phonefmt", arguments: ["-r", "KR", "01012345678"], expected: "010-1234-5678\n"),
    // The default region comes from the environment; a number with its
    // country code reads the same in every region.
    Invocation(tool: "phonefmt", arguments: ["+821012345678"], expected: "010-1234-5678\n"),
]

private let listings: [Invocation] = [
    Invocation(tool: "numconv", arguments: ["--list-locales"], expected: nil),
    Invocation(tool: "numgroup", arguments: ["--list-locales"], expected: nil),
    Invocation(tool: "coinfmt", arguments: ["--list-locales"], expected: nil),
    Invocation(tool: "coinfmt", arguments: ["--list-currencies"], expected: nil),
    Invocation(tool: "phonefmt", arguments: ["--list-regions"], expected: nil),
]

/// A directory for `ICU_DATA` holding malformed resource bundles (written
/// atomically: test cases running side by side each write it): ICU looks
/// there before its built-in data, so such a file changes what FormatStyle
/// writes, and these (each says it uses the pool bundle, itself one of them)
/// make ICU recurse until the stack overflows.
private func hostileICUData() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "numtools-icu-data-\(getpid())", isDirectory: true)
    var bundle: [UInt8] = [32, 0, 0xDA, 0x27]  // header size, magic
    bundle += [20, 0, 0, 0, 0, 0, 2, 0] + Array("ResB".utf8) + [3, 0, 0, 0, 1, 0, 0, 0]  // UDataInfo
    bundle += [UInt8](repeating: 0, count: 32 - bundle.count)
    bundle += [0x10, 0, 0, 0x20] + [UInt8](repeating: 0xFF, count: 4000)
    for directory in ["icudt76l", "icudt76l/curr"] {
        let dir = root.appendingPathComponent(directory)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["root", "pool", "res_index", "en", "en_US", "de", "de_DE", "numberingSystems", "supplementalData"]
        {
            try Data(bundle).write(to: dir.appendingPathComponent(name + ".res"), options: .atomic)
        }
    }
    return root.path
}

/// Whether the run ended as a tool may end: by itself (no signal), with a
/// status the contract knows (never 134, 139 or another 128+N).
private func exitedCleanly(_ result: ToolResult) -> Bool {
    result.reason == .exit && result.status >= 0 && result.status <= 3
}

@Suite struct EnvironmentTests {
    /// Every hostile value in every group of variables, for each tool's plain
    /// run: never a crash; exit 0 and the right output when the locale is
    /// named on the command line (or not needed), else 0 or a usage error.
    @Test(arguments: plainInvocations)
    fileprivate func hostileLocaleVariables(_ invocation: Invocation) throws {
        for value in hostileLocaleValues {
            for group in variableGroups {
                var environment: [String: String] = [:]
                for name in group { environment[name] = value }
                let result = try ToolProcess.run(invocation.tool, invocation.arguments, environment: environment)
                let context = "\(invocation) with \(group.joined(separator: ","))=\(value.prefix(60).debugDescription)"
                #expect(exitedCleanly(result), "\(context): \(String(describing: result).prefix(400))")
                if let expected = invocation.expected {
                    #expect(
                        result.exited(0) && result.out == expected,
                        "\(context): \(String(describing: result).prefix(400))")
                } else {
                    #expect(
                        result.exited(0) || result.exited(2), "\(context): \(String(describing: result).prefix(400))")
                }
            }
        }
    }

    /// `ICU_DATA` naming a directory of malformed bundles: no crash, and the
    /// output is the built-in data's.
    @Test(arguments: plainInvocations)
    fileprivate func hostileICUDataDirectory(_ invocation: Invocation) throws {
        let result = try ToolProcess.run(
            invocation.tool, invocation.arguments, environment: ["ICU_DATA": try hostileICUData()])
        #expect(exitedCleanly(result), "\(invocation): \(String(describing: result).prefix(400))")
        if let expected = invocation.expected {
            #expect(
                result.exited(0) && result.out == expected, "\(invocation): \(String(describing: result).prefix(400))")
        }
    }

    /// The listings name no locale of the environment's: under crashing
    /// values of each variable ICU reads they still exit 0 and list the same.
    @Test(arguments: listings)
    fileprivate func listingsUnderHostileEnvironments(_ invocation: Invocation) throws {
        let clean = try ToolProcess.run(invocation.tool, invocation.arguments)
        #expect(clean.exited(0) && !clean.stdout.isEmpty, "\(invocation): \(String(describing: clean).prefix(400))")
        let environments: [[String: String]] = [
            ["LANG": "nonexistentlang"],
            ["LC_ALL": String(repeating: "a", count: 4096), "LANG": "abcdefghijkl", "LANGUAGE": "abcdefghijkl"],
            [
                "LC_MESSAGES": "abcdefghijklmnop", "LC_NUMERIC": "@@@", "LC_MONETARY": "%n", "LC_CTYPE": "..",
                "ICU_DATA": try hostileICUData(),
            ],
        ]
        for environment in environments {
            let result = try ToolProcess.run(invocation.tool, invocation.arguments, environment: environment)
            let context = "\(invocation) with \(environment.keys.sorted())"
            #expect(result.exited(0), "\(context): \(String(describing: result).prefix(400))")
            #expect(result.stdout == clean.stdout, "\(context): the listing changed")
        }
    }

    /// Bytes that are not UTF-8 (which `Process` cannot pass), through a shell.
    @Test(arguments: plainInvocations)
    fileprivate func nonUTF8LocaleVariables(_ invocation: Invocation) throws {
        let command = ([invocation.tool] + invocation.arguments).joined(separator: " ")
        for variable in ["LANG", "LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LC_MONETARY", "LANGUAGE"] {
            for bytes in [#"\377\376"#, #"abcdefghijklmn\300"#, #"de_DE.\377@\200"#] {
                let result = try ToolProcess.shell(#"\#(variable)="$(printf '\#(bytes)')" exec \#(command)"#)
                let context = "\(invocation) with \(variable)=\(bytes)"
                #expect(exitedCleanly(result), "\(context): \(String(describing: result).prefix(400))")
                if let expected = invocation.expected {
                    #expect(
                        result.exited(0) && result.out == expected,
                        "\(context): \(String(describing: result).prefix(400))")
                } else {
                    #expect(
                        result.exited(0) || result.exited(2), "\(context): \(String(describing: result).prefix(400))")
                }
            }
        }
    }

    /// Valid locale variables still choose the default locale, in the
    /// contract's order, though the tools clear them before ICU starts:
    /// coinfmt's notation and currency, phonefmt's region; never numconv's
    /// --from, nor a candidate of --from auto (issue #44): ar_EG in the
    /// environment does not make auto read Arabic digits.
    @Test(
        arguments: [
            (["LC_NUMERIC": "de_DE.UTF-8"], "numconv", ["--from", "auto", "--to", "en_US", "١٬٢٣٤"], nil),
            (["LC_NUMERIC": "ar_EG.UTF-8"], "numconv", ["--from", "auto", "--to", "en_US", "١٬٢٣٤"], nil),
            (["LANG": "ar_EG.UTF-8"], "numconv", ["--from", "auto", "--to", "en_US", "١٬٢٣٤"], nil),
            (["LANG": "de_DE.UTF-8"], "numconv", ["--to", "en_US", "1234.5"], "1,234.5\n"),
            (
                ["LC_ALL": "de_DE", "LC_TELEPHONE": "ko_KR"], "phonefmt", ["--format", "e164", "030 1234567"],
                "+49301234567\n"
            ),
            (
                ["LC_ALL": "de_DE@euro", "LANG": "nonexistentlang"], "coinfmt", ["1234.5"],
                "1.234,50\u{A0}€\n"
            ),
            (["LC_MONETARY": "de_DE.UTF-8", "LC_NUMERIC": "ja_JP"], "coinfmt", ["1234.5"], "1.234,50\u{A0}€\n"),
            (["LANG": "ja_JP.UTF-8"], "coinfmt", ["1234"], "¥1,234\n"),
            (["LC_NUMERIC": "C.UTF-8", "LANG": "de_DE"], "numconv", ["--to", "en_US", "1234.5"], "1,234.5\n"),
        ] as [([String: String], String, [String], String?)])
    func validLocaleVariablesStillChooseTheDefault(
        _ environment: [String: String], _ tool: String, _ arguments: [String], _ expected: String?
    ) throws {
        let result = try ToolProcess.run(tool, arguments, environment: environment)
        if let expected {
            #expect(result.exited(0) && result.out == expected, "\(result)")
        } else {
            // No default candidate reads Arabic digits: the error record shows the environment added none.
            #expect(result.exited(1) && result.out.hasPrefix("error\t1\t0\t"), "\(result)")
        }
    }
}
