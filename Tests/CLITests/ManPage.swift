import Foundation

/// A man page of the repository, read as mdoc source, for the tests that keep
/// each page true to its tool.
struct ManPage {
    let name: String
    let text: String

    init(_ name: String) {
        self.name = name
        text =
            (try? String(contentsOf: ToolProcess.repository.appendingPathComponent("man/\(name)"), encoding: .utf8))
            ?? ""
    }

    /// The source lines of one `.Sh` section.
    func section(_ name: String) -> [Substring] {
        var lines: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".Sh ") {
                inside = line == ".Sh \(name)"
                continue
            }
            if inside { lines.append(line) }
        }
        return lines
    }

    /// Roff escapes in literal text, as they render.
    static func unescape(_ line: Substring) -> String {
        line.replacingOccurrences(of: "\\(aq", with: "'").replacingOccurrences(of: "\\(cq", with: "’")
            .replacingOccurrences(of: "\\(dq", with: "\"").replacingOccurrences(of: "\\&", with: "")
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
    }

    /// The `$ command` lines of the literal displays in `sections`, each with
    /// the lines the page shows after it as its output.
    func shellExamples(in sections: [String]) -> [(command: String, output: String)] {
        var examples: [(command: String, output: String)] = []
        var inLiteral = false
        for name in sections {
            for line in section(name) {
                if line.hasPrefix(".Bd -literal") {
                    inLiteral = true
                } else if line == ".Ed" {
                    inLiteral = false
                } else if inLiteral {
                    let text = Self.unescape(line)
                    if text.hasPrefix("$ ") {
                        examples.append((String(text.dropFirst(2)), ""))
                    } else if let last = examples.last, last.output.isEmpty, text.hasPrefix(" "),
                        last.command.hasSuffix("|") || last.command.hasSuffix("\\")
                    {
                        // A command continued on an indented line, as DocExamples reads it.
                        examples[examples.count - 1].command += "\n" + text
                    } else if !examples.isEmpty {
                        examples[examples.count - 1].output += text + "\n"
                    }
                }
            }
        }
        return examples
    }

    static let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc", "/opt/homebrew/bin/mandoc"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What `mandoc -Tlint` says of the page, but for references to the
    /// sibling pages not installed where mandoc looks.
    func lintMessages() throws -> [Substring] {
        let path = ToolProcess.repository.appendingPathComponent("man/\(name)").path
        let result = try ToolProcess.shell("\"\(Self.mandoc!)\" -Tlint \"\(path)\" 2>&1")
        return result.out.split(separator: "\n").filter {
            !$0.contains("STYLE: referenced manual not found") && !$0.contains("outdated mandoc.db")
        }
    }
}
