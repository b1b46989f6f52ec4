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
        let result = try ToolProcess.run(tool, arguments, input: input)
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
            out: Array("error\t1\t4\tinvalid-utf8\tbyte 0xFC at offset 3 is not valid UTF-8\tM\\xFCller;K\\xF6ln;2024;1,5\\xFC\n".utf8)),
        ByteCase(
            "numgroup", ["--on-error=skip"], latin1("12ü4\n"), status: 1, out: [],
            err: "numgroup: record 1, field 0: invalid-utf8: byte 0xFC at offset 2 is not valid UTF-8\n"),
        ByteCase(
            "coinfmt", [], [0x31, 0x05, 0xC0, 0x0A], status: 1,
            out: Array("error\t1\t0\tinvalid-utf8\tbyte 0xC0 at offset 2 is not valid UTF-8\t1\u{5}\\xC0\n".utf8)),
    ])
    func bytesThatAreNotUTF8(_ c: ByteCase) throws { try c.check() }
}
