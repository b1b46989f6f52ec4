import Foundation
import Testing

@testable import NumToolsCore

#if canImport(_FoundationICU)
    import NumToolsLocaleOracle

    /// Issue 46: a locale's language and likely region are read from its
    /// identifier and the generated likely subtags (LocaleSubtags), not asked
    /// of Foundation's `Locale.language`, which needs ICU. Compared with ICU
    /// over every listed name, its short, long and script-only forms, every
    /// name the generated data covers (`ht_Latn`), and names in BCP 47 form.
    @Suite struct LocaleSubtagsTests {
        static var names: [String] {
            let listed = LocaleIndexOracle.identifiers
            let scripts = listed.compactMap { id -> String? in
                let parts = id.split(separator: "_")
                return parts.count >= 2 && parts[1].count == 4 ? "\(parts[0])_\(parts[1])" : nil
            }
            return Array(
                Set(
                    listed + scripts + LocaleOracle.dataNames + LocaleIndexOracle.shortForms
                        + LocaleIndexOracle.longForms
                        + ["root", "en-US", "zh-Hant", "zh-Hant-HK", "sr-Latn", "de_DE@currency=CHF", "ca_ES@valencia"]
                )
            ).sorted()
        }

        @Test func languageIsICUs() {
            for name in Self.names {
                let locale = LocaleID(identifier: name)
                let icu = locale.foundation.language.languageCode?.identifier ?? ""
                #expect(LocaleSubtags(locale).language == icu, "\(name)")
            }
        }

        /// The currency of a name, as CurrencyCatalog.defaultCurrency found it
        /// with `Locale.language.maximalIdentifier` before issue 46.
        static func icuDefaultCurrency(_ locale: LocaleID) -> String {
            if let currency = CurrencyCodes.currency(ofLocale: locale.identifier), CurrencyCatalog.isKnown(currency) {
                return currency
            }
            let parts: [String] = locale.foundation.language.maximalIdentifier.components(separatedBy: "-")
            if let region = parts.dropFirst().last(where: { part in
                (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            }) {
                if let currency = CurrencyCodes.currency(ofRegion: region), CurrencyCatalog.isKnown(currency) {
                    return currency
                }
            }
            return "USD"
        }

        @Test func defaultCurrencyIsICUs() {
            for name in Self.names {
                let locale = LocaleID(identifier: name)
                #expect(CurrencyCatalog.defaultCurrency(for: locale) == Self.icuDefaultCurrency(locale), "\(name)")
            }
            #expect(CurrencyCatalog.defaultCurrency(for: LocaleID(identifier: "zh_Hant")) == "TWD")
            #expect(CurrencyCatalog.defaultCurrency(for: LocaleID(identifier: "fr")) == "EUR")
        }

        @Test func latinDigitsKeepsTheName() {
            #expect(GroupingStyle.latinDigits(LocaleID(identifier: "ar_EG")).identifier == "ar_EG@numbers=latn")
            #expect(
                GroupingStyle.latinDigits(LocaleID(identifier: "th-TH-u-nu-thai")).identifier == "th_TH@numbers=latn")
            #expect(
                GroupingStyle.latinDigits(LocaleID(identifier: "en_US_POSIX")).identifier == "en_US_POSIX@numbers=latn")
        }
    }
#endif
