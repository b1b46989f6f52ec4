/// One output field of phonefmt's `--format` list: a format of the number,
/// or a fact libphonenumber knows about it.
public enum PhoneField: String, CaseIterable, Hashable, Sendable {
    case e164, international, national, rfc3966, digits
    /// libphonenumber's `number_type`, in kebab case (`mobile`).
    case type
    /// `region_code_for_number` (`KR`, `001` for non-geographic entities;
    /// empty when no region's plan takes the number).
    case region
    /// The country calling code (`82`).
    case countryCode = "country-code"
    /// `is_valid_number`: `true` or `false`.
    case valid
    /// `is_possible_number`: `true` or `false`.
    case possible
    /// `time_zones_for_number`: IANA zones, comma-separated (`Etc/Unknown`).
    case timezone
    /// `carrier.name_for_number` in the language.
    case carrier
    /// `geocoder.description_for_number` in the language.
    case location
    /// `is_possible_number_with_reason`: `is-possible`, `local-only`,
    /// `too-short`, `too-long`, `invalid-length`, `invalid-country-code`.
    case reason
    /// `format_out_of_country_calling_number`: as dialled from `--from-region`
    /// (`011 82 10-1234-5678` from US).
    case outOfCountry = "out-of-country"
    /// `format_number_for_mobile_dialing` with formatting: as dialled from a
    /// mobile phone in `--from-region` (`+82 10-1234-5678` from US).
    case mobileDialing = "mobile-dialing"
    /// A canonical key for deduplication: E.164, with `;ext=` and the
    /// extension when there is one.
    case key
    /// `yes` when the number is a valid short number of the region
    /// (`is_valid_short_number_for_region`), else `no`.
    case short
    /// `yes` when the value, as dialled, is an emergency number of the
    /// region (`is_emergency_number`), else `no`.
    case emergency
    /// `expected_cost_for_region`: `toll-free`, `standard-rate`,
    /// `premium-rate` or `unknown`.
    case cost

    /// The field's name as a column name: `country_code` for `country-code`.
    var columnName: String { String(rawValue.map { $0 == "-" ? "_" : $0 }) }

    /// Whether the field reads libphonenumber's prefix data (time zones,
    /// carrier, location), which the library NumToolsPhonePrefixes holds.
    public var needsPrefixData: Bool { self == .timezone || self == .carrier || self == .location }

    /// Whether the field writes the number itself (a format, the dialled
    /// forms or the key): what `--find` can write.
    public var writesNumber: Bool {
        switch self {
        case .e164, .international, .national, .rfc3966, .digits, .outOfCountry, .mobileDialing, .key: true
        default: false
        }
    }

    /// The format this field writes, if it is one.
    public var format: PhoneNumberFormat? {
        switch self {
        case .e164: .e164
        case .international: .international
        case .national: .national
        case .rfc3966: .rfc3966
        case .digits: .digits
        default: nil
        }
    }

    /// The field of `format`.
    public init(_ format: PhoneNumberFormat) {
        switch format {
        case .e164: self = .e164
        case .international: self = .international
        case .national: self = .national
        case .rfc3966: self = .rfc3966
        case .digits: self = .digits
        }
    }

    /// The fields a `--format` value names, comma-separated, in any case,
    /// in order (repeats allowed); nil when one is not a field name.
    public static func list(_ text: String) -> [PhoneField]? {
        var fields: [PhoneField] = []
        for name in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard let field = PhoneField(rawValue: String(name)) else { return nil }
            fields.append(field)
        }
        return fields
    }
}

/// The language of the `carrier` and `location` fields, as libphonenumber
/// takes it: a language (`en`, `ko`), an optional script (`Hant`) and an
/// optional region (`TW`), which only choose among the data's languages
/// (`zh_TW` reads `zh_Hant`). A language the data lacks falls back to
/// English, except Chinese, Japanese and Korean (libphonenumber's rule).
public struct PhoneLanguage: Hashable, Sendable {
    /// Lower-case ISO 639 code: `ko`.
    public let language: String
    /// Title-case ISO 15924 code: `Hant`.
    public let script: String?
    /// Upper-case ISO 3166 code or UN M.49 number: `TW`.
    public let region: String?

    /// English.
    public static let english = PhoneLanguage(language: "en", script: nil, region: nil)

    init(language: String, script: String?, region: String?) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// A language tag `ll[_Ssss][_RR]` (`-` also separates; letters in any
    /// case); nil when it is not of that shape.
    public init?(_ tag: String) {
        let parts = tag.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }.map(String.init)
        func letters(_ s: String) -> Bool { s.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } }
        guard let first = parts.first, (2...3).contains(first.utf8.count), letters(first), parts.count <= 3 else {
            return nil
        }
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if script == nil, region == nil, part.utf8.count == 4, letters(part) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, part.utf8.count == 2, letters(part) {
                region = part.uppercased()
            } else if region == nil, part.utf8.count == 3, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                region = part
            } else {
                return nil
            }
        }
        self.init(language: first.lowercased(), script: script, region: region)
    }

    /// `_find_lang`'s candidates, in its order: the normalized locale
    /// (`zh_TW` -> `zh_Hant`), the full locale, language and script,
    /// language and region, the language, then English when allowed.
    package var candidates: [String] {
        var full = language
        if let script { full += "_" + script }
        if let region { full += "_" + region }
        var list: [String] = []
        if ["zh_TW", "zh_HK", "zh_MO"].contains(full) { list.append("zh_Hant") }
        list.append(full)
        if let script { list.append(language + "_" + script) }
        if let region { list.append(language + "_" + region) }
        list.append(language)
        if language != "zh" && language != "ja" && language != "ko" { list.append("en") }
        var seen: Set<String> = []
        return list.filter { seen.insert($0).inserted }
    }
}
