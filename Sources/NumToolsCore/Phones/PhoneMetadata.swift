import Synchronization

/// The numbering plans compiled in from libphonenumber's metadata.
///
/// The data lives in `Generated/PhoneMetadataData.swift` (written by
/// `scripts/gen_phone_data.py`), one string of records a region. Nothing of
/// it is decoded at start-up: a region's records are read (as bytes) and its
/// patterns compiled the first time the region is needed.
public enum PhoneMetadata {
    /// The libphonenumber metadata version the data was generated from.
    public static var version: String { phoneMetadataVersion }

    /// Every region code the metadata has (`KR`, `US`, ...), sorted. The
    /// non-geographic entities (`+800`, `+882`, ...) are not regions.
    public static var regionCodes: [String] { PhoneMetadataStore.regionCodes }

    /// Whether `region` (upper-case ISO 3166 code) has a numbering plan.
    public static func isSupported(region: String) -> Bool {
        phoneMetadataRecords(region: region) != nil
    }

    /// Region names people type that are not the metadata's ISO 3166 code,
    /// and the code each stands for: only the unambiguous, common ones
    /// (`UK`, the United Kingdom, is `GB`).
    public static let regionAliases: [String: String] = ["UK": "GB"]

    /// The region code `text` names, in any case, an alias of
    /// ``regionAliases`` for its code (`uk` is `GB`); nil when the metadata
    /// has no such region.
    public static func region(named text: String) -> String? {
        let upper = text.uppercased()
        let code = regionAliases[upper] ?? upper
        return isSupported(region: code) ? code : nil
    }

    /// The country calling code of `region` (82 for `KR`), or nil when the
    /// metadata does not have it.
    public static func countryCode(forRegion region: String) -> Int? {
        PhoneMetadataStore.shared.region(region)?.countryCode
    }

    /// The regions that share `countryCode`, the main one first.
    public static func regions(forCountryCode countryCode: Int) -> [String] {
        PhoneMetadataStore.shared.countryCodeToRegions[countryCode].map(Array.init) ?? []
    }

    /// The metadata's example national significant number of `type` in
    /// `region`, if it has one (`1020000000` for KR mobile).
    public static func exampleNumber(region: String, type: PhoneNumberType) -> String? {
        guard let meta = PhoneMetadataStore.shared.region(region), let kind = type.descKind else { return nil }
        return meta.descs[kind.rawValue]?.example
    }

    /// The example national numbers of the non-geographic entity
    /// `countryCode` (such as 800), by type.
    static func nonGeographicExamples(countryCode: Int) -> [(PhoneNumberType, String)] {
        guard let meta = PhoneMetadataStore.shared.nonGeographic(countryCode) else { return [] }
        return PhoneNumberType.allCases.compactMap { t in
            guard let k = t.descKind, let ex = meta.descs[k.rawValue]?.example else { return nil }
            return (t, ex)
        }
    }
}

/// Which description of a numbering plan: the order of the generator's `DESCS`.
enum PhoneDescKind: Int, CaseIterable {
    case general = 0, fixedLine, mobile, tollFree, premiumRate, sharedCost, personalNumber, voip, pager, uan,
        voicemail
    /// Not a type: the numbers that cannot be dialled from abroad
    /// (`can_be_internationally_dialled`).
    case noInternationalDialling
}

/// One `PhoneNumberDesc` of the metadata: which numbers are of a kind.
struct PhoneNumberDesc: Sendable {
    let pattern: PhonePattern?
    /// Sorted.
    let possibleLengths: [Int]
    let localOnlyLengths: [Int]
    let example: String?

    /// libphonenumber's `_is_number_matching_desc`.
    func matches(_ nsn: UnsafeBufferPointer<UInt8>) -> Bool {
        if !possibleLengths.isEmpty && !possibleLengths.contains(nsn.count) { return false }
        return pattern?.fullMatch(nsn) ?? false
    }
}

/// One `NumberFormat` of the metadata.
final class PhoneFormatRule: Sendable {
    let pattern: PhonePattern
    /// `$1-$2`: the format, in ASCII bytes.
    let format: [UInt8]
    let leadingDigits: [PhonePattern]
    /// `0$1`, or nil.
    let nationalPrefixFormattingRule: String?
    let nationalPrefixOptionalWhenFormatting: Bool
    let carrierCodeFormattingRule: String?
    /// The format with the national prefix formatting rule applied to its
    /// first group: what NATIONAL format uses.
    let nationalFormat: [UInt8]
    /// What the as-you-type formatter needs, worked out once.
    let typing: TypingInfo

    struct TypingInfo: Sendable {
        /// The format applied to fifteen nines, nines made placeholders.
        let template: [Unicode.Scalar]
        /// How many digits the template holds.
        let templateDigits: Int
        /// Only groups and punctuation in the format.
        let isEligible: Bool
        /// The national prefix formatting rule is absent or only `$1`.
        let firstGroupOnly: Bool
        /// The national prefix formatting rule holds `-` or a space.
        let prefixRuleHasSeparator: Bool
    }

    init(
        pattern: PhonePattern, format: [UInt8], leadingDigits: [PhonePattern], nationalPrefixFormattingRule: String?,
        nationalPrefixOptionalWhenFormatting: Bool, carrierCodeFormattingRule: String?
    ) {
        self.pattern = pattern
        self.format = format
        self.leadingDigits = leadingDigits
        self.nationalPrefixFormattingRule = nationalPrefixFormattingRule
        self.nationalPrefixOptionalWhenFormatting = nationalPrefixOptionalWhenFormatting
        self.carrierCodeFormattingRule = carrierCodeFormattingRule
        if let npfr = nationalPrefixFormattingRule, !npfr.isEmpty {
            nationalFormat = PhoneNumberFormatter.replaceFirstGroup(format, with: Array(npfr.utf8))
        } else {
            nationalFormat = format
        }
        let (template, digits) = PhoneAsYouTypeFormatter.template(for: pattern, format: format)
        typing = TypingInfo(
            template: template, templateDigits: digits, isEligible: PhoneAsYouTypeFormatter.isEligibleFormat(format),
            firstGroupOnly: PhoneAsYouTypeFormatter.hasFirstGroupOnly(nationalPrefixFormattingRule),
            prefixRuleHasSeparator: PhoneAsYouTypeFormatter.hasSeparator(nationalPrefixFormattingRule))
    }
}

/// One region's (or non-geographic entity's) compiled numbering plan.
package final class PhoneRegionMetadata: Sendable {
    package let id: String
    let countryCode: Int
    let internationalPrefix: PhonePattern?
    /// The international prefix's pattern as written (`00|[0-9]{2}`, `011`).
    let internationalPrefixSource: String?
    /// The prefix to dial out of the region when ``internationalPrefix`` is
    /// a choice of several (`preferred_international_prefix`).
    let preferredInternationalPrefix: String?
    let nationalPrefix: String?
    let nationalPrefixForParsing: PhonePattern?
    let nationalPrefixTransformRule: [UInt8]?
    let leadingDigits: PhonePattern?
    /// What goes between a formatted number and its extension in the
    /// national and international formats (libphonenumber's
    /// `preferred_extn_prefix`, ` ext. ` when the region has none), UTF-8.
    let extensionPrefix: [UInt8]
    /// Indexed by `PhoneDescKind.rawValue`.
    let descs: [PhoneNumberDesc?]
    let numberFormats: [PhoneFormatRule]
    let intlNumberFormats: [PhoneFormatRule]
    let sameMobileAndFixedLinePattern: Bool
    /// The country code's digits, as values and as ASCII.
    let countryCodeDigits: [UInt8]
    let countryCodeASCII: [UInt8]
    /// Per description kind: bit n set when n digits is a possible length
    /// (all bits when the description lists none; 0 when it is absent).
    let lengthMasks: [UInt64]
    /// Per description kind: its pattern.
    let patterns: [PhonePattern?]
    let generalPattern: PhonePattern
    /// The general description's lengths, read without copying it: the
    /// shortest and longest possible lengths (nil when it lists none) and
    /// the local-only lengths as bits.
    let generalMinLength: Int?
    let generalMaxLength: Int?
    let generalLocalOnlyMask: UInt64

    var general: PhoneNumberDesc { descs[0]! }

    /// Bit n set for each length n (below 64) of `lengths`.
    private static func lengthBits(_ lengths: [Int]) -> UInt64 {
        lengths.reduce(UInt64(0)) { $1 < 64 ? $0 | 1 << UInt64($1) : $0 }
    }

    /// libphonenumber's `_is_number_matching_desc`.
    @inline(__always)
    func matches(_ kind: PhoneDescKind, _ nsn: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = nsn.count
        guard length < 64, lengthMasks[kind.rawValue] & (1 << UInt64(length)) != 0 else { return false }
        return patterns[kind.rawValue]?.fullMatch(nsn) ?? false
    }

    /// Decodes `records`, the region's lines of the generated data (see
    /// `PhoneMetadataData.swift` for the format), byte by byte.
    init(records: StaticString) {
        let data = UnsafeBufferPointer(start: records.utf8Start, count: records.utf8CodeUnitCount)
        typealias Field = Slice<UnsafeBufferPointer<UInt8>>
        func text(_ f: Field) -> String { String(decoding: f, as: UTF8.self) }
        func isAbsent(_ f: Field) -> Bool { f.count == 1 && f.first == UInt8(ascii: "@") }
        func opt(_ f: Field) -> String? { isAbsent(f) ? nil : text(f) }
        func int(_ f: Field) -> Int {
            precondition(!f.isEmpty && f.allSatisfy { $0 &- 0x30 < 10 }, "phone metadata: bad number \(text(f))")
            return f.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func lengths(_ f: Field) -> [Int] { f.split(separator: UInt8(ascii: ",")).map(int).sorted() }
        func fields(_ line: Field) -> [Field] {
            line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        }
        let lines = data[...].split(separator: UInt8(ascii: "\n"))
        let r = fields(lines[0])
        precondition(
            r.count == 8 && text(r[0]) == "R", "phone metadata: bad region record \(text(lines[0]))")
        id = text(r[1])
        countryCode = int(r[2])
        internationalPrefixSource = opt(r[3])
        internationalPrefix = internationalPrefixSource.map(PhonePattern.init)
        nationalPrefix = opt(r[4])
        nationalPrefixForParsing = opt(r[5]).flatMap { $0.isEmpty ? nil : PhonePattern($0) }
        nationalPrefixTransformRule = isAbsent(r[6]) || r[6].isEmpty ? nil : Array(r[6])
        leadingDigits = opt(r[7]).map(PhonePattern.init)
        var descs = [PhoneNumberDesc?](repeating: nil, count: PhoneDescKind.allCases.count)
        var national: [PhoneFormatRule] = []
        var intl: [PhoneFormatRule] = []
        var patternSources = [String?](repeating: nil, count: PhoneDescKind.allCases.count)
        var extensionPrefix = Array(" ext. ".utf8)
        var preferredInternationalPrefix: String?
        for line in lines.dropFirst() {
            let f = fields(line)
            switch f[0].first {
            case UInt8(ascii: "D"):
                precondition(f.count == 6, "phone metadata: bad desc record \(text(line))")
                let kind = int(f[1])
                let source = opt(f[2])
                patternSources[kind] = source
                descs[kind] = PhoneNumberDesc(
                    pattern: source.map(PhonePattern.init), possibleLengths: lengths(f[3]),
                    localOnlyLengths: lengths(f[4]), example: opt(f[5]))
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                precondition(f.count == 7, "phone metadata: bad format record \(text(line))")
                let rule = PhoneFormatRule(
                    pattern: PhonePattern(text(f[1])), format: Array(f[2]),
                    leadingDigits: f[3].isEmpty
                        ? [] : f[3].split(separator: UInt8(ascii: "!")).map { PhonePattern(text($0)) },
                    nationalPrefixFormattingRule: opt(f[4]), nationalPrefixOptionalWhenFormatting: text(f[5]) == "1",
                    carrierCodeFormattingRule: opt(f[6]))
                if f[0].first == UInt8(ascii: "N") { national.append(rule) } else { intl.append(rule) }
            case UInt8(ascii: "P"):
                precondition(f.count == 2, "phone metadata: bad international prefix record \(text(line))")
                preferredInternationalPrefix = text(f[1])
            case UInt8(ascii: "X"):
                precondition(f.count == 2, "phone metadata: bad extension prefix record \(text(line))")
                extensionPrefix = Array(f[1])
            default:
                preconditionFailure("phone metadata: unknown record \(text(line))")
            }
        }
        precondition(descs[0]?.pattern != nil, "phone metadata: region \(id) has no general description")
        self.descs = descs
        self.extensionPrefix = extensionPrefix
        self.preferredInternationalPrefix = preferredInternationalPrefix
        patterns = descs.map { $0?.pattern }
        generalPattern = descs[0]!.pattern!
        lengthMasks = descs.map { d in
            guard let d else { return 0 }
            if d.possibleLengths.isEmpty { return ~0 }
            return Self.lengthBits(d.possibleLengths)
        }
        let general = descs[0]!
        generalMinLength = general.possibleLengths.first
        generalMaxLength = general.possibleLengths.last
        generalLocalOnlyMask = Self.lengthBits(general.localOnlyLengths)
        countryCodeASCII = Array(String(countryCode).utf8)
        countryCodeDigits = countryCodeASCII.map { $0 - 0x30 }
        numberFormats = national
        intlNumberFormats = intl
        let fixed = PhoneDescKind.fixedLine.rawValue
        let mobile = PhoneDescKind.mobile.rawValue
        if descs[fixed] == nil && descs[mobile] == nil {
            sameMobileAndFixedLinePattern = true
        } else if descs[fixed] == nil || descs[mobile] == nil {
            sameMobileAndFixedLinePattern = false
        } else {
            sameMobileAndFixedLinePattern = patternSources[fixed] == patternSources[mobile]
        }
    }
}
