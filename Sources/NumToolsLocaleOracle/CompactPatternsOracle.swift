// The compact-notation patterns of every locale (issue 46): CLDR's short and
// long decimal patterns and short currency patterns, per numbering system,
// resolved from the toolchain's ICU resource bundles exactly as ICU's number
// formatter resolves them (CompactData::populate in number_compact.cpp): what
// numtools-datagen writes into Sources/NumToolsCore/Generated/CompactPatternsData.swift,
// and what CompactPatternsDataTests compares that file with.
#if canImport(_FoundationICU)
    import _FoundationICU
    import NumToolsCore
    import Synchronization

    /// ICU's compact patterns, read with the resource bundle API.
    package enum CompactPatternsOracle {
        /// One resolved set of compact patterns, as ICU's CompactData holds it.
        package struct Resolved: Equatable, Sendable {
            /// Magnitude -> keyword -> pattern, as the resource bundles say
            /// (`"0"`, CLDR's "no compact form", kept as such).
            package var patterns: [Int: [String: String]] = [:]
            /// Magnitude -> ICU's multiplier (0 where none).
            package var multipliers: [Int: Int] = [:]
            /// The largest magnitude with an entry (0 when none).
            package var largestMagnitude = 0

            /// Whether nothing was found (ICU's isEmpty).
            package var isEmpty: Bool { multipliers.isEmpty }

            /// ICU's multiplier for magnitude `m` (CompactData::getMultiplier).
            package func multiplier(_ m: Int) -> Int {
                guard m >= 0 else { return 0 }
                return multipliers[min(m, largestMagnitude)] ?? 0
            }

            /// The text the generated table keeps: a line a magnitude,
            /// `MAGNITUDE MULTIPLIER`, then for each distinct pattern a tab and
            /// `KEYWORDS PATTERN` (the keywords it is stored for, comma-separated,
            /// in ``CompactPatterns/keywords`` order); or `MAGNITUDE MULTIPLIER +`
            /// when its patterns are those of the magnitude before with one more
            /// `0` each (`00K` after `0K`), for the same keywords.
            package var encoded: String {
                var lines: [String] = []
                for m in patterns.keys.sorted() {
                    let byKeyword = patterns[m]!
                    if let before = patterns[m - 1], multipliers[m - 1] == multipliers[m],
                        before.keys.sorted() == byKeyword.keys.sorted(),
                        before.allSatisfy({
                            $0.value != "0" && byKeyword[$0.key] == CompactPatterns.oneMoreZero($0.value)
                        })
                    {
                        lines.append("\(m) \(multipliers[m] ?? 0) +")
                        continue
                    }
                    var groups: [(keys: [String], pattern: String)] = []
                    for k in CompactPatterns.keywords {
                        guard let p = byKeyword[k] else { continue }
                        if let i = groups.firstIndex(where: { $0.pattern == p }) {
                            groups[i].keys.append(k)
                        } else {
                            groups.append(([k], p))
                        }
                    }
                    lines.append(
                        "\(m) \(multipliers[m] ?? 0)"
                            + groups.map { "\t" + $0.keys.joined(separator: ",") + " " + $0.pattern }.joined())
                }
                return lines.joined(separator: "\n")
            }
        }

        /// The names the data covers (``LocaleOracle/dataNames``).
        package static var locales: [String] { LocaleOracle.dataNames }

        /// The resource path of a kind's patterns (getResourceBundleKey).
        static func path(_ system: String, long: Bool, currency: Bool) -> [String] {
            [
                "NumberElements", system, long ? "patternsLong" : "patternsShort",
                currency ? "currencyFormat" : "decimalFormat",
            ]
        }

        /// The bundles ICU's `ures_open(locale)` chains, child first: the
        /// first one that exists, then its parents (`%%Parent`, else the name
        /// truncated; none after `%%ParentIsRoot`), then root
        /// (uresbund.cpp's entryOpen and loadParentsExceptRoot).
        package static func chain(_ locale: String) -> [String] {
            var status = U_ZERO_ERROR
            guard let bundle = swift_ures_open(nil, locale, &status), status.rawValue <= 0 else { return ["root"] }
            defer { swift_ures_close(bundle) }
            status = U_ZERO_ERROR
            guard let actual = swift_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &status), status.rawValue <= 0
            else { return ["root"] }
            var current = String(cString: actual)
            var chain = [current]
            guard current != "root" else { return chain }
            func chop(_ name: inout String) -> Bool {
                guard let i = name.lastIndex(of: "_") else { return false }
                name = String(name[..<i])
                return true
            }
            func mayHaveParent(_ name: String) -> Bool { !name.isEmpty && "nb nn".contains(name) }
            var name = current
            var checkParent = chop(&name) || mayHaveParent(name)
            while checkParent {
                status = U_ZERO_ERROR
                let data = swift_ures_openDirect(nil, current, &status)
                let ok = data != nil && status.rawValue <= 0
                defer { if let data { swift_ures_close(data) } }
                if ok, has(data!, "%%ParentIsRoot") { break }
                if ok, let parent = string(data!, "%%Parent") {
                    name = parent
                    if name == "root" { break }
                }
                chain.append(name)
                current = name
                checkParent = chop(&name) || mayHaveParent(name)
            }
            chain.append("root")
            return chain
        }

        /// Whether a bundle has a top-level `key`.
        static func has(_ bundle: OpaquePointer, _ key: String) -> Bool {
            var status = U_ZERO_ERROR
            guard let r = swift_ures_getByKey(bundle, key, nil, &status) else { return false }
            swift_ures_close(r)
            return status.rawValue <= 0
        }

        /// A bundle's top-level string `key`.
        static func string(_ bundle: OpaquePointer, _ key: String) -> String? {
            var status = U_ZERO_ERROR
            var length: Int32 = 0
            guard let s = swift_ures_getStringByKey(bundle, key, &length, &status), status.rawValue <= 0 else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: s, count: Int(length)), as: UTF16.self)
        }

        /// The table at `path` in bundle `name` alone (no inheritance), as
        /// magnitude key -> [(plural key, pattern)] in resource order.
        static func table(_ name: String, _ path: [String]) -> [(key: String, variants: [(String, String)])]? {
            let key = ([name] + path).joined(separator: "/")
            if let known = tableCache.withLock({ $0[key] }) { return known }
            let found = readTable(name, path)
            tableCache.withLock { $0[key] = .some(found) }
            return found
        }

        /// The tables read so far (the resource bundles do not change).
        private static let tableCache = Mutex<[String: [(key: String, variants: [(String, String)])]?]>([:])

        static func readTable(_ name: String, _ path: [String]) -> [(key: String, variants: [(String, String)])]? {
            var status = U_ZERO_ERROR
            guard let top = swift_ures_openDirect(nil, name, &status), status.rawValue <= 0 else { return nil }
            var open = [top]
            defer { for r in open { swift_ures_close(r) } }
            for key in path {
                status = U_ZERO_ERROR
                guard let next = swift_ures_getByKey(open.last!, key, nil, &status), status.rawValue <= 0 else {
                    return nil
                }
                open.append(next)
            }
            let table = open.last!
            var out: [(key: String, variants: [(String, String)])] = []
            swift_ures_resetIterator(table)
            while swift_ures_hasNext(table) != 0 {
                status = U_ZERO_ERROR
                guard let power = swift_ures_getNextResource(table, nil, &status), status.rawValue <= 0 else { break }
                defer { swift_ures_close(power) }
                guard let key = swift_ures_getKey(power) else { continue }
                var variants: [(String, String)] = []
                swift_ures_resetIterator(power)
                while swift_ures_hasNext(power) != 0 {
                    var length: Int32 = 0
                    var plural: UnsafePointer<CChar>? = nil
                    status = U_ZERO_ERROR
                    guard let value = swift_ures_getNextString(power, &length, &plural, &status),
                        status.rawValue <= 0, let plural
                    else { break }
                    variants.append(
                        (
                            String(cString: plural),
                            String(decoding: UnsafeBufferPointer(start: value, count: Int(length)), as: UTF16.self)
                        ))
                }
                out.append((String(cString: key), variants))
            }
            return out
        }

        /// ICU's CompactDataSink over every bundle of `chain` that has
        /// `path`, child first (ures_getAllItemsWithFallback): a child's
        /// entry (its `"0"` too) hides a parent's for the same magnitude and
        /// keyword; a magnitude's multiplier is set by the first pattern put
        /// with zeros (the count of its first run of `0`s - magnitude - 1).
        static func collect(_ chain: [String], _ path: [String], into data: inout Resolved) {
            for name in chain {
                // Root's patterns of a numbering system but latn are an alias,
                // `/LOCALE/NumberElements/latn/…`: ICU resolves it in the locale
                // asked for, i.e. goes on with latn's patterns from the start of
                // the chain (entries already found keep precedence).
                if name == "root" && path[1] != "latn", let own = table(name, path) {
                    var latnPath = path
                    latnPath[1] = "latn"
                    if let latn = table(name, latnPath), describe(own) == describe(latn) {
                        collect(chain, latnPath, into: &data)
                        return
                    }
                }
                guard let table = table(name, path) else { continue }
                for (key, variants) in table {
                    let magnitude = key.utf8.count - 1
                    guard magnitude < 20 else { continue }  // COMPACT_MAX_DIGITS
                    var multiplier = data.multipliers[magnitude] ?? 0
                    for (plural, pattern) in variants {
                        guard data.patterns[magnitude]?[plural] == nil else { continue }
                        data.patterns[magnitude, default: [:]][plural] = pattern
                        if multiplier == 0 && pattern != "0" {
                            let zeros = pattern.utf16.drop { $0 != 0x30 }.prefix { $0 == 0x30 }.count
                            if zeros > 0 { multiplier = zeros - magnitude - 1 }
                        }
                    }
                    if (data.multipliers[magnitude] ?? 0) == 0 {
                        data.multipliers[magnitude] = multiplier
                        data.largestMagnitude = max(data.largestMagnitude, magnitude)
                    }
                }
            }
        }

        /// A table's content, to compare two.
        static func describe(_ table: [(key: String, variants: [(String, String)])]) -> [String] {
            table.map { $0.key + ":" + $0.variants.map { $0.0 + "=" + $0.1 }.joined(separator: ",") }
        }

        /// The patterns ICU's number formatter uses for `locale` in
        /// numbering system `system` (CompactData::populate): the system's,
        /// else latn's; for long ones with none anywhere, the short ones.
        /// `chain`: the locale's ``chain(_:)``, when known.
        package static func resolve(
            _ locale: String, system: String, kind: CompactPatterns.Kind, chain known: [String]? = nil
        ) -> Resolved {
            let chain = known ?? chain(locale)
            let long = kind == .decimalLong
            let currency = kind == .currencyShort
            var data = Resolved()
            collect(chain, path(system, long: long, currency: currency), into: &data)
            if data.isEmpty && system != "latn" {
                collect(chain, path("latn", long: long, currency: currency), into: &data)
            }
            if data.isEmpty && long { collect(chain, path(system, long: false, currency: currency), into: &data) }
            if data.isEmpty && long && system != "latn" {
                collect(chain, path("latn", long: false, currency: currency), into: &data)
            }
            return data
        }

        /// The numbering systems ICU knows (`unumsys_openAvailableNames`).
        package static var systems: [String] { NumberSymbolsOracle.numberingSystems }

        /// Generated/CompactPatternsData.swift (after the header): each
        /// distinct table once, and each locale's entry naming latn's tables
        /// and those of every numbering system whose tables differ.
        package static func source() -> String {
            let systems = systems.filter { $0 != "latn" }
            let algorithmic = systems.filter(NumberSymbolsOracle.isAlgorithmic)
            var ids: [String: Int] = [:]
            var tables: [String] = []
            func id(_ r: Resolved) -> Int {
                let text = r.encoded
                if let known = ids[text] { return known }
                ids[text] = tables.count
                tables.append(text)
                return tables.count - 1
            }
            var entries: [(String, String)] = []
            for locale in locales {
                let chain = chain(locale)
                func row(_ system: String) -> String {
                    CompactPatterns.Kind.allCases.map {
                        String(id(resolve(locale, system: system, kind: $0, chain: chain)))
                    }
                    .joined(separator: ",")
                }
                let latn = row("latn")
                let rows = systems.map { ($0, row($0)) }
                // The row most numeric systems have (root's data for them, or
                // latn's); an algorithmic one has none of its own: latn's.
                var counts: [String: Int] = [:]
                for (system, r) in rows where !algorithmic.contains(system) { counts[r, default: 0] += 1 }
                let common =
                    counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? latn
                var text = "latn:" + latn
                if common != latn { text += " *:" + common }
                for (system, r) in rows where r != (algorithmic.contains(system) ? latn : common) {
                    text += " \(system):" + r
                }
                entries.append((locale, text))
            }
            var out = """
                // The compact-notation patterns of every locale --list-locales lists, and
                // of the short forms and ICU-only languages the tools take (CompactPatterns), resolved as ICU's CompactData::populate resolves them
                // (inheritance, the numbering system's fallback to latn, long to short),
                // deduplicated. A locale's entry gives `SYSTEM:SHORT,LONG,CURRENCY`, the
                // tables of its short decimal, long decimal and short currency patterns,
                // for latn, then for `*` (every numeric numbering system not named after it;
                // absent: latn's), then for each numbering system whose tables differ from
                // its default (`*`'s; latn's for an algorithmic one, `isAlgorithmic`).
                // A table is a line a magnitude, `MAGNITUDE MULTIPLIER`, then per distinct
                // pattern a tab and `KEYWORDS PATTERN` (the pattern `0`: no compact form),
                // or `MAGNITUDE MULTIPLIER +`: the patterns of the magnitude before, each
                // with one more `0` in its run of zeros.
                // Each is a string of its own, decoded the first time it is asked for.

                enum CompactPatternsData {

                """
            out += "    /// The entry of a locale (see above), or nil when it is not listed.\n"
            out += "    static func entry(_ locale: String) -> String? {\n        switch locale {\n"
            var byText: [String: [String]] = [:]
            var order: [String] = []
            for (locale, text) in entries {
                if byText[text] == nil { order.append(text) }
                byText[text, default: []].append(locale)
            }
            for text in order {
                var line = "        case "
                var cases: [String] = []
                for locale in byText[text]! {
                    let item = NumberSymbolsOracle.literal(locale)
                    if line.count + item.count + 2 > 116 {
                        cases.append(String(line.dropLast()))
                        line = "            "
                    }
                    line += item + ", "
                }
                line.removeLast(2)
                cases.append(line + ":")
                out += cases.joined(separator: "\n") + "\n            \(NumberSymbolsOracle.literal(text))\n"
            }
            out += "        default: nil\n        }\n    }\n\n"
            out += "    /// Whether ICU's numbering system `system` is algorithmic (`roman`).\n"
            out += "    static func isAlgorithmic(_ system: String) -> Bool {\n        switch system {\n"
            var line = "        case "
            var cases: [String] = []
            for system in algorithmic {
                let item = NumberSymbolsOracle.literal(system)
                if line.count + item.count + 2 > 116 {
                    cases.append(String(line.dropLast()))
                    line = "            "
                }
                line += item + ", "
            }
            line.removeLast(2)
            cases.append(line + ": true")
            out += cases.joined(separator: "\n") + "\n        default: false\n        }\n    }\n\n"
            out += "    /// Table `id`.\n"
            out += "    static func table(_ id: Int) -> String {\n        switch id {\n"
            for (i, text) in tables.enumerated() {
                out += "        case \(i):\n            \"\(LocaleOracle.escaped(text, asciiOnly: false))\"\n"
            }
            out += "        default: \"\"\n        }\n    }\n}\n"
            return out
        }
    }
#endif
