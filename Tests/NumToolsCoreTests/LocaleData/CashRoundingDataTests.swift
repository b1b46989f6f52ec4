// Generated/CashRoundingData.swift against the toolchain's ICU it came from
// (issue 46): every ISO currency ICU knows, its cash rule against its
// standard one. A failure after a toolchain upgrade means CLDR's cash rules
// changed: rerun scripts/gen_locale_data.sh cash-rounding.
#if canImport(_FoundationICU)
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct CashRoundingDataTests {
        @Test func generatedIsLive() {
            let generated = CashRounding.table.map {
                CashRoundingOracle.Rule(code: $0.code, digits: $0.digits, rounding: $0.rounding)
            }
            #expect(generated == CashRoundingOracle.rules)
            #expect(CashRoundingOracle.currencies.count > 250)
        }
    }
#endif
