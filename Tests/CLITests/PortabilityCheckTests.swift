import Foundation
import Testing

/// scripts/portability-check.sh (issue 46): the real tree passes; a copy of
/// it with one violation planted fails, naming the file and line.
@Suite struct PortabilityCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The check run on `directory`.
    static func check(_ directory: URL) throws -> ToolResult {
        let script = root.appendingPathComponent("scripts/portability-check.sh").path
        return try ToolProcess.shell("bash '\(script)' '\(directory.path)'")
    }

    /// A copy of what the check reads (Sources, Package.swift, the
    /// exceptions), changed by `plant`, checked.
    static func checkCopy(_ plant: (URL) throws -> Void) throws -> ToolResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "numtools-portability-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        for path in ["Sources", "Package.swift", "scripts/portability-exceptions.txt"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(path), to: copy.appendingPathComponent(path))
        }
        try plant(copy)
        return try check(copy)
    }

    static func append(_ text: String, to path: String, in copy: URL) throws {
        let url = copy.appendingPathComponent(path)
        let old = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        try (old + text).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func theTreePasses() throws {
        let result = try Self.check(Self.root)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("portability: "))
    }

    @Test(arguments: [
        // planted file content, the finding expected (its file:line and words)
        ("func f() { _ = Glibc.read(0, nil, 0) }\n", "Planted.swift:1: libc call qualified by its module"),
        ("import Glibc\n", "Planted.swift:1: libc import outside"),
        (
            "#if canImport(Glibc)\n    import Glibc\n#elseif canImport(Darwin)\n    import Darwin\n#endif\n",
            "Planted.swift:2: libc import in a block without"
        ),
        ("import Foundation\nimport _FoundationICU\n", "Planted.swift:2: import of the private module _FoundationICU"),
        ("#if os(macOS)\n#else\n    import _FoundationICU\n#endif\n", "Planted.swift:3: import of the private module"),
        ("let status = \"/proc/self/status\"\n", "Planted.swift:1: /proc outside"),
        (
            "func f(_ a: inout sigaction) { a.__sigaction_handler.sa_handler = nil }\n",
            "Planted.swift:1: a libc's own field"
        ),
        ("let e = environ\n", "Planted.swift:1: environ outside"),
        ("import Foundation\n", "Planted.swift:1: import Foundation in a source the tools link"),
        (
            "#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\n",
            "Planted.swift:2: import FoundationEssentials in a source the tools link"
        ),
        ("import FoundationInternationalization\n", "Planted.swift:1: FoundationInternationalization in a source"),
    ])
    func aPlantedViolationFails(_ content: String, _ finding: String) throws {
        let result = try Self.checkCopy { copy in
            try content.write(
                to: copy.appendingPathComponent("Sources/NumToolsCore/Planted.swift"), atomically: true,
                encoding: .utf8)
        }
        #expect(result.status != 0)
        #expect(result.out.contains("error: Sources/NumToolsCore/\(finding)"), "\(result.out)")
    }

    /// What is portable passes: guarded private imports, the three libc
    /// branches, /proc in a Linux branch of the platform file.
    @Test func guardedCodePasses() throws {
        let result = try Self.checkCopy { copy in
            try """
            #if canImport(_FoundationICU)
                import _FoundationICU
            #endif
            #if canImport(Glibc)
                import Glibc
            #elseif canImport(Musl)
                import Musl
            #elseif canImport(Darwin)
                import Darwin
            #endif
            // Glibc.read( in a comment, and /proc
            """.write(
                to: copy.appendingPathComponent("Sources/NumToolsCore/Planted.swift"), atomically: true,
                encoding: .utf8)
            try Self.append(
                "\n#if os(Linux)\n    let statusPath = \"/proc/self/status\"\n#endif\n",
                to: "Sources/NumToolsCLI/Platform.swift", in: copy)
        }
        #expect(result.status == 0, "\(result.out)")
    }

    /// (A Package.swift exception, should the list ever hold one, is taken
    /// out of the copy's list.)
    @Test func aPrivateLibraryLinkedEverywhereFails() throws {
        let result = try Self.checkCopy { copy in
            let list = copy.appendingPathComponent("scripts/portability-exceptions.txt")
            let kept = try String(contentsOf: list, encoding: .utf8).split(separator: "\n")
                .filter { !$0.hasPrefix("Package.swift") }
            try kept.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            try Self.append(
                "let extra: [LinkerSetting] = [.linkedLibrary(\"_FoundationICU\")]\n", to: "Package.swift", in: copy)
        }
        #expect(result.status != 0)
        #expect(
            result.out.contains("error: Package.swift:") && result.out.contains("a private library linked without"),
            "\(result.out)")
    }

    /// The exceptions only shrink: one whose file has nothing to except fails.
    @Test func anExceptionNoLongerNeededFails() throws {
        let result = try Self.checkCopy { copy in
            try Self.append(
                "Sources/NumToolsCore/Version.swift  # reason: a test\n", to: "scripts/portability-exceptions.txt",
                in: copy)
        }
        #expect(result.status != 0)
        #expect(
            result.out.contains(
                "error: Sources/NumToolsCore/Version.swift: listed in scripts/portability-exceptions.txt"),
            "\(result.out)")
    }
}
