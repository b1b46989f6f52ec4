// The versions `--version` names (Generated/LocaleDataVersion.swift) are
// those of the toolchain's ICU the data was generated from (issue 46).
#if canImport(_FoundationICU)
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct LocaleDataVersionTests {
        @Test func versionsAreTheToolchainICUs() {
            #expect(LocaleDataVersion.icu == LocaleOracle.icuVersion)
            #expect(LocaleDataVersion.cldr == LocaleOracle.cldrVersion)
            #expect(LocaleDataVersion.unicode == LocaleOracle.unicodeVersion)
            #expect(DisplayWidth.unicodeVersion == LocaleDataVersion.unicode)
        }

        @Test func versionTextNamesThem() {
            #expect(
                NumTools.versionText("numconv")
                    == """
                    numconv \(NumTools.version)
                    CLDR \(LocaleOracle.cldrVersion) (ICU \(LocaleOracle.icuVersion))
                    Unicode \(LocaleOracle.unicodeVersion)
                    libphonenumber \(PhoneMetadata.version)

                    """)
        }
    }
#endif
