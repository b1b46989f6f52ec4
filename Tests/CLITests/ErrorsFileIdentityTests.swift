import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--errors FILE` naming the file standard input comes from, or the one
/// standard output goes to: a usage error, nothing truncated.
@Suite struct ErrorsFileIdentityTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "numtools-errors-same-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let input = "1234\nx\n5678\n"

    @Test(arguments: ["data.txt", "link.txt", "./sub/../data.txt", "hard.txt", "/dev/stdin"])
    func standardInput(name: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.input.utf8).write(to: dir.appendingPathComponent("data.txt"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.txt").path, withDestinationPath: "data.txt")
        try FileManager.default.linkItem(
            at: dir.appendingPathComponent("data.txt"), to: dir.appendingPathComponent("hard.txt"))
        let result = try ToolProcess.shell("cd '\(dir.path)' && numgroup --errors \(name) < data.txt")
        #expect(result.exited(2), "\(result)")
        #expect(result.out == "")
        #expect(
            result.err
                == "numgroup: invalid value '\(name)' for --errors: it is the file standard input comes from, which opening it would empty before it is read\nTry 'numgroup --help' for more information.\n"
        )
        #expect(try String(contentsOf: dir.appendingPathComponent("data.txt"), encoding: .utf8) == Self.input)
    }

    @Test(arguments: ["same.txt", "link.txt"])
    func standardOutput(name: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.input.utf8).write(to: dir.appendingPathComponent("data.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.txt").path, withDestinationPath: "same.txt")
        let result = try ToolProcess.shell("cd '\(dir.path)' && numgroup --errors \(name) < data.txt > same.txt")
        #expect(result.exited(2), "\(result)")
        #expect(
            result.err
                == "numgroup: invalid value '\(name)' for --errors: it is the file standard output goes to, and the error records would overwrite the output (to write them into the output, use /dev/stdout)\nTry 'numgroup --help' for more information.\n"
        )
        #expect(try String(contentsOf: dir.appendingPathComponent("same.txt"), encoding: .utf8) == "")
        // Appending to it is the same file too.
        let appended = try ToolProcess.shell(
            "cd '\(dir.path)' && echo kept > same.txt && numgroup --errors \(name) < data.txt >> same.txt")
        #expect(appended.exited(2), "\(appended)")
        #expect(try String(contentsOf: dir.appendingPathComponent("same.txt"), encoding: .utf8) == "kept\n")
    }

    /// `--errors` naming the pipe or FIFO standard input comes from: the
    /// tool would read its own error records back as input, for ever (issue
    /// 44 item 19). A usage error, before anything is read or written.
    @Test(arguments: [
        (
            "printf '1234\\nx\\n' | numgroup --errors /dev/stdin",
            "numgroup: invalid value '/dev/stdin' for --errors: it is the pipe standard input comes from, from which the error records would be read back as input\n"
        ),
        (
            "printf '1234\\nx\\n' | numgroup --errors /proc/self/fd/0",
            "numgroup: invalid value '/proc/self/fd/0' for --errors: it is the pipe standard input comes from, from which the error records would be read back as input\n"
        ),
        (
            "printf '1234\\nx\\n' | numgroup --errors /dev/fd/0",
            "numgroup: invalid value '/dev/fd/0' for --errors: it is standard input, which the error records would be written into\n"
        ),
        (
            "mkfifo fifo && { printf '1234\\nx\\n' > fifo & } && numgroup --errors fifo < fifo; s=$?; wait; exit $s",
            "numgroup: invalid value 'fifo' for --errors: it is the pipe standard input comes from, from which the error records would be read back as input\n"
        ),
    ])
    func standardInputPipe(command: String, message: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try ToolProcess.shell("cd '\(dir.path)' && \(command)")
        #expect(result.exited(2), "\(result)")
        #expect(result.out == "")
        #expect(result.err == message + "Try 'numgroup --help' for more information.\n")
    }

    /// What stays allowed: another file; /dev/stdout, which shares the
    /// descriptor; standard input's file when operands are given (standard
    /// input is not read); a terminal-like or null device on both sides.
    @Test func allowed() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.input.utf8).write(to: dir.appendingPathComponent("data.txt"))
        let other = try ToolProcess.shell(
            "cd '\(dir.path)' && numgroup --errors rejects.txt < data.txt > out.txt; echo $?; cat out.txt rejects.txt")
        #expect(other.out.hasPrefix("1\n1,234\n5,678\nerror\t2\t0\t"), "\(other)")
        let shared = try ToolProcess.shell(
            "cd '\(dir.path)' && numgroup --errors /dev/stdout < data.txt > out.txt; echo $?; cat out.txt")
        #expect(shared.out.hasPrefix("1\n"), "\(shared)")
        #expect(shared.out.contains("1,234\n") && shared.out.contains("error\t2\t0\t"), "\(shared)")
        let operands = try ToolProcess.shell("cd '\(dir.path)' && numgroup --errors data.txt 1234 < data.txt; echo $?")
        #expect(operands.out == "1,234\n0\n", "\(operands)")
        let null = try ToolProcess.shell("numgroup --errors /dev/null < /dev/null > /dev/null; echo $?")
        #expect(null.out == "0\n", "\(null)")
        // A pipe on standard input, and error records to another pipe or file.
        let piped = try ToolProcess.shell(
            "cd '\(dir.path)' && printf '1234\\nx\\n' | numgroup --errors /dev/stdout | cat; echo $?")
        #expect(piped.out.contains("1,234\n") && piped.out.contains("error\t2\t0\t"), "\(piped)")
        let operandsOnPipe = try ToolProcess.shell("printf 'x\\n' | numgroup --errors /dev/stdin 1234; echo $?")
        #expect(operandsOnPipe.out == "1,234\n0\n", "\(operandsOnPipe)")
    }
}
