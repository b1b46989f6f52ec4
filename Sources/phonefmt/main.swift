import Foundation
import NumToolsCore

let tool = ToolDefinition(
    name: "phonefmt",
    synopsis: "[--region CC] [--format FMT] [--type TYPE] [--as-you-type] [OPTIONS] [VALUE...]",
    summary: """
        Validate phone numbers and write them in one format (010 1234 5678 -> 010-1234-5678),
        by the numbering plans of libphonenumber \(PhoneMetadata.version), as a sign-up form does.
        """,
    options: [
        OptionSpec(
            "region", short: "r", .required("CC"), help: "region of numbers without a country code (default KR)",
            completion: .regions),
        OptionSpec(
            "format", .required("FMT"), help: "national (default), international, e164, rfc3966 or digits",
            completion: .choices(PhoneNumberFormat.allCases.map(\.rawValue))),
        OptionSpec(
            "type", short: "t", .required("TYPE"), help: "accept only these types, comma-separated (default any)",
            completion: .choices(PhoneNumberType.filterNames)),
        OptionSpec("as-you-type", help: "show each value as a phone's dialler shows it while typing"),
        OptionSpec("list-regions", help: "list the regions: code, country code, English name, example"),
    ],
    examples: [
        "phonefmt 01012345678                       # 010-1234-5678",
        "phonefmt --format e164 'Tel: 02 123 4567'  # +8221234567",
        "phonefmt --region US '(650) 253-0000'      # (650) 253-0000",
        "phonefmt --csv -f 3 --format e164 < users.csv",
        "phonefmt --type mobile --on-error=skip < numbers.txt",
        "phonefmt --as-you-type 0101234             # 010-1234",
    ])

ToolRunner.main(tool) { invocation throws(UsageError) in
    let arguments = invocation.arguments
    if arguments.has("list-regions") { return .print(PhoneRegions.list) }

    var region = "KR"
    if let given = arguments.last("region") {
        region = given.uppercased()
        guard PhoneMetadata.isSupported(region: region) else {
            throw UsageError(
                "unknown region '\(given)' for --region: expected a region code such as KR or US"
                    + didYouMean(closeMatches(region, among: PhoneMetadata.regionCodes)))
        }
    }
    let format = try invocation.choice("format", PhoneNumberFormat.allCases.map(\.rawValue))
        .map { PhoneNumberFormat(rawValue: $0)! } ?? .national
    var types: Set<PhoneNumberType> = []
    if let text = arguments.last("type") {
        guard let filter = PhoneNumberType.filter(text) else {
            let names = PhoneNumberType.filterNames
            throw UsageError(
                "invalid value '\(text)' for --type: expected one of \(names.joined(separator: ", "))"
                    + didYouMean(closeMatches(text, among: names)))
        }
        types = filter
    }
    let asYouType = arguments.has("as-you-type")
    if asYouType && (arguments.has("type") || arguments.has("format")) {
        throw UsageError("--as-you-type cannot be used with --\(arguments.has("type") ? "type" : "format")")
    }
    return .stream(PhoneTransform(region: region, format: format, types: types, asYouType: asYouType)!)
}
