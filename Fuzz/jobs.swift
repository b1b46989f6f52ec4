// libFuzzer target: `-j N` (ParallelStream) against one thread. The input's
// first four bytes pick the options (mode, policy, header, --max-record-bytes,
// --errors, the transform: numgroup, numconv en_US → de_DE or coinfmt USD)
// and the threads, the block size and the read size; the body (bytes F8 to
// FE stand for longer pieces, as in `records`) is repeated up to 600 KiB.
// Output, diagnostics, error records and outcome must be byte for byte
// what one thread writes.
//
// What it reaches: the front's cut of blocks (the vector count of
// terminators, blocks handed over in the reader's own memory when they
// start at its start and fill half of it, else copied), the worker's reader
// adopting a block's memory, and the output buffers its engine hands over
// to the front without a copy (a flush of 16 KiB or more) or copies.
import Foundation

let jobPieces: [[UInt8]] = [
    Array(repeating: UInt8(ascii: "9"), count: 700), Array("error\t1\t0\tcode\tmessage\t".utf8),
    Array("1234567.891\n".utf8), Array("12345\n".utf8), Array("\"1,234\"".utf8), Array("\r\n".utf8),
    Array(repeating: UInt8(ascii: "7"), count: 5000),
]
let jobBlockSizes = [1, 7, 64, 300, 4096, 1 << 16, 1 << 18, 1 << 18]
let jobChunkSizes = [3, 64, 4096, 1 << 16, 1 << 17, 1 << 18, 1 << 20, 1 << 20]
let jobMaxRecordBytes = [1 << 20, 16, 64, 4096]
let jobRepeats = [1, 3, 100, 40000]

let jobsGrouper = DigitGrouper(style: GroupingStyle(separator: ",", decimal: ".", grouping: Grouping(primary: 3)))
let jobsConverter = NumberConverter(
    from: LocaleNumberFormat(locale: LocaleID(identifier: "en_US")),
    to: [LocaleNumberFormat(locale: LocaleID(identifier: "de_DE"))])
let jobsCoin = CoinTransform(
    style: CoinFormatStyle(style: .currency, locale: LocaleID(identifier: "en_US"), currencyCode: "USD"))

/// Bytes written by reference: the run copies its sinks, the check reads them after.
final class JobsBytes: @unchecked Sendable {
    var bytes: [UInt8] = []
}

struct JobsSink: ByteSink {
    let target: JobsBytes
    mutating func write(_ b: UnsafeBufferPointer<UInt8>) throws(IOFailure) { target.bytes.append(contentsOf: b) }
}

struct JobsResult: Equatable {
    var output: [UInt8]
    var diagnostics: [UInt8]
    var errors: [UInt8]
    var outcome: StreamOutcome?
}

func jobsRun<T: ValueTransform & Sendable>(
    _ transform: T, _ c: StreamConfiguration, _ input: [UInt8], jobs: Int, block: Int, chunk: Int, errorsFile: Bool
) -> JobsResult {
    let (output, diagnostics, errors) = (JobsBytes(), JobsBytes(), JobsBytes())
    var run = StreamRun(
        configuration: c, operands: nil, input: MemorySource(input, chunkSize: chunk),
        output: JobsSink(target: output), diagnostics: JobsSink(target: diagnostics),
        errors: errorsFile ? AnyByteSink(JobsSink(target: errors)) : nil)
    run.jobs = jobs
    run.jobBlockBytes = block
    run.inputReady = { true }
    let outcome = try? StreamRun.engine(transform, &run)
    return JobsResult(output: output.bytes, diagnostics: diagnostics.bytes, errors: errors.bytes, outcome: outcome)
}

func fuzzJobs(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 4 else { return 0 }
    let o = Array(UnsafeBufferPointer(start: data, count: 4))
    let body = expandPieces(UnsafeBufferPointer(start: data + 4, count: size - 4), jobPieces)
    guard !body.isEmpty else { return 0 }
    // At most 600 KiB, and at most about 20,000 blocks: a block goes through
    // a thread's hand-off (tens of microseconds under ASan), so 600 KiB in
    // blocks of one byte would pass the timeout without anything wrong.
    let block = jobBlockSizes[Int(o[2] & 7)]
    let limit = min(600_000, block * 20_000)
    let times = max(1, min(jobRepeats[Int(o[3] >> 6)], limit / body.count))
    var input: [UInt8] = []
    input.reserveCapacity(body.count * times)
    for _ in 0..<times { input += body }

    var c = StreamConfiguration(toolName: "fuzz")
    c.csv = o[0] & 1 != 0
    c.zeroTerminated = o[0] & 2 != 0
    if o[0] & 4 != 0 { c.fields = try? FieldList("2") }
    // `--append`: the field put in front of its value in the output
    // (OutputBuffer.insert, through raw pointers).
    c.append = c.fields != nil && o[3] & 1 != 0
    c.onError = ErrorPolicy.allCases[Int(o[0] >> 3 & 3)]
    c.headerRecords = Int(o[0] >> 5 & 3)
    c.maxRecordBytes = jobMaxRecordBytes[Int(o[1] & 3)]
    let errorsFile = o[1] & 4 != 0 && c.onError != .record
    let jobs = 2 + Int(o[1] >> 3 & 1)
    let chunk = jobChunkSizes[Int(o[2] >> 3 & 7)]

    func compare<T: ValueTransform & Sendable>(_ transform: T) {
        let one = jobsRun(transform, c, input, jobs: 1, block: block, chunk: chunk, errorsFile: errorsFile)
        let many = jobsRun(transform, c, input, jobs: jobs, block: block, chunk: chunk, errorsFile: errorsFile)
        check(
            many == one,
            "-j \(jobs), blocks of \(block), reads of \(chunk): output \(many.output.count) against \(one.output.count) bytes, outcome \(String(describing: many.outcome)) against \(String(describing: one.outcome))"
        )
    }
    switch o[1] >> 4 & 3 {
    case 0: compare(jobsConverter)
    case 1: compare(jobsCoin)
    default: compare(jobsGrouper)
    }
    return 0
}
