// The live side of the locale names (issue 46): which locales the toolchain's
// ICU lists, the likely subtags the resolver needs, the languages it has data
// for without listing them, and ICU's alias tables; numtools-datagen writes
// them into Sources/NumToolsCore/Generated/LocaleIndexData.swift, and
// LocaleIndexDataTests compares the two. `Reference` keeps the resolver as it
// was when it asked Foundation at run time, for the differential test.
#if canImport(_FoundationICU)
    import Foundation
    import _FoundationICU
    import NumToolsCore

    /// What ICU says about locale names, asked live.
    public enum LocaleIndexOracle {
        /// ICU's available identifiers (`Locale.availableIdentifiers`), sorted.
        public static let identifiers: [String] = Locale.availableIdentifiers.sorted()

        /// The English name of each identifier (`--list-locales`' second column).
        public static let englishNames: [String] = identifiers.map {
            Locale(identifier: "en").localizedString(forIdentifier: $0) ?? $0
        }

        /// The ISO 3166 codes (`Locale.Region.isoRegions`), sorted.
        public static let regions: [String] = Locale.Region.isoRegions.map(\.identifier).sorted()

        /// CLDR's numbering systems, sorted.
        public static let numberingSystems: [String] = Locale.NumberingSystem.availableNumberingSystems.map(
            \.identifier
        ).sorted()

        /// The likely-subtags maximal form of an ICU name, `_`-separated.
        public static func maximal(_ name: String) -> String {
            Locale.Language(identifier: name).maximalIdentifier.replacingOccurrences(of: "-", with: "_")
        }

        /// The languages of the identifiers.
        public static let knownLanguages: Set<String> = Set(identifiers.map { String($0.prefix { $0 != "_" }) })

        /// The short forms (`zh_CN`) of listed names with a script
        /// (`zh_Hans_CN`): those whose likely subtags give that name.
        public static let shortForms: [String] = identifiers.compactMap { id in
            let parts = id.split(separator: "_")
            guard parts.count == 3, parts[1].count == 4 else { return nil }
            let short = "\(parts[0])_\(parts[2])"
            return maximal(short) == id && !identifiers.contains(short) ? short : nil
        }.sorted()

        /// The long forms (`en_Latn_US`) of listed names without a script
        /// (`en_US`): their likely subtags, when ICU does not list them.
        public static let longForms: [String] = identifiers.compactMap { id in
            let parts = id.split(separator: "_")
            guard parts.count == 2 else { return nil }
            let long = maximal(id)
            let longParts = long.split(separator: "_")
            guard longParts.count == 3, longParts[0] == parts[0], longParts[2] == parts[1] else { return nil }
            return identifiers.contains(long) ? nil : long
        }.sorted()

        /// What FormatStyle writes in `language`: a number, a percent, an
        /// amount, a date and a language name (the rule of
        /// LocaleSupport.hasInheritedData before issue 46).
        public static func formatSignature(_ language: String) -> [String] {
            let locale = Locale(identifier: language)
            var date = Date.FormatStyle(date: .complete, time: .omitted).locale(locale)
            date.timeZone = TimeZone(identifier: "UTC") ?? date.timeZone
            return [
                Decimal(string: "-1234567.89")!.formatted(.number.locale(locale)),
                Decimal(string: "0.5")!.formatted(.percent.locale(locale)),
                Decimal(string: "1234.5")!.formatted(.currency(code: "EUR").locale(locale)),
                Date(timeIntervalSince1970: 0).formatted(date),
                locale.localizedString(forLanguageCode: "en") ?? "",
            ]
        }

        /// What FormatStyle writes for a language it has no data for.
        public static let fallbackSignature = formatSignature("qaa")

        private final class Memo: @unchecked Sendable {
            let lock = NSLock()
            var answers: [String: Bool] = [:]
        }
        private static let memo = Memo()

        /// Whether FormatStyle has data of its own for `language` (any
        /// language, listed or not); remembered once asked.
        public static func hasData(_ language: String) -> Bool {
            memo.lock.lock()
            if let known = memo.answers[language] {
                memo.lock.unlock()
                return known
            }
            memo.lock.unlock()
            let answer = formatSignature(language) != fallbackSignature
            memo.lock.lock()
            memo.answers[language] = answer
            memo.lock.unlock()
            return answer
        }

        /// Every two- and three-letter lowercase code, in order, and `root`
        /// (the one longer code ICU has data for).
        public static var languageCodes: [String] {
            let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
            return letters.flatMap { a in letters.map { a + $0 } }
                + letters.flatMap { a in letters.flatMap { b in letters.map { a + b + $0 } } } + ["root"]
        }

        /// Whether `code` is one ICU keeps as it is (no alias) and no listed
        /// language: the languages ``inheritedLanguages`` probes.
        public static func isUnlistedLanguage(_ code: String) -> Bool {
            !knownLanguages.contains(code) && Locale.identifier(.icu, from: code) == code
        }

        /// The languages ICU lists no locale of but has data for (`ht`,
        /// which inherits fr_HT's): every two- and three-letter code probed
        /// (about a minute).
        public static func inheritedLanguages(among codes: [String] = languageCodes) -> [String] {
            codes.filter { isUnlistedLanguage($0) && hasData($0) }.sorted()
        }

        /// The names of `languages` (inherited) that the resolver takes
        /// besides the language alone: those whose likely subtags are the
        /// language's own (`ht_HT`, `ht_Latn`, `ht_Latn_HT`, and with the
        /// unknown script or region, which likely subtags fill in).
        public static func inheritedForms(_ languages: [String]) -> [String] {
            var forms: [String] = []
            for language in languages {
                let full = maximal(language)
                let parts = full.split(separator: "_").map(String.init)
                guard parts.count == 3 else { continue }
                let (s, r) = (parts[1], parts[2])
                let candidates = [
                    "\(language)_\(r)", "\(language)_\(s)", "\(language)_\(s)_\(r)", "\(language)_ZZ",
                    "\(language)_Zyyy", "\(language)_Zyyy_ZZ", "\(language)_\(s)_ZZ", "\(language)_Zyyy_\(r)",
                ]
                forms += candidates.filter { maximal($0) == full }
            }
            return forms.sorted()
        }

        /// The region of each language's likely subtags (`hy:AM`), for the
        /// languages listed and `inherited`: how ICU picks one of the
        /// regions an old code stands for (`hy_SU` is `hy_AM`).
        public static func likelyRegions(_ inherited: [String]) -> [String] {
            (knownLanguages.sorted() + inherited).compactMap { language in
                let parts = maximal(language).split(separator: "_")
                guard parts.count == 3, parts[0] == language else { return nil }
                return "\(language):\(parts[2])"
            }.sorted()
        }

        /// The region of the likely subtags of each language and script of
        /// the listed names (`zh_Hant:TW`, `sr_Latn:RS`), for a name with a
        /// script and no region (CurrencyCatalog.defaultCurrency; a language
        /// and script not here takes the language's region, as ICU's likely
        /// subtags do: `ht_Latn` is HT).
        public static var likelyScriptRegions: [String] {
            let scripts = Set(
                identifiers.compactMap { id -> String? in
                    let parts = id.split(separator: "_")
                    guard parts.count >= 2, parts[1].count == 4 else { return nil }
                    return "\(parts[0])_\(parts[1])"
                })
            return scripts.compactMap { name in
                let parts = maximal(name).split(separator: "_")
                guard parts.count == 3, "\(parts[0])_\(parts[1])" == name else { return nil }
                return "\(name):\(parts[2])"
            }.sorted()
        }

        /// One of ICU's alias tables (`metadata`, `alias/KIND`: `language`,
        /// `script`, `territory`, `variant`) as `key:replacement` (a list of
        /// regions joined by `+`), sorted.
        public static func aliases(_ kind: String) -> [String] {
            var status = U_ZERO_ERROR
            let metadata = swift_ures_openDirect(nil, "metadata", &status)
            defer { swift_ures_close(metadata) }
            let alias = swift_ures_getByKey(metadata, "alias", nil, &status)
            defer { swift_ures_close(alias) }
            let table = swift_ures_getByKey(alias, kind, nil, &status)
            defer { swift_ures_close(table) }
            guard status.rawValue <= 0 else { return [] }
            var pairs: [String] = []
            while swift_ures_hasNext(table) != 0 {
                var st = U_ZERO_ERROR
                let entry = swift_ures_getNextResource(table, nil, &st)
                defer { swift_ures_close(entry) }
                guard st.rawValue <= 0, let key = swift_ures_getKey(entry) else { continue }
                let replacement = swift_ures_getByKey(entry, "replacement", nil, &st)
                defer { swift_ures_close(replacement) }
                var length: Int32 = 0
                guard st.rawValue <= 0, let text = swift_ures_getString(replacement, &length, &st) else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF16.self)
                pairs.append(String(cString: key) + ":" + value.replacingOccurrences(of: " ", with: "+"))
            }
            return pairs.sorted()
        }

        /// The Swift source of Generated/LocaleIndexData.swift (after the header).
        public static func source() -> String {
            let inherited = inheritedLanguages()
            func literal(_ name: String, _ doc: String, _ items: [String], separator: String = " ") -> String {
                precondition(!items.contains { $0.contains(separator) || $0.contains("\"") || $0.contains("\\") })
                return "    /// \(doc)\n    static let \(name) = \"\(items.joined(separator: separator))\"\n"
            }
            return """
                /// Locale names as ICU knows them, for LocaleSupport: each list one
                /// string of space-separated items, split the first time it is asked for.
                enum LocaleIndexData {

                """
                    + [
                        literal("identifiers", "ICU's available identifiers (what --list-locales lists).", identifiers),
                        literal(
                            "englishNames", "The English name of each identifier, in their order, `|` between.",
                            englishNames, separator: "|"),
                        literal("regions", "The ISO 3166 codes a name may give as its region.", regions),
                        literal("numberingSystems", "CLDR's numbering systems (`@numbers=`).", numberingSystems),
                        literal("shortForms", "Listed names with their likely script left out (`zh_CN`).", shortForms),
                        literal(
                            "longForms", "Listed names with their likely script written (`en_Latn_US`).", longForms),
                        literal(
                            "inheritedLanguages", "Languages ICU lists no locale of but has data for (`ht`).", inherited
                        ),
                        literal(
                            "inheritedForms", "Their names whose likely subtags are the language's own (`ht_HT`).",
                            inheritedForms(inherited)),
                        literal(
                            "likelyRegions", "The likely region of each language (`language:REGION`).",
                            likelyRegions(inherited)),
                        literal(
                            "likelyScriptRegions",
                            "The likely region of each language and script listed (`language_Script:REGION`).",
                            likelyScriptRegions),
                        literal("languageAliases", "ICU's language aliases (`key:replacement`).", aliases("language")),
                        literal("scriptAliases", "ICU's script aliases.", aliases("script")),
                        literal(
                            "territoryAliases", "ICU's region aliases (several regions joined by `+`).",
                            aliases("territory")),
                        literal("variantAliases", "ICU's variant aliases.", aliases("variant")),
                    ].joined(separator: "\n") + "}\n"
        }

        /// The resolver as it was before issue 46, asking Foundation (and so
        /// ICU) at run time: the oracle of the differential test.
        public enum Reference {
            static let availableList: [String] = Locale.availableIdentifiers
            static let knownLanguages: Set<String> = Set(availableList.map { String($0.prefix { $0 != "_" }) })
            static let modifierScripts: [String: String] = [
                "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "iqtelif": "Latn",
            ]
            static let modifierVariants: Set<String> = ["valencia"]

            static func hasInheritedData(_ language: String) -> Bool {
                guard language.count >= 2, language.count <= 8, language.allSatisfy({ $0.isASCII && $0.isLetter })
                else { return false }
                return hasData(language)
            }

            /// ICU's canonical form of `name`, as the resolver asked it.
            public static func canonical(_ name: String) -> String { Locale.identifier(.icu, from: name) }

            /// LocaleSupport.checkedIdentifier as it was (its keywords checked
            /// by today's LocaleSupport, whose lists LocaleIndexDataTests checks).
            public static func checkedIdentifier(_ text: String) throws(LocaleSupport.Refusal) -> String {
                guard text.utf8.count <= LocaleSupport.maximumNameLength else { throw .tooLong }
                var name = Substring(text)
                var modifier: Substring? = nil
                if let at = name.firstIndex(of: "@"), !name[at...].contains("=") {
                    modifier = name[name.index(after: at)...]
                    name = name[..<at]
                }
                if let dot = name.firstIndex(of: "."), !name.contains("=") { name = name[..<dot] }
                let bare = name.lowercased()
                if bare == "c" || bare == "posix" {
                    guard modifier == nil else { throw .unknown }
                    return LocaleSupport.machineIdentifier
                }
                guard let first = name.first, first.isLetter,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-@=;".contains($0)) })
                else { throw .unknown }
                var canonical = Locale.identifier(.icu, from: String(name))
                var keywords = ""
                if let at = canonical.firstIndex(of: "@") {
                    keywords = try LocaleSupport.checkedKeywords(canonical[canonical.index(after: at)...])
                    canonical = String(canonical[..<at])
                }
                var parts = canonical.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
                guard let language = parts.first, !language.isEmpty else { throw .unknown }
                let hasScript = parts.count > 1 && parts[1].count == 4 && parts[1].allSatisfy(\.isLetter)
                if let modifier, !modifier.isEmpty {
                    let m = modifier.lowercased()
                    if let s = modifierScripts[m], !hasScript {
                        parts.insert(s, at: 1)
                    } else if modifierVariants.contains(m) {
                        if parts.count == 1 { parts.append("") }
                        parts.append(m.uppercased())
                    }
                }
                let resolved = parts.joined(separator: "_")
                guard isListed(parts) else { throw .unknown }
                return resolved + keywords
            }

            static func isListed(_ parts: [String]) -> Bool {
                let id = parts.joined(separator: "_")
                if availableList.contains(id) { return true }
                var base = parts
                if base.count > 1, modifierVariants.contains(base.last!.lowercased()) {
                    base.removeLast()
                    if base.last == "" { base.removeLast() }
                    return isListed(base)
                }
                guard base.count <= 3, !base.contains("") else { return false }
                let language = base[0]
                let hasScript = base.count > 1 && base[1].count == 4
                if !knownLanguages.contains(language) {
                    guard hasInheritedData(language) else { return false }
                    return base.count == 1 || maximal(language) == maximal(id)
                }
                if !hasScript, base.count == 2 {
                    let likely = maximal(id)
                    return likely.hasSuffix("_" + base[1]) && availableList.contains(likely)
                }
                if hasScript, base.count == 3 {
                    let short = base[0] + "_" + base[2]
                    return availableList.contains(short) && maximal(short) == id
                }
                return false
            }
        }
    }
#endif
