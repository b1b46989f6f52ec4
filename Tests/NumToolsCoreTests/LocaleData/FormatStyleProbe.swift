#if canImport(_FoundationICU)
    import Foundation

    @testable import NumToolsCore

    /// How often a new ICU number formatter is called before its output is
    /// trusted: ICU compiles a formatter on its third call.
    enum ICUWarmUp {
        static let calls = 3
    }

    /// The probes as FormatStyle renders them: the oracle PatternRenderer is
    /// compared with (what the tools rendered their probes with before issue 46).
    extension FoundationProbe {
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
                return Decimal.FormatStyle(locale: locale.foundation)
                    .configured(precision: precision, rule: rule, notation: notation, form: form, grouping: grouping)
                    .format(decimal)
            case .percent:
                // Percent formats value × 100: the digits shown are `value`.
                return Decimal.FormatStyle.Percent(locale: locale.foundation)
                    .configured(precision: precision, rule: rule, notation: notation, form: form, grouping: grouping)
                    .format(decimal / 100)
            case .currency(let code, let display):
                var currency = Decimal.FormatStyle.Currency(code: code, locale: locale.foundation)
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
#endif
