import Foundation
import Testing

/// scripts/install.sh into a temporary prefix, with the numtools executable
/// this test run built (`--bin`), then `--uninstall`.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let tools = ["numgroup", "numconv", "phonefmt", "coinfmt"]

    static func binDirectory() -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("numtools").path) { return url }
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

        // One executable, stripped; each tool a symbolic link to it that runs the tool.
        let bin = prefix.appendingPathComponent("bin")
        let numtools = bin.appendingPathComponent("numtools").path
        #expect(Self.fileType(numtools) == S_IFREG)
        #expect(Self.isStripped(numtools), "numtools still has a symbol table")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: bin.path)) == Set(Self.tools + ["numtools"]))
        for tool in Self.tools {
            let binary = bin.appendingPathComponent(tool).path
            #expect(Self.fileType(binary) == S_IFLNK, "\(tool) is not a symbolic link")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: binary)) == "numtools")
            let version = try Self.run(binary, ["--version"])
            #expect(
                version.status == 0 && version.output.hasPrefix("\(tool) \(versionString)\nCLDR "), "\(version.output)")
            let bad = try Self.run(binary, ["--no-such-option"])
            #expect(bad.status == 2 && bad.output.hasPrefix("\(tool): unrecognized option"), "\(bad.output)")
            for path in [
                "share/man/man1/\(tool).1", "share/bash-completion/completions/\(tool)",
                "share/zsh/site-functions/_\(tool)", "share/fish/vendor_completions.d/\(tool).fish",
            ] {
                #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
            }
        }
        let grouped = try Self.run(prefix.appendingPathComponent("bin/numgroup").path, ["1234567"])
        #expect(grouped.output == "1,234,567\n")
        let called = try Self.run(numtools, ["numgroup", "1234"])
        #expect(called.status == 0 && called.output == "1,234\n")
        let phone = try Self.run(prefix.appendingPathComponent("bin/phonefmt").path, ["-r", "KR", "01012345678"])
        #expect(phone.output == "010-1234-5678\n")
        // All of it, the executable with Foundation and ICU's data inside, under 80 MB.
        let size = Self.tree(prefix).reduce(0) { $0 + Self.fileSize(prefix.appendingPathComponent($1).path) }
        #expect(size < 80_000_000, "the install takes \(size) bytes")

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

    /// The manifest records paths relative to the prefix, so a prefix copied
    /// elsewhere uninstalls its own files only; a manifest of absolute paths
    /// (as older installs wrote) that lead out of the prefix is refused.
    @Test func uninstallOfACopiedPrefixLeavesTheOriginal() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("numtools-copied-\(getpid())")
        try? FileManager.default.removeItem(at: base)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let original = base.appendingPathComponent("original")
        let script = Self.root.appendingPathComponent("scripts/install.sh").path
        let install = try Self.run("/bin/bash", [script, "--prefix", original.path, "--bin", Self.binDirectory().path])
        #expect(install.status == 0, "install failed: \(install.output)")
        let manifest = try String(
            contentsOf: original.appendingPathComponent("share/numtools/install-manifest"), encoding: .utf8)
        #expect(manifest.contains("f bin/numtools\n") && manifest.contains("l bin/numgroup\n"), "\(manifest)")
        #expect(!manifest.contains(original.path), "the manifest holds absolute paths: \(manifest)")
        let installed = Self.tree(original)

        // A copy uninstalls itself, whole (install created its prefix), and only itself.
        let copy = base.appendingPathComponent("copy")
        #expect(try Self.run("/bin/cp", ["-a", original.path, copy.path]).status == 0)
        let uninstall = try Self.run("/bin/bash", [script, "--prefix", copy.path, "--uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(!FileManager.default.fileExists(atPath: copy.path), "left \(Self.tree(copy))")
        #expect(Self.tree(original) == installed, "the original lost \(installed.subtracting(Self.tree(original)))")

        // A copy whose manifest names the original's files by absolute path
        // (an old manifest, or one edited) removes none of them.
        let old = base.appendingPathComponent("old")
        #expect(try Self.run("/bin/cp", ["-a", original.path, old.path]).status == 0)
        let absolute = manifest.split(separator: "\n").map { line -> String in
            String(line.prefix(2)) + original.path + "/" + String(line.dropFirst(2)) + "\n"
        }.joined()
        try absolute.write(
            to: old.appendingPathComponent("share/numtools/install-manifest"), atomically: true, encoding: .utf8)
        let refused = try Self.run("/bin/bash", [script, "--prefix", old.path, "--uninstall"])
        #expect(refused.status == 0, "\(refused.output)")
        #expect(
            refused.output.contains("not removing \(original.path)/bin/numtools: outside \(old.path)"),
            "\(refused.output)")
        #expect(Self.tree(original) == installed, "the original lost \(installed.subtracting(Self.tree(original)))")
        #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent("bin/numtools").path))

        let last = try Self.run("/bin/bash", [script, "--prefix", original.path, "--uninstall"])
        #expect(last.status == 0, "\(last.output)")
        #expect(!FileManager.default.fileExists(atPath: original.path), "left \(Self.tree(original))")
    }

    /// The file type bits of `path` itself (a link is not followed).
    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// The bytes `path` takes: a regular file's size, 0 for links and directories.
    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
    }

    /// Whether the ELF file at `path` has no `.symtab` section (what `strip` removes).
    static func isStripped(_ path: String) -> Bool {
        guard let readelf = try? run("/usr/bin/env", ["readelf", "-S", "-W", path]), readelf.status == 0 else {
            return false
        }
        return !readelf.output.contains(".symtab")
    }

    var versionString: String {
        // The version the tools print is the one the library declares.
        let source = try? String(
            contentsOf: Self.root.appendingPathComponent("Sources/NumToolsCore/Version.swift"), encoding: .utf8)
        return source?.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
    }
}
