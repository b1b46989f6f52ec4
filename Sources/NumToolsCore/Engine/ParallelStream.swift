import Foundation

#if canImport(Glibc)
    import Glibc
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
/// the front cuts what it holds into blocks and writes every block's output;
/// a signal is handled there too, once every complete record read is written.
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
/// Memory: at most two blocks in flight a thread; a block's recorded output
/// is held up to ``recordingLimit`` bytes of memory, past which its worker waits for
/// the front to write it (which it does once the block is the oldest), so
/// memory stays bounded by a constant times the threads, plus what one
/// thread takes.
enum ParallelStream {
    /// The most output bytes a block's worker holds before it waits.
    static let recordingLimit = 1 << 21

    /// Runs `run` on `run.jobs` threads.
    static func run<T: ValueTransform & Sendable>(_ transform: T, _ run: inout StreamRun) throws(IOFailure)
        -> StreamOutcome
    {
        var front = ParallelFront(transform: transform, run: run)
        defer { front.pipeline.shutDown() }
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

/// Where a recorded write goes.
enum RecordedStream: Sendable {
    case output, diagnostics, errors
}

/// One block of whole records, and what its worker wrote for it.
final class JobBlock: @unchecked Sendable {
    // @unchecked Sendable, safely: the bytes and `firstRecord` are set
    // before the block is shared; `bytesTaken` is written only by the one
    // worker that takes the block (and read by `deinit`, after every
    // thread has let go of it); the rest is read and written only under
    // the pipeline's lock.
    /// The records, terminators included (the last block's last may have
    /// none): `count` bytes at `base`, in memory of `capacity` bytes that the
    /// block owns until its worker takes it (``takeBytes()``).
    let base: UnsafeMutablePointer<UInt8>
    let count: Int
    let capacity: Int
    /// How many records come before the block's first.
    let firstRecord: Int
    /// The worker took the memory (only the worker sets it, before it ends
    /// with the block; the block is freed after).
    private var bytesTaken = false
    /// The writes recorded and not yet taken by the front, in order.
    var recorded: [(RecordedStream, ByteChunk)] = []
    /// The memory they hold.
    var recordedBytes = 0
    /// The worker is done with the block.
    var done = false
    /// How its engine ended; nil when it was stopped (the run was cancelled).
    var outcome: StreamOutcome?
    /// What its records showed of the field selection.
    var coverage = FieldCoverage()

    /// A block of the `count` bytes at `base`, memory of `capacity` bytes it now owns.
    init(owning base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, firstRecord: Int) {
        self.base = base
        self.count = count
        self.capacity = capacity
        self.firstRecord = firstRecord
    }

    /// A block of a copy of `bytes`.
    convenience init(copying bytes: UnsafeBufferPointer<UInt8>, firstRecord: Int) {
        let n = bytes.count
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, n))
        if n > 0 { memory.initialize(from: bytes.baseAddress!, count: n) }
        self.init(owning: memory, count: n, capacity: max(1, n), firstRecord: firstRecord)
    }

    /// The block's memory, which the caller (its worker's reader) then owns.
    func takeBytes() -> UnsafeMutablePointer<UInt8> {
        precondition(!bytesTaken, "a block's bytes taken twice")
        bytesTaken = true
        return base
    }

    deinit {
        if !bytesTaken { base.deallocate() }
    }
}

/// The blocks waiting for a worker, and the one lock and condition every
/// thread of a parallel run waits on.
final class JobPipeline: @unchecked Sendable {
    // @unchecked Sendable, safely: every stored property is read and
    // written only while `condition` is locked.
    private let condition = NSCondition()
    /// At most two blocks a worker: removed from the front, cheaply.
    private var waiting: [JobBlock] = []
    /// No more blocks will come: workers end once the queue is empty.
    private var closed = false
    /// The run stopped early: workers drop what they do.
    private var cancelled = false
    private var workers = 0
    // Who waits, so that a change wakes the threads only when one waits for
    // it (a wake-up is a system call, and a context switch).
    /// The block the front waits for, if it does.
    private var frontWaitsFor: JobBlock?
    private var idleWorkers = 0
    private var workersWaitingForRoom = 0
    /// The front wakes for a block's recordings once it holds this many bytes (or is done).
    static let collectAt = ParallelStream.recordingLimit / 2

    func workerStarted() {
        condition.lock()
        workers += 1
        condition.unlock()
    }

    /// Hands `block` to the next free worker.
    func enqueue(_ block: JobBlock) {
        condition.lock()
        waiting.append(block)
        if idleWorkers > 0 { condition.broadcast() }
        condition.unlock()
    }

    /// A worker's next block; nil once there are no more.
    func take() -> JobBlock? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !closed && !cancelled {
            idleWorkers += 1
            condition.wait()
            idleWorkers -= 1
        }
        guard !cancelled, !waiting.isEmpty else { return nil }
        return waiting.removeFirst()
    }

    /// Records a write of `block`'s engine; waits while the block holds more
    /// than ``ParallelStream/recordingLimit`` unwritten bytes. Throws when
    /// the run was cancelled, which stops that engine.
    func record(_ block: JobBlock, _ stream: RecordedStream, _ chunk: ByteChunk) throws(IOFailure) {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { throw IOFailure.failed("cancelled") }
        block.recorded.append((stream, chunk))
        block.recordedBytes += chunk.capacity
        if frontWaitsFor === block && block.recordedBytes >= Self.collectAt { condition.broadcast() }
        while block.recordedBytes > ParallelStream.recordingLimit && !cancelled {
            workersWaitingForRoom += 1
            condition.wait()
            workersWaitingForRoom -= 1
        }
    }

    func finish(_ block: JobBlock, _ outcome: StreamOutcome?, _ coverage: FieldCoverage) {
        condition.lock()
        block.done = true
        block.outcome = outcome
        block.coverage = coverage
        if frontWaitsFor === block { condition.broadcast() }
        condition.unlock()
    }

    func workerEnded() {
        condition.lock()
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Takes what `block` has recorded; with `wait`, waits until it is done
    /// or has recorded ``collectAt`` bytes (its worker waits past twice that).
    func collect(_ block: JobBlock, wait: Bool) -> (writes: [(RecordedStream, ByteChunk)], done: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while wait && !block.done && block.recordedBytes < Self.collectAt && !cancelled {
            frontWaitsFor = block
            condition.wait()
        }
        frontWaitsFor = nil
        let writes = block.recorded
        block.recorded = []
        block.recordedBytes = 0
        if workersWaitingForRoom > 0 { condition.broadcast() }
        return (writes, block.done)
    }

    /// Ends the run: no more blocks, and whatever is unfinished is dropped;
    /// returns once every worker has ended.
    func shutDown() {
        condition.lock()
        closed = true
        cancelled = true
        condition.broadcast()
        while workers > 0 { condition.wait() }
        condition.unlock()
    }

    /// No more blocks: workers end once they have done the queue.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A worker engine's output, diagnostics or errors: recorded for the front.
struct RecordingSink: ByteSink {
    let pipeline: JobPipeline
    let block: JobBlock
    let stream: RecordedStream

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        try pipeline.record(block, stream, ByteChunk(copying: bytes))
    }

    /// Records the bytes of `buffer`, which it leaves empty: with
    /// `handingOver`, its memory itself (no copy; the buffer goes on in new
    /// memory of the engine's usual size), else a copy.
    func record(_ buffer: inout OutputBuffer, handingOver: Bool) throws(IOFailure) {
        let chunk =
            handingOver
            ? buffer.detach(capacity: 2 * RecordWriter<RecordingSink, RecordingSink>.flushThreshold)
            : buffer.withUnsafeBytes { ByteChunk(copying: $0) }
        buffer.removeAll()
        try pipeline.record(block, stream, chunk)
    }
}

/// The input of a worker's engine: none, past the block its reader holds.
struct NoMoreInput: ByteSource {
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? { 0 }
}

/// The ordered front of a parallel run: reads and cuts the input, handles
/// what one thread handles between records, and writes the blocks' output
/// in input order.
struct ParallelFront<Transform: ValueTransform & Sendable>: ~Copyable {
    /// The engine writing to the run's sinks: the front's own writes (the
    /// byte-order mark, records too long to hold) and the blocks' replayed.
    var front: StreamEngine<Transform, AnyByteSink, AnyByteSink>
    let pipeline = JobPipeline()
    let configuration: StreamConfiguration
    let jobs: Int
    let blockBytes: Int
    let inputReady: () -> Bool
    /// Blocks handed out and not yet written, oldest first.
    var inFlight: [JobBlock] = []
    /// Records handed to blocks or read through by the front so far.
    var records = 0
    /// Errors of the blocks written.
    var blockErrors = 0
    /// A block written ended with `--on-error=abort`.
    var aborted = false
    /// The selection's coverage of the blocks written.
    var blockCoverage = FieldCoverage()
    /// Of the blocks written and of the records the front read through.
    var coverage: FieldCoverage {
        var all = blockCoverage
        all.merge(front.coverage)
        return all
    }

    init(transform: Transform, run: borrowing StreamRun) {
        configuration = run.configuration
        front = StreamEngine(
            configuration: run.configuration, transform: transform, output: run.output,
            diagnostics: run.diagnostics, errors: run.errors)
        front.pendingSignal = run.pendingSignal
        jobs = max(1, run.jobs)
        blockBytes = max(1, run.jobBlockBytes)
        inputReady = run.inputReady
    }

    /// Starts the workers, each with its own copy of the transform (one it
    /// makes, for a ``ThreadCopyable`` transform).
    func start(transform: Transform, errorsWanted: Bool) {
        for _ in 0..<jobs {
            pipeline.workerStarted()
            let (pipeline, configuration) = (self.pipeline, self.configuration)
            let thread = Thread { [transform] in
                var transform = transform
                if let copyable = transform as? any ThreadCopyable, let copy = copyable.copyForThread() as? Transform {
                    transform = copy
                }
                Self.work(transform, pipeline, configuration, errorsWanted: errorsWanted)
            }
            thread.start()
        }
    }

    /// A worker: runs an engine on each block it takes, its records
    /// numbered from the block's first, recording what it writes.
    static func work(
        _ transform: Transform, _ pipeline: JobPipeline, _ configuration: StreamConfiguration, errorsWanted: Bool
    ) {
        var transform = transform
        while let block = pipeline.take() {
            var engine = StreamEngine(
                configuration: configuration, transform: transform,
                output: RecordingSink(pipeline: pipeline, block: block, stream: .output),
                diagnostics: RecordingSink(pipeline: pipeline, block: block, stream: .diagnostics),
                errors: errorsWanted ? RecordingSink(pipeline: pipeline, block: block, stream: .errors) : nil)
            engine.writer.recordNumber = block.firstRecord
            engine.readsByteOrderMark = false
            // The reader takes the block's memory as it is: no copy.
            var reader = RecordReader(
                adopting: block.takeBytes(), count: block.count, capacity: block.capacity, scanner: engine.scanner,
                csv: configuration.csv, maxRecordBytes: configuration.maxRecordBytes)
            var source = NoMoreInput()
            var outcome: StreamOutcome?
            do throws(IOFailure) { outcome = try engine.run(&reader, &source) } catch { outcome = nil }
            // Whatever the transform keeps (caches) serves its next block.
            transform = engine.transform
            pipeline.finish(block, outcome, engine.coverage)
        }
        pipeline.workerEnded()
    }

    // MARK: The front

    /// How the run ended once its input is done.
    var outcome: StreamOutcome {
        if let signal = front.pendingSignal() { return .interrupted(signal: signal) }
        if aborted || front.writer.aborted { return .aborted }
        return .completed(errors: blockErrors + front.writer.errorCount)
    }

    mutating func run<Source: ByteSource>(_ source: inout Source) throws(IOFailure) -> StreamOutcome {
        var reader = RecordReader(
            scanner: front.scanner, csv: configuration.csv, maxRecordBytes: configuration.maxRecordBytes)
        var atInputStart = true
        let holdLimit = min(blockBytes, configuration.maxRecordBytes + 1)
        while true {
            var ready: Bool? = nil  // whether a read now would not block, once asked
            if atInputStart {
                switch front.byteOrderMark(reader) {
                case .undecided: break
                case .absent: atInputStart = false
                case .present:
                    atInputStart = false
                    front.writer.out.append(bytes: StreamEngine<Transform, AnyByteSink, AnyByteSink>.byteOrderMark)
                    reader.skip(3)
                }
            }
            if reader.readingThrough {
                let (part, terminator) = reader.nextLongRecordPart()
                front.writer.writeLongRecordPart(reader.base, part)
                if let terminator {
                    front.writer.endLongRecord(terminator)
                    if front.writer.aborted { return try stop() }
                }
            }
            if !reader.readingThrough && !atInputStart {
                // Blocks are cut once enough is held, and whenever the front
                // would otherwise wait: at the end, on a signal, before a
                // read that would block.
                var cut = reader.atEnd || reader.count - reader.pos >= holdLimit || front.pendingSignal() != nil
                if !cut {
                    ready = inputReady()
                    cut = ready == false
                }
                if cut {
                    try cutBlocks(&reader)
                    if aborted { return try stop() }
                    if let part = reader.startReadingThrough() {
                        // One thread writes it as it reads it: everything before it first.
                        try drain()
                        if aborted { return try stop() }
                        records += 1
                        front.writer.recordNumber = records
                        if records > configuration.headerRecords { front.coverage.selectedSeen = true }
                        front.writer.beginLongRecord(
                            isHeader: records <= configuration.headerRecords, front.recordTooLong)
                        if front.writer.aborted { return try stop() }
                        front.writer.writeLongRecordPart(reader.base, part)
                    }
                }
            }
            reader.compact()
            if reader.atEnd {
                if reader.readingThrough {
                    front.writer.writeLongRecordPart(reader.base, reader.lastLongRecordPart())
                    front.writer.endLongRecord(.none)
                } else if reader.count > 0 {
                    // The last record, without terminator: the last block's.
                    try submit(
                        JobBlock(
                            copying: UnsafeBufferPointer(start: reader.base, count: reader.count),
                            firstRecord: records))
                    records += 1
                }
                pipeline.close()
                try drain()
                return try stop()
            }
            if let signal = front.pendingSignal() {
                // Every record read completely before it is written; of a
                // record too long to hold, what was read (as one thread).
                if !reader.readingThrough && !atInputStart { try cutBlocks(&reader) }
                try drain()
                try front.flush()
                return aborted ? .aborted : .interrupted(signal: signal)
            }
            // Never sit on output while a read waits for input.
            if reader.readingThrough || atInputStart || !(ready ?? inputReady()) {
                try drain()
            } else {
                try write(waitingForOne: false)
            }
            if aborted { return try stop() }
            try front.flush()
            do throws(IOFailure) { try reader.fill(from: &source) } catch {
                // What was read is written before the failure ends the run, as one thread does.
                try drain()
                try front.flush()
                throw error
            }
        }
    }

    /// Flushes the front's output and ends the run as it stands: an abort
    /// is an abort, as with one thread, even when a signal came too.
    mutating func stop() throws(IOFailure) -> StreamOutcome {
        try front.flush()
        return aborted || front.writer.aborted ? .aborted : outcome
    }

    /// Cuts the whole records the reader holds into blocks and hands them out.
    mutating func cutBlocks(_ reader: inout RecordReader) throws(IOFailure) {
        while let block = nextBlock(&reader) {
            try submit(block)
            if aborted { return }
        }
    }

    /// The next block of whole records at the reader's position, about
    /// ``blockBytes`` long and at least one record; nil when the reader
    /// holds no whole record.
    mutating func nextBlock(_ reader: inout RecordReader) -> JobBlock? {
        let start = reader.pos
        var taken = 0
        if configuration.csv {
            // Quote state decides where records end: the engine's own scan.
            while reader.pos - start < blockBytes, reader.nextRecord() != nil { taken += 1 }
        } else {
            let t = front.scanner.terminator
            let p = reader.base
            let count = reader.count
            let limit = min(count, start + blockBytes)
            // After the last terminator before the limit, else the first after it.
            var end = limit
            while end > start, p[end - 1] != t { end -= 1 }
            if end == start {
                guard limit < count, let hit = memchr(p + limit, Int32(t), count - limit) else { return nil }
                end = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p + 1
            }
            taken = ParallelStream.count(t, p + start, end - start)
            reader.skip(end - start)
        }
        guard taken > 0 else { return nil }
        let block: JobBlock
        let end = reader.pos
        if start == 0 && 2 * end >= reader.capacity {
            // Most of the buffer: the buffer itself, the few bytes after the
            // block moved to new memory instead of the block's copied.
            let memory = reader.handOff(through: end)
            block = JobBlock(owning: memory.base, count: end, capacity: memory.capacity, firstRecord: records)
        } else {
            block = JobBlock(
                copying: UnsafeBufferPointer(start: reader.base + start, count: end - start), firstRecord: records)
        }
        records += taken
        return block
    }

    /// Hands `block` to the workers, first writing the oldest block when
    /// as many as the bound allows are in flight.
    mutating func submit(_ block: JobBlock) throws(IOFailure) {
        while inFlight.count >= 2 * jobs {
            try write(waitingForOne: true)
            if aborted { return }
        }
        inFlight.append(block)
        pipeline.enqueue(block)
    }

    /// Writes every block in flight, in order.
    mutating func drain() throws(IOFailure) {
        while !inFlight.isEmpty && !aborted { try write(waitingForOne: true) }
    }

    /// Writes what the oldest blocks have recorded, and drops those that are
    /// done; `waitingForOne` waits until the oldest is done.
    mutating func write(waitingForOne: Bool) throws(IOFailure) {
        while let head = inFlight.first {
            let (writes, done) = pipeline.collect(head, wait: waitingForOne)
            if !writes.isEmpty { try replay(writes) }
            if !done {
                if waitingForOne { continue }
                return
            }
            inFlight.removeFirst()
            blockCoverage.merge(head.coverage)
            switch head.outcome {
            case .completed(let errors)?: blockErrors += errors
            case .aborted?:
                aborted = true
                return
            case .interrupted?, nil: break
            }
            if waitingForOne { return }
        }
    }

    /// Writes a block's recorded writes to the run's sinks, after the
    /// front's own pending output.
    mutating func replay(_ writes: [(RecordedStream, ByteChunk)]) throws(IOFailure) {
        try front.flush()
        for (stream, chunk) in writes {
            switch stream {
            case .output: try front.writer.output.write(chunk.bytes)
            case .errors: try front.writer.errors?.write(chunk.bytes)
            case .diagnostics: try? front.writer.diagnostics.write(chunk.bytes)
            }
        }
    }
}
