import Foundation
import Testing

/// Issue 45, item 3: statements of the docs checked against the tools, each
/// where a doc once said otherwise.
@Suite struct DocClaimTests {
    static func text(_ path: String) throws -> String {
        let text = try String(contentsOf: ToolProcess.repository.appendingPathComponent(path), encoding: .utf8)
        // Lines joined, roff's escapes and mdoc's quoting macros read as text.
        return text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// coinfmt(1) said a language without spell-out rules is a usage error;
    /// coinfmt writes ICU's root rules there, which are English, and numconv
    /// reads them back.
    @Test func wordsInALanguageWithoutRulesAreEnglish() throws {
        let written = try ToolProcess.run("coinfmt", ["--style", "words", "-l", "xh_ZA", "1234", "12.5"])
        #expect(written.status == 0, "\(written)")
        #expect(written.out == "one thousand two hundred thirty-four\ntwelve point five\n", "\(written)")
        let read = try ToolProcess.run(
            "numconv", ["--style", "words", "--from", "xh_ZA", "--to", "C"], input: written.out)
        #expect(read.status == 0 && read.out == "1234\n12.5\n", "\(read)")
        let page = try Self.text("man/coinfmt.1")
        #expect(!page.contains("has none is a usage error"))
        #expect(page.contains("root rules, which are English"))
        #expect(page.contains("coinfmt --style words -l xh_ZA 1234"))
    }

    /// coinfmt(1) says numconv reads its words and numerals back: every
    /// words or numerals example of its EXAMPLES, read by numconv with the
    /// same locale, currency and system, gives the number written.
    @Test func numconvReadsBackEveryWordsExampleOfCoinfmt() throws {
        let page = try Self.text("man/coinfmt.1")
        #expect(page.contains("reads words and numerals back to the number written"))
        let examples = ManPage("coinfmt.1").shellExamples(in: ["EXAMPLES"]).filter {
            $0.command.hasPrefix("coinfmt --style words") || $0.command.hasPrefix("coinfmt --style numerals")
        }.filter { !$0.command.contains("|") }
        #expect(examples.count >= 6, "\(examples)")
        for example in examples {
            var words = example.command.split(separator: " ").map(String.init).dropFirst()[...]
            var options: [String: String] = [:]
            var values: [String] = []
            while let word = words.popFirst() {
                if word == "--" {
                    values += words
                    break
                } else if word.hasPrefix("-") {
                    options[word] = words.popFirst() ?? ""
                } else {
                    values.append(word)
                }
            }
            let style = options["--style"] ?? ""
            let locale = options["-l"] ?? options["--locale"] ?? "en_US"
            var arguments = ["--style", style, "--from", locale, "--to", "C"]
            if let system = options["--system"] { arguments += ["--system", system] }
            if options["--currency"] != nil || options["--words"] != nil {
                let code =
                    options["--currency"] ?? Locale(identifier: locale).currency?.identifier ?? "(none)"
                arguments += ["--currency", code]
            }
            let read = try ToolProcess.run("numconv", arguments, input: example.output)
            #expect(read.status == 0, "\(example.command) | numconv \(arguments): \(read)")
            let numbers = read.out.split(separator: "\n").map { Decimal(string: String($0)) }
            #expect(
                numbers == values.map { Decimal(string: $0) },
                "\(example.command) | numconv \(arguments.joined(separator: " ")): \(read.out)")
        }
    }

    /// The columns' right edges (the display column where each blank-split
    /// field ends) of each line.
    static func rightEdges(_ text: String) -> [[Int]] {
        text.split(separator: "\n").map { line in
            var edges: [Int] = []
            var column = 0
            var inField = false
            for character in line {
                let blank = character == " " || character == "\t"
                if inField && blank { edges.append(column) }
                inField = !blank
                column += 1
            }
            if inField { edges.append(column) }
            return edges
        }
    }

    /// The df recipe said `numgroup --header -w -f 2-4 --width 11` keeps the
    /// header aligned; it does not where the blanks run out, as after a long
    /// file-system name, and the docs now say so. coinfmt's IEC style, which
    /// writes shorter values, keeps every column and the header aligned.
    @Test func dfColumnsAsTheDocsSay() throws {
        let fixtures = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/examples")
        for name in ["df.txt", "df-long.txt"] {
            let df = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
            let iec = try ToolProcess.run(
                "coinfmt", ["--header", "-w", "-f", "2-4", "--style", "iec", "--from-unit", "1024"], input: df)
            #expect(iec.status == 0, "\(iec)")
            let edges = Self.rightEdges(iec.out).map { Array($0[1...3]) }
            #expect(Set(edges).count == 1, "\(name): coinfmt --style iec: \(iec.out)")
            #expect(edges.first == Self.rightEdges(df).first.map { Array($0[1...3]) }, "\(name): \(iec.out)")
        }
        let df = try String(contentsOf: fixtures.appendingPathComponent("df-long.txt"), encoding: .utf8)
        let grouped = try ToolProcess.run("numgroup", ["--header", "-w", "-f", "2-4", "--width", "11"], input: df)
        let edges = Self.rightEdges(grouped.out).map { Array($0[1...3]) }
        #expect(Set(edges).count > 1, "the rows of df-long.txt stay aligned: \(grouped.out)")
        for path in ["README.md", "docs/tools.md", "man/numtools.7"] {
            let text = try Self.text(path)
            #expect(!text.contains("stays a table"), "\(path)")
            #expect(!text.contains("keeps its columns' right edges, row after row"), "\(path)")
            #expect(text.contains("no longer sits over"), "\(path) does not say where the header stops lining up")
        }
    }
}
