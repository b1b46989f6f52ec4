import Foundation
import NumToolsCLI
import NumToolsCore

/// `numconv`: its option table, its usage and the building of its transform.
/// `Sources/numconv/main.swift` and the `numtools` multi-call binary run it.
public enum Numconv {
    enum Options {
        static let from: Option<Locale> = .locale(
            "from", "LOCALE", environment: "LC_NUMERIC",
            help: "notation of the input (default from LC_ALL, LC_NUMERIC, LANG)"
        ).suggested(for: "from-locale", "input-locale", "source-locale")
        static let to: Option<[Locale]> = .locales(
            "to", "LOCALE[,...]", required: "--to is required: the locale(s) to write",
            help: "notation(s) to write; several give TAB-separated columns"
        ).suggested(for: "to-locale", "output-locale", "target-locale")
        static let style: Option<LocaleNumberFormat.Style> = .choice(
            "style", "STYLE", default: .number, help: "number (default) or percent")
        static let minFraction: Option<Int?> = .fractionDigits(
            "min-fraction", help: "pad the fraction with zeros to at least N digits"
        ).suggested(for: "minimum-fraction-digits", "min-fraction-digits")
        static let maxFraction: Option<Int?> = .fractionDigits(
            "max-fraction", help: "round half-even to at most N fraction digits"
        ).suggested(for: "precision", "decimals", "scale", "maximum-fraction-digits", "max-fraction-digits")
    }

    static let definition = ToolDefinition(
        name: "numconv",
        synopsis: "--from LOCALE --to LOCALE[,LOCALE...] [OPTIONS] [VALUE...]",
        summary: """
            Convert numbers written in one locale's notation to another's, exactly: the same
            digits, in the target locale's digits, separators, grouping and signs. Input that
            does not follow the source locale's notation strictly is an error, never a guess.
            """,
        options: [Options.from, Options.to, Options.style, Options.minFraction, Options.maxFraction, Listing.locales],
        examples: [
            "numconv --from en_US --to de_DE 1234567.891        # 1.234.567,891",
            "numconv --from en_US --to ko_KR,fr_GP,ne,ar,it_CH 1234567.891",
            "numconv --csv -f 3 --from de_DE --to en_US < prices.csv",
            "numconv --style percent --from fr_FR --to ar_EG '12,5 %'",
        ])

    /// Runs numconv on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools numconv`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            let style = try invocation.value(Options.style)
            let source = LocaleNumberFormat(locale: try invocation.value(Options.from), style: style)
            let targets = try invocation.value(Options.to).map { LocaleNumberFormat(locale: $0, style: style) }
            let fraction = try invocation.fractionRange(Options.minFraction, Options.maxFraction)
            return NumberConverter(
                from: source, to: targets, minimumFraction: fraction.minimum, maximumFraction: fraction.maximum)
        }
    }
}
