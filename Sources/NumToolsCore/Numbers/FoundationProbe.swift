import Foundation

/// How often a new ICU number formatter is called before its output is
/// trusted: ICU compiles a formatter on its third call.
enum ICUWarmUp {
    static let calls = 3
}

/// Renders probe values with the FormatStyle that a number notation or a
/// ``CoinFormatStyle`` mirrors: the one renderer every derivation reads
/// (``NumberNotation``, ``LocaleNumberFormat``, ``CoinFormatter``).
/// Formatting itself never goes through Foundation.
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

    let locale: Locale
    let kind: Kind
    /// CLDR short compact notation (`.notation(.compactName)`).
    let compact: Bool
    /// Scientific notation (`.notation(.scientific)`); never with `compact`.
    let scientific: Bool
    /// For a currency, the accounting pattern in the automatic sign forms
    /// (`.positive` and `.negative` rendered with `.sign(strategy:
    /// .accounting)`); numbers and percents have none.
    let accounting: Bool

    init(locale: Locale, kind: Kind, compact: Bool, scientific: Bool = false, accounting: Bool = false) {
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
    /// (``PatternRenderer``).
    func render(
        _ value: String, precision: PatternRenderer.Precision?, rule: DecimalRoundingRule?,
        form: Form, grouping: Bool = true, warmUp: Bool = true
    ) -> String {
        if let renderer = PatternRenderer(self),
            let text = renderer.render(
                value, precision: precision, rule: rule ?? .halfEven, form: form, grouping: grouping)
        {
            return text
        }
        return formatStyleRender(
            value,
            precision: precision.map {
                switch $0 {
                case .fraction(let lo, let hi): .fractionLength(lo...hi)
                case .significant(let lo, let hi): .significantDigits(lo...hi)
                }
            }, rule: rule?.foundationRule, form: form, grouping: grouping, warmUp: warmUp)
    }

    /// Renders `value` with the given precision and rounding rule (nil: the style's defaults).
    func formatStyleRender(
        _ value: String, precision: NumberFormatStyleConfiguration.Precision?, rule: FloatingPointRoundingRule?,
        form: Form, grouping: Bool = true, warmUp: Bool = true
    ) -> String {
        // Probes are built to fit Decimal; should one not, there is no text to read.
        guard var decimal = Decimal(string: value) else { return "" }
        if form == .negative { decimal = -decimal }
        let notation: NumberFormatStyleConfiguration.Notation? =
            compact ? .compactName : scientific ? .scientific : nil
        switch kind {
        case .number:
            return Decimal.FormatStyle(locale: locale)
                .configured(precision: precision, rule: rule, notation: notation, form: form, grouping: grouping)
                .format(decimal)
        case .percent:
            // Percent formats value × 100: the digits shown are `value`.
            return Decimal.FormatStyle.Percent(locale: locale)
                .configured(precision: precision, rule: rule, notation: notation, form: form, grouping: grouping)
                .format(decimal / 100)
        case .currency(let code, let display):
            var currency = Decimal.FormatStyle.Currency(code: code, locale: locale)
            switch display {
            case .symbol: currency = currency.presentation(.standard)
            case .narrow: currency = currency.presentation(.narrow)
            case .code: currency = currency.presentation(.isoCode)
            case .name: currency = currency.presentation(.fullName)
            }
            if accounting && (form == .positive || form == .negative) {
                currency = currency.sign(strategy: .accounting)
            }
            let f = currency.configured(
                precision: precision, rule: rule, notation: notation, form: form, grouping: grouping)
            if display == .name && warmUp {
                // ICU's first calls of a new formatter (before it compiles its
                // fast path) misplace the name where currency spacing applies
                // in some locales (en_EE, CLE: "CLE 2,9 Chilean escudos5");
                // the compiled formatter writes "CLE 2,95 Chilean escudos".
                for _ in 0..<ICUWarmUp.calls { _ = f.format(decimal) }
            }
            return f.format(decimal)
        }
    }
}

/// The modifiers a probe sets, which the three decimal FormatStyles share
/// (Foundation declares them on each): one configuration for all three.
protocol ProbeStyle: FormatStyle where FormatInput == Decimal, FormatOutput == String {
    associatedtype SignStrategy: ProbeSignStrategy
    func rounded(rule: NumberFormatStyleConfiguration.RoundingRule, increment: Int?) -> Self
    func notation(_ notation: NumberFormatStyleConfiguration.Notation) -> Self
    func precision(_ p: NumberFormatStyleConfiguration.Precision) -> Self
    func grouping(_ group: NumberFormatStyleConfiguration.Grouping) -> Self
    func sign(strategy: SignStrategy) -> Self
}

extension ProbeStyle {
    /// The style with a probe's settings (nil: the style's own).
    @inline(__always)
    func configured(
        precision: NumberFormatStyleConfiguration.Precision?, rule: FloatingPointRoundingRule?,
        notation: NumberFormatStyleConfiguration.Notation?, form: FoundationProbe.Form, grouping: Bool
    ) -> Self {
        var f = self
        if let rule { f = f.rounded(rule: rule, increment: nil) }
        if let notation { f = f.notation(notation) }
        if let precision { f = f.precision(precision) }
        if form == .plus { f = f.sign(strategy: .always) }
        if form == .unsigned { f = f.sign(strategy: .never) }
        if !grouping { f = f.grouping(.never) }
        return f
    }
}

/// The two sign strategies a probe asks for, under one name for both
/// configurations (numbers and currencies spell `always` differently).
protocol ProbeSignStrategy {
    static var always: Self { get }
    static var never: Self { get }
}

extension Decimal.FormatStyle: ProbeStyle {}
extension Decimal.FormatStyle.Percent: ProbeStyle {}
extension Decimal.FormatStyle.Currency: ProbeStyle {}

extension NumberFormatStyleConfiguration.SignDisplayStrategy: ProbeSignStrategy {
    static var always: Self { .always() }
}

extension CurrencyFormatStyleConfiguration.SignDisplayStrategy: ProbeSignStrategy {
    static var always: Self { .always() }
}
