// Generated/CompactPatternsData.swift against the toolchain's ICU it came
// from (issue 46): every listed locale's compact patterns, short and long,
// decimal and currency, as the resource bundles resolve them
// (CompactPatternsOracle), and as ICU's number formatter applies them. A
// failure after a toolchain upgrade means the data changed: rerun
// `scripts/gen_locale_data.sh compact-patterns`.
#if canImport(_FoundationICU)
    import Foundation
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct CompactPatternsDataTests {
        /// The locales the data covers: those `--list-locales` lists.
        static let locales = CompactPatternsOracle.locales

        /// The sweeps run in parts, in parallel: part `shard` takes every
        /// `shards.count`-th locale.
        static let shards = Array(0..<8)

        static func part(_ shard: Int) -> [String] {
            locales.enumerated().filter { $0.offset % shards.count == shard }.map(\.element)
        }

        /// The numbering systems checked for `locale`: its default, latn,
        /// those it names (native, traditional, finance), and `extra`.
        static func systems(_ locale: String, extra: [String] = []) -> [String] {
            var systems: [String] = []
            for s in [NumberSymbolsOracle.numberingSystem(locale), "latn"]
                + Locale(identifier: locale).availableNumberingSystems.map(\.identifier) + extra
            where !systems.contains(s) {
                systems.append(s)
            }
            return systems
        }

        /// What ICU's CompactData::getPattern returns for a keyword (the
        /// explicit `"0"`/`"1"` without fallback), from the oracle's data.
        static func icuPattern(_ r: CompactPatternsOracle.Resolved, _ m: Int, _ keyword: String) -> String? {
            guard m >= 0 else { return nil }
            let row = r.patterns[min(m, r.largestMagnitude)] ?? [:]
            var p = row[keyword]
            if p == nil && keyword != "other" && keyword != "0" && keyword != "1" { p = row["other"] }
            return p == "0" ? nil : p
        }

        /// The differences between the data and the oracle for one locale,
        /// system and kind.
        static func differences(
            _ locale: String, _ system: String, _ kind: CompactPatterns.Kind, chain: [String]? = nil
        ) -> [String] {
            let id = "\(locale)@numbers=\(system) \(kind)"
            guard let data = CompactPatterns.of(locale, system: system, kind: kind) else { return ["\(id): no entry"] }
            let live = CompactPatternsOracle.resolve(locale, system: system, kind: kind, chain: chain)
            var found: [String] = []
            if live.isEmpty { found.append("\(id): ICU found no patterns") }
            if data.largestMagnitude != live.largestMagnitude {
                found.append("\(id) largest magnitude \(data.largestMagnitude) != ICU \(live.largestMagnitude)")
            }
            for m in -1...22 {
                if data.multiplier(magnitude: m) != live.multiplier(m) {
                    found.append(
                        "\(id) 10^\(m) multiplier \(data.multiplier(magnitude: m)) != ICU \(live.multiplier(m))")
                }
                for k in CompactPatterns.keywords {
                    if m >= 0 && m < 20 && data.stored(magnitude: m, keyword: k) != live.patterns[m]?[k] {
                        found.append(
                            "\(id) 10^\(m) \(k) stored \(data.stored(magnitude: m, keyword: k) ?? "nil") != ICU \(live.patterns[m]?[k] ?? "nil")"
                        )
                    }
                    if data.pattern(magnitude: m, keyword: k) != icuPattern(live, m, k) {
                        found.append(
                            "\(id) 10^\(m) \(k) \(data.pattern(magnitude: m, keyword: k) ?? "nil") != ICU \(icuPattern(live, m, k) ?? "nil")"
                        )
                    }
                }
            }
            return found
        }

        /// Every listed locale, in its default numbering system, latn, those
        /// it names, and a few others (root has short patterns for the numeric
        /// systems; an algorithmic one has latn's): each kind equals what the
        /// resource bundles resolve to as ICU resolves them.
        @Test(arguments: shards)
        func everyLocaleEqualsICU(shard: Int) {
            var failures: [String] = []
            for locale in Self.part(shard) {
                let chain = CompactPatternsOracle.chain(locale)
                for system in Self.systems(locale, extra: ["arab", "deva", "adlm", "hanidec", "roman"]) {
                    for kind in CompactPatterns.Kind.allCases {
                        failures += Self.differences(locale, system, kind, chain: chain)
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// Every numbering system of ICU's, in a few locales with data of
        /// their own for other systems than latn.
        @Test(arguments: ["ar_EG", "fa_IR", "hi_IN", "bn", "ne", "ur", "my", "ccp", "en", "ja", "zh_Hant"])
        func everyNumberingSystemEqualsICU(_ locale: String) {
            var failures: [String] = []
            for system in CompactPatternsOracle.systems {
                for kind in CompactPatterns.Kind.allCases { failures += Self.differences(locale, system, kind) }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(5))")
        }

        @Test(
            arguments: [
                ("en", "latn", CompactPatterns.Kind.decimalShort, 3, "one", "0K"),
                ("en", "latn", .decimalShort, 15, "other", "000T"),
                ("en", "latn", .currencyShort, 3, "other", "¤0K"),
                ("ru", "latn", .decimalShort, 4, "few", "00\u{A0}тыс'.'"),
                ("de", "latn", .decimalShort, 6, "one", "0\u{A0}Mio'.'"),
                ("de", "latn", .decimalLong, 6, "other", "0 Millionen"),
                ("de", "latn", .decimalShort, 3, "other", nil),  // CLDR's "0": no compact form
                ("it", "latn", .decimalShort, 3, "other", nil),
                ("en", "latn", .decimalShort, 2, "other", nil),
                ("en", "latn", .decimalShort, -1, "other", nil),
            ] as [(String, String, CompactPatterns.Kind, Int, String, String?)])
        func knownPatterns(
            _ locale: String, _ system: String, _ kind: CompactPatterns.Kind, _ m: Int, _ keyword: String,
            _ expected: String?
        ) throws {
            let data = try #require(CompactPatterns.of(locale, system: system, kind: kind))
            #expect(data.pattern(magnitude: m, keyword: keyword) == expected)
        }

        /// The rules CompactPatterns' doc comment states, as ICU applies
        /// them, with the data that makes them: the pattern for each case
        /// and what ICU writes.
        @Test(
            arguments: [
                // Plain below 10^3; the "0" pattern (it short 10^3..10^5): plain, grouped min2.
                ("en", "compact-short", "999", 2, "other", nil, "999"),
                ("it", "compact-short", "999999", 5, "other", nil, "999.999"),
                // Rounding carries into the next power: rescaled with its multiplier.
                ("en", "compact-short", "999999", 6, "one", "0M", "1M"),
                ("en", "compact-short", "1250", 3, "other", "0K", "1.2K"),  // half-even
                ("en", "compact-short", "99999", 5, "other", "000K", "100K"),  // same multiplier: stays K
                ("en", "compact-short", "0", 0, "other", nil, "0"),
                // The keyword is the rounded scaled value's: 1.04 thousand shows as 1, so "1".
                ("fr", "compact-long", "1040", 3, "1", "mille", "mille"),
                // A pattern without 0 is its text alone; an explicit "1" wins over "one".
                ("it", "compact-long", "1000", 3, "one", "mille", "mille"),
                ("fr", "compact-long", "1000", 3, "1", "mille", "mille"),
                ("fr", "compact-long", "2000", 3, "other", "0 mille", "2 mille"),
                // "0" for one keyword where others have patterns: the scaled digits alone.
                ("vec", "compact-short", "1000", 3, "one", nil, "1"),
                ("vec", "compact-short", "2000", 3, "other", "0\u{A0}mila", "2\u{A0}mila"),
                // Above the largest magnitude: its pattern and multiplier.
                ("en", "compact-short", "1000000000000000", 15, "other", "000T", "1000T"),
            ] as [(String, String, String, Int, String, String?, String)])
        func documentedRules(
            _ locale: String, _ skeleton: String, _ value: String, _ m: Int, _ keyword: String, _ pattern: String?,
            _ icu: String
        ) throws {
            let kind: CompactPatterns.Kind = skeleton == "compact-long" ? .decimalLong : .decimalShort
            let data = try #require(CompactPatterns.of(locale, system: "latn", kind: kind))
            #expect(data.pattern(magnitude: m, keyword: keyword) == pattern)
            #expect(ICUNumberFormatter(skeleton: skeleton, locale: locale)?.format(value) == icu)
        }

        @Test func unlistedLocaleHasNone() {
            #expect(CompactPatterns.of("xx_YY", system: "latn", kind: .decimalShort) == nil)
            #expect(CompactPatterns.of("en_US@numbers=arab", system: "latn", kind: .decimalShort) == nil)
            #expect(CompactPatterns.of("en", system: "latn", kind: .decimalShort)?.largestMagnitude == 14)
        }

        // MARK: - What ICU's number formatter applies

        /// `mantissa` (digits, perhaps with one `.`) × 10^power, as a plain decimal string.
        static func times(_ mantissa: String, power: Int) -> String {
            var digits = mantissa
            var point = digits.count
            if let dot = digits.firstIndex(of: ".") {
                point = digits.distance(from: digits.startIndex, to: dot)
                digits.remove(at: dot)
            }
            point += power
            if point >= digits.count { return digits + String(repeating: "0", count: point - digits.count) }
            if point <= 0 { return "0." + String(repeating: "0", count: -point) + digits }
            return String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }

        /// The literal text of a compact pattern's positive part before
        /// and after its number (its `0`s), quotes resolved, each cut at its
        /// `¤`s (where the currency symbol goes).
        static func affixes(_ pattern: String) -> (prefix: [String], suffix: [String]) {
            var prefix = [""]
            var suffix = [""]
            var inNumber = false
            var afterNumber = false
            var quoted = false
            var previousQuote = false
            func add(_ c: Character) {
                if afterNumber { suffix[suffix.count - 1].append(c) } else { prefix[prefix.count - 1].append(c) }
            }
            for c in pattern {
                if c == "'" {
                    if previousQuote {
                        add("'")
                        previousQuote = false
                    } else {
                        previousQuote = true
                    }
                    quoted.toggle()
                    continue
                }
                previousQuote = false
                if !quoted && c == ";" { break }
                if !quoted && c == "0" {
                    inNumber = true
                    continue
                }
                if inNumber { (inNumber, afterNumber) = (false, true) }
                if !quoted && c == "¤" {
                    if afterNumber {
                        if suffix.last != "" || suffix.count == 1 { suffix.append("") }
                    } else if prefix.last != "" || prefix.count == 1 {
                        prefix.append("")
                    }
                    continue
                }
                add(c)
            }
            return (prefix, suffix)
        }

        /// Whether `text` is `pieces` with a currency symbol between each
        /// two (any text there); `loose`: `text` ends (`atEnd`) or starts with
        /// the pieces so (a full name's currency name around them).
        static func matches(_ text: String, _ pieces: [String], loose: Bool, atEnd: Bool) -> Bool {
            if pieces.count == 1 {
                if !loose { return text == pieces[0] }
                return atEnd ? text.hasSuffix(pieces[0]) : text.hasPrefix(pieces[0])
            }
            guard text.hasPrefix(pieces.first!), text.hasSuffix(pieces.last!) else { return false }
            return pieces.dropFirst().dropLast().allSatisfy { text.contains($0) }
        }

        /// Whether `text` is a number written with `pattern`: the text before
        /// its first digit and after its last are the pattern's affixes.
        static func shows(_ text: String, _ pattern: String, digits: Set<Unicode.Scalar>, loose: Bool) -> Bool {
            let (prefix, suffix) = affixes(pattern)
            // No `0`: ICU writes the pattern's text alone (it's `mille`), no number.
            if !pattern.contains("0") {
                return loose ? text.contains(prefix.joined()) : matches(text, prefix, loose: false, atEnd: false)
            }
            let scalars = Array(text.unicodeScalars)
            guard let first = scalars.firstIndex(where: digits.contains),
                let last = scalars.lastIndex(where: digits.contains)
            else { return false }
            let before = String(String.UnicodeScalarView(scalars[..<first]))
            let after = String(String.UnicodeScalarView(scalars[(last + 1)...]))
            return matches(before, prefix, loose: loose, atEnd: true)
                && matches(after, suffix, loose: loose, atEnd: false)
        }

        /// The values tried at a scaled magnitude of `digits` integer digits
        /// (two significant digits shown below 10), whose plural category
        /// decides the pattern.
        static func candidates(digits: Int) -> [String] {
            guard digits >= 1 else { return [] }
            if digits == 1 {
                return (1...9).map(String.init) + ["1.5", "2.5", "1.1", "2.1", "3.4"]
            }
            let low = Int(pow(10.0, Double(digits - 1)).rounded())
            return (low..<(low + 120)).map(String.init)
                + [low * 10 - 1, low * 2, low * 3, low * 5, low * 10 - 9].map(String.init)
        }

        /// For `locale` in `system`: each kind's formatting by ICU
        /// (`compact-short`, `compact-long`, a compact currency in the short,
        /// narrow and ISO-code widths, short or long, which all use the short
        /// currency patterns, and in full name, which uses the decimal ones) of a
        /// value of each plural category at each magnitude 0...15 shows the
        /// pattern's affixes around the number (and no other pattern's: the
        /// full name's, around the currency name, loosely); where the data has
        /// no pattern, the value is written plainly.
        static func behaviour(_ locale: String, _ system: String, checked: inout Int) -> [String] {
            let id = "\(locale)@numbers=\(system)"
            guard let selector = WordsOracle.PluralSelector(locale: locale, ordinal: false) else {
                return ["\(id): no plural rules"]
            }
            var failures: [String] = []
            let digitScalars = Set((NumberSymbolsOracle.digits(system) ?? "").unicodeScalars).union(
                "0123456789".unicodeScalars)
            let checks: [(CompactPatterns.Kind, String, String)] = [
                (.decimalShort, "compact-short", ""),
                (.decimalLong, "compact-long", ""),
                (.currencyShort, "compact-short currency/USD", " currency/USD"),
                (.decimalShort, "compact-short currency/USD unit-width-full-name", "-"),
                (.currencyShort, "compact-short currency/EUR unit-width-narrow", " currency/EUR unit-width-narrow"),
                (.currencyShort, "compact-short currency/JPY unit-width-iso-code", " currency/JPY unit-width-iso-code"),
                // Long currency: CLDR has no long currency patterns; ICU takes the short ones.
                (.currencyShort, "compact-long currency/USD", " currency/USD"),
                (.decimalLong, "compact-long currency/USD unit-width-full-name", "-"),
            ]
            // The first candidate of each plural category (and 1) at a scaled
            // magnitude of `d` integer digits.
            var sampleCache: [Int: [(String, Double, String)]] = [:]
            func samples(_ d: Int) -> [(String, Double, String)] {
                if let known = sampleCache[d] { return known }
                var found: [(String, Double, String)] = []
                var categories: Set<String> = []
                for mantissa in candidates(digits: d) {
                    guard let scaled = Double(mantissa), let category = selector.select(scaled) else { continue }
                    if mantissa == "1" || categories.insert(category).inserted {
                        found.append((mantissa, scaled, category))
                    }
                }
                sampleCache[d] = found
                return found
            }
            for (kind, skeleton, plainCurrency) in checks {
                guard let data = CompactPatterns.of(locale, system: system, kind: kind),
                    let compact = ICUNumberFormatter(skeleton: skeleton, locale: id),
                    let plain = ICUNumberFormatter(
                        skeleton: "group-min2 precision-integer" + (plainCurrency == "-" ? "" : plainCurrency),
                        locale: id)
                else {
                    failures.append("\(id) \(skeleton): no data or formatter")
                    continue
                }
                for m in 0...15 {
                    let multiplier = data.multiplier(magnitude: m)
                    let digits = m + multiplier + 1
                    var seen: Set<String> = []
                    for (mantissa, scaled, category) in samples(digits) {
                        let isInteger = !mantissa.contains(".")
                        let explicit = isInteger && (scaled == 0 || scaled == 1) ? mantissa : nil
                        let key =
                            explicit.flatMap { data.stored(magnitude: min(m, data.largestMagnitude), keyword: $0) }
                                != nil
                            ? explicit! : category
                        guard !seen.contains(key) else { continue }
                        let pattern = data.pattern(magnitude: m, keyword: key)
                        // The plain check needs an integer written as such.
                        if pattern == nil && (!isInteger || multiplier != 0) { continue }
                        seen.insert(key)
                        checked += 1
                        let value = times(mantissa, power: m - digits + 1)
                        guard let text = compact.format(value) else {
                            failures.append("\(id) \(skeleton) \(value): ICU failed")
                            continue
                        }
                        if let pattern {
                            if !shows(text, pattern, digits: digitScalars, loose: plainCurrency == "-") {
                                failures.append(
                                    "\(id) \(skeleton) \(value) (\(key)): \"\(text)\" does not show \(pattern)")
                            }
                        } else if plainCurrency != "-", let expected = plain.format(value), text != expected {
                            failures.append(
                                "\(id) \(skeleton) \(value) (\(key)): \"\(text)\" is not plain \"\(expected)\"")
                        }
                    }
                }
            }
            return failures
        }

        /// Every listed locale, in its default numbering system and latn
        /// (and those it names): ICU applies the data's patterns.
        @Test(arguments: shards)
        func icuAppliesThePatterns(shard: Int) {
            var failures: [String] = []
            var checked = 0
            for locale in Self.part(shard) {
                for system in Self.systems(locale) { failures += Self.behaviour(locale, system, checked: &checked) }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(8))")
            // Every locale has compact forms for some magnitudes and categories.
            #expect(checked > Self.part(shard).count * 40, "only \(checked) values checked")
        }
    }
#endif
