/// What the stream engine needs from the process that runs it: the
/// configuration, the operands or the input, where output and diagnostics
/// go, and how it learns of a signal. The command-line layer fills it with
/// file descriptors; the core itself does no process I/O.
///
/// Input and output are type-erased here, so that the engine can be
/// specialised for each transform in this module (by
/// ``ValueTransform/runStream(_:)``) whatever the sinks are: they are called
/// once a buffer (64 KiB), never per record.
public struct StreamRun {
    public var configuration: StreamConfiguration
    /// The operands, each one record; nil to read `input`.
    public var operands: [[UInt8]]?
    public var input: AnyByteSource
    public var output: AnyByteSink
    public var diagnostics: AnyByteSink
    /// Where error records go instead of `output` (`--errors FILE`), if anywhere.
    public var errors: AnyByteSink?
    /// Called with the number of each record whose value failed.
    public var failedRecord: ((Int) -> Void)?
    /// The signal that asks the engine to stop between records, if any.
    public var pendingSignal: () -> Int32?
    /// How many threads transform the records read from `input` (`-j`):
    /// above 1, the package's four transforms (each `Sendable`, whose
    /// witnesses below take the `Sendable` engine) run on that many, each
    /// with its own copy, and the output is byte for byte what one thread
    /// writes (``ParallelStream``). 1 (the default), operands, or a transform
    /// through the default witness: the engine runs on the calling thread.
    public var jobs = 1
    /// With `jobs` above 1, about how many bytes of whole records go to a
    /// thread at a time (at least one record). Tests make it tiny, so that
    /// block boundaries land everywhere.
    public var jobBlockBytes = 1 << 18
    /// With `jobs` above 1, whether a read of `input` would return at once
    /// (input, or its end, is waiting). Before a read that would block, the
    /// output of everything read is written; so the default, false, writes
    /// it before every read, and a source that knows better says so (the
    /// command line polls standard input; a file is always ready).
    public var inputReady: () -> Bool = { false }
    /// Set by the run: whether the records split into fields had a
    /// selected field (``FieldCoverage``), over every thread's.
    public var coverage = FieldCoverage()

    public init(
        configuration: StreamConfiguration, operands: [[UInt8]]?, input: some ByteSource, output: some ByteSink,
        diagnostics: some ByteSink, errors: AnyByteSink? = nil, pendingSignal: @escaping () -> Int32? = { nil },
        failedRecord: ((Int) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.operands = operands
        self.input = AnyByteSource(input)
        self.output = AnyByteSink(output)
        self.diagnostics = AnyByteSink(diagnostics)
        self.errors = errors
        self.failedRecord = failedRecord
        self.pendingSignal = pendingSignal
    }
}

extension ValueTransform {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}

// The package's own transforms take the engine through a witness of their
// own: called from a concrete context, the engine is specialised for them
// earlier in the optimizer than through the generic default, which inlines
// better (numconv: 796 instructions a record, against 834). Nothing else
// names them; a transform without one still gets a specialised engine.
extension DigitGrouper {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}
extension NumberConverter {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}
extension PhoneTransform {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}
extension CoinTransform {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}

extension StreamRun {
    /// Runs the engine on `transform`.
    static func engine<T: ValueTransform>(_ transform: T, _ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        var engine = StreamEngine(
            configuration: run.configuration, transform: transform, output: run.output, diagnostics: run.diagnostics,
            errors: run.errors)
        engine.failedRecord = run.failedRecord
        engine.pendingSignal = run.pendingSignal
        let outcome =
            if let operands = run.operands { try engine.run(operandBytes: operands) } else {
                try engine.run(&run.input)
            }
        run.coverage = engine.coverage
        return outcome
    }

    /// Runs the engine on `transform`, on ``jobs`` threads when that is
    /// above 1 and the records come from the input.
    static func engine<T: ValueTransform & Sendable>(_ transform: T, _ run: inout StreamRun) throws(IOFailure)
        -> StreamOutcome
    {
        if run.jobs > 1 && run.operands == nil { return try ParallelStream.run(transform, &run) }
        return try oneThread(transform, &run)
    }

    /// The engine on the calling thread (the overload above, not this one,
    /// is chosen where `T` is known to be `Sendable`).
    private static func oneThread<T: ValueTransform>(_ transform: T, _ run: inout StreamRun) throws(IOFailure)
        -> StreamOutcome
    {
        try engine(transform, &run)
    }
}

/// Any byte source, behind one indirect call a read.
public struct AnyByteSource: ByteSource {
    var base: any ByteSource

    public init(_ base: some ByteSource) { self.base = base }

    public mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        try base.read(into: buffer, capacity: capacity)
    }
}

/// Any byte sink, behind one indirect call a write.
public struct AnyByteSink: ByteSink {
    var base: any ByteSink

    public init(_ base: some ByteSink) { self.base = base }

    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        try base.write(bytes)
    }
}
