import Foundation
import Testing

/// One example of the user docs: a command as the reader types it and the
/// output the doc shows for it.
struct DocExample: Sendable, CustomStringConvertible {
    /// `README.md:146`: the file and the line of the command.
    var place: String
    /// The command, its continuation lines included.
    var command: String
    /// The output shown, standard error included, each line ended with LF.
    var expected: String
    var description: String { "\(place): \(command)" }
}

/// An example the docs mark as not run, with the reason they give.
struct SkippedDocExample: Sendable, CustomStringConvertible {
    var place: String
    var reason: String
    var description: String { "\(place) (not run: \(reason))" }
}

/// The examples of README.md, of docs/*.md and of the man pages' COOKBOOK and
/// EXAMPLES sections, by the docs' convention:
///
/// - README.md and docs/*.md: a fenced block of `sh`, `console` or `shell` is a run of
///   examples: lines `$ COMMAND` (continued on indented lines after a line
///   ending in `|` or `\`), each followed by the output it writes (standard
///   output and error; `<TAB>` stands for a TAB). A block that is not run
///   (it installs, needs files of your own, a terminal, the network) has the
///   line `<!-- not run: REASON -->` just before its fence.
/// - A man page's COOKBOOK (numtools(7)) and EXAMPLES: each `.Bd -literal` display is such a run, in
///   roff (`\e` is a backslash, `\(aq` a quote); `.\" not run: REASON` just
///   before the `.Bd` marks the display, inside it the next `$ COMMAND`.
///
/// Anything else is an error of the docs (a block neither run nor marked, a
/// roff escape or request the reader cannot read off), so no example is left
/// out silently.
enum DocExamples {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let shellBlocks: Set<String> = ["sh", "console", "shell"]
    static let marker = "not run: "

    /// What the docs hold: the examples to run, those marked not run, and
    /// the problems with the convention.
    static let all: (run: [DocExample], skipped: [SkippedDocExample], problems: [String]) = {
        var run: [DocExample] = []
        var skipped: [SkippedDocExample] = []
        var problems: [String] = []
        let repository = ToolProcess.repository
        func read(_ path: String) -> [String] {
            let text = (try? String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)) ?? ""
            if text.isEmpty { problems.append("\(path): cannot be read") }
            return text.components(separatedBy: "\n")
        }
        readme("README.md", read("README.md"), &run, &skipped, &problems)
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path))
            ?? []
        for doc in docs.sorted() where doc.hasSuffix(".md") {
            readme("docs/" + doc, read("docs/" + doc), &run, &skipped, &problems)
        }
        let pages =
            (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("man").path))
            ?? []
        for page in pages.sorted() where page.hasSuffix(".1") || page.hasSuffix(".7") {
            manPage("man/" + page, read("man/" + page), &run, &skipped, &problems)
        }
        return (run, skipped, problems)
    }()

    /// `$ ` runs of `lines` (whose line numbers in the file are `numbers`):
    /// the examples, and the commands `skip` names (by line) with their reasons.
    static func examples(
        _ lines: [String], file: String, numbers: [Int], skip: [Int: String], _ run: inout [DocExample],
        _ skipped: inout [SkippedDocExample], _ problems: inout [String]
    ) {
        var body = lines
        while let last = body.last, last.isEmpty { body.removeLast() }
        guard let start = body.first, start.hasPrefix("$ ") else {
            problems.append("\(file):\(numbers.first ?? 0): a block of examples that starts with no '$ ' command")
            return
        }
        var i = 0
        while i < body.count {
            let line = numbers[i]
            var command = String(body[i].dropFirst(2))
            i += 1
            while i < body.count, command.hasSuffix("|") || command.hasSuffix("\\"), body[i].hasPrefix(" ") {
                command += "\n" + body[i]
                i += 1
            }
            var output = ""
            while i < body.count, !body[i].hasPrefix("$ ") {
                output += body[i].replacingOccurrences(of: "<TAB>", with: "\t") + "\n"
                i += 1
            }
            if let reason = skip[line] {
                skipped.append(SkippedDocExample(place: "\(file):\(line)", reason: reason))
            } else {
                run.append(DocExample(place: "\(file):\(line)", command: command, expected: output))
            }
        }
    }

    static func readme(
        _ file: String, _ lines: [String], _ run: inout [DocExample], _ skipped: inout [SkippedDocExample],
        _ problems: inout [String]
    ) {
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard line.hasPrefix("```") || line.hasPrefix("  ```") else {
                i += 1
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let info = String(line.dropFirst(indent + 3)).trimmingCharacters(in: .whitespaces)
            var j = i + 1
            while j < lines.count, lines[j].trimmingCharacters(in: .whitespaces) != "```" { j += 1 }
            let body = lines[(i + 1)..<min(j, lines.count)].map { String($0.dropFirst(min(indent, $0.count))) }
            defer { i = j + 1 }
            guard shellBlocks.contains(info) else { continue }
            let before = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
            if before.hasPrefix("<!-- " + marker), before.hasSuffix("-->") {
                let reason = before.dropFirst(5 + marker.count).dropLast(3).trimmingCharacters(in: .whitespaces)
                if reason.isEmpty { problems.append("\(file):\(i): 'not run' without a reason") }
                skipped.append(SkippedDocExample(place: "\(file):\(i + 1)", reason: reason))
                continue
            }
            examples(
                body, file: file, numbers: Array((i + 2)..<(i + 2 + body.count)), skip: [:], &run, &skipped,
                &problems)
        }
    }

    /// The text a terminal shows for a line of a literal display; nil (and
    /// a problem) for an escape this reader does not know.
    static func roff(_ line: String, _ place: String, _ problems: inout [String]) -> String? {
        let named = [
            "\\(aq": "'", "\\(dq": "\"", "\\(ga": "`", "\\(cq": "\u{2019}", "\\(oq": "\u{2018}", "\\-": "-", "\\&": "",
            "\\e": "\\",
        ]
        var out = ""
        var rest = Substring(line)
        outer: while let c = rest.first {
            if c != "\\" {
                out.append(c)
                rest = rest.dropFirst()
                continue
            }
            for (escape, text) in named where rest.hasPrefix(escape) {
                out += text
                rest = rest.dropFirst(escape.count)
                continue outer
            }
            if rest.hasPrefix("\\[u"), let close = rest.firstIndex(of: "]"),
                let scalar = UInt32(rest[rest.index(rest.startIndex, offsetBy: 3)..<close], radix: 16).flatMap(
                    Unicode.Scalar.init)
            {
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: close)...]
                continue
            }
            problems.append("\(place): a roff escape the example reader does not know: \(line)")
            return nil
        }
        return out
    }

    static func manPage(
        _ file: String, _ lines: [String], _ run: inout [DocExample], _ skipped: inout [SkippedDocExample],
        _ problems: inout [String]
    ) {
        guard lines.contains(".Sh EXAMPLES") else {
            problems.append("\(file): no EXAMPLES section")
            return
        }
        for section in [".Sh COOKBOOK", ".Sh EXAMPLES"] {
            guard let start = lines.firstIndex(of: section) else { continue }
            displays(file, lines, from: start, &run, &skipped, &problems)
        }
    }

    /// The displays of the section that starts at line index `start`.
    static func displays(
        _ file: String, _ lines: [String], from start: Int, _ run: inout [DocExample],
        _ skipped: inout [SkippedDocExample], _ problems: inout [String]
    ) {
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".Sh ") } ?? lines.count
        var i = start + 1
        while i < end {
            guard lines[i].hasPrefix(".Bd -literal") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < end, lines[j] != ".Ed" { j += 1 }
            defer { i = j + 1 }
            let before = lines[i - 1]
            if before.hasPrefix(".\\\" " + marker) {
                let reason = String(before.dropFirst(4 + marker.count))
                if reason.isEmpty { problems.append("\(file):\(i): 'not run' without a reason") }
                skipped.append(SkippedDocExample(place: "\(file):\(i + 1)", reason: reason))
                continue
            }
            // The display as shown, each line keeping its own line number;
            // a marker names the command after it.
            var shown: [String] = []
            var numbers: [Int] = []
            var skip: [Int: String] = [:]
            var pendingReason: String?
            for k in (i + 1)..<j {
                let line = lines[k]
                if line.hasPrefix(".\\\" " + marker) {
                    pendingReason = String(line.dropFirst(4 + marker.count))
                    continue
                }
                if line.hasPrefix(".") {
                    problems.append("\(file):\(k + 1): a request inside an example display: \(line)")
                    continue
                }
                guard let text = roff(line, "\(file):\(k + 1)", &problems) else { continue }
                if text.hasPrefix("$ "), let reason = pendingReason {
                    skip[k + 1] = reason
                    pendingReason = nil
                }
                shown.append(text)
                numbers.append(k + 1)
            }
            if shown.isEmpty { continue }
            examples(shown, file: file, numbers: numbers, skip: skip, &run, &skipped, &problems)
        }
    }
}

/// Every example of the README and the man pages runs as written, with the
/// built tools first on PATH, in a directory holding the files the examples
/// read (`Tests/Fixtures/examples/`), and writes what the doc shows.
@Suite struct DocExampleTests {
    @Test func theDocsFollowTheConvention() {
        let (run, skipped, problems) = DocExamples.all
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Each file has examples that run; the ones not run say why.
        for file in [
            "README.md", "docs/tools.md", "man/numgroup.1", "man/numconv.1", "man/phonefmt.1", "man/coinfmt.1",
            "man/numtools.7",
        ] {
            #expect(run.contains { $0.place.hasPrefix(file + ":") }, "\(file) has no example that runs")
        }
        #expect(run.count >= 60, "\(run.count) examples")
        for example in skipped { #expect(!example.reason.isEmpty, "\(example)") }
        print("doc examples: \(run.count) run, \(skipped.count) marked not run: \(skipped)")
    }

    @Test(arguments: DocExamples.all.run)
    func runsAsWritten(_ example: DocExample) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-example-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let quoted = "'" + directory.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let result = try ToolProcess.shell(
            "cd \(quoted) || exit 99\nexec 2>&1\n" + example.command, environment: ToolProcess.environment())
        #expect(result.reason == .exit, "\(example): \(result)")
        #expect(
            result.out == example.expected,
            "\(example)\nthe doc shows:\n\(example.expected.debugDescription)\nit writes:\n\(result.out.debugDescription)"
        )
    }
}
