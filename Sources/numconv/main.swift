import Foundation
import NumToolsCore

let tool = ToolDefinition(
    name: "numconv",
    synopsis: "--from LOCALE --to LOCALE[,LOCALE...] [OPTIONS] [VALUE...]",
    summary: """
        Convert numbers written in one locale's notation to another's, exactly: the same
        digits, in the target locale's digits, separators, grouping and signs. Input that
        does not follow the source locale's notation strictly is an error, never a guess.
        """,
    options: [
        OptionSpec(
            "from", .required("LOCALE"), help: "notation of the input (default from LC_ALL, LC_NUMERIC, LANG)",
            completion: .locales),
        OptionSpec(
            "to", .required("LOCALE[,...]"), help: "notation(s) to write; several give TAB-separated columns",
            completion: .locales),
        OptionSpec(
            "style", .required("STYLE"), help: "number (default) or percent",
            completion: .choices(LocaleNumberFormat.Style.allCases.map(\.rawValue))),
        OptionSpec("min-fraction", .required("N"), help: "pad the fraction with zeros to at least N digits"),
        OptionSpec("max-fraction", .required("N"), help: "round half-even to at most N fraction digits"),
        OptionSpec("list-locales", help: "list the locales: ID, English name, sample"),
    ],
    examples: [
        "numconv --from en_US --to de_DE 1234567.891        # 1.234.567,891",
        "numconv --from en_US --to ko_KR,fr_GP,ne,ar,it_CH 1234567.891",
        "numconv --csv -f 3 --from de_DE --to en_US < prices.csv",
        "numconv --style percent --from fr_FR --to ar_EG '12,5 %'",
    ])

ToolRunner.main(tool) { invocation throws(UsageError) in
    let arguments = invocation.arguments
    if arguments.has("list-locales") { return .print(LocaleSupport.listing()) }
    let targetIDs = arguments.all("to").flatMap { $0.split(separator: ",").map(String.init) }
    guard !targetIDs.isEmpty else { throw UsageError("--to is required: the locale(s) to write") }
    let style = LocaleNumberFormat.Style(rawValue: try invocation.choice("style", ["number", "percent"]) ?? "number")!
    let source = LocaleNumberFormat(locale: try invocation.locale("from"), style: style)
    var targets: [LocaleNumberFormat] = []
    for id in targetIDs {
        targets.append(LocaleNumberFormat(locale: try LocaleSupport.resolve(id, option: "--to"), style: style))
    }
    let minimum = try invocation.integer("min-fraction", in: 0...1000)
    let maximum = try invocation.integer("max-fraction", in: 0...1000)
    if let minimum, let maximum, minimum > maximum {
        throw UsageError("--min-fraction \(minimum) is greater than --max-fraction \(maximum)")
    }
    return .stream(
        NumberConverter(from: source, to: targets, minimumFraction: minimum, maximumFraction: maximum))
}
