import Foundation

/// Renders probe values with the FormatStyle that a ``CoinFormatStyle``
/// mirrors. Only the derivation of a ``CoinFormatter`` calls it; formatting
/// itself never goes through Foundation.
/// How often a new ICU number formatter is called before its output is
/// trusted: ICU compiles a formatter on its third call.
enum ICUWarmUp {
    static let calls = 3
}

struct FoundationProbe: Sendable {
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
    let compact: Bool

    /// Renders `value` (plain notation, may carry an exponent) with exactly
    /// `fraction` fraction digits, or the style's default precision when nil.
    /// For percent the value is in percent points.
    func render(_ value: String, fraction: Int?, form: Form, grouping: Bool = true) -> String {
        render(value, precision: fraction.map { .fractionLength($0...$0) }, rule: nil, form: form, grouping: grouping)
    }

    /// Renders `value` with the given precision and rounding rule (nil: the style's defaults).
    func render(
        _ value: String, precision: NumberFormatStyleConfiguration.Precision?, rule: FloatingPointRoundingRule?,
        form: Form, grouping: Bool = true, warmUp: Bool = true
    ) -> String {
        // Probes are built to fit Decimal; should one not, there is no text to read.
        guard var decimal = Decimal(string: value) else { return "" }
        if form == .negative { decimal = -decimal }
        switch kind {
        case .number:
            var f = Decimal.FormatStyle(locale: locale)
            if let rule { f = f.rounded(rule: rule) }
            if compact { f = f.notation(.compactName) }
            if let precision { f = f.precision(precision) }
            if form == .plus { f = f.sign(strategy: .always()) }
            if form == .unsigned { f = f.sign(strategy: .never) }
            if !grouping { f = f.grouping(.never) }
            return f.format(decimal)
        case .percent:
            var f = Decimal.FormatStyle.Percent(locale: locale)
            if let rule { f = f.rounded(rule: rule) }
            if compact { f = f.notation(.compactName) }
            if let precision { f = f.precision(precision) }
            if form == .plus { f = f.sign(strategy: .always()) }
            if form == .unsigned { f = f.sign(strategy: .never) }
            if !grouping { f = f.grouping(.never) }
            return f.format(decimal / 100)
        case .currency(let code, let display):
            var f = Decimal.FormatStyle.Currency(code: code, locale: locale)
            if let rule { f = f.rounded(rule: rule) }
            switch display {
            case .symbol: f = f.presentation(.standard)
            case .narrow: f = f.presentation(.narrow)
            case .code: f = f.presentation(.isoCode)
            case .name: f = f.presentation(.fullName)
            }
            if compact { f = f.notation(.compactName) }
            if let precision { f = f.precision(precision) }
            if form == .plus { f = f.sign(strategy: .always()) }
            if form == .unsigned { f = f.sign(strategy: .never) }
            if !grouping { f = f.grouping(.never) }
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
