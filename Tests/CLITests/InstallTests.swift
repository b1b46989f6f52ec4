import Foundation
import Testing

/// scripts/install.sh into a temporary prefix, with the executables this
/// test run built (`--bin`), then `--uninstall`.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let tools = ["numgroup", "numconv", "phonefmt", "coinfmt"]

    static func binDirectory() -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("numgroup").path) { return url }
        }
        return root.appendingPathComponent(".build/debug")
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Every path below `directory`, relative to it.
    static func tree(_ directory: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var paths: Set<String> = []
        while let path = enumerator?.nextObject() as? String { paths.insert(path) }
        return paths
    }

    @Test func installRunsManAndUninstallRestoresThePrefix() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-install-\(getpid())")
        try? FileManager.default.removeItem(at: prefix)
        // A prefix that already holds something of its own, which must survive.
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("share/man/man1"), withIntermediateDirectories: true)
        try "keep me".write(
            to: prefix.appendingPathComponent("share/man/man1/other.1"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let before = Self.tree(prefix)

        let script = Self.root.appendingPathComponent("scripts/install.sh").path
        let install = try Self.run("/bin/bash", [script, "--prefix", prefix.path, "--bin", Self.binDirectory().path])
        #expect(install.status == 0, "install failed: \(install.output)")

        for tool in Self.tools {
            let binary = prefix.appendingPathComponent("bin/\(tool)").path
            let version = try Self.run(binary, ["--version"])
            #expect(version.status == 0 && version.output == "\(tool) \(versionString)\n")
            for path in [
                "share/man/man1/\(tool).1", "share/bash-completion/completions/\(tool)",
                "share/zsh/site-functions/_\(tool)", "share/fish/vendor_completions.d/\(tool).fish",
            ] {
                #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
            }
        }
        let grouped = try Self.run(prefix.appendingPathComponent("bin/numgroup").path, ["1234567"])
        #expect(grouped.output == "1,234,567\n")

        let man = try Self.run(
            "/usr/bin/man", ["-M", prefix.appendingPathComponent("share/man").path, "numconv"],
            environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        #expect(man.status == 0 && man.output.contains("numconv") && man.output.contains("SYNOPSIS"), "\(man.output)")
        let overview = try Self.run(
            "/usr/bin/man", ["-M", prefix.appendingPathComponent("share/man").path, "7", "numtools"],
            environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(overview.status == 0 && overview.output.contains("STREAM CONTRACT"))

        let uninstall = try Self.run("/bin/bash", [script, "--prefix", prefix.path, "--uninstall"])
        #expect(uninstall.status == 0, "uninstall failed: \(uninstall.output)")
        #expect(Self.tree(prefix) == before, "uninstall left \(Self.tree(prefix).subtracting(before))")
    }

    var versionString: String {
        // The version the tools print is the one the library declares.
        let source = try? String(
            contentsOf: Self.root.appendingPathComponent("Sources/NumToolsCore/Version.swift"), encoding: .utf8)
        return source?.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
    }
}
