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
    /// The signal that asks the engine to stop between records, if any.
    public var pendingSignal: () -> Int32?
    /// The signal, once a second one came (the user insists).
    public var secondSignal: () -> Int32?

    public init(
        configuration: StreamConfiguration, operands: [[UInt8]]?, input: some ByteSource, output: some ByteSink,
        diagnostics: some ByteSink, pendingSignal: @escaping () -> Int32? = { nil },
        secondSignal: @escaping () -> Int32? = { nil }
    ) {
        self.configuration = configuration
        self.operands = operands
        self.input = AnyByteSource(input)
        self.output = AnyByteSink(output)
        self.diagnostics = AnyByteSink(diagnostics)
        self.pendingSignal = pendingSignal
        self.secondSignal = secondSignal
    }
}

extension ValueTransform {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        var engine = StreamEngine(
            configuration: run.configuration, transform: self, output: run.output, diagnostics: run.diagnostics)
        engine.pendingSignal = run.pendingSignal
        engine.secondSignal = run.secondSignal
        if let operands = run.operands { return try engine.run(operandBytes: operands) }
        return try engine.run(&run.input)
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
