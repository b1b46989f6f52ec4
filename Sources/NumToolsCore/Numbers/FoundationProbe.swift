/// A probe: values rendered as the FormatStyle that a number notation or a
/// ``CoinFormatStyle`` mirrors writes them, the one rendering every
/// derivation reads (``NumberNotation``, ``LocaleNumberFormat``,
/// ``CoinFormatter``). The text comes from the generated CLDR data
/// (``PatternRenderer``); FormatStyle is only the tests' oracle.
struct FoundationProbe: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case number
        case percent
        case currency(code: String, display: CoinFormatStyle.CurrencyDisplay)
    }

    /// Which sign form to render.
    enum Form: Sendable, Hashable {
        /// The value as given, automatic sign.
        case positive
        /// The value negated, automatic sign.
        case negative
        /// The value as given, `.always()`.
        case plus
        /// The value as given, `.never`.
        case unsigned

        /// The forms a template holds.
        static let templateForms: [Form] = [.positive, .negative, .plus]
    }

    let locale: LocaleID
    let kind: Kind
    /// CLDR short compact notation (`.notation(.compactName)`).
    let compact: Bool
    /// Scientific notation (`.notation(.scientific)`); never with `compact`.
    let scientific: Bool
    /// For a currency, the accounting pattern in the automatic sign forms
    /// (`.positive` and `.negative` rendered with `.sign(strategy:
    /// .accounting)`); numbers and percents have none.
    let accounting: Bool

    init(locale: LocaleID, kind: Kind, compact: Bool, scientific: Bool = false, accounting: Bool = false) {
        precondition(!(compact && scientific), "a probe is compact or scientific, not both")
        self.locale = locale
        self.kind = kind
        self.compact = compact
        self.scientific = scientific
        self.accounting = accounting
    }

    /// The same probe for another kind (a placeholder currency's pattern).
    func with(kind: Kind) -> FoundationProbe {
        FoundationProbe(
            locale: locale, kind: kind, compact: compact, scientific: scientific, accounting: accounting)
    }

    /// Renders `value` (plain notation, may carry an exponent) with exactly
    /// `fraction` fraction digits, or the style's default precision when nil.
    /// For percent the value is in percent points.
    func render(_ value: String, fraction: Int?, form: Form, grouping: Bool = true) -> String {
        render(value, precision: fraction.map { .fraction($0, $0) }, rule: nil, form: form, grouping: grouping)
    }

    /// Renders `value` with the given precision and rounding rule (nil: the
    /// style's defaults), as FormatStyle writes it, from the generated data
    /// (``PatternRenderer``). Empty when the data has no entry for the
    /// locale (every name a locale option takes has one:
    /// PatternRendererTests) or `value` is no number.
    func render(
        _ value: String, precision: PatternRenderer.Precision?, rule: DecimalRoundingRule?, form: Form,
        grouping: Bool = true
    ) -> String {
        PatternRenderer(self)?.render(
            value, precision: precision, rule: rule ?? .halfEven, form: form, grouping: grouping)
            ?? ""
    }
}
