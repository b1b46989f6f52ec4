import Dispatch

// A parallel run's ordered front: cuts the input into blocks, starts the workers, writes their output in order.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The memory of their input.
    var inFlightBytes = 0
    /// A wait for a block gave up for a signal: the run stops
    /// (``stop(for:)``) as soon as the front is back in its loop.
    var signalled = false
    /// Once stopping for a signal: how long the workers are waited for.
    var stopDeadline: ContinuousClock.Instant?
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
        for worker in 0..<jobs {
            pipeline.workerStarted()
            let (pipeline, configuration) = (self.pipeline, self.configuration)
            // A serial queue of its own: a thread of its own (libdispatch
            // gives a blocked serial queue a new thread), as Foundation's
            // Thread, which FoundationEssentials lacks, did.
            DispatchQueue(label: "numtools.worker.\(worker)").async { [transform] in
                var transform = transform
                if let copyable = transform as? any ThreadCopyable, let copy = copyable.copyForThread() as? Transform {
                    transform = copy
                }
                Self.work(transform, pipeline, configuration, worker: worker, errorsWanted: errorsWanted)
            }
        }
    }

    /// A worker: runs an engine on each block it takes, its records
    /// numbered from the block's first, recording what it writes.
    static func work(
        _ transform: Transform, _ pipeline: JobPipeline, _ configuration: StreamConfiguration, worker: Int,
        errorsWanted: Bool
    ) {
        var transform = transform
        while let block = pipeline.take(worker: worker) {
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
                // would otherwise wait: at the end, before a read that would
                // block. (Not on a signal: the run stops with what is done.)
                var cut = reader.atEnd || reader.count - reader.pos >= holdLimit
                if !cut {
                    ready = inputReady()
                    cut = ready == false
                }
                if cut {
                    try cutBlocks(&reader)
                    if aborted || signalled { return try stop() }
                    if let part = reader.startReadingThrough() {
                        // One thread writes it as it reads it: everything before it first.
                        try drain()
                        if aborted || signalled { return try stop() }
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
                if !signalled {
                    pipeline.close()
                    try drain()
                }
                return try stop()
            }
            if let signal = front.pendingSignal() {
                // The workers drop what they have not done; what they did
                // is written, in order, up to the first block not done:
                // the output ends on a record boundary. (A record too long
                // to hold is the front's: what was read of it is written,
                // as with one thread.)
                return try stop(for: signal)
            }
            // Never sit on output while a read waits for input.
            if reader.readingThrough || atInputStart || !(ready ?? inputReady()) {
                try drain()
            } else {
                try write(waitingForOne: false)
            }
            if aborted || signalled { return try stop() }
            try front.flush()
            do throws(IOFailure) { try reader.fill(from: &source) } catch {
                // Every complete record read before the failure is written
                // before it ends the run, as one thread does: those the
                // front still holds are cut into blocks first (an incomplete
                // one is not written, nor with one thread). An abort among
                // them ends the run as one thread ends it, before the read.
                if !reader.readingThrough && !atInputStart { try cutBlocks(&reader) }
                if !aborted && !signalled { try drain() }
                if aborted || signalled { return try stop() }
                try front.flush()
                throw error
            }
        }
    }

    /// Flushes the front's output and ends the run as it stands: an abort
    /// is an abort, as with one thread, even when a signal came too.
    mutating func stop() throws(IOFailure) -> StreamOutcome {
        if signalled, let signal = front.pendingSignal() { return try stop(for: signal) }
        try front.flush()
        return aborted || front.writer.aborted ? .aborted : outcome
    }

    /// Stops the run for `signal` within about a second, whatever is in
    /// flight: the blocks waiting for a worker are dropped, each worker
    /// stops at its next write (a record's end), and what the blocks wrote
    /// is written in input order up to the first one not done, so the
    /// output ends on the last record boundary written. An abort written
    /// before is an abort, as with one thread.
    mutating func stop(for signal: Int32) throws(IOFailure) -> StreamOutcome {
        pipeline.cancel()
        // A worker in the middle of a record writes it at its end: waited
        // for half a second at most (the rest of the second is the output's).
        let deadline = ContinuousClock.now.advanced(by: ParallelStream.stoppingPatience)
        stopDeadline = deadline
        while let head = inFlight.first, !aborted {
            let (writes, done) = pipeline.collect(head, wait: true, deadline: deadline)
            if !writes.isEmpty { try replay(writes) }
            guard done else { break }  // what it wrote ends on a record boundary
            inFlight.removeFirst()
            guard let outcome = head.outcome else { break }  // stopped or dropped
            blockCoverage.merge(head.coverage)
            switch outcome {
            case .completed(let errors): blockErrors += errors
            case .aborted: aborted = true
            case .interrupted: break
            }
        }
        inFlight.removeAll()
        inFlightBytes = 0
        try front.flush()
        return aborted || front.writer.aborted ? .aborted : .interrupted(signal: signal)
    }

    /// Cuts the whole records the reader holds into blocks and hands them out.
    mutating func cutBlocks(_ reader: inout RecordReader) throws(IOFailure) {
        while let block = nextBlock(&reader) {
            try submit(block)
            if aborted || signalled { return }
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

    /// Hands `block` to the workers, first writing the oldest block while
    /// as many as the bound allows are in flight: two blocks a thread, and
    /// ``ParallelStream/inFlightBytesPerThread`` of input a thread (one
    /// block whatever its length). Dropped when a signal stops the run.
    mutating func submit(_ block: JobBlock) throws(IOFailure) {
        let byteBound = jobs * ParallelStream.inFlightBytesPerThread
        while inFlight.count >= 2 * jobs || (!inFlight.isEmpty && inFlightBytes + block.capacity > byteBound) {
            try write(waitingForOne: true)
            if aborted || signalled { return }
        }
        inFlight.append(block)
        inFlightBytes += block.capacity
        pipeline.enqueue(block)
    }

    /// Writes every block in flight, in order.
    mutating func drain() throws(IOFailure) {
        while !inFlight.isEmpty && !aborted && !signalled { try write(waitingForOne: true) }
    }

    /// Writes what the oldest blocks have recorded, and drops those that are
    /// done; `waitingForOne` waits until the oldest is done.
    mutating func write(waitingForOne: Bool) throws(IOFailure) {
        while let head = inFlight.first {
            let signal = front.pendingSignal
            let (writes, done) = pipeline.collect(head, wait: waitingForOne, stopping: { signal() != nil })
            if !writes.isEmpty { try replay(writes) }
            if !done {
                if waitingForOne && front.pendingSignal() != nil {
                    signalled = true
                    return
                }
                if waitingForOne { continue }
                return
            }
            inFlight.removeFirst()
            inFlightBytes -= head.capacity
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
