import Synchronization

// The metadata store (regions compiled on demand, a store a thread under -j) and each country code's regions.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regions of one country calling code, the main one first, read off
/// the generated data's `US!AG!AI...` as they are asked for: a lookup
/// (`countryCodeToRegions[cc] != nil`, `.first`) builds nothing.
struct RegionList: Sequence, Sendable {
    let text: StaticString

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) }

    /// How many regions share the code.
    var count: Int { bytes.reduce(1) { $1 == UInt8(ascii: "!") ? $0 + 1 : $0 } }

    /// The main region.
    var first: String? {
        let b = bytes
        return String(decoding: b[..<(b.firstIndex(of: UInt8(ascii: "!")) ?? b.endIndex)], as: UTF8.self)
    }

    func makeIterator() -> IndexingIterator<[String]> {
        bytes.split(separator: UInt8(ascii: "!")).map { String(decoding: $0, as: UTF8.self) }.makeIterator()
    }
}

/// The country codes of the metadata, by subscript: `[82]` is KR's list,
/// nil for a code no region has.
struct CountryCodeRegions: Sendable {
    subscript(countryCode: Int) -> RegionList? {
        phoneMetadataRegions(countryCode: countryCode).map(RegionList.init)
    }
}

/// Whether some thread has made a metadata store of its own.
private let threadsHaveOwnStores = Atomic<Bool>(false)

// @unchecked Sendable, safely: every `var` is read and written only while
// `lock` is held (the lookups below).
/// Compiles regions of the generated data on demand; nothing at start-up.
package final class PhoneMetadataStore: @unchecked Sendable {
    package static let shared = PhoneMetadataStore()

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

    /// Every region code, sorted (for listings, completions and close matches).
    static let regionCodes: [String] = codes(phoneMetadataRegionCodes).map(String.init)

    /// The non-geographic entities' country codes.
    static let nonGeographicCountryCodes: [Int] = codes(phoneMetadataNonGeographicCodes).map { Int($0)! }

    private static func codes(_ list: StaticString) -> [Substring] {
        let text = String(
            decoding: UnsafeBufferPointer(start: list.utf8Start, count: list.utf8CodeUnitCount), as: UTF8.self)
        return text.split(separator: " ")
    }

    /// The regions of each country code.
    let countryCodeToRegions = CountryCodeRegions()

    /// What has been compiled so far.
    private struct Compiled {
        var regions: [String: PhoneRegionMetadata] = [:]
        var nonGeographic: [Int: PhoneRegionMetadata] = [:]
        var mainByCountryCode = [PhoneRegionMetadata?](repeating: nil, count: 1000)
        var regionsByCountryCode = [[PhoneRegionMetadata]?](repeating: nil, count: 1000)
    }
    private let state = Mutex(Compiled())

    /// A store that has compiled nothing yet (the process has one, ``shared``;
    /// the tests make their own to see what a lookup compiles).
    init() {}

    /// The regions compiled so far, sorted (for the tests).
    var compiledRegions: [String] {
        state.withLock { $0.regions.keys.sorted() }
    }

    /// The compiled plan of a geographic region, or nil if unknown.
    func region(_ id: String) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.region(id) }
        return state.withLock { state in
            if let m = state.regions[id] { return m }
            guard let records = phoneMetadataRecords(region: id) else { return nil }
            let m = PhoneRegionMetadata(records: records)
            state.regions[id] = m
            return m
        }
    }

    /// The compiled plan of a non-geographic entity (`+800`, ...).
    func nonGeographic(_ countryCode: Int) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.nonGeographic(countryCode) }
        return state.withLock { state in
            if let m = state.nonGeographic[countryCode] { return m }
            guard let records = phoneMetadataRecords(nonGeographic: countryCode) else { return nil }
            let m = PhoneRegionMetadata(records: records)
            state.nonGeographic[countryCode] = m
            return m
        }
    }

    /// libphonenumber's `metadata_for_region_or_calling_code`.
    func metadata(region: String, countryCode: Int) -> PhoneRegionMetadata? {
        region == "001" ? nonGeographic(countryCode) : self.region(region)
    }

    /// The main region of a country code (`region_code_for_country_code`):
    /// `001` for non-geographic entities, nil when unknown.
    package func mainRegion(countryCode: Int) -> String? {
        countryCodeToRegions[countryCode]?.first
    }

    /// The compiled plans of every region sharing `countryCode`, the main
    /// one first (for non-geographic entities, the entity's plan).
    package func regionsMetadata(countryCode: Int) -> [PhoneRegionMetadata] {
        if let own = threadsOwn { return own.regionsMetadata(countryCode: countryCode) }
        guard countryCode > 0 && countryCode < 1000 else { return [] }
        if let cached = state.withLock({ $0.regionsByCountryCode[countryCode] }) { return cached }
        let list = (countryCodeToRegions[countryCode].map(Array.init) ?? []).compactMap {
            metadata(region: $0, countryCode: countryCode)
        }
        state.withLock { $0.regionsByCountryCode[countryCode] = list }
        return list
    }

    /// The plan used to format and length-check numbers of `countryCode`.
    package func mainMetadata(countryCode: Int) -> PhoneRegionMetadata? {
        if let own = threadsOwn { return own.mainMetadata(countryCode: countryCode) }
        guard countryCode > 0 && countryCode < 1000 else { return nil }
        if let cached = state.withLock({ $0.mainByCountryCode[countryCode] }) { return cached }
        guard let r = mainRegion(countryCode: countryCode),
            let m = metadata(region: r, countryCode: countryCode)
        else { return nil }
        state.withLock { $0.mainByCountryCode[countryCode] = m }
        return m
    }
}
