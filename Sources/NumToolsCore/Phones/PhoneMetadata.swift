import Foundation
import Synchronization

/// The numbering plans compiled in from libphonenumber's metadata.
///
/// The data lives in `Generated/PhoneMetadataData.swift` (written by
/// `scripts/gen_phone_data.py`). It is decoded on first use and each
/// region's patterns are compiled the first time the region is needed.
public enum PhoneMetadata {
    /// The libphonenumber metadata version the data was generated from.
    public static var version: String { phoneMetadataVersion }

    /// Every region code the metadata has (`KR`, `US`, ...), sorted. The
    /// non-geographic entities (`+800`, `+882`, ...) are not regions.
    public static var regionCodes: [String] { PhoneMetadataStore.shared.regionCodes }

    /// Whether `region` (upper-case ISO 3166 code) has a numbering plan.
    public static func isSupported(region: String) -> Bool {
        PhoneMetadataStore.shared.rawRegions[region] != nil
    }

    /// The country calling code of `region` (82 for `KR`), or nil when the
    /// metadata does not have it.
    public static func countryCode(forRegion region: String) -> Int? {
        PhoneMetadataStore.shared.region(region)?.countryCode
    }

    /// The regions that share `countryCode`, the main one first.
    public static func regions(forCountryCode countryCode: Int) -> [String] {
        PhoneMetadataStore.shared.countryCodeToRegions[countryCode] ?? []
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
final class PhoneRegionMetadata: Sendable {
    let id: String
    let countryCode: Int
    let internationalPrefix: PhonePattern?
    let nationalPrefix: String?
    let nationalPrefixForParsing: PhonePattern?
    let nationalPrefixTransformRule: [UInt8]?
    let leadingDigits: PhonePattern?
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

    init(lines: [Substring]) {
        func opt(_ s: Substring) -> String? { s == "@" ? nil : String(s) }
        func lengths(_ s: Substring) -> [Int] { s.split(separator: ",").map { Int($0)! }.sorted() }
        let r = lines[0].split(separator: ";", omittingEmptySubsequences: false)
        precondition(r.count == 8 && r[0] == "R", "phone metadata: bad region record \(lines[0])")
        id = String(r[1])
        countryCode = Int(r[2])!
        internationalPrefix = opt(r[3]).map(PhonePattern.init)
        nationalPrefix = opt(r[4])
        nationalPrefixForParsing = opt(r[5]).flatMap { $0.isEmpty ? nil : PhonePattern($0) }
        nationalPrefixTransformRule = opt(r[6]).flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        leadingDigits = opt(r[7]).map(PhonePattern.init)
        var descs = [PhoneNumberDesc?](repeating: nil, count: PhoneDescKind.allCases.count)
        var national: [PhoneFormatRule] = []
        var intl: [PhoneFormatRule] = []
        var patternSources = [String?](repeating: nil, count: PhoneDescKind.allCases.count)
        for line in lines.dropFirst() {
            let f = line.split(separator: ";", omittingEmptySubsequences: false)
            switch f[0] {
            case "D":
                precondition(f.count == 6, "phone metadata: bad desc record \(line)")
                let kind = Int(f[1])!
                patternSources[kind] = opt(f[2])
                descs[kind] = PhoneNumberDesc(
                    pattern: opt(f[2]).map(PhonePattern.init), possibleLengths: lengths(f[3]),
                    localOnlyLengths: lengths(f[4]), example: opt(f[5]))
            case "N", "I":
                precondition(f.count == 7, "phone metadata: bad format record \(line)")
                let rule = PhoneFormatRule(
                    pattern: PhonePattern(String(f[1])), format: Array(f[2].utf8),
                    leadingDigits: f[3].isEmpty ? [] : f[3].split(separator: "!").map { PhonePattern(String($0)) },
                    nationalPrefixFormattingRule: opt(f[4]), nationalPrefixOptionalWhenFormatting: f[5] == "1",
                    carrierCodeFormattingRule: opt(f[6]))
                if f[0] == "N" { national.append(rule) } else { intl.append(rule) }
            default:
                preconditionFailure("phone metadata: unknown record \(line)")
            }
        }
        precondition(descs[0]?.pattern != nil, "phone metadata: region \(id) has no general description")
        self.descs = descs
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

/// Whether some thread has made a metadata store of its own.
private let threadsHaveOwnStores = Atomic<Bool>(false)

// @unchecked Sendable, safely: the `let`s are immutable values, and every
// `var` is read and written only while `lock` is held (the lookups below).
/// Decodes the generated data once and compiles regions on demand.
final class PhoneMetadataStore: @unchecked Sendable {
    static let shared = PhoneMetadataStore()

    /// Gives the calling thread a store of its own, for as long as it runs:
    /// the lookups of ``shared`` made on it go there, so that a thread of a
    /// parallel run (`-j`) retains and locks objects no other thread touches
    /// (shared, their reference counts and the lock would move between the
    /// cores on every number).
    static func useOwnStoreOnThisThread() {
        guard pthread_getspecific(threadStoreKey) == nil else { return }
        threadsHaveOwnStores.store(true, ordering: .relaxed)
        pthread_setspecific(threadStoreKey, Unmanaged.passRetained(PhoneMetadataStore()).toOpaque())
    }

    /// The store the lookups of ``shared`` made on this thread go to
    /// instead, if it has one. (One load while no thread has: one thread's
    /// numbers cost what they did.)
    @inline(__always)
    private var threadsOwn: PhoneMetadataStore? {
        guard threadsHaveOwnStores.load(ordering: .relaxed), self === Self.shared else { return nil }
        return Self.threadStore
    }

    @inline(never)
    private static var threadStore: PhoneMetadataStore? {
        pthread_getspecific(threadStoreKey).map { Unmanaged<PhoneMetadataStore>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let threadStoreKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { own in
            if let own { Unmanaged<PhoneMetadataStore>.fromOpaque(own).release() }
        }
        return key
    }()

    /// Region id to its lines, undecoded.
    let rawRegions: [String: [Substring]]
    let rawNonGeographic: [Int: [Substring]]
    let countryCodeToRegions: [Int: [String]]
    let regionCodes: [String]

    // Guarded by `lock`.
    private var compiled: [String: PhoneRegionMetadata] = [:]
    private var compiledNonGeographic: [Int: PhoneRegionMetadata] = [:]
    private var mainByCountryCode = [PhoneRegionMetadata?](repeating: nil, count: 1000)
    private var regionsByCountryCode = [[PhoneRegionMetadata]?](repeating: nil, count: 1000)
    private let lock = NSLock()

    private init() {
        var regions: [String: [Substring]] = [:]
        var nonGeo: [Int: [Substring]] = [:]
        var ccMap: [Int: [String]] = [:]
        var current: [Substring] = []
        func flush() {
            guard let first = current.first else { return }
            let f = first.split(separator: ";", maxSplits: 3)
            if f[1] == "001" {
                nonGeo[Int(f[2])!] = current
            } else {
                regions[String(f[1])] = current
            }
            current = []
        }
        for line in phoneMetadataEncoded.split(separator: "\n") {
            switch line.first {
            case "R":
                flush()
                current = [line]
            case "C":
                flush()
                let f = line.split(separator: ";")
                ccMap[Int(f[1])!] = f[2].split(separator: "!").map(String.init)
            default:
                current.append(line)
            }
        }
        flush()
        precondition(regions["KR"] != nil && ccMap[82] != nil, "phone metadata failed to decode")
        rawRegions = regions
        rawNonGeographic = nonGeo
        countryCodeToRegions = ccMap
        regionCodes = regions.keys.sorted()
    }

    /// The compiled plan of a geographic region, or nil if unknown.
    func region(_ id: String) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.region(id) }
        lock.lock()
        defer { lock.unlock() }
        if let m = compiled[id] { return m }
        guard let lines = rawRegions[id] else { return nil }
        let m = PhoneRegionMetadata(lines: lines)
        compiled[id] = m
        return m
    }

    /// The compiled plan of a non-geographic entity (`+800`, ...).
    func nonGeographic(_ countryCode: Int) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.nonGeographic(countryCode) }
        lock.lock()
        defer { lock.unlock() }
        if let m = compiledNonGeographic[countryCode] { return m }
        guard let lines = rawNonGeographic[countryCode] else { return nil }
        let m = PhoneRegionMetadata(lines: lines)
        compiledNonGeographic[countryCode] = m
        return m
    }

    /// libphonenumber's `metadata_for_region_or_calling_code`.
    func metadata(region: String, countryCode: Int) -> PhoneRegionMetadata? {
        region == "001" ? nonGeographic(countryCode) : self.region(region)
    }

    /// The main region of a country code (`region_code_for_country_code`):
    /// `001` for non-geographic entities, nil when unknown.
    func mainRegion(countryCode: Int) -> String? {
        countryCodeToRegions[countryCode]?.first
    }

    /// The compiled plans of every region sharing `countryCode`, the main
    /// one first (for non-geographic entities, the entity's plan).
    func regionsMetadata(countryCode: Int) -> [PhoneRegionMetadata] {
        if let own = threadsOwn { return own.regionsMetadata(countryCode: countryCode) }
        guard countryCode > 0 && countryCode < 1000 else { return [] }
        lock.lock()
        let cached = regionsByCountryCode[countryCode]
        lock.unlock()
        if let cached { return cached }
        let list = (countryCodeToRegions[countryCode] ?? []).compactMap {
            metadata(region: $0, countryCode: countryCode)
        }
        lock.lock()
        regionsByCountryCode[countryCode] = list
        lock.unlock()
        return list
    }

    /// The plan used to format and length-check numbers of `countryCode`.
    func mainMetadata(countryCode: Int) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.mainMetadata(countryCode: countryCode) }
        guard countryCode > 0 && countryCode < 1000 else { return nil }
        lock.lock()
        let cached = mainByCountryCode[countryCode]
        lock.unlock()
        if let cached { return cached }
        guard let r = mainRegion(countryCode: countryCode),
            let m = metadata(region: r, countryCode: countryCode)
        else { return nil }
        lock.lock()
        mainByCountryCode[countryCode] = m
        lock.unlock()
        return m
    }
}
