import Foundation
import Testing

/// The `numtools` multi-call executable: a tool by the name it is started
/// as, or by its first argument; the tool list otherwise.
@Suite struct MultiCallTests {
    static let tools = ["numgroup", "numconv", "phonefmt", "coinfmt"]

    /// A directory holding links to the built numtools named `names`.
    static func links(_ names: [String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.createSymbolicLink(
                at: dir.appendingPathComponent(name), withDestinationURL: ToolProcess.url("numtools"))
        }
        return dir
    }

    static func run(_ executable: URL, _ arguments: [String], input: String = "") throws -> ToolResult {
        let running = try RunningTool(executable: executable, arguments)
        running.write(input)
        running.closeInput()
        return running.finish()
    }

    @Test func aToolNamedByTheFirstArgumentRunsAsThatTool() throws {
        let result = try ToolProcess.run("numtools", ["numgroup", "1234567", "-1234"])
        #expect(result.exited(0) && result.out == "1,234,567\n-1,234\n", "\(result)")
        let converted = try ToolProcess.run("numtools", ["numconv", "--from", "en_US", "--to", "de_DE", "1,234.5"])
        #expect(converted.out == "1.234,5\n", "\(converted)")
        let phone = try ToolProcess.run("numtools", ["phonefmt", "-r", "KR", "--format", "e164", "010-1234-5678"])
        #expect(phone.out == "+821012345678\n", "\(phone)")
        let price = try ToolProcess.run("numtools", ["coinfmt", "-c", "USD", "1234.5"])
        #expect(price.out == "$1,234.50\n", "\(price)")
        // Standard input, as when the tool runs by its own name.
        let piped = try ToolProcess.run("numtools", ["numgroup"], input: "1234\n12345\n")
        #expect(piped.out == "1,234\n12,345\n")
    }

    @Test func aToolRunByNumtoolsNamesItselfAndPrintsWhatItsOwnExecutablePrints() throws {
        for tool in Self.tools {
            for arguments in [["--help"], ["--version"], ["--completion", "bash"], ["--no-such-option"]] {
                let own = try ToolProcess.run(tool, arguments)
                let called = try ToolProcess.run("numtools", [tool] + arguments)
                #expect(called.out == own.out && called.err == own.err && called.status == own.status, "\(tool)")
            }
            let bad = try ToolProcess.run("numtools", [tool, "--no-such-option"])
            #expect(bad.exited(2))
            #expect(bad.err.hasPrefix("\(tool): unrecognized option '--no-such-option'"), "\(bad)")
            #expect(bad.err.contains("Try '\(tool) --help'"), "\(bad)")
        }
    }

    @Test func aLinkNamedAfterAToolRunsThatTool() throws {
        let dir = try Self.links(Self.tools + ["numtools-renamed"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let grouped = try Self.run(dir.appendingPathComponent("numgroup"), ["1234567"])
        #expect(grouped.exited(0) && grouped.out == "1,234,567\n", "\(grouped)")
        // The link's name decides, not the arguments: `numconv` is numgroup's value here.
        let value = try Self.run(dir.appendingPathComponent("numgroup"), ["numconv"])
        #expect(value.exited(1) && value.out.hasPrefix("error\t1\t0\t"), "\(value)")
        for tool in Self.tools {
            let version = try Self.run(dir.appendingPathComponent(tool), ["--version"])
            #expect(version.out.hasPrefix("\(tool) "), "\(version)")
            let bad = try Self.run(dir.appendingPathComponent(tool), ["--bogus"])
            #expect(bad.exited(2) && bad.err.hasPrefix("\(tool): unrecognized option '--bogus'"), "\(bad)")
        }
        // Under any other name it is the dispatcher, and names itself so.
        let renamed = try Self.run(dir.appendingPathComponent("numtools-renamed"), ["numgroup", "1234"])
        #expect(renamed.out == "1,234\n", "\(renamed)")
        let unknown = try Self.run(dir.appendingPathComponent("numtools-renamed"), ["nope"])
        #expect(unknown.exited(2) && unknown.err.hasPrefix("numtools-renamed: unknown tool 'nope'"), "\(unknown)")
    }

    @Test func aloneOrWithHelpItListsTheTools() throws {
        let alone = try ToolProcess.run("numtools")
        let help = try ToolProcess.run("numtools", ["--help"])
        #expect(alone.exited(0) && help.exited(0) && alone.out == help.out && help.err.isEmpty)
        #expect(help.out.hasPrefix("Usage: numtools TOOL [OPTIONS] [VALUE...]\n"))
        for tool in Self.tools {
            #expect(help.out.contains("\n  \(tool)   "), "\(tool) missing from \(help.out)")
        }
        #expect(try ToolProcess.run("numtools", ["-h"]).out == help.out)
        let version = try ToolProcess.run("numtools", ["--version"])
        #expect(version.exited(0) && version.out.hasPrefix("numtools ") && version.out.hasSuffix("\n"))
    }

    @Test func anUnknownToolOrOptionIsAUsageErrorWithCloseMatches() throws {
        let typo = try ToolProcess.run("numtools", ["numgrop", "1234"], input: "5678\n")
        #expect(typo.exited(2) && typo.out.isEmpty, "\(typo)")
        #expect(
            typo.err
                == "numtools: unknown tool 'numgrop' (did you mean 'numgroup'?)\nTry 'numtools --help' for more information.\n"
        )
        let far = try ToolProcess.run("numtools", ["cut"])
        #expect(far.exited(2) && far.err.hasPrefix("numtools: unknown tool 'cut'\n"), "\(far)")
        let option = try ToolProcess.run("numtools", ["--frobnicate"])
        #expect(option.exited(2) && option.err.hasPrefix("numtools: unrecognized option '--frobnicate'\n"))
        // Nothing was read: a usage error reads no input.
        let (result, unread) = try ToolProcess.runLeavingInput("numtools", ["numgrop"], input: "1234\n")
        #expect(result.exited(2) && unread == "1234\n")
    }
}
