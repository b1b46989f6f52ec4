import Foundation
import NumToolsCore
import Testing

/// The repository root, from this file's path.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The directory holding the built executables (next to the test bundle).
private func executableDirectory() -> URL {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("numgroup").path) { return url }
    }
    return repositoryRoot.appendingPathComponent(".build/debug")
}

/// Runs `tool arguments` and returns its standard output.
private func output(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = executableDirectory().appendingPathComponent(tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// Option names (`--long` and `-s`) in a text.
private func options(in text: String, pattern: String) -> Set<String> {
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return Set(
        regex.matches(in: text, range: range).map { match in
            String(text[Range(match.range(at: 1), in: text)!])
        })
}

@Suite struct ManPageTests {
    static let tools = ["numgroup", "numconv", "phonefmt", "coinfmt"]

    /// Every option `--help` lists is in the man page's OPTIONS section, and
    /// every option that section documents is in `--help`.
    @Test(arguments: tools)
    func helpAndManPageListTheSameOptions(tool: String) throws {
        let help = try output(tool, ["--help"])
        let helpOptions = options(in: help, pattern: #"(?m)^\s+(?:-\w, )?--([a-z][a-z-]*)"#)
        let helpShorts = options(in: help, pattern: #"(?m)^\s+-(\w), --"#)
        #expect(helpOptions.count > 10)

        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("man/\(tool).1"), encoding: .utf8)
        let start = try #require(page.range(of: ".Sh OPTIONS"))
        let rest = page[start.upperBound...]
        let section = String(rest[..<(rest.range(of: "\n.Sh ")?.lowerBound ?? rest.endIndex)])
        let itemLines = section.split(separator: "\n").filter { $0.hasPrefix(".It ") }.joined(separator: "\n")
            .replacingOccurrences(of: "\\-", with: "-")
        let manOptions = options(in: itemLines, pattern: #"Fl -([a-z][a-z-]*)"#)
        let manShorts = options(in: itemLines, pattern: #"Fl (\w)\b"#)

        #expect(helpOptions.subtracting(manOptions).isEmpty, "in --help but not in \(tool).1")
        #expect(manOptions.subtracting(helpOptions).isEmpty, "in \(tool).1 but not in --help")
        #expect(helpShorts == manShorts, "short options differ")
    }

    /// DIAGNOSTICS lists exactly the codes the tool can write: every case of
    /// its domains' code enums (see `ValueError.codes(writtenBy:)`).
    @Test(arguments: tools)
    func diagnosticsListEveryErrorCode(tool: String) throws {
        let codes = Set(ValueError.codes(writtenBy: tool).map(\.name))
        #expect(codes.count >= 7, "\(codes.sorted())")
        var documented = Set<String>()
        for line in ManPage("\(tool).1").section("DIAGNOSTICS") {
            for item in [".It Sy ", ".It Li "] where line.hasPrefix(item) {
                documented.insert(String(line.dropFirst(item.count)))
            }
        }
        #expect(
            documented == codes,
            "\(tool).1 lacks \(codes.subtracting(documented).sorted()) and lists \(documented.subtracting(codes).sorted())"
        )
    }

    /// The completion scripts are generated from the same table and parse.
    @Test(arguments: tools)
    func completionScriptsParse(tool: String) throws {
        for (shell, flag) in [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")] {
            let script = try output(tool, ["--completion", shell])
            #expect(
                script.contains(shell == "fish" ? "-l field" : "--field"), "\(shell) completion lacks --field")
            guard
                let path = ["/bin", "/usr/bin"].map({ "\($0)/\(shell)" }).first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { continue }  // a shell that is not installed cannot check its syntax
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(tool)-completion.\(shell)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = [flag, file.path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(shell) rejects the completion script of \(tool)")
        }
    }
}
