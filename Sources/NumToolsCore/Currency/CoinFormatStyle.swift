/// The configuration of coinfmt: how to write a number as a price, a percent
/// change, a plain localized number or a compact amount.
///
/// Like Foundation's `FormatStyle`s, a small Hashable, Sendable value whose
/// modifiers return a modified copy:
///
///     let style = CoinFormatStyle(style: .percent, locale: Locale(identifier: "fr_FR"))
///         .sign(.always)
///         .fractionLength(max: 2)
///
/// Formatting itself goes through ``CoinFormatter``, derived once from the
/// style by ``formatter()``; the output equals Foundation's
/// `Decimal.FormatStyle`, `.Percent` or `.Currency` with the same settings.
public struct CoinFormatStyle: Sendable, Hashable {
    /// What kind of output to write.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// A currency amount (`Decimal.FormatStyle.Currency`).
        case currency
        /// A percent (`Decimal.FormatStyle.Percent`); the value is in percent points unless ``CoinFormatStyle/valueIsRatio``.
        case percent
        /// A plain localized decimal (`Decimal.FormatStyle`).
        case number
        /// CLDR short compact notation (`.notation(.compactName)`), as a currency amount when a currency is set.
        case compact
        /// The locale's scientific notation (`Decimal.FormatStyle` with
        /// `.notation(.scientific)`): `6.022E23`, `6,022E23`, `٦٫٠٢٢أس٢٣`;
        /// the precision applies to the mantissa.
        case scientific
        /// Scientific notation whose exponent is a multiple of three
        /// (`1.5E3`, `15E3`, `150E3`, `1.5E6`): the mantissa has one to three
        /// integer digits. The locale's exponent symbol, as for ``scientific``.
        case engineering
        /// GNU numfmt's `--to=si`: scaled by powers of 1000 to a prefix
        /// (`1500` → `1.5K`, up to `Q`), exactly (see ``UnitFormatter``).
        case si
        /// numfmt's `--to=iec`: powers of 1024, the same letters (`1536` → `1.5K`).
        case iec
        /// numfmt's `--to=iec-i`: powers of 1024 with IEC's `i` (`1536` → `1.5Ki`).
        case iecI = "iec-i"
        /// A byte count as Foundation's `ByteCountFormatStyle` writes it
        /// (`1.7 MB`, `2 kB`, `Zero kB`), or in IEC units (``ByteUnits/binary``);
        /// see ``ByteFormatter``. The precision options do not apply.
        case bytes
        /// The mixed digits-and-units form East Asian amounts are typed in
        /// (`1억 2,345만 6,789`, `1亿2345万6789`, `1億2345万6789`): the
        /// locale's units of 10^4, 10^8, ... (see ``MyriadNotation``); with a
        /// currency, the locale's own unit word for its own currency (`원`).
        case myriad
        /// The number in words, in the locale's language, by CLDR's
        /// spell-out rules as ICU's RBNF writes them (NumberFormatter's
        /// `.spellOut`), exactly on the digits (see ``SpelloutFormatter``).
        case words
        /// The number in a traditional numbering system (``CoinFormatStyle/numberingSystem``:
        /// `roman`, `hans`, `hebr`, ...; default: the locale's traditional one).
        case numerals

        /// The styles Foundation's FormatStyle writes (the others are numfmt's or coinfmt's own).
        public static let formatStyleStyles: [Style] = [.currency, .percent, .number, .compact, .scientific]

        /// Whether the style scales to a unit prefix (si, iec, iec-i).
        public var isUnitPrefix: Bool { self == .si || self == .iec || self == .iecI }
        /// The rounding coinfmt applies when none is named: away from zero
        /// for the unit styles (si, iec, iec-i, bytes), as numfmt, df and du
        /// round sizes (numfmt's default `--round=from-zero`); half-even,
        /// as FormatStyle rounds, for the others.
        public var defaultRounding: DecimalRoundingRule { isUnitPrefix || self == .bytes ? .up : .halfEven }
        /// Whether the style writes an exponent (scientific, engineering).
        public var hasExponent: Bool { self == .scientific || self == .engineering }
    }

    /// How the currency is named (`Decimal.FormatStyle.Currency.presentation`).
    public enum CurrencyDisplay: String, Sendable, Hashable, CaseIterable {
        /// The locale's symbol (`.standard`): `$`, `US$`, `€`.
        case symbol
        /// The narrow symbol (`.narrow`): `$`.
        case narrow
        /// The ISO 4217 code (`.isoCode`): `USD`.
        case code
        /// The plural-aware name (`.fullName`): `US dollars`.
        case name
    }

    /// When to write a sign (`sign(strategy:)`).
    public enum SignDisplay: String, Sendable, Hashable, CaseIterable {
        /// A minus for negative values only (`.automatic`); a negative value
        /// rounded to zero keeps its minus (`-0.00`).
        case automatic = "auto"
        /// A plus for zero and positive values, a minus for negative ones (`.always()`).
        case always
        /// Never a sign (`.never`).
        case never
        /// A plus or minus except on values that round to zero (`.always(includingZero: false)`).
        case exceptZero = "except-zero"
        /// The locale's accounting pattern for currencies (`.accounting`):
        /// `($1,234.50)` in en_US, `(€ 1.234,50)` in nl_NL, `-1.234,50 €` in
        /// de_DE, whose accounting pattern is its standard one; positive
        /// values and zero as that pattern writes them (`kr 1 234,50` in
        /// nb_NO, where the standard pattern writes `1 234,50 kr`). A negative
        /// value rounded to zero keeps its negative form (`($0.00)`). Styles
        /// without a currency have no accounting pattern and write
        /// ``automatic``; so does compact, as FormatStyle does.
        case accounting
    }

    /// How many digits to keep.
    public enum Precision: Sendable, Hashable {
        /// The style's default: the currency's ISO 4217 digits for
        /// `currency` (0 to ``CoinFormatStyle/customUnitMaximumFraction`` for
        /// a custom unit: a ``CoinFormatStyle/symbol`` without a currency code), exactly two fraction digits for `percent` and `number`,
        /// Foundation's compact default (round to an integer, but keep
        /// two significant digits) for `compact`, and Foundation's default
        /// for `scientific`: 0 to 6 fraction digits of the mantissa.
        case automatic
        /// Between `min` and `max` fraction digits (`.fractionLength(min...max)`);
        /// a nil bound takes the style's default, clamped so that `min <= max`.
        case fractionLength(min: Int?, max: Int?)
        /// Between `min` and `max` significant digits (`.significantDigits(min...max)`).
        case significantDigits(min: Int, max: Int)
    }

    /// What kind of output to write.
    public var style: Style
    /// The locale whose notation is written.
    public var locale: LocaleID
    /// ISO 4217 code (upper case). Nil means the locale's currency for
    /// ``Style/currency`` (``CurrencyCatalog/defaultCurrency(for:)``) and no
    /// currency for ``Style/compact``; other styles ignore it.
    public var currencyCode: String?
    /// How the currency is named.
    public var display: CurrencyDisplay
    /// A symbol written instead of the currency's own (with ``CurrencyDisplay/symbol`` or ``CurrencyDisplay/narrow``).
    public var symbol: String?
    /// How many digits to keep.
    public var precision: Precision
    /// How to round dropped digits.
    public var rounding: DecimalRoundingRule
    /// When to write a sign.
    public var sign: SignDisplay
    /// For ``Style/percent``: the value is a ratio (`0.0235` is 2.35 %) rather than percent points.
    public var valueIsRatio: Bool
    /// Which units ``Style/bytes`` writes.
    public enum ByteUnits: String, Sendable, Hashable, CaseIterable {
        /// Powers of 1000, as `ByteCountFormatStyle`'s `.file` (`1.7 MB`).
        case decimal
        /// Powers of 1024 with `.memory`'s digits, labelled as IEC units (`1.6 MiB`).
        case binary
    }

    /// For ``Style/bytes``: powers of 1000 or of 1024.
    public var byteUnits: ByteUnits
    /// Round to a multiple of this step (positive; `0.05`: cash rounding)
    /// before the precision applies; without a precision option the value
    /// shows the step's fraction digits, as FormatStyle's
    /// `.rounded(rule:increment:)` does. Nil: no step.
    public var increment: ExactDecimal?
    /// For the unit styles: written after the number and its prefix (`B`: `1.5KB`).
    public var suffix: String
    /// For the unit styles: written between the number and its prefix or
    /// suffix, when one follows (` `: `1.5 K`, `999 B`).
    public var unitSeparator: String
    /// For the unit styles: the input counts units of this many (numfmt's `--from-unit`; at most 10^18).
    public var fromUnit: UInt64
    /// For the unit styles: the output counts units of this many (numfmt's
    /// `--to-unit`); its prime factors are 2 and 5, so that the quotient is exact.
    public var toUnit: UInt64
    /// For ``Style/numerals``: the CLDR name of the numbering system
    /// (`roman`, `hans`, ...); nil: the locale's traditional one.
    public var numberingSystem: String?
    /// For ``Style/words``: the form an amount of a currency is written in
    /// (nil: ``WordsForm/plain`` when a ``currencyCode`` is given, else the number alone).
    public var wordsForm: WordsForm?

    /// A style with the defaults of coinfmt: symbol display, automatic
    /// precision, half-even rounding, automatic sign.
    public init(style: Style = .currency, locale: LocaleID, currencyCode: String? = nil) {
        self.style = style
        self.locale = locale
        self.currencyCode = currencyCode?.uppercased()
        self.display = .symbol
        self.symbol = nil
        self.precision = .automatic
        self.rounding = .halfEven
        self.sign = .automatic
        self.valueIsRatio = false
        self.suffix = ""
        self.byteUnits = .decimal
        self.increment = nil
        self.unitSeparator = ""
        self.fromUnit = 1
        self.toUnit = 1
        self.numberingSystem = nil
        self.wordsForm = nil
    }

    /// A copy with another output kind.
    public func style(_ style: Style) -> Self { with { $0.style = style } }
    /// A copy for another locale.
    public func locale(_ locale: LocaleID) -> Self { with { $0.locale = locale } }
    /// A copy with another currency (ISO 4217 code, any case), or none.
    public func currency(_ code: String?) -> Self { with { $0.currencyCode = code?.uppercased() } }
    /// A copy with another currency presentation.
    public func display(_ display: CurrencyDisplay) -> Self { with { $0.display = display } }
    /// A copy that writes `symbol` instead of the currency's symbol (nil: the currency's own).
    public func symbol(_ symbol: String?) -> Self { with { $0.symbol = symbol } }
    /// A copy with another precision.
    public func precision(_ precision: Precision) -> Self { with { $0.precision = precision } }
    /// A copy keeping between `min` and `max` fraction digits (nil: the style's default).
    public func fractionLength(min: Int? = nil, max: Int? = nil) -> Self {
        with { $0.precision = .fractionLength(min: min, max: max) }
    }
    /// A copy keeping between `range.lowerBound` and `range.upperBound` significant digits.
    public func significantDigits(_ range: ClosedRange<Int>) -> Self {
        with { $0.precision = .significantDigits(min: range.lowerBound, max: range.upperBound) }
    }
    /// A copy with another rounding rule.
    public func rounded(_ rule: DecimalRoundingRule) -> Self { with { $0.rounding = rule } }
    /// A copy with another sign display.
    public func sign(_ sign: SignDisplay) -> Self { with { $0.sign = sign } }
    /// A copy whose percent values are ratios (`true`) or percent points (`false`).
    public func ratio(_ isRatio: Bool) -> Self { with { $0.valueIsRatio = isRatio } }
    /// A copy rounding to multiples of `step` (nil: none).
    public func increment(_ step: ExactDecimal?) -> Self { with { $0.increment = step } }
    /// A copy whose numerals are of the numbering system named `name` (nil: the locale's traditional one).
    public func numberingSystem(_ name: String?) -> Self { with { $0.numberingSystem = name } }
    /// A copy writing ``Style/words`` as an amount of money in `form` (of
    /// ``currencyCode``, or of the locale's currency when none is given).
    public func words(_ form: WordsForm?) -> Self { with { $0.wordsForm = form } }
    /// A copy whose byte counts are in `units`.
    public func byteUnits(_ units: ByteUnits) -> Self { with { $0.byteUnits = units } }
    /// A copy writing `suffix` after a unit style's number and prefix.
    public func suffix(_ suffix: String) -> Self { with { $0.suffix = suffix } }
    /// A copy writing `separator` between a unit style's number and what follows it.
    public func unitSeparator(_ separator: String) -> Self { with { $0.unitSeparator = separator } }
    /// A copy whose input counts units of `from` and output units of `to`
    /// (`to`'s prime factors 2 and 5 only; both at most 10^18).
    public func units(from: UInt64 = 1, to: UInt64 = 1) -> Self {
        precondition(from >= 1 && from <= 1_000_000_000_000_000_000 && ExactDecimal.twosAndFives(to) != nil)
        return with {
            $0.fromUnit = from
            $0.toUnit = to
        }
    }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }

    /// The currency actually written: ``currencyCode``, or for the currency
    /// style the locale's default; nil when no currency is written.
    public var resolvedCurrencyCode: String? {
        switch style {
        case .currency: currencyCode ?? CurrencyCatalog.defaultCurrency(for: locale)
        case .compact, .myriad: currencyCode
        case .percent, .number, .scientific, .engineering, .si, .iec, .iecI, .bytes, .words, .numerals: nil
        }
    }

    /// The currency whose amount ``Style/words`` writes: ``currencyCode``,
    /// or with a ``wordsForm`` the locale's own; nil: the number alone.
    public var wordsCurrencyCode: String? {
        guard style == .words else { return nil }
        return currencyCode ?? (wordsForm != nil ? CurrencyCatalog.defaultCurrency(for: locale) : nil)
    }

    /// A usage error when ``Style/words`` is to write an amount of a
    /// currency that has no words in the locale's language and the form.
    public func checkCurrencyWords() throws(UsageError) {
        if let code = wordsCurrencyCode {
            _ = try CurrencyWords(locale: locale, code: code, form: wordsForm ?? .plain, rounding: rounding)
        }
    }

    /// The most fraction digits a custom unit keeps by default: a currency
    /// style with a ``symbol`` and no ``currencyCode`` writes a unit without
    /// ISO 4217 digits (a coin), and writes a value's own fraction digits up to
    /// this many (crypto prices use eight: `BTC 0.00012345`), trailing zeros
    /// dropped, rounding beyond it.
    public static let customUnitMaximumFraction = 8

    /// The most fraction digits of the mantissa the scientific style keeps by
    /// default: FormatStyle's (ICU's `Precision::maxFraction(6)`), so that
    /// `1234567.891` is `1.234568E6` and `0.000123` is `1.23E-4`.
    public static let scientificMaximumFraction = 6

    /// The precision actually applied, with the style's defaults filled in.
    public var resolvedPrecision: ResolvedPrecision {
        let defaults: (min: Int, max: Int)?
        switch style {
        case .currency where symbol != nil && currencyCode == nil:
            // A custom unit (`--symbol BTC`) has no ISO 4217 digits: the
            // value keeps its own fraction digits, up to eight.
            defaults = (0, Self.customUnitMaximumFraction)
        case .currency:
            let digits = CurrencyCatalog.fractionDigits(resolvedCurrencyCode ?? "USD")
            defaults = (digits, digits)
        case .percent, .number: defaults = (2, 2)
        // Words say every digit given: no rounding unless a precision option asks for it.
        case .words, .numerals: defaults = (0, 1000)
        case .myriad:
            let digits = resolvedCurrencyCode.map { CurrencyCatalog.fractionDigits($0) }
            defaults = (digits ?? 0, digits ?? 2)
        case .scientific, .engineering: defaults = (0, Self.scientificMaximumFraction)
        // numfmt's default (one fraction digit below 10 with a prefix) is
        // the unit formatter's own; a bound given alone meets these.
        case .si, .iec, .iecI, .bytes: defaults = (0, 1)
        case .compact: defaults = nil
        }
        switch precision {
        case .automatic:
            if let increment {
                // The step's own fraction digits, as ICU shows an increment.
                let digits = max(0, -increment.exponent)
                return .fractionLength(min: digits, max: digits)
            }
            if let (lo, hi) = defaults { return .fractionLength(min: lo, max: hi) }
            return .compactDefault
        case .fractionLength(let lo, let hi):
            let (defaultMin, defaultMax) = defaults ?? (0, 0)
            let minimum = Swift.max(0, lo ?? Swift.min(defaultMin, hi ?? defaultMin))
            let maximum = Swift.max(minimum, hi ?? Swift.max(defaultMax, lo ?? defaultMax))
            return .fractionLength(min: minimum, max: maximum)
        case .significantDigits(let lo, let hi):
            let minimum = Swift.max(1, lo)
            return .significantDigits(min: minimum, max: Swift.max(minimum, hi))
        }
    }

    /// A precision with every default filled in.
    public enum ResolvedPrecision: Sendable, Hashable {
        /// `.fractionLength(min...max)`.
        case fractionLength(min: Int, max: Int)
        /// `.significantDigits(min...max)`.
        case significantDigits(min: Int, max: Int)
        /// Foundation's compact default: round to an integer but keep at
        /// least two significant digits; no trailing zeros.
        case compactDefault
    }

    /// Whether `locale` counts in myriads (has a unit of its own at 10^4:
    /// `만`, `万`, `萬`), so that ``Style/myriad`` applies to it.
    public static func countsInMyriads(_ locale: LocaleID) -> Bool { MyriadNotation.applies(to: locale) }

    /// Whether ICU has spell-out rules of `locale`'s language, so that ``Style/words`` applies.
    public static func hasWords(_ locale: LocaleID) -> Bool {
        SpelloutFormatter.words(locale: locale.identifier) != nil
    }

    /// Derives the formatter for this style from Foundation (a few dozen
    /// FormatStyle probes); reuse it for every value.
    public func formatter() -> CoinFormatter { CoinFormatter(self) }

    /// Formats one value (derives a formatter each call: use ``formatter()`` for many values).
    public func format(_ value: ExactDecimal) -> String {
        var f = formatter()
        return f.string(value)
    }
}
