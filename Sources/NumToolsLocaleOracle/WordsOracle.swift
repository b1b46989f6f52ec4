// The live side of the words data (issue 46): ICU's RBNF rule text of each
// locale's spell-out rules and of the root's numbering-system rules, the
// algorithmic numbering systems and each locale's traditional one, and
// CLDR's plural rules as ICU holds them. numtools-datagen writes them into
// Generated/SpelloutRulesData.swift, NumeralSystemsData.swift and
// PluralRulesData.swift; WordsDataTests compares those with this.
#if canImport(_FoundationICU)
    import Foundation
    import _FoundationICU
    import NumToolsCore

    /// What ICU says of spell-out rules, numbering systems and plural rules, asked live.
    public enum WordsOracle {
        // MARK: Locales

        /// The locale identifiers the words tables answer for, sorted: every
        /// identifier `--list-locales` lists, the short forms users write for
        /// them (`zh_CN`), their languages, every locale of ICU's plural
        /// data, the languages the tools take though ICU does not list them,
        /// alone and with their likely region (`ht`, `ht_HT`), `en_US_POSIX` and `root`. A name outside these is resolved
        /// at run time by its parents (`de_CH_X` → `de_CH` → `de`), as ICU does.
        public static let locales: [String] = {
            var names = Set(LocaleSupport.availableIdentifiers)
            for id in LocaleSupport.availableIdentifiers {
                let parts = id.split(separator: "_", omittingEmptySubsequences: false)
                names.insert(String(parts[0]))
                if parts.count == 3, parts[1].count == 4 { names.insert("\(parts[0])_\(parts[2])") }
            }
            let plurals = pluralData()
            names.formUnion(plurals.cardinalLocales.keys)
            names.formUnion(plurals.ordinalLocales.keys)
            // Languages the tools take though ICU does not list them (`ht`), alone and with their likely region.
            let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier)).union(
                plurals.cardinalLocales.keys.filter { !$0.contains("_") })
            for language in languages where !names.contains(language) {
                guard LocaleSupport.identifier(for: language) == language else { continue }
                names.insert(language)
                if let region = Locale.Language(identifier: language).maximalIdentifier.split(separator: "-").last,
                    region.count == 2 || region.count == 3,
                    let id = LocaleSupport.identifier(for: "\(language)_\(region)")
                {
                    names.insert(id)
                }
            }
            names.insert("en_US_POSIX")
            names.insert("root")
            return names.filter { !$0.isEmpty }.sorted()
        }()

        // MARK: RBNF

        /// The rule text of ICU's spell-out formatter for `locale`
        /// (`unum_toPattern` of `UNUM_SPELLOUT`), or of the root's
        /// numbering-system one (`UNUM_NUMBERING_SYSTEM`).
        public static func ruleText(numberingSystems: Bool = false, locale: String) -> String? {
            let style = numberingSystems ? UNUM_NUMBERING_SYSTEM : UNUM_SPELLOUT
            var status = U_ZERO_ERROR
            guard let f = swift_unum_open(style, nil, 0, locale, nil, &status), status.rawValue <= 0 else {
                return nil
            }
            defer { swift_unum_close(f) }
            var capacity: Int32 = 1 << 16
            while true {
                var buffer = [UInt16](repeating: 0, count: Int(capacity))
                status = U_ZERO_ERROR
                let n = swift_unum_toPattern(f, 0, &buffer, capacity, &status)
                if status == U_BUFFER_OVERFLOW_ERROR || n > capacity {
                    capacity = max(n + 1, capacity * 2)
                    continue
                }
                guard status.rawValue <= 0, n >= 0 else { return nil }
                return String(decoding: buffer[..<Int(n)], as: UTF16.self)
            }
        }

        /// ICU's spell-out of `value` in `locale` (`unum_formatDouble`), UTF-8.
        public static func spellout(_ value: Double, locale: String) -> [UInt8]? {
            var status = U_ZERO_ERROR
            guard let f = swift_unum_open(UNUM_SPELLOUT, nil, 0, locale, nil, &status), status.rawValue <= 0 else {
                return nil
            }
            defer { swift_unum_close(f) }
            var buffer = [UInt16](repeating: 0, count: 512)
            status = U_ZERO_ERROR
            let n = swift_unum_formatDouble(f, value, &buffer, 512, nil, &status)
            guard status.rawValue <= 0, n > 0, n <= 512 else { return nil }
            return Array(String(decoding: buffer[..<Int(n)], as: UTF16.self).utf8)
        }

        /// Whether `locale`'s decimal separator is a comma (which of a rule
        /// set's `x.x:` and `x,x:` ICU takes).
        public static func decimalIsComma(locale: String) -> Bool {
            Locale(identifier: locale).decimalSeparator == ","
        }

        /// What the generated spell-out data says of `locale`: its rule text
        /// and the settings its text does not show, as
        /// ``WordsData/spelloutSettings(text:locale:decimalIsComma:icu:)``
        /// reads them off ICU's output. `locale` `#root` is the root's
        /// numbering-system rules.
        package static func spelloutEntry(locale: String) -> SpelloutRulesEntry? {
            let systems = locale == "#root"
            let id = systems ? "root" : locale
            guard let text = ruleText(numberingSystems: systems, locale: id) else { return nil }
            let comma = decimalIsComma(locale: id)
            var entry = SpelloutRulesEntry(text: text, decimalIsComma: comma, spacedDigits: true, fractionZeros: false)
            if !systems {
                let settings = WordsData.spelloutSettings(text: text, locale: id, decimalIsComma: comma) {
                    spellout($0, locale: id)
                }
                entry.spacedDigits = settings.spacedDigits
                entry.fractionZeros = settings.fractionZeros
            }
            return entry
        }

        // MARK: Numbering systems

        /// The algorithmic numbering systems ICU has (`unumsys_openAvailableNames`),
        /// by name, with their descriptions (`%roman-upper`, `zh/SpelloutRules/%spellout-cardinal`).
        public static var algorithmicSystems: [(name: String, description: String)] {
            var status = U_ZERO_ERROR
            guard let names = swift_unumsys_openAvailableNames(&status), status.rawValue <= 0 else { return [] }
            defer { swift_uenum_close(names) }
            var found: [(String, String)] = []
            while true {
                var length: Int32 = 0
                status = U_ZERO_ERROR
                guard let name = swift_uenum_next(names, &length, &status), status.rawValue <= 0 else { break }
                let s = String(cString: name)
                if let d = description(byName: s) { found.append((s, d)) }
            }
            return found.sorted { $0.0 < $1.0 }
        }

        /// ICU's description of the system `name` when it is algorithmic, else nil.
        public static func description(byName name: String) -> String? {
            var status = U_ZERO_ERROR
            guard let system = swift_unumsys_openByName(name, &status), status.rawValue <= 0 else { return nil }
            defer { swift_unumsys_close(system) }
            return description(system)
        }

        private static func description(_ system: OpaquePointer) -> String? {
            guard swift_unumsys_isAlgorithmic(system) != 0 else { return nil }
            var buffer = [UInt16](repeating: 0, count: 256)
            var status = U_ZERO_ERROR
            let n = swift_unumsys_getDescription(system, &buffer, 256, &status)
            guard status.rawValue <= 0, n > 0, n <= 256 else { return nil }
            return String(decoding: buffer[..<Int(n)], as: UTF16.self)
        }

        /// The name of `locale`'s traditional numbering system
        /// (`unumsys_open(locale@numbers=traditional)`) when it is algorithmic, else nil.
        public static func traditional(locale: String) -> String? {
            var status = U_ZERO_ERROR
            let id = locale.split(separator: "@").first.map(String.init) ?? locale
            guard let system = swift_unumsys_open(id + "@numbers=traditional", &status), status.rawValue <= 0 else {
                return nil
            }
            defer { swift_unumsys_close(system) }
            guard description(system) != nil, let name = swift_unumsys_getName(system) else { return nil }
            return String(cString: name)
        }

        // MARK: Plural rules

        /// CLDR's plural rules as ICU holds them (its `plurals` resource):
        /// which rule set each locale names, for cardinals (`locales`) and
        /// ordinals (`locales_ordinals`), and each set's rules, keyword and
        /// rule text (samples included), in ICU's order.
        public struct PluralData: Sendable {
            public var cardinalLocales: [String: String] = [:]
            public var ordinalLocales: [String: String] = [:]
            public var sets: [String: [(keyword: String, rule: String)]] = [:]
        }

        /// ICU's `plurals` resource, read with the resource bundle API.
        public static func pluralData() -> PluralData {
            var data = PluralData()
            var status = U_ZERO_ERROR
            guard let root = swift_ures_openDirect(nil, "plurals", &status), status.rawValue <= 0 else { return data }
            defer { swift_ures_close(root) }
            func strings(_ bundle: OpaquePointer) -> [(String, String)] {
                var out: [(String, String)] = []
                swift_ures_resetIterator(bundle)
                while swift_ures_hasNext(bundle) != 0 {
                    var length: Int32 = 0
                    var key: UnsafePointer<CChar>? = nil
                    var status = U_ZERO_ERROR
                    guard let value = swift_ures_getNextString(bundle, &length, &key, &status), status.rawValue <= 0,
                        let key
                    else { break }
                    out.append(
                        (
                            String(cString: key),
                            String(decoding: UnsafeBufferPointer(start: value, count: Int(length)), as: UTF16.self)
                        ))
                }
                return out
            }
            for (table, ordinal) in [("locales", false), ("locales_ordinals", true)] {
                var status = U_ZERO_ERROR
                guard let t = swift_ures_getByKey(root, table, nil, &status), status.rawValue <= 0 else { continue }
                defer { swift_ures_close(t) }
                for (locale, set) in strings(t) {
                    if ordinal { data.ordinalLocales[locale] = set } else { data.cardinalLocales[locale] = set }
                }
            }
            status = U_ZERO_ERROR
            guard let rules = swift_ures_getByKey(root, "rules", nil, &status), status.rawValue <= 0 else {
                return data
            }
            defer { swift_ures_close(rules) }
            while swift_ures_hasNext(rules) != 0 {
                var status = U_ZERO_ERROR
                guard let set = swift_ures_getNextResource(rules, nil, &status), status.rawValue <= 0 else { break }
                defer { swift_ures_close(set) }
                guard let key = swift_ures_getKey(set) else { continue }
                data.sets[String(cString: key)] = strings(set).map { (keyword: $0.0, rule: $0.1) }
            }
            return data
        }

        /// ICU's plural keyword of `value` in `locale` (`uplrules_select`).
        public static func pluralSelect(_ value: Double, locale: String, ordinal: Bool) -> String? {
            var status = U_ZERO_ERROR
            guard
                let rules = swift_uplrules_openForType(
                    locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status),
                status.rawValue <= 0
            else { return nil }
            defer { swift_uplrules_close(rules) }
            var buffer = [UInt16](repeating: 0, count: 32)
            status = U_ZERO_ERROR
            let length = swift_uplrules_select(rules, value, &buffer, 32, &status)
            guard status.rawValue <= 0, length > 0, length <= 32 else { return nil }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }

        /// A plural selector of ICU's, opened once (`uplrules_openForType`).
        public final class PluralSelector {
            private let rules: OpaquePointer

            public init?(locale: String, ordinal: Bool) {
                var status = U_ZERO_ERROR
                guard
                    let r = swift_uplrules_openForType(
                        locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status),
                    status.rawValue <= 0
                else { return nil }
                rules = r
            }

            deinit { swift_uplrules_close(rules) }

            public func select(_ value: Double) -> String? {
                var buffer = [UInt16](repeating: 0, count: 32)
                var status = U_ZERO_ERROR
                let length = swift_uplrules_select(rules, value, &buffer, 32, &status)
                guard status.rawValue <= 0, length > 0, length <= 32 else { return nil }
                return String(decoding: buffer[..<Int(length)], as: UTF16.self)
            }
        }

        /// ICU's own RBNF formatter (`UNUM_SPELLOUT`, or `UNUM_DECIMAL` of a
        /// locale with `@numbers=NAME`): the tests' oracle, exact within `Int64`.
        public final class RuleFormatter {
            private let formatter: UnsafeMutablePointer<UNumberFormat?>

            public init?(locale: String, spellout: Bool = true) {
                var status = U_ZERO_ERROR
                guard let f = swift_unum_open(spellout ? UNUM_SPELLOUT : UNUM_DECIMAL, nil, 0, locale, nil, &status),
                    status.rawValue <= 0
                else { return nil }
                formatter = f
            }

            deinit { swift_unum_close(formatter) }

            public func format(_ value: Int64) -> String? {
                var buffer = [UInt16](repeating: 0, count: 1024)
                var status = U_ZERO_ERROR
                let n = swift_unum_formatInt64(formatter, value, &buffer, 1024, nil, &status)
                guard status.rawValue <= 0, n > 0, n <= 1024 else { return nil }
                return String(decoding: buffer[..<Int(n)], as: UTF16.self)
            }
        }
    }
#endif
