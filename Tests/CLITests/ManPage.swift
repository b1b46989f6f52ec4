import Foundation

/// A man page of the repository, read as mdoc source, for the tests that keep
/// each page true to its tool.
struct ManPage {
    let text: String

    init(_ name: String) {
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
}
