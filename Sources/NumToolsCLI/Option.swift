import NumToolsCore

/// An entry of a tool's option table: what the parser, `--help` and the
/// completions see, and what the runner checks before the tool builds its
/// transform.
public protocol OptionDeclaration: Sendable {
    /// The option as the parser, `--help` and the completions see it.
    var spec: OptionSpec { get }
    /// A usage error when the command line lacks what the option requires.
    func checkRequirement(_ arguments: ParsedArguments) throws(UsageError)
}

extension OptionDeclaration {
    public func checkRequirement(_ arguments: ParsedArguments) throws(UsageError) {}
}

extension OptionSpec: OptionDeclaration {
    public var spec: OptionSpec { self }
}

/// One option declared with the type of its value and the parser that makes
/// it: a tool reads `invocation.value(option)`, never a string by name.
///
/// The value is parsed when the tool reads it, so the usage errors come in
/// the order the tool reads its options.
public struct Option<Value>: OptionDeclaration {
    public let spec: OptionSpec
    let read: @Sendable (ToolInvocation) throws(UsageError) -> Value
    let requirement: (@Sendable (ParsedArguments) throws(UsageError) -> Void)?

    /// An option whose value `read` takes from the invocation.
    public init(
        _ spec: OptionSpec, requirement: (@Sendable (ParsedArguments) throws(UsageError) -> Void)? = nil,
        read: @escaping @Sendable (ToolInvocation) throws(UsageError) -> Value
    ) {
        self.spec = spec
        self.requirement = requirement
        self.read = read
    }

    public func checkRequirement(_ arguments: ParsedArguments) throws(UsageError) {
        try requirement?(arguments)
    }

    /// A copy that "did you mean" offers for `names`, the names users bring
    /// from other tools for this option (`--grouping` for `--group`).
    public func suggested(for names: String...) -> Option {
        var spec = self.spec
        spec.otherNames += names
        return Option(spec, requirement: requirement, read: read)
    }

    /// A copy whose value the completions take as a comma-separated list.
    public func commaList() -> Option {
        var spec = self.spec
        spec.isList = true
        return Option(spec, requirement: requirement, read: read)
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> Option<Bool> {
        Option(OptionSpec(long, short: short, help: help)) { $0.arguments.has(long) }
    }
}

extension Option {
    /// An option whose last value `parse` turns into the value; nil when not given.
    public static func value<T>(
        _ long: String, short: Character? = nil, _ name: String, help: String,
        completion: OptionSpec.Completion = .none,
        parse: @escaping @Sendable (String) throws(UsageError) -> T
    ) -> Option<T?> where Value == T? {
        Option<T?>(OptionSpec(long, short: short, .required(name), help: help, completion: completion)) {
            invocation throws(UsageError) in
            guard let text = invocation.arguments.last(long) else { return nil }
            return try parse(text)
        }
    }

    /// A non-empty string.
    public static func string(_ long: String, short: Character? = nil, _ name: String, help: String) -> Option<String?>
    where Value == String? {
        value(long, short: short, name, help: help) { text throws(UsageError) in
            if text.isEmpty { throw UsageError("invalid value '' for --\(long): expected at least one character") }
            return text
        }
    }

    /// One character (which may be several scalars, several bytes).
    public static func character(_ long: String, short: Character? = nil, _ name: String, help: String)
        -> Option<String?> where Value == String?
    {
        value(long, short: short, name, help: help) { text throws(UsageError) in
            guard text.count == 1 else {
                throw UsageError("invalid value '\(text)' for --\(long): expected one character")
            }
            return text
        }
    }

    /// A whole number within `range`.
    public static func integer(
        _ long: String, short: Character? = nil, in range: ClosedRange<Int>, _ name: String = "N", help: String
    ) -> Option<Int?> where Value == Int? {
        value(long, short: short, name, help: help) { text throws(UsageError) in try Self.integer(text, long, range) }
    }

    /// A number of fraction digits, 0 to 1000: `--min-fraction` and
    /// `--max-fraction` (read together by ``ToolInvocation/fractionRange(_:_:)``).
    public static func fractionDigits(_ long: String, help: String) -> Option<Int?> where Value == Int? {
        integer(long, in: 0...1000, help: help)
    }

    static func integer(_ text: String, _ long: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
            throw UsageError(
                "invalid value '\(text)' for --\(long): expected a whole number from \(range.lowerBound)\(upper)")
        }
        return n
    }

    /// One of an enumeration's cases, by raw value in any case (`E164` is
    /// `e164`); the completions offer them all.
    public static func choice<T: CaseIterable & RawRepresentable & Sendable>(
        _ long: String, short: Character? = nil, _ name: String, help: String
    ) -> Option<T?> where Value == T?, T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        return value(long, short: short, name, help: help, completion: .choices(names)) { text throws(UsageError) in
            let wanted = text.lowercased()
            guard let choice = T.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else {
                throw UsageError.notOneOf(names, text, option: long)
            }
            return choice
        }
    }

    /// A locale identifier, checked against Foundation's list; nil when not given.
    public static func locale(_ long: String, short: Character? = nil, _ name: String, help: String)
        -> Option<LocaleID?> where Value == LocaleID?
    {
        value(long, short: short, name, help: help, completion: .locales) { text throws(UsageError) in
            try LocaleSupport.resolve(text, option: "--" + long)
        }
    }

    /// A locale identifier, or the environment's locale for `category`
    /// (`LC_NUMERIC`, `LC_MONETARY`) when the option is not given. A
    /// locale variable that names no known locale is not fatal: the tool
    /// warns once on stderr and uses en_US.
    public static func locale(
        _ long: String, short: Character? = nil, _ name: String, environment category: String, help: String
    ) -> Option<LocaleID> where Value == LocaleID {
        Option<LocaleID>(OptionSpec(long, short: short, .required(name), help: help, completion: .locales)) {
            invocation throws(UsageError) in
            try LocaleSupport.resolve(
                option: "--" + long, value: invocation.arguments.last(long), environment: invocation.environment,
                category: category, warn: ToolRunner.warnOnce)
        }
    }

    /// Locale identifiers, comma-separated, from every time the option is
    /// given; `missing` is the usage error when none is.
    public static func locales(_ long: String, _ name: String, required missing: String, help: String)
        -> Option<[LocaleID]> where Value == [LocaleID]
    {
        @Sendable func identifiers(_ arguments: ParsedArguments) -> [String] {
            arguments.all(long).flatMap { $0.split(separator: ",").map(String.init) }
        }
        var spec = OptionSpec(long, .required(name), help: help, completion: .locales)
        spec.isList = true
        return Option<[LocaleID]>(
            spec,
            requirement: { arguments throws(UsageError) in
                if identifiers(arguments).isEmpty { throw UsageError(missing) }
            }
        ) { invocation throws(UsageError) in
            var locales: [LocaleID] = []
            for id in identifiers(invocation.arguments) {
                locales.append(try LocaleSupport.resolve(id, option: "--" + long))
            }
            return locales
        }
    }

    /// An ISO 4217 currency code, as given (any case).
    public static func currency(_ long: String, short: Character? = nil, _ name: String, help: String)
        -> Option<String?> where Value == String?
    {
        value(long, short: short, name, help: help, completion: .currencies) { code throws(UsageError) in
            guard CurrencyCatalog.isKnown(code) else {
                throw UsageError(
                    "unknown currency '\(code)' for --\(long)" + didYouMean(CurrencyCatalog.suggestions(for: code)))
            }
            return code
        }
    }

    /// A region code of the phone metadata, upper-cased (an alias such as
    /// `UK` is its code, `GB`); when not given, the territory of the
    /// environment's locale (`LC_ALL`, `LC_TELEPHONE`, `LANG`), else nil:
    /// no region, never a fallback (see
    /// ``LocaleSupport/environmentRegion(_:)``). A locale variable naming a
    /// territory the metadata does not have is not fatal: the tool warns
    /// once on stderr and goes on with no region.
    public static func region(_ long: String, short: Character? = nil, _ name: String, help: String)
        -> Option<String?> where Value == String?
    {
        Option<String?>(OptionSpec(long, short: short, .required(name), help: help, completion: .regions)) {
            invocation throws(UsageError) in
            guard let given = invocation.arguments.last(long) else {
                let (region, warning) = LocaleSupport.environmentRegion(invocation.environment)
                if let warning { ToolRunner.warnOnce(warning) }
                return region
            }
            return try regionCode(given, option: long)
        }
    }

    /// The region code `given` names (see ``PhoneMetadata/region(named:)``),
    /// or a usage error with up to three close codes.
    public static func regionCode(_ given: String, option long: String) throws(UsageError) -> String {
        guard let region = PhoneMetadata.region(named: given) else {
            // (The codes, as the completions offer them: an alias is taken, not offered.)
            throw UsageError(
                "unknown region '\(given)' for --\(long): expected a region code such as KR or US"
                    + didYouMean(closeMatches(given.uppercased(), among: PhoneMetadata.regionCodes)))
        }
        return region
    }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of an enumeration's cases, `fallback` when the option is not given.
    public static func choice(
        _ long: String, short: Character? = nil, _ name: String, default fallback: Value, help: String
    )
        -> Option<Value>
    {
        let given: Option<Value?> = .choice(long, short: short, name, help: help)
        return Option(given.spec) { invocation throws(UsageError) in try given.read(invocation) ?? fallback }
    }
}

extension UsageError {
    /// `invalid value 'x' for --opt: expected one of a, b (did you mean 'a'?)`.
    public static func notOneOf(_ choices: [String], _ text: String, option long: String) -> UsageError {
        UsageError(
            "invalid value '\(text)' for --\(long): expected one of \(choices.joined(separator: ", "))"
                + didYouMean(closeMatches(text, among: choices)))
    }
}

/// A listing option (`--list-locales` and the like): the tool prints the
/// listing and exits instead of reading values.
public struct Listing: OptionDeclaration {
    public let spec: OptionSpec
    /// The listing's text.
    public let text: @Sendable () -> String

    public init(_ long: String, help: String, text: @escaping @Sendable () -> String) {
        spec = OptionSpec(long, help: help)
        self.text = text
    }

    /// `--list-locales`: ID, English name, sample.
    public static let locales = Listing("list-locales", help: "list the locales: ID, English name, sample") {
        LocaleSupport.listing()
    }
    /// `--list-currencies`: code, English name, symbol, fraction digits.
    public static let currencies = Listing(
        "list-currencies", help: "list the currencies: code, English name, symbol, fraction digits"
    ) { CurrencyCatalog.listing().map { $0 + "\n" }.joined() }
    /// `--list-regions`: code, country code, English name, example.
    public static let regions = Listing(
        "list-regions", help: "list the regions: code, country code, English name, example"
    ) { PhoneRegions.list }
}
