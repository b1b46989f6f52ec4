// The stream harness's engine runs: one run under a policy, what it wrote, its diagnostics read back.
import Foundation

/// What one engine run left.
struct EngineRun {
    var outcome: StreamOutcome?
    var output: [UInt8]
    var diagnostics: [UInt8]
    /// Input bytes the engine had read when it stopped.
    var delivered: Int
    /// The most the engine held before writing it.
    var largestWrite: Int
    /// What went to the errors sink (`--errors`), when there was one.
    var errors: [UInt8] = []
}

/// Output kept in memory, with the size of the largest write.
struct FuzzRecordingSink: ByteSink {
    var bytes: [UInt8] = []
    var largestWrite = 0
    mutating func write(_ b: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        bytes.append(contentsOf: b)
        largestWrite = max(largestWrite, b.count)
    }
}

/// The most output the engine may hold before writing it: a record too long
/// read through, escaped (up to four bytes a byte of its read buffer of
/// 256 KiB, or of --max-record-bytes, which the buffer may grow to), plus
/// twice the output limit of one record (16 × --max-record-bytes, at least
/// 64 KiB: ``StreamConfiguration/outputLimit``).
func writeBound(_ c: StreamConfiguration) -> Int { (2 << 20) + 4 * c.maxRecordBytes + 2 * c.outputLimit }

final class CallCounter { var calls = 0 }

/// Runs `transform` over `input` with policy `policy`, read `chunk` bytes at a
/// time; with `signalAfter`, SIGINT is pending from the engine's n-th look on.
/// Checks that no write is larger than ``writeBound(_:)``.
func engineRun<T: ValueTransform>(
    _ transform: T, _ configuration: StreamConfiguration, _ input: [UInt8], chunk: Int, policy: ErrorPolicy,
    signalAfter: Int? = nil, separateErrors: Bool = false
) -> EngineRun {
    var c = configuration
    c.onError = policy
    var engine = StreamEngine(
        configuration: c, transform: transform, output: FuzzRecordingSink(), diagnostics: MemorySink())
    if let n = signalAfter {
        let counter = CallCounter()
        engine.pendingSignal = {
            counter.calls += 1
            return counter.calls >= n ? 2 : nil
        }
    }
    if separateErrors { engine.errors = FuzzRecordingSink() }
    var source = MemorySource(input, chunkSize: chunk)
    let outcome = try? engine.run(&source)
    let run = EngineRun(
        outcome: outcome, output: engine.output.bytes, diagnostics: engine.diagnostics.bytes, delivered: source.offset,
        largestWrite: engine.output.largestWrite, errors: engine.errors?.bytes ?? [])
    // Memory: many records of large outputs must not pile up unwritten.
    check(
        run.largestWrite <= writeBound(configuration),
        "\(policy): the engine held \(run.largestWrite) bytes of output before writing them, more than \(writeBound(configuration)) (2 MiB + 4 × --max-record-bytes + 2 × the output limit)"
    )
    return run
}

/// One failure as a diagnostic line reports it.
struct Diagnosed {
    var record: Int
    var field: ArraySlice<UInt8>
    var code: ArraySlice<UInt8>
    var message: ArraySlice<UInt8>
    var line: ArraySlice<UInt8>
}

/// `TOOL: record N, field F: CODE: MESSAGE` lines; those of the records
/// `passing` (error records passing through, whose FIELD, CODE and MESSAGE
/// are their own columns) are only numbered.
func parseDiagnostics(_ bytes: [UInt8], tool: String, passing: Set<Int> = []) -> [Diagnosed] {
    var result: [Diagnosed] = []
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    check(lines.last?.isEmpty ?? true, "diagnostics do not end with LF: \(text(bytes))")
    lines.removeLast()
    for line in lines {
        let prefix = Array("\(tool): record ".utf8)
        check(line.starts(with: prefix), "diagnostic \(text(line))")
        var rest = line.dropFirst(prefix.count)
        let number = rest.prefix { $0 >= 48 && $0 <= 57 }
        rest = rest.dropFirst(number.count)
        check(rest.starts(with: Array(", field ".utf8)), "diagnostic \(text(line))")
        if let n = Int(String(decoding: number, as: UTF8.self)), passing.contains(n) {
            result.append(Diagnosed(record: n, field: [], code: [], message: [], line: line))
            continue
        }
        rest = rest.dropFirst(8)
        let field = rest.prefix { $0 >= 48 && $0 <= 57 }
        rest = rest.dropFirst(field.count)
        check(rest.starts(with: Array(": ".utf8)), "diagnostic \(text(line))")
        rest = rest.dropFirst(2)
        let code = rest.prefix { $0 != UInt8(ascii: ":") }
        rest = rest.dropFirst(code.count)
        check(rest.starts(with: Array(": ".utf8)), "diagnostic \(text(line))")
        result.append(
            Diagnosed(
                record: Int(String(decoding: number, as: UTF8.self)) ?? -1, field: field, code: code,
                message: rest.dropFirst(2), line: line))
    }
    return result
}
