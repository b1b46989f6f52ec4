import Foundation
import Testing

/// man/numgroup.1 against the tool: its sections, examples that run, and
/// mandoc's lint (options and error codes: ManPageTests).
@Suite struct NumgroupManPageTests {
    static let man = ManPage("numgroup.1")
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

    // That OPTIONS documents every option of `--help`, and DIAGNOSTICS every
    // code the tool can write, and nothing else, is checked for every tool by
    // ManPageTests.

    @Test func seeAlso() {
        let text = Self.section("SEE ALSO").joined(separator: "\n")
        for reference in ["numtools 7", "numconv 1", "coinfmt 1", "phonefmt 1", "numfmt 1", "cut 1"] {
            #expect(text.contains(".Xr \(reference)"), "\(reference)")
        }
    }

    /// Every example that needs no file of its own runs and prints what the page says.
    @Test func examplesRun() throws {
        let examples = Self.man.shellExamples(in: ["EXAMPLES"])
        let runnable = examples.filter { !$0.command.contains("tail -f") && !$0.command.contains(".tsv") }
        #expect(runnable.count >= 7)
        for example in runnable {
            let result = try ToolProcess.shell(example.command)
            #expect(result.out == example.output, "\(example.command): \(result)")
        }
    }

    /// Clean under `mandoc -Tlint`, but for references to the sibling pages
    /// not installed where mandoc looks.
    @Test(.enabled(if: ManPage.mandoc != nil, "mandoc is not installed"))
    func lintClean() throws {
        let messages = try Self.man.lintMessages()
        #expect(messages.isEmpty, "\(messages)")
    }
}
