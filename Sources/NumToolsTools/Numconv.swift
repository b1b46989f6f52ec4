import NumToolsCLI
import NumToolsCore

/// `numconv`: its option table, its usage and the building of its transform.
/// `Sources/numconv/main.swift` and the `numtools` multi-call binary run it.
public enum Numconv {
    enum Options {
        static let from: Option<NumberSource> = .numberSource(
            "from", "LOCALE|auto[:LOCALE,...]",
            defaults: AutoNumberConverter.defaultCandidates,
            help: "notation of the input (default C: machine notation, whatever LANG says); auto: read in several"
        ).suggested(for: "from-locale", "input-locale", "source-locale")
        static let prefer: Option<LocaleID?> = .locale(
            "prefer", "LOCALE", help: "with --from auto, take this notation's reading of an ambiguous value")
        static let report: Option<Bool> = .flag(
            "report", help: "with --from auto, count on stderr what the values were read as")
        static let to: Option<[LocaleID]> = .locales(
            "to", "LOCALE[,...]", required: "--to is required: the locale(s) to write",
            help: "notation(s) to write; several give columns (fields of their own)"
        ).suggested(for: "to-locale", "output-locale", "target-locale")
        static let style: Option<AmountStyle> = .choice(
            "style", "STYLE", default: .number,
            help:
                "number (default), percent, currency, accounting, compact, scientific, si, iec, iec-i, bytes, myriad, auto, words or numerals"
        )
        static let system: Option<String?> = .string(
            "system", "NAME", help: "--style numerals: the numbering system (roman, romanlow, hans, hant, jpan, ...)"
        ).suggested(for: "numbering-system", "numbers")
        static let suffix: Option<String?> = .string(
            "suffix", "STR", help: "si, iec, iec-i, bytes: the unit after the prefix (B: 1.5KB), removed when there")
        static let currency: Option<String?> = .value(
            "currency", short: "c", "CODE",
            help:
                "the column's currency (ISO code, symbol or a form such as C$, yen, RMB): settles a shared symbol, refuses others; with --style words, amounts in words",
            completion: .currencies
        ) { $0 }
        static let ratio: Option<Bool> = .flag(
            "ratio", help: "--style percent: --to C writes the ratio (19 % is 0.19), not the points (19)")
        static let code: Option<Bool> = .flag(
            "code", help: "one more output value: the amount's ISO 4217 code")
        static let minFraction: Option<Int?> = .fractionDigits(
            "min-fraction", help: "pad the fraction with zeros to at least N digits"
        ).suggested(for: "minimum-fraction-digits", "min-fraction-digits")
        static let maxFraction: Option<Int?> = .fractionDigits(
            "max-fraction", help: "round half-even to at most N fraction digits"
        ).suggested(for: "precision", "decimals", "scale", "maximum-fraction-digits", "max-fraction-digits")
    }

    static let definition = ToolDefinition(
        name: "numconv",
        synopsis: "--from LOCALE|auto[:LOCALE,...] --to LOCALE[,LOCALE...] [OPTIONS] [VALUE...]",
        summary: """
            Convert numbers written in one locale's notation to another's, exactly: the same
            digits, in the target locale's digits, separators, grouping and signs. Input that
            does not follow the source locale's notation strictly is an error, never a guess.
            """,
        options: [
            Options.from, Options.to, Options.prefer, Options.report, Options.style, Options.ratio, Options.minFraction,
            Options.maxFraction, Options.currency, Options.code, Options.suffix, Options.system, Listing.locales,
            Listing.currencies,
        ],
        // The three options the examples of README.md and numconv(1) use most
        // (counted: --to 53, --from 50, --style 31, -f 14): `--help` lists
        // them first, in the order a command line gives them.
        mostUsed: [Options.from, Options.to, Options.style],
        examples: [
            "numconv --from en_US --to de_DE 1234567.891        # 1.234.567,891",
            "numconv --from en_US --to ko_KR,fr_GP,ne,ar,it_CH 1234567.891",
            "numconv --csv -f 3 --from de_DE --to en_US < prices.csv",
            "numconv --style percent --from fr_FR --to ar_EG '12,5 %'",
            "numconv --csv -f 2 --from auto --to C --report < mixed.csv  # US, German, French, Swiss, Indian rows",
            "numconv --style accounting --from de_DE --to C '(1.234,56 €)'   # -1234.56",
            "numconv --style auto --from ko_KR --to C '1억 2,345만 원'        # 123450000",
            "numconv --style iec-i --from en_US --to C 1.5Ki                 # 1536",
            "numconv --style myriad --from ja_JP --to C 1億2345万6789円       # 123456789",
            "numconv --style words --from ko_KR --to C '천이백삼십사만 오천육백칠십팔'   # 12345678",
            "numconv --style numerals --system roman --from en_US --to C MCMXCIV   # 1994",
            "numconv --style words --currency KRW --from ko_KR --to C '일금 오천만원정'   # 50000000",
        ],
        numfmtSpellings: [
            "round": "numconv rounds only to --max-fraction N digits, half-even",
            "grouping": "numconv writes the grouping of the --to locale",
            "format": "--min-fraction and --max-fraction give the digits, --width the padding",
            "from-unit": "numconv reads unit prefixes with --style si, iec or iec-i; coinfmt --from-unit scales",
            "to-unit": "numconv writes plain numbers; coinfmt --to-unit scales",
        ])

    /// Runs numconv on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools numconv`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            try checkNumfmtUnits(invocation)
            let amountStyle = try invocation.value(Options.style)
            if invocation.has(Options.ratio) && amountStyle != .percent {
                throw UsageError(
                    "--ratio applies only to --style percent: --style \(amountStyle.rawValue) reads no percent")
            }
            let from = try invocation.value(Options.from)
            let fraction = try invocation.fractionRange(Options.minFraction, Options.maxFraction)
            let (prefer, report) = (try invocation.value(Options.prefer), try invocation.value(Options.report))
            let code = try currencyCode(invocation, from: from)
            let writesCode = try invocation.value(Options.code)
            if invocation.has(Options.suffix) && ![.si, .iec, .iecI, .bytes].contains(amountStyle) {
                throw UsageError(
                    "--suffix applies only to --style si, iec, iec-i or bytes: --style \(amountStyle.rawValue) reads no unit prefix"
                )
            }
            if amountStyle == .words || amountStyle == .numerals || invocation.has(Options.system) {
                return try words(invocation, style: amountStyle, from: from, fraction: fraction)
            }
            guard let style = LocaleNumberFormat.Style(rawValue: amountStyle.rawValue) else {
                return try amounts(
                    invocation, style: amountStyle, from: from, currency: code, writesCode: writesCode,
                    prefer: prefer, report: report, fraction: fraction)
            }
            if invocation.has(Options.currency) || writesCode {
                throw UsageError(
                    "--\(writesCode ? "code" : "currency") applies to amounts with a currency: --style currency, accounting, compact, myriad or auto"
                )
            }
            let (targets, ratio) = try percentTargets(invocation, style: style)
            guard case .auto(let locales) = from else {
                if prefer != nil {
                    throw UsageError("--prefer settles what --from auto finds ambiguous: it needs --from auto")
                }
                if report { throw UsageError("--report counts what --from auto read values as: it needs --from auto") }
                guard case .locale(let locale) = from else { preconditionFailure() }
                var converter = NumberConverter(
                    from: LocaleNumberFormat(locale: locale, style: style), to: targets,
                    minimumFraction: fraction.minimum, maximumFraction: fraction.maximum)
                converter.ratioTargets = ratio
                return NumberConversion.fixed(converter)
            }
            return try auto(
                locales, style: style, to: targets, ratio: ratio, prefer: prefer, report: report, fraction: fraction)
        }
    }
}
