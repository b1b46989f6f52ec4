import NumToolsCore

/// The one layout of help text for a terminal: every line of `--help` (the
/// usage, the summary, the option table, the examples) is filled to at most
/// ``width`` display columns here, never wrapped by hand.
public enum HelpLayout {
    /// The terminal width help is written for.
    public static let width = 80
    /// The column an option's description starts in.
    public static let descriptionColumn = 30

    /// The display columns of `text` (a CJK character takes two).
    public static func columns(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + DisplayWidth.of(scalar: $1.value) }
    }

    /// `words` filled into lines of at most `width` columns: the first line
    /// starts with `first`, the others with `indent`, each line ending before
    /// `suffix` when another follows (`" \\"` for a shell command). A line
    /// never starts with a word beginning with '-' when its word before can
    /// come along, so a wrapped description never reads as an option line.
    /// A word wider than a line stands alone on its line.
    public static func fill(
        _ words: [String], first: String, indent: String, suffix: String = "", width: Int = width
    ) -> [String] {
        var lines: [[String]] = [[]]
        var used = columns(first)
        for word in words {
            let needed = (lines[lines.count - 1].isEmpty ? 0 : 1) + columns(word)
            if lines[lines.count - 1].isEmpty || used + needed + columns(suffix) <= width {
                lines[lines.count - 1].append(word)
                used += needed
                continue
            }
            var carried: [String] = []
            if word.hasPrefix("-"), lines[lines.count - 1].count > 1 {
                let previous = lines[lines.count - 1].removeLast()
                if columns(indent) + columns(previous) + 1 + columns(word) + columns(suffix) <= width {
                    carried = [previous]
                } else {
                    lines[lines.count - 1].append(previous)
                }
            }
            lines.append(carried + [word])
            used = columns(indent) + columns(lines[lines.count - 1].joined(separator: " "))
        }
        return lines.enumerated().map { index, line in
            (index == 0 ? first : indent) + line.joined(separator: " ") + (index < lines.count - 1 ? suffix : "")
        }
    }

    /// A paragraph (its line breaks are spaces) filled to `width` columns.
    public static func paragraph(_ text: String, indent: String = "") -> String {
        fill(words(text), first: indent, indent: indent).joined(separator: "\n") + "\n"
    }

    /// The words of `text`, split at blanks and line breaks.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// A usage line: `Usage: TOOL SYNOPSIS`, wrapped between the synopsis's
    /// bracketed groups (`[--find [--replace]]` is never split), the
    /// continuation lines under the synopsis's start.
    public static func usage(_ name: String, _ synopsis: String) -> String {
        var groups: [String] = []
        var depth = 0
        for word in words(synopsis) {
            if depth > 0 { groups[groups.count - 1] += " " + word } else { groups.append(word) }
            depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
        }
        let first = "Usage: \(name) "
        return fill(groups, first: first, indent: String(repeating: " ", count: first.count)).joined(separator: "\n")
            + "\n"
    }

    /// One option of the table: its synopsis, then its description from
    /// ``descriptionColumn`` on, wrapped there (a synopsis too wide for the
    /// column has the description on the lines after it).
    public static func option(_ spec: OptionSpec) -> String {
        let left = "  " + spec.synopsis
        let column = String(repeating: " ", count: descriptionColumn)
        if columns(left) < descriptionColumn {
            let first = left + String(repeating: " ", count: descriptionColumn - columns(left))
            return fill(words(spec.help), first: first, indent: column).joined(separator: "\n") + "\n"
        }
        return left + "\n" + fill(words(spec.help), first: column, indent: column).joined(separator: "\n") + "\n"
    }

    /// One example, as written when it fits (its alignment kept); otherwise
    /// the command's comment (`# 1,234`) goes on the line after it, and a
    /// command still too wide continues on more lines, each ending in `\`,
    /// split only at blanks outside quotes.
    public static func example(_ line: String) -> String {
        let written = "  " + line
        if columns(written) <= width { return written + "\n" }
        var command = line
        var comment: String?
        if let mark = line.ranges(of: " # ").last,
            line[..<mark.lowerBound].filter({ $0 == "'" }).count % 2 == 0
        {
            command = String(line[..<mark.lowerBound]).trimmingTrailingBlanks()
            comment = String(line[line.index(after: mark.lowerBound)...])
        }
        var text = fill(shellWords(command), first: "  ", indent: "      ", suffix: " \\").joined(separator: "\n")
        text += "\n"
        if let comment {
            // `# ` starts each of the comment's lines.
            let body = words(String(comment.dropFirst(2)))
            text += fill(body, first: "      # ", indent: "      # ").joined(separator: "\n") + "\n"
        }
        return text
    }

    /// A command's words, split at blanks outside single or double quotes.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for c in command {
            if let q = quote {
                if c == q { quote = nil }
                current.append(c)
            } else if c == "'" || c == "\"" {
                quote = c
                current.append(c)
            } else if c == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

extension String {
    fileprivate func trimmingTrailingBlanks() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
