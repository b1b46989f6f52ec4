import Foundation
import Testing

@testable import NumToolsCore

/// A transform that writes two values for one: the value, and the value
/// followed by a comma (which a comma CSV must quote); `x` fails.
struct TwoValues: ValueTransform, Sendable {
    var separator = ValueSeparator()
    var mayWriteSeveralValues: Bool { true }
    var outputNames: [String] { ["a", "b"] }

    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        if value.contains(UInt8(ascii: "x")) { throw ValueError(.other("bad-x"), "value has an x") }
        output.append(contentsOf: value)
        separator.append(to: &output)
        output.append(contentsOf: value)
        output.append(UInt8(ascii: ","))
    }
}

/// Runs `transform` through ``StreamRun`` (names resolved first) on `jobs` threads.
private func columns<T: ValueTransform & Sendable>(
    _ transform: T, _ input: String, _ configuration: StreamConfiguration, jobs: Int = 1, errorsFile: Bool = false
) throws -> (output: String, diagnostics: String, errors: String, outcome: StreamOutcome?) {
    let (output, diagnostics, errors) = (SharedBytes(), SharedBytes(), SharedBytes())
    var stream = StreamRun(
        configuration: configuration, operands: nil, input: MemorySource(Array(input.utf8), chunkSize: 3),
        output: SharedSink(target: output), diagnostics: SharedSink(target: diagnostics),
        errors: errorsFile ? AnyByteSink(SharedSink(target: errors)) : nil)
    stream.jobs = jobs
    stream.jobBlockBytes = 1
    stream.inputReady = { true }
    if let outcome = try stream.resolveFieldNames() { return ("", "", "", outcome) }
    let outcome = try StreamRun.engine(transform, &stream)
    func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
    return (text(output.bytes), text(diagnostics.bytes), text(errors.bytes), outcome)
}

private func settings(
    fields: String, csv: Bool = false, header: Int = 0, append: Bool = false, names: [String]? = nil,
    outputDelimiter: String? = nil, onError: ErrorPolicy = .record, delimiter: String? = nil
) throws -> StreamConfiguration {
    var c = StreamConfiguration(toolName: "tool")
    let selection = try FieldSelection(fields)
    c.fields = try selection.fieldList ?? FieldList("1")
    if selection.fieldList == nil { c.fieldNames = selection }
    c.csv = csv
    c.headerRecords = header
    c.append = append
    c.appendNames = names
    c.outputDelimiter = outputDelimiter.map { Array($0.utf8) }
    c.onError = onError
    c.delimiter = delimiter.map { Array($0.utf8) }
    return c
}

@Suite struct ColumnsTests {
    /// Several values of one field are CSV fields of their own, each quoted
    /// as RFC 4180 requires; in TSV and with -d they are separated by the
    /// delimiter; --output-delimiter joins them in one field.
    @Test func severalValuesAreFieldsOfTheirOwn() throws {
        let cases: [(StreamConfiguration, String, String)] = [
            (try settings(fields: "2", csv: true), "1,v,z\n", "1,v,\"v,\",z\n"),
            (try settings(fields: "2", csv: true), "1,\"a \"\"b\"\"\"\n", "1,\"a \"\"b\"\"\",\"a \"\"b\"\",\"\n"),
            (try settings(fields: "1-2", csv: true), "p,q\n", "p,\"p,\",q,\"q,\"\n"),
            (try settings(fields: "2"), "1\tv\n", "1\tv\tv,\n"),
            (try settings(fields: "2", delimiter: ";"), "1;v\n", "1;v;v,\n"),
            (try settings(fields: "2", csv: true, outputDelimiter: " | "), "1,v\n", "1,\"v | v,\"\n"),
            (try settings(fields: "2", outputDelimiter: "/"), "1\tv\n", "1\tv/v,\n"),
        ]
        for (configuration, input, expected) in cases {
            for jobs in [1, 2] {
                let r = try columns(TwoValues(), input, configuration, jobs: jobs)
                #expect(r.output == expected, "\(input.debugDescription), -j \(jobs)")
            }
        }
    }

    /// A number written in two locales: `1,234.5` in fr_FR and de_DE holds
    /// the comma, so each is quoted on its own.
    @Test func numconvTargetsQuotedEach() throws {
        let converter = NumberConverter(
            from: LocaleNumberFormat(locale: LocaleID(identifier: "en_US")),
            to: [
                LocaleNumberFormat(locale: LocaleID(identifier: "de_DE")),
                LocaleNumberFormat(locale: LocaleID(identifier: "C")),
            ])
        let r = try columns(converter, "id,n\n7,1234.5\n", try settings(fields: "2", csv: true, header: 1))
        #expect(r.output == "id,n\n7,\"1.234,5\",1234.5\n")
    }

    /// --append keeps the field, adds the results after it, names them from
    /// the last header record (quoted when a name must be), and gives the
    /// earlier header records empty cells; --names overrides.
    @Test func appendNamesTheNewFields() throws {
        let input = "title,\n\"id\",\"na,me\",z\n1,v,z\n2,x,z\n"
        let r = try columns(TwoValues(), input, try settings(fields: "2", csv: true, header: 2, append: true))
        #expect(
            r.output
                == "title,,,\n\"id\",\"na,me\",\"na,me_a\",\"na,me_b\",z\n1,v,v,\"v,\",z\nerror\t4\t2\tbad-x\tvalue has an x\t2,x,z\n"
        )
        let named = try columns(
            TwoValues(), "id\tp\n1\tv\n", try settings(fields: "p", header: 1, append: true, names: ["e", "f"]), jobs: 2
        )
        #expect(named.output == "id\tp\te\tf\n1\tv\tv\tv,\n")
    }

    /// -f NAME is resolved from the last header record (BOM, quotes and
    /// spaces around a cell dropped), mixed with numbers; an unknown or
    /// ambiguous name is a usage error listing the names, before output.
    @Test func fieldsByHeaderName() throws {
        let r = try columns(
            TwoValues(), "\u{FEFF}\"id\", price ,q\r\n1,v,w\r\n", try settings(fields: "price,1", csv: true, header: 1))
        #expect(r.output == "\u{FEFF}\"id\", price ,q\r\n1,\"1,\",v,\"v,\",w\r\n")
        #expect(throws: FieldNameFailure.self) {
            _ = try columns(TwoValues(), "id,price\n1,2\n", try settings(fields: "prize", csv: true, header: 1))
        }
        do {
            _ = try FieldSelection("prize").resolve(header: ["id", "price"])
            Issue.record("no error")
        } catch {
            #expect(error.message == "unknown field name 'prize' in -f prize: the header has 'id', 'price'")
        }
        do {
            _ = try FieldSelection("a").resolve(header: ["a", "b", "a"])
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("is ambiguous: the header has it as fields 1, 3"))
        }
        #expect(try FieldSelection("a,3-").resolve(header: ["x", "a"]) == FieldList("3-,2"))
        #expect(try FieldSelection("2,5-").fieldList == FieldList("2,5-"))
    }

    /// --on-error field: the bad cells stay as they were, the rest is
    /// transformed; each bad cell is counted and reported (or its error
    /// record written to the errors file), on one thread and on two.
    @Test func onErrorFieldKeepsTheBadCell() throws {
        let input = "a\tx1\tb\tx2\nc\td\te\tf\n"
        for jobs in [1, 2] {
            let r = try columns(TwoValues(), input, try settings(fields: "2-", onError: .field), jobs: jobs)
            #expect(r.output == "a\tx1\tb\tb,\tx2\nc\td\td,\te\te,\tf\tf,\n", "-j \(jobs)")
            #expect(
                r.diagnostics
                    == "tool: record 1, field 2: bad-x: value has an x\ntool: record 1, field 4: bad-x: value has an x\n"
            )
            #expect(r.outcome == .completed(errors: 2))
            let e = try columns(
                TwoValues(), "id,p\n1,\"x,\"\n",
                try settings(fields: "p", csv: true, header: 1, append: true, onError: .field),
                jobs: jobs, errorsFile: true)
            #expect(e.output == "id,p,p_a,p_b\n1,\"x,\",,\n")
            #expect(e.errors == "error\t2\t2\tbad-x\tvalue has an x\t1,\"x,\"\n")
            #expect(e.diagnostics.isEmpty)
            #expect(e.outcome == .completed(errors: 1))
        }
    }
}
