import Foundation
import Testing

/// Locale names as users' systems carry them, through the built tools
/// (the revised contract's Locales section).
@Suite struct LocaleCLITests {
    /// glibc's supported list (Tests/Fixtures/glibc-supported.txt).
    static let glibcNames: [String] = {
        let url = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/glibc-supported.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }()

    /// The languages of that list without CLDR number data (see
    /// LocaleResolutionTests): refused, with exit 2.
    /// The names of that list ICU does not list with their region or
    /// script (see LocaleResolutionTests): refused since issue #44.
    static let unlisted: Set<String> = [
        "ar_IN", "az_IR", "be_BY@latin", "ber_DZ", "bho_NP", "eu_FR.UTF-8", "eu_FR", "eu_FR@euro", "fy_DE",
        "gv_GB.UTF-8", "gv_GB", "ia_FR", "mai_NP", "tt_RU@iqtelif", "yi_US.UTF-8", "yi_US",
    ]

    /// The names of that list the tools take.
    static let known = glibcNames.filter {
        !rareLanguages.contains(String($0.prefix { $0.isLetter })) && !unlisted.contains($0)
    }

    static let rareLanguages: Set<String> = [
        "aa", "agr", "an", "anp", "ayc", "bhb", "bi", "crh", "csb", "hak", "hif", "hne", "ik", "li", "lzh", "mag",
        "mhr", "miq", "mjw", "mnw", "nan", "nhn", "niu", "pap", "rif", "sgs", "shn", "shs", "sid", "tcy", "the", "tpi",
        "unm", "yuw",
    ]

    static func money(_ text: String, _ code: String, _ id: String) -> String {
        Decimal(string: text)!.formatted(.currency(code: code).locale(Locale(identifier: id)))
    }

    @Test func chineseCronEnvironment() throws {
        let result = try ToolProcess.run("coinfmt", ["--currency", "CNY", "1"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(result.exited(0), "\(result)")
        #expect(result.out == Self.money("1", "CNY", "zh_CN") + "\n")
        #expect(result.err == "")
    }

    @Test(arguments: [
        (["--from", "en_US", "--to", "zh_TW"], "1234567.89", "1,234,567.89"),
        (["--from", "sr_RS", "--to", "en_US"], "1.234.567,89", "1,234,567.89"),
        (
            ["--from", "en_US", "--to", "pa_IN,uz_UZ,az_AZ"], "1234567.89",
            "12,34,567.89\t1\u{A0}234\u{A0}567,89\t1.234.567,89"
        ),
        (["--from", "ur_PK", "--to", "de_DE"], "12,34,567.89", "1.234.567,89"),
        (["--from", "zh_CN.UTF-8", "--to", "sr_RS@latin"], "1234567.89", "1.234.567,89"),
        (["--from", "DE_de", "--to", "ZH-hant-tw"], "1.234,5", "1,234.5"),
        (["--from", "de_DE", "--to", "C"], "1.234.567,89", "1234567.89"),
        (["--from", "de_DE", "--to", "POSIX,c"], "-1.234.567,89", "-1234567.89\t-1234567.89"),
        (["--from", "C", "--to", "de_DE"], "1234567.89", "1.234.567,89"),
        (["--from", "C", "--to", "fr_FR"], "-0.5", "-0,5"),
    ])
    func everyFormAUserHas(arguments: [String], input: String, expected: String) throws {
        let result = try ToolProcess.run("numconv", arguments + [input])
        #expect(result.exited(0), "\(arguments): \(result)")
        #expect(result.out == expected + "\n", "\(arguments): \(result)")
    }

    /// Machine notation is read strictly: no grouping, one `.`, ASCII digits.
    @Test func machineNotationIsStrict() throws {
        let result = try ToolProcess.run(
            "numconv", ["--from", "C", "--to", "de_DE"], input: "1234.5\n1,234\n1.234.5\n")
        #expect(result.exited(1), "\(result)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "1.234,5")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("error\t") }, "\(lines)")
    }

    @Test func machineNotationInEveryTool() throws {
        let group = try ToolProcess.run("numgroup", ["-l", "C", "1234567.5"])
        #expect(group.exited(0) && group.out == "1234567.5\n", "\(group)")
        let coin = try ToolProcess.run("coinfmt", ["-l", "POSIX", "--currency", "USD", "1234.5"])
        #expect(coin.exited(0) && coin.out == Self.money("1234.5", "USD", "en_US_POSIX") + "\n", "\(coin)")
    }

    /// A locale variable that names no known locale: one warning, en_US, exit 0.
    @Test(
        arguments: [
            // (numconv reads no locale variable since issue #44: see NumconvAutoCLITests.)
            (
                "coinfmt", ["--currency", "EUR", "1234.5"], ["LC_MONETARY": "klingon", "LANG": "de_DE"],
                money("1234.5", "EUR", "en_US") + "\n",
                "coinfmt: LC_MONETARY=klingon is not a known locale; using en_US\n"
            ),
            (
                "coinfmt", ["--currency", "EUR", "1234.5"], ["LC_ALL": "aa_DJ.UTF-8"],
                money("1234.5", "EUR", "en_US") + "\n",
                "coinfmt: LC_ALL=aa_DJ.UTF-8 is not a known locale; using en_US\n"
            ),
        ] as [(String, [String], [String: String], String, String)])
    func unknownEnvironmentWarnsOnce(
        tool: String, arguments: [String], environment: [String: String], out: String, err: String
    )
        throws
    {
        let result = try ToolProcess.run(tool, arguments, environment: environment)
        #expect(result.exited(0), "\(result)")
        #expect(result.out == out, "\(result)")
        #expect(result.err == err, "\(result)")
    }

    /// Every glibc name is taken by numconv's --to in one run; the rare
    /// languages, and the names ICU does not list, are refused one by one
    /// with exit 2.
    @Test func everyGlibcNameThroughNumconv() throws {
        #expect(Self.glibcNames.count >= 300)
        let known = Self.known
        let result = try ToolProcess.run("numconv", ["--from", "en_US"] + known.flatMap { ["--to", $0] } + ["1234.5"])
        #expect(result.exited(0), "\(String(describing: result).prefix(600))")
        #expect(result.out.split(separator: "\t").count == known.count)
        for name in Self.glibcNames where !known.contains(name) {
            let refused = try ToolProcess.run("numconv", ["--from", "en_US", "--to", name, "1"])
            #expect(refused.exited(2), "\(name): \(refused)")
            #expect(refused.err.hasPrefix("numconv: unknown locale '\(name)' for --to"), "\(name): \(refused)")
        }
    }

    /// A sample of glibc's names as LANG for coinfmt and numconv, and as
    /// numgroup's --locale: each resolves (exit 0, no warning).
    @Test func glibcNamesAsEnvironmentAndOption() throws {
        var rng = SystemRandomNumberGenerator()
        for name in Self.known.shuffled(using: &rng).prefix(12) {
            // (-c: a name without a territory, `eo`, names no currency.)
            let coin = try ToolProcess.run("coinfmt", ["-c", "EUR", "1234.5"], environment: ["LANG": name])
            #expect(coin.exited(0) && coin.err.isEmpty, "LANG=\(name) coinfmt: \(coin)")
            let conv = try ToolProcess.run("numconv", ["--to", "en_US", "5"], environment: ["LANG": name])
            #expect(conv.exited(0) && conv.err.isEmpty, "LANG=\(name) numconv: \(conv)")
            let group = try ToolProcess.run("numgroup", ["-l", name, "1234567"])
            #expect(group.exited(0) && group.err.isEmpty, "numgroup -l \(name): \(group)")
        }
    }

    /// Issue #25: ht_HT (Haitian Creole, fr_HT's data) from LANG, as
    /// --to and as numgroup's and coinfmt's --locale, as FormatStyle writes it.
    @Test func haitianCreole() throws {
        let from = try ToolProcess.run("numconv", ["--from", "ht_HT", "--to", "C", "1 234 567,89"])
        #expect(from.exited(0) && from.out == "1234567.89\n" && from.err.isEmpty, "\(from)")
        let to = try ToolProcess.run("numconv", ["--from", "C", "--to", "ht_HT", "1234567.89"])
        #expect(to.exited(0) && to.out == "1\u{202F}234\u{202F}567,89\n", "\(to)")
        let coin = try ToolProcess.run("coinfmt", ["1234.5"], environment: ["LANG": "ht_HT.UTF-8"])
        #expect(coin.exited(0) && coin.err.isEmpty, "\(coin)")
        #expect(coin.out == Self.money("1234.5", "HTG", "ht_HT") + "\n", "\(coin)")
        let group = try ToolProcess.run("numgroup", ["-l", "ht_HT", "1234567,5"])
        #expect(group.exited(0) && group.out == "1\u{202F}234\u{202F}567,5\n", "\(group)")
        let refused = try ToolProcess.run("coinfmt", ["-c", "EUR", "1"], environment: ["LANG": "aa_DJ.UTF-8"])
        #expect(refused.err == "coinfmt: LANG=aa_DJ.UTF-8 is not a known locale; using en_US\n", "\(refused)")
    }

    /// Close matches for a typo keep the language and offer the short forms.
    @Test func suggestionsKeepTheLanguage() throws {
        let result = try ToolProcess.run("numconv", ["--from", "en_US", "--to", "zh_CNN", "1"])
        #expect(result.exited(2))
        #expect(result.err.contains("'zh_CN'") && !result.err.contains("za_CN"), "\(result)")
    }
}
