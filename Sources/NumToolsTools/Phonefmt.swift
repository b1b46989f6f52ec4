import Foundation
import NumToolsCLI
import NumToolsCore

/// `phonefmt`: its option table, its usage and the building of its transform.
/// `Sources/phonefmt/main.swift` and the `numtools` multi-call binary run it.
public enum Phonefmt {
    enum Options {
        static let region: Option<String> = .region(
            "region", short: "r", "CC", default: "KR", help: "region of numbers without a country code (default KR)")
        static let format: Option<PhoneNumberFormat> = .choice(
            "format", "FMT", default: .national, help: "national (default), international, e164, rfc3966 or digits")
        static let type: Option<Set<PhoneNumberType>?> = .value(
            "type", short: "t", "TYPE", help: "accept only these types, comma-separated (default any)",
            completion: .choices(PhoneNumberType.filterNames)
        ) { text throws(UsageError) in
            guard let filter = PhoneNumberType.filter(text) else {
                throw UsageError.notOneOf(PhoneNumberType.filterNames, text, option: "type")
            }
            return filter
        }
        static let asYouType: Option<Bool> = .flag(
            "as-you-type", help: "show each value as a phone's dialler shows it while typing")
        static let noExtension: Option<Bool> = .flag(
            "no-extension", help: "drop extensions (ext. 123) instead of writing them")
    }

    static let definition = ToolDefinition(
        name: "phonefmt",
        synopsis: "[--region CC] [--format FMT] [--type TYPE] [--as-you-type] [OPTIONS] [VALUE...]",
        summary: """
            Validate phone numbers and write them in one format (010 1234 5678 -> 010-1234-5678),
            by the numbering plans of libphonenumber \(PhoneMetadata.version), as a sign-up form does.
            """,
        options: [
            Options.region, Options.format, Options.type, Options.asYouType, Options.noExtension, Listing.regions,
        ],
        examples: [
            "phonefmt 01012345678                       # 010-1234-5678",
            "phonefmt --format e164 'Tel: 02 123 4567'  # +8221234567",
            "phonefmt --region US '(650) 253-0000'      # (650) 253-0000",
            "phonefmt --csv -f 3 --format e164 < users.csv",
            "phonefmt --type mobile --on-error=skip < numbers.txt",
            "phonefmt --as-you-type 0101234             # 010-1234",
        ])

    /// Runs phonefmt on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools phonefmt`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            let region = try invocation.value(Options.region)
            let format = try invocation.value(Options.format)
            let types = try invocation.value(Options.type) ?? []
            let asYouType = invocation.has(Options.asYouType)
            if asYouType, let other = [Options.type.spec, Options.format.spec].first(where: { invocation.has($0) }) {
                throw UsageError("--as-you-type cannot be used with --\(other.long)")
            }
            return PhoneTransform(
                region: region, format: format, types: types, asYouType: asYouType,
                writesExtension: !invocation.has(Options.noExtension))!
        }
    }
}
