import NumToolsCLI
import NumToolsCore

extension Coinfmt {
    /// Rounding to a step: `--increment STEP` and CLDR's cash rounding, `--cash`.
    enum StepOptions {
        static let increment: Option<ExactDecimal?> = .value(
            "increment", "STEP", help: "round to a multiple of STEP (0.05: 1.23 is 1.25), exactly"
        ) { text throws(UsageError) in try step(text) }
        static let cash: Option<Bool> = .flag(
            "cash", help: "currency: round as cash is paid (CLDR: CHF to 0.05, SEK to 1)")
    }

    /// The step options applied to `style`; a usage error with a style they do not apply to.
    static func applyStepOptions(_ style: CoinFormatStyle, _ invocation: ToolInvocation) throws(UsageError)
        -> CoinFormatStyle
    {
        let kind = style.style
        if invocation.has(StepOptions.cash) {
            if invocation.has(StepOptions.increment) {
                throw UsageError("--cash and --increment are one step: give one")
            }
            guard kind == .currency, let code = style.resolvedCurrencyCode else {
                throw UsageError("--cash applies only to --style currency: --style \(kind.rawValue) writes no currency")
            }
            if style.symbol != nil && style.currencyCode == nil {
                throw UsageError("--cash needs a currency's code: --symbol alone names none (add --currency)")
            }
            var cash = style.increment(CashRounding.increment(code))
            if style.precision == .automatic {
                // The cash digits, whatever the step (DKK: 12,50 kr.).
                let digits = CashRounding.fractionDigits(code)
                cash = cash.fractionLength(min: digits, max: digits)
            }
            return cash
        }
        guard let step = try invocation.value(StepOptions.increment) else { return style }
        guard kind == .currency || kind == .percent || kind == .number else {
            throw UsageError("--increment applies only to --style currency, percent or number")
        }
        return style.increment(step)
    }
}

/// A positive machine number of at most 18 digits from its first to its last
/// (`0.05`, `5`, `0.25`, `50`).
@Sendable func step(_ text: String) throws(UsageError) -> ExactDecimal {
    let number = try? ExactDecimal(text)
    guard let number, !number.isZero, !number.isNegative,
        number.digits.count + max(0, number.exponent) <= 18
    else {
        throw UsageError(
            "invalid value '\(text)' for --increment: expected a positive number of at most 18 digits (0.05, 5)")
    }
    return number
}
