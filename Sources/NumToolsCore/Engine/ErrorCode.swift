// Every error code the tools write, one enum per domain. The raw value is
// the kebab-case code of error records and diagnostics; it is part of the
// tools' interface (users match on it), so a case is never renamed without
// saying so in the man pages. The man page tests read `allCases` through
// ``ValueError/codes(writtenBy:)``: a new case must be documented in the
// DIAGNOSTICS of every tool that can write it.

/// A domain's error codes: an enum whose raw value is the kebab-case code
/// written in error records.
public protocol ErrorCode: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// What the code means, in a line, as the man pages describe it.
    var summary: String { get }
}

extension ErrorCode {
    /// The kebab-case code: `"\(NumberErrorCode.noDigits)"` is `no-digits`.
    public var description: String { rawValue }
}

/// The stream engine's codes: what is wrong with a record or a field before
/// or after a transform sees it. Every tool can write these.
public enum EngineErrorCode: String, ErrorCode {
    /// A blank value, with `--empty=error`.
    case empty
    /// A value to transform is not valid UTF-8 (other fields may be any bytes).
    case invalidUTF8 = "invalid-utf8"
    /// The record is longer than `--max-record-bytes`.
    case recordTooLong = "record-too-long"
    /// The output of a record would be longer than the engine's output limit.
    case outputTooLong = "output-too-long"
    /// With `--csv`, a quoted field is still open at the end of the input.
    case unterminatedQuote = "unterminated-quote"
    /// With `--csv`, a selected quoted field has text after its closing quote.
    case invalidCSV = "invalid-csv"
    /// Without `--csv`, a result holds the field delimiter (with `-w`, a
    /// blank): written, it would split its field in two.
    case delimiterInValue = "delimiter-in-value"

    public var summary: String {
        switch self {
        case .empty: "a blank value, with --empty=error"
        case .invalidUTF8: "a value to transform is not valid UTF-8"
        case .recordTooLong: "the record is longer than --max-record-bytes"
        case .outputTooLong: "the record's output would be longer than the output limit"
        case .unterminatedQuote: "with --csv, a quoted field is still open at the end of the input"
        case .invalidCSV: "with --csv, a selected quoted field has text after its closing quote"
        case .delimiterInValue:
            "without --csv, a result holds the field delimiter (with -w, a blank) and would split its field"
        }
    }
}

/// The codes of the locale number readers (numgroup's `DigitGrouper`,
/// numconv's `LocaleNumberParser`).
public enum NumberErrorCode: String, ErrorCode {
    /// A character that is no digit, separator or sign of the notation.
    case invalidCharacter = "invalid-character"
    /// ASCII digits and a locale's own digits in one value.
    case mixedDigits = "mixed-digits"
    /// A grouping separator where the grouping puts none, missing where it puts one (in a value that has separators), or in the fraction.
    case misplacedGrouping = "misplaced-grouping"
    /// More than one decimal separator. numgroup 0.1.0 spelt it
    /// `multiple-decimal-points` (its man page says so).
    case multipleDecimalSeparators = "multiple-decimal-separators"
    /// A sign anywhere but at the start.
    case misplacedSign = "misplaced-sign"
    /// No digit at all.
    case noDigits = "no-digits"
    /// `numconv --from auto`: the candidate notations read the value as
    /// different numbers, and no `--prefer` settles it.
    case ambiguousNotation = "ambiguous-notation"
    /// `numgroup --sanitize`: a character that could be the decimal mark is
    /// not known to be it or a grouping separator (two such characters, one
    /// not between digits, a separator that fits no grouping).
    case ambiguousDecimalMark = "ambiguous-decimal-mark"
    /// A currency mark where the locale does not write it (`1.234,56 $` in en_US), or two.
    case misplacedCurrency = "misplaced-currency"
    /// Text next to the amount that is no currency the locale writes (`Price: $11.95`).
    case unknownCurrency = "unknown-currency"
    /// A mark of another currency than `-c`'s.
    case currencyMismatch = "currency-mismatch"
    /// With `--code` (or a currency target), no mark and no `-c` fixes the currency.
    case ambiguousCurrency = "ambiguous-currency"
    /// Compact units out of order (`2,345만 1억`), or a unit group too large for the unit before it.
    case misplacedUnit = "misplaced-unit"
    /// Text after a compact number that is no unit the locale writes.
    case unknownUnit = "unknown-unit"
    /// With `--style words` or `numerals`: text the locale's rules (or the
    /// numbering system's) do not write for any number.
    case notWords = "not-words"

    public var summary: String {
        switch self {
        case .invalidCharacter: "a character that is not part of a number in the notation"
        case .mixedDigits: "ASCII digits and the locale's own digits in one value"
        case .misplacedGrouping:
            "a grouping separator where the grouping puts none, missing where it puts one, or in the fraction"
        case .multipleDecimalSeparators: "more than one decimal separator"
        case .misplacedSign: "a sign anywhere but at the start"
        case .noDigits: "no digit at all"
        case .ambiguousNotation: "with --from auto, the candidate notations read the value as different numbers"
        case .misplacedCurrency: "a currency mark where the locale does not write it, or two marks"
        case .unknownCurrency: "text next to the amount that is no currency mark the locale writes"
        case .currencyMismatch: "a mark of another currency than the one -c names"
        case .ambiguousCurrency: "with --code, neither a mark nor -c fixes the value's currency"
        case .misplacedUnit: "compact units out of order, or a unit group too large for the unit before it"
        case .unknownUnit: "text after a compact number that is no unit the locale writes"
        case .notWords: "with --style words or numerals, text the rules write for no number"
        case .ambiguousDecimalMark:
            "with --sanitize, more than one character could be the decimal mark, or one is not between digits"
        }
    }
}

/// The codes of phone number parsing and validation (see ``PhoneNumberError``).
public enum PhoneErrorCode: String, ErrorCode {
    /// Letters or symbols inside the number, or no digit at all.
    case invalidCharacter = "invalid-character"
    /// Fewer digits than any number of the plan.
    case tooShort = "too-short"
    /// More digits than any number of the plan.
    case tooLong = "too-long"
    /// A possible length, but no number of the plan.
    case invalidNumber = "invalid-number"
    /// A `+` or international prefix followed by no known country code.
    case invalidCountryCode = "invalid-country-code"
    /// Valid, but not of the wanted types.
    case wrongType = "wrong-type"
    /// An extension marker followed by more digits than it takes.
    case extensionTooLong = "extension-too-long"
    /// A number without a country code when no region is named (no `-r`,
    /// `--region-field` or locale territory), or a `--region-field` value
    /// that names no region of the metadata.
    case unknownRegion = "unknown-region"
    /// `--format mobile-dialing`: libphonenumber gives no form to dial the
    /// number from a mobile phone in `--from-region`.
    case notDiallable = "not-diallable"

    public var summary: String {
        switch self {
        case .invalidCharacter: "a letter or symbol inside the number, or too few digits to be one"
        case .tooShort: "fewer digits than any number of the plan"
        case .tooLong: "more digits than any number of the plan"
        case .invalidNumber: "a possible length, but no number of the plan"
        case .invalidCountryCode: "a + or international prefix followed by no known country calling code"
        case .wrongType: "a valid number, but not of the --type types"
        case .extensionTooLong: "an extension marker followed by more digits than libphonenumber reads after it"
        case .unknownRegion:
            "a number without a country code and no region named (-r, --region-field or a locale's territory), or a region field naming no region libphonenumber has"
        case .notDiallable:
            "with --format mobile-dialing, a number libphonenumber gives no form to dial from --from-region"
        }
    }
}

/// The codes of coinfmt's machine-number reader (``ExactDecimal``).
public enum CurrencyErrorCode: String, ErrorCode {
    /// The value is not a machine number, or is out of range.
    case invalidNumber = "invalid-number"
    /// `--style words` or `numerals`: a number the rules have no words for
    /// (past the largest name, or a fraction the system does not write); an
    /// amount of a currency in words below zero.
    case noWords = "no-words"

    public var summary: String {
        switch self {
        case .invalidNumber: "not a machine number, or its exponent puts it out of range"
        case .noWords:
            "with --style words or numerals, a number past the largest the rules name, or a fraction they do not write; with --currency or --words, a negative amount"
        }
    }
}

extension NumberErrorCode {
    /// The codes of numconv's amount styles (currency, compact, ...), which numgroup never writes.
    public static let amountCodes: [NumberErrorCode] = [
        .misplacedCurrency, .unknownCurrency, .currencyMismatch, .ambiguousCurrency, .misplacedUnit, .unknownUnit,
        .notWords,
    ]
}

extension ValueError {
    // Every payload is trivial (no existential, no String), so that a
    // ValueError copies as its message alone: error paths stay as cheap as
    // they were with a String code.
    /// A ``ValueError``'s code: a case of one domain's enum. Two domains may
    /// spell a code alike (`invalid-character`), so the domain is kept.
    public enum Code: Hashable, Sendable, CustomStringConvertible {
        /// A code of the stream engine.
        case engine(EngineErrorCode)
        /// A code of the locale number readers.
        case number(NumberErrorCode)
        /// A code of phone number validation.
        case phone(PhoneErrorCode)
        /// A code of coinfmt's number reader.
        case currency(CurrencyErrorCode)
        /// A code of a transform outside the package, in kebab case.
        case other(StaticString)

        /// The kebab-case code, as error records and diagnostics write it.
        public var name: String {
            switch self {
            case .engine(let code): code.rawValue
            case .number(let code): code.rawValue
            case .phone(let code): code.rawValue
            case .currency(let code): code.rawValue
            case .other(let code): code.description
            }
        }

        /// What the code means, in a line.
        public var summary: String {
            switch self {
            case .engine(let code): code.summary
            case .number(let code): code.summary
            case .phone(let code): code.summary
            case .currency(let code): code.summary
            case .other: "a code of a transform outside the package"
            }
        }

        /// The kebab-case code, so that `"\(error.code)"` writes it as records do.
        public var description: String { name }

        public static func == (a: Code, b: Code) -> Bool {
            switch (a, b) {
            case (.engine(let x), .engine(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.phone(let x), .phone(let y)): x == y
            case (.currency(let x), .currency(let y)): x == y
            case (.other(let x), .other(let y)):
                x.withUTF8Buffer { a in y.withUTF8Buffer { b in a.elementsEqual(b) } }
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    /// Every code `tool` (one of the package's four) can write, for its man
    /// page's DIAGNOSTICS: its transform's domain and the engine's. A tool of
    /// your own writes the engine's codes and its transform's ``Code/other(_:)``.
    public static func codes(writtenBy tool: String) -> [Code] {
        let own: [Code]
        switch tool {
        // numgroup reads ASCII digits only, so it never mixes digit systems,
        // and in one notation, so it never finds one ambiguous.
        case "numgroup":
            own = NumberErrorCode.allCases.filter {
                $0 != .mixedDigits && $0 != .ambiguousNotation && !NumberErrorCode.amountCodes.contains($0)
            }.map(Code.number)
        // Only numgroup --sanitize drops characters, and so has to tell decimal marks apart.
        case "numconv": own = NumberErrorCode.allCases.filter { $0 != .ambiguousDecimalMark }.map(Code.number)
        case "phonefmt": own = PhoneErrorCode.allCases.map(Code.phone)
        case "coinfmt": own = CurrencyErrorCode.allCases.map(Code.currency)
        default: own = []
        }
        return own + EngineErrorCode.allCases.map(Code.engine)
    }
}
