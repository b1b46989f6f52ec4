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
    /// Whether the values are read in any case (`usd` is USD, `de_de`
    /// de_DE): typed in any case, they are matched in any case, and every
    /// shell offers each in its canonical case, as `includes` writes it.
    var anyCase = false

    init(_ line: String, _ includes: [String]?, list: Bool = false, anyCase: Bool = false) {
        self.line = line
        self.includes = includes
        self.isList = list
        self.anyCase = anyCase
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
            let fold: (String) -> String = { anyCase ? $0.lowercased() : $0 }
            for match in includes {
                #expect(offered.contains(match), "\(shell): \(line) lacks \(match): \(offered)")
                // Never in the case typed: `usd` inserts USD, not usd.
                for other in offered where other != match && fold(other) == fold(match) {
                    Issue.record("\(shell): \(line) offers \(other) beside \(match)")
                }
            }
            for match in offered {
                #expect(fold(match).hasPrefix(fold(value)), "\(shell): \(line) offers \(match)")
                if !isList { #expect(!match.contains(","), "\(shell): \(line) offers a comma: \(match)") }
            }
        } else {
            #expect(offered.isEmpty, "\(shell): \(line) offers \(offered)")
        }
    }
}

let completionCases: [CompletionCase] = [
    CompletionCase("numgroup --locale=de_C", ["de_CH"], anyCase: true),
    CompletionCase("numgroup --locale de_C", ["de_CH"], anyCase: true),
    CompletionCase("numgroup -l de_C", ["de_CH"], anyCase: true),
    CompletionCase("numgroup --locale=", ["de_CH", "en_US", "ko_KR"], anyCase: true),
    CompletionCase("numgroup --locale de_CH,fr", nil),
    CompletionCase("numconv --to de_DE,fr_C", ["de_DE,fr_CA", "de_DE,fr_CH"], list: true, anyCase: true),
    CompletionCase("numconv --to=de_DE,fr_C", ["de_DE,fr_CA", "de_DE,fr_CH"], list: true, anyCase: true),
    CompletionCase("numconv --to=ko", ["ko", "ko_KR"], list: true, anyCase: true),
    CompletionCase("numconv --from de_DE,fr_C", nil),
    CompletionCase("numconv --from=fr_C", ["fr_CA", "fr_CH"], anyCase: true),
    CompletionCase("coinfmt --currency=EU", ["EUR"], anyCase: true),
    CompletionCase("coinfmt --currency EU", ["EUR"], anyCase: true),
    CompletionCase("coinfmt -c EU", ["EUR"], anyCase: true),
    CompletionCase("coinfmt --currency EUR,US", nil),
    CompletionCase("coinfmt --style=p", ["percent"]),
    CompletionCase("coinfmt --style s", ["scientific"]),
    CompletionCase("coinfmt --sign=a", ["auto", "always", "accounting"]),
    CompletionCase("coinfmt --display n", ["narrow", "name"]),
    CompletionCase("phonefmt --region=K", ["KR", "KE"], anyCase: true),
    CompletionCase("phonefmt --format e164,loc", ["e164,location"], list: true),
    CompletionCase("phonefmt --format=type,country", ["type,country-code"], list: true),
    CompletionCase("phonefmt --type=mobile,fix", ["mobile,fixed-line", "mobile,fixed-line-or-mobile"], list: true),
    CompletionCase("numgroup --complete-values=c", ["currencies"]),
    CompletionCase("numconv --from au", ["auto", "auto:"], anyCase: true),
    CompletionCase("numconv --from=", ["auto", "auto:", "C", "de_DE"], anyCase: true),
    CompletionCase("numconv --from C", ["C"], anyCase: true),
    CompletionCase("numconv --to de_DE,", ["de_DE,C", "de_DE,fr_FR"], list: true, anyCase: true),
    CompletionCase("numconv --prefer C", ["C"], anyCase: true),
    CompletionCase("numconv --to auto", nil),
    CompletionCase("numgroup -l C", ["C"], anyCase: true),
    CompletionCase("coinfmt --currency us", ["USD"], anyCase: true),
    CompletionCase("coinfmt --currency=eu", ["EUR"], anyCase: true),
    CompletionCase("coinfmt -c Eu", ["EUR"], anyCase: true),
    CompletionCase("numconv --currency=kr", ["KRW"], anyCase: true),
    CompletionCase("phonefmt --region k", ["KR"], anyCase: true),
    CompletionCase("phonefmt --from-region=u", ["US"], anyCase: true),
    CompletionCase("numgroup --locale de_c", ["de_CH"], anyCase: true),
    CompletionCase("coinfmt --locale=EN_U", ["en_US"], anyCase: true),
    CompletionCase("numconv --from=FR_C", ["fr_CA", "fr_CH"], anyCase: true),
    CompletionCase("numconv --to de_DE,fr_c", ["de_DE,fr_CA", "de_DE,fr_CH"], list: true, anyCase: true),
    CompletionCase("phonefmt --lang zh", ["zh", "zh_Hant"]),
    CompletionCase("phonefmt --lang=k", ["ko", "kk"]),
    CompletionCase("numgroup --wid", ["--width"]),
    CompletionCase("coinfmt --whi", ["--whitespace"]),
    CompletionCase("phonefmt --width=", nil),
]

/// A file name typed where a file is taken: after an option that takes one,
/// as an operand, after `<`. Completed in the repository (`Packa`: Package.swift).
let fileCompletionLines = [
    "numgroup --errors Packa", "numgroup --errors=Packa", "numgroup Packa", "numgroup < Packa",
    "coinfmt --csv -f 2 Packa", "phonefmt --errors README", "numconv --from de_DE --to C > Packa",
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
        // A match in another case (`usd`: USD) replaces the value alone.
        let offered = result.out.split(separator: "\n").map { line -> String in
            let match = String(line.prefix { $0 != "\t" })
            return match.hasPrefix(c.optionPart) ? String(match.dropFirst(c.optionPart.count)) : match
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
                // An option that takes a value is offered as `--width=`, its
                // '=' the one `_arguments` writes for `--opt=VALUE`.
                if match.hasPrefix("--"), match.hasSuffix("="), !c.value.contains("=") { match.removeLast() }
                return match
            }
            c.check(Array(Set(offered)), shell: "zsh (\(mode))")
        }
    }

    /// Files, bash: the function asks readline for its file names
    /// (`compopt -o default`, recorded by a stand-in) and offers nothing of
    /// its own, or, for `--opt=FILE` as one word, offers the files itself.
    @Test(arguments: fileCompletionLines)
    func bashFiles(_ line: String) throws {
        let bash = try #require(Self.shellPath("bash"))
        let c = CompletionCase(line, ["Package.swift"])
        let script = try ToolProcess.run(c.tool, ["--completion", "bash"])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(c.tool + ".bash")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        for splitAtEquals in [true, false] {
            let words = Self.bashWords(line, splitAtEquals: splitAtEquals)
            let command = """
                cd \(Self.quoted(ToolProcess.repository.path))
                source \(Self.quoted(file.path))
                compopt() { printf 'compopt %s\\n' "$*"; }
                \(splitAtEquals ? "" : "COMP_WORDBREAKS=${COMP_WORDBREAKS//=/}")
                COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))
                COMP_CWORD=\(words.count - 1)
                COMP_LINE=\(Self.quoted(line))
                COMP_POINT=${#COMP_LINE}
                COMPREPLY=()
                _\(c.tool)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try ToolProcess.shell(
                "\(bash) --norc --noprofile -c \(Self.quoted(command))", environment: ToolProcess.environment())
            #expect(result.exited(0) && result.err.isEmpty, "\(result)")
            let lines = result.out.split(separator: "\n").map(String.init)
            if lines.contains("compopt -o default") {
                #expect(lines == ["compopt -o default"], "\(line): \(lines)")
            } else {
                #expect(!splitAtEquals && c.optionPart != "", "\(line): no file names asked for: \(lines)")
                #expect(lines.contains("compopt -o filenames"), "\(line): \(lines)")
                #expect(lines.contains(c.optionPart + "Package.swift"), "\(line): \(lines)")
            }
        }
    }

    /// bash: `--from auto:LOCALE,...`, as bash splits it at ':' and '='
    /// (COMP_WORDBREAKS holds both by default), at ':' alone, and at neither:
    /// the words, and the matches offered for the last word.
    @Test(arguments: [
        (["numconv", "--from", "auto", ":", "de_D"], ["de_DE"]),
        (["numconv", "--from", "auto", ":"], ["de_DE", "C"]),
        (["numconv", "--from", "=", "auto", ":", "fr_C"], ["fr_CA", "fr_CH"]),
        (["numconv", "--from=auto", ":", "fr_C"], ["fr_CA", "fr_CH"]),
        (["numconv", "--from", "AUTO", ":", "de_DE,fr_C"], ["de_DE,fr_CA", "de_DE,fr_CH"]),
        (["numconv", "--from", "auto:de_DE,fr_C"], ["auto:de_DE,fr_CA", "auto:de_DE,fr_CH"]),
        (["numconv", "--from=auto:fr_C"], ["--from=auto:fr_CA", "--from=auto:fr_CH"]),
        (["numconv", "--to", "de_DE", ":"], []),
    ])
    func bashAutoList(words: [String], expected: [String]) throws {
        let bash = try #require(Self.shellPath("bash"))
        let script = try ToolProcess.run("numconv", ["--completion", "bash"])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("numconv.bash")
        try script.out.write(to: file, atomically: true, encoding: .utf8)
        let line = words.joined(separator: " ")
        let command = """
            source \(Self.quoted(file.path))
            compopt() { :; }
            COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE=\(Self.quoted(line))
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _numconv
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ToolProcess.shell(
            "\(bash) --norc --noprofile -c \(Self.quoted(command))", environment: ToolProcess.environment())
        #expect(result.exited(0) && result.err.isEmpty, "\(result)")
        let offered = result.out.split(separator: "\n").map(String.init)
        for match in expected { #expect(offered.contains(match), "\(words): lacks \(match): \(offered)") }
        if expected.isEmpty { #expect(offered.isEmpty, "\(words): \(offered)") }
        #expect(!offered.contains("auto"), "\(words): \(offered)")
    }

    /// Files, zsh and fish: their own engines, in the repository.
    @Test(arguments: fileCompletionLines)
    func zshAndFishFiles(_ line: String) throws {
        let c = CompletionCase(line, ["Package.swift"])
        guard line.contains(" < ") == false else { return }  // a redirection is the shell's own
        if let fish = Self.shellPath("fish") {
            let script = try ToolProcess.run(c.tool, ["--completion", "fish"])
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent(c.tool + ".fish")
            try script.out.write(to: file, atomically: true, encoding: .utf8)
            let command =
                "cd \(Self.quoted(ToolProcess.repository.path)); source \(Self.quoted(file.path)); complete -C \(Self.quoted(line))"
            let result = try ToolProcess.shell(
                "\(fish) --no-config -c \(Self.quoted(command))",
                environment: ToolProcess.environment(["HOME": directory.path, "XDG_CONFIG_HOME": directory.path]))
            let offered = result.out.split(separator: "\n").map {
                String(String($0.prefix { $0 != "\t" }).dropFirst(c.optionPart.count))
            }
            #expect(
                offered.contains(line.hasSuffix("README") ? "README.md" : "Package.swift"), "fish: \(line): \(result)")
        } else {
            print("skipped: fish is not installed, the fish file completion is not run")
        }
        if let zsh = Self.shellPath("zsh") {
            let script = try ToolProcess.run(c.tool, ["--completion", "zsh"])
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try script.out.write(to: directory.appendingPathComponent("_" + c.tool), atomically: true, encoding: .utf8)
            let harness = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/completion/zsh-complete.zsh")
                .path
            let result = try ToolProcess.shell(
                "cd \(Self.quoted(ToolProcess.repository.path)) && \(zsh) -f \(Self.quoted(harness)) \(Self.quoted(directory.path)) \(Self.quoted(line)) fpath",
                environment: ToolProcess.environment(["HOME": directory.path, "TERM": "dumb"]))
            let recorded = (try? String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)) ?? ""
            let offered = recorded.split(separator: "\n").map { String($0.dropFirst(c.optionPart.count)) }
            #expect(
                offered.contains(line.hasSuffix("README") ? "README.md" : "Package.swift"),
                "zsh: \(line): \(result) \(offered)")
        } else {
            print("skipped: zsh is not installed, the zsh file completion is not run")
        }
    }

    /// The text with each backspace taking back the character before it.
    static func rendered(_ text: String) -> String {
        var shown = ""
        for c in text {
            if c == "\u{08}" { _ = shown.popLast() } else { shown.append(c) }
        }
        return shown
    }

    /// A real interactive bash on a pseudo-terminal, the completion sourced
    /// from its rc file, a line typed with TAB: what the screen shows.
    static func typeInBash(_ tool: String, _ typed: String, until marker: String) throws -> (Bool, String)? {
        guard let bash = shellPath("bash") else { return nil }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("zzpty_unique_file.txt"))
        let script = try ToolProcess.run(tool, ["--completion", "bash"])
        let completion = directory.appendingPathComponent(tool + ".bash")
        try script.out.write(to: completion, atomically: true, encoding: .utf8)
        let rc = directory.appendingPathComponent("rc")
        try """
        bind 'set bell-style none' 2>/dev/null
        bind 'set show-all-if-ambiguous on' 2>/dev/null
        cd \(quoted(directory.path))
        source \(quoted(completion.path))
        PS1='READY> '

        """.write(to: rc, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            bash, ["--noprofile", "--rcfile", rc.path, "-i"],
            environment: ToolProcess.environment([
                "TERM": "dumb", "INPUTRC": "/dev/null", "HOME": directory.path, "HISTFILE": "/dev/null",
            ]))
        defer { terminal.close() }
        guard terminal.waitFor("READY> ") else { return (false, terminal.text) }
        terminal.type(typed)
        // What the screen shows: readline rewrites a word in another case
        // (`usd` to USD) by backing up over it.
        let found = terminal.waitFor { rendered($0).contains(marker) }
        return (found, rendered(terminal.text))
    }

    @Test(arguments: [
        ("numgroup", "numgroup --errors zzpty_\t", "zzpty_unique_file.txt"),
        ("numgroup", "numgroup --errors=zzpty_\t", "zzpty_unique_file.txt"),
        ("numgroup", "numgroup < zzpty_\t", "zzpty_unique_file.txt"),
        ("phonefmt", "phonefmt --csv zzpty_\t", "zzpty_unique_file.txt"),
        ("numconv", "numconv --from au\t", "auto:"),
        ("numconv", "numconv --from auto:de_D\t", "auto:de_DE "),
        ("numconv", "numconv --from=auto:en_US,de_D\t", "auto:en_US,de_DE "),
        ("coinfmt", "coinfmt --currency usd\t", "USD "),
        ("phonefmt", "phonefmt --region kr\t", "KR "),
        ("numgroup", "numgroup --locale de_ch\t", "de_CH "),
    ])
    func interactiveBash(tool: String, typed: String, marker: String) throws {
        guard let (found, screen) = try Self.typeInBash(tool, typed, until: marker) else {
            print("skipped: bash is not installed, the interactive completion is not run")
            return
        }
        #expect(found, "typed \(typed.debugDescription): the screen shows \(screen.debugDescription)")
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
