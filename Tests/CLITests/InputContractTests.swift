import Foundation
import Testing

/// One run of a tool on raw input bytes, and what it must write: issue 14's
/// failures (bytes that are not UTF-8, a byte-order mark, error records in
/// pipelines, `--trim`, `--errors`, an operand that names a file).
struct ByteCase: Sendable, CustomTestStringConvertible {
    var tool: String
    var arguments: [String]
    var input: [UInt8]
    var status: Int32
    var out: [UInt8]
    /// What standard error must be exactly.
    var err: String

    init(_ tool: String, _ arguments: [String], _ input: [UInt8], status: Int32 = 0, out: [UInt8], err: String = "") {
        self.tool = tool
        self.arguments = arguments
        self.input = input
        self.status = status
        self.out = out
        self.err = err
    }

    init(_ tool: String, _ arguments: [String], _ input: String, status: Int32 = 0, out: String, err: String = "") {
        self.init(tool, arguments, Array(input.utf8), status: status, out: Array(out.utf8), err: err)
    }

    var testDescription: String { ([tool] + arguments).map(\.debugDescription).joined(separator: " ") }

    func check() throws {
        let result = try ToolProcess.run(tool, arguments, input: input, environment: ToolProcess.named(tool))
        #expect(result.exited(status), "\(testDescription): \(result)")
        #expect(result.stdout == out, "\(testDescription): \(result) \(Array(result.stdout))")
        #expect(result.err == err, "\(testDescription): \(result)")
    }
}

/// Latin-1 bytes for the text, each scalar below U+0100 one byte.
func latin1(_ s: String) -> [UInt8] { s.unicodeScalars.map { UInt8($0.value) } }

@Suite struct InputContractTests {
    // MARK: Bytes that are not UTF-8 (issue 14, item 5)

    /// Only transformed values must be UTF-8: a Latin-1 export keeps its
    /// `Müller` rows, and a message names a byte once escaped (`0xFC`).
    @Test(arguments: [
        ByteCase(
            "numconv", ["--csv", "-d", ";", "--header", "-f", "4", "--from", "de_DE", "--to", "en_US"],
            latin1("Name;Ort;Jahr;Betrag\nMüller;Köln;2024;1.234,50\nSchmidt;Berlin;2024;12,5\n"),
            out: latin1("Name;Ort;Jahr;Betrag\nMüller;Köln;2024;1,234.50\nSchmidt;Berlin;2024;12.5\n")),
        ByteCase(
            "numgroup", ["-f", "2"], latin1("Müller\t1234\nä\t5678 \n"), out: latin1("Müller\t1,234\nä\t5,678 \n")),
        ByteCase(
            "numgroup", ["--csv", "-f", "2"], latin1("\"Mü\nller\",1234\n"), out: latin1("\"Mü\nller\",\"1,234\"\n")),
        ByteCase(
            "numgroup", ["--header"], latin1("Zähler\n1234\n"), out: latin1("Zähler\n1,234\n")),
        // A value that is not UTF-8: its field, an offset in the value, the byte named once.
        ByteCase(
            "numconv", ["--csv", "-d", ";", "-f", "4", "--from", "de_DE", "--to", "en_US"],
            latin1("Müller;Köln;2024;1,5ü\n"), status: 1,
            out: Array(
                "error\t1\t4\tinvalid-utf8\tbyte 0xFC at offset 3 is not valid UTF-8\tM\\xFCller;K\\xF6ln;2024;1,5\\xFC\n"
                    .utf8)),
        ByteCase(
            "numgroup", ["--on-error=skip"], latin1("12ü4\n"), status: 1, out: [],
            err: "numgroup: record 1, field 0: invalid-utf8: byte 0xFC at offset 2 is not valid UTF-8\n"),
        ByteCase(
            "coinfmt", [], [0x31, 0x05, 0xC0, 0x0A], status: 1,
            out: Array("error\t1\t0\tinvalid-utf8\tbyte 0xC0 at offset 2 is not valid UTF-8\t1\u{5}\\xC0\n".utf8)),
    ])
    func bytesThatAreNotUTF8(_ c: ByteCase) throws { try c.check() }

    // MARK: A byte-order mark (item 4)

    static let bom = "\u{FEFF}"

    /// Written back at the start of the output, never part of a value:
    /// with and without --header, in line, field and CSV modes.
    @Test(arguments: [
        ByteCase("numgroup", [], bom + "1234\n5678\n", out: bom + "1,234\n5,678\n"),
        ByteCase("numgroup", ["--header"], bom + "count\n1234\n", out: bom + "count\n1,234\n"),
        ByteCase("numgroup", ["-f", "1"], bom + "1234\tx\n", out: bom + "1,234\tx\n"),
        ByteCase("numgroup", ["--csv", "-f", "1"], bom + "\"1234\",x\n", out: bom + "\"1,234\",x\n"),
        ByteCase(
            "numgroup", ["--csv", "--header", "-f", "2"], bom + "\"a\",b\nx,1234\n", out: bom + "\"a\",b\nx,\"1,234\"\n"
        ),
        ByteCase("numconv", ["--from", "de_DE", "--to", "en_US"], bom + "1.234,5\r\n", out: bom + "1,234.5\r\n"),
        ByteCase("coinfmt", ["--csv", "-f", "2"], bom + "BTC,67234.5", out: bom + "BTC,\"$67,234.50\""),
        ByteCase("phonefmt", [], bom + "010 1234 5678\n", out: bom + "010-1234-5678\n"),
        ByteCase(
            "numgroup", [], bom + "12a\n", status: 1,
            out:
                "\(bom)error\t1\t0\tinvalid-character\t'a' at offset 2 is not a digit, grouping separator or decimal point\t12a\n"
        ),
    ])
    func byteOrderMark(_ c: ByteCase) throws { try c.check() }

    // MARK: Error records in pipelines (item 6)

    /// The three-pass price table of the README's cookbook on a row with `N/A`: the first
    /// pass's error record comes out of the third as it went in, and every
    /// pass exits 1.
    @Test func threePassPriceTable() throws {
        let result = try ToolProcess.shell(
            "printf '1\\tBTC\\t67234.5\\t2.3456\\t0.5\\n4\\tDOGE\\tN/A\\t0.5\\t100\\n' | coinfmt -c USD -f 3 --max-fraction 6 |"
                + " coinfmt -f 4 --style percent --sign always | coinfmt -c USD -f 5; echo \"status ${?}\"")
        #expect(
            result.out
                == "1\tBTC\t$67,234.50\t+2.35%\t$0.50\n"
                + "error\t2\t3\tinvalid-number\tunexpected 'N' at offset 0; expected a sign or a digit\t4\\tDOGE\\tN/A\\t0.5\\t100\n"
                + "status 1\n", "\(result)")
    }

    static let passing = "error\t2\t3\tinvalid-number\tunexpected 'N'\ta,\"N/A\",3"

    /// Passed through unchanged in every mode and counted as an error;
    /// the policies say where it goes.
    @Test(arguments: [
        ByteCase("numgroup", [], passing + "\n1234\n", status: 1, out: passing + "\n1,234\n"),
        ByteCase("numgroup", ["-f", "2"], passing + "\r\n", status: 1, out: passing + "\r\n"),
        // In CSV its ORIGINAL's quote opens nothing: it ends at its line.
        ByteCase(
            "numgroup", ["--csv", "-f", "2"], passing + "\nb,1234\n", status: 1, out: passing + "\nb,\"1,234\"\n"),
        ByteCase("numgroup", ["--csv", "-f", "2"], "b,1234\n" + passing, status: 1, out: "b,\"1,234\"\n" + passing),
        ByteCase("numconv", ["--from", "en_US", "--to", "de_DE"], passing + "\n", status: 1, out: passing + "\n"),
        ByteCase("phonefmt", ["--as-you-type"], passing + "\n010\n", status: 1, out: passing + "\n010\n"),
        ByteCase("numgroup", ["-z"], passing + "\u{0}", status: 1, out: passing + "\u{0}"),
        ByteCase("numgroup", ["--header"], passing + "\n1234\n", out: passing + "\n1,234\n"),
        ByteCase(
            "numgroup", ["--on-error=keep"], passing + "\n1234\n", status: 1, out: passing + "\n1,234\n",
            err: "numgroup: record 1, field 3: invalid-number: unexpected 'N'\n"),
        ByteCase(
            "numgroup", ["--on-error=skip"], passing + "\n1234\n", status: 1, out: "1,234\n",
            err: "numgroup: record 1, field 3: invalid-number: unexpected 'N'\n"),
        ByteCase(
            "numgroup", ["--on-error=abort"], "1234\n" + passing + "\n5678\n", status: 1, out: "1,234\n",
            err: "numgroup: record 2, field 3: invalid-number: unexpected 'N'\n"),
        // Five or seven columns are no error record.
        ByteCase(
            "numgroup", ["-f", "1"], "error\t1\t0\tc\tm\n", status: 1,
            out:
                "error\t1\t1\tinvalid-character\t'e' at offset 0 is not a digit, grouping separator or decimal point\terror\\t1\\t0\\tc\\tm\n"
        ),
    ])
    func errorRecordsPassThrough(_ c: ByteCase) throws { try c.check() }

    // MARK: --trim (item 8)

    @Test(arguments: [
        ByteCase("numgroup", ["--trim"], "  1234 \t\n", out: "1,234\n"),
        ByteCase(
            "phonefmt", ["--trim", "--csv", "-f", "2", "--format", "e164"], "kim, 010 1234 5678 \n",
            out: "kim,+821012345678\n"),
        ByteCase(
            "numconv", ["--trim", "-f", "2", "--from", "de_DE", "--to", "en_US"], " a \t 1.234,5 \n",
            out: " a \t1,234.5\n"),
        ByteCase("coinfmt", ["--trim", "--csv", "-f", "1"], "\" 1234 \",x\n", out: "\"$1,234.00\",x\n"),
        ByteCase("numgroup", ["--trim"], "   \n", out: "   \n"),
        ByteCase(
            "numgroup", ["--trim"], " 1a \n", status: 1,
            out:
                "error\t1\t0\tinvalid-character\t'a' at offset 1 is not a digit, grouping separator or decimal point\t 1a \n"
        ),
    ])
    func trim(_ c: ByteCase) throws { try c.check() }

    // MARK: --errors FILE (item 7)

    /// A scratch directory for one test.
    static func directory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "numtools-\(name)-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let dirtyCSV =
        "name,amount,note\n\"Kim, A\",1234,\"said \"\"hi\"\"\"\nLee,N/A,x\n\"Park J\",5678,\nChoi,12a4,\"a,b\"\n"
        + "error\t3\t2\tinvalid-character\told\t\"x,\"\"\n" + "Jung,,\n"

    /// A CSV in, a CSV out, rejects beside it: stdout parses with Python's
    /// csv module with every good row intact, and the two files together
    /// hold one line per input line.
    @Test func csvCleanupKeepsACleanCSV() throws {
        let dir = try Self.directory("errors")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.dirtyCSV.write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let result = try ToolProcess.shell(
            "cd '\(dir.path)' && numgroup --csv --header -f 2 --errors rejects.tsv < in.csv > out.csv; echo $?")
        #expect(result.out == "1\n", "\(result)")
        #expect(result.err == "")
        let out = try String(contentsOf: dir.appendingPathComponent("out.csv"), encoding: .utf8)
        let rejects = try String(contentsOf: dir.appendingPathComponent("rejects.tsv"), encoding: .utf8)
        #expect(out == "name,amount,note\n\"Kim, A\",\"1,234\",\"said \"\"hi\"\"\"\n\"Park J\",\"5,678\",\nJung,,\n")
        #expect(
            rejects
                == "error\t3\t2\tinvalid-character\t'N' at offset 0 is not a digit, grouping separator or decimal point\tLee,N/A,x\n"
                + "error\t5\t2\tinvalid-character\t'a' at offset 2 is not a digit, grouping separator or decimal point\tChoi,12a4,\"a,b\"\n"
                + "error\t3\t2\tinvalid-character\told\t\"x,\"\"\n")
        let lines = try ToolProcess.shell("cd '\(dir.path)' && cat out.csv rejects.tsv | wc -l; wc -l < in.csv")
        let counts = lines.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(counts.count == 2 && counts[0] == counts[1], "\(lines)")

        // Python's csv module reads stdout back: the header and the good rows, intact.
        guard (try? ToolProcess.shell("command -v python3"))?.exited(0) == true else {
            Issue.record("python3 is missing: the CSV check of --errors was skipped")
            return
        }
        let python = try ToolProcess.shell(
            "cd '\(dir.path)' && python3 -c 'import csv,json,sys; print(json.dumps(list(csv.reader(open(\"out.csv\", newline=\"\")))))'"
        )
        #expect(
            python.out
                == #"[["name", "amount", "note"], ["Kim, A", "1,234", "said \"hi\""], ["Park J", "5,678", ""], ["Jung", "", ""]]"#
                + "\n", "\(python)")
    }

    @Test(
        arguments: [
            // keep: the original at its place, the error record in FILE.
            (
                ["--on-error=keep"], "1234\nx\n", "1,234\nx\n", 1,
                "error\t2\t0\tinvalid-character\t'x' at offset 0 is not a digit, grouping separator or decimal point\tx\n"
            ),
            // abort: stops after writing the error record to FILE.
            (
                ["--on-error=abort"], "1234\nx\n5678\n", "1,234\n", 1,
                "error\t2\t0\tinvalid-character\t'x' at offset 0 is not a digit, grouping separator or decimal point\tx\n"
            ),
            (["--on-error=skip", "-z"], "1234\u{0}", "1,234\u{0}", 0, ""),
            (
                ["--max-record-bytes", "4"], "123456\n1\n", "1\n", 1,
                "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456\n"
            ),
        ] as [([String], String, String, Int32, String)])
    func errorsFile(options: [String], input: String, out: String, status: Int32, errors: String) throws {
        let dir = try Self.directory("errors-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rejects.tsv")
        try "stale\n".write(to: file, atomically: true, encoding: .utf8)  // truncated
        let result = try ToolProcess.run("numgroup", options + ["--errors", file.path], input: input)
        #expect(result.exited(status), "\(result)")
        #expect(result.out == out, "\(result)")
        #expect(result.err == "", "\(result)")
        #expect(try String(contentsOf: file, encoding: .utf8) == errors)
    }

    @Test func errorsToStandardError() throws {
        let result = try ToolProcess.run("numgroup", ["--errors", "/dev/stderr"], input: "x\n12\n")
        #expect(result.exited(1))
        #expect(result.out == "12\n")
        #expect(
            result.err
                == "error\t1\t0\tinvalid-character\t'x' at offset 0 is not a digit, grouping separator or decimal point\tx\n"
        )
    }

    @Test(
        arguments: [
            (["--errors", "-"], Int32(2), "numgroup: invalid value '-' for --errors"),
            (["--errors", ""], Int32(2), "numgroup: invalid value '' for --errors: expected a file name"),
            (
                ["--errors", "/tmp/x", "--on-error=record"], Int32(2),
                "numgroup: --on-error=record cannot be used with --errors"
            ),
            (
                ["--errors", "/nonexistent-dir/rejects.tsv"], Int32(3),
                "numgroup: cannot open '/nonexistent-dir/rejects.tsv' for --errors: No such file or directory\n"
            ),
        ] as [([String], Int32, String)])
    func errorsFileRefused(options: [String], status: Int32, message: String) throws {
        let (result, unread) = try ToolProcess.runLeavingInput("numgroup", options, input: "1234\n")
        #expect(result.exited(status), "\(result)")
        #expect(result.out == "")
        #expect(result.err.hasPrefix(message), "\(result)")
        #expect(unread == "1234\n", "no input is read")
    }

    // MARK: An operand that names a file (item 9)

    @Test func operandNamingAFileGetsAHint() throws {
        let dir = try Self.directory("operand")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "1234\n".write(to: dir.appendingPathComponent("data.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("12a"), withIntermediateDirectories: true)
        let result = try ToolProcess.shell("cd '\(dir.path)' && numgroup data.txt 1234 missing.txt 12a")
        #expect(result.exited(1), "\(result)")
        #expect(
            result.out
                == "error\t1\t0\tinvalid-character\t'd' at offset 0 is not a digit, grouping separator or decimal point\tdata.txt\n"
                + "1,234\n"
                + "error\t3\t0\tinvalid-character\t'm' at offset 0 is not a digit, grouping separator or decimal point\tmissing.txt\n"
                + "error\t4\t0\tinvalid-character\t'a' at offset 2 is not a digit, grouping separator or decimal point\t12a\n"
        )
        #expect(result.err == "numgroup: 'data.txt' is a file; to read it, use < data.txt\n", "\(result)")
        // A value that names a file but transforms is no mistake.
        try "x".write(to: dir.appendingPathComponent("5678"), atomically: true, encoding: .utf8)
        let fine = try ToolProcess.shell("cd '\(dir.path)' && coinfmt -c USD 5678")
        #expect(fine.exited(0) && fine.out == "$5,678.00\n" && fine.err == "", "\(fine)")
        let skip = try ToolProcess.shell("cd '\(dir.path)' && phonefmt -r KR --on-error=skip data.txt")
        #expect(skip.exited(1))
        #expect(skip.err.hasSuffix("phonefmt: 'data.txt' is a file; to read it, use < data.txt\n"), "\(skip)")
    }
}
