import NumToolsCLI
import NumToolsCore

/// `numgroup`: its option table, its usage and the building of its transform.
/// `Sources/numgroup/main.swift` and the `numtools` multi-call binary run it.
public enum Numgroup {
    enum Options {
        static let separator: Option<String?> = .string(
            "separator", short: "s", "STR", help: "grouping separator to write (default ',')"
        ).suggested(for: "thousands-sep", "thousands-separator", "grouping-separator")
        static let decimal: Option<String?> = .character("decimal", "CHAR", help: "decimal point (default '.')")
            .suggested(for: "decimal-point", "decimal-separator", "radix")
        static let group: Option<GroupSizes?> = .value(
            "group", short: "g", "N[,M]", help: "group size N, then M for further groups (default 3)",
            parse: GroupSizes.init
        ).suggested(for: "grouping", "group-size", "grouping-size")
        static let minDigits: Option<Int?> = .integer(
            "min-digits", in: 1...Int(Int32.max), help: "group only integer parts of at least N digits (--text: 5)")
        static let locale: Option<LocaleID?> = .locale(
            "locale", short: "l", "ID", help: "separator, decimal point and grouping of this locale"
        ).suggested(for: "lang", "language")
        static let ungroup: Option<Bool> = .flag("ungroup", short: "u", help: "remove grouping separators instead")
        static let sanitize: Option<Bool> = .flag(
            "sanitize",
            help: "drop what is no part of the number (currency, unit, letters), never changing it; then group")
        static let text: Option<Bool> = .flag(
            "text", help: "group the numbers standing alone inside free text; never an error")
    }

    static let definition = ToolDefinition(
        name: "numgroup",
        synopsis: "[OPTIONS] [VALUE...]",
        summary: """
            Insert digit grouping separators into plain numbers (1234567.891 -> 1,234,567.891),
            or remove them, as a text field does while a user types. Digits are never changed.
            """,
        options: [
            Options.separator, Options.decimal, Options.group, Options.minDigits, Options.locale, Options.ungroup,
            Options.sanitize, Options.text, Listing.locales,
        ],
        // The three options the examples of README.md and numgroup(1) use most
        // (counted: -f 15, --text 10, -l/--locale 9, --width 8): `--help`
        // lists them first.
        mostUsed: [StreamOptions.field, Options.text, Options.locale],
        examples: [
            "numgroup 1234567.891                 # 1,234,567.891",
            "numgroup -g 3,2 1234567              # 12,34,567",
            "numgroup --locale de_CH 1234567.89   # 1’234’567.89",
            "numgroup --csv -f 3 < prices.csv",
            "tail -f app.log | numgroup --text",
        ],
        numfmtSpellings: [
            "round": "numgroup never changes a digit; coinfmt --round rounds",
            "to": "numgroup writes no unit; coinfmt --style si, iec or iec-i does",
            "from": "numgroup reads plain numbers; numconv --style si, iec or iec-i reads 1.5K",
            "suffix": "numgroup writes no unit (--sanitize drops one); coinfmt --suffix writes one",
            "format": "numgroup never changes a digit; --width pads",
            "from-unit": "numgroup never scales; coinfmt --from-unit does",
            "to-unit": "numgroup never scales; coinfmt --to-unit does",
        ])

    /// Runs numgroup on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools numgroup`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            let modes = [Options.ungroup, Options.sanitize, Options.text].filter { invocation.has($0) }
            if modes.count > 1 {
                throw UsageError("--\(modes[0].spec.long) and --\(modes[1].spec.long) cannot be used together")
            }
            let base = try invocation.value(Options.locale).map {
                GroupingStyle(locale: $0, identifier: invocation.text(Options.locale))
            }
            var style = try GroupingStyle(
                base ?? GroupingStyle(), separator: invocation.value(Options.separator),
                decimal: invocation.value(Options.decimal), sizes: invocation.value(Options.group))
            try style.checkSymbols()

            let minDigits = try invocation.value(Options.minDigits)
            if minDigits != nil, invocation.has(Options.ungroup) {
                throw UsageError("--min-digits applies only to grouping: --ungroup writes no grouping")
            }
            let mode: DigitGrouper.Mode
            if invocation.has(Options.text) {
                mode = .text(minimumDigits: minDigits ?? 5)
            } else {
                if let minDigits { style = style.minimumIntegerDigits(minDigits) }
                mode =
                    invocation.has(Options.ungroup) ? .ungroup : invocation.has(Options.sanitize) ? .sanitize : .group
            }
            return DigitGrouper(style: style, mode: mode)
        }
    }
}
