import NumToolsCLI
import NumToolsCore
import NumToolsPhonePrefixes

/// `phonefmt`: its option table, its usage and the building of its transform.
/// `Sources/phonefmt/main.swift` and the `numtools` multi-call binary run it.
public enum Phonefmt {
    enum Options {
        static let region: Option<String?> = .region(
            "region", short: "r", "CC",
            help:
                "region of numbers without a country code (default: the territory of LC_ALL, LC_TELEPHONE or LANG; else none)"
        ).suggested(for: "country", "default-region", "country-code")
        static let regionField: Option<Int?> = .integer(
            "region-field", in: 1...Int.max,
            help: "take each record's region from its field N (empty: the default region); needs -f")
        static let format: Option<[PhoneField]?> = .value(
            "format", "FIELD[,...]",
            help:
                "national (default), international, e164, rfc3966, digits, out-of-country, mobile-dialing, key, or a list of fields, each a field of its own",
            completion: .choices(PhoneField.allCases.map(\.rawValue))
        ) { text throws(UsageError) in
            guard let fields = PhoneField.list(text) else {
                let bad = text.split(separator: ",", omittingEmptySubsequences: false).first {
                    PhoneField(rawValue: $0.lowercased()) == nil
                }
                throw UsageError.notOneOf(PhoneField.allCases.map(\.rawValue), String(bad ?? ""), option: "format")
            }
            return fields
        }
        .suggested(for: "output-format")
        .commaList()
        static let fromRegion: Option<String?> = .value(
            "from-region", "CC",
            help: "region calls are placed from, for out-of-country and mobile-dialing (default --region)",
            completion: .regions
        ) { text throws(UsageError) in try Option<String>.regionCode(text, option: "from-region") }
        .suggested(for: "calling-from", "dial-from")
        static let lang: Option<PhoneLanguage?> = .value(
            "lang", "LANG", help: "language of the carrier and location fields (default en)",
            completion: .languages
        ) { text throws(UsageError) in
            guard let language = PhoneLanguage(text) else {
                throw UsageError("invalid value '\(text)' for --lang: expected a language such as en, ko or zh_Hant")
            }
            return language
        }
        static let type: Option<Set<PhoneNumberType>?> = .value(
            "type", short: "t", "TYPE", help: "accept only these types, comma-separated (default any)",
            completion: .choices(PhoneNumberType.filterNames)
        ) { text throws(UsageError) in
            guard let filter = PhoneNumberType.filter(text) else {
                throw UsageError.notOneOf(PhoneNumberType.filterNames, text, option: "type")
            }
            return filter
        }
        .commaList()
        static let short: Option<Bool> = .flag(
            "short", help: "accept the region's short numbers too (112, 119, 1330), written as dialled")
        static let match: Option<Bool> = .flag(
            "match",
            help: "compare the numbers of the two -f fields; append libphonenumber's match: exact, nsn, short-nsn, none"
        )
        static let asYouType: Option<Bool> = .flag(
            "as-you-type", help: "show each value as a phone's dialler shows it while typing")
        static let find: Option<Bool> = .flag(
            "find", help: "find the numbers in free text; write each as a field of its own")
        static let replace: Option<Bool> = .flag(
            "replace", help: "with --find, rewrite each number in place, the rest byte for byte")
        static let noExtension: Option<Bool> = .flag(
            "no-extension", help: "drop extensions (ext. 123) instead of writing them")
    }

    static let definition = ToolDefinition(
        name: "phonefmt",
        synopsis:
            "[--region CC] [--region-field N] [--format FIELD,...] [--from-region CC] [--lang LANG] [--type TYPE] [--short] [--match] [--as-you-type | --find [--replace]] [OPTIONS] [VALUE...]",
        summary: """
            Validate phone numbers and write them in one format (010 1234 5678 -> 010-1234-5678),
            by the numbering plans of libphonenumber \(PhoneMetadata.version), as a sign-up form does;
            or write several fields: the formats and type, region, country-code, valid, possible,
            reason, timezone, carrier, location, the forms dialled from another region
            (out-of-country, mobile-dialing) and a key for finding duplicates.
            """,
        options: [
            Options.region, Options.regionField, Options.format, Options.fromRegion, Options.lang, Options.type,
            Options.short, Options.match, Options.asYouType,
            Options.find,
            Options.replace, Options.noExtension, Listing.regions,
        ],
        // The three options the examples of README.md and phonefmt(1) use most
        // (counted: -r/--region 41, --format 35, -f 18, --csv 13): `--help`
        // lists them first.
        mostUsed: [Options.region, Options.format, StreamOptions.field],
        examples: [
            "phonefmt -r KR 01012345678                  # 010-1234-5678",
            "phonefmt -r KR --format e164 'Tel: 02 123 4567' # +8221234567",
            "phonefmt --region US '(650) 253-0000'      # (650) 253-0000",
            "phonefmt -r KR --csv -f 3 --format e164 < users.csv",
            "phonefmt --csv -f 2 --region-field 3 --format e164 < contacts.csv",
            "phonefmt -r KR --type mobile --on-error=skip < numbers.txt",
            "phonefmt -r KR --format e164,type,region,location --lang ko < contacts.txt",
            "phonefmt -r KR --format out-of-country --from-region US 010-1234-5678  # 011 82 10-1234-5678",
            "cut -d, -f3 contacts.csv | phonefmt -r KR --format key | sort | uniq -d  # numbers listed twice",
            "phonefmt -r KR --short --format national,emergency,cost 119 1330",
            "phonefmt -r KR --csv --header -f phone,mobile --match < contacts.csv",
            "phonefmt -r KR --as-you-type 0101234        # 010-1234",
            "phonefmt -r KR --find --format e164 'call 010-1234-5678 or +1 650 253 0000'",
        ],
        numfmtSpellings: [
            "round": "phonefmt formats phone numbers; coinfmt --round rounds",
            "to": "phonefmt formats phone numbers; coinfmt --style si, iec or iec-i writes units",
            "from":
                "phonefmt reads phone numbers; numconv --style si, iec or iec-i reads 1.5K; --from-region is written in full",
            "suffix": "phonefmt formats phone numbers; coinfmt --suffix writes a unit",
            "grouping": "phonefmt formats phone numbers; numgroup groups digits",
            "from-unit": "phonefmt formats phone numbers; coinfmt --from-unit scales",
            "to-unit": "phonefmt formats phone numbers; coinfmt --to-unit scales",
        ],
        languages: { PhoneLanguage.available })

    /// Runs phonefmt on the command line's arguments after the first `count`
    /// (the program's name, and `numtools`'s tool name when it runs as `numtools phonefmt`).
    public static func main(argumentsAfter count: Int = 1) -> Never {
        // The timezone, carrier and location fields' data (decoded only when asked for).
        PhonePrefixes.install()
        ToolRunner.main(definition, argumentsAfter: count) { invocation throws(UsageError) in
            let region = try invocation.value(Options.region)
            let regionField = try Self.regionField(invocation)
            let fields = try invocation.value(Options.format) ?? [.national]
            let language = try invocation.value(Options.lang)
            let types = try invocation.value(Options.type) ?? []
            let asYouType = invocation.has(Options.asYouType)
            let short = invocation.has(Options.short)
            if asYouType,
                let other = [Options.type.spec, Options.format.spec, Options.short.spec].first(where: invocation.has)
            {
                throw UsageError("--as-you-type cannot be used with --\(other.long)")
            }
            if language != nil && !fields.contains(.carrier) && !fields.contains(.location) {
                throw UsageError("--lang names the language of the carrier and location fields of --format")
            }
            let fromRegion = try invocation.value(Options.fromRegion)
            if fromRegion != nil && !fields.contains(.outOfCountry) && !fields.contains(.mobileDialing) {
                throw UsageError(
                    "--from-region names where calls are placed from: give --format out-of-country or mobile-dialing")
            }
            let match = invocation.has(Options.match)
            if match { try checkMatch(invocation) }
            let find = try findMode(invocation)
            if find != nil && (short || types.contains(where: \.isShort)) {
                throw UsageError("--find finds full numbers: --short and --type short or emergency do not apply")
            }
            if find != nil && (fields.count != 1 || !fields[0].writesNumber) {
                throw UsageError(
                    "--find writes each number found in one format: give --format one of e164, international, national, rfc3966, digits, out-of-country, mobile-dialing, key"
                )
            }
            try checkRegionNamed(region, regionField: regionField, fields: fields, find: find, invocation)
            let noExtension = invocation.has(Options.noExtension)
            if noExtension
                && (asYouType || !fields.contains(where: { $0.format != nil || $0 == .outOfCountry || $0 == .key }))
            {
                throw UsageError(
                    "--no-extension drops the extension of a formatted number: "
                        + (asYouType ? "--as-you-type shows what was typed" : "--format names no format"))
            }
            return PhoneTransform(
                region: region, types: types, asYouType: asYouType, fields: fields, language: language ?? .english,
                find: find, writesExtension: !noExtension, regionField: regionField, fromRegion: fromRegion,
                shortNumbers: short, match: match)!
        }
    }

    /// `--match`: two fields, by number or header name, and nothing that
    /// chooses what to write.
    static func checkMatch(_ invocation: ToolInvocation) throws(UsageError) {
        let selection = try invocation.value(StreamOptions.field)
        let parts = (selection?.numbers ?? []) + (selection?.names ?? [])
        guard parts.count == 2, selection!.numbers.allSatisfy({ Int($0) != nil }), Set(parts).count == 2 else {
            throw UsageError("--match compares the numbers of two fields of each record: give them with -f (-f 2,5)")
        }
        let other = [
            Options.format.spec, Options.find.spec, Options.asYouType.spec, Options.regionField.spec,
            Options.type.spec, Options.short.spec, Options.fromRegion.spec, Options.lang.spec,
            Options.noExtension.spec,
        ]
        if let given = other.first(where: invocation.has) {
            throw UsageError("--match writes the match type alone: it cannot be used with --\(given.long)")
        }
    }

    /// What needs a region when none is named (no `-r`, no territory in the
    /// environment): typing a number, finding numbers in text (but per
    /// record, with `--region-field`) and the forms dialled from a region.
    static func checkRegionNamed(
        _ region: String?, regionField: Int?, fields: [PhoneField], find: PhoneFind?, _ invocation: ToolInvocation
    ) throws(UsageError) {
        guard region == nil else { return }
        let how = "give one with -r REGION (such as -r DE), or set LC_TELEPHONE or LANG to a locale with a territory"
        if invocation.has(Options.asYouType) {
            throw UsageError("--as-you-type types a number as a region's dialler shows it: no region is named; \(how)")
        }
        if find != nil && regionField == nil {
            throw UsageError("--find finds numbers as a region writes them: no region is named; \(how)")
        }
        if (fields.contains(.outOfCountry) || fields.contains(.mobileDialing))
            && !invocation.has(Options.fromRegion)
        {
            throw UsageError(
                "--format out-of-country and mobile-dialing need the region calls are placed from: give --from-region CC or -r REGION"
            )
        }
    }

    /// `--region-field N`: a field that `-f` does not select, of records split into fields.
    static func regionField(_ invocation: ToolInvocation) throws(UsageError) -> Int? {
        guard let n = try invocation.value(Options.regionField) else { return nil }
        guard let fields = try invocation.value(StreamOptions.field) else {
            throw UsageError("--region-field needs --field: it names the region of the fields --field selects")
        }
        // (A field named by its header is known only once the header is read.)
        if let list = fields.fieldList, list.contains(n) {
            throw UsageError("--region-field \(n) is also in --field: the region field is read, not transformed")
        }
        return n
    }

    /// `--find` and `--replace`: nil without `--find`.
    static func findMode(_ invocation: ToolInvocation) throws(UsageError) -> PhoneFind? {
        guard invocation.has(Options.find) else {
            if invocation.has(Options.replace) { throw UsageError("--replace needs --find") }
            return nil
        }
        if invocation.has(Options.asYouType) { throw UsageError("--find cannot be used with --as-you-type") }
        return invocation.has(Options.replace) ? .replace : .list
    }
}
