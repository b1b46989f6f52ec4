import Foundation
import Testing

@testable import NumToolsCore

/// What a run through ``StreamRun`` wrote: output, diagnostics, error records, outcome.
private struct RunResult: Equatable, CustomStringConvertible {
    var output: [UInt8]
    var diagnostics: [UInt8]
    var errors: [UInt8]
    var outcome: StreamOutcome
    /// What the records showed of the field selection, over every thread's.
    var coverage = FieldCoverage()

    var description: String {
        func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self).debugDescription }
        return "output \(text(output)), stderr \(text(diagnostics)), errors \(text(errors)), \(outcome), \(coverage)"
    }
}

/// Runs `transform` on `input` through ``StreamRun`` with `jobs` threads.
private func run<T: ValueTransform & Sendable>(
    _ transform: T, _ input: [UInt8], _ configuration: StreamConfiguration, jobs: Int, blockBytes: Int = 1 << 20,
    chunkSize: Int = 1 << 16, errorsFile: Bool = false, ready: @escaping () -> Bool = { true }
) throws -> RunResult {
    let (output, diagnostics, errors) = (SharedBytes(), SharedBytes(), SharedBytes())
    var stream = StreamRun(
        configuration: configuration, operands: nil, input: MemorySource(input, chunkSize: chunkSize),
        output: SharedSink(target: output), diagnostics: SharedSink(target: diagnostics),
        errors: errorsFile ? AnyByteSink(SharedSink(target: errors)) : nil)
    stream.jobs = jobs
    stream.jobBlockBytes = blockBytes
    stream.inputReady = ready
    let outcome = try StreamRun.engine(transform, &stream)  // the Sendable engine, as the package's transforms take it
    return RunResult(
        output: output.bytes, diagnostics: diagnostics.bytes, errors: errors.bytes, outcome: outcome,
        coverage: stream.coverage)
}

/// A random stream of records for `configuration`: plain values, values
/// that fail (`x`, `t`), values that need quoting (`q`, `k`), blanks, CRLF,
/// invalid UTF-8, error records of an earlier pass, quoted CSV fields
/// holding delimiters, quotes and terminators, unterminated quotes, records
/// longer than the limit, a byte-order mark, and sometimes no final terminator.
private func randomStream(_ rng: inout SplitMix64, _ configuration: StreamConfiguration, records: Int) -> [UInt8] {
    let t: UInt8 = configuration.zeroTerminated ? 0 : 0x0A
    let delimiter = configuration.delimiter ?? (configuration.csv ? [UInt8(ascii: ",")] : [0x09])
    var out: [UInt8] = []
    if Int.random(in: 0..<4, using: &rng) == 0 { out += [0xEF, 0xBB, 0xBF] }
    func value() -> [UInt8] {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return Array("x\(Int.random(in: 0..<99, using: &rng))".utf8)
        case 1: return Array("t".utf8)
        case 2: return Array("q".utf8)
        case 3: return Array("k".utf8)
        case 4: return Array("  ".utf8)
        case 5: return []
        case 6: return [0xFF, 0x31]
        case 7: return Array(repeating: UInt8(ascii: "7"), count: Int.random(in: 10..<40, using: &rng))
        case 8 where configuration.csv: return Array("\"a\"\"b\"".utf8)
        case 9 where configuration.csv: return Array("\"1".utf8) + delimiter + [t] + Array("2\"".utf8)
        case 10 where configuration.csv: return Array("\"x\(t == 0 ? "\n" : "\r\n")y\"".utf8)
        case 11: return Array(" 12 ".utf8)
        case 12: return [0xEF, 0xBB, 0xBF, 0x35]
        default: return Array(String(Int.random(in: 0..<100_000, using: &rng)).utf8)
        }
    }
    for _ in 0..<records {
        switch Int.random(in: 0..<30, using: &rng) {
        case 0: out += Array("error\t3\t0\tbad\tmessage\tori\"g".utf8)
        case 1: out += Array("error\tnot six columns".utf8)
        default:
            let fields = Int.random(in: 1..<5, using: &rng)
            for k in 0..<fields {
                if k > 0 { out += delimiter }
                out += value()
            }
        }
        if Int.random(in: 0..<10, using: &rng) == 0 && t == 0x0A { out.append(0x0D) }
        out.append(t)
    }
    if Int.random(in: 0..<3, using: &rng) == 0 {
        out += value()
        if configuration.csv && Int.random(in: 0..<2, using: &rng) == 0 { out += Array("\"open".utf8) }
    }
    return out
}

@Suite struct ParallelStreamTests {
    /// The configurations the differential test runs: every mode and every policy.
    static var configurations: [(String, StreamConfiguration, Bool)] {
        var all: [(String, StreamConfiguration, Bool)] = []
        let modes: [(String, StreamConfiguration)] = [
            ("lines", config()),
            ("lines, header 2", config(header: 2)),
            ("TSV -f 2-3", config(fields: "2-3")),
            ("CSV -f 1,3", config(fields: "1,3", csv: true)),
            ("CSV -f 2, header", config(fields: "2", csv: true, header: 1)),
            ("-z", config(zero: true)),
            ("-z CSV -f 2", config(zero: true, fields: "2", csv: true)),
            ("lines, max 24", config(max: 24)),
            ("CSV -f 2, max 24, header 3", config(fields: "2", csv: true, header: 3, max: 24)),
            ("lines, trim, empty=error", config(empty: true, trim: true)),
        ]
        for (name, mode) in modes {
            for policy in ErrorPolicy.allCases {
                var c = mode
                c.onError = policy
                all.append(("\(name), \(policy)", c, false))
                if policy != .record { all.append(("\(name), \(policy), errors file", c, true)) }
            }
        }
        return all
    }

    /// The output, diagnostics, error records and outcome of N threads are
    /// those of one, on random streams, whatever the block size and the
    /// read size, and whether or not reads would block.
    @Test func manyThreadsWriteWhatOneWrites() throws {
        var rng = SplitMix64(seed: 0x10B5)
        for (name, configuration, errorsFile) in Self.configurations {
            for round in 0..<6 {
                let input = randomStream(&rng, configuration, records: Int.random(in: 0..<120, using: &rng))
                let one = try run(Bracket(), input, configuration, jobs: 1, errorsFile: errorsFile)
                for (jobs, block, chunk) in [(2, 1, 7), (4, 13, 1 << 16), (3, 64, 5), (2, 1 << 20, 3), (4, 1, 1)] {
                    let ready = Int.random(in: 0..<3, using: &rng)
                    var calls = 0
                    let many = try run(
                        Bracket(), input, configuration, jobs: jobs, blockBytes: block, chunkSize: chunk,
                        errorsFile: errorsFile,
                        ready: {
                            calls += 1
                            return ready == 0 ? true : ready == 1 ? false : calls % 3 != 0
                        })
                    #expect(
                        many == one,
                        "\(name), round \(round), -j \(jobs), blocks of \(block), reads of \(chunk): \(String(decoding: input, as: UTF8.self).debugDescription)"
                    )
                    if many != one { return }
                }
            }
        }
    }

    /// A record too long to hold is read through by the front, between
    /// blocks, in every policy: the records around it are each block's.
    @Test(arguments: ErrorPolicy.allCases)
    func recordTooLongBetweenBlocks(policy: ErrorPolicy) throws {
        var c = config(max: 100)
        c.onError = policy
        let long = String(repeating: "9", count: 5000)
        let input = bytes((1...50).map(String.init).joined(separator: "\n") + "\n\(long)\n7\nx\n8\n\(long)")
        let one = try run(Bracket(), input, c, jobs: 1, chunkSize: 64)
        for block in [1, 10, 1000] {
            #expect(try run(Bracket(), input, c, jobs: 2, blockBytes: block, chunkSize: 64) == one)
        }
        #expect(one.outcome == (policy == .abort ? .aborted : .completed(errors: 3)))
    }

    /// A signal: the workers drop the blocks they have not done (issue 44:
    /// one signal stops the threads within about a second), so what is
    /// written is whole records, in input order, a start of what one thread
    /// writes, and the run says it was interrupted. (Until issue 44 every
    /// record read before the signal was written first.)
    @Test func signalWritesWholeRecordsInOrder() throws {
        let signal = Atomic(false)
        struct Source: ByteSource {
            var chunks: [[UInt8]]
            let signal: Atomic
            mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
                guard !chunks.isEmpty else {
                    signal.set()
                    return nil
                }
                let chunk = chunks.removeFirst()
                chunk.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: chunk.count) }
                return chunk.count
            }
        }
        let output = SharedBytes()
        var stream = StreamRun(
            configuration: config(), operands: nil,
            input: Source(chunks: [bytes("1\n2\n3"), bytes("4\n5\n")], signal: signal),
            output: SharedSink(target: output), diagnostics: MemorySink(), pendingSignal: { signal.isSet ? 2 : nil })
        stream.jobs = 2
        stream.jobBlockBytes = 2
        stream.inputReady = { true }
        #expect(try StreamRun.engine(Bracket(), &stream) == .interrupted(signal: 2))
        let written = String(decoding: output.bytes, as: UTF8.self)
        #expect(
            "<1>\n<2>\n<34>\n<5>\n".hasPrefix(written) && (written.isEmpty || written.hasSuffix("\n")), "\(written)")
    }

    /// Blocks of the default size, which the front hands over in its
    /// reader's own memory and whose workers hand their output buffers over
    /// uncopied: several MiB of records, errors among them, in every policy
    /// and with an errors file, are written as one thread writes them.
    @Test(arguments: ErrorPolicy.allCases)
    func largeBlocksHandedOverWriteWhatOneWrites(policy: ErrorPolicy) throws {
        var rng = SplitMix64(seed: 0x5EED)
        var input: [UInt8] = []
        for k in 0..<250_000 {
            switch Int.random(in: 0..<500, using: &rng) {
            case 0: input += Array("x\(k)".utf8)
            case 1: input += Array("t".utf8)
            case 2: input += [0x0D]
            default: input += Array(String(Int.random(in: 0..<10_000_000, using: &rng)).utf8)
            }
            input.append(0x0A)
        }
        var c = config()
        c.onError = policy
        for errorsFile in policy == .record ? [false] : [false, true] {
            let one = try run(Bracket(), input, c, jobs: 1, errorsFile: errorsFile)
            for (jobs, chunk) in [(2, 1 << 18), (3, 1 << 20), (2, 100_000)] {
                let many = try run(
                    Bracket(), input, c, jobs: jobs, blockBytes: 1 << 18, chunkSize: chunk, errorsFile: errorsFile)
                #expect(many == one, "-j \(jobs), reads of \(chunk), errors file \(errorsFile)")
            }
        }
    }

    /// The front counts terminators 32 bytes at a time: exactly, also past
    /// 255 words, where a lane of the count would overflow.
    @Test func countsTerminators() {
        for n in [32 * 255, 32 * 255 + 1, 32 * 510 + 31, 32 * 1000 + 5] {
            for t: UInt8 in [0x00, 0x0A] {
                let all = [UInt8](repeating: t, count: n)
                #expect(all.withUnsafeBufferPointer { ParallelStream.count(t, $0.baseAddress!, n) } == n)
                let every3 = (0..<n).map { $0 % 3 == 0 ? t : 0x41 } as [UInt8]
                #expect(every3.withUnsafeBufferPointer { ParallelStream.count(t, $0.baseAddress!, n) } == (n + 2) / 3)
            }
        }
        var rng = SplitMix64(seed: 7)
        for n in 0..<200 {
            let b = (0..<n).map { _ in
                [0x00, 0x0A, 0x80, 0x8A, 0x0B, 0xFF][Int.random(in: 0..<6, using: &rng)] as UInt8
            }
            for t: UInt8 in [0x00, 0x0A] {
                let counted = b.withUnsafeBufferPointer {
                    ParallelStream.count(t, $0.baseAddress ?? UnsafePointer(bitPattern: 8)!, n)
                }
                #expect(counted == b.filter { $0 == t }.count)
            }
        }
    }
}

/// A flag shared with a source (the test is single-threaded where it is read).
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool
    init(_ value: Bool) { self.value = value }
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
