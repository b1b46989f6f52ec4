// Generated/DisplayWidthData.swift against the toolchain's ICU it came from
// (issue 46): every code point's width by DisplayWidthOracle's rules. A
// failure after a toolchain upgrade means Unicode's data changed: rerun
// scripts/gen_locale_data.sh display-width.
#if canImport(_FoundationICU)
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct DisplayWidthDataTests {
        @Test func generatedIsLive() {
            #expect(displayWidthRanges == DisplayWidthOracle.packed)
            #expect(displayWidthUnicodeVersion == LocaleOracle.unicodeVersion)
        }
    }
#endif
