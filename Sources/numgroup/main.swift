import Foundation
import NumToolsCore

let tool = ToolDefinition(
    name: "numgroup",
    synopsis: "[OPTIONS] [VALUE...]",
    summary: """
        Insert digit grouping separators into plain numbers (1234567.891 -> 1,234,567.891),
        or remove them, as a text field does while a user types. Digits are never changed.
        """,
    options: [
        OptionSpec("separator", short: "s", .required("STR"), help: "grouping separator to write (default ',')"),
        OptionSpec("decimal", .required("CHAR"), help: "decimal point (default '.')"),
        OptionSpec("group", short: "g", .required("N[,M]"), help: "group size N, then M for further groups (default 3)"),
        OptionSpec("min-digits", .required("N"), help: "group only integer parts of at least N digits (--text: 5)"),
        OptionSpec(
            "locale", short: "l", .required("ID"),
            help: "separator, decimal point and grouping of this locale", completion: .locales),
        OptionSpec("ungroup", short: "u", help: "remove grouping separators instead"),
        OptionSpec("sanitize", help: "drop every character but digits, the first decimal point and a leading sign"),
        OptionSpec("text", help: "group the numbers standing alone inside free text; never an error"),
        OptionSpec("list-locales", help: "list the locales: ID, English name, sample"),
    ],
    examples: [
        "numgroup 1234567.891                 # 1,234,567.891",
        "numgroup -g 3,2 1234567              # 12,34,567",
        "numgroup --locale de_CH 1234567.89   # 1’234’567.89",
        "numgroup --csv -f 3 < prices.csv",
        "tail -f app.log | numgroup --text",
    ])

ToolRunner.main(tool) { invocation throws(UsageError) in
    let arguments = invocation.arguments
    if arguments.has("list-locales") { return .print(LocaleSupport.listing()) }

    let modes = ["ungroup", "sanitize", "text"].filter(arguments.has)
    if modes.count > 1 {
        throw UsageError("--\(modes[0]) and --\(modes[1]) cannot be used together")
    }

    var style: GroupingStyle
    if arguments.has("locale") {
        let id = arguments.last("locale")!
        style = GroupingStyle(locale: try invocation.locale("locale"), identifier: id)
    } else {
        style = GroupingStyle()
    }
    if let separator = arguments.last("separator") {
        if separator.isEmpty { throw UsageError("invalid value '' for --separator: expected a string") }
        style.separator = Array(separator.utf8)
    }
    if let decimal = arguments.last("decimal") {
        guard decimal.count == 1 else {
            throw UsageError("invalid value '\(decimal)' for --decimal: expected one character")
        }
        style.decimal = Array(decimal.utf8)
    }
    if let sizes = arguments.last("group") {
        let parts = sizes.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil && (1...64).contains($0!) }) else {
            throw UsageError("invalid value '\(sizes)' for --group: expected N or N,M with sizes from 1 to 64")
        }
        style.grouping = Grouping(
            primary: parts[0]!, secondary: parts.count > 1 ? parts[1]! : parts[0]!,
            minimumDigits: style.grouping.minimumDigits)
        style.localeIdentifier = nil
    }
    if style.separator == style.decimal {
        throw UsageError("the grouping separator and the decimal point are both '\(String(decoding: style.decimal, as: UTF8.self))'")
    }
    if style.decimal.first.map({ $0 &- 48 < 10 || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) == true
        || style.separator.first.map({ $0 &- 48 < 10 || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) == true
    {
        throw UsageError("the grouping separator and decimal point cannot be digits or signs")
    }

    let minDigits = try invocation.integer("min-digits", in: 1...Int(Int32.max))
    let mode: DigitGrouper.Mode
    if arguments.has("text") {
        mode = .text(minimumDigits: minDigits ?? 5)
    } else {
        if let minDigits { style = style.minimumIntegerDigits(minDigits) }
        mode = arguments.has("ungroup") ? .ungroup : arguments.has("sanitize") ? .sanitize : .group
    }
    return .stream(DigitGrouper(style: style, mode: mode))
}
