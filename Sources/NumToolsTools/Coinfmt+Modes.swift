import NumToolsCLI
import NumToolsCore

extension Coinfmt {
    /// A usage error for an option that does nothing with the style asked
    /// for: a currency's options with a style that writes no currency, the
    /// accounting pattern with a style that has none.
    static func checkModeOptions(_ kind: CoinFormatStyle.Style, _ invocation: ToolInvocation) throws(UsageError) {
        let currencyOptions = [Options.currency.spec, Options.display.spec, Options.symbol.spec]
        switch kind {
        case .currency: break
        case .percent, .number, .scientific, .engineering, .si, .iec, .iecI, .bytes, .words, .numerals:
            // --style words writes an amount of --currency in words, but no symbol.
            let refused = kind == .words ? Array(currencyOptions.dropFirst()) : currencyOptions
            if let given = refused.first(where: { invocation.arguments.has($0.long) }) {
                throw UsageError(
                    "--\(given.long) applies only to --style currency, compact or myriad: --style \(kind.rawValue) writes no currency"
                        + (kind == .words ? " symbol" : "")
                )
            }
        case .compact, .myriad:
            if !invocation.has(Options.currency),
                let given = currencyOptions.dropFirst().first(where: { invocation.arguments.has($0.long) })
            {
                throw UsageError(
                    "--\(given.long) applies only to a currency: --style \(kind.rawValue) without --currency writes none"
                )
            }
        }
        // FormatStyle writes compact amounts with the automatic sign under `.accounting`.
        if kind != .currency, try invocation.value(Options.sign) == .accounting {
            throw UsageError(
                "--sign accounting applies only to --style currency: --style \(kind.rawValue) has no accounting pattern"
            )
        }
        if invocation.has(Options.ratio), kind != .percent {
            throw UsageError("--ratio applies only to --style percent: --style \(kind.rawValue) reads no ratio")
        }
    }
}

extension Coinfmt {
    /// A style that writes a currency (currency, accounting, words of an
    /// amount) takes it from `-c`, else from the territory of the locale
    /// (`-l`, else LC_ALL, LC_MONETARY, LANG); a locale with none (`C`,
    /// `POSIX`, unset, `en`) is a usage error, never a default currency.
    static func checkCurrencyNamed(_ style: CoinFormatStyle, _ invocation: ToolInvocation) throws(UsageError) {
        guard style.currencyCode == nil else { return }
        let writesCurrency =
            (style.style == .currency && style.symbol == nil) || (style.style == .words && style.wordsForm != nil)
        guard writesCurrency else { return }
        let given = invocation.has(Options.locale)
        if given || LocaleSupport.environmentNamesLocale(invocation.environment, category: "LC_MONETARY") {
            if CurrencyCatalog.territoryCurrency(for: style.locale) != nil { return }
        }
        let what =
            style.style == .words ? "--words writes an amount of a currency" : "--style currency writes a currency"
        let why =
            given
            ? "locale '\(invocation.text(Options.locale) ?? "")' names no territory with a currency of its own"
            : "the environment names no locale with a territory (LC_ALL, LC_MONETARY and LANG are unset, C, POSIX or unknown)"
        throw UsageError(
            "\(what), and none is named: \(why); give one with -c CODE (such as -c EUR), or a locale with a territory (such as -l de_DE)"
        )
    }
}

extension Coinfmt {
    /// `--style words` needs spell-out rules of the locale's own, `--style
    /// numerals` an algorithmic numbering system (`--system`, or the
    /// locale's traditional one); `--system` applies to numerals only.
    static func checkWordsOptions(
        _ kind: CoinFormatStyle.Style, _ style: inout CoinFormatStyle, _ invocation: ToolInvocation
    ) throws(UsageError) {
        let system = try invocation.value(Options.system)
        if system != nil && kind != .numerals {
            throw UsageError(
                "--system applies only to --style numerals: --style \(kind.rawValue) writes digits or words")
        }
        let form = try invocation.value(Options.words)
        if form != nil && kind != .words {
            throw UsageError("--words applies only to --style words: --style \(kind.rawValue) writes no words")
        }
        switch kind {
        case .words:
            if !CoinFormatStyle.hasWords(style.locale) {
                throw UsageError(
                    "--style words: ICU has no spell-out rules for \(style.locale.identifier)'s language (try --list-locales)"
                )
            }
            style = style.words(form)
        case .numerals:
            if let system {
                guard NumeralSystems.names.contains(system) else {
                    throw UsageError(
                        "invalid value '\(system)' for --system: expected one of \(NumeralSystems.names.joined(separator: ", "))"
                    )
                }
                style = style.numberingSystem(system)
            } else if NumeralSystems.traditional(for: style.locale) == nil {
                throw UsageError(
                    "--style numerals: \(style.locale.identifier) has no traditional numbering system; name one with --system (\(NumeralSystems.names.joined(separator: ", ")))"
                )
            }
        default: break
        }
    }
}

/// `N`, `MIN..MAX` or `..MAX` (from 1), each from 1 to 999.
@Sendable func significantDigits(_ text: String) throws(UsageError) -> ClosedRange<Int> {
    let parts = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
    let bounds: (Int?, Int?)
    switch parts.count {
    case 1: bounds = (Int(parts[0]), Int(parts[0]))
    case 2: bounds = (parts[0].isEmpty ? 1 : Int(parts[0]), Int(parts[1]))
    default: bounds = (nil, nil)
    }
    guard let lo = bounds.0, let hi = bounds.1, 1 <= lo, lo <= hi, hi <= 999 else {
        throw UsageError(
            "invalid value '\(text)' for --significant: expected N or MIN..MAX with 1 <= MIN <= MAX <= 999")
    }
    return lo...hi
}
