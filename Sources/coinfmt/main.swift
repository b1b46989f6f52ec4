import Foundation
import NumToolsCore

let tool = ToolDefinition(
    name: "coinfmt",
    synopsis: "[--style currency|percent|number|compact] [OPTIONS] [VALUE...]",
    summary: """
        Write machine numbers (1234.5, -0.0042, 1.5e-7) as localized prices, percent changes,
        plain numbers or compact amounts, exactly as Foundation's FormatStyle does for the
        locale, with exact decimal rounding on the digits (never binary floating point).
        """,
    options: [
        OptionSpec(
            "style", .required("STYLE"), help: "currency (default), percent, number or compact",
            completion: .choices(CoinFormatStyle.Style.allCases.map(\.rawValue))),
        OptionSpec(
            "currency", short: "c", .required("CODE"), help: "ISO 4217 code (default: the locale's currency)",
            completion: .currencies),
        OptionSpec(
            "locale", short: "l", .required("ID"),
            help: "notation of this locale (default from LC_ALL, LC_MONETARY, LANG)",
            completion: .locales),
        OptionSpec(
            "display", .required("HOW"), help: "currency as symbol (default), narrow symbol, code or name",
            completion: .choices(CoinFormatStyle.CurrencyDisplay.allCases.map(\.rawValue))),
        OptionSpec("symbol", .required("STR"), help: "write STR instead of the currency's symbol"),
        OptionSpec("min-fraction", .required("N"), help: "at least N fraction digits"),
        OptionSpec(
            "max-fraction", .required("N"),
            help: "at most N fraction digits (default: currency's digits; 2 for percent and number)"),
        OptionSpec("significant", .required("MIN..MAX"), help: "round to MIN to MAX significant digits instead"),
        OptionSpec(
            "rounding", .required("MODE"), help: "half-even (default), half-up, half-down, up, down, ceiling, floor",
            completion: .choices(DecimalRoundingRule.allCases.map(\.rawValue))),
        OptionSpec("ratio", help: "percent: the value is a ratio (0.0235 is 2.35%), not percent points"),
        OptionSpec(
            "sign", .required("WHEN"), help: "auto (default), always, never or except-zero",
            completion: .choices(CoinFormatStyle.SignDisplay.allCases.map(\.rawValue))),
        OptionSpec(
            "color", .required("WHEN"), help: "green positive, red negative values: auto (default), always, never",
            completion: .choices(["auto", "always", "never"])),
        OptionSpec("list-locales", help: "list the locales: ID, English name, sample"),
        OptionSpec("list-currencies", help: "list the currencies: code, English name, symbol, fraction digits"),
    ],
    examples: [
        "coinfmt 1234.5                                  # $1,234.50",
        "coinfmt --currency JPY --locale ja_JP 1234.5    # ¥1,234",
        "coinfmt --style percent --sign always 2.3456    # +2.35%",
        "coinfmt --style compact --currency USD --significant 3..3 1234567890123   # $1.23T",
        "coinfmt -f 3 --min-fraction 2 --max-fraction 6 < prices.tsv",
    ])

ToolRunner.main(tool) { invocation throws(UsageError) in
    let arguments = invocation.arguments
    if arguments.has("list-locales") { return .print(LocaleSupport.listing()) }
    if arguments.has("list-currencies") { return .print(CurrencyCatalog.listing().map { $0 + "\n" }.joined()) }

    let kind = CoinFormatStyle.Style(
        rawValue: try invocation.choice("style", CoinFormatStyle.Style.allCases.map(\.rawValue)) ?? "currency")!
    let locale = try invocation.locale("locale", category: "LC_MONETARY")
    var style = CoinFormatStyle(style: kind, locale: locale)

    if let code = arguments.last("currency") {
        guard CurrencyCatalog.isKnown(code) else {
            throw UsageError(
                "unknown currency '\(code)' for --currency" + didYouMean(CurrencyCatalog.suggestions(for: code)))
        }
        style = style.currency(code)
    }
    if let display = try invocation.choice("display", CoinFormatStyle.CurrencyDisplay.allCases.map(\.rawValue)) {
        style = style.display(CoinFormatStyle.CurrencyDisplay(rawValue: display)!)
    }
    if let symbol = arguments.last("symbol") {
        if symbol.isEmpty { throw UsageError("invalid value '' for --symbol: expected a string") }
        if style.display == .code || style.display == .name {
            throw UsageError("--symbol cannot be used with --display \(style.display.rawValue)")
        }
        style = style.symbol(symbol)
    }

    let minimum = try invocation.integer("min-fraction", in: 0...1000)
    let maximum = try invocation.integer("max-fraction", in: 0...1000)
    if let minimum, let maximum, minimum > maximum {
        throw UsageError("--min-fraction \(minimum) is greater than --max-fraction \(maximum)")
    }
    if let text = arguments.last("significant") {
        if minimum != nil || maximum != nil {
            throw UsageError("--significant cannot be used with --min-fraction or --max-fraction")
        }
        guard let range = parseSignificant(text) else {
            throw UsageError(
                "invalid value '\(text)' for --significant: expected N or MIN..MAX with 1 <= MIN <= MAX <= 999")
        }
        style = style.significantDigits(range)
    } else if minimum != nil || maximum != nil {
        style = style.fractionLength(min: minimum, max: maximum)
    }
    if let rounding = try invocation.choice("rounding", DecimalRoundingRule.allCases.map(\.rawValue)) {
        style = style.rounded(DecimalRoundingRule(rawValue: rounding)!)
    }
    if let sign = try invocation.choice("sign", CoinFormatStyle.SignDisplay.allCases.map(\.rawValue)) {
        style = style.sign(CoinFormatStyle.SignDisplay(rawValue: sign)!)
    }
    if arguments.has("ratio") {
        guard kind == .percent else { throw UsageError("--ratio applies only to --style percent") }
        style = style.ratio(true)
    }
    let color = try invocation.choice("color", ["auto", "always", "never"]) ?? "auto"
    let colored = color == "always" || (color == "auto" && isatty(STDOUT_FILENO) != 0)
    return .stream(CoinTransform(style: style, colored: colored))
}

/// `N`, `MIN..MAX` or `..MAX` (from 1), each from 1 to 999.
func parseSignificant(_ text: String) -> ClosedRange<Int>? {
    let parts = text.components(separatedBy: "..")
    let bounds: (Int?, Int?)
    switch parts.count {
    case 1: bounds = (Int(parts[0]), Int(parts[0]))
    case 2: bounds = (parts[0].isEmpty ? 1 : Int(parts[0]), Int(parts[1]))
    default: return nil
    }
    guard let lo = bounds.0, let hi = bounds.1, 1 <= lo, lo <= hi, hi <= 999 else { return nil }
    return lo...hi
}
