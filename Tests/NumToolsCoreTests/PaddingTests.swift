import Foundation
import Testing

@testable import NumToolsCore

/// A transform that writes its value as it is (so that any text, wide or
/// marked, can be padded); a value holding `x` fails.
struct Echo: ValueTransform, Sendable {
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        if value.contains(UInt8(ascii: "x")) { throw ValueError(.other("bad-x"), "value has an x") }
        output.append(contentsOf: value)
    }
}

/// Runs `transform` through ``StreamRun`` on `input` (names resolved first),
/// on one thread and on two with blocks of one record, and checks both
/// write the same; returns the output and the diagnostics.
private func run<T: ValueTransform & Sendable>(
    _ transform: T, _ input: String, _ configuration: StreamConfiguration, chunk: Int = 3
) throws -> (output: String, diagnostics: String, coverage: FieldCoverage) {
    var results: [(String, String, FieldCoverage)] = []
    for jobs in [1, 2] {
        let (output, diagnostics) = (SharedBytes(), SharedBytes())
        var stream = StreamRun(
            configuration: configuration, operands: nil, input: MemorySource(Array(input.utf8), chunkSize: chunk),
            output: SharedSink(target: output), diagnostics: SharedSink(target: diagnostics))
        stream.jobs = jobs
        stream.jobBlockBytes = 1
        stream.inputReady = { true }
        _ = try stream.resolveFieldNames()
        _ = try StreamRun.engine(transform, &stream)
        results.append(
            (
                String(decoding: output.bytes, as: UTF8.self), String(decoding: diagnostics.bytes, as: UTF8.self),
                stream.coverage
            ))
    }
    #expect(results[0].0 == results[1].0, "-j 2 writes what -j 1 does for \(input.debugDescription)")
    return results[0]
}

/// A configuration: `width` as `--width` takes it (negative: left-aligned).
private func settings(
    width: Int? = nil, fields: String? = nil, whitespace: Bool = false, csv: Bool = false, header: Int = 0,
    append: Bool = false, outputDelimiter: String? = nil, onError: ErrorPolicy = .record, delimiter: String? = nil,
    zero: Bool = false
) throws -> StreamConfiguration {
    var c = StreamConfiguration(toolName: "tool")
    if let fields {
        let selection = try FieldSelection(fields)
        c.fields = try selection.fieldList ?? FieldList("1")
        if selection.fieldList == nil { c.fieldNames = selection }
    }
    c.padding = width.flatMap { Padding(width: $0) }
    c.whitespace = whitespace
    c.csv = csv
    c.headerRecords = header
    c.append = append
    c.outputDelimiter = outputDelimiter.map { Array($0.utf8) }
    c.onError = onError
    c.delimiter = delimiter.map { Array($0.utf8) }
    c.zeroTerminated = zero
    return c
}

private let group = DigitGrouper(style: GroupingStyle())
private let ungroup = DigitGrouper(style: GroupingStyle(), mode: .ungroup)

@Suite struct PaddingTests {
    /// `--width N` pads each transformed value with spaces to N display
    /// columns, right-aligned (`-N`: left); wider values are written whole;
    /// the whitespace around a value stays around it; error records and
    /// the cells kept as they were are never padded.
    @Test func paddingOfValues() throws {
        let cases: [(StreamConfiguration, String, String)] = [
            // The whole-record lane, and the records it leaves to the engine.
            (try settings(width: 6), "1234\n12\n", " 1,234\n    12\n"),
            (try settings(width: -6), "1234\n12\n", "1,234 \n12    \n"),
            (try settings(width: 3), "1234567\n1\n", "1,234,567\n  1\n"),
            (try settings(width: 6), "1234\r\n12\r\n5", " 1,234\r\n    12\r\n     5"),
            (try settings(width: 6, zero: true), "1234\u{0}12\u{0}", " 1,234\u{0}    12\u{0}"),
            (try settings(width: 8), "  1234 \n", "     1,234 \n"),
            (try settings(width: 6), "1234\n\n  \n", " 1,234\n\n  \n"),
            (
                try settings(width: 6), "x\n12\n",
                "error\t1\t0\tinvalid-character\t'x' at offset 0 is not a digit, grouping separator or decimal point\tx\n    12\n"
            ),
            (try settings(width: 6, onError: .keep), "x\n12\n", "x\n    12\n"),
            (try settings(width: 20), "12345678901234567\n", "12,345,678,901,234,567\n"),
            (try settings(width: -20), "12345678901234567\n", "12,345,678,901,234,567\n"),
            (try settings(width: 24), "12345678901234567\n1\n", "  12,345,678,901,234,567\n                       1\n"),
            // Fields: each selected value, inside its CSV field.
            (try settings(width: 7, fields: "2"), "a\t1234\tb\n", "a\t  1,234\tb\n"),
            (try settings(width: 7, fields: "2", csv: true), "a,1234,b\n", "a,\"  1,234\",b\n"),
            (try settings(width: 7, fields: "2", csv: true, delimiter: ";"), "a;\"1234\";b\n", "a;  1,234;b\n"),
            (try settings(width: 7, fields: "2", append: true), "a\t1234\n", "a\t1234\t  1,234\n"),
            (try settings(width: -7, fields: "1-2", onError: .field), "x\t1234\n", "x\t1,234  \n"),
            (try settings(width: 7, fields: "2", header: 1), "n\tv\n1\t1234\n", "n\tv\n1\t  1,234\n"),
        ]
        for (configuration, input, expected) in cases {
            let r = try run(group, input, configuration)
            #expect(r.output == expected, "\(input.debugDescription) with \(String(describing: configuration.padding))")
        }
    }

    /// Display columns, not bytes: wide characters take 2, marks 0.
    @Test func paddingCountsDisplayColumns() throws {
        let cases: [(Int, String, String)] = [
            (8, "₩1,235\n", "  ₩1,235\n"),
            (8, "1.2억\n", "   1.2억\n"),
            (-8, "1.2억\n", "1.2억   \n"),
            (14, "\u{200F}١٬٢٣٤٫٥٦\u{00A0}ج.م.\u{200F}\n", " \u{200F}١٬٢٣٤٫٥٦\u{00A0}ج.م.\u{200F}\n"),
            (6, "e\u{0301}1,2\n", "  e\u{0301}1,2\n"),
            (4, "１２３\n", "１２３\n"),
            (7, "１２３\n", " １２３\n"),
        ]
        for (width, input, expected) in cases {
            for fields in [nil, "1"] as [String?] {
                let r = try run(Echo(), input, try settings(width: width, fields: fields))
                #expect(r.output == expected, "\(input.debugDescription) --width \(width) -f \(fields ?? "-")")
            }
        }
    }

    /// Several values of one field are padded each, as fields of their own;
    /// joined by --output-delimiter they are one field, padded once.
    @Test func severalValuesArePaddedEach() throws {
        let cases: [(StreamConfiguration, String, String)] = [
            (try settings(width: 3, fields: "2"), "1\tv\n", "1\t  v\t v,\n"),
            (try settings(width: -3, fields: "2"), "1\tv\n", "1\tv  \tv, \n"),
            (try settings(width: 3), "v\nw\n", "  v\t v,\n  w\t w,\n"),
            (try settings(width: 3, fields: "2", csv: true), "1,v\n", "1,  v,\" v,\"\n"),
            (try settings(width: 6, fields: "2", outputDelimiter: "/"), "1\tv\n", "1\t  v/v,\n"),
            (try settings(width: 3, fields: "2", whitespace: true), "1  v\n", "1    v  v,\n"),
        ]
        for (configuration, input, expected) in cases {
            let r = try run(TwoValues(), input, configuration)
            #expect(r.output == expected, "\(input.debugDescription)")
        }
    }

    /// The lane's padding (sixteen bytes at a time, and line by line) is
    /// the one value padding of ``StreamEngine/appendPadded(_:_:_:_:)``:
    /// random lines of every length, wide and marked text, CRLF, NUL.
    @Test func laneLinesArePaddedLikeValues() {
        var generator = SplitMix64(seed: 28)
        let pieces = ["1", "2", ",", ".", " ", "억", "\u{200F}", "e\u{0301}", "\u{7}", "€", "abcdefgh"]
        for _ in 0..<2000 {
            let terminator: UInt8 = Int.random(in: 0..<4, using: &generator) == 0 ? 0 : 0x0A
            let columns = Int.random(in: 1...24, using: &generator)
            let padding = Padding(columns: columns, alignment: Bool.random(using: &generator) ? .right : .left)
            var lines: [UInt8] = []
            var expected: [UInt8] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                var value: [UInt8] = []
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    value += Array(pieces.randomElement(using: &generator)!.utf8)
                }
                let crlf = terminator == 0x0A && Bool.random(using: &generator)
                lines += value + (crlf ? [0x0D] : []) + [terminator]
                let spaces = max(0, columns - value.withUnsafeBufferPointer { DisplayWidth.of($0) })
                let pad = [UInt8](repeating: 0x20, count: spaces)
                expected += (padding.alignment == .right ? pad + value : value + pad) + (crlf ? [0x0D] : [])
                expected.append(terminator)
            }
            let room = lines.count + 6 * columns + 32
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
            defer { out.deallocate() }
            let n = lines.withUnsafeBufferPointer { b in
                StreamEngine<Echo, AnyByteSink, AnyByteSink>.padLines(b, terminator: terminator, padding, into: out)
            }
            let got = Array(UnsafeBufferPointer(start: out, count: n))
            #expect(got == expected, "\(String(decoding: lines, as: UTF8.self).debugDescription) \(padding)")
        }
    }

    /// `-w`: fields are runs of non-blanks; blanks before the first field,
    /// between fields and after the last stay as they are; a blank record
    /// has no field; header names come from the header split alike.
    @Test func whitespaceFields() throws {
        let cases: [(StreamConfiguration, String, String)] = [
            (try settings(fields: "2", whitespace: true), "  a 1234\t b  \n", "  a 1,234\t b  \n"),
            (try settings(fields: "1", whitespace: true), "  1234 x\n", "  1,234 x\n"),
            (try settings(fields: "1,3", whitespace: true), "1234 \t 5678  9999\n", "1,234 \t 5678  9,999\n"),
            (try settings(fields: "2-", whitespace: true), "a 1234 5678\r\n", "a 1,234 5,678\r\n"),
            (try settings(fields: "1", whitespace: true), "   \n\n1234", "   \n\n1,234"),
            (try settings(fields: "2", whitespace: true), "a\u{00A0}b 1234\n", "a\u{00A0}b 1,234\n"),
            (try settings(fields: "3", whitespace: true), "a 1234\n", "a 1234\n"),
            (try settings(fields: "n", whitespace: true, header: 1), "  id   n\n1 1234\n", "  id   n\n1 1,234\n"),
            (try settings(fields: "2", whitespace: true, append: true), "a 1234 b\n", "a 1234 1,234 b\n"),
            (
                try settings(fields: "v", whitespace: true, header: 1, append: true), "id  v\n1  1234\n",
                "id  v v_grouped\n1  1234 1,234\n"
            ),
            (try settings(fields: "2", whitespace: true, onError: .field), "a x 1234\n", "a x 1234\n"),
            (try settings(fields: "2-3", whitespace: true, onError: .field), "a x 1234\n", "a x 1,234\n"),
            (try settings(fields: "2", whitespace: true, zero: true), "a 1234\u{0}b\t5678", "a 1,234\u{0}b\t5,678"),
        ]
        for (configuration, input, expected) in cases {
            let r = try run(group, input, configuration)
            #expect(r.output == expected, "\(input.debugDescription)")
        }
        let latin1 = try run(group, "M\u{FC}ller 1234\n", try settings(fields: "2", whitespace: true))
        #expect(latin1.output == "Müller 1,234\n")
        var bytes = Array("M".utf8) + [0xFC] + Array(" 1234\n".utf8)
        let r = try runBytes(group, bytes, try settings(fields: "2", whitespace: true))
        #expect(r == Array("M".utf8) + [0xFC] + Array(" 1,234\n".utf8))
        bytes = Array("a ".utf8) + [0xFC] + Array("1 2\n".utf8)
        let bad = String(
            decoding: try runBytes(group, bytes, try settings(fields: "2", whitespace: true)), as: UTF8.self)
        #expect(bad.hasPrefix("error\t1\t2\tinvalid-utf8\t"), "\(bad)")
    }

    /// With `-w` no record had field 4: the message names the blanks.
    @Test func whitespaceCoverage() throws {
        let configuration = try settings(fields: "4", whitespace: true)
        let r = try run(group, "a b\n  \n", configuration)
        #expect(r.coverage.noneSelected && r.coverage.widestWithoutSelected == 2)
        #expect(configuration.noSelectedFieldMessage(widest: 2).contains("(delimiter blanks; the widest record has 2"))
        let blank = try run(group, "  \n\n", configuration)
        #expect(!blank.coverage.noneSelected, "blank records have no field to miss")
    }

    /// `-w` with `--width`: a transformed field keeps its column. Right-aligned,
    /// its right edge: a shorter value is padded to the field's old width, a
    /// wider one takes the spaces it needs from the blank run before it,
    /// leaving one blank between fields (none needed before the first).
    /// Left-aligned, its left edge and the start of the next column.
    @Test func whitespaceColumnsKeepTheirEdge() throws {
        let cases: [(DigitGrouper, Int, String, String, String)] = [
            (group, 1, "2", "a      1234 b\n", "a     1,234 b\n"),
            (group, 1, "2", "a 1234 b\n", "a 1,234 b\n"),
            (group, 1, "2", "a\t1234\n", "a\t1,234\n"),
            (group, 1, "2", "a \t 1234\n", "a \t1,234\n"),
            (group, 1, "1", "   1234 b\n", "  1,234 b\n"),
            (group, 1, "1", " 1234 b\n", "1,234 b\n"),
            (group, 8, "2", "a      1234 b\n", "a     1,234 b\n"),
            (group, 8, "2", "a  1234\n", "a    1,234\n"),
            (ungroup, 1, "2", "a    1,234 b\n", "a     1234 b\n"),
            (ungroup, 7, "2", "a 1,234 b\n", "a    1234 b\n"),
            (group, -1, "1", "1234  b\n", "1,234 b\n"),
            (group, -1, "1", "1234 b\n", "1,234 b\n"),
            (group, -1, "2", "a 1234  \n", "a 1,234 \n"),
            (group, -8, "1", "1234      b\n", "1,234     b\n"),
            (ungroup, -1, "1", "1,234 b\n", "1234  b\n"),
        ]
        for (transform, width, fields, input, expected) in cases {
            let r = try run(transform, input, try settings(width: width, fields: fields, whitespace: true))
            #expect(r.output == expected, "\(input.debugDescription) --width \(width)")
        }
        // A failing cell is written as it was, and takes nothing.
        let cell = try run(
            group, "x   1234  5678\n", try settings(width: -1, fields: "1-3", whitespace: true, onError: .field))
        #expect(cell.output == "x   1,234 5,678\n")
    }

    /// A df -k listing through `-w -f 2-4 --width 11`: the transformed
    /// columns keep their right edges, every row alike.
    @Test func dfListingLinesUp() throws {
        let input = """
            Filesystem     1K-blocks      Used Available Use% Mounted on
            /dev/sda1      102687672  45011628  52416832  47% /
            tmpfs            8155804         0   8155804   0% /dev/shm
            /dev/sdb1        1031836     26628    952780   3% /boot

            """
        let expected = """
            Filesystem     1K-blocks      Used Available Use% Mounted on
            /dev/sda1    102,687,672  45,011,628  52,416,832  47% /
            tmpfs          8,155,804           0   8,155,804   0% /dev/shm
            /dev/sdb1      1,031,836      26,628     952,780   3% /boot

            """
        let r = try run(group, input, try settings(width: 11, fields: "2-4", whitespace: true, header: 1))
        #expect(r.output == expected, "\n\(r.output)")
        // The right edges of fields 2 to 4, every row: the same columns.
        let edges = r.output.split(separator: "\n").dropFirst().map { line -> [Int] in
            var ends: [Int] = []
            var column = 0
            var inField = false
            for c in line {
                if c == " " { if inField { ends.append(column) }; inField = false } else { inField = true }
                column += 1
            }
            return Array(ends[1...3])
        }
        #expect(Set(edges.map { $0.description }).count == 1, "\(edges)")
    }
}

/// Runs `transform` on `input`'s bytes, one thread.
private func runBytes<T: ValueTransform & Sendable>(
    _ transform: T, _ input: [UInt8], _ configuration: StreamConfiguration
) throws -> [UInt8] {
    let (output, diagnostics) = (SharedBytes(), SharedBytes())
    var stream = StreamRun(
        configuration: configuration, operands: nil, input: MemorySource(input, chunkSize: 5),
        output: SharedSink(target: output), diagnostics: SharedSink(target: diagnostics))
    _ = try StreamRun.engine(transform, &stream)
    return output.bytes
}
