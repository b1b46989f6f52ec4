import Foundation
import Testing

/// One TAB: the command line typed so far, and what the completion must offer.
struct CompletionCase: Sendable, CustomStringConvertible {
    var line: String
    /// Matches that must be offered (each as the whole value: a list's items
    /// before the one completed included); nil: nothing may be offered.
    var includes: [String]?
    /// Whether the value is a comma list (zsh's `_values -s ,` ends a list
    /// item with a removable ',').
    var isList = false

    init(_ line: String, _ includes: [String]?, list: Bool = false) {
        self.line = line
        self.includes = includes
        self.isList = list
    }

    var tool: String { String(line.prefix { $0 != " " }) }
    /// The last word, as the user typed it.
    var word: String { String(line.split(separator: " ", omittingEmptySubsequences: false).last!) }
    /// `--opt=` when the last word gives its value in the same word.
    var optionPart: String {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return "" }
        return String(word[...equals])
    }
    /// The value being completed.
    var value: String { String(word.dropFirst(optionPart.count)) }
    var description: String { line }

    /// Checks what a shell offered, each match with `--opt=` taken off.
    func check(_ offered: [String], shell: String) {
        if let includes {
            #expect(!offered.isEmpty, "\(shell): \(line) offers nothing")
            for match in includes { #expect(offered.contains(match), "\(shell): \(line) lacks \(match): \(offered)") }
            for match in offered {
                #expect(match.hasPrefix(value), "\(shell): \(line) offers \(match)")
                if !isList { #expect(!match.contains(","), "\(shell): \(line) offers a comma: \(match)") }
            }
        } else {
            #expect(offered.isEmpty, "\(shell): \(line) offers \(offered)")
        }
    }
}

let completionCases: [CompletionCase] = [
    CompletionCase("numgroup --locale=de_C", ["de_CH"]),
    CompletionCase("numgroup --locale de_C", ["de_CH"]),
    CompletionCase("numgroup -l de_C", ["de_CH"]),
    CompletionCase("numgroup --locale=", ["de_CH", "en_US", "ko_KR"]),
    CompletionCase("numgroup --locale de_CH,fr", nil),
    CompletionCase("numconv --to de_DE,fr_C", ["de_DE,fr_CA", "de_DE,fr_CH"], list: true),
    CompletionCase("numconv --to=de_DE,fr_C", ["de_DE,fr_CA", "de_DE,fr_CH"], list: true),
    CompletionCase("numconv --to=ko", ["ko", "ko_KR"], list: true),
    CompletionCase("numconv --from de_DE,fr_C", nil),
    CompletionCase("numconv --from=fr_C", ["fr_CA", "fr_CH"]),
    CompletionCase("coinfmt --currency=EU", ["EUR"]),
    CompletionCase("coinfmt --currency EU", ["EUR"]),
    CompletionCase("coinfmt -c EU", ["EUR"]),
    CompletionCase("coinfmt --currency EUR,US", nil),
    CompletionCase("coinfmt --style=p", ["percent"]),
    CompletionCase("coinfmt --display n", ["narrow", "name"]),
    CompletionCase("phonefmt --region=K", ["KR", "KE"]),
    CompletionCase("phonefmt --format e164,loc", ["e164,location"], list: true),
    CompletionCase("phonefmt --format=type,country", ["type,country-code"], list: true),
    CompletionCase("phonefmt --type=mobile,fix", ["mobile,fixed-line", "mobile,fixed-line-or-mobile"], list: true),
    CompletionCase("numgroup --complete-values=c", ["currencies"]),
]

/// The generated completion functions, run by the shells themselves: bash
/// everywhere (it is always there), zsh and fish where they are installed.
@Suite struct CompletionTests {
    static func shellPath(_ name: String) -> String? {
        ["/bin", "/usr/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-completion-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The words bash hands a completion function for `line` (the cursor at
    /// its end): split at blanks, and, when COMP_WORDBREAKS holds '=' (its
    /// default), with each run of '=' a word of its own, as readline does.
    static func bashWords(_ line: String, splitAtEquals: Bool) -> [String] {
        var words: [String] = []
        for blankWord in line.split(separator: " ", omittingEmptySubsequences: false) {
            guard splitAtEquals else {
                words.append(String(blankWord))
                continue
            }
            var current = ""
            var inEquals = false
            for c in blankWord {
                if (c == "=") != inEquals, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                inEquals = c == "="
                current.append(c)
            }
            words.append(current)
        }
        return words
    }

    /// bash: the function `TOOL --completion bash` defines, given COMP_WORDS,
    /// COMP_CWORD, COMP_LINE and COMP_POINT as bash sets them, with '=' in
    /// COMP_WORDBREAKS (the default) and without it.
    @Test(arguments: completionCases)
    func bash(_ c: CompletionCase) throws {
        let bash = try #require(Self.shellPath("bash"))
        let script = try ToolProcess.run(c.tool, ["--completion", "bash"])
        #expect(script.exited(0), "\(script)")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(c.tool + ".bash")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        for splitAtEquals in [true, false] {
            let words = Self.bashWords(c.line, splitAtEquals: splitAtEquals)
            let command = """
                source \(Self.quoted(file.path))
                \(splitAtEquals ? "" : "COMP_WORDBREAKS=${COMP_WORDBREAKS//=/}")
                COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))
                COMP_CWORD=\(words.count - 1)
                COMP_LINE=\(Self.quoted(c.line))
                COMP_POINT=${#COMP_LINE}
                COMPREPLY=()
                _\(c.tool)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try ToolProcess.shell(
                "\(bash) --norc --noprofile -c \(Self.quoted(command))", environment: ToolProcess.environment())
            #expect(result.exited(0) && result.err.isEmpty, "\(result)")
            var offered = result.out.split(separator: "\n").map(String.init)
            if !splitAtEquals {
                // The whole word is replaced: each match repeats `--opt=`.
                #expect(offered.allSatisfy { $0.hasPrefix(c.optionPart) }, "\(c.line): \(offered)")
                offered = offered.map { String($0.dropFirst(c.optionPart.count)) }
            }
            c.check(offered, shell: splitAtEquals ? "bash" : "bash (no '=' in COMP_WORDBREAKS)")
        }
    }

    /// fish: its own completion engine (`complete -C`) on the script
    /// `TOOL --completion fish` writes.
    @Test(arguments: completionCases)
    func fish(_ c: CompletionCase) throws {
        guard let fish = Self.shellPath("fish") else {
            print("skipped: fish is not installed, the fish completion is not run")
            return
        }
        let script = try ToolProcess.run(c.tool, ["--completion", "fish"])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(c.tool + ".fish")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        let command = "source \(Self.quoted(file.path)); complete -C \(Self.quoted(c.line))"
        let result = try ToolProcess.shell(
            "\(fish) --no-config -c \(Self.quoted(command))",
            environment: ToolProcess.environment(["HOME": directory.path, "XDG_CONFIG_HOME": directory.path]))
        #expect(result.exited(0), "\(result)")
        let offered = result.out.split(separator: "\n").map {
            String(String($0.prefix { $0 != "\t" }).dropFirst(c.optionPart.count))
        }
        c.check(offered, shell: "fish")
    }

    /// zsh: an interactive zsh on a pseudo-terminal (zpty) with compinit,
    /// the `_TOOL` function in its fpath, and LINE<TAB> typed
    /// (Tests/Fixtures/completion/zsh-complete.zsh records what is offered).
    @Test(arguments: completionCases)
    func zsh(_ c: CompletionCase) throws {
        guard let zsh = Self.shellPath("zsh") else {
            print("skipped: zsh is not installed, the zsh completion is not run")
            return
        }
        let script = try ToolProcess.run(c.tool, ["--completion", "zsh"])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try script.out.write(to: directory.appendingPathComponent("_" + c.tool), atomically: true, encoding: .utf8)
        let harness = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/completion/zsh-complete.zsh").path
        // Autoloaded from fpath as installed, and sourced (`--completion zsh`
        // loaded from any prefix).
        for mode in ["fpath", "source"] {
            let result = try ToolProcess.shell(
                "\(zsh) -f \(Self.quoted(harness)) \(Self.quoted(directory.path)) \(Self.quoted(c.line)) \(mode)",
                environment: ToolProcess.environment(["HOME": directory.path, "TERM": "dumb"]))
            #expect(result.exited(0), "zsh (\(mode)) did not finish completing \(c.line): \(result)")
            let recorded = (try? String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)) ?? ""
            let offered = recorded.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("__") }.map {
                var match = String($0.dropFirst(c.optionPart.count))
                if c.isList, match.hasSuffix(",") { match.removeLast() }  // _values' removable separator
                return match
            }
            c.check(Array(Set(offered)), shell: "zsh (\(mode))")
        }
    }

    /// `--complete-values KIND` lists the names of the matching listing's
    /// first column, in its order: what a completion offers, with nothing
    /// formatted (`--list-locales` formats a sample a locale).
    @Test(arguments: [
        ("numgroup", "locales", "--list-locales"), ("coinfmt", "currencies", "--list-currencies"),
        ("phonefmt", "regions", "--list-regions"),
    ])
    func completeValuesListsTheListingsNames(tool: String, kind: String, listing: String) throws {
        let names = try ToolProcess.run(tool, ["--complete-values", kind])
        let listed = try ToolProcess.run(tool, [listing])
        #expect(names.exited(0) && listed.exited(0), "\(names) \(listed)")
        let expected = listed.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(expected.count > 100)
        #expect(names.out == expected.map { $0 + "\n" }.joined())
    }

    /// The scripts call `--complete-values`, never a listing.
    @Test(arguments: ["numgroup", "numconv", "phonefmt", "coinfmt"], ["bash", "zsh", "fish"])
    func scriptsCallTheCompactListing(tool: String, shell: String) throws {
        let script = try ToolProcess.run(tool, ["--completion", shell]).out
        for listing in ["--list-locales", "--list-currencies", "--list-regions"] {
            #expect(!script.contains(listing + " 2>"), "\(shell) completion of \(tool) runs \(listing)")
        }
        #expect(script.contains("--complete-values"))
    }
}
