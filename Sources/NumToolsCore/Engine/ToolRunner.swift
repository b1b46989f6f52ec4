import Foundation

/// What a tool is, for the runner: its name, usage and option table.
public struct ToolDefinition: Sendable {
    /// The executable's name.
    public var name: String
    /// The synopsis after `Usage: `.
    public var synopsis: String
    /// One paragraph saying what the tool does.
    public var summary: String
    /// The tool's own options (the stream options are added by the runner).
    public var options: [OptionSpec]
    /// Lines of examples for `--help`.
    public var examples: [String]

    public init(name: String, synopsis: String, summary: String, options: [OptionSpec], examples: [String] = []) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.options = options
        self.examples = examples
    }

    /// The stream contract's options, common to every tool.
    public static let streamOptions: [OptionSpec] = [
        OptionSpec("field", short: "f", .required("LIST"), help: "transform only these fields (cut syntax: 3, 2,5, 2-4, 5-, -3)"),
        OptionSpec("delimiter", short: "d", .required("CHAR"), help: "field delimiter (default TAB, or ',' with --csv)"),
        OptionSpec("csv", help: "fields follow RFC 4180: quoted fields may hold delimiters and line breaks"),
        OptionSpec("header", .optional("N"), help: "pass the first N records (default 1) through unchanged"),
        OptionSpec("zero-terminated", short: "z", help: "records end with NUL, not newline"),
        OptionSpec(
            "on-error", .required("POLICY"), help: "record (default), keep, skip or abort on a bad value",
            completion: .choices(ErrorPolicy.allCases.map(\.rawValue))),
        OptionSpec(
            "empty", .required("POLICY"), help: "keep (default) blank values as they are, or error on them",
            completion: .choices(["keep", "error"])),
        OptionSpec("max-record-bytes", .required("N"), help: "longer records are errors (default 1048576)"),
        OptionSpec("help", short: "h", help: "show this help and exit"),
        OptionSpec("version", help: "show the version and exit"),
        OptionSpec(
            "completion", .required("SHELL"), help: "print the bash, zsh or fish completion script and exit",
            completion: .choices(Completions.shells)),
    ]

    /// Every option the tool accepts, its own first.
    public var allOptions: [OptionSpec] { options + Self.streamOptions }

    /// The `--help` text.
    public var helpText: String {
        func table(_ specs: [OptionSpec]) -> String {
            specs.map { spec in
                let left = "  " + spec.synopsis
                let pad = left.count < 30 ? String(repeating: " ", count: 30 - left.count) : "\n" + String(repeating: " ", count: 30)
                return left + pad + spec.help + "\n"
            }.joined()
        }
        var text = "Usage: \(name) \(synopsis)\n\(summary)\n\nOptions:\n" + table(options)
        text += "\nStream options:\n" + table(Self.streamOptions)
        text += """

            With VALUE operands each operand is one record; otherwise records are read
            from standard input. A value that cannot be transformed becomes an error
            record: error<TAB>RECORD<TAB>FIELD<TAB>CODE<TAB>MESSAGE<TAB>ORIGINAL.

            Exit status: 0 all values transformed, 1 some value was an error,
            2 usage error, 3 input/output error, 130/143 interrupted.

            """
        if !examples.isEmpty { text += "\nExamples:\n" + examples.map { "  " + $0 + "\n" }.joined() }
        text += "\nSee \(name)(1).\n"
        return text
    }
}

/// What a tool does with its command line: stream values through a
/// transform, or print a listing (`--list-locales` and the like).
public enum ToolAction {
    case stream(any ValueTransform)
    case print(String)
}

/// The parsed command line and environment, as a tool sees them while
/// building its transform.
public struct ToolInvocation: Sendable {
    public let arguments: ParsedArguments
    public let environment: [String: String]

    /// The option's last value as an integer within `range`, or a usage error.
    public func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.last(long) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
            throw UsageError("invalid value '\(text)' for --\(long): expected a whole number from \(range.lowerBound)\(upper)")
        }
        return n
    }

    /// The option's last value, which must be one of `choices`.
    public func choice(_ long: String, _ choices: [String]) throws(UsageError) -> String? {
        guard let text = arguments.last(long) else { return nil }
        guard choices.contains(text) else {
            throw UsageError(
                "invalid value '\(text)' for --\(long): expected one of \(choices.joined(separator: ", "))"
                    + didYouMean(closeMatches(text, among: choices)))
        }
        return text
    }

    /// The locale of a locale option, or of the environment (`category`
    /// being `LC_NUMERIC` or `LC_MONETARY`) when the option is not given.
    /// A locale variable that names no known locale is not fatal: the tool
    /// warns once on stderr and uses en_US.
    public func locale(_ long: String, category: String = "LC_NUMERIC") throws(UsageError) -> Locale {
        try LocaleSupport.resolve(
            option: "--" + long, value: arguments.last(long), environment: environment, category: category,
            warn: ToolRunner.warnOnce)
    }
}

/// Runs a tool: parses its command line, builds the stream configuration,
/// installs the signal handlers, runs the engine and exits with the
/// contract's status. The tool supplies only its definition and a function
/// from the invocation to its action.
public enum ToolRunner {
    public static func main(
        _ tool: ToolDefinition,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        argumentBytes: [[UInt8]]? = commandLineBytes(),
        environment: [String: String] = localeEnvironment(),
        build: (ToolInvocation) throws(UsageError) -> ToolAction
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
                try bytes.withUnsafeMutableBufferPointer { b throws(IOFailure) in try stdout.write(UnsafeBufferPointer(b)) }
            } catch { ioFailure(error) }
            exit(0)
        }

        let parsed: ParsedArguments
        let configuration: StreamConfiguration
        let action: ToolAction
        do throws(UsageError) {
            parsed = try ParsedArguments(arguments, options: tool.allOptions)
            if parsed.has("help") { printAndExit(tool.helpText) }
            if parsed.has("version") { printAndExit("\(tool.name) \(NumTools.version)\n") }
            if let raw = argumentBytes, raw.count == arguments.count { try checkOptionValueBytes(parsed, raw) }
            if let shell = try ToolInvocation(arguments: parsed, environment: environment).choice(
                "completion", Completions.shells)
            {
                printAndExit(Completions.script(for: tool, shell: shell)!)
            }
            let invocation = ToolInvocation(arguments: parsed, environment: environment)
            configuration = try streamConfiguration(tool.name, invocation)
            action = try build(invocation)
        } catch {
            usageFailure(error)
        }

        let transform: any ValueTransform
        switch action {
        case .print(let text): printAndExit(text)
        case .stream(let t): transform = t
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
            let outcome = try runStream(
                transform, configuration, operands: operands, output: stdout, diagnostics: stderr)
            switch outcome {
            case .completed(let errors): exit(errors > 0 ? 1 : 0)
            case .aborted: exit(1)
            case .interrupted(let signal): exit(128 + signal)
            }
        } catch {
            ioFailure(error)
        }
    }

    /// Runs the engine on the concrete transform. Opening the existential
    /// alone would run unspecialised generic code, every value going through
    /// witness tables; naming the package's four transforms here makes the
    /// compiler specialise the whole engine for each of them.
    static func runStream(
        _ transform: any ValueTransform, _ configuration: StreamConfiguration, operands: [[UInt8]],
        output: FileDescriptorStream, diagnostics: FileDescriptorStream
    ) throws(IOFailure) -> StreamOutcome {
        switch transform {
        case let t as DigitGrouper:
            return try runEngine(t, configuration, operands: operands, output: output, diagnostics: diagnostics)
        case let t as NumberConverter:
            return try runEngine(t, configuration, operands: operands, output: output, diagnostics: diagnostics)
        case let t as PhoneTransform:
            return try runEngine(t, configuration, operands: operands, output: output, diagnostics: diagnostics)
        case let t as CoinTransform:
            return try runEngine(t, configuration, operands: operands, output: output, diagnostics: diagnostics)
        default:
            return try runEngine(transform, configuration, operands: operands, output: output, diagnostics: diagnostics)
        }
    }

    static func runEngine<T: ValueTransform>(
        _ transform: T, _ configuration: StreamConfiguration, operands: [[UInt8]],
        output: FileDescriptorStream, diagnostics: FileDescriptorStream
    ) throws(IOFailure) -> StreamOutcome {
        var engine = StreamEngine(
            configuration: configuration, transform: transform, output: output, diagnostics: diagnostics)
        engine.pendingSignal = Signals.pending
        engine.secondSignal = Signals.pendingAgain
        if !operands.isEmpty { return try engine.run(operandBytes: operands) }
        var input = FileDescriptorStream(fd: 0, name: "standard input")
        return try engine.run(&input)
    }

    /// The environment variables the tools read (the locale's: `LC_ALL`,
    /// `LC_NUMERIC`, `LC_MONETARY`, `LANG`), without building a dictionary
    /// of the whole environment at every start.
    public static func localeEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_NUMERIC", "LC_MONETARY", "LANG"] {
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
        var entry = environ
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            let equals = memchr(pointer, Int32(UInt8(ascii: "=")), length).map {
                $0.assumingMemoryBound(to: CChar.self) - pointer
            } ?? length
            let name = UnsafeBufferPointer(start: pointer, count: equals)
            let text = String(decoding: name.lazy.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if isClearedForICU(text) { names.append(Array(name) + [0]) }
            entry += 1
        }
        for name in names { unsetenv(name) }
    }

    /// The command line's arguments after the program name, as the bytes the
    /// system passed.
    public static func commandLineBytes() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { k in
            guard let p = CommandLine.unsafeArgv[k] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
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
        let arguments = invocation.arguments
        var configuration = StreamConfiguration(toolName: name)
        configuration.zeroTerminated = arguments.has("zero-terminated")
        configuration.csv = arguments.has("csv")
        if let list = arguments.last("field") { configuration.fields = try FieldList(list) }
        if let d = arguments.last("delimiter") {
            guard d.count == 1 else {
                throw UsageError("invalid value '\(d)' for --delimiter: expected one character")
            }
            // One character may be several scalars (`"` with a combining
            // mark, CR LF): what matters is every byte of it.
            let bytes = Array(d.utf8)
            if configuration.csv, bytes.contains(UInt8(ascii: "\"")) {
                throw UsageError("the delimiter cannot contain '\"' with --csv")
            }
            if bytes.contains(configuration.zeroTerminated ? 0 : UInt8(ascii: "\n")) {
                throw UsageError("the delimiter cannot contain the record terminator (\(configuration.zeroTerminated ? "NUL" : "LF"))")
            }
            configuration.delimiter = bytes
        }
        if arguments.has("header") {
            let given = arguments.values["header"]?.last ?? nil
            if let given {
                guard let n = Int(given), n >= 0 else {
                    throw UsageError("invalid value '\(given)' for --header: expected a whole number from 0")
                }
                configuration.headerRecords = n
            } else {
                configuration.headerRecords = 1
            }
        }
        if let policy = try invocation.choice("on-error", ErrorPolicy.allCases.map(\.rawValue)) {
            configuration.onError = ErrorPolicy(rawValue: policy)!
        }
        if let empty = try invocation.choice("empty", ["keep", "error"]) { configuration.emptyIsError = empty == "error" }
        if let n = try invocation.integer("max-record-bytes", in: 1...Int(Int32.max)) { configuration.maxRecordBytes = n }
        return configuration
    }

    /// The running tool's name, for warnings (set by ``main(_:arguments:argumentBytes:environment:build:)``).
    nonisolated(unsafe) static var toolName = ""
    nonisolated(unsafe) static var warned: Set<String> = []

    /// Writes `TOOL: message` to standard error, once a message: the tools
    /// build their options on one thread, before the stream starts.
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
