// Generated/RegionNamesData.swift against the toolchain's ICU it came from
// (issue 46), and `--list-regions`' names against Foundation's
// localizedString(forRegionCode:) in English, which they replaced. A failure
// after a toolchain upgrade means the names changed: rerun
// scripts/gen_locale_data.sh region-names.
#if canImport(_FoundationICU)
    import Foundation
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct RegionNamesDataTests {
        /// Every region phonefmt lists has ICU's English name, as generated.
        @Test func generatedIsLive() {
            #expect(RegionNamesOracle.regions.count > 240)
            for code in RegionNamesOracle.regions {
                #expect(RegionNamesData.englishName(code) == RegionNamesOracle.name(code), "\(code)")
            }
        }

        /// `--list-regions` names each region as Foundation did.
        @Test func listedNamesAreFoundations() {
            let english = LocaleID(identifier: "en")
            for row in PhoneRegions.rows {
                #expect(
                    row.name == english.foundation.localizedString(forRegionCode: row.code) ?? row.code, "\(row.code)")
            }
        }
    }
#endif
