import NumToolsCore

/// One command-line option, declared once: the parser, `--help`, the man page
/// check and the shell completions all read the same table.
public struct OptionSpec: Sendable, Hashable {
    /// Whether the option takes a value.
    public enum Argument: Sendable, Hashable {
        /// A flag.
        case none
        /// `--opt VALUE` or `--opt=VALUE`; the string names the value in help.
        case required(String)
        /// Only `--opt=VALUE`; without it the option has no value.
        case optional(String)
    }

    /// What a shell may complete the option's value with.
    public enum Completion: Sendable, Hashable {
        case none
        /// `C` and the locale names.
        case locales
        /// numconv's `--from`: `auto`, `auto:`, `C` and the locale names.
        case numberSources
        /// ISO 4217 codes, in any case.
        case currencies
        /// Region codes, in any case.
        case regions
        /// phonefmt's `--lang`: the languages of its carrier and location data.
        case languages
        /// File names: the value names a file (`--errors FILE`).
        case files
        case choices([String])
    }

    /// The long name, without the leading `--`.
    public let long: String
    /// The one-letter short name, if any.
    public let short: Character?
    public let argument: Argument
    /// One line of help.
    public let help: String
    public let completion: Completion
    /// Whether the value is a comma-separated list (`--to de_DE,fr_FR`): the
    /// completions complete it item by item; a single value never offers a comma.
    public var isList = false
    /// Names users bring from other tools (numfmt's `--grouping`, `--precision`)
    /// that do not name this option but mean it: an unrecognized option with one
    /// of these names is answered with this option in its "did you mean".
    public var otherNames: [String] = []

    public init(
        _ long: String, short: Character? = nil, _ argument: Argument = .none, help: String,
        completion: Completion = .none
    ) {
        self.long = long
        self.short = short
        self.argument = argument
        self.help = help
        self.completion = completion
    }

    /// The option as help shows it: `-f, --field=LIST`.
    public var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--" + long
        switch argument {
        case .none: break
        case .required(let name): text += " " + name
        case .optional(let name): text += "[=" + name + "]"
        }
        return text
    }
}

/// numfmt's long option names (GNU coreutils 9.1), which users bring to the
/// tools: each is, in every tool, either taken with numfmt's meaning or a
/// usage error that names the tool's spelling; an abbreviation never
/// resolves to another option (see numtools(7), "numfmt's option names").
public enum NumfmtNames {
    public static let all = [
        "debug", "delimiter", "field", "format", "from", "from-unit", "grouping", "header", "invalid", "padding",
        "round", "suffix", "to", "to-unit", "zero-terminated",
    ]
}

/// The result of parsing a command line against an option table.
public struct ParsedArguments: Sendable {
    /// Values of each option given, by long name, in command-line order
    /// (`nil` for a flag or an optional value left out).
    public private(set) var values: [String: [String?]] = [:]
    /// The operands (values to transform), in order.
    public private(set) var operands: [String] = []
    /// Where each operand is in the parsed arguments, so its bytes as the
    /// system passed them can be found (an operand need not be UTF-8).
    public private(set) var operandPositions: [Int] = []
    /// Where each option value is: the argument's position, the UTF-8
    /// offset in it where the value starts (after `--opt=` or `-o`; 0 for a
    /// value that is an argument of its own), and the option's long name. So
    /// a value's bytes as the system passed them can be checked.
    public private(set) var optionValues: [(position: Int, offset: Int, option: String)] = []

    /// Parses `arguments` (without the program name) like getopt_long:
    /// `--opt=value`, `--opt value`, unambiguous prefixes of long names, short
    /// clusters (`-zf3`), and `--` ending the options.
    ///
    /// numfmt's option names (``NumfmtNames``) are never taken for another
    /// option: `numfmt` names the numfmt options the tool does not take
    /// under their own name, each with what to write instead (a usage error
    /// says so), and an abbreviation that is also one of a numfmt option
    /// the tool spells otherwise (`--round` for `--rounding`, `--fr` for
    /// `--from-unit`) is refused.
    public init(_ arguments: [String], options: [OptionSpec], numfmt: [String: String] = [:]) throws(UsageError) {
        var i = 0
        var onlyOperands = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            // `-1234`, `-.5`, `-١٢`: no option is a digit or a symbol, so a
            // dash before anything but a letter starts a negative number.
            if onlyOperands || !arg.hasPrefix("-") || arg.count == 1
                || (!arg.hasPrefix("--") && !(arg.unicodeScalars.dropFirst().first!.properties.isAlphabetic))
            {
                operands.append(arg)
                operandPositions.append(i - 1)
                continue
            }
            if arg == "--" {
                onlyOperands = true
                continue
            }
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let inline: String? =
                    body.contains("=") ? String(body[body.index(after: body.firstIndex(of: "=")!)...]) : nil
                let spec = try Self.lookup(String(name), in: options, numfmt: numfmt)
                switch spec.argument {
                case .none:
                    if inline != nil { throw UsageError("option '--\(spec.long)' doesn't allow an argument") }
                    values[spec.long, default: []].append(nil)
                case .optional:
                    values[spec.long, default: []].append(inline)
                    if let inline { optionValues.append((i - 1, arg.utf8.count - inline.utf8.count, spec.long)) }
                case .required:
                    if let inline {
                        values[spec.long, default: []].append(inline)
                        optionValues.append((i - 1, arg.utf8.count - inline.utf8.count, spec.long))
                    } else if i < arguments.count {
                        values[spec.long, default: []].append(arguments[i])
                        optionValues.append((i, 0, spec.long))
                        i += 1
                    } else {
                        throw UsageError("option '--\(spec.long)' requires an argument")
                    }
                }
                continue
            }
            // A cluster of short options.
            var rest = Substring(arg.dropFirst())
            while let c = rest.first {
                rest = rest.dropFirst()
                guard let spec = options.first(where: { $0.short == c }) else {
                    throw UsageError("invalid option -- '\(c)'")
                }
                switch spec.argument {
                case .none, .optional:
                    values[spec.long, default: []].append(nil)
                case .required:
                    if !rest.isEmpty {
                        values[spec.long, default: []].append(String(rest))
                        optionValues.append((i - 1, arg.utf8.count - rest.utf8.count, spec.long))
                        rest = ""
                    } else if i < arguments.count {
                        values[spec.long, default: []].append(arguments[i])
                        optionValues.append((i, 0, spec.long))
                        i += 1
                    } else {
                        throw UsageError("option requires an argument -- '\(c)'")
                    }
                }
            }
        }
    }

    static func lookup(_ name: String, in options: [OptionSpec], numfmt: [String: String] = [:]) throws(UsageError)
        -> OptionSpec
    {
        if let exact = options.first(where: { $0.long == name }) { return exact }
        // One of numfmt's names that the tool spells otherwise: what to write.
        if let spelling = numfmt[name] {
            throw UsageError("unrecognized option '--\(name)' (numfmt's --\(name): \(spelling))")
        }
        let candidates = options.filter { $0.long.hasPrefix(name) }
        if candidates.count == 1, !name.isEmpty {
            // An abbreviation of a numfmt option is never taken for another option.
            let long = candidates[0].long
            let numfmtOptions = NumfmtNames.all.filter { $0.hasPrefix(name) && $0 != long }
            guard numfmtOptions.isEmpty else {
                let names = numfmtOptions.map { "'--\($0)'" }.joined(separator: " ")
                throw UsageError(
                    "option '--\(name)' is ambiguous: it abbreviates '--\(long)' and numfmt's \(names); write '--\(long)' in full"
                )
            }
            return candidates[0]
        }
        if candidates.count > 1 {
            let names = candidates.map { "'--\($0.long)'" }.joined(separator: " ")
            throw UsageError("option '--\(name)' is ambiguous; possibilities: \(names)")
        }
        // A name from another tool first (`--precision`: `--max-fraction`),
        // then the names a few edits away.
        let meant = options.filter { $0.otherNames.contains(name.lowercased()) }.map(\.long)
        var suggested: [String] = []
        for long in meant + closeMatches(name, among: options.map(\.long)) where !suggested.contains(long) {
            suggested.append(long)
        }
        throw UsageError("unrecognized option '--\(name)'" + didYouMean(suggested.prefix(3).map { "--" + $0 }))
    }

    /// Whether the option was given at all.
    public func has(_ long: String) -> Bool { values[long] != nil }

    /// The last value given for the option (the last one wins, as in getopt tools).
    public func last(_ long: String) -> String? { values[long]?.last ?? nil }

    /// Every value given for the option.
    public func all(_ long: String) -> [String] { (values[long] ?? []).compactMap { $0 } }
}
