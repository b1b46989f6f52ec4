import NumToolsCore

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
    /// The long names of the options `--help` lists first, under "Most used
    /// options" (the tool's own or stream options): the ones its README and
    /// man page examples use most.
    public var mostUsed: [String]
    /// The tool's listing options, in table order.
    public var listings: [Listing]
    /// The tool's own declarations, whose requirements the runner checks.
    var declarations: [any OptionDeclaration]
    /// numfmt's option names (``NumfmtNames``) the tool neither has nor
    /// answers with a "did you mean" (``OptionSpec/otherNames``), each with
    /// what to write in this tool instead: a usage error says it.
    public var numfmtSpellings: [String: String]
    /// The words an option of completion ``OptionSpec/Completion/languages``
    /// completes with (phonefmt's: the languages of its carrier and location
    /// data, which NumToolsCLI does not link), asked only for a completion script.
    public var languages: @Sendable () -> [String]

    public init(
        name: String, synopsis: String, summary: String, options: [any OptionDeclaration],
        mostUsed: [any OptionDeclaration] = [], examples: [String] = [], numfmtSpellings: [String: String] = [:],
        languages: @escaping @Sendable () -> [String] = { [] }
    ) {
        self.languages = languages
        self.mostUsed = mostUsed.map(\.spec.long)
        self.numfmtSpellings = Self.numfmtSpellings.merging(numfmtSpellings) { $1 }
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.options = options.map(\.spec)
        self.examples = examples
        self.listings = options.compactMap { $0 as? Listing }
        self.declarations = options
    }

    /// numfmt's names no tool takes (`--padding` and `--invalid` are
    /// answered by the stream options' "did you mean").
    static let numfmtSpellings = [
        "debug": "a value that cannot be read is an error record: --on-error and --errors say where it goes"
    ]

    /// The stream contract's options, common to every tool.
    public static let streamOptions: [OptionSpec] = StreamOptions.all.map(\.spec)

    /// Every option the tool accepts, its own first.
    public var allOptions: [OptionSpec] { options + Self.streamOptions }

    /// The `--help` text, laid out by ``HelpLayout`` for 80 columns: the
    /// usage and summary, the tool's most used options (``mostUsed``), then
    /// its other options and the other stream options in table order, the
    /// stream contract in brief, the examples, and the man pages to read.
    public var helpText: String {
        func table(_ specs: [OptionSpec]) -> String { specs.map(HelpLayout.option).joined() }
        let first = mostUsed.compactMap { long in allOptions.first { $0.long == long } }
        let rest = { (specs: [OptionSpec]) in specs.filter { !mostUsed.contains($0.long) } }
        var text = HelpLayout.usage(name, synopsis) + HelpLayout.paragraph(summary)
        if !first.isEmpty { text += "\nMost used options:\n" + table(first) }
        text += "\nOptions:\n" + table(rest(options))
        text += "\nStream options:\n" + table(rest(Self.streamOptions))
        text +=
            "\n"
            + HelpLayout.paragraph(
                """
                With VALUE operands each operand is one record; otherwise records are read from standard input. \
                A value that cannot be transformed becomes an error record: \
                error<TAB>RECORD<TAB>FIELD<TAB>CODE<TAB>MESSAGE<TAB>ORIGINAL.
                """)
        text +=
            "\n"
            + HelpLayout.paragraph(
                """
                Exit status: 0 all values transformed, 1 some value was an error, 2 usage error, \
                3 input/output error, 130/143 interrupted.
                """)
        if !examples.isEmpty { text += "\nExamples:\n" + examples.map(HelpLayout.example).joined() }
        text +=
            "\n" + HelpLayout.paragraph("See \(name)(1) for every option in full, numtools(7) for the stream contract.")
        return text
    }
}
