import NumToolsCLI
import NumToolsCore

/// `coinfmt`: its option table, its usage and the building of its transform.
/// `Sources/coinfmt/main.swift` and the `numtools` multi-call binary run it.
public enum Coinfmt {
    enum Options {
        static let style: Option<CoinFormatStyle.Style> = .choice(
            "style", "STYLE", default: .currency,
            help:
                "currency (default), percent, number, compact, scientific, engineering, si, iec, iec-i, bytes or myriad"
        ).suggested(for: "notation")
        static let currency: Option<String?> = .currency(
            "currency", short: "c", "CODE",
            help: "ISO 4217 code (default: the currency of the locale's territory; none without one)")
        static let locale: Option<LocaleID> = .locale(
            "locale", short: "l", "ID", environment: "LC_MONETARY",
            help: "notation of this locale (default from LC_ALL, LC_MONETARY, LANG)"
        ).suggested(for: "lang", "language")
        static let display: Option<CoinFormatStyle.CurrencyDisplay?> = .choice(
            "display", "HOW", help: "currency as symbol (default), narrow symbol, code or name"
        ).suggested(for: "currency-display")
        static let symbol: Option<String?> = .string(
            "symbol", "STR", help: "write STR instead of the currency's symbol"
        ).suggested(for: "currency-symbol")
        static let minFraction: Option<Int?> = .fractionDigits("min-fraction", help: "at least N fraction digits")
            .suggested(for: "minimum-fraction-digits", "min-fraction-digits")
        static let maxFraction: Option<Int?> = .fractionDigits(
            "max-fraction",
            help:
                "at most N fraction digits (default: currency's digits, 8 for --symbol alone; 2 for percent, number, myriad; 6 for scientific)"
        ).suggested(for: "precision", "decimals", "scale", "maximum-fraction-digits", "max-fraction-digits")
        static let significant: Option<ClosedRange<Int>?> = .value(
            "significant", "MIN..MAX", help: "round to MIN to MAX significant digits instead", parse: significantDigits
        ).suggested(for: "significant-digits", "precision-digits")
        static let rounding: Option<DecimalRoundingRule?> = .choice(
            "rounding", "MODE",
            help: "half-even (default; si, iec, iec-i, bytes: up), half-up, half-down, up, down, ceiling, floor"
        ).suggested(for: "rounding-mode", "round-mode")
        static let round: Option<NumfmtRounding?> = .choice(
            "round", "METHOD", help: "numfmt's names for --rounding: up, down, from-zero, towards-zero, nearest")
        static let ratio: Option<Bool> = .flag(
            "ratio", help: "percent: the value is a ratio (0.0235 is 2.35%), not percent points")
        static let sign: Option<CoinFormatStyle.SignDisplay?> = .choice(
            "sign", "WHEN", help: "auto (default), always, never, except-zero or accounting (currency)"
        ).suggested(for: "sign-display")
        static let color: Option<ColorChoice> = .choice(
            "color", "WHEN", default: .auto, help: "green positive, red negative values: auto (default), always, never")
        static let system: Option<String?> = .string(
            "system", "NAME",
            help: "--style numerals: CLDR's numbering system (roman, romanlow, hans, hant, jpan, hebr, ...)"
        ).suggested(for: "numbering-system", "numbers")
        static let words: Option<WordsForm?> = .choice(
            "words", "FORM",
            help:
                "--style words: the amount of --currency (default: the locale's) in words, plain (default) or cheque"
        ).suggested(for: "words-form", "cheque", "check")
    }

    static let definition = ToolDefinition(
        name: "coinfmt",
        synopsis: "[--style STYLE] [OPTIONS] [VALUE...]",
        summary: """
            Write machine numbers (1234.5, -0.0042, 1.5e-7) as localized prices, percent changes,
            plain numbers, compact amounts or scientific notation, exactly as Foundation's
            FormatStyle does for the locale, with exact decimal rounding on the digits (never
            binary floating point).
            """,
        options: [
            Options.style, Options.currency, Options.locale, Options.display, Options.symbol, Options.minFraction,
            Options.maxFraction, Options.significant, Options.rounding, Options.round, Options.ratio, Options.sign,
            Options.color,
            Options.system, Options.words, UnitOptions.suffix, UnitOptions.unitSeparator, UnitOptions.fromUnit,
            UnitOptions.toUnit,
            UnitOptions.bytes,
            StepOptions.increment, StepOptions.cash,
            Listing.locales,
            Listing.currencies,
        ],
        // The three options the examples of README.md and coinfmt(1) use most
        // (counted: --style 63, -l/--locale 41, -c/--currency 30, -f 16):
        // `--help` lists them first.
        mostUsed: [Options.style, Options.locale, Options.currency],
        examples: [
            "coinfmt -l en_US 1234.5                         # $1,234.50",
            "coinfmt --currency JPY --locale ja_JP 1234.5    # ¥1,234",
            "coinfmt --style percent --sign always 2.3456    # +2.35%",
            "coinfmt --style compact --currency USD --significant 3..3 1234567890123   # $1.23T",
            "coinfmt -l en_US --sign accounting -- -1234.5   # ($1,234.50)",
            "coinfmt --style scientific 6.022e23             # 6.022E23",
            "coinfmt --style iec --suffix B 1536             # 1.5KB",
            "coinfmt --style myriad -l ko_KR -c KRW 123456789   # 1억 2,345만 6,789원",
            "coinfmt --style words -l en_US -- -12.25        # minus twelve point two five",
            "coinfmt --style words --currency USD -l en_US 1234.56   # one thousand two hundred thirty-four dollars and fifty-six cents",
            "coinfmt --style words --words cheque -l zh_CN 1234.56    # 人民币壹仟贰佰叁拾肆元伍角陆分",
            "coinfmt --style numerals --system roman 1994    # MCMXCIV",
            "coinfmt --currency CHF --locale de_CH --cash 12.33   # CHF 12.35",
            "coinfmt -f 3 -c USD --min-fraction 2 --max-fraction 6 < prices.tsv",
        ],
        numfmtSpellings: [
            "to": "coinfmt writes units with --style si, iec or iec-i; --to-unit is written in full",
            "from":
                "coinfmt reads machine numbers; numconv --style si, iec or iec-i reads 1.5K; --from-unit is written in full",
            "grouping": "coinfmt groups as the locale does (--style number -l LOCALE)",
            "format": "--min-fraction and --max-fraction give the digits, --width the padding",
        ])

    /// numfmt's `--round` methods, by numfmt's names (`up` is toward +∞).
    enum NumfmtRounding: String, CaseIterable, Sendable {
        case up
        case down
        case fromZero = "from-zero"
        case towardsZero = "towards-zero"
        case nearest

        var rule: DecimalRoundingRule {
            switch self {
            case .up: .ceiling
            case .down: .floor
            case .fromZero: .up
            case .towardsZero: .down
            case .nearest: .halfUp
            }
        }
    }

    /// The rounding rule `--rounding` or numfmt's `--round` names; nil: the style's default.
    static func roundingRule(_ invocation: ToolInvocation) throws(UsageError) -> DecimalRoundingRule? {
        let rounding = try invocation.value(Options.rounding)
        guard let round = try invocation.value(Options.round) else { return rounding }
        if rounding != nil {
            throw UsageError("--round and --rounding are one rounding: give one (--round takes numfmt's names)")
        }
        return round.rule
    }

    /// Runs coinfmt on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools coinfmt`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            let kind = try invocation.value(Options.style)
            try checkModeOptions(kind, invocation)
            var style = CoinFormatStyle(style: kind, locale: try invocation.value(Options.locale))
            if kind == .myriad && !CoinFormatStyle.countsInMyriads(style.locale) {
                throw UsageError(
                    "--style myriad needs a locale that counts in myriads (ko, ja, zh, yue): \(style.locale.identifier) does not"
                )
            }
            try checkWordsOptions(kind, &style, invocation)
            if let code = try invocation.value(Options.currency) { style = style.currency(code) }
            if kind == .words { try style.checkCurrencyWords() }
            if let display = try invocation.value(Options.display) { style = style.display(display) }
            if let symbol = try invocation.value(Options.symbol) {
                if style.display == .code || style.display == .name {
                    throw UsageError("--symbol cannot be used with --display \(style.display.rawValue)")
                }
                style = style.symbol(symbol)
            }
            let fraction = try invocation.fractionRange(Options.minFraction, Options.maxFraction)
            if invocation.has(Options.significant) {
                if !fraction.isEmpty {
                    throw UsageError("--significant cannot be used with --min-fraction or --max-fraction")
                }
                style = style.significantDigits(try invocation.value(Options.significant)!)
            } else if !fraction.isEmpty {
                style = style.fractionLength(min: fraction.minimum, max: fraction.maximum)
            }
            style = style.rounded(try roundingRule(invocation) ?? kind.defaultRounding)
            if let sign = try invocation.value(Options.sign) { style = style.sign(sign) }
            if invocation.has(Options.ratio) { style = style.ratio(true) }
            style = try applyUnitOptions(style, invocation)
            style = try applyStepOptions(style, invocation)
            try checkCurrencyNamed(style, invocation)
            return CoinTransform(style: style, colored: try invocation.value(Options.color).isOn)
        }
    }
}
