// Generated/CompactUnitsData.swift against the toolchain's ICU it came from
// (issue 46): every locale the tools take, with its own numbering systems,
// `latn` and systems not generated per locale. A failure after a toolchain
// upgrade means the data changed: rerun scripts/gen_locale_data.sh compact-units.
#if canImport(_FoundationICU)
    import Foundation
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct CompactUnitsDataTests {
        static let names = CompactUnitsOracle.names

        /// A locale's facts as generated, under each numbering system it names
        /// (default, native, traditional, finance), `latn`, and systems the
        /// generator does not probe per locale (`fullwide`, `roman`).
        @Test(arguments: names)
        func generatedIsLive(_ name: String) {
            var identifiers = [name]
            var systems = Set(Locale(identifier: name).availableNumberingSystems.map(\.identifier))
            systems.formUnion(["latn", "hanidec", "fullwide", "roman"])
            identifiers += systems.sorted().map { name + "@numbers=" + $0 }
            for id in identifiers {
                let generated = CompactUnitFacts.generated(id)
                let live = CompactUnitsOracle.facts(id)
                #expect(generated == live, "\(id): generated\n\(generated.encoded)\nlive\n\(live.encoded)")
            }
        }

        /// Names the resolver takes in other forms than those generated:
        /// ICU's variant, a script written out, a POSIX modifier, BCP 47
        /// with a numbering system, a currency keyword.
        @Test(arguments: [
            "ca_ES@valencia", "en_Latn_US", "sr_RS@latin", "zh_TW", "zh-HK", "ht_HT", "th-TH-u-nu-thai",
            "ar_EG@numbers=latn", "az@numbers=arab", "ja_JP@currency=USD", "de_CH@numbers=deva;currency=EUR", "C",
        ])
        func resolvedNames(_ text: String) throws {
            let id = try #require(LocaleSupport.identifier(for: text))
            #expect(CompactUnitFacts.generated(id) == CompactUnitsOracle.facts(id), "\(text) (\(id))")
        }

        /// Decoding gives back what was encoded.
        @Test func encodingRoundTrips() {
            for name in ["en", "ja", "ko", "sw", "wo", "bn", "ne", "zh_Hant"] {
                let facts = CompactUnitsOracle.facts(name)
                #expect(CompactUnitFacts(encoded: facts.encoded) == facts, "\(name)")
            }
        }
    }
#endif
