import Foundation
import Testing

/// man/coinfmt.1 against the tool: its sections, examples that run, and
/// mandoc's lint (options and error codes: ManPageTests).
@Suite struct CoinfmtManPageTests {
    static let man = ManPage("coinfmt.1")
    static var page: String { man.text }
    static func section(_ name: String) -> [Substring] { man.section(name) }
    static func unescape(_ line: Substring) -> String { ManPage.unescape(line) }

    @Test func hasTheSections() {
        for name in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "DIAGNOSTICS", "SEE ALSO",
        ] {
            #expect(Self.page.contains("\n.Sh \(name)\n"), "\(name)")
        }
    }

    // That DIAGNOSTICS lists every code the tool can write, and nothing else,
    // is checked for every tool by ManPageTests.

    @Test func seeAlso() {
        let text = Self.section("SEE ALSO").joined(separator: "\n")
        for reference in ["numtools 7", "numconv 1", "numgroup 1", "phonefmt 1"] {
            #expect(text.contains(".Xr \(reference)"), "\(reference)")
        }
    }

    /// Every example that needs no file of its own runs and prints what the page says.
    @Test func examplesRun() throws {
        let examples = Self.man.shellExamples(in: ["EXAMPLES", "DIAGNOSTICS"])
        let runnable = examples.filter { !$0.command.contains(".tsv") }
        #expect(runnable.count >= 8)
        for example in runnable {
            let result = try ToolProcess.shell(example.command + " 2>&1")
            #expect(result.out == example.output, "\(example.command): \(result)")
        }
    }

    /// The price-table example, with prices.tsv as the page shows it.
    @Test func priceTableExampleRuns() throws {
        let lines = Self.section("EXAMPLES").map { Self.unescape($0) }
        let catAt = try #require(lines.firstIndex(of: "$ cat prices.tsv"))
        let pipeAt = try #require(lines.firstIndex { $0.hasPrefix("$ coinfmt -c USD -f 3") })
        let table = lines[(catAt + 1)..<pipeAt].joined(separator: "\n") + "\n"
        var command = ""
        var index = pipeAt
        while true {
            let line = lines[index].hasPrefix("$ ") ? String(lines[index].dropFirst(2)) : lines[index]
            command += line.trimmingCharacters(in: .whitespaces) + " "
            index += 1
            if !line.hasSuffix("|") { break }
        }
        let expected = lines[index...].prefix { $0 != ".Ed" }.joined(separator: "\n") + "\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coinfmt-man-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try table.write(to: directory.appendingPathComponent("prices.tsv"), atomically: true, encoding: .utf8)
        let result = try ToolProcess.shell("cd '\(directory.path)' && " + command)
        // As written, the last pass writes to a pipe here: no colour, the
        // output the page shows.
        #expect(result.out == expected, "\(result)")
        #expect(command.hasSuffix("--sign always "), "\(command)")
        // What the page says a terminal shows (--color auto there): the
        // colours --color always writes.
        let coloured = try ToolProcess.shell("cd '\(directory.path)' && " + command + "--color always")
        let plain = coloured.out.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(
            of: "\u{1B}[31m", with: ""
        ).replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(plain == expected, "\(coloured)")
        #expect(coloured.out.contains("\u{1B}[32m+2.35%\u{1B}[0m"))
        #expect(coloured.out.contains("\u{1B}[31m-1.20%\u{1B}[0m"))
    }

    /// Clean under `mandoc -Tlint`, but for references to the sibling pages
    /// not installed where mandoc looks.
    @Test(.enabled(if: ManPage.mandoc != nil, "mandoc is not installed"))
    func lintClean() throws {
        let messages = try Self.man.lintMessages()
        #expect(messages.isEmpty, "\(messages)")
    }
}
