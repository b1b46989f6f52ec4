import Foundation
import Testing

/// man/numgroup.1 against the tool: the options `--help` lists, the error
/// codes the sources can produce, examples that run, and mandoc's lint.
@Suite struct NumgroupManPageTests {
    static let man = ManPage("numgroup.1")
    static var page: String { man.text }
    static func section(_ name: String) -> [Substring] { man.section(name) }
    static func unescape(_ line: Substring) -> String { ManPage.unescape(line) }

    @Test func hasTheSections() {
        for name in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "DIAGNOSTICS", "SEE ALSO"] {
            #expect(Self.page.contains("\n.Sh \(name)\n"), "\(name)")
        }
    }

    // That OPTIONS documents every option of `--help` and nothing else is
    // checked for every tool by ManPageTests.

    /// DIAGNOSTICS lists exactly the codes numgroup's sources can produce.
    @Test func diagnosticsListEveryErrorCode() throws {
        var codes = Set<String>()
        for file in [
            "Sources/NumToolsCore/Numbers/DigitGrouper.swift", "Sources/NumToolsCore/Engine/StreamEngine.swift",
            "Sources/NumToolsCore/Engine/ValueTransform.swift",
        ] {
            let text = try String(contentsOf: ToolProcess.repository.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /ValueError\(\s*"([a-z0-9-]+)"/) { codes.insert(String(match.1)) }
        }
        #expect(codes.count >= 10, "\(codes.sorted())")
        var documented = Set<String>()
        for line in Self.section("DIAGNOSTICS") where line.hasPrefix(".It Sy ") {
            documented.insert(String(line.dropFirst(".It Sy ".count)))
        }
        #expect(documented == codes, "undocumented: \(codes.subtracting(documented).sorted()); unknown: \(documented.subtracting(codes).sorted())")
    }

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
