#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `-j N`: the stream engine on N threads, its output byte for byte what
/// one thread writes.
///
/// A layer around the engine, not a second engine. The ordered front (the
/// calling thread) reads the input with the engine's own ``RecordReader``,
/// so records end exactly where one thread ends them (a quoted CSV field
/// may hold the terminator; an error record of an earlier pass ends at its
/// line), and cuts the whole records it holds into blocks of about
/// ``StreamRun/jobBlockBytes``. Each block goes to a worker thread, which
/// runs a ``StreamEngine`` of its own on it, with its own copy of the
/// transform, numbering its records from the block's first (so RECORD,
/// headers and diagnostics are global) and recording what it writes, to the
/// output, the diagnostics and the errors file, in the order it writes it.
/// The front replays those recordings in input order, adds up the errors
/// and stops at the first block that aborted, after writing what it wrote:
/// exactly what one thread writes before that record.
///
/// What crosses records is kept where one thread keeps it: the byte-order
/// mark (the front writes it; no block looks for one), the record count
/// (each block's first record number), headers (by that number), CSV quote
/// state (reset at every record end, where blocks start), the error count
/// (summed) and abort (the first in input order). A record too long to hold
/// is read through by the front itself, as one thread does, once every
/// block before it is written. A last record without terminator is the
/// last block's, whose engine meets the end of input.
///
/// Streaming: before a read that would block (``StreamRun/inputReady``),
/// the front cuts what it holds into blocks and writes every block's output.
/// A read error is met as one thread meets it: every complete record read
/// before it is cut into blocks and written first. A signal stops the run
/// within about a second (``ParallelFront/stop(for:)``): the blocks waiting
/// are dropped, the workers stop at their next write, and what the blocks
/// wrote is written in order up to the first not done: whole records.
///
/// Copies: none a byte on the way, as with one thread. A block that starts
/// at the start of the front's read buffer and fills half of it or more (the
/// usual one) is that buffer itself, handed over; the bytes after it move to
/// new memory (``RecordReader/handOff(through:)``), and the worker's reader
/// adopts the block's memory. A worker's engine hands its output buffer over
/// whole at a flush of 16 KiB or more, going on in new memory
/// (``RecordingSink/record(_:handingOver:)``); smaller flushes, diagnostics
/// and error records are copied. (Copying every block in, into the worker,
/// and out cost numconv 96 instructions a record over one thread's 896:
/// the copies, and the count of terminators eight bytes at a time with a
/// bit count in software; now 4.)
///
/// Memory: at most two blocks and ``inFlightBytesPerThread`` of input in
/// flight a thread; a block's recorded output is held up to
/// ``recordingLimit`` bytes of memory, past which its worker waits for the
/// front to write it (which it does once the block is the oldest); and a
/// block of a long record (``longBlockBytes``) is the first worker's alone,
/// since what a transformation takes grows with its record. So memory stays
/// bounded by a constant times the threads, plus what one thread takes.
enum ParallelStream {
    /// The most output bytes a block's worker holds before it waits.
    static let recordingLimit = 1 << 21

    /// A block longer than this holds a record of more than 64 KiB (blocks
    /// of shorter records are cut at ``StreamRun/jobBlockBytes``, 256 KiB):
    /// such blocks go to the first worker alone, one at a time
    /// (``JobPipeline/take(worker:)``), since what a transformation takes
    /// grows with its record (phonefmt `--find`: about 30 bytes a byte).
    static let longBlockBytes = (1 << 18) + (1 << 16)

    /// How long a run stopped by a signal waits for its workers, in seconds.
    static let stoppingPatience: Duration = .milliseconds(500)

    /// The most input bytes in flight a thread (blocks handed out and not
    /// yet written; one block whatever its length).
    static let inFlightBytesPerThread = 1 << 19

    /// Runs `run` on `run.jobs` threads.
    static func run<T: ValueTransform & Sendable>(_ transform: T, _ run: inout StreamRun) throws(IOFailure)
        -> StreamOutcome
    {
        var front = ParallelFront(transform: transform, run: run)
        defer { front.pipeline.shutDown(waitingUntil: front.stopDeadline) }
        front.start(transform: transform, errorsWanted: run.errors != nil)
        let outcome = try front.run(&run.input)
        run.coverage = front.coverage
        return outcome
    }

    /// How many times `t` stands in `[p, p + n)`, 32 bytes at a time: each
    /// lane of a vector counts the matches at its place, up to 255 words
    /// (a lane's most) before the lanes are added up. (The build targets
    /// plain x86-64, without a population count instruction: this is a
    /// compare and a subtract a 16 bytes, about a quarter of an instruction
    /// a byte; eight bytes at a time with a bit count in software was four.)
    static func count(_ t: UInt8, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let pattern = SIMD32<UInt8>(repeating: t)
        let raw = UnsafeRawPointer(p)
        var total = 0
        var i = 0
        while i + 32 <= n {
            var lanes = SIMD32<UInt8>()
            let words = min((n - i) / 32, 255)
            for _ in 0..<words {
                let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                // A matching lane of the mask is all ones: -1, so subtracting counts it.
                lanes &-= unsafeBitCast(v .== pattern, to: SIMD32<UInt8>.self)
                i += 32
            }
            total += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while i < n {
            if p[i] == t { total += 1 }
            i += 1
        }
        return total
    }
}

/// A transform whose copies for other threads (``StreamRun/jobs``) had
/// better not share its objects: one whose hot path retains an object
/// would have the threads contend for its reference count, a cache line
/// that moves between cores on every record.
public protocol ThreadCopyable {
    /// A transform that does what this one does, sharing no object that a
    /// value retains; called on the thread that will use it.
    func copyForThread() -> Self
}

extension PhoneTransform: ThreadCopyable {
    /// A transform made again from a metadata store of the thread's own:
    /// the parser and formatter retain its regions, formats and patterns for
    /// every number, and look them up under its lock.
    public func copyForThread() -> PhoneTransform {
        PhoneMetadataStore.useOwnStoreOnThisThread()
        return remade() ?? self
    }
}

extension CoinTransform: ThreadCopyable {
    /// A formatter derived again: its fixed-template writer is an object
    /// the hot path retains for every value.
    public func copyForThread() -> CoinTransform {
        var copy = CoinTransform(style: formatter.style, colored: colored)
        copy.outputLimit = outputLimit
        return copy
    }
}
