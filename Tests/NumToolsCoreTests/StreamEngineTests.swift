import Foundation
import Testing

@testable import NumToolsCLI
@testable import NumToolsCore

/// A transform that shows exactly what the engine handed it: `<value>`.
/// A value holding `x` is an error; one holding `t` is an error whose
/// message holds a TAB and a newline; `q` is written back as `a"b` and `k`
/// as `a,b`, to exercise CSV re-quoting.
struct Bracket: ValueTransform, Sendable {
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        if let i = value.firstIndex(of: UInt8(ascii: "x")) {
            throw ValueError(.other("bad-x"), "value has an x at offset \(i)")
        }
        if value.contains(UInt8(ascii: "t")) { throw ValueError(.other("bad-t"), "a\ttab\nand\\newline") }
        if Array(value) == Array("q".utf8) {
            output.append(bytes: Array("a\"b".utf8))
            return
        }
        if Array(value) == Array("k".utf8) {
            output.append(bytes: Array("a,b".utf8))
            return
        }
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: value)
        output.append(UInt8(ascii: ">"))
    }
}

/// Output and diagnostics shared by reference, to see their interleaving
/// and what was written at a given moment.
final class SharedBytes: @unchecked Sendable {
    var bytes: [UInt8] = []
    var writes = 0
    /// Fail every write with this, when set.
    var failure: IOFailure?
}

struct SharedSink: ByteSink {
    let target: SharedBytes
    var prefix: [UInt8] = []
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        if let failure = target.failure { throw failure }
        target.bytes.append(contentsOf: prefix)
        target.bytes.append(contentsOf: bytes)
        target.writes += 1
    }
}

/// A sink that keeps its own bytes and writes them to a shared stream too
/// (output and diagnostics, each alone and interleaved).
struct TeeSink: ByteSink {
    let own: SharedBytes
    let both: SharedBytes
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        own.bytes.append(contentsOf: bytes)
        own.writes += 1
        both.bytes.append(contentsOf: bytes)
    }
}

/// A source that records what each read was offered and how much output had
/// been written by then.
struct ProbeSource: ByteSource {
    var inner: MemorySource
    let output: SharedBytes?
    var largestCapacity = 0
    var bytesRead = 0
    var outputAtRead: [Int] = []
    /// Called after each read with the bytes read so far.
    var afterRead: (Int) -> Void = { _ in }

    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        largestCapacity = max(largestCapacity, capacity)
        outputAtRead.append(output?.bytes.count ?? 0)
        let n = try inner.read(into: buffer, capacity: capacity)
        bytesRead += n ?? 0
        afterRead(bytesRead)
        return n
    }
}

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

struct EngineResult: Equatable, CustomStringConvertible {
    var output: [UInt8]
    var diagnostics: String
    var outcome: StreamOutcome

    var description: String {
        "output \(String(decoding: output, as: UTF8.self).debugDescription) \(output), stderr \(diagnostics.debugDescription), \(outcome)"
    }
}

func runEngine<T: ValueTransform>(
    _ input: [UInt8], _ configuration: StreamConfiguration, chunkSize: Int, transform: T
) throws(IOFailure) -> EngineResult {
    var engine = StreamEngine(
        configuration: configuration, transform: transform, output: MemorySink(), diagnostics: MemorySink())
    var source = MemorySource(input, chunkSize: chunkSize)
    let outcome = try engine.run(&source)
    return EngineResult(
        output: engine.output.bytes, diagnostics: String(decoding: engine.diagnostics.bytes, as: UTF8.self),
        outcome: outcome)
}

func config(
    zero: Bool = false, fields: String? = nil, delimiter: String? = nil, csv: Bool = false, header: Int = 0,
    onError: ErrorPolicy = .record, empty: Bool = false, max: Int = 1 << 20, trim: Bool = false
) -> StreamConfiguration {
    var c = StreamConfiguration(toolName: "tool")
    c.zeroTerminated = zero
    c.fields = fields.map { try! FieldList($0) }
    c.delimiter = delimiter.map { Array($0.utf8) }
    c.csv = csv
    c.headerRecords = header
    c.onError = onError
    c.emptyIsError = empty
    c.maxRecordBytes = max
    c.trim = trim
    return c
}

/// One row of the engine's table: input, configuration, and what must come out.
struct EngineCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var configuration: StreamConfiguration
    var output: [UInt8]
    var diagnostics = ""
    var outcome = StreamOutcome.completed(errors: 0)

    init(
        _ name: String, _ input: String, _ configuration: StreamConfiguration, _ output: String,
        stderr: String = "", _ outcome: StreamOutcome = .completed(errors: 0)
    ) {
        self.name = name
        self.input = bytes(input)
        self.configuration = configuration
        self.output = bytes(output)
        self.diagnostics = stderr
        self.outcome = outcome
    }

    init(
        _ name: String, _ input: String, _ output: String, stderr: String = "",
        _ outcome: StreamOutcome = .completed(errors: 0)
    ) {
        self.init(name, input, config(), output, stderr: stderr, outcome)
    }

    init(
        _ name: String, raw input: [UInt8], _ configuration: StreamConfiguration = config(), raw output: [UInt8],
        _ outcome: StreamOutcome = .completed(errors: 0)
    ) {
        self.name = name
        self.input = input
        self.configuration = configuration
        self.output = output
        self.outcome = outcome
    }

    var testDescription: String { name }
}

let errors1 = StreamOutcome.completed(errors: 1)

let engineCases: [EngineCase] = [
    // Terminators.
    EngineCase("LF", "1\n2\n", "<1>\n<2>\n"),
    EngineCase("CRLF", "1\r\n2\r\n", "<1>\r\n<2>\r\n"),
    EngineCase("mixed LF and CRLF", "1\r\n2\n3\r\n", "<1>\r\n<2>\n<3>\r\n"),
    EngineCase("no final newline", "1\n2", "<1>\n<2>"),
    EngineCase("no final CRLF", "1\r\n2", "<1>\r\n<2>"),
    EngineCase("empty input", "", ""),
    EngineCase("one empty record", "\n", "\n"),
    EngineCase("empty records", "\n\r\n\n", "\n\r\n\n"),
    EngineCase("CR inside a record is part of it", "1\r2\n", "<1\r2>\n"),
    EngineCase("NUL", "1\u{0}2\u{0}", config(zero: true), "<1>\u{0}<2>\u{0}"),
    EngineCase("NUL records keep LF and CR", "1\n2\r\n\u{0}", config(zero: true), "<1\n2\r\n>\u{0}"),
    EngineCase("NUL without final terminator", "1\u{0}2", config(zero: true), "<1>\u{0}<2>"),
    EngineCase("LF is data with NUL", "1\n2", config(zero: true), "<1\n2>"),
    // Whitespace around the value.
    EngineCase("spaces and tabs kept around", "  12 \t\n", "  <12> \t\n"),
    EngineCase("blank value passes", " \t \n", " \t \n"),
    EngineCase("empty=error on empty", "\n", config(empty: true), "error\t1\t0\tempty\tvalue is empty\t\n", errors1),
    EngineCase(
        "empty=error on blank", " \t\r\n", config(empty: true), "error\t1\t0\tempty\tvalue is empty\t \\t\r\n", errors1),
    EngineCase(
        "empty=error on a field", "a\t \n", config(fields: "2", empty: true),
        "error\t1\t2\tempty\tvalue is empty\ta\\t \n", errors1),
    // Fields.
    EngineCase("field 2", "a\tb\tc\n", config(fields: "2"), "a\t<b>\tc\n"),
    EngineCase("fields 2-", "a\tb\tc\n", config(fields: "2-"), "a\t<b>\t<c>\n"),
    EngineCase("fields -2", "a\tb\tc\n", config(fields: "-2"), "<a>\t<b>\tc\n"),
    EngineCase("fields 1,3", "a\tb\tc\td\n", config(fields: "1,3"), "<a>\tb\t<c>\td\n"),
    EngineCase("missing field is absent", "a\tb\n", config(fields: "3"), "a\tb\n"),
    EngineCase("empty field", "a\t\tc\n", config(fields: "2"), "a\t\tc\n"),
    EngineCase("trailing delimiter", "a\t\n", config(fields: "2"), "a\t\n"),
    EngineCase("blank field keeps its spaces", "a\t  \tc\n", config(fields: "2-"), "a\t  \t<c>\n"),
    EngineCase("unselected fields byte for byte", "a\u{FF}\tb\n", config(fields: "2"), "a\u{FF}\t<b>\n"),
    EngineCase("comma delimiter", "a,b,c\n", config(fields: "2", delimiter: ","), "a,<b>,c\n"),
    EngineCase("multibyte delimiter", "a§b§c\n", config(fields: "2", delimiter: "§"), "a§<b>§c\n"),
    EngineCase("fields and CRLF", "a\tb\r\n", config(fields: "2"), "a\t<b>\r\n"),
    EngineCase("quotes are data without --csv", "\"a\tb\"\n", config(fields: "2"), "\"a\t<b\">\n"),
    // CSV.
    EngineCase("csv plain", "a,b,c\n", config(fields: "2", csv: true), "a,<b>,c\n"),
    EngineCase("csv quoted value unquoted when not needed", "a,\"b\",c\n", config(fields: "2", csv: true), "a,<b>,c\n"),
    EngineCase("csv quoted value with delimiter", "a,\"b,c\",d\n", config(fields: "2", csv: true), "a,\"<b,c>\",d\n"),
    EngineCase("csv doubled quotes", "\"a\"\"b\",c\n", config(fields: "1", csv: true), "\"<a\"\"b>\",c\n"),
    EngineCase("csv output with a quote is quoted", "q,k\n", config(fields: "1-", csv: true), "\"a\"\"b\",\"a,b\"\n"),
    // A value holding the record terminator is quoted again, whatever the
    // transform did (-z: NUL; issue 44 item 15), long or short (the eight-byte search).
    EngineCase(
        "csv -z value holding NUL is quoted again", "a,\"1\u{0}2\",3\u{0}b,1\u{0}",
        config(zero: true, fields: "2", csv: true),
        "a,\"<1\u{0}2>\",3\u{0}b,<1>\u{0}"),
    EngineCase(
        "csv -z long value holding NUL is quoted again", "\"123456789\u{0}123456789\"\u{0}",
        config(zero: true, fields: "1", csv: true), "\"<123456789\u{0}123456789>\"\u{0}"),
    // Without --csv, a result that holds the delimiter would split its
    // field: a delimiter-in-value error (issue 44 item 1); a field not
    // selected, or another delimiter, is no matter.
    EngineCase(
        "result holding the delimiter", "k,1\n", config(fields: "1", delimiter: ","),
        "error\t1\t1\tdelimiter-in-value\tresult holds the delimiter ',' at offset 1, which would split its field: use --csv to quote it, or another mark\tk,1\n",
        errors1),
    EngineCase(
        "result holding a quote delimiter", "q\"1\n", config(fields: "1-", delimiter: "\""),
        "error\t1\t1\tdelimiter-in-value\tresult holds the delimiter '\"' at offset 1, which would split its field: use --csv to quote it, or another mark\tq\"1\n",
        errors1),
    EngineCase("result holding another delimiter", "k\t1\n", config(fields: "1-"), "a,b\t<1>\n"),
    EngineCase("delimiter in a field not selected", "1,k\n", config(fields: "1", delimiter: ","), "<1>,k\n"),
    EngineCase("csv untouched field keeps its quotes", "\"a\",\"b\"\n", config(fields: "2", csv: true), "\"a\",<b>\n"),
    EngineCase(
        "csv multi-line field", "a,\"b\nc\",d\ne,f,g\n", config(fields: "2", csv: true), "a,\"<b\nc>\",d\ne,<f>,g\n"),
    EngineCase(
        "csv multi-line field in CRLF file", "a,\"b\r\nc\"\r\nx,y\r\n", config(fields: "2", csv: true),
        "a,\"<b\r\nc>\"\r\nx,<y>\r\n"),
    EngineCase(
        "csv multi-line untouched field", "\"a\nb\",c\n", config(fields: "2", csv: true), "\"a\nb\",<c>\n"),
    EngineCase(
        "csv delimiter in unselected quoted field", "\"a,b\",c\n", config(fields: "2", csv: true), "\"a,b\",<c>\n"),
    EngineCase("csv empty quoted field stays", "a,\"\",b\n", config(fields: "2", csv: true), "a,\"\",b\n"),
    EngineCase("csv blank quoted field stays", "a,\" \",b\n", config(fields: "2", csv: true), "a,\" \",b\n"),
    EngineCase("csv spaces around value", "a, 1 ,b\n", config(fields: "2", csv: true), "a, <1> ,b\n"),
    EngineCase("csv with semicolons", "a;\"b;c\"\n", config(fields: "2", delimiter: ";", csv: true), "a;\"<b;c>\"\n"),
    EngineCase("csv with TAB", "a\t\"b,c\"\n", config(fields: "2", delimiter: "\t", csv: true), "a\t<b,c>\n"),
    EngineCase(
        "csv with multibyte delimiter", "a§\"b\nc\"§d\n", config(fields: "2", delimiter: "§", csv: true),
        "a§\"<b\nc>\"§d\n"),
    EngineCase(
        "csv quote in the middle of an unquoted field", "a\"b,c\n", config(fields: "1", csv: true),
        "\"<a\"\"b>\",c\n"),
    EngineCase("csv whole record", "a,\"b\nc\"\n", config(csv: true), "<a,\"b\nc\">\n"),
    EngineCase(
        "csv text after closing quote", "a,\"b\"c,d\n1\n", config(fields: "2", csv: true),
        "error\t1\t2\tinvalid-csv\tquoted field 2 at offset 2 has text after its closing quote\ta,\"b\"c,d\n1\n",
        errors1),
    EngineCase(
        "csv unterminated quote", "a\n\"b,c\nd\n", config(fields: "2", csv: true),
        "a\nerror\t2\t1\tunterminated-quote\tquoted field 1 opened at offset 0 is not closed at end of input\t\"b,c\\nd\\n",
        errors1),
    // The field of an unclosed quote is counted with the quoting rule of
    // record ends and fields: a doubled quote inside a quoted field neither
    // closes it nor lets a delimiter in it count.
    EngineCase(
        "csv unterminated quote after a doubled quote", "\"a\"\"b,c\",d,\"x", config(fields: "1-3", csv: true),
        "error\t1\t3\tunterminated-quote\tquoted field 3 opened at offset 11 is not closed at end of input\t\"a\"\"b,c\",d,\"x",
        errors1),
    EngineCase(
        "csv offsets count characters", "é,\"b\"c\né,\"b\n", config(fields: "2", csv: true),
        "error\t1\t2\tinvalid-csv\tquoted field 2 at offset 2 has text after its closing quote\té,\"b\"c\n"
            + "error\t2\t2\tunterminated-quote\tquoted field 2 opened at offset 2 is not closed at end of input\té,\"b\\n",
        .completed(errors: 2)),
    EngineCase(
        "csv partial multibyte delimiter at end of input", raw: bytes("a€1") + [0xE2, 0x82],
        config(fields: "2", delimiter: "€", csv: true),
        raw: bytes("error\t1\t2\tinvalid-utf8\tbyte 0xE2 at offset 1 is not valid UTF-8\ta€1\\xE2\\x82"), errors1),
    EngineCase(
        "csv multibyte delimiter lead byte then newline", raw: bytes("a€1") + [0xE2] + bytes("\n2€3\n"),
        config(fields: "2", delimiter: "€", csv: true),
        raw: bytes("error\t1\t2\tinvalid-utf8\tbyte 0xE2 at offset 1 is not valid UTF-8\ta€1\\xE2\n2€<3>\n"), errors1),
    EngineCase(
        "csv record too long with a multi-scalar delimiter split across reads",
        "123456e\u{301}\"a\nb\"e\u{301}x\n9\n", config(fields: "2", delimiter: "e\u{301}", csv: true, max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456e\u{301}\"a\\nb\"e\u{301}x\n9\n",
        errors1),
    EngineCase("csv closed quote at end of input", "\"b\nc\"", config(fields: "1", csv: true), "\"<b\nc>\""),
    // Header.
    EngineCase("header", "h\n1\n", config(header: 1), "h\n<1>\n"),
    EngineCase("header passes bad values", "x\u{FF}\n1\n", config(header: 1), "x\u{FF}\n<1>\n"),
    EngineCase("header 0", "1\n", config(header: 0), "<1>\n"),
    EngineCase(
        "header records count", "h1\nh2\nx\n", config(header: 2),
        "h1\nh2\nerror\t3\t0\tbad-x\tvalue has an x at offset 0\tx\n",
        errors1),
    EngineCase("header longer than input", "h\n", config(header: 3), "h\n"),
    EngineCase("header longer than the record limit", "123456789\n1\n", config(header: 1, max: 4), "123456789\n<1>\n"),
    EngineCase(
        "header longer than the record limit, CRLF", "12345678\r\n12345\r\n", config(header: 1, max: 4),
        "12345678\r\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t12345\r\n", errors1),
    EngineCase(
        "csv header with an unterminated quote", "\"a,b\nc", config(fields: "1", csv: true, header: 1), "\"a,b\nc"),
    EngineCase(
        "csv header spanning lines", "\"h\n1\",2\n3,4\n", config(fields: "1", csv: true, header: 1),
        "\"h\n1\",2\n<3>,4\n"),
    // Error policies.
    EngineCase(
        "on-error record", "1\nx\n2\n", "<1>\nerror\t2\t0\tbad-x\tvalue has an x at offset 0\tx\n<2>\n", errors1),
    EngineCase(
        "on-error keep", "1\nx\n2\n", config(onError: .keep), "<1>\nx\n<2>\n",
        stderr: "tool: record 2, field 0: bad-x: value has an x at offset 0\n", errors1),
    EngineCase(
        "on-error skip", "1\nx\n2\n", config(onError: .skip), "<1>\n<2>\n",
        stderr: "tool: record 2, field 0: bad-x: value has an x at offset 0\n", errors1),
    EngineCase(
        "on-error abort", "1\nx\n2\n", config(onError: .abort), "<1>\n",
        stderr: "tool: record 2, field 0: bad-x: value has an x at offset 0\n", .aborted),
    EngineCase(
        "errors are counted", "x\nax\n1\n", config(onError: .skip), "<1>\n",
        stderr:
            "tool: record 1, field 0: bad-x: value has an x at offset 0\ntool: record 2, field 0: bad-x: value has an x at offset 1\n",
        .completed(errors: 2)),
    EngineCase(
        "error in a field", "a\tbx\r\n", config(fields: "2"),
        "error\t1\t2\tbad-x\tvalue has an x at offset 1\ta\\tbx\r\n", errors1),
    EngineCase(
        "keep keeps the whole record", "a\tbx\tc\n", config(fields: "2-", onError: .keep), "a\tbx\tc\n",
        stderr: "tool: record 1, field 2: bad-x: value has an x at offset 1\n", errors1),
    EngineCase(
        "error record ends like the record: CRLF", "x\r\n", "error\t1\t0\tbad-x\tvalue has an x at offset 0\tx\r\n",
        errors1),
    EngineCase(
        "error record ends like the record: nothing", "x", "error\t1\t0\tbad-x\tvalue has an x at offset 0\tx", errors1),
    EngineCase(
        "error record ends like the record: NUL", "a\nx\u{0}", config(zero: true),
        "error\t1\t0\tbad-x\tvalue has an x at offset 2\ta\\nx\u{0}", errors1),
    EngineCase(
        "escaping in message and original", "t\\\tr\r\n", "error\t1\t0\tbad-t\ta\\ttab\\nand\\\\newline\tt\\\\\\tr\r\n",
        errors1),
    EngineCase(
        "escaping CR in NUL records", "t\r\u{0}", config(zero: true),
        "error\t1\t0\tbad-t\ta\\ttab\\nand\\\\newline\tt\\r\u{0}", errors1),
    EngineCase(
        "diagnostics escape the message", "t\n", config(onError: .skip), "",
        stderr: "tool: record 1, field 0: bad-t: a\\ttab\\nand\\\\newline\n", errors1),
    // Invalid UTF-8.
    EngineCase(
        "invalid UTF-8", raw: bytes("1\n") + [0xFF] + bytes("2\n3\n"),
        raw: bytes("<1>\nerror\t2\t0\tinvalid-utf8\tbyte 0xFF at offset 0 is not valid UTF-8\t\\xFF2\n<3>\n"), errors1),
    EngineCase(
        "invalid UTF-8 offset counts characters", raw: bytes("é") + [0xC3, 0x28] + bytes("\n"),
        raw: bytes("error\t1\t0\tinvalid-utf8\tbyte 0xC3 at offset 1 is not valid UTF-8\té\\xC3(\n"), errors1),
    EngineCase(
        "truncated sequence at end of input", raw: bytes("1") + [0xE2, 0x82],
        raw: bytes("error\t1\t0\tinvalid-utf8\tbyte 0xE2 at offset 1 is not valid UTF-8\t1\\xE2\\x82"), errors1),
    EngineCase(
        "surrogate and overlong", raw: [0xED, 0xA0, 0x80, 0x0A, 0xC0, 0x80, 0x0A],
        raw: bytes(
            "error\t1\t0\tinvalid-utf8\tbyte 0xED at offset 0 is not valid UTF-8\t\\xED\\xA0\\x80\nerror\t2\t0\tinvalid-utf8\tbyte 0xC0 at offset 0 is not valid UTF-8\t\\xC0\\x80\n"
        ), .completed(errors: 2)),
    EngineCase("valid multibyte values", "é😀\n", "<é😀>\n"),
    // Records too long.
    EngineCase(
        "record-too-long then the next record", "12345\n1234\n", config(max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t12345\n<1234>\n", errors1),
    EngineCase("CR is not counted", "1234\r\n1\r\n", config(max: 4), "<1234>\r\n<1>\r\n"),
    EngineCase(
        "record-too-long with CRLF", "12345\r\n1\r\n", config(max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t12345\r\n<1>\r\n", errors1),
    EngineCase(
        "record-too-long, last record", "1\n123456789", config(max: 4),
        "<1>\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456789", errors1),
    EngineCase(
        "record-too-long keeps a final CR", "1\n123456789\r", config(max: 4),
        "<1>\nerror\t2\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456789\\r", errors1),
    EngineCase(
        "record-too-long escapes", "1\t2\\3\r4\r\n5\n", config(max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t1\\t2\\\\3\\r4\r\n<5>\n", errors1),
    EngineCase(
        "record-too-long, UTF-8 kept whole", "ééééé😀😀😀\n1\n", config(max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\tééééé😀😀😀\n<1>\n", errors1),
    EngineCase(
        "record-too-long, invalid bytes escaped",
        raw: [0x31, 0x32, 0xFF, 0xE2, 0x82, 0x33, 0x34, 0xF0, 0x0A, 0x35, 0x0A],
        config(max: 4),
        raw: bytes(
            "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t12\\xFF\\xE2\\x8234\\xF0\n<5>\n"),
        errors1),
    EngineCase(
        "record-too-long keep", "123456\n1\n", config(onError: .keep, max: 4), "123456\n<1>\n",
        stderr: "tool: record 1, field 0: record-too-long: record is longer than the limit of 4 bytes\n", errors1),
    EngineCase(
        "record-too-long skip", "123456\n1\n", config(onError: .skip, max: 4), "<1>\n",
        stderr: "tool: record 1, field 0: record-too-long: record is longer than the limit of 4 bytes\n", errors1),
    EngineCase(
        "record-too-long abort", "1\n123456\n1\n", config(onError: .abort, max: 4), "<1>\n",
        stderr: "tool: record 2, field 0: record-too-long: record is longer than the limit of 4 bytes\n", .aborted),
    EngineCase(
        "record-too-long csv", "\"a\nbcdef\",g\nh\n", config(fields: "1", csv: true, max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t\"a\\nbcdef\",g\n<h>\n", errors1),
    EngineCase(
        "record-too-long NUL", "123456\n7\u{0}1\u{0}", config(zero: true, max: 4),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456\\n7\u{0}<1>\u{0}", errors1),
    // Fields that are not selected are bytes (issue 14, item 5).
    EngineCase(
        "unselected field not UTF-8", raw: [0xFF] + bytes("\t1\n"), config(fields: "2"), raw: [0xFF] + bytes("\t<1>\n")),
    EngineCase(
        "csv unselected quoted field not UTF-8", raw: bytes("\"") + [0xFC] + bytes("\n\",1\n"),
        config(fields: "2", csv: true),
        raw: bytes("\"") + [0xFC] + bytes("\n\",<1>\n")),
    EngineCase(
        "selected field not UTF-8", raw: [0xFF] + bytes("\t1") + [0xFC] + bytes("\n"), config(fields: "2"),
        raw: bytes("error\t1\t2\tinvalid-utf8\tbyte 0xFC at offset 1 is not valid UTF-8\t\\xFF\\t1\\xFC\n"), errors1),
    // A byte-order mark (item 4): written first, part of no value.
    EngineCase("byte-order mark", "\u{FEFF}1\n2\n", "\u{FEFF}<1>\n<2>\n"),
    EngineCase("byte-order mark, header", "\u{FEFF}h\n1\n", config(header: 1), "\u{FEFF}h\n<1>\n"),
    EngineCase("byte-order mark, fields", "\u{FEFF}1\t2\n", config(fields: "1"), "\u{FEFF}<1>\t2\n"),
    EngineCase(
        "byte-order mark, csv quoted first field", "\u{FEFF}\"a,b\",c\n", config(fields: "1", csv: true),
        "\u{FEFF}\"<a,b>\",c\n"),
    EngineCase("byte-order mark alone", "\u{FEFF}", "\u{FEFF}"),
    EngineCase("byte-order mark, no terminator", "\u{FEFF}12", "\u{FEFF}<12>"),
    EngineCase(
        "byte-order mark cut short", raw: [0xEF, 0xBB],
        raw: bytes("error\t1\t0\tinvalid-utf8\tbyte 0xEF at offset 0 is not valid UTF-8\t\\xEF\\xBB"), errors1),
    EngineCase("byte-order mark later is data", "1\n\u{FEFF}2\n", "<1>\n<\u{FEFF}2>\n"),
    EngineCase(
        "byte-order mark before an error", "\u{FEFF}x\n", "\u{FEFF}error\t1\t0\tbad-x\tvalue has an x at offset 0\tx\n",
        errors1),
    EngineCase(
        "byte-order mark, skip", "\u{FEFF}x\n1\n", config(onError: .skip), "\u{FEFF}<1>\n",
        stderr: "tool: record 1, field 0: bad-x: value has an x at offset 0\n", errors1),
    EngineCase("byte-order mark, NUL records", "\u{FEFF}1\u{0}2", config(zero: true), "\u{FEFF}<1>\u{0}<2>"),
    // Error records of an earlier pass (item 6): unchanged, counted as errors.
    EngineCase(
        "error record passes through", "error\t3\t0\tbad-x\tvalue has an x at offset 0\tx\n1\n",
        "error\t3\t0\tbad-x\tvalue has an x at offset 0\tx\n<1>\n", errors1),
    EngineCase("error record, CRLF", "error\t1\t0\tc\tm\to\r\n", "error\t1\t0\tc\tm\to\r\n", errors1),
    EngineCase(
        "error record, NUL", "error\t1\t0\tc\tm\to\u{0}", config(zero: true), "error\t1\t0\tc\tm\to\u{0}", errors1),
    EngineCase("five columns are a value", "error\t1\t0\tc\tm\n", "<error\t1\t0\tc\tm>\n"),
    EngineCase("seven columns are a value", "error\t1\t0\tc\tm\to\tp\n", "<error\t1\t0\tc\tm\to\tp>\n"),
    EngineCase(
        "error record, fields", "error\t1\t2\tc\tm\ta\\tx\n", config(fields: "2"), "error\t1\t2\tc\tm\ta\\tx\n", errors1
    ),
    EngineCase(
        "error record, csv, a quote in ORIGINAL", "error\t1\t2\tc\tm\ta,\"1\n3,4\n", config(fields: "2", csv: true),
        "error\t1\t2\tc\tm\ta,\"1\n3,<4>\n", errors1),
    EngineCase(
        "error record, csv, last without terminator", "1,2\nerror\t1\t2\tc\tm\ta,\"1", config(fields: "2", csv: true),
        "1,<2>\nerror\t1\t2\tc\tm\ta,\"1", errors1),
    EngineCase(
        "error record, keep", "error\t7\t2\tbad-x\tvalue has an x\tx\n", config(onError: .keep),
        "error\t7\t2\tbad-x\tvalue has an x\tx\n", stderr: "tool: record 1, field 2: bad-x: value has an x\n", errors1),
    EngineCase(
        "error record, skip", "error\t7\t2\tbad-x\tvalue has an x\tx\n1\n", config(onError: .skip), "<1>\n",
        stderr: "tool: record 1, field 2: bad-x: value has an x\n", errors1),
    EngineCase(
        "error record, abort", "1\nerror\t7\t2\tc\tm\to\n1\n", config(onError: .abort), "<1>\n",
        stderr: "tool: record 2, field 2: c: m\n", .aborted),
    EngineCase(
        "error record as a header", "error\t1\t0\tc\tm\to\n1\n", config(header: 1), "error\t1\t0\tc\tm\to\n<1>\n"),
    EngineCase(
        "error record too long", "error\t1\t0\tc\tm\to\n", config(max: 12),
        "error\t1\t0\trecord-too-long\trecord is longer than the limit of 12 bytes\terror\\t1\\t0\\tc\\tm\\to\n",
        errors1),
    // --trim (item 8).
    EngineCase("trim", "  12 \t\n", config(trim: true), "<12>\n"),
    EngineCase("trim keeps a blank value", " \t \n", config(trim: true), " \t \n"),
    EngineCase("trim, fields", " a \t 1 \n", config(fields: "2", trim: true), " a \t<1>\n"),
    EngineCase("trim, csv quoted", "\" 1 \",2\n", config(fields: "1", csv: true, trim: true), "<1>,2\n"),
    EngineCase(
        "trim keeps ORIGINAL", " x \n", config(trim: true), "error\t1\t0\tbad-x\tvalue has an x at offset 0\t x \n",
        errors1),
]

let chunkSizes = [1, 2, 3, 4, 5, 7, 11, 1 << 16]

@Suite struct StreamEngineTests {
    /// Every row gives the same result however the input is split into reads.
    @Test(arguments: engineCases)
    func table(_ row: EngineCase) throws {
        let expected = EngineResult(output: row.output, diagnostics: row.diagnostics, outcome: row.outcome)
        for chunkSize in chunkSizes {
            let got = try runEngine(row.input, row.configuration, chunkSize: chunkSize, transform: Bracket())
            #expect(got == expected, "chunk size \(chunkSize)")
            if got != expected { break }
        }
    }

    @Test func operandsAreOneLineEach() throws {
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: MemorySink(), diagnostics: MemorySink())
        let outcome = try engine.run(operands: ["1", " 2 ", "", "a\nx", "3"])
        #expect(outcome == .completed(errors: 1))
        #expect(
            String(decoding: engine.output.bytes, as: UTF8.self)
                == "<1>\n <2> \n\nerror\t4\t0\tbad-x\tvalue has an x at offset 2\ta\\nx\n<3>\n")
    }

    @Test func operandsAbort() throws {
        var engine = StreamEngine(
            configuration: config(onError: .abort), transform: Bracket(), output: MemorySink(),
            diagnostics: MemorySink())
        #expect(try engine.run(operands: ["1", "x", "2"]) == .aborted)
        #expect(engine.output.bytes == bytes("<1>\n"))
        #expect(
            String(decoding: engine.diagnostics.bytes, as: UTF8.self)
                == "tool: record 2, field 0: bad-x: value has an x at offset 0\n")
    }

    /// Diagnostics come after the output of the records before them.
    @Test(arguments: [ErrorPolicy.keep, .skip, .abort])
    func diagnosticsFollowEarlierOutput(policy: ErrorPolicy) throws {
        let shared = SharedBytes()
        var engine = StreamEngine(
            configuration: config(onError: policy), transform: Bracket(), output: SharedSink(target: shared),
            diagnostics: SharedSink(target: shared, prefix: bytes("ERR:")))
        var source = MemorySource(bytes("1\nx\n2\n"))
        _ = try engine.run(&source)
        let text = String(decoding: shared.bytes, as: UTF8.self)
        let diag = "ERR:tool: record 2, field 0: bad-x: value has an x at offset 0\n"
        switch policy {
        case .keep: #expect(text == "<1>\n" + diag + "x\n<2>\n")
        case .skip: #expect(text == "<1>\n" + diag + "<2>\n")
        default: #expect(text == "<1>\n" + diag)
        }
    }

    /// Where standard error is another file (`diagnosticsFollowOutput`
    /// false), diagnostics are gathered and written after the output they
    /// follow, when it is written: the same bytes in each stream as when
    /// each is written at once, in one write here (under 64 KiB of them, one
    /// read), after all the output.
    @Test(arguments: [ErrorPolicy.keep, .skip, .field, .abort])
    func gatheredDiagnosticsFollowTheirOutput(policy: ErrorPolicy) throws {
        var input = ""
        for k in 0..<1500 { input += k % 3 == 1 ? "x\(k)\n" : "\(k)\n" }
        func run(followOutput: Bool) throws -> (output: SharedBytes, diagnostics: SharedBytes, both: SharedBytes) {
            var c = config(fields: policy == .field ? "1" : nil, onError: policy)
            c.diagnosticsFollowOutput = followOutput
            let (output, diagnostics, both) = (SharedBytes(), SharedBytes(), SharedBytes())
            var engine = StreamEngine(
                configuration: c, transform: Bracket(), output: TeeSink(own: output, both: both),
                diagnostics: TeeSink(own: diagnostics, both: both))
            var source = MemorySource(bytes(input))
            _ = try engine.run(&source)
            return (output, diagnostics, both)
        }
        let atOnce = try run(followOutput: true)
        let gathered = try run(followOutput: false)
        #expect(gathered.output.bytes == atOnce.output.bytes)
        #expect(gathered.diagnostics.bytes == atOnce.diagnostics.bytes)
        #expect(atOnce.diagnostics.writes == (policy == .abort ? 1 : 500))
        #expect(gathered.diagnostics.writes == 1)
        #expect(gathered.both.bytes == gathered.output.bytes + gathered.diagnostics.bytes)
        #expect(atOnce.both.bytes != gathered.both.bytes || policy == .abort)
    }

    /// `--on-error=abort` reads nothing after the bad record's read.
    @Test func abortReadsNoFurther() throws {
        let input = bytes("1\n2\nx\n") + [UInt8](repeating: UInt8(ascii: "9"), count: 100_000)
        var engine = StreamEngine(
            configuration: config(onError: .abort), transform: Bracket(), output: MemorySink(),
            diagnostics: MemorySink())
        var source = ProbeSource(inner: MemorySource(input, chunkSize: 3), output: nil)
        #expect(try engine.run(&source) == .aborted)
        #expect(source.bytesRead <= 9)
        #expect(engine.output.bytes == bytes("<1>\n<2>\n"))
    }

    /// What was produced for the records read is written before the next read.
    @Test func flushesBeforeEachRead() throws {
        let shared = SharedBytes()
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: SharedSink(target: shared), diagnostics: MemorySink()
        )
        var source = ProbeSource(inner: MemorySource(bytes("1\n22\n333\n"), chunkSize: 2), output: shared)
        _ = try engine.run(&source)
        // Reads: "1\n" | "22" | "\n3" | "33" | "\n" | eof
        #expect(source.outputAtRead == [0, 4, 4, 9, 9, 15])
    }

    /// A record far longer than the limit streams through in bounded memory,
    /// and the record after it is intact, with every policy.
    @Test(arguments: [ErrorPolicy.record, .keep, .skip])
    func hugeRecordStreams(policy: ErrorPolicy) throws {
        var rng = SplitMix64(seed: 7)
        let pieces = [bytes("é"), bytes("😀"), bytes("a"), bytes("\t"), bytes("\r"), [0xFF], bytes("\\")]
        var record: [UInt8] = []
        while record.count < 3_000_000 { record += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
        let input = bytes("1\r\n") + record + bytes("\r\n2\r\n")
        var expectedRecord: [UInt8] = []
        record.withUnsafeBufferPointer { UTF8Bytes.appendEscaped($0.baseAddress!, 0, $0.count, into: &expectedRecord) }
        let message = "record is longer than the limit of 1000 bytes"
        for chunkSize in [1000, 4093, 65536] {
            let shared = SharedBytes()
            var engine = StreamEngine(
                configuration: config(onError: policy, max: 1000), transform: Bracket(),
                output: SharedSink(target: shared), diagnostics: MemorySink())
            var source = ProbeSource(inner: MemorySource(input, chunkSize: chunkSize), output: shared)
            #expect(try engine.run(&source) == .completed(errors: 1))
            var expected = bytes("<1>\r\n")
            switch policy {
            case .record:
                expected += bytes("error\t2\t0\trecord-too-long\t\(message)\t") + expectedRecord + bytes("\r\n")
            case .keep: expected += record + bytes("\r\n")
            default: break
            }
            expected += bytes("<2>\r\n")
            #expect(shared.bytes == expected, "chunk size \(chunkSize)")
            // Memory stays bounded: the buffer never grows to hold the record.
            #expect(source.largestCapacity < 1 << 19)
            // And output was written while the record was still being read.
            #expect(shared.writes > 2 || policy == .skip)
        }
    }

    @Test func signalStopsAfterTheCompleteRecords() throws {
        final class Flag: @unchecked Sendable { var signal: Int32? }
        let flag = Flag()
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: MemorySink(), diagnostics: MemorySink())
        engine.pendingSignal = { flag.signal }
        var source = ProbeSource(inner: MemorySource(bytes("1\n2\n3\n45"), chunkSize: 3), output: nil)
        source.afterRead = { n in if n >= 6 { flag.signal = 15 } }
        #expect(try engine.run(&source) == .interrupted(signal: 15))
        // The reads were "1\n2" and "\n3\n": the three complete records are written, nothing more is read.
        #expect(engine.output.bytes == bytes("<1>\n<2>\n<3>\n"))
        #expect(source.bytesRead == 6)
    }

    @Test func writeFailureIsThrown() {
        let shared = SharedBytes()
        shared.failure = .failed("write error on standard output: No space left on device")
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: SharedSink(target: shared), diagnostics: MemorySink()
        )
        var source = MemorySource(bytes("1\n2\n"))
        #expect(throws: IOFailure.failed("write error on standard output: No space left on device")) {
            _ = try engine.run(&source)
        }
    }

    /// A write failure met while streaming a record too long is not lost.
    @Test(arguments: [ErrorPolicy.record, .keep])
    func writeFailureWhileStreamingIsThrown(policy: ErrorPolicy) {
        let shared = SharedBytes()
        shared.failure = .brokenPipe
        var engine = StreamEngine(
            configuration: config(onError: policy, max: 10), transform: Bracket(), output: SharedSink(target: shared),
            diagnostics: MemorySink())
        var source = MemorySource([UInt8](repeating: UInt8(ascii: "1"), count: 2_000_000), chunkSize: 1 << 16)
        #expect(throws: IOFailure.brokenPipe) { _ = try engine.run(&source) }
    }

    @Test func readFailureIsThrown() {
        struct Failing: ByteSource {
            var calls = 0
            mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
                calls += 1
                if calls == 1 {
                    buffer[0] = UInt8(ascii: "1")
                    buffer[1] = 0x0A
                    return 2
                }
                throw .failed("read error on standard input: Input/output error")
            }
        }
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: MemorySink(), diagnostics: MemorySink())
        var source = Failing()
        #expect(throws: IOFailure.failed("read error on standard input: Input/output error")) {
            _ = try engine.run(&source)
        }
        // What was read before the failure was written.
        #expect(engine.output.bytes == bytes("<1>\n"))
    }

    /// A read interrupted by a signal (nil) is retried unless a signal is pending.
    @Test func interruptedReadIsRetried() throws {
        struct Interrupting: ByteSource {
            var inner = MemorySource(Array("1\n2\n".utf8), chunkSize: 2)
            var calls = 0
            mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
                calls += 1
                if calls % 2 == 1 { return nil }
                return try inner.read(into: buffer, capacity: capacity)
            }
        }
        var engine = StreamEngine(
            configuration: config(), transform: Bracket(), output: MemorySink(), diagnostics: MemorySink())
        var source = Interrupting()
        #expect(try engine.run(&source) == .completed(errors: 0))
        #expect(engine.output.bytes == bytes("<1>\n<2>\n"))
    }

    /// numgroup's own values through the engine: a grouped CSV field is quoted.
    @Test(arguments: [
        ("a,1234,b\n", "a,\"1,234\",b\n"),
        ("a,\"1,234\",b\n", "a,\"1,234\",b\n"),
        ("a,\"1234\",b\n", "a,\"1,234\",b\n"),
        ("a,123,b\n", "a,123,b\n"),
        (
            "a,\"12,34\",b\n",
            "error\t1\t2\tmisplaced-grouping\tgrouping separator at offset 2 does not fit 3-digit grouping\ta,\"12,34\",b\n"
        ),
    ])
    func numgroupCSV(input: String, expected: String) throws {
        let got = try runEngine(
            bytes(input), config(fields: "2", csv: true), chunkSize: 1 << 16,
            transform: DigitGrouper(style: GroupingStyle()))
        #expect(String(decoding: got.output, as: UTF8.self) == expected)
    }

    /// Operands give what the same records give on standard input.
    @Test func operandsEqualStandardInput() throws {
        var rng = SplitMix64(seed: 21)
        let alphabet = Array("12345,.-x \t\\é")
        for _ in 0..<300 {
            var values: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                var value = ""
                for _ in 0..<Int.random(in: 0...8, using: &rng) {
                    value.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
                }
                values.append(value)
            }
            let configuration = config(header: values.count % 2, max: 6)
            var engine = StreamEngine(
                configuration: configuration, transform: DigitGrouper(style: GroupingStyle()), output: MemorySink(),
                diagnostics: MemorySink())
            let fromOperands = try engine.run(operands: values)
            let fromInput = try runEngine(
                bytes(values.map { $0 + "\n" }.joined()), configuration, chunkSize: 3,
                transform: DigitGrouper(style: GroupingStyle()))
            #expect(engine.output.bytes == fromInput.output, "\(values)")
            #expect(fromOperands == fromInput.outcome)
        }
    }

    /// Field selection against a model written from the contract: each
    /// selected value trimmed of blanks, transformed, its blanks kept around
    /// it, re-quoted in CSV when it holds the delimiter, a quote, CR or LF
    /// (a quoted one unquoted first, a blank one left as it stands); every
    /// other field and every delimiter as it stands. Without CSV, a record
    /// one of whose results holds the delimiter is a `delimiter-in-value`
    /// error record instead (issue 44 item 1). Random records of
    /// short and long fields (around the eight-byte searches), one- and
    /// multi-byte delimiters, and field lists that start, end or skip.
    @Test(arguments: [(false, "\t"), (true, ","), (false, ","), (true, "€"), (false, "::"), (true, ";")])
    func fieldSelectionMatchesAModel(csv: Bool, delimiter: String) throws {
        var rng = SplitMix64(seed: csv ? 41 : 42)
        let d = Array(delimiter.utf8)
        let alphabet = ["a", "b", "1", " ", "é"].map { Array($0.utf8) }
        let lists = ["1", "2", "3", "1,3", "2-3", "4-", "1-", "2,4-5", "6", "1,6-"]
        func bracket(_ v: [UInt8]) -> [UInt8] {
            if v == Array("q".utf8) { return Array("a\"b".utf8) }
            if v == Array("k".utf8) { return Array("a,b".utf8) }
            return [UInt8(ascii: "<")] + v + [UInt8(ascii: ">")]
        }
        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func contains(_ v: [UInt8], _ sub: [UInt8]) -> Bool {
            v.count >= sub.count && (0...(v.count - sub.count)).contains { Array(v[$0..<$0 + sub.count]) == sub }
        }
        for _ in 0..<300 {
            let list = lists[Int.random(in: 0..<lists.count, using: &rng)]
            let selection = try FieldList(list)
            var input: [UInt8] = []
            var expected: [UInt8] = []
            for record in 1...Int.random(in: 1...6, using: &rng) {
                var raws: [[UInt8]] = []
                var outs: [[UInt8]] = []
                var failed: (field: Int, offset: Int)? = nil
                for f in 1...Int.random(in: 1...7, using: &rng) {
                    var value: [UInt8] = []
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: value = Array("q".utf8)
                    case 1: value = Array("k".utf8)
                    case 2: value = []
                    default:
                        for _ in 0..<Int.random(in: 1...(f % 2 == 0 ? 30 : 6), using: &rng) {
                            value += alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                        }
                    }
                    let quoted = csv && Int.random(in: 0..<4, using: &rng) == 0
                    var raw = value
                    if quoted {
                        if Bool.random(using: &rng) { value += d }  // the delimiter inside quotes
                        raw = [0x22] + value.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] } + [0x22]
                    }
                    raws.append(raw)
                    guard selection.contains(f), !value.allSatisfy(isBlank) else {
                        outs.append(raw)
                        continue
                    }
                    let lead = value.prefix(while: isBlank)
                    let trail = value.reversed().prefix(while: isBlank)
                    let result = bracket(Array(value.dropFirst(lead.count).dropLast(trail.count)))
                    if !csv, failed == nil, contains(result, d) {
                        failed = (f, (0...(result.count - d.count)).first { Array(result[$0..<$0 + d.count]) == d }!)
                    }
                    var out = Array(lead) + result + trail
                    if csv && (contains(out, d) || out.contains(0x22) || out.contains(0x0A) || out.contains(0x0D)) {
                        out = [0x22] + out.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] } + [0x22]
                    }
                    outs.append(out)
                }
                input += Array(raws.joined(separator: d)) + [0x0A]
                if let failed {
                    expected +=
                        Array(
                            "error\t\(record)\t\(failed.field)\tdelimiter-in-value\tresult holds the delimiter '\(delimiter)' at offset \(failed.offset), which would split its field: use --csv to quote it, or another mark\t"
                                .utf8) + Array(raws.joined(separator: d)) + [0x0A]
                } else {
                    expected += Array(outs.joined(separator: d)) + [0x0A]
                }
            }
            let got = try runEngine(
                input, config(fields: list, delimiter: delimiter, csv: csv), chunkSize: 1 << 16, transform: Bracket())
            #expect(
                got.output == expected,
                "-f \(list): \(String(decoding: input, as: UTF8.self).debugDescription) gave \(got)")
        }
    }

    /// Large random streams: chunking never changes the result.
    @Test(arguments: [(false, "\t"), (true, ","), (true, "€"), (false, "€"), (true, "e\u{301}"), (true, "\r\n")])
    func randomStreamsIgnoreChunking(csv: Bool, delimiter: String) throws {
        var rng = SplitMix64(seed: csv ? 11 : 12)
        let alphabet = Array("ab1\"\n\r x€é\(delimiter)\(delimiter)".utf8)
        for _ in 0..<200 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<200, using: &rng) {
                input.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
            }
            let configuration = config(fields: "2", delimiter: delimiter, csv: csv, header: input.count % 3, max: 12)
            let whole = try runEngine(input, configuration, chunkSize: 1 << 16, transform: Bracket())
            for chunkSize in [1, 2, 3, 5] {
                let got = try runEngine(input, configuration, chunkSize: chunkSize, transform: Bracket())
                #expect(got == whole, "\(input) chunk size \(chunkSize)")
            }
        }
    }
}

@Suite struct SignalTests {
    final class Outcome: @unchecked Sendable {
        var result: Int?? = .none
    }

    /// A signal that arrives after the engine last looked but before it blocks
    /// in read must end the wait, not leave the tool waiting for input that may
    /// never come (`tail -f log | numgroup`, then Ctrl-C).
    @Test func signalJustBeforeABlockingReadEndsTheWait() throws {
        var saved = [sigaction(), sigaction()]
        sigaction(SIGINT, nil, &saved[0])
        sigaction(SIGTERM, nil, &saved[1])
        defer {
            sigaction(SIGINT, &saved[0], nil)
            sigaction(SIGTERM, &saved[1], nil)
            Signals.clear()
        }
        Signals.install()
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        // Deliver it on this thread, now (test runners may block signals on their threads).
        var unblock = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        raise(SIGTERM)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        #expect(Signals.pending() == SIGTERM)

        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let readEnd = ends[0]
        Thread {
            var input = FileDescriptorStream(fd: readEnd, name: "standard input")
            var buffer = [UInt8](repeating: 0, count: 16)
            let n = buffer.withUnsafeMutableBufferPointer { b in
                try? input.read(into: b.baseAddress!, capacity: b.count)
            }
            outcome.result = .some(n ?? nil)
            finished.signal()
        }.start()
        let returned = finished.wait(timeout: .now() + 60) == .success
        #expect(returned, "read blocked although a signal was pending")
        if !returned {
            _ = write(ends[1], "1", 1)  // let the reader go
            finished.wait()
        }
        #expect(outcome.result == .some(nil), "the read reports the interruption")

        // Reported once: a reader that goes on reading gets its input.
        _ = write(ends[1], "12", 2)
        var input = FileDescriptorStream(fd: readEnd, name: "standard input")
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = try buffer.withUnsafeMutableBufferPointer { b in try input.read(into: b.baseAddress!, capacity: b.count)
        }
        #expect(n == 2)
    }
}

/// A transform's values one by one, without its run of records: what
/// ``ValueTransform/transformRecords(_:terminator:maxLength:flushAt:into:failure:)`` must
/// agree with.
struct ValueByValue<Inner: ValueTransform>: ValueTransform {
    var inner: Inner
    var keepsSurroundingWhitespace: Bool { inner.keepsSurroundingWhitespace }
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        try inner.transform(value, into: &output)
    }
}

/// The CSV scanner's sixteen-byte search for a terminator or quote against
/// a byte loop: every length to 70 (blocks of 16, 32 and 64 and the scalar
/// tail), the byte at every position, none, and two, from every start.
@Suite struct CSVScannerBlockTests {
    @Test(arguments: [UInt8(0x0A), 0]) func firstOfMatchesTheByteLoop(_ terminator: UInt8) {
        let quote = UInt8(ascii: "\"")
        for length in 0...70 {
            for hit in -1..<length {
                for second in [-1, hit + 1, length - 1] where second > hit && second < length {
                    var bytes = (0..<length).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
                    // Bytes near both: one above and below each, and 0x80 (no borrow trick may take them).
                    if length > 3 { (bytes[0], bytes[1], bytes[2]) = (terminator &+ 1, quote &- 1, 0x80) }
                    if hit >= 0 { bytes[hit] = hit % 2 == 0 ? terminator : quote }
                    if second >= 0 { bytes[second] = quote }
                    bytes.withUnsafeBufferPointer { b in
                        let p = b.baseAddress ?? UnsafePointer(bitPattern: 1)!
                        for start in 0...length {
                            var expected = start
                            while expected < length, b[expected] != terminator, b[expected] != quote { expected += 1 }
                            let found = CSVScanner.firstOf(terminator, quote, p, start, length)
                            #expect(found == expected, "\(length) \(hit) \(second) \(start)")
                        }
                    }
                }
            }
        }
    }
}

@Suite struct RecordRunTests {
    /// Runs `values` (with odd records mixed in: blanks, spaces, CRLF,
    /// invalid UTF-8, long records, a last record without its terminator)
    /// through the engine with the transform's run of records and value by
    /// value, under random configurations (`--width` in two rounds of
    /// three) and read sizes, and expects the same bytes, diagnostics and
    /// outcome.
    func expectRunEqualsValueByValue<T: ValueTransform>(_ transform: T, _ values: [String], seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let odd: [[UInt8]] =
            ["", "  12345", "12345 ", "\t1", "1234\r", "x"].map { Array($0.utf8) } + [[0x31, 0xFF, 0x32]]
        for round in 0..<40 {
            let zero = round % 4 == 3
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                var value =
                    Int.random(in: 0..<4, using: &rng) == 0
                    ? odd.randomElement(using: &rng)! : Array(values.randomElement(using: &rng)!.utf8)
                if Int.random(in: 0..<8, using: &rng) == 0 { value.append(0x0D) }  // CRLF (or a CR before NUL)
                input += value + [zero ? 0 : 0x0A]
            }
            if Bool.random(using: &rng) { input += Array(values.randomElement(using: &rng)!.utf8) }  // no terminator
            var configuration = config(
                zero: zero, header: Int.random(in: 0...2, using: &rng),
                onError: [.record, .keep, .skip].randomElement(using: &rng)!, max: Int.random(in: 8...30, using: &rng))
            // --width: the transforms that pad their own runs against the engine's padding of each value.
            if round % 3 != 0 {
                configuration.padding = Padding(
                    columns: Int.random(in: 1...80, using: &rng), alignment: Bool.random(using: &rng) ? .right : .left)
            }
            let chunk = Int.random(in: 1...200, using: &rng)
            let run = try runEngine(input, configuration, chunkSize: chunk, transform: transform)
            let one = try runEngine(input, configuration, chunkSize: chunk, transform: ValueByValue(inner: transform))
            #expect(run.output == one.output, "round \(round)")
            #expect(run.diagnostics == one.diagnostics, "round \(round)")
            #expect(run.outcome == one.outcome, "round \(round)")
        }
    }

    /// numgroup's own run of plain numbers; sanitize and text record by record.
    @Test(arguments: [DigitGrouper.Mode.group, .ungroup, .sanitize, .text(minimumDigits: 5)])
    func numgroup(mode: DigitGrouper.Mode) throws {
        var rng = SplitMix64(seed: 7)
        var values = ["1,234", "12,34", "1.2.3", "-", ".", "+.5", "١٢٣", "12345678901234567890123"]
        // Values the run writes as error records itself (with --on-error record),
        // against the engine's error records: every message of `characterError`.
        values += ["N/A", "#VALUE!", "1234x", "--5", "12.34.56", "1.2,3", "12é", "1\\2", "+-1", "12\u{7}", "'1'"]
        for _ in 0..<40 {
            var value = ["", "-", "+"].randomElement(using: &rng)!
            value += String(UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...63, using: &rng))
            if Bool.random(using: &rng) { value += "." + String(Int.random(in: 0...999, using: &rng)) }
            values.append(value)
        }
        try expectRunEqualsValueByValue(DigitGrouper(style: GroupingStyle(), mode: mode), values, seed: 1)
    }

    /// numconv, coinfmt and phonefmt take their records one by one in the
    /// run (``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
    @Test func eachRecordTransforms() throws {
        let us = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))
        let arabic = LocaleNumberFormat(locale: LocaleID(identifier: "ar_EG"))
        try expectRunEqualsValueByValue(
            NumberConverter(from: us, to: [arabic]),
            ["1,234.5", "12", "-7,000", "1,23", "1.2.3", "0.5", "١٢٣", "99,999,999"], seed: 2)
        try expectRunEqualsValueByValue(
            NumberConverter(from: arabic, to: [us]), ["١٬٢٣٤٫٥", "١٢", "؜-٧", "1٢", "12"], seed: 3)
        try expectRunEqualsValueByValue(
            CoinTransform(
                style: CoinFormatStyle(locale: LocaleID(identifier: "en_US"), currencyCode: "USD"), colored: true),
            ["12.5", "-3", "0", "1e3", "abc", "1.005", "-0.001"], seed: 4)
        try expectRunEqualsValueByValue(
            PhoneTransform(region: "KR")!,
            ["010-1234-5678", "02-123-4567", "+82 10 1234 5678", "０１０１２３４５６７８", "12", "abc"], seed: 5)
        // As-you-type never fails a value: the run itself must leave CR, spaces and the rest to the engine.
        try expectRunEqualsValueByValue(
            PhoneTransform(region: "KR", asYouType: true)!, ["0101234", "02-12", "+8210", "０１０", "1"], seed: 6)
    }
}

/// Blank values of a transform that writes several values (`numconv --to
/// de_DE,fr_FR`): a blank record passes through unchanged, as the contract
/// says (the records fuzz target found it written once a target); a blank
/// cell of a selected field is as many blank cells, so that the columns
/// after it stay in place.
@Suite struct SeveralValuesBlankTests {
    static let converter = NumberConverter(
        from: LocaleNumberFormat(locale: LocaleID(identifier: "en_US")),
        to: [
            LocaleNumberFormat(locale: LocaleID(identifier: "de_DE")),
            LocaleNumberFormat(locale: LocaleID(identifier: "fr_FR")),
        ])

    @Test(arguments: [1, 3, 64]) func blankRecordsPassThrough(chunk: Int) throws {
        let r = try runEngine(Array("\t  \n1234\n\n   \n".utf8), config(), chunkSize: chunk, transform: Self.converter)
        #expect(String(decoding: r.output, as: UTF8.self) == "\t  \n1.234\t1\u{202F}234\n\n   \n")
    }

    @Test func blankCellsKeepTheColumns() throws {
        let r = try runEngine(
            Array("a\t \tb\nc\t1234\td\n".utf8), config(fields: "2"), chunkSize: 7, transform: Self.converter)
        #expect(String(decoding: r.output, as: UTF8.self) == "a\t \t\tb\nc\t1.234\t1\u{202F}234\td\n")
    }
}

/// The lanes of issue 15: CRLF records and failing values inside the run of
/// records, and the messages written from templates.
@Suite struct LaneTests {
    func lane<T: ValueTransform>(_ transform: T, _ input: String, terminator: UInt8 = 0x0A) -> (
        RecordRun, String, ValueError
    ) {
        var t = transform
        var out: [UInt8] = []
        var failure = ValueError(.engine(.empty), "none")
        let run = Array(input.utf8).withUnsafeBufferPointer {
            t.transformRecords($0, terminator: terminator, maxLength: 1 << 20, into: &out, failure: &failure)
        }
        return (run, String(decoding: out, as: UTF8.self), failure)
    }

    func error<T: ValueTransform>(_ transform: T, _ value: String) -> ValueError? {
        var t = transform
        var out: [UInt8] = []
        do {
            try Array(value.utf8).withUnsafeBufferPointer { (b) throws(ValueError) in try t.transform(b, into: &out) }
            return nil
        } catch { return error }
    }

    static let us = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))
    static var transforms: [any ValueTransform] {
        [
            DigitGrouper(style: GroupingStyle()), DigitGrouper(style: GroupingStyle(), mode: .sanitize),
            NumberConverter(from: us, to: [LocaleNumberFormat(locale: LocaleID(identifier: "de_DE"))]),
            CoinTransform(style: CoinFormatStyle(locale: LocaleID(identifier: "en_US"), currencyCode: "USD")),
            PhoneTransform(region: "KR")!,
        ]
    }

    /// CRLF records stay in the run, written back with CRLF, as LF records are.
    @Test(arguments: 0..<5) func crlfInTheRun(_ k: Int) {
        func check<T: ValueTransform>(_ transform: T) {
            let values = ["1234", "010-1234-5678", "-12.5", "1234567", "0.25"]
            let good = values.filter { error(transform, $0) == nil }
            #expect(!good.isEmpty)
            let lf = lane(transform, good.map { $0 + "\n" }.joined())
            let crlf = lane(transform, good.map { $0 + "\r\n" }.joined())
            #expect(lf.0.records == good.count && crlf.0.records == good.count)
            #expect(crlf.1 == lf.1.replacingOccurrences(of: "\n", with: "\r\n"))
            // A CR left before the CRLF (or a record of a CRLF alone) is the engine's.
            #expect(lane(transform, good[0] + "\r\r\n").0 == RecordRun(bytes: 0, records: 0))
            #expect(lane(transform, "\r\n").0 == RecordRun(bytes: 0, records: 0))
            // With NUL records a CR is part of the value, never a terminator.
            let zero = lane(transform, good[0] + "\r\0", terminator: 0)
            if let failure = error(transform, good[0] + "\r") {
                #expect(zero.0.failed && zero.2 == failure)
            } else {
                var t = transform
                var out: [UInt8] = []
                try? Array((good[0] + "\r").utf8).withUnsafeBufferPointer { (b) throws(ValueError) in
                    try t.transform(b, into: &out)
                }
                #expect(zero.0.records == 1 && zero.1 == String(decoding: out + [0], as: UTF8.self))
            }
        }
        check(Self.transforms[k])
    }

    /// A failing value stops the run with its error: the error the value gives alone.
    @Test(arguments: 0..<5) func failureInTheRun(_ k: Int) {
        func check<T: ValueTransform>(_ transform: T) {
            let good = ["1234", "010-1234-5678", "0.25"].first { error(transform, $0) == nil }!
            for bad in ["N/A", "12.34.56", "--5", "#VALUE!", "1\u{7}2", "x\\y", "'\t'", "1,2,3", "12é"] {
                guard let expected = error(transform, bad) else { continue }
                for terminator in ["\n", "\r\n"] {
                    let (run, out, failure) = lane(transform, good + terminator + bad + terminator + good + terminator)
                    #expect(run.failed && run.records == 1 && run.bytes == good.utf8.count + terminator.utf8.count)
                    #expect(failure == expected && failure.message == expected.message, "\(bad)")
                    #expect(out.hasSuffix(terminator))
                }
                // A value that begins with `e` may be an error record passing through: the engine's.
                #expect(!lane(transform, "e" + bad + "\n").0.failed)
            }
        }
        check(Self.transforms[k])
    }

    /// Through the engine, with the run and value by value, every policy:
    /// the same bytes for CRLF and failing records in any mix.
    @Test(arguments: 0..<5) func engineWithAndWithoutTheRun(_ k: Int) throws {
        func same<T: ValueTransform>(_ t: T) throws {
            for policy in [ErrorPolicy.record, .keep, .skip, .abort] {
                for terminator in ["\n", "\r\n"] {
                    let values = ["1234", "N/A", "010-1234-5678", "-", "0.25", "e12", "1\t2", "12.34.56", "１２", "x\\"]
                    let input = Array(values.map { $0 + terminator }.joined().utf8)
                    let configuration = config(onError: policy)
                    let run = try runEngine(input, configuration, chunkSize: 5, transform: t)
                    let one = try runEngine(input, configuration, chunkSize: 5, transform: ValueByValue(inner: t))
                    #expect(run.output == one.output && run.diagnostics == one.diagnostics)
                    #expect(run.outcome == one.outcome)
                }
            }
        }
        try same(Self.transforms[k])
    }

    /// numgroup's plain run near the ends of its buffer: records of every
    /// length from 1 to 40 bytes (those with at most three integer digits are
    /// copied whole, terminator included, in eight-byte moves that need 16
    /// readable bytes), ending at every offset of the last 48 bytes, with LF
    /// and CRLF, against each value alone.
    @Test func numgroupRunAtBufferEnds() {
        for ungroup in [false, true] {
            let grouper = DigitGrouper(style: GroupingStyle(), mode: ungroup ? .ungroup : .group)
            for length in 1...40 {
                for integerDigits in [1, 3, 4, 9, length] where integerDigits <= length {
                    var value = String(repeating: "7", count: integerDigits)
                    if length > integerDigits + 1 {
                        value += "." + String(repeating: "5", count: length - integerDigits - 1)
                    }
                    for terminator in ["\n", "\r\n"] {
                        for pad in 0..<48 {
                            let padding = String(repeating: "1\n", count: pad / 2) + (pad % 2 == 1 ? "22\n" : "")
                            let input = padding + value + terminator
                            let (run, out, _) = lane(grouper, input)
                            var expected: [UInt8] = []
                            // (By bytes: "\r\n" is one Character.)
                            for record in Array(input.utf8).split(separator: 0x0A) {
                                let crlf = record.last == 0x0D
                                var t = grouper
                                try? Array(crlf ? record.dropLast() : record).withUnsafeBufferPointer {
                                    (b) throws(ValueError) in try t.transform(b, into: &expected)
                                }
                                expected += crlf ? [0x0D, 0x0A] : [0x0A]
                            }
                            #expect(run.bytes == input.utf8.count, "\(length) \(integerDigits) \(pad)")
                            #expect(
                                out == String(decoding: expected, as: UTF8.self), "\(length) \(integerDigits) \(pad)")
                        }
                    }
                }
            }
        }
    }

    /// numgroup's run as a whole against each record alone (the general
    /// path), over random records: plain numbers of 0 to 34 integer digits
    /// with and without sign and fraction, LF and CRLF, values the SIMD
    /// classification (32 bytes a record, 64 readable) must leave to the
    /// scalar path (a point alone, a lone sign, a stray CR, records longer
    /// than 32 bytes, separators already in place, errors), at every
    /// alignment, with groupings 3, 3;2, 1, 4 and 64, `--ungroup`, a
    /// multibyte separator and small output limits; and the buffer cut at
    /// every offset of its last 64 bytes (the run takes the whole records
    /// before the cut and only those).
    @Test(arguments: 0..<8) func numgroupRunAgainstEachRecord(_ variant: Int) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(variant + 1)
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let styles: [(GroupingStyle, DigitGrouper.Mode, Int)] = [
            (GroupingStyle(), .group, Int.max), (GroupingStyle(), .ungroup, Int.max),
            (GroupingStyle(grouping: Grouping(primary: 3, secondary: 2)), .group, Int.max),
            (GroupingStyle(grouping: Grouping(primary: 1)), .group, Int.max),
            (GroupingStyle(separator: "\u{202F}", decimal: ",", grouping: Grouping(primary: 3)), .group, Int.max),
            (GroupingStyle(grouping: Grouping(primary: 4, secondary: 4, minimumDigits: 2)), .group, 12),
            (GroupingStyle(grouping: Grouping(primary: 64)), .group, 20),
            (
                GroupingStyle(separator: "_", decimal: ".", grouping: Grouping(primary: 2, secondary: 5)), .group,
                Int.max
            ),
        ]
        let (style, mode, limit) = styles[variant]
        var grouper = DigitGrouper(style: style, mode: mode)
        grouper.outputLimit = limit
        let point = String(decoding: style.decimal, as: UTF8.self)
        func record() -> String {
            let digits = { (k: Int) in String((0..<k).map { _ in Character(String(next(10))) }) }
            switch next(20) {
            case 0:
                return ["N/A", "-", "+", point, "-" + point, "", "\r", "1\r2", "12" + point + "3" + point + "4"][
                    next(9)]
            case 1: return digits(next(40) + 1) + point + digits(next(30))
            case 2: return "1,234" + point + digits(next(4))
            case 3: return "1" + point + "5e3"
            default:
                let sign = ["", "", "", "-", "+"][next(5)]
                let integer = digits(next(next(4) == 0 ? 35 : 10))
                let fraction = next(3) == 0 ? "" : point + digits(next(9))
                return sign + integer + fraction
            }
        }
        for round in 0..<40 {
            var input: [UInt8] = []
            for _ in 0..<(next(60) + 1) {
                input += Array(record().utf8) + (next(6) == 0 ? [0x0D, 0x0A] : [0x0A])
            }
            input = Array(repeating: UInt8(ascii: "7"), count: round % 17) + [0x0A] + input
            // Cut at every offset of the last 64 bytes (and not at all).
            for cut in max(0, input.count - 64)...input.count {
                let slice = Array(input[..<cut])
                var t = grouper
                var out: [UInt8] = []
                var failure = ValueError(.engine(.empty), "none")
                let run = slice.withUnsafeBufferPointer {
                    t.transformRecords($0, terminator: 0x0A, maxLength: 1 << 20, into: &out, failure: &failure)
                }
                // The same records one by one, up to the first that fails.
                var expected: [UInt8] = []
                var taken = 0
                var records = 0
                var failed: ValueError? = nil
                while let lf = slice[taken...].firstIndex(of: 0x0A) {
                    let crlf = lf > taken && slice[lf - 1] == 0x0D
                    let value = Array(slice[taken..<(crlf ? lf - 1 : lf)])
                    var one = grouper
                    var written: [UInt8] = []
                    do {
                        try value.withUnsafeBufferPointer { (b) throws(ValueError) in
                            try one.transform(b, into: &written)
                        }
                    } catch {
                        failed = error
                        break
                    }
                    expected += written + (crlf ? [0x0D, 0x0A] : [0x0A])
                    taken = lf + 1
                    records += 1
                }
                // The run may stop early at a record the engine must see (never past a failure).
                let where_ = "variant \(variant) round \(round) cut \(cut)"
                #expect(run.bytes <= taken, "\(where_)")
                #expect(run.records <= records, "\(where_)")
                if run.bytes == taken && run.records == records {
                    #expect(out == expected, "\(where_)")
                    if run.failed { #expect(failure == failed, "\(where_)") }
                } else {
                    #expect(expected.starts(with: out), "\(where_)")
                }
            }
        }
    }

    /// Templates write the messages the String forms did, escaped in the
    /// error record where they quote the input.
    @Test func templates() {
        var quoteTab = ErrorText(template: "\u{1} at offset \u{2} is not a digit", 3)
        [UInt8]([0x31, 0x09]).withUnsafeBufferPointer { quoteTab.quote($0, at: 1) }
        #expect(quoteTab.description == "'\t' at offset 3 is not a digit")
        var escaped: [UInt8] = []
        quoteTab.write(into: &escaped)
        #expect(String(decoding: escaped, as: UTF8.self) == "'\\t' at offset 3 is not a digit")
        var byte = ErrorText(template: "\u{1} at offset \u{2}; \u{3} \u{4}: \u{5}", 0, -12)
        [UInt8]([0xFF]).withUnsafeBufferPointer { byte.quote($0, at: 0) }
        byte.name("de\\CH")
        byte.detail("a digit")
        #expect(byte.description == "byte 0xFF at offset 0; -12 de\\CH: a digit")
        escaped = []
        byte.write(into: &escaped)
        #expect(String(decoding: escaped, as: UTF8.self) == "byte 0xFF at offset 0; -12 de\\\\CH: a digit")
        var end = ErrorText(template: "unexpected \u{1}")
        [UInt8]([0x31]).withUnsafeBufferPointer { end.quote($0, at: 1) }
        #expect(end.description == "unexpected end of value")
        #expect(ErrorText("plain") == ErrorText(template: "plain"))
        #expect(ValueError.outputTooLong(64).message == "output would be longer than the limit of 64 bytes")
    }
}

/// Error records to a sink of their own (`--errors FILE`, issue 14 item 7):
/// the output keeps the good records only, or the originals with `keep`.
@Suite struct ErrorSinkTests {
    struct Run: Equatable {
        var output: String
        var errors: String
        var diagnostics: String
        var outcome: StreamOutcome
    }

    func run(_ input: String, _ configuration: StreamConfiguration, chunkSize: Int = 1 << 16) throws -> Run {
        var engine = StreamEngine(
            configuration: configuration, transform: Bracket(), output: MemorySink(), diagnostics: MemorySink(),
            errors: MemorySink())
        var source = MemorySource(bytes(input), chunkSize: chunkSize)
        let outcome = try engine.run(&source)
        return Run(
            output: String(decoding: engine.output.bytes, as: UTF8.self),
            errors: String(decoding: engine.errors?.bytes ?? [], as: UTF8.self),
            diagnostics: String(decoding: engine.diagnostics.bytes, as: UTF8.self), outcome: outcome)
    }

    static let input = "1\nx\nerror\t9\t0\tc\tm\to\n123456789012345678901\n2\n"
    static let errorRecords =
        "error\t2\t0\tbad-x\tvalue has an x at offset 0\tx\nerror\t9\t0\tc\tm\to\n"
        + "error\t4\t0\trecord-too-long\trecord is longer than the limit of 20 bytes\t123456789012345678901\n"

    @Test(arguments: [ErrorPolicy.skip, .record])
    func skipLeavesTheGoodRecords(policy: ErrorPolicy) throws {
        for chunkSize in chunkSizes {
            let got = try run(Self.input, config(onError: policy, max: 20), chunkSize: chunkSize)
            #expect(
                got
                    == Run(
                        output: "<1>\n<2>\n", errors: Self.errorRecords, diagnostics: "", outcome: .completed(errors: 3)
                    ),
                "chunk size \(chunkSize)")
        }
    }

    @Test func keepLeavesTheOriginals() throws {
        for chunkSize in chunkSizes {
            let got = try run(Self.input, config(onError: .keep, max: 20), chunkSize: chunkSize)
            #expect(
                got
                    == Run(
                        output: "<1>\nx\nerror\t9\t0\tc\tm\to\n123456789012345678901\n<2>\n", errors: Self.errorRecords,
                        diagnostics: "",
                        outcome: .completed(errors: 3)), "chunk size \(chunkSize)")
        }
    }

    /// Abort stops after writing the whole error record, even one of a
    /// record too long to hold, read through to its end.
    @Test func abortWritesTheErrorRecordFirst() throws {
        for chunkSize in chunkSizes {
            #expect(
                try run("1\nx\n2\n", config(onError: .abort))
                    == Run(
                        output: "<1>\n", errors: "error\t2\t0\tbad-x\tvalue has an x at offset 0\tx\n", diagnostics: "",
                        outcome: .aborted))
            let long = try run("1\n123456789012\n2\n", config(onError: .abort, max: 4), chunkSize: chunkSize)
            #expect(
                long
                    == Run(
                        output: "<1>\n",
                        errors:
                            "error\t2\t0\trecord-too-long\trecord is longer than the limit of 4 bytes\t123456789012\n",
                        diagnostics: "", outcome: .aborted), "chunk size \(chunkSize)")
        }
    }

    @Test func csvStaysCSV() throws {
        let got = try run("a,1\n\"b\nc\",x\n\"d\",2\n", config(fields: "2", csv: true))
        #expect(
            got
                == Run(
                    output: "a,<1>\n\"d\",<2>\n",
                    errors: "error\t2\t2\tbad-x\tvalue has an x at offset 0\t\"b\\nc\",x\n",
                    diagnostics: "", outcome: .completed(errors: 1)))
    }
}

/// The error record written in one in-place block
/// (`RecordWriter.appendErrorRecord`) against the general path it stands
/// for (`appendErrorPrefix`, `UTF8Bytes.appendEscaped`, the terminator):
/// the same bytes for messages with every kind of hole and quoted
/// character, ORIGINALs of every byte class and of lengths on both sides of
/// `inPlaceOriginal`, every terminator, with and without `-z`.
@Suite struct ErrorRecordInPlaceTests {
    typealias Writer = RecordWriter<MemorySink, MemorySink>

    /// Both paths for one record; the general one first.
    static func both(
        record: Int, field: Int, _ error: ValueError, _ original: [UInt8], _ terminator: Terminator, escapesNUL: Bool
    ) -> ([UInt8], [UInt8]) {
        var general = OutputBuffer(capacity: 16)
        var inPlace = OutputBuffer(capacity: 16)
        (original + [0]).withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            Writer.appendErrorPrefix(record: record, field: field, error, escapesNUL: escapesNUL, into: &general)
            UTF8Bytes.appendEscaped(p, 0, original.count, escapingNUL: escapesNUL, into: &general)
            Writer.append(terminator, to: &general)
            Writer.appendErrorRecord(
                record: record, field: field, error, p, 0, original.count, terminator, escapesNUL: escapesNUL,
                into: &inPlace)
        }
        return (general.bytes, inPlace.bytes)
    }

    static let templates: [StaticString] = [
        "", "\u{1}", "\u{2}", "x\u{3}", "value has no digits",
        "\u{1} at offset \u{2} is not a digit, grouping separator or decimal point",
        "second decimal point at offset \u{2}; the first is at offset \u{3}",
        "grouping separator at offset \u{2} does not fit \u{4}", "1234567\u{1}", "12345678\u{2}abcdefgh\u{1}",
        "\u{5}: \u{1}\u{1}\u{2}\u{2}\u{3}\u{5}", "expected \u{5} at offset \u{2}, found \u{1} (more text past eight)",
    ]
    static let details: [StaticString] = ["a digit", "", "a long detail past twenty bytes, to widen the bound"]
    /// Quoted characters and ORIGINAL bytes of every class: printable, the
    /// escaped ones, other controls, NUL, DEL, valid sequences of 2 to 4
    /// bytes, and bytes of no sequence.
    static let pieces: [[UInt8]] = [
        [0x31], [0x41], [0x5C], [0x09], [0x0A], [0x0D], [0x00], [0x07], [0x7F], [0x20], Array("é".utf8),
        Array("€".utf8), Array("𝟙".utf8), [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], Array("12345678".utf8),
    ]

    /// `writeDecimal` writes what `String(n)` does, for every length and sign.
    @Test func decimals() {
        var values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, Int.max, Int.min, Int.min + 1, -1, -10, -99, -100]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1), power * 9 / 7]
        }
        var rng = SplitMix64(seed: 10)
        values += (0..<2000).map { _ in Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0...63, using: &rng) }
        for n in values {
            var bytes = [UInt8](repeating: 0, count: 24)
            let count = bytes.withUnsafeMutableBufferPointer { ErrorText.writeDecimal(n, to: $0.baseAddress!) }
            #expect(count <= 20)
            #expect(String(decoding: bytes[..<count], as: UTF8.self) == String(n))
        }
    }

    @Test(arguments: 0..<4) func inPlaceMatchesTheGeneralPath(_ variant: Int) {
        var rng = SplitMix64(seed: UInt64(variant) &+ 0x5EED)
        let numbers = [0, 7, -1, 42, 123_456_789, -98_765, Int.max, Int.min + 1]
        for round in 0..<600 {
            let template = Self.templates[round % Self.templates.count]
            var text = ErrorText(
                template: template, numbers.randomElement(using: &rng)!, numbers.randomElement(using: &rng)!)
            let quotedSource = (0..<Int.random(in: 1...3, using: &rng)).flatMap { _ in
                Self.pieces.randomElement(using: &rng)!
            }
            let at = Int.random(in: 0...quotedSource.count, using: &rng)  // (at the end: `end of value`)
            quotedSource.withUnsafeBufferPointer { text.quote($0, at: at) }
            if Bool.random(using: &rng) { text.detail(Self.details.randomElement(using: &rng)!) }
            let error = ValueError(
                [.number(.invalidCharacter), .engine(.invalidUTF8), .number(.noDigits)].randomElement(using: &rng)!,
                text)
            // ORIGINALs up to 300 bytes: past `inPlaceOriginal` the general path writes it.
            let length = [0, 1, 3, 7, 8, 9, 17, 64, 255, 256, 257, 300].randomElement(using: &rng)!
            var original: [UInt8] = []
            while original.count < length { original += Self.pieces.randomElement(using: &rng)! }
            let terminator = [Terminator.none, .byte(0x0A), .byte(0), .crlf].randomElement(using: &rng)!
            for escapesNUL in [false, true] {
                let record = numbers.randomElement(using: &rng)!.magnitude % 1_000_000_000
                let (general, inPlace) = Self.both(
                    record: Int(record), field: round % 4, error, original, terminator, escapesNUL: escapesNUL)
                #expect(general == inPlace, "round \(round) \(template) \(original)")
            }
        }
        // A message held as a String, or with a name, takes the general path: the same bytes.
        var named = ErrorText(template: "separator at offset \u{2} does not fit \u{4}", 3)
        named.name("de\\CH\t")
        for error in [ValueError(.number(.noDigits), "value\thas\\no digits"), ValueError(.number(.noDigits), named)] {
            let (general, inPlace) = Self.both(
                record: 12, field: 3, error, Array("1\t2".utf8), .byte(0x0A), escapesNUL: false)
            #expect(general == inPlace)
        }
    }
}
