import NumToolsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `--empty` does with a blank value.
public enum EmptyValuePolicy: String, CaseIterable, Sendable {
    case keep
    case error
}

/// The shells completions are generated for.
public enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
}

/// What `--complete-values` lists: the names a shell completes an option's
/// value with.
public enum CompletionKind: String, CaseIterable, Sendable {
    case locales
    case currencies
    case regions

    /// The names, one a line: only names, derived without any formatting
    /// (no samples, no FormatStyle), so a completion answers at once.
    public var names: String {
        let list: [String]
        switch self {
        case .locales: list = LocaleSupport.availableIdentifiers.sorted()
        case .currencies: list = CurrencyCatalog.codes
        case .regions: list = PhoneMetadata.regionCodes
        }
        return list.map { $0 + "\n" }.joined()
    }
}

/// The stream contract's options, common to every tool, and the
/// configuration they make.
public enum StreamOptions {
    public static let field: Option<FieldSelection?> = .value(
        "field", short: "f", "LIST",
        help: "transform only these fields (cut syntax: 3, 2,5, 2-4, 5-, -3; with --header, names)"
    ) { text throws(UsageError) in try FieldSelection(text) }
    public static let delimiter: Option<String?> = .character(
        "delimiter", short: "d", "CHAR", help: "field delimiter (default TAB, or ',' with --csv)")
    public static let whitespace: Option<Bool> = .flag(
        "whitespace", short: "w", help: "fields are runs of non-blanks, as in df, du, ls -l and ps output")
    /// The widest `--width`: a value padded to it fits the smallest output
    /// limit (64 KiB), so padding alone never makes a value `output-too-long`.
    public static let widestPadding = 1 << 16
    public static let width: Option<Padding?> = .value(
        "width", "N", help: "pad each transformed value to N display columns (-N: left-aligned)"
    ) { text throws(UsageError) in
        guard let n = Int(text), n != 0, n.magnitude <= widestPadding, let padding = Padding(width: n) else {
            throw UsageError(
                "invalid value '\(text)' for --width: expected a whole number from 1 to \(widestPadding) (right-aligned) or from -1 to -\(widestPadding) (left-aligned)"
            )
        }
        return padding
    }.suggested(for: "padding", "pad")
    public static let csv: Option<Bool> = .flag(
        "csv", help: "fields follow RFC 4180: quoted fields may hold delimiters and line breaks")
    /// The header records: nil when not given, 1 for a bare `--header`.
    public static let header = Option<Int?>(
        OptionSpec("header", .optional("N"), help: "pass the first N records (default 1) through unchanged")
    ) { invocation throws(UsageError) in
        guard invocation.arguments.has("header") else { return nil }
        guard let given = invocation.arguments.last("header") else { return 1 }
        return try Option<Int?>.integer(given, "header", 0...Int.max)
    }
    public static let zeroTerminated: Option<Bool> = .flag(
        "zero-terminated", short: "z", help: "records end with NUL, not newline"
    ).suggested(for: "null", "null-data")
    public static let append: Option<Bool> = .flag(
        "append", help: "keep the selected fields and write the results as new fields after each")
    public static let names: Option<[String]?> = .value(
        "names", "NAME[,...]", help: "with --append and --header, the header names of the new fields"
    ) { text throws(UsageError) in
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !names.contains("") else { throw UsageError("invalid value '\(text)' for --names: a name is empty") }
        return names
    }
    public static let outputDelimiter: Option<String?> = .value(
        "output-delimiter", "STR", help: "write STR between several results of one value, in one field"
    ) { text throws(UsageError) in
        guard !text.isEmpty else { throw UsageError("invalid value '' for --output-delimiter: expected a string") }
        return text
    }
    public static let onError: Option<ErrorPolicy?> = .choice(
        "on-error", "POLICY", help: "record (default), keep, skip, abort or field (the bad cell as it was)"
    ).suggested(for: "invalid")
    public static let errors: Option<String?> = .value(
        "errors", "FILE", help: "write error records to FILE, only good records to the output", completion: .files
    ) { text throws(UsageError) in
        guard text != "-" else {
            throw UsageError(
                "invalid value '-' for --errors: the output cannot take the error records (use /dev/stdout or /dev/stderr)"
            )
        }
        guard !text.isEmpty else { throw UsageError("invalid value '' for --errors: expected a file name") }
        return text
    }
    public static let empty: Option<EmptyValuePolicy?> = .choice(
        "empty", "POLICY", help: "keep (default) blank values as they are, or error on them")
    public static let trim: Option<Bool> = .flag(
        "trim", help: "drop the spaces and tabs around each transformed value")
    public static let maxRecordBytes: Option<Int?> = .integer(
        "max-record-bytes", in: 1...Int(Int32.max), help: "longer records are errors (default 1048576)")
    public static let jobs: Option<Int?> = .integer(
        "jobs", short: "j", in: 0...1024,
        help: "transform on N threads, output in input order (default 1; 0: one a core)"
    ).suggested(for: "threads", "parallel")
    public static let help: Option<Bool> = .flag("help", short: "h", help: "show this help and exit")
    public static let version: Option<Bool> = .flag("version", help: "show the version and exit")
    public static let completion: Option<Shell?> = .choice(
        "completion", "SHELL", help: "print the bash, zsh or fish completion script and exit")
    public static let completeValues: Option<CompletionKind?> = .choice(
        "complete-values", "KIND", help: "print the names completed for locales, currencies or regions and exit")

    /// The table, in the order `--help` shows it.
    public static let all: [any OptionDeclaration] = [
        field, delimiter, whitespace, csv, header, append, names, outputDelimiter, width, zeroTerminated, onError,
        errors, empty, trim, maxRecordBytes, jobs, help,
        version, completion, completeValues,
    ]

    /// How many threads `-j` asks for: 1 when not given, one a core for 0.
    public static func threads(_ invocation: ToolInvocation) throws(UsageError) -> Int {
        guard let n = try invocation.value(jobs) else { return 1 }
        return n == 0 ? Platform.processorCount : n
    }

    /// The stream contract's options as a configuration.
    public static func configuration(_ name: String, _ invocation: ToolInvocation) throws(UsageError)
        -> StreamConfiguration
    {
        var configuration = StreamConfiguration(toolName: name)
        configuration.diagnosticsFollowOutput =
            isatty(STDERR_FILENO) != 0 || FileDescriptorStream.outputAndErrorShareAFile()
        configuration.zeroTerminated = try invocation.value(zeroTerminated)
        configuration.csv = try invocation.value(csv)
        let selection = try invocation.value(field)
        if let selection {
            if let list = selection.fieldList {
                configuration.fields = list
            } else {
                // Resolved from the header once it is read (StreamRun.resolveFieldNames).
                configuration.fieldNames = selection
                configuration.fields = try FieldList("1")
            }
        }
        configuration.whitespace = try invocation.value(whitespace)
        if configuration.whitespace {
            // Blanks split the fields: no other delimiter, no quotes.
            if invocation.has(delimiter) {
                throw UsageError("--whitespace and --delimiter cannot be used together: blanks split the fields")
            }
            if configuration.csv {
                throw UsageError("--whitespace and --csv cannot be used together: blanks split the fields")
            }
            if configuration.fields == nil {
                throw UsageError("--whitespace applies only with --field: without it the record is the value")
            }
        }
        configuration.padding = try invocation.value(width)
        if configuration.whitespace && configuration.padding == nil {
            // numfmt's automatic padding: a field with blanks before it keeps its column.
            configuration.padding = .keepingColumns
        }
        if let d = try invocation.value(delimiter) {
            // One character may be several scalars (`"` with a combining
            // mark, CR LF): what matters is every byte of it.
            let bytes = Array(d.utf8)
            if configuration.csv, bytes.contains(UInt8(ascii: "\"")) {
                throw UsageError("the delimiter cannot contain '\"' with --csv")
            }
            if bytes.contains(configuration.zeroTerminated ? 0 : UInt8(ascii: "\n")) {
                throw UsageError(
                    "the delimiter cannot contain the record terminator (\(configuration.zeroTerminated ? "NUL" : "LF"))"
                )
            }
            configuration.delimiter = bytes
            // Without -f the whole record is the value; only CSV's quotes
            // still need to know where a field starts.
            if configuration.fields == nil, !configuration.csv {
                throw UsageError("--delimiter applies only with --field or --csv: without them the record is the value")
            }
        }
        if let n = try invocation.value(header) { configuration.headerRecords = n }
        if configuration.fieldNames != nil, configuration.headerRecords == 0 {
            throw UsageError(
                "-f \(selection!.text) names fields by their header name: it needs --header (or give field numbers)")
        }
        configuration.append = try invocation.value(append)
        if configuration.append, configuration.fields == nil {
            throw UsageError("--append writes new fields after the selected ones: it needs --field")
        }
        configuration.appendNames = try invocation.value(names)
        if configuration.appendNames != nil, !configuration.append || configuration.headerRecords == 0 {
            throw UsageError("--names names the header fields --append adds: it needs --append and --header")
        }
        if let text = try invocation.value(outputDelimiter) {
            let bytes = Array(text.utf8)
            if bytes.contains(configuration.zeroTerminated ? 0 : UInt8(ascii: "\n")) {
                throw UsageError(
                    "the output delimiter cannot contain the record terminator (\(configuration.zeroTerminated ? "NUL" : "LF"))"
                )
            }
            configuration.outputDelimiter = bytes
        }
        if let policy = try invocation.value(onError) { configuration.onError = policy }
        if try invocation.value(errors) != nil {
            // Error records go to the file: the output holds no error record.
            switch try invocation.value(onError) {
            case nil: configuration.onError = .skip
            case .record?:
                throw UsageError("--on-error=record cannot be used with --errors (use skip, keep or abort)")
            default: break
            }
        }
        configuration.trim = try invocation.value(trim)
        if let policy = try invocation.value(empty) { configuration.emptyIsError = policy == .error }
        if let n = try invocation.value(maxRecordBytes) { configuration.maxRecordBytes = n }
        return configuration
    }
}
