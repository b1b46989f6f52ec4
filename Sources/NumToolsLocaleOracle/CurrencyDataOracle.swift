// The currency facts of every locale (issue 46), asked of the toolchain's
// ICU: symbols, narrow symbols and plural display names (ucurr_*), the unit
// patterns of the full-name presentation, currency-specific formats and the
// currency spacing (the `curr` resource bundles, read as ICU's number
// formatter reads them). What numtools-datagen writes into
// Sources/NumToolsCore/Generated/CurrencyData.swift, and what
// CurrencyDataTests compares that file with.
#if canImport(_FoundationICU)
    import Foundation
    import _FoundationICU
    import NumToolsCore

    /// What ICU says of currencies, per code and per locale.
    package enum CurrencyDataOracle {
        /// The six plural keywords CLDR knows, in ICU's StandardPlural order.
        package static let standardKeywords = ["zero", "one", "two", "few", "many", "other"]

        /// The names the data covers (``LocaleOracle/dataNames``).
        package static var locales: [String] { LocaleOracle.dataNames }

        /// Every ISO 4217 code ICU lists with `UCURR_ALL`
        /// (`ucurr_openISOCurrencies`, what Foundation's
        /// `Locale.Currency.isoCurrencies` lists), upper case, sorted.
        package static var codes: [String] {
            var status = U_ZERO_ERROR
            guard let list = swift_ucurr_openISOCurrencies(UInt32(UCURR_ALL.rawValue), &status), status.rawValue <= 0
            else { return [] }
            defer { swift_uenum_close(list) }
            var found: [String] = []
            while true {
                var length: Int32 = 0
                guard let code = swift_uenum_next(list, &length, &status), status.rawValue <= 0 else { break }
                found.append(String(cString: code).uppercased())
            }
            return Array(Set(found)).sorted()
        }

        /// `ucurr_getDefaultFractionDigits`.
        package static func fractionDigits(_ code: String) -> Int {
            var status = U_ZERO_ERROR
            let units = Array(code.utf16) + [0]
            return Int(swift_ucurr_getDefaultFractionDigits(units, &status))
        }

        /// `ucurr_getName(code, locale, style)`: the code itself where ICU has no name.
        package static func name(_ code: String, _ locale: String, _ style: UCurrNameStyle) -> String {
            var status = U_ZERO_ERROR
            var isChoice: UBool = 0
            var length: Int32 = 0
            let units = Array(code.utf16) + [0]
            return units.withUnsafeBufferPointer { u -> String in
                guard let s = swift_ucurr_getName(u.baseAddress, locale, style, &isChoice, &length, &status),
                    status.rawValue <= 0
                else { return code }
                return String(decoding: UnsafeBufferPointer(start: s, count: Int(length)), as: UTF16.self)
            }
        }

        /// `ucurr_getName(…, UCURR_SYMBOL_NAME)`.
        package static func symbol(_ code: String, _ locale: String) -> String { name(code, locale, UCURR_SYMBOL_NAME) }

        /// `ucurr_getName(…, UCURR_NARROW_SYMBOL_NAME)`.
        package static func narrowSymbol(_ code: String, _ locale: String) -> String {
            name(code, locale, UCURR_NARROW_SYMBOL_NAME)
        }

        /// `ucurr_getName(…, UCURR_LONG_NAME)`.
        package static func longName(_ code: String, _ locale: String) -> String { name(code, locale, UCURR_LONG_NAME) }

        /// `ucurr_getPluralName(code, locale, keyword)`.
        package static func pluralName(_ code: String, _ locale: String, keyword: String) -> String {
            var status = U_ZERO_ERROR
            var isChoice: UBool = 0
            var length: Int32 = 0
            let units = Array(code.utf16) + [0]
            return units.withUnsafeBufferPointer { u -> String in
                guard let s = swift_ucurr_getPluralName(u.baseAddress, locale, &isChoice, keyword, &length, &status),
                    status.rawValue <= 0
                else { return code }
                return String(decoding: UnsafeBufferPointer(start: s, count: Int(length)), as: UTF16.self)
            }
        }

        /// The cardinal plural keywords of `locale` (`uplrules_getKeywords`), sorted.
        package static func keywords(_ locale: String) -> [String] {
            var status = U_ZERO_ERROR
            guard let rules = swift_uplrules_open(locale, &status), status.rawValue <= 0 else { return ["other"] }
            defer { swift_uplrules_close(rules) }
            guard let list = swift_uplrules_getKeywords(rules, &status), status.rawValue <= 0 else { return ["other"] }
            defer { swift_uenum_close(list) }
            var found: [String] = []
            while true {
                var length: Int32 = 0
                guard let k = swift_uenum_next(list, &length, &status), status.rawValue <= 0 else { break }
                found.append(String(cString: k))
            }
            return found.sorted()
        }

        /// `ucurr_forLocale(locale)`: the currency of the locale's `currency`
        /// keyword, else of its region (`rg` keyword, else region subtag);
        /// nil where there is none.
        package static func currency(ofLocale locale: String) -> String? {
            var status = U_ZERO_ERROR
            var buffer = [UChar](repeating: 0, count: 8)
            let n = swift_ucurr_forLocale(locale, &buffer, 8, &status)
            guard status.rawValue <= 0, n == 3 else { return nil }
            return String(decoding: buffer[0..<3], as: UTF16.self)
        }

        /// The regions of CLDR's CurrencyMap (supplementalData), sorted.
        package static var currencyMapRegions: [String] {
            var status = U_ZERO_ERROR
            guard let data = swift_ures_openDirect(currPackage, "supplementalData", &status), status.rawValue <= 0
            else {
                return []
            }
            defer { swift_ures_close(data) }
            guard let map = swift_ures_getByKey(data, "CurrencyMap", nil, &status), status.rawValue <= 0 else {
                return []
            }
            defer { swift_ures_close(map) }
            var regions: [String] = []
            while swift_ures_hasNext(map) != 0 {
                var st = U_ZERO_ERROR
                guard let entry = swift_ures_getNextResource(map, nil, &st), st.rawValue <= 0 else { break }
                defer { swift_ures_close(entry) }
                if let key = swift_ures_getKey(entry) { regions.append(String(cString: key)) }
            }
            return regions.sorted()
        }

        /// Each CurrencyMap region's currency (`ucurr_forLocale("und_" + region)`:
        /// its first legal tender currency in force), where it has one.
        package static var regionCurrencies: [(region: String, code: String)] {
            currencyMapRegions.compactMap { region in currency(ofLocale: "und_" + region).map { (region, $0) } }
        }

        // MARK: - The curr resource bundles

        /// ICU's `ures_getByKeyWithFallback` and `ures_getStringByKeyWithFallback`
        /// (exported by the library, not declared in its public headers): a
        /// path's resource in a locale or the nearest of its parents, as
        /// ICU's own currency and number code reads it.
        private typealias ByKey =
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutablePointer<UErrorCode>?
            ) -> OpaquePointer?
        private typealias StringByKey =
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UErrorCode>?
            ) -> UnsafePointer<UChar>?
        nonisolated(unsafe) private static let byKeyWithFallback: ByKey = unsafeBitCast(
            dlsym(nil, "swift_ures_getByKeyWithFallback")!, to: ByKey.self)
        nonisolated(unsafe) private static let stringByKeyWithFallback: StringByKey = unsafeBitCast(
            dlsym(nil, "swift_ures_getStringByKeyWithFallback")!, to: StringByKey.self)

        /// The package name of ICU's currency bundles (`U_ICUDATA_CURR`).
        static var currPackage: String {
            "icudt" + LocaleOracle.icuVersion.prefix { $0 != "." } + "l-curr"
        }

        /// Runs `body` with `locale`'s curr bundle.
        static func withCurr<T>(_ locale: String, _ body: (OpaquePointer) -> T?) -> T? {
            var status = U_ZERO_ERROR
            guard let bundle = swift_ures_open(currPackage, locale, &status), status.rawValue <= 0 else { return nil }
            defer { swift_ures_close(bundle) }
            return body(bundle)
        }

        /// The string at `path` in `bundle` or a parent's (nil where none has it).
        static func string(_ bundle: OpaquePointer, _ path: String) -> String? {
            var status = U_ZERO_ERROR
            var length: Int32 = 0
            guard let s = stringByKeyWithFallback(bundle, path, &length, &status), status.rawValue <= 0 else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: s, count: Int(length)), as: UTF16.self)
        }

        /// The locale's `CurrencyUnitPatterns` for each of the six standard
        /// plural keywords, as ICU's long-name handler resolves them (the
        /// keyword's pattern in the locale or a parent, else "other"'s).
        package static func unitPatterns(_ locale: String) -> [String: String] {
            withCurr(locale) { bundle in
                let other = string(bundle, "CurrencyUnitPatterns/other") ?? "{0} {1}"
                var out: [String: String] = [:]
                for k in standardKeywords { out[k] = string(bundle, "CurrencyUnitPatterns/" + k) ?? other }
                return out
            } ?? [:]
        }

        /// `code`'s currency-specific format in `locale` (`Currencies/CODE`
        /// with a third element, in the nearest bundle that has the code, as
        /// DecimalFormatSymbols::setCurrency reads it).
        package static func currencyFormat(_ code: String, _ locale: String) -> [String]? {
            withCurr(locale) { bundle -> [String]? in
                var status = U_ZERO_ERROR
                guard let currencies = byKeyWithFallback(bundle, "Currencies", nil, &status), status.rawValue <= 0
                else { return nil }
                defer { swift_ures_close(currencies) }
                guard let entry = byKeyWithFallback(currencies, code, nil, &status), status.rawValue <= 0 else {
                    return nil
                }
                defer { swift_ures_close(entry) }
                guard swift_ures_getSize(entry) > 2, let format = swift_ures_getByIndex(entry, 2, nil, &status),
                    status.rawValue <= 0
                else { return nil }
                defer { swift_ures_close(format) }
                var parts: [String] = []
                for i in 0..<3 {
                    var length: Int32 = 0
                    guard let s = swift_ures_getStringByIndex(format, Int32(i), &length, &status), status.rawValue <= 0
                    else { return nil }
                    parts.append(String(decoding: UnsafeBufferPointer(start: s, count: Int(length)), as: UTF16.self))
                }
                return parts
            } ?? nil
        }

        /// The keys of the currency spacing, in the order the data keeps them.
        package static let spacingKeys = [
            "beforeCurrency/currencyMatch", "beforeCurrency/surroundingMatch", "beforeCurrency/insertBetween",
            "afterCurrency/currencyMatch", "afterCurrency/surroundingMatch", "afterCurrency/insertBetween",
        ]

        /// The locale's currency spacing (see ``spacingKeys``) as
        /// DecimalFormatSymbols resolves it: `currencySpacing` of the curr
        /// bundle, each item from the locale or its nearest parent having
        /// it; ICU's built-in defaults when before or after is missing.
        package static func spacing(_ locale: String) -> [String] {
            withCurr(locale) { bundle -> [String] in
                let found = spacingKeys.map { string(bundle, "currencySpacing/" + $0) }
                let hasBefore = found[0..<3].contains { $0 != nil }
                let hasAfter = found[3..<6].contains { $0 != nil }
                let defaults = ["[:letter:]", "[:digit:]", " "]
                guard hasBefore && hasAfter else { return defaults + defaults }
                return found.enumerated().map { $0.element ?? defaults[$0.offset % 3] }
            } ?? []
        }
    }
#endif

#if canImport(_FoundationICU)
    import _FoundationICU

    extension CurrencyDataOracle {
        /// The code point ranges of ICU's UnicodeSet of `pattern` (its strings
        /// left out), nil when ICU cannot read it.
        package static func unicodeSetRanges(_ pattern: String) -> [ClosedRange<UInt32>]? {
            var status = U_ZERO_ERROR
            let units = Array(pattern.utf16)
            guard let set = swift_uset_openPattern(units, Int32(units.count), &status), status.rawValue <= 0 else {
                return nil
            }
            defer { swift_uset_close(set) }
            var ranges: [ClosedRange<UInt32>] = []
            for i in 0..<swift_uset_getRangeCount(set) {
                var start: Int32 = 0
                var end: Int32 = 0
                var st = U_ZERO_ERROR
                _ = swift_uset_getItem(set, i, &start, &end, nil, 0, &st)
                guard st.rawValue <= 0 else { return nil }
                ranges.append(UInt32(start)...UInt32(end))
            }
            return ranges
        }

        /// The scalars (surrogates excepted) on which `predicate` and ICU's
        /// UnicodeSet of `pattern` disagree; nil when ICU cannot read it.
        package static func unicodeSetMismatches(_ pattern: String, _ predicate: (Unicode.Scalar) -> Bool)
            -> [UInt32]?
        {
            var status = U_ZERO_ERROR
            let units = Array(pattern.utf16)
            guard let set = swift_uset_openPattern(units, Int32(units.count), &status), status.rawValue <= 0 else {
                return nil
            }
            defer { swift_uset_close(set) }
            var found: [UInt32] = []
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if (swift_uset_contains(set, Int32(value)) != 0) != predicate(scalar) { found.append(value) }
            }
            return found
        }
    }
#endif
