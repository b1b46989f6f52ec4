// libFuzzer target: the record and CSV splitter. Invariants: with the
// record policy, exactly one output record per input record; every error
// record is valid UTF-8 with six columns; nothing crashes or hangs.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let flags = data[0]
    let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var configuration = StreamConfiguration(toolName: "fuzz")
    configuration.csv = flags & 1 != 0
    configuration.zeroTerminated = flags & 2 != 0
    configuration.fields = flags & 4 != 0 ? try? FieldList("2,4-") : nil
    configuration.maxRecordBytes = flags & 8 != 0 ? 16 : 1 << 20
    configuration.headerRecords = Int(flags >> 6)
    var engine = StreamEngine(
        configuration: configuration, transform: DigitGrouper(style: GroupingStyle(), mode: .group),
        output: MemorySink(), diagnostics: MemorySink())
    var source = MemorySource(input, chunkSize: Int(flags >> 4 & 3) * 7 + 1)
    guard case .completed = try? engine.run(&source) else {
        check(false, "the run did not complete")
        return 0
    }
    let output = engine.output.bytes
    let t: UInt8 = configuration.zeroTerminated ? 0 : 0x0A
    if !configuration.csv {
        // Records in = terminators in (+1 for an unterminated last record).
        let inCount = input.filter { $0 == t }.count + (input.last.map { $0 != t ? 1 : 0 } ?? 0)
        var outRecords = output.split(separator: t, omittingEmptySubsequences: false)
        if output.last == t { outRecords.removeLast() }
        check(outRecords.count == inCount, "\(inCount) records in, \(outRecords.count) out")
        for record in outRecords where record.starts(with: Array("error\t".utf8)) {
            check(String(validating: record, as: UTF8.self) != nil, "error record is not UTF-8")
            var body = Array(record)
            if body.last == 0x0D { body.removeLast() }
            check(body.filter { $0 == 0x09 }.count == 5, "error record has not six columns")
        }
    }
    return 0
}
