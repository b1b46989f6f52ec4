import Testing

@testable import NumToolsCore

/// The generated numbering plans are decoded region by region, as a run
/// asks for them: nothing at start-up.
@Suite struct PhoneMetadataStoreTests {
    @Test func aLookupCompilesOnlyTheRegionsItNeeds() throws {
        let store = PhoneMetadataStore()
        #expect(store.compiledRegions.isEmpty)
        let kr = try #require(store.region("KR"))
        #expect(kr.id == "KR" && kr.countryCode == 82)
        #expect(store.compiledRegions == ["KR"])
        #expect(store.region("KR") === kr)  // once
        #expect(store.region("ZZ") == nil)
        #expect(store.compiledRegions == ["KR"])
        // A country code's regions, the main one first, all of them and no more.
        #expect(store.regionsMetadata(countryCode: 7).map(\.id) == ["RU", "KZ"])
        #expect(store.compiledRegions == ["KR", "KZ", "RU"])
        #expect(store.mainMetadata(countryCode: 44)?.id == "GB")
        #expect(store.compiledRegions == ["GB", "KR", "KZ", "RU"])
        #expect(store.nonGeographic(800)?.countryCode == 800)
        #expect(store.compiledRegions == ["GB", "KR", "KZ", "RU"])
    }

    @Test func countryCodesListTheirRegionsMainFirst() throws {
        let store = PhoneMetadataStore()
        let nanpa = try #require(store.countryCodeToRegions[1])
        #expect(nanpa.first == "US" && nanpa.count == Array(nanpa).count && nanpa.count > 20)
        #expect(Array(nanpa).contains("CA") && Array(nanpa).contains("JM"))
        #expect(store.countryCodeToRegions[82].map(Array.init) == ["KR"])
        #expect(store.countryCodeToRegions[82]?.count == 1)
        #expect(store.countryCodeToRegions[800].map(Array.init) == ["001"])
        #expect(store.countryCodeToRegions[0] == nil && store.countryCodeToRegions[999] == nil)
        #expect(store.mainRegion(countryCode: 39) == "IT")
        // Reading the lists compiled nothing.
        #expect(store.compiledRegions.isEmpty)
    }

    @Test func everyRegionCodeHasRecordsAndDecodes() throws {
        let codes = PhoneMetadata.regionCodes
        #expect(codes == codes.sorted() && Set(codes).count == codes.count && codes.count > 240)
        let store = PhoneMetadataStore()
        for code in codes {
            let meta = try #require(store.region(code), "\(code)")
            #expect(meta.id == code)
            // Each region's country code lists it.
            #expect(store.countryCodeToRegions[meta.countryCode].map(Array.init)?.contains(code) == true, "\(code)")
        }
        for cc in PhoneMetadataStore.nonGeographicCountryCodes {
            #expect(store.nonGeographic(cc)?.countryCode == cc)
        }
        #expect(store.compiledRegions == codes)
    }
}
