import NumToolsCLI
import NumToolsCore

extension Numconv {
    /// `-c`'s currency as an ISO code: the value is a code, a symbol or a
    /// form of ``CurrencyForms`` (the symbols of the `--from` locales);
    /// one that names several currencies, or none, is a usage error.
    static func currencyCode(_ invocation: ToolInvocation, from: NumberSource) throws(UsageError) -> String? {
        guard let given = try invocation.value(Options.currency) else { return nil }
        let locales: [LocaleID]
        switch from {
        case .locale(let locale): locales = [locale]
        case .auto(let candidates): locales = candidates
        }
        let codes = CurrencyForms.currencies(named: given, in: locales)
        if codes.count == 1 { return codes[0] }
        if codes.isEmpty {
            throw UsageError(
                "unknown currency '\(given)' for --currency: expected an ISO 4217 code, a symbol or a form such as C$"
                    + didYouMean(CurrencyCatalog.suggestions(for: given)))
        }
        throw UsageError(
            "--currency '\(given)' names several currencies (\(codes.joined(separator: ", "))): give one's ISO code")
    }

    /// The transform of the amount styles (``AmountConverter``).
    static func amounts(
        _ invocation: ToolInvocation, style: AmountStyle, from: NumberSource, currency: String?, writesCode: Bool,
        prefer: LocaleID?, report: Bool, fraction: FractionRange
    ) throws(UsageError) -> NumberConversion {
        if report { throw UsageError("--report counts plain numbers: it does not apply to --style \(style.rawValue)") }
        if [.si, .iec, .iecI, .bytes].contains(style), currency != nil || writesCode {
            throw UsageError(
                "--\(writesCode ? "code" : "currency") applies to amounts with a currency: --style \(style.rawValue) reads none"
            )
        }
        let targets = try invocation.value(Options.to)
        let sources: [LocaleID]
        switch from {
        case .locale(let locale): sources = [locale]
        case .auto(let locales):
            var seen = Set<String>()
            sources = locales.filter { seen.insert(LocaleNumberFormat(locale: $0).localeIdentifier).inserted }
        }
        if style == .myriad, let other = sources.first(where: { !CoinFormatStyle.countsInMyriads($0) }) {
            throw UsageError(
                "--style myriad needs a locale that counts in myriads (ko, ja, zh, yue): \(other.identifier) does not")
        }
        guard sources.count <= AutoNumberConverter.maximumCandidates else {
            throw UsageError("--from auto takes at most \(AutoNumberConverter.maximumCandidates) notations")
        }
        var preferred: Int? = nil
        if let prefer {
            guard case .auto = from else {
                throw UsageError("--prefer settles what --from auto finds ambiguous: it needs --from auto")
            }
            let id = LocaleNumberFormat(locale: prefer).localeIdentifier
            preferred = sources.firstIndex { LocaleNumberFormat(locale: $0).localeIdentifier == id }
            if preferred == nil { throw UsageError("--prefer \(id) is not one of the notations of --from") }
        }
        return .amounts(
            AmountConverter(
                from: sources, style: style, to: targets, currency: currency, writesCode: writesCode,
                preferring: preferred, minimumFraction: fraction.minimum, maximumFraction: fraction.maximum,
                suffix: try invocation.value(Options.suffix) ?? ""))
    }
}

extension Numconv {
    /// The transform of `--style words|numerals` (``WordsConverter``).
    static func words(_ invocation: ToolInvocation, style: AmountStyle, from: NumberSource, fraction: FractionRange)
        throws(UsageError) -> NumberConversion
    {
        let system = try invocation.value(Options.system)
        guard style == .words || style == .numerals else {
            throw UsageError("--system applies only to --style numerals: --style \(style.rawValue) reads no numerals")
        }
        let code = try invocation.value(Options.code)
        let report = try invocation.value(Options.report)
        if (style == .numerals && invocation.has(Options.currency)) || code || invocation.has(Options.suffix)
            || invocation.has(Options.prefer) || report
        {
            throw UsageError(
                "--style \(style.rawValue) reads a number\(style == .words ? " or, with --currency, an amount" : " alone"): \(style == .words ? "" : "--currency, ")--code, --suffix, --prefer and --report do not apply"
            )
        }
        guard case .locale(let locale) = from else {
            throw UsageError("--style \(style.rawValue) reads one locale's words: --from auto does not apply")
        }
        let reader: NumeralReader
        if style == .words {
            if system != nil {
                throw UsageError("--system applies only to --style numerals: --style words reads the locale's words")
            }
            guard let r = NumeralReader.words(locale: locale) else {
                throw UsageError(
                    "--style words: ICU has no spell-out rules for \(locale.identifier)'s language (try --list-locales)"
                )
            }
            reader = r
        } else {
            let name = system ?? NumeralSystems.traditional(for: locale)
            guard let name else {
                throw UsageError(
                    "--style numerals: \(locale.identifier) has no traditional numbering system; name one with --system (\(NumeralReader.readableSystems.joined(separator: ", ")))"
                )
            }
            guard let r = NumeralReader.numerals(name) else {
                throw UsageError(
                    "invalid value '\(name)' for --system: expected one of \(NumeralReader.readableSystems.joined(separator: ", "))"
                )
            }
            reader = r
        }
        let machine = LocaleNumberFormat(locale: LocaleID(identifier: LocaleSupport.machineIdentifier), style: .number)
        let targets = try invocation.value(Options.to).map { LocaleNumberFormat(locale: $0, style: .number) }
        let writer = NumberConverter(
            from: machine, to: targets, minimumFraction: fraction.minimum, maximumFraction: fraction.maximum)
        if let currency = try currencyCode(invocation, from: from) {
            return .words(
                WordsConverter(amounts: try CurrencyWordsReader(locale: locale, code: currency), writer: writer))
        }
        return .words(WordsConverter(reader: reader, writer: writer))
    }
}
