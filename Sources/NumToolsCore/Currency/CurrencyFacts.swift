/// What CLDR says of currencies in one locale, read from the generated data
/// (Generated/CurrencyData.swift, written by numtools-datagen from the
/// toolchain's ICU, inheritance and ICU's fallbacks resolved): symbols,
/// narrow symbols, plural display names, the unit patterns of the full-name
/// presentation, currency-specific formats and the currency spacing. No ICU
/// and no formatter at run time.
package struct CurrencyFacts: Sendable {
    /// The locale's cardinal plural keywords (`uplrules_getKeywords`), sorted.
    package let pluralKeywords: [String]
    private let symbols: [Substring: Substring]
    private let narrow: [Substring: Substring]
    private let names: [Substring: [Substring]]
    private let unitPatterns: [Substring: Substring]
    private let formats: [Substring: [Substring]]
    /// CLDR's currency spacing as ICU resolves it for the locale
    /// (DecimalFormatSymbols::getPatternForCurrencySpacing).
    package let spacing: CurrencySpacing

    /// The facts of a locale --list-locales lists (its base name, keywords
    /// such as `@numbers=` dropped by the caller); nil for any other name.
    /// Decoded the first time a locale is asked for, then cached.
    package static func of(_ locale: String) -> CurrencyFacts? {
        cache.value(for: locale) { decode(locale) }
    }

    private static let cache = IdentifierCache<CurrencyFacts?>()

    /// Root's symbols, where they differ from the code.
    private static let rootSymbols = map(CurrencyData.rootSymbols)
    /// Root's narrow symbols, where they differ from its symbols.
    private static let rootNarrow = map(CurrencyData.rootNarrow)

    /// ICU's `ucurr_getName(code, locale, UCURR_SYMBOL_NAME)`: `$`, `US$`,
    /// `€`; the code itself where ICU has none.
    package func symbol(_ code: String) -> String {
        let key = Substring(Self.upper(code))
        if let own = symbols[key] { return String(own) }
        if let root = Self.rootSymbols[key]?.first { return String(root) }
        return String(key)
    }

    /// `ucurr_getName(…, UCURR_NARROW_SYMBOL_NAME)` (the symbol where CLDR
    /// has no narrow one).
    package func narrowSymbol(_ code: String) -> String {
        let key = Substring(Self.upper(code))
        if let own = narrow[key] { return String(own) }
        if let root = Self.rootNarrow[key]?.first { return String(root) }
        return symbol(code)
    }

    /// `ucurr_getPluralName(code, locale, keyword)`: the display name for a
    /// CLDR plural keyword, with ICU's fallbacks applied (the keyword's name,
    /// else "other"'s, else the long name, else the code). A keyword the
    /// locale's rules do not have gets "other"'s name.
    package func pluralName(_ code: String, keyword: String) -> String {
        let code = Self.upper(code)
        guard let record = names[Substring(code)], let other = record.first else { return code }
        guard keyword != "other", let initial = keyword.first else { return String(other) }
        for field in record.dropFirst() where field.first == initial {
            // `o3.1.xyz`: other's first 3 and last 1 scalars around `xyz`.
            let parts = Self.split(field[field.utf8.index(after: field.startIndex)...], UInt8(ascii: "."))
            guard parts.count >= 3, let keep = Int(parts[0]), let tail = Int(parts[1]) else { break }
            let middle = field[parts[2].startIndex...]
            let scalars = Array(other.unicodeScalars)
            guard keep + tail <= scalars.count else { break }
            var name = String.UnicodeScalarView(scalars[..<keep])
            name.append(contentsOf: middle.unicodeScalars)
            name.append(contentsOf: scalars[(scalars.count - tail)...])
            return String(name)
        }
        return String(other)
    }

    /// The locale's `CurrencyUnitPatterns` for a plural keyword, with ICU's
    /// fallback to "other"'s: `{0} {1}` in en.
    package func unitPattern(keyword: String) -> String {
        String(unitPatterns[Substring(keyword)] ?? unitPatterns["other"] ?? "{0} {1}")
    }

    /// A currency-specific format where CLDR has one (`Currencies/CODE` with a
    /// third element: pattern, decimal separator, grouping separator), e.g.
    /// CVE in pt_CV, EUR in en_150; nil otherwise.
    package func currencyFormat(_ code: String) -> (pattern: String, decimal: String, group: String)? {
        guard let f = formats[Substring(Self.upper(code))], f.count == 3 else { return nil }
        return (String(f[0]), String(f[1]), String(f[2]))
    }

    /// `code` in upper case (ICU upper-cases the code it is given).
    private static func upper(_ code: String) -> String {
        code.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } ? code.uppercased() : code
    }

    /// A table of records separated by `|`, each a currency code and its
    /// fields separated by a tab.
    private static func map(_ text: String) -> [Substring: [Substring]] {
        var out: [Substring: [Substring]] = [:]
        for r in split(Substring(text), UInt8(ascii: "|")) where r.utf8.count >= 3 {
            let cut = r.utf8.index(r.startIndex, offsetBy: 3)
            out[r[..<cut]] = split(r[cut...], UInt8(ascii: "\t"))
        }
        return out
    }

    /// `text` split at every `separator` byte (not by Character: a name may
    /// open with a combining mark, which would join a separator before it).
    fileprivate static func split(_ text: Substring, _ separator: UInt8) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var i = text.utf8.startIndex
        while i != text.utf8.endIndex {
            if text.utf8[i] == separator {
                out.append(text[start..<i])
                start = text.utf8.index(after: i)
            }
            i = text.utf8.index(after: i)
        }
        out.append(text[start...])
        return out
    }

    /// Decodes the entry of `locale` (see CurrencyData.swift).
    static func decode(_ locale: String) -> CurrencyFacts? {
        guard let entry = CurrencyData.entry(locale) else { return nil }
        let fields = entry.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 8 else { return nil }
        let ids = fields.prefix(7).compactMap { Int($0) }
        guard ids.count == 7 else { return nil }
        var names = map(CurrencyData.names(ids[2]))
        for (code, record) in map(CurrencyData.names(ids[3])) { names[code] = record }
        for (code, record) in names where record == [code] { names[code] = nil }
        var patterns: [Substring: Substring] = [:]
        for r in split(Substring(CurrencyData.unitPatterns(ids[4])), UInt8(ascii: "|")) {
            let pair = split(r, UInt8(ascii: "\t"))
            if pair.count == 2 { patterns[pair[0]] = pair[1] }
        }
        let spacing = split(Substring(CurrencyData.spacing(ids[6])), UInt8(ascii: "\t")).map(String.init)
        guard spacing.count == 6 else { return nil }
        return CurrencyFacts(
            pluralKeywords: fields[7].split(separator: ",").map(String.init),
            symbols: map(CurrencyData.symbols(ids[0])).mapValues { $0.first ?? "" },
            narrow: map(CurrencyData.narrow(ids[1])).mapValues { $0.first ?? "" }, names: names,
            unitPatterns: patterns, formats: map(CurrencyData.formats(ids[5])),
            spacing: CurrencySpacing(
                beforeCurrency: .init(
                    currencyMatch: spacing[0], surroundingMatch: spacing[1], insertBetween: spacing[2]),
                afterCurrency: .init(currencyMatch: spacing[3], surroundingMatch: spacing[4], insertBetween: spacing[5])
            ))
    }
}

/// ISO 4217 codes and their locale-independent facts, from the generated data.
package enum CurrencyCodes {
    /// Every ISO 4217 code ICU lists (`ucurr_openISOCurrencies(UCURR_ALL)`,
    /// what Foundation's `Locale.Currency.isoCurrencies` lists), current and
    /// historic, upper case, sorted.
    package static let all: [String] = CurrencyData.codes.split(separator: " ").map(String.init)

    private static let digits: [UInt8] = Array(CurrencyData.fractionDigits.utf8)
    private static let englishNames = CurrencyFacts.split(Substring(CurrencyData.englishNames), UInt8(ascii: "|"))

    /// The index of `code` (any case) in ``all``, or nil.
    package static func index(of code: String) -> Int? {
        let code = code.uppercased()
        var (lo, hi) = (0, all.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid] < code { lo = mid + 1 } else { hi = mid }
        }
        return lo < all.count && all[lo] == code ? lo : nil
    }

    /// ICU's default fraction digits of a code (`ucurr_getDefaultFractionDigits`:
    /// USD 2, JPY 0, BHD 3; 2 for a code ICU does not list).
    package static func fractionDigits(_ code: String) -> Int {
        guard let i = index(of: code), i < digits.count else { return 2 }
        return Int(digits[i] - UInt8(ascii: "0"))
    }

    private static let regions: [Substring: Substring] = {
        var out: [Substring: Substring] = [:]
        for pair in CurrencyData.regionCurrencies.split(separator: " ") {
            let parts = pair.split(separator: ":")
            if parts.count == 2 { out[parts[0]] = parts[1] }
        }
        return out
    }()

    /// The currency of a region (`DE` EUR, `US` USD): its first legal
    /// tender currency in force in CLDR, what ICU's `ucurr_forLocale` gives a
    /// locale of that region; nil for a region of none (`001`, `419`, `AQ`).
    package static func currency(ofRegion region: String) -> String? {
        regions[Substring(region.uppercased())].map(String.init)
    }

    /// What ICU's `ucurr_forLocale` gives a locale identifier (Foundation's
    /// `Locale.currency`): the value of its `currency` keyword (`cu` in a
    /// BCP 47 `-u-` extension) when it is three letters; else the currency of
    /// its `rg` keyword's region (a value of 3 to 6 characters: `gbzzzz` is
    /// GB) when that region has one; else that of its region subtag; nil
    /// when none (no region is guessed from the language).
    package static func currency(ofLocale identifier: String) -> String? {
        var base = Substring(identifier)
        var keywords: [(key: String, value: Substring)] = []
        if let at = identifier.firstIndex(of: "@") {
            base = identifier[..<at]
            for keyword in identifier[identifier.index(after: at)...].split(separator: ";") {
                let pair = keyword.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { keywords.append((pair[0].lowercased(), pair[1])) }
            }
        } else {
            // A BCP 47 name: its `-u-` extension's keys and values.
            let tags = identifier.split(separator: "-", omittingEmptySubsequences: false)
            if let u = tags.indices.dropFirst().first(where: { tags[$0] == "u" || tags[$0] == "U" }) {
                base = identifier[..<tags[u].startIndex].dropLast()
                var key: String? = nil
                for token in tags[(u + 1)...] {
                    if token.count == 1 { break }
                    if token.count == 2 {
                        key = token.lowercased()
                    } else if let k = key {
                        keywords.append((k == "cu" ? "currency" : k, token))
                        key = nil
                    }
                }
            }
        }
        var rg: Substring? = nil
        for (key, value) in keywords {
            if key == "currency", value.utf8.count == 3, value.allSatisfy(\.isASCII) { return value.uppercased() }
            if key == "rg", (3...6).contains(value.utf8.count) {
                rg = value.first?.isLetter == true ? value.prefix(2) : value.prefix(3)
            }
        }
        if let rg, let currency = currency(ofRegion: String(rg)) { return currency }
        let parts = base.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        var i = 1
        if i < parts.count, parts[i].count == 4, parts[i].allSatisfy(\.isLetter) { i += 1 }
        guard i < parts.count,
            parts[i].count == 2 && parts[i].allSatisfy(\.isLetter)
                || parts[i].count == 3
                    && parts[i].allSatisfy(\.isNumber)
        else { return nil }
        return currency(ofRegion: String(parts[i]))
    }

    /// The English (en_US) display name (`ucurr_getName` UCURR_LONG_NAME,
    /// `US Dollar`); the code itself for a code ICU does not list.
    package static func englishName(_ code: String) -> String {
        guard let i = index(of: code), i < englishNames.count else { return code.uppercased() }
        return String(englishNames[i])
    }
}

/// CLDR's currency spacing (`currencySpacing`): where a currency symbol
/// meets the number, `insertBetween` goes between them when the symbol's
/// character next to the number is in `currencyMatch` and the number's
/// character next to the symbol is in `surroundingMatch`. `beforeCurrency`
/// applies to a symbol after the number, `afterCurrency` to one before it
/// (ICU's names: the side of the currency the number is on).
package struct CurrencySpacing: Sendable, Equatable {
    /// One side's three values, as CLDR writes them (UnicodeSet patterns
    /// and the text to insert), and the scalars of the two sets.
    package struct Side: Sendable, Equatable {
        package let currencyMatch: String
        package let surroundingMatch: String
        package let insertBetween: String
        private let currencySet: UnicodeSetRanges
        private let surroundingSet: UnicodeSetRanges

        /// A side; its sets' scalars are the generated ones of the patterns
        /// (empty for a pattern the data does not hold).
        package init(currencyMatch: String, surroundingMatch: String, insertBetween: String) {
            (self.currencyMatch, self.surroundingMatch, self.insertBetween) =
                (currencyMatch, surroundingMatch, insertBetween)
            currencySet = UnicodeSetRanges.of(currencyMatch) ?? UnicodeSetRanges(ranges: [])
            surroundingSet = UnicodeSetRanges.of(surroundingMatch) ?? UnicodeSetRanges(ranges: [])
        }

        /// Whether the symbol's character `scalar` is in `currencyMatch`.
        package func currencyMatches(_ scalar: Unicode.Scalar) -> Bool { currencySet.contains(scalar) }

        /// Whether the number's character `scalar` is in `surroundingMatch`.
        package func surroundingMatches(_ scalar: Unicode.Scalar) -> Bool { surroundingSet.contains(scalar) }
    }

    package var beforeCurrency: Side
    package var afterCurrency: Side
}

/// The scalars of a UnicodeSet pattern of CLDR's currency spacing
/// (`[[:^S:]&[:^Z:]]`, `[:digit:]`), as ICU evaluated it at generation time
/// (ICU's Unicode version, not the Swift runtime's: Swift 6.3's Unicode 17
/// has U+20C1 SAUDI RIYAL SIGN, a symbol, where ICU 76 has an unassigned
/// code point), read from the generated data.
package struct UnicodeSetRanges: Sendable, Equatable {
    /// Sorted, disjoint ranges of scalar values.
    package let ranges: [ClosedRange<UInt32>]

    /// The set of `pattern`, or nil when the data does not hold it.
    /// (Read byte by byte: the sets run to a few thousand ranges, and
    /// splitting them into `Substring`s was a quarter of coinfmt's start-up.)
    package static func of(_ pattern: String) -> UnicodeSetRanges? {
        guard var text = CurrencyData.unicodeSet(pattern) else { return nil }
        var ranges: [ClosedRange<UInt32>] = []
        text.withUTF8 { bytes in
            // An item is HEX or HEX-HEX; items are separated by spaces.
            var lower: UInt32?
            var value: UInt32 = 0
            var digits = 0
            for i in 0...bytes.count {
                let byte = i < bytes.count ? bytes[i] : UInt8(ascii: " ")
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                    let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "A") + 10
                    value = value << 4 | UInt32(digit)
                    digits += 1
                case UInt8(ascii: "-"):
                    lower = value
                    (value, digits) = (0, 0)
                default:
                    if digits > 0, digits <= 6, (lower ?? value) <= value { ranges.append((lower ?? value)...value) }
                    (lower, value, digits) = (nil, 0, 0)
                }
            }
        }
        return UnicodeSetRanges(ranges: ranges)
    }

    /// Whether `scalar` is in the set.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        var (lo, hi) = (0, ranges.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < v { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(v)
    }
}
