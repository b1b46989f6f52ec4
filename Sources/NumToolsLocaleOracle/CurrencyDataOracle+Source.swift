// Generated/CurrencyData.swift: the currency facts of every listed locale,
// resolved by ICU (CurrencyDataOracle), deduplicated (issue 46).
#if canImport(_FoundationICU)
    import _FoundationICU
    import NumToolsCore

    extension CurrencyDataOracle {
        /// One locale's facts, resolved.
        package struct Entry: Equatable, Sendable {
            package var keywords: [String]
            /// Code -> symbol, for every code.
            package var symbols: [String: String]
            /// Code -> narrow symbol, for every code.
            package var narrow: [String: String]
            /// Code -> [other name, then (keyword, name) for each other
            /// keyword of the locale whose name differs from other's].
            package var names: [String: [String]]
            package var unitPatterns: [String: String]
            package var formats: [String: [String]]
            package var spacing: [String]
        }

        /// The facts of `locale` for `codes`.
        package static func entry(_ locale: String, codes: [String]) -> Entry {
            let keywords = keywords(locale)
            var e = Entry(
                keywords: keywords, symbols: [:], narrow: [:], names: [:], unitPatterns: unitPatterns(locale),
                formats: [:], spacing: spacing(locale))
            for code in codes {
                e.symbols[code] = symbol(code, locale)
                e.narrow[code] = narrowSymbol(code, locale)
                let other = pluralName(code, locale, keyword: "other")
                var record = [other]
                for k in keywords where k != "other" {
                    let name = pluralName(code, locale, keyword: k)
                    if name != other { record += [k, name] }
                }
                e.names[code] = record
                if let format = currencyFormat(code, locale) { e.formats[code] = format }
            }
            return e
        }

        /// A map as the data keeps it: records `CODE` + fields separated by
        /// a tab, separated by `|`, sorted by code. Fails on a value holding a
        /// separator.
        static func encode(_ map: [String: [String]]) -> String {
            map.keys.sorted().map { $0 + joined(map[$0]!, "\t") }.joined(separator: "|")
        }

        /// `fields` joined by `separator`; fails on a field holding `|` or a tab.
        static func joined(_ fields: [String], _ separator: String) -> String {
            for f in fields where f.contains("|") || f.contains("\t") {
                fatalError("currency data: a value holds a separator (| or tab): \(f)")
            }
            return fields.joined(separator: separator)
        }

        /// A names record as the data keeps it: the "other" name, then for each
        /// other keyword its initial (z, o, t, f, m) and its name as what it
        /// keeps of other's: `o3.1.xyz` is other's first 3 and last 1 scalars
        /// around `xyz`.
        static func compactNames(_ record: [String]) -> [String] {
            guard let other = record.first else { return record }
            let o = Array(other.unicodeScalars)
            var out = [other]
            var i = 1
            while i + 1 < record.count {
                let v = Array(record[i + 1].unicodeScalars)
                var p = 0
                while p < o.count && p < v.count && o[p] == v[p] { p += 1 }
                var q = 0
                while q < o.count - p && q < v.count - p && o[o.count - 1 - q] == v[v.count - 1 - q] { q += 1 }
                var middle = String.UnicodeScalarView()
                middle.append(contentsOf: v[p..<(v.count - q)])
                out.append("\(record[i].prefix(1))\(p).\(q).\(String(middle))")
                i += 2
            }
            return out
        }

        /// Interns strings, id 0 being the empty one.
        struct Interner {
            var ids: [String: Int] = ["": 0]
            var list: [String] = [""]
            mutating func id(_ s: String) -> Int {
                if let known = ids[s] { return known }
                ids[s] = list.count
                list.append(s)
                return list.count - 1
            }
        }

        /// The Swift source of CurrencyData.swift (after the header).
        package static func source() -> String {
            let codes = codes
            let rootSymbols = Dictionary(uniqueKeysWithValues: codes.map { ($0, symbol($0, "root")) })
            // Root's narrow symbols where they differ from its symbols: the
            // narrow symbol a locale has unless it says otherwise (else its symbol).
            var rootNarrow: [String: String] = [:]
            for code in codes where narrowSymbol(code, "root") != rootSymbols[code] {
                rootNarrow[code] = narrowSymbol(code, "root")
            }
            var symbolTables = Interner()
            var narrowTables = Interner()
            var nameTables = Interner()
            var patternTables = Interner()
            var formatTables = Interner()
            var spacingTables = Interner()
            // Name bases: full tables of a language the locales of that language
            // are written as, with an overlay of what differs.
            var bases: [(language: String, id: Int, map: [String: [String]])] = []
            var spacingSets = Set<String>()
            var lines: [(String, String)] = []
            let ordered = locales.sorted {
                let a = $0.split(separator: "_").count
                let b = $1.split(separator: "_").count
                return a != b ? a < b : $0 < $1
            }
            for locale in ordered {
                let e = entry(locale, codes: codes)
                var symbols: [String: [String]] = [:]
                var narrow: [String: [String]] = [:]
                var names: [String: [String]] = [:]
                for code in codes {
                    if e.symbols[code] != rootSymbols[code] { symbols[code] = [e.symbols[code]!] }
                    if e.narrow[code] != (rootNarrow[code] ?? e.symbols[code]) { narrow[code] = [e.narrow[code]!] }
                    if e.names[code] != [code] { names[code] = compactNames(e.names[code]!) }
                }
                // The base of this language closest to the locale's names.
                let language = String(locale.prefix { $0 != "_" })
                func diff(_ base: [String: [String]]) -> [String: [String]] {
                    var d: [String: [String]] = [:]
                    for code in Set(base.keys).union(names.keys) where base[code] != names[code] {
                        d[code] = names[code] ?? [code]
                    }
                    return d
                }
                var best: (id: Int, diff: [String: [String]])? = nil
                for base in bases where base.language == language {
                    let d = diff(base.map)
                    if best == nil || d.count < best!.diff.count { best = (base.id, d) }
                }
                if best == nil || best!.diff.count > max(8, names.count / 5) {
                    let id = nameTables.id(encode(names))
                    bases.append((language, id, names))
                    best = (id, [:])
                }
                let pattern = standardKeywords.filter { e.unitPatterns[$0] != e.unitPatterns["other"] }
                    .map { [$0, e.unitPatterns[$0]!] }
                let patterns = ([["other", e.unitPatterns["other"]!]] + pattern).map { joined($0, "\t") }
                    .joined(separator: "|")
                for set in e.spacing.enumerated() where set.offset % 3 != 2 { spacingSets.insert(set.element) }
                let fields = [
                    symbolTables.id(encode(symbols)), narrowTables.id(encode(narrow)), best!.id,
                    nameTables.id(encode(best!.diff)), patternTables.id(patterns), formatTables.id(encode(e.formats)),
                    spacingTables.id(joined(e.spacing, "\t")),
                ].map(String.init)
                lines.append((locale, (fields + [e.keywords.joined(separator: ",")]).joined(separator: " ")))
            }
            var setRanges: [(String, String)] = []
            for set in spacingSets.sorted() {
                guard let ranges = unicodeSetRanges(set) else { fatalError("currency spacing: ICU cannot read \(set)") }
                let text = ranges.map {
                    $0.lowerBound == $0.upperBound
                        ? String($0.lowerBound, radix: 16, uppercase: true)
                        : String($0.lowerBound, radix: 16, uppercase: true) + "-"
                            + String($0.upperBound, radix: 16, uppercase: true)
                }
                setRanges.append((set, text.joined(separator: " ")))
            }
            lines.sort { $0.0 < $1.0 }

            var rootMap: [String: [String]] = [:]
            for code in codes where rootSymbols[code] != code { rootMap[code] = [rootSymbols[code]!] }
            var rootNarrowMap: [String: [String]] = [:]
            for (code, narrow) in rootNarrow { rootNarrowMap[code] = [narrow] }
            var out = """
                // The currency facts of every locale --list-locales lists, for every
                // ISO 4217 code ICU lists (UCURR_ALL), resolved by ICU (inheritance and
                // ICU's fallbacks applied) and deduplicated. A locale's entry is seven
                // table ids and its cardinal plural keywords: symbols (what differs
                // from root's, which differ from the code), narrow symbols (what
                // differs from root's narrow symbol, else from the locale's symbol),
                // the names' base table and the overlay of what differs from it (per
                // code: the "other" name, then for each keyword whose name differs its
                // initial and the name as `KEEP.KEEP.MIDDLE`: other's first and last
                // scalars kept around MIDDLE; a code without a record is its own
                // name), CurrencyUnitPatterns ("other" and each keyword differing),
                // currency-specific formats (pattern, decimal, group) and the currency
                // spacing (before: currency match, surrounding match, insert; then
                // after; each UnicodeSet's code points as ICU evaluates them, in
                // unicodeSet). Records are separated by `|`, fields by a tab (a record of a
                // code opens with the code); each table is a string of its own,
                // returned by a switch: a run decodes only what its locales use
                // (Currency/CurrencyFacts.swift).

                enum CurrencyData {
                    /// Every ISO 4217 code, sorted, separated by spaces.
                    static let codes = \(literal(codes.joined(separator: " ")))

                    /// The default fraction digits of each code, in the order of ``codes``.
                    static let fractionDigits = \(literal(codes.map { String(fractionDigits($0)) }.joined()))

                    /// The English (en_US) name of each code, in the order of ``codes``.
                    static let englishNames = \(literal(joined(codes.map { longName($0, "en_US") }, "|")))

                    /// The currency of each region (`REGION:CODE`, sorted), what
                    /// ucurr_forLocale gives a locale of that region.
                    static let regionCurrencies = \(literal(regionCurrencies.map { "\($0.region):\($0.code)" }.joined(separator: " ")))

                    /// Root's symbols, where they differ from the code.
                    static let rootSymbols = \(literal(encode(rootMap)))

                    /// Root's narrow symbols, where they differ from its symbols.
                    static let rootNarrow = \(literal(encode(rootNarrowMap)))

                    /// The entry of a locale (see above), or nil when it is not listed.
                    static func entry(_ locale: String) -> String? {
                        switch locale {

                """
            for (locale, text) in lines { out += "        case \(literal(locale)): \(literal(text))\n" }
            out += "        default: nil\n        }\n    }\n"
            for (name, doc, tables) in [
                ("symbols", "Symbol table", symbolTables), ("narrow", "Narrow symbol table", narrowTables),
                ("names", "Name table", nameTables), ("unitPatterns", "Unit pattern table", patternTables),
                ("formats", "Currency format table", formatTables), ("spacing", "Currency spacing", spacingTables),
            ] {
                out += "\n    /// \(doc) `id`.\n    static func \(name)(_ id: Int) -> String {\n        switch id {\n"
                for (i, text) in tables.list.enumerated() where i > 0 { out += "        case \(i): \(literal(text))\n" }
                out += "        default: \"\"\n        }\n    }\n"
            }
            out += "\n    /// The code points of a UnicodeSet pattern of the currency spacing, as ICU\n"
            out += "    /// evaluates it (hexadecimal ranges), or nil.\n"
            out += "    static func unicodeSet(_ pattern: String) -> String? {\n        switch pattern {\n"
            for (set, text) in setRanges { out += "        case \(literal(set)): \(literal(text))\n" }
            out += "        default: nil\n        }\n    }\n}\n"
            return out
        }

        /// `text` as a Swift string literal (controls and separators escaped).
        static func literal(_ text: String) -> String {
            "\"" + LocaleOracle.escaped(text, asciiOnly: false) + "\""
        }
    }
#endif
