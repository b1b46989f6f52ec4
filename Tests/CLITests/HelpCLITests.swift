import Foundation
import Testing

/// The display columns of a line of help: two for a wide (East Asian)
/// character, none for a combining mark, one for any other.
func helpColumns(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
        let v = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return total
        }
        let wide =
            (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
        return total + (wide ? 2 : 1)
    }
}

/// `--help` for a terminal: 80 columns, the tool's three most used options
/// first, its man page named last.
@Suite struct HelpCLITests {
    /// Each tool and the three options its `--help` lists first (the ones the
    /// examples of the README and its man page use most; see `mostUsed` in
    /// its `Sources/NumToolsTools/<Tool>.swift`).
    static let mostUsed: [(tool: String, options: [String])] = [
        ("numgroup", ["-f, --field", "--text", "-l, --locale"]),
        ("numconv", ["--from", "--to", "--style"]),
        ("phonefmt", ["-r, --region", "--format", "-f, --field"]),
        ("coinfmt", ["--style", "-l, --locale", "-c, --currency"]),
    ]

    /// The lines of `--help` that start an option's entry.
    static func optionLines(_ help: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"^  (?:-\w, |    )--[a-z]"#)
        return help.split(separator: "\n").map(String.init).filter {
            regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
        }
    }

    static func checkFits(_ help: String, _ name: String) {
        for line in help.split(separator: "\n") {
            #expect(helpColumns(line) <= 80, "\(name): \(helpColumns(line)) columns: \(line)")
            #expect(!line.hasSuffix(" "), "\(name): trailing blank: \(line)")
        }
    }

    @Test(arguments: mostUsed.map(\.tool), [["--help"], ["-h"]])
    func helpFitsEightyColumns(tool: String, arguments: [String]) throws {
        let result = try ToolProcess.run(tool, arguments)
        #expect(result.exited(0) && result.err.isEmpty, "\(result)")
        #expect(result.out.hasPrefix("Usage: \(tool) "))
        Self.checkFits(result.out, tool)
        // Run as `numtools TOOL --help`, the same text.
        let called = try ToolProcess.run("numtools", [tool] + arguments)
        #expect(called.exited(0) && called.out == result.out)
    }

    @Test(arguments: mostUsed)
    func helpListsTheThreeMostUsedOptionsFirst(tool: String, options: [String]) throws {
        let help = try ToolProcess.run(tool, ["--help"]).out
        let first = Self.optionLines(help).prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(first.count == 3, "\(help)")
        for (line, option) in zip(first, options) {
            #expect(line.hasPrefix(option + " ") || line == option, "\(tool): \(line) is not \(option)")
        }
        #expect(help.contains("\nMost used options:\n"))
        // Listed once: each option line names a different option.
        let lines = Self.optionLines(help)
        #expect(Set(lines).count == lines.count, "\(tool): an option listed twice")
    }

    @Test(arguments: mostUsed.map(\.tool))
    func helpEndsByNamingTheManPage(tool: String) throws {
        let help = try ToolProcess.run(tool, ["--help"]).out
        let last = try #require(help.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) })
        #expect(last.hasPrefix("See \(tool)(1)"), "\(tool): \(last)")
        #expect(last.contains("numtools(7)"), "\(tool): \(last)")
    }

    /// A description wrapped onto more lines continues under its column,
    /// and none of its lines reads as an option of its own.
    @Test(arguments: mostUsed.map(\.tool))
    func wrappedDescriptionsAlignUnderTheirColumn(tool: String) throws {
        let help = try ToolProcess.run(tool, ["--help"]).out
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let options = lines.firstIndex(of: "Most used options:"), let end = lines.firstIndex(of: "Examples:")
        else {
            Issue.record("\(tool): no options or examples: \(help)")
            return
        }
        var continued = 0
        for line in lines[options..<end] where line.hasPrefix("   ") && !line.hasPrefix("      --") {
            guard !line.hasPrefix("  -"), line.hasPrefix(String(repeating: " ", count: 30)) else {
                Issue.record("\(tool): continuation out of its column: \(line)")
                continue
            }
            #expect(line.dropFirst(30).first != " " && line.dropFirst(30).first != "-", "\(tool): \(line)")
            continued += 1
        }
        #expect(continued > 5, "\(tool): nothing wrapped")
    }

    @Test func numtoolsHelpFitsAndNamesItsManPage() throws {
        for arguments in [[], ["--help"], ["-h"]] {
            let result = try ToolProcess.run("numtools", arguments)
            #expect(result.exited(0), "\(result)")
            Self.checkFits(result.out, "numtools")
            let last = try #require(result.out.split(separator: "\n").last)
            #expect(last.contains("numtools(7)"), "\(last)")
        }
    }
}
