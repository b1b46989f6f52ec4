import NumToolsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a tool: parses its command line, builds the stream configuration,
/// installs the signal handlers, runs the engine and exits with the
/// contract's status. The tool supplies only its definition and a function
/// from the invocation to its transform; the runner is generic over the
/// transform, so each tool's call specialises the engine for its own.
public enum ToolRunner {
    public static func main<Transform: ValueTransform>(
        _ tool: ToolDefinition,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        argumentBytes: [[UInt8]]? = commandLineBytes(),
        environment: [String: String] = localeEnvironment(),
        build: (ToolInvocation) throws(UsageError) -> Transform
    ) -> Never {
        // First of all: `environment` has captured the locale variables, and
        // nothing has made a Locale or a FormatStyle yet (ICU reads its
        // default locale and data path once, at its first use).
        clearICUEnvironment()
        toolName = tool.name
        FileDescriptorStream.reserveStandardDescriptors()
        var stdout = FileDescriptorStream(fd: 1, name: "standard output")
        var stderr = FileDescriptorStream(fd: 2, name: "standard error")
        Signals.install()

        func usageFailure(_ error: UsageError) -> Never {
            let text = "\(tool.name): \(error.message)\nTry '\(tool.name) --help' for more information.\n"
            write(text, to: &stderr)
            exit(2)
        }
        func ioFailure(_ error: IOFailure) -> Never {
            switch error {
            case .brokenPipe: Signals.dieOfBrokenPipe()
            case .failed(let message):
                write("\(tool.name): \(message)\n", to: &stderr)
                exit(3)
            }
        }
        func printAndExit(_ text: String) -> Never {
            var bytes = Array(text.utf8)
            do throws(IOFailure) {
                try bytes.withUnsafeMutableBufferPointer { b throws(IOFailure) in
                    try stdout.write(UnsafeBufferPointer(b))
                }
            } catch { ioFailure(error) }
            exit(0)
        }

        let parsed: ParsedArguments
        let configuration: StreamConfiguration
        let transform: Transform
        let errorsFile: String?
        let jobs: Int
        do throws(UsageError) {
            parsed = try ParsedArguments(arguments, options: tool.allOptions, numfmt: tool.numfmtSpellings)
            let invocation = ToolInvocation(arguments: parsed, environment: environment)
            if try invocation.value(StreamOptions.help) { printAndExit(tool.helpText) }
            if try invocation.value(StreamOptions.version) { printAndExit(NumTools.versionText(tool.name)) }
            if let raw = argumentBytes, raw.count == arguments.count { try checkOptionValueBytes(parsed, raw) }
            if let shell = try invocation.value(StreamOptions.completion) {
                printAndExit(Completions.script(for: tool, shell: shell))
            }
            if let kind = try invocation.value(StreamOptions.completeValues) { printAndExit(kind.names) }
            configuration = try StreamOptions.configuration(tool.name, invocation)
            errorsFile = try invocation.value(StreamOptions.errors)
            if let path = errorsFile {
                try FileDescriptorStream.checkErrorsFile(path, readsStandardInput: parsed.operands.isEmpty)
            }
            jobs = try StreamOptions.threads(invocation)
            // A listing needs no other option; then what an option requires,
            // before the tool reads any value.
            if let listing = tool.listings.first(where: { invocation.has($0) }) { printAndExit(listing.text()) }
            for declaration in tool.declarations { try declaration.checkRequirement(parsed) }
            transform = try build(invocation)
            try StreamOptions.checkNames(configuration, transform)
        } catch {
            usageFailure(error)
        }

        do throws(IOFailure) {
            // An operand's own bytes: `CommandLine.arguments` replaces bytes
            // that are not UTF-8 with U+FFFD, which would hide an
            // `invalid-utf8` record and lose its bytes from ORIGINAL.
            var operands = parsed.operands.map { Array($0.utf8) }
            if let raw = argumentBytes, raw.count == arguments.count {
                for (k, position) in parsed.operandPositions.enumerated()
                where String(decoding: raw[position], as: UTF8.self) == arguments[position] {
                    operands[k] = raw[position]
                }
            }
            // The errors file is opened (created or truncated) once the
            // command line is known good, before any input is read; one
            // that cannot be is an I/O error.
            var errors: FileDescriptorStream?
            if let path = errorsFile { errors = try FileDescriptorStream.create(path) }
            let failed = FailedRecords()
            let (outcome, coverage) = try runEngine(
                transform, configuration, operands: operands, output: stdout, diagnostics: stderr, errors: errors,
                failed: operands.isEmpty ? nil : failed, jobs: jobs)
            if let errors { try errors.closeFile() }
            hintAtFiles(operands, failed.numbers, &stderr)
            if case .completed = outcome, let summarizing = transform as? any StreamSummarizing {
                for line in summarizing.summaryLines() { write("\(tool.name): \(line)\n", to: &stderr) }
            }
            if case .completed = outcome, coverage.noneSelected {
                // Records were read, and -f selected no field of any: the
                // job transformed nothing, which is not a success.
                let message = configuration.noSelectedFieldMessage(widest: coverage.widestWithoutSelected)
                write("\(tool.name): \(message)\n", to: &stderr)
                exit(1)
            }
            switch outcome {
            case .completed(let errors): exit(errors > 0 ? 1 : 0)
            case .aborted: exit(1)
            case .interrupted(let signal): exit(128 + signal)
            }
        } catch {
            ioFailure(error)
        }
    }

    /// Runs `tool` on the command line's arguments after the first `count`:
    /// 1 for a tool run by its own name, 2 for `numtools TOOL ...`.
    public static func main<Transform: ValueTransform>(
        _ tool: ToolDefinition, argumentsAfter count: Int,
        build: (ToolInvocation) throws(UsageError) -> Transform
    ) -> Never {
        main(
            tool, arguments: Array(CommandLine.arguments.dropFirst(count)),
            argumentBytes: commandLineBytes(after: count),
            build: build)
    }

    /// Runs the engine on the tool's transform, with the process's file
    /// descriptors and signals. The transform's own `runStream` witness runs
    /// the engine specialised for its type; nothing here is per record.
    static func runEngine<T: ValueTransform>(
        _ transform: T, _ configuration: StreamConfiguration, operands: [[UInt8]],
        output: FileDescriptorStream, diagnostics: FileDescriptorStream, errors: FileDescriptorStream?,
        failed: FailedRecords?, jobs: Int = 1
    ) throws(IOFailure) -> (StreamOutcome, FieldCoverage) {
        let input = FileDescriptorStream(fd: 0, name: "standard input")
        // For the tests of `-j` only (not documented): reads of at most
        // NUMTOOLS_TEST_READ_BYTES bytes, blocks of about
        // NUMTOOLS_TEST_BLOCK_BYTES, so that their boundaries land everywhere.
        let readBytes = testKnob("NUMTOOLS_TEST_READ_BYTES")
        var run = StreamRun(
            configuration: configuration, operands: operands.isEmpty ? nil : operands,
            input: readBytes.map { AnyByteSource(SmallReads(base: input, limit: $0)) } ?? AnyByteSource(input),
            output: output, diagnostics: diagnostics, errors: errors.map { AnyByteSink($0) },
            pendingSignal: Signals.pending,
            failedRecord: failed.map { f in { f.numbers.append($0) } })
        run.jobs = jobs
        // The threads allocate and free a few buffers of a few hundred KiB a block.
        if jobs > 1 { Platform.keepThreadBuffersInHeap() }
        run.inputReady = { input.hasInputWaiting() }
        if let n = testKnob("NUMTOOLS_TEST_BLOCK_BYTES") { run.jobBlockBytes = n }
        if let outcome = try resolveFieldNames(&run) { return (outcome, run.coverage) }
        let outcome = try transform.runStream(&run)
        return (outcome, run.coverage)
    }

    /// A positive whole number from the environment variable `name`, if set.
    static func testKnob(_ name: String) -> Int? {
        guard let value = getenv(name), let n = Int(String(cString: value)), n > 0 else { return nil }
        return n
    }

    /// A source whose reads return at most `limit` bytes (tests).
    struct SmallReads: ByteSource {
        var base: FileDescriptorStream
        let limit: Int

        mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
            try base.read(into: buffer, capacity: min(capacity, limit))
        }
    }

    /// The numbers of the records that failed, as the engine reports them.
    final class FailedRecords {
        var numbers: [Int] = []
    }

    /// One line on stderr for each operand that failed and names an existing
    /// file (`numgroup data.txt`): the user meant to read it. The error
    /// record stays as it is.
    static func hintAtFiles(_ operands: [[UInt8]], _ failed: [Int], _ stderr: inout FileDescriptorStream) {
        for number in failed where number >= 1 && number <= operands.count {
            let operand = operands[number - 1]
            guard !operand.isEmpty, !operand.contains(0) else { continue }
            var info = stat()
            let exists = operand.withUnsafeBufferPointer { b in
                (Array(b) + [0]).withUnsafeBufferPointer { c in
                    stat(UnsafeRawPointer(c.baseAddress!).assumingMemoryBound(to: CChar.self), &info) == 0
                }
            }
            guard exists, info.st_mode & S_IFMT != S_IFDIR else { continue }
            let name = String(decoding: operand, as: UTF8.self)
            write("\(toolName): '\(name)' is a file; to read it, use < \(name)\n", to: &stderr)
        }
    }

    /// The environment variables the tools read (the locale's: `LC_ALL`,
    /// `LC_NUMERIC`, `LC_MONETARY`, `LC_TELEPHONE`, `LANG`), without building
    /// a dictionary of the whole environment at every start.
    public static func localeEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_NUMERIC", "LC_MONETARY", "LC_TELEPHONE", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Whether ICU would read the environment variable `name`, or take it
    /// for a locale: `LANG`, `LANGUAGE`, every `LC_*`, and ICU's data and time
    /// zone directories.
    static func isClearedForICU(_ name: some StringProtocol) -> Bool {
        name == "LANG" || name == "LANGUAGE" || name.hasPrefix("LC_") || name == "ICU_DATA"
            || name == "ICU_TIMEZONE_FILES_DIR"
    }

    /// Removes from the process environment what ICU reads when it sets up
    /// its default locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) and its data
    /// (`ICU_DATA`), with every other locale variable: ICU crashes on some
    /// values (a language code of 12 or more letters in `LANG`, a data
    /// directory holding a malformed resource bundle), and the tools never
    /// use ICU's default locale, only locales they name. Call it once the
    /// variables the tools read are captured (``localeEnvironment()``) and
    /// before anything makes a Locale or a FormatStyle; the tools do, at the
    /// start of ``main(_:arguments:argumentBytes:environment:build:)``.
    public static func clearICUEnvironment() {
        var names: [[CChar]] = []
        var entry = Platform.environment
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            let equals =
                memchr(pointer, Int32(UInt8(ascii: "=")), length).map {
                    $0.assumingMemoryBound(to: CChar.self) - pointer
                } ?? length
            let name = UnsafeBufferPointer(start: pointer, count: equals)
            // Decoded from the bytes themselves: a lazy view of them would be
            // a generic collection, which costs start-up a dynamic cast.
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: equals)
            if isClearedForICU(String(decoding: bytes, as: UTF8.self)) { names.append(Array(name) + [0]) }
            entry += 1
        }
        for name in names { unsetenv(name) }
    }

    /// The command line's arguments after the first `count` (the program
    /// name), as the bytes the system passed.
    public static func commandLineBytes(after count: Int = 1) -> [[UInt8]] {
        (min(count, Int(CommandLine.argc))..<Int(CommandLine.argc)).map { k in
            guard let p = CommandLine.unsafeArgv[k] else { return [] }
            return Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
    }

    /// A usage error for the first option value whose bytes, as the system
    /// passed them, are not UTF-8: `CommandLine.arguments` has replaced them
    /// with U+FFFD, which a separator or delimiter must not silently become.
    /// (An operand's bytes go on to the engine, an `invalid-utf8` record.)
    static func checkOptionValueBytes(_ parsed: ParsedArguments, _ raw: [[UInt8]]) throws(UsageError) {
        for (position, offset, option) in parsed.optionValues {
            // The text before the value is an option's name, so it is UTF-8
            // and as long in the raw bytes as in the decoded argument.
            let value = raw[position].dropFirst(offset)
            guard String(validating: value, as: UTF8.self) == nil else { continue }
            var shown: [UInt8] = []
            Array(value).withUnsafeBufferPointer { b in
                if let base = b.baseAddress { UTF8Bytes.appendEscaped(base, 0, b.count, into: &shown) }
            }
            throw UsageError(
                "invalid value '\(String(decoding: shown, as: UTF8.self))' for --\(option): not valid UTF-8")
        }
    }

    /// The stream contract's options as a configuration.
    public static func streamConfiguration(_ name: String, _ invocation: ToolInvocation) throws(UsageError)
        -> StreamConfiguration
    {
        try StreamOptions.configuration(name, invocation)
    }

    /// The running tool's name, for warnings (set by ``main(_:arguments:argumentBytes:environment:build:)``).
    nonisolated(unsafe) static var toolName = ""
    nonisolated(unsafe) static var warned: Set<String> = []

    /// Writes `TOOL: message` to standard error, once a message: the tools
    /// read their options on one thread, before the stream starts.
    static func warnOnce(_ message: String) {
        guard warned.insert(message).inserted else { return }
        var stderr = FileDescriptorStream(fd: 2, name: "standard error")
        write("\(toolName): \(message)\n", to: &stderr)
    }

    static func write(_ text: String, to stream: inout FileDescriptorStream) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { b in try? stream.write(b) }
    }
}
