// A parallel run's blocks of records, the pipeline handing them to the workers, and the workers' sinks.

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
    /// Longer than ``ParallelStream/longBlockBytes`` (it holds a long
    /// record): transformed by the first worker only, one at a time.
    var isLong: Bool { count > ParallelStream.longBlockBytes }
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
    private let condition = Condition()
    /// At most two blocks a worker: removed from the front, cheaply.
    private var waiting: [JobBlock] = []
    /// No more blocks will come: workers end once the queue is empty.
    private var closed = false
    /// The run stopped early: workers drop what they do, and the blocks
    /// waiting are dropped.
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

    /// The next block of worker number `worker` (from 0), in input order;
    /// nil once there are no more. A long block (``JobBlock/isLong``) is
    /// worker 0's alone: long records are transformed one at a time, so
    /// that what a transformation takes for a long record (a multiple of
    /// it) is taken once, not once a thread; the others wait behind it.
    func take(worker: Int) -> JobBlock? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled {
            if let next = waiting.first {
                if worker == 0 || !next.isLong { return waiting.removeFirst() }
            } else if closed {
                return nil
            }
            idleWorkers += 1
            condition.wait()
            idleWorkers -= 1
        }
        return nil
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
        if cancelled { throw IOFailure.failed("cancelled") }
    }

    func finish(_ block: JobBlock, _ outcome: StreamOutcome?, _ coverage: FieldCoverage) {
        condition.lock()
        block.done = true
        block.outcome = outcome
        block.coverage = coverage
        // (A worker may wait behind a long block for worker 0.)
        if frontWaitsFor === block || (idleWorkers > 0 && !waiting.isEmpty) { condition.broadcast() }
        condition.unlock()
    }

    func workerEnded() {
        condition.lock()
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Takes what `block` has recorded; with `wait`, waits until it is done
    /// or has recorded ``collectAt`` bytes (its worker waits past twice that),
    /// or until `stopping` says the run is to stop (it is asked every 50 ms:
    /// a signal does not wake a condition); after ``cancel()``, waits until
    /// the block is done or `deadline` has passed.
    func collect(
        _ block: JobBlock, wait: Bool, stopping: () -> Bool = { false }, deadline: ContinuousClock.Instant? = nil
    ) -> (
        writes: [(RecordedStream, ByteChunk)], done: Bool
    ) {
        condition.lock()
        defer { condition.unlock() }
        while wait && !block.done {
            if cancelled {
                if let deadline, ContinuousClock.now >= deadline { break }
            } else if block.recordedBytes >= Self.collectAt || stopping() {
                break
            }
            frontWaitsFor = block
            let tick = ContinuousClock.now.advanced(by: .milliseconds(50))
            _ = condition.wait(until: deadline.map { min($0, tick) } ?? tick)
        }
        frontWaitsFor = nil
        let writes = block.recorded
        block.recorded = []
        block.recordedBytes = 0
        if workersWaitingForRoom > 0 { condition.broadcast() }
        return (writes, block.done)
    }

    /// Ends the run: no more blocks, and whatever is unfinished is dropped;
    /// returns once every worker has ended, or at `deadline` (a run stopped
    /// by a signal: a worker in the middle of a long record is left to
    /// the process's exit; it holds what it uses, and writes nothing more).
    func shutDown(waitingUntil deadline: ContinuousClock.Instant? = nil) {
        condition.lock()
        closed = true
        cancelled = true
        condition.broadcast()
        while workers > 0 {
            if let deadline {
                if ContinuousClock.now >= deadline { break }
                _ = condition.wait(until: deadline)
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }

    /// Stops the run early: the blocks waiting are dropped (done, without
    /// an outcome), and each worker stops at its engine's next write (a
    /// flush, at a record's end), its block done without an outcome.
    func cancel() {
        condition.lock()
        cancelled = true
        for block in waiting { block.done = true }
        waiting.removeAll()
        condition.broadcast()
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
