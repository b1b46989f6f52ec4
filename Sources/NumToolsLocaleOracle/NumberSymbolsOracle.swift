// The number symbols and patterns of every locale (issue 46), asked of the
// toolchain's ICU through its C API: what numtools-datagen writes into
// Sources/NumToolsCore/Generated/NumberSymbolsData.swift, and what
// NumberSymbolsDataTests compares that file with.
#if canImport(_FoundationICU)
    import _FoundationICU
    import NumToolsCore

    /// What ICU says of a locale's numbers: its numbering system, the symbols
    /// and patterns of one numbering system, and its minimum grouping digits.
    public enum NumberSymbolsOracle {
        /// The symbols stored, in the order the generated data keeps them:
        /// decimal, group, percent, plus, minus, exponential, per mille,
        /// infinity, NaN, approximately, and the monetary decimal and
        /// grouping separators (CLDR's currencyDecimal and currencyGroup).
        static let symbolKeys: [UNumberFormatSymbol] = [
            UNUM_DECIMAL_SEPARATOR_SYMBOL, UNUM_GROUPING_SEPARATOR_SYMBOL, UNUM_PERCENT_SYMBOL,
            UNUM_PLUS_SIGN_SYMBOL, UNUM_MINUS_SIGN_SYMBOL, UNUM_EXPONENTIAL_SYMBOL, UNUM_PERMILL_SYMBOL,
            UNUM_INFINITY_SYMBOL, UNUM_NAN_SYMBOL, UNUM_APPROXIMATELY_SIGN_SYMBOL,
            UNUM_MONETARY_SEPARATOR_SYMBOL, UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL,
        ]

        /// The patterns stored, in order: decimal, percent, currency,
        /// accounting, scientific.
        static let patternStyles: [UNumberFormatStyle] = [
            UNUM_DECIMAL, UNUM_PERCENT, UNUM_CURRENCY, UNUM_CURRENCY_ACCOUNTING, UNUM_SCIENTIFIC,
        ]

        /// The names the data covers (``LocaleOracle/dataNames``).
        public static var locales: [String] { LocaleOracle.dataNames }

        /// The numbering systems a locale name may ask for (`@numbers=`), sorted.
        public static var numberingSystems: [String] {
            var status = U_ZERO_ERROR
            guard let names = swift_unumsys_openAvailableNames(&status), status.rawValue <= 0 else { return [] }
            defer { swift_uenum_close(names) }
            var found: [String] = []
            while true {
                var length: Int32 = 0
                guard let name = swift_uenum_next(names, &length, &status), status.rawValue <= 0 else { break }
                found.append(String(cString: name))
            }
            return found.sorted()
        }

        /// `locale` asking for numbering system `system`.
        public static func identifier(_ locale: String, numbers system: String) -> String {
            locale + (locale.contains("@") ? ";" : "@") + "numbers=" + system
        }

        /// The numbering system ICU gives `locale` (its default, or the one
        /// its `@numbers=` names).
        public static func numberingSystem(_ locale: String) -> String {
            var status = U_ZERO_ERROR
            guard let ns = swift_unumsys_open(locale, &status), status.rawValue <= 0 else { return "" }
            defer { swift_unumsys_close(ns) }
            return String(cString: swift_unumsys_getName(ns))
        }

        /// Whether `system` is algorithmic (`roman`, `hebr`): ICU writes
        /// numbers and percents with latn digits and symbols there.
        public static func isAlgorithmic(_ system: String) -> Bool {
            var status = U_ZERO_ERROR
            guard let ns = swift_unumsys_openByName(system, &status), status.rawValue <= 0 else { return false }
            defer { swift_unumsys_close(ns) }
            return swift_unumsys_isAlgorithmic(ns) != 0
        }

        /// The ten digits of `system` as its description gives them (numeric systems only).
        public static func digits(_ system: String) -> String? {
            var status = U_ZERO_ERROR
            guard let ns = swift_unumsys_openByName(system, &status), status.rawValue <= 0 else { return nil }
            defer { swift_unumsys_close(ns) }
            guard swift_unumsys_isAlgorithmic(ns) == 0, swift_unumsys_getRadix(ns) == 10 else { return nil }
            let text = utf16 { swift_unumsys_getDescription(ns, $0, $1, &$2) }
            return text.unicodeScalars.count == 10 ? text : nil
        }

        /// A decimal formatter of ICU's for `locale` with the plain pattern
        /// `0`: its symbols are the locale's for its numbering system (latn
        /// for an algorithmic one) without making it rule-based.
        private static func withSymbolFormatter<T>(
            _ locale: String, _ body: (UnsafeMutablePointer<UNumberFormat?>) -> T
        ) -> T? {
            var status = U_ZERO_ERROR
            let pattern = Array("0".utf16)
            guard let f = swift_unum_open(UNUM_PATTERN_DECIMAL, pattern, 1, locale, nil, &status),
                status.rawValue <= 0
            else { return nil }
            defer { swift_unum_close(f) }
            return body(f)
        }

        /// The symbols ICU resolves for `locale` (see ``symbolKeys``), then its ten digits.
        public static func symbols(_ locale: String) -> [String] {
            withSymbolFormatter(locale) { f in
                let keys =
                    symbolKeys + [UNUM_ZERO_DIGIT_SYMBOL, UNUM_ONE_DIGIT_SYMBOL]
                    + [UNUM_TWO_DIGIT_SYMBOL, UNUM_THREE_DIGIT_SYMBOL, UNUM_FOUR_DIGIT_SYMBOL]
                    + [UNUM_FIVE_DIGIT_SYMBOL, UNUM_SIX_DIGIT_SYMBOL, UNUM_SEVEN_DIGIT_SYMBOL]
                    + [UNUM_EIGHT_DIGIT_SYMBOL, UNUM_NINE_DIGIT_SYMBOL]
                return keys.map { key in utf16 { swift_unum_getSymbol(f, key, $0, $1, &$2) } }
            } ?? []
        }

        /// The patterns ICU resolves for `locale` (see ``patternStyles``). An
        /// algorithmic numbering system has no patterns of its own: ICU's
        /// number formatter uses latn's.
        public static func patterns(_ locale: String) -> [String] {
            var name = locale
            if locale.contains("numbers="), isAlgorithmic(numberingSystem(locale)) {
                name = baseName(locale) + "@numbers=latn"
            }
            return patternStyles.map { style in
                var status = U_ZERO_ERROR
                guard let f = swift_unum_open(style, nil, 0, name, nil, &status), status.rawValue <= 0 else {
                    return ""
                }
                defer { swift_unum_close(f) }
                return utf16 { swift_unum_toPattern(f, 0, $0, $1, &$2) }
            }
        }

        /// CLDR's minimum grouping digits of `locale` (one per locale, for
        /// every numbering system).
        public static func minimumGrouping(_ locale: String) -> Int {
            var status = U_ZERO_ERROR
            guard let f = swift_unum_open(UNUM_DECIMAL, nil, 0, baseName(locale), nil, &status), status.rawValue <= 0
            else { return 1 }
            defer { swift_unum_close(f) }
            return Int(swift_unum_getAttribute(f, UNUM_MINIMUM_GROUPING_DIGITS))
        }

        /// `locale` without its keywords.
        static func baseName(_ locale: String) -> String {
            locale.firstIndex(of: "@").map { String(locale[..<$0]) } ?? locale
        }

        /// A UTF-16 string an ICU function writes into a buffer.
        static func utf16(_ get: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32) -> String {
            var buffer = [UChar](repeating: 0, count: 512)
            var status = U_ZERO_ERROR
            let n = buffer.withUnsafeMutableBufferPointer { get($0.baseAddress!, 512, &status) }
            guard status.rawValue <= 0, n >= 0 else { return "" }
            return String(decoding: buffer[0..<Int(n)], as: UTF16.self)
        }

        // MARK: - The generated table

        /// What one locale's entry holds, resolved: its numbering system, its
        /// minimum grouping digits, and the symbol and pattern sets of each
        /// numbering system whose data differs from latn's (latn always).
        public struct Entry: Equatable, Sendable {
            public var numberingSystem: String
            public var minimumGrouping: Int
            /// Numbering system -> (symbols, patterns), latn first.
            public var sets: [(system: String, symbols: [String], patterns: [String])]

            public static func == (a: Entry, b: Entry) -> Bool {
                a.numberingSystem == b.numberingSystem && a.minimumGrouping == b.minimumGrouping
                    && a.sets.count == b.sets.count
                    && zip(a.sets, b.sets).allSatisfy {
                        $0.system == $1.system && $0.symbols == $1.symbols && $0.patterns == $1.patterns
                    }
            }
        }

        /// The symbols and patterns of `locale` in `system`, as the data keeps
        /// them (without the digits, which come from the numbering system).
        static func sets(_ locale: String, _ system: String) -> (symbols: [String], patterns: [String]) {
            let id = identifier(baseName(locale), numbers: system)
            return (Array(symbols(id).prefix(symbolKeys.count)), patterns(id))
        }

        /// The entry of `locale`: latn's sets, and those of every numbering
        /// system in `systems` whose sets differ from latn's (data CLDR states
        /// for that system in the locale or a parent); any other system is
        /// written with latn's symbols and patterns and its own digits.
        public static func entry(_ locale: String, systems: [String]) -> Entry {
            let latn = sets(locale, "latn")
            var entry = Entry(
                numberingSystem: numberingSystem(locale), minimumGrouping: minimumGrouping(locale),
                sets: [("latn", latn.symbols, latn.patterns)])
            for system in systems where system != "latn" && !isAlgorithmic(system) {
                let own = sets(locale, system)
                if own.symbols != latn.symbols || own.patterns != latn.patterns {
                    entry.sets.append((system, own.symbols, own.patterns))
                }
            }
            return entry
        }

        /// The Swift source of NumberSymbolsData.swift (after the header).
        public static func source() -> String {
            let systems = numberingSystems
            var symbolIDs: [[String]: Int] = [:]
            var symbolSets: [[String]] = []
            var patternIDs: [[String]: Int] = [:]
            var patternSets: [[String]] = []
            func id(_ value: [String], _ ids: inout [[String]: Int], _ list: inout [[String]]) -> Int {
                if let known = ids[value] { return known }
                ids[value] = list.count
                list.append(value)
                return list.count - 1
            }
            var entries: [(String, String)] = []
            for locale in locales {
                let e = entry(locale, systems: systems)
                var text = "\(e.numberingSystem) \(e.minimumGrouping)"
                for set in e.sets {
                    let s = id(set.symbols, &symbolIDs, &symbolSets)
                    let p = id(set.patterns, &patternIDs, &patternSets)
                    text += " \(set.system):\(s):\(p)"
                }
                entries.append((locale, text))
            }
            var out = """
                // The number symbols and patterns of every locale --list-locales lists,
                // resolved (inheritance applied), deduplicated: a locale's entry names its
                // numbering system, its minimum grouping digits, and the symbol set and
                // pattern set of latn and of each numbering system whose data differs
                // from latn's there (`SYSTEM:SYMBOLS:PATTERNS`); any other numbering
                // system is written with latn's sets and its own digits. A symbol set is
                // decimal, group, percent, plus, minus, exponential, per mille, infinity,
                // NaN, approximately, monetary decimal, monetary group; a pattern set is
                // ICU's decimal, percent, currency, accounting and scientific patterns;
                // both separated by U+001F. Each is a string of its own, returned by a
                // switch: a run decodes only what its locales use (NumberSymbols.swift).

                enum NumberSymbolsData {

                """
            out += "    /// The entry of a locale (see above), or nil when it is not listed.\n"
            out += "    static func entry(_ locale: String) -> String? {\n        switch locale {\n"
            for (locale, text) in entries { out += "        case \(literal(locale)): \(literal(text))\n" }
            out += "        default: nil\n        }\n    }\n\n"
            out += "    /// Symbol set `id`.\n"
            out += "    static func symbols(_ id: Int) -> String {\n        switch id {\n"
            for (i, set) in symbolSets.enumerated() {
                out += "        case \(i): \(literal(set.joined(separator: "\u{1F}")))\n"
            }
            out += "        default: \"\"\n        }\n    }\n\n"
            out += "    /// Pattern set `id`.\n"
            out += "    static func patterns(_ id: Int) -> String {\n        switch id {\n"
            for (i, set) in patternSets.enumerated() {
                out += "        case \(i): \(literal(set.joined(separator: "\u{1F}")))\n"
            }
            out += "        default: \"\"\n        }\n    }\n\n"
            out += "    /// The ten digits numbers are written with in a numbering system: its own,\n"
            out += "    /// or latn's for an algorithmic one (`roman`), as ICU's number formatter does.\n"
            out += "    static func digits(_ system: String) -> String? {\n        switch system {\n"
            for system in systems {
                if let d = digits(system) ?? (isAlgorithmic(system) ? digits("latn") : nil) {
                    out += "        case \(literal(system)): \(literal(d))\n"
                }
            }
            out += "        default: nil\n        }\n    }\n}\n"
            return out
        }

        /// `text` as a Swift string literal, ASCII only (every other scalar escaped).
        static func literal(_ text: String) -> String {
            "\"" + LocaleOracle.escaped(text, asciiOnly: true) + "\""
        }
    }
#endif
