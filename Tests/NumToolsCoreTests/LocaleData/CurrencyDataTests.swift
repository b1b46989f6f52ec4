#if canImport(_FoundationICU)
    import Foundation
    import NumToolsLocaleOracle
    import Testing

    @testable import NumToolsCore

    /// Generated/CurrencyData.swift (CurrencyFacts, CurrencyCodes) against the
    /// toolchain's ICU it was generated from (CurrencyDataOracle), for every
    /// listed locale and every ISO code, and CurrencyCodes against the
    /// Foundation answers CurrencyCatalog gave before it. A failure after a
    /// toolchain upgrade means the data changed: rerun
    /// `scripts/gen_locale_data.sh currency-data`.
    @Suite struct CurrencyDataTests {
        static let locales = CurrencyDataOracle.locales
        static let codes = CurrencyCodes.all

        /// The locales by their first letter: the sweeps run in parallel.
        static let groups: [String] = Array(Set(locales.map { String($0.prefix(1)) })).sorted()

        static func locales(_ group: String) -> [String] { locales.filter { $0.hasPrefix(group) } }

        static func report(_ failures: [String]) -> Comment {
            "\(failures.count) differences, first: \(failures.prefix(5))"
        }

        @Test func codesAreICUsAndFoundations() {
            #expect(Self.codes == CurrencyDataOracle.codes)
            #expect(Self.codes == Locale.Currency.isoCurrencies.map { $0.identifier.uppercased() }.sorted())
            #expect(Self.codes == CurrencyCatalog.codes)
        }

        /// What CurrencyCatalog.fractionDigits computed before the data: the
        /// digits Decimal.FormatStyle.Currency writes.
        static func formatStyleDigits(_ code: String) -> Int {
            let text = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US_POSIX"))
                .presentation(.isoCode).format(Decimal(string: "1.123456789")!)
            guard let dot = text.lastIndex(of: ".") else { return 0 }
            return text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }.count
        }

        @Test func fractionDigitsAndEnglishNamesAreFoundations() {
            var failures: [String] = []
            let english = LocaleID(identifier: "en_US")
            for code in Self.codes {
                let digits = CurrencyCodes.fractionDigits(code)
                if digits != Self.formatStyleDigits(code) || digits != CurrencyDataOracle.fractionDigits(code) {
                    failures.append("\(code) digits \(digits)")
                }
                let name = english.foundation.localizedString(forCurrencyCode: code) ?? code
                if CurrencyCodes.englishName(code) != name { failures.append("\(code) name \(name)") }
                if CurrencyCatalog.fractionDigits(code) != digits || CurrencyCatalog.englishName(code) != name {
                    failures.append("\(code) catalog")
                }
            }
            #expect(CurrencyCodes.fractionDigits("usd") == 2 && CurrencyCodes.englishName("jpy") == "Japanese Yen")
            // Codes ICU does not list, as the old FormatStyle and Foundation answers had them.
            for code in ["ABC", "xyz", "Zzz"] {
                #expect(CurrencyCodes.fractionDigits(code) == Self.formatStyleDigits(code.uppercased()), "\(code)")
                let name = english.foundation.localizedString(forCurrencyCode: code.uppercased()) ?? code.uppercased()
                #expect(CurrencyCodes.englishName(code) == name, "\(code)")
            }
            #expect(failures.isEmpty, Self.report(failures))
        }

        /// Every locale, every code: the symbol and the narrow symbol.
        @Test(arguments: groups) func symbolsEqualICU(group: String) throws {
            var failures: [String] = []
            for locale in Self.locales(group) {
                let facts = try #require(CurrencyFacts.of(locale), "\(locale): no entry")
                for code in Self.codes {
                    let symbol = CurrencyDataOracle.symbol(code, locale)
                    if facts.symbol(code) != symbol {
                        failures.append("\(locale) \(code) symbol \(facts.symbol(code)) != ICU \(symbol)")
                    }
                    let narrow = CurrencyDataOracle.narrowSymbol(code, locale)
                    if facts.narrowSymbol(code) != narrow {
                        failures.append("\(locale) \(code) narrow \(facts.narrowSymbol(code)) != ICU \(narrow)")
                    }
                }
            }
            #expect(failures.isEmpty, Self.report(failures))
        }

        /// Every locale, every code, every plural keyword of the locale: the name.
        @Test(arguments: groups) func pluralNamesEqualICU(group: String) throws {
            var failures: [String] = []
            for locale in Self.locales(group) {
                let facts = try #require(CurrencyFacts.of(locale), "\(locale): no entry")
                let keywords = CurrencyDataOracle.keywords(locale)
                if facts.pluralKeywords != keywords { failures.append("\(locale) keywords \(facts.pluralKeywords)") }
                for code in Self.codes {
                    for keyword in keywords {
                        let name = CurrencyDataOracle.pluralName(code, locale, keyword: keyword)
                        let mine = facts.pluralName(code, keyword: keyword)
                        if mine != name { failures.append("\(locale) \(code) \(keyword): \(mine) != ICU \(name)") }
                    }
                }
            }
            #expect(failures.isEmpty, Self.report(failures))
        }

        /// Every locale: unit patterns (each standard keyword), currency
        /// formats (every code) and currency spacing.
        @Test(arguments: groups) func patternsFormatsAndSpacingEqualICU(group: String) throws {
            var failures: [String] = []
            for locale in Self.locales(group) {
                let facts = try #require(CurrencyFacts.of(locale), "\(locale): no entry")
                let patterns = CurrencyDataOracle.unitPatterns(locale)
                for keyword in CurrencyDataOracle.standardKeywords
                where facts.unitPattern(keyword: keyword) != patterns[keyword] {
                    failures.append("\(locale) unit pattern \(keyword): \(facts.unitPattern(keyword: keyword))")
                }
                for code in Self.codes {
                    let format = facts.currencyFormat(code).map { [$0.pattern, $0.decimal, $0.group] }
                    let icu = CurrencyDataOracle.currencyFormat(code, locale)
                    if format != icu { failures.append("\(locale) \(code) format \(String(describing: format))") }
                }
                let s = facts.spacing
                let spacing = [s.beforeCurrency, s.afterCurrency].flatMap {
                    [$0.currencyMatch, $0.surroundingMatch, $0.insertBetween]
                }
                if spacing != CurrencyDataOracle.spacing(locale) { failures.append("\(locale) spacing \(spacing)") }
            }
            #expect(failures.isEmpty, Self.report(failures))
        }

        /// The examples the renderer relies on.
        @Test func knownFacts() throws {
            let en = try #require(CurrencyFacts.of("en"))
            #expect(en.symbol("USD") == "$" && en.symbol("usd") == "$" && en.symbol("XYZ") == "XYZ")
            #expect(en.pluralName("USD", keyword: "one") == "US dollar")
            #expect(en.pluralName("USD", keyword: "other") == "US dollars")
            #expect(en.unitPattern(keyword: "one") == "{0} {1}")
            #expect(en.currencyFormat("EUR") == nil)
            #expect(try #require(CurrencyFacts.of("en_CA")).symbol("USD") == "US$")
            let f = try #require(CurrencyFacts.of("en_150")?.currencyFormat("EUR"))
            #expect(f.pattern == "#,##0.00\u{A0}¤" && f.decimal == "," && f.group == ".")
            #expect(CurrencyFacts.of("en_US@numbers=arab") == nil && CurrencyFacts.of("xx") == nil)
            let ru = try #require(CurrencyFacts.of("ru"))
            #expect(ru.pluralKeywords == ["few", "many", "one", "other"])
            for k in ru.pluralKeywords {
                #expect(ru.pluralName("RUB", keyword: k) == CurrencyDataOracle.pluralName("RUB", "ru", keyword: k))
            }
        }

        /// Every UnicodeSet pattern of every locale's spacing, read from the
        /// data without ICU, against ICU's UnicodeSet of it, on every scalar.
        @Test func spacingSetsMatchICUsUnicodeSets() throws {
            var sides: [String: CurrencySpacing.Side] = [:]
            for locale in Self.locales {
                let s = try #require(CurrencyFacts.of(locale)).spacing
                for side in [s.beforeCurrency, s.afterCurrency] {
                    sides[side.currencyMatch + " " + side.surroundingMatch] = side
                }
            }
            #expect(sides["[[:^S:]&[:^Z:]] [:digit:]"] != nil)
            for (_, side) in sides.sorted(by: { $0.key < $1.key }) {
                for (pattern, match) in [
                    (side.currencyMatch, side.currencyMatches), (side.surroundingMatch, side.surroundingMatches),
                ] {
                    #expect(UnicodeSetRanges.of(pattern)?.ranges == CurrencyDataOracle.unicodeSetRanges(pattern))
                    let mismatches = try #require(CurrencyDataOracle.unicodeSetMismatches(pattern, match))
                    #expect(
                        mismatches.isEmpty,
                        "\(pattern): \(mismatches.count) differ, first: \(mismatches.prefix(5).map { String($0, radix: 16) })"
                    )
                }
            }
            let side = CurrencySpacing.Side(
                currencyMatch: "[[:^S:]&[:^Z:]]", surroundingMatch: "[:digit:]", insertBetween: "\u{A0}")
            #expect(side.currencyMatches("F") && !side.currencyMatches("$") && !side.currencyMatches(" "))
            #expect(side.surroundingMatches("7") && side.surroundingMatches("٣") && !side.surroundingMatches("x"))
            // ICU 76 (Unicode 16) has no U+20C1 SAUDI RIYAL SIGN: not a symbol there.
            #expect(side.currencyMatches("\u{20C1}"))
        }

        /// Every region ICU's CurrencyMap has, and every region name
        /// --list-regions lists: its currency as ucurr_forLocale gives it.
        @Test func regionCurrenciesEqualICU() {
            var failures: [String] = []
            let regions = Set(CurrencyDataOracle.currencyMapRegions).union(LocaleSupport.knownRegions)
            for region in regions.sorted() {
                let icu = CurrencyDataOracle.currency(ofLocale: "und_" + region)
                if CurrencyCodes.currency(ofRegion: region) != icu {
                    failures.append("\(region): ICU \(icu ?? "none")")
                }
            }
            #expect(CurrencyCodes.currency(ofRegion: "de") == "EUR" && CurrencyCodes.currency(ofRegion: "001") == nil)
            #expect(failures.isEmpty, Self.report(failures))
        }

        /// What CurrencyCatalog.defaultCurrency computed before the data (Foundation's `Locale.currency`).
        static func foundationDefaultCurrency(_ locale: LocaleID) -> String {
            if let currency = locale.foundation.currency, CurrencyCatalog.isKnown(currency.identifier) {
                return currency.identifier.uppercased()
            }
            let parts: [String] = locale.foundation.language.maximalIdentifier.components(separatedBy: "-")
            if let region = parts.dropFirst().last(where: { part in
                (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            }) {
                let regional = LocaleID(
                    identifier: "\(locale.foundation.language.languageCode?.identifier ?? "en")_\(region)")
                if let currency = regional.foundation.currency, CurrencyCatalog.isKnown(currency.identifier) {
                    return currency.identifier.uppercased()
                }
            }
            return "USD"
        }

        /// Every listed locale, alone and with keywords (currency, numbers,
        /// rg; ICU and BCP 47 spellings): the locale's currency, default
        /// currency and territory currency as Foundation's `Locale.currency`
        /// gave them.
        @Test func localeCurrenciesAreFoundations() {
            var failures: [String] = []
            let suffixes = [
                "", "@currency=eur", "@numbers=arab", "@rg=gbzzzz", "@numbers=latn;currency=JPY", "@rg=419zzzz",
            ]
            var names = Self.locales.flatMap { id in suffixes.map { id + $0 } }
            names += [
                "en-US-u-cu-jpy", "de-u-rg-chzzzz", "und_FR", "_US", "zh_Hant", "sr_Latn", "pa_Arab", "en_US_POSIX",
                "C",
            ]
            for name in names {
                let locale = LocaleID(identifier: name)
                let foundation = locale.foundation.currency.map { $0.identifier.uppercased() }
                let mine = CurrencyCodes.currency(ofLocale: locale.identifier)
                if foundation.map(CurrencyCatalog.isKnown) ?? false, mine != foundation {
                    failures.append(
                        "\(name) (\(locale.identifier)): \(mine ?? "none") != Foundation \(foundation ?? "none")")
                }
                if foundation.map(CurrencyCatalog.isKnown) != true, let mine, CurrencyCatalog.isKnown(mine) {
                    failures.append("\(name) (\(locale.identifier)): \(mine) != Foundation none")
                }
                let old = Self.foundationDefaultCurrency(locale)
                if CurrencyCatalog.defaultCurrency(for: locale) != old {
                    failures.append("\(name) default: Foundation \(old)")
                }
            }
            #expect(failures.isEmpty, Self.report(failures))
        }
    }
#endif
