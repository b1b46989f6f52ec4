#if canImport(_FoundationICU)
    import Foundation
    import NumToolsLocaleOracle
    import Testing

    @testable import NumToolsCore

    /// The generated words data (issue 46) against the live ICU it came from,
    /// on every locale the tables answer for (every one `--list-locales`
    /// lists among them): spell-out rule texts and their settings, the
    /// algorithmic numbering systems and each locale's traditional one, and
    /// the plural rules, evaluated by ``PluralRuleSet`` against
    /// `uplrules_select`. A failure after a toolchain upgrade means: rerun
    /// scripts/gen_locale_data.sh.
    @Suite struct WordsDataTests {
        /// Every locale of the tables, and names outside them that resolve by their lineage.
        static let locales: [String] =
            WordsOracle.locales + [
                "en_US@numbers=arab", "sr_Latn_RS@currency=EUR", "de_CH_1901", "fr_FR_X", "zh_Hant_TW_X", "ht_HT",
                "es_MX_X", "pt_PT_X", "yo_BJ_X", "sr_ME_X", "zh_MO_X", "en_GB_X",
            ]

        @Test func theTablesCoverEveryListedLocale() {
            let covered = Set(WordsOracle.locales)
            #expect(LocaleSupport.availableIdentifiers.subtracting(covered).isEmpty)
        }

        @Test func spelloutRulesAreICUs() {
            var failures: [String] = []
            for locale in ["#root"] + Self.locales {
                let generated = WordsData.spelloutEntry(locale: locale)
                let live = WordsOracle.spelloutEntry(locale: locale)
                if generated != live {
                    failures.append(
                        "\(locale): text \(generated?.text == live?.text ? "same" : "differs"), generated \(String(describing: generated.map { [$0.decimalIsComma, $0.spacedDigits, $0.fractionZeros] })), live \(String(describing: live.map { [$0.decimalIsComma, $0.spacedDigits, $0.fractionZeros] }))"
                    )
                }
            }
            #expect(
                failures.count == 0, "\(failures.count) locales differ:\n\(failures.prefix(20).joined(separator: "\n"))"
            )
        }

        @Test func numberingSystemsAreICUs() {
            let live = Dictionary(
                uniqueKeysWithValues: WordsOracle.algorithmicSystems.map { ($0.name, $0.description) })
            #expect(WordsData.systemDescriptions == live)
            for name in NumeralSystems.names { #expect(NumeralSystems.description(byName: name) == live[name]) }
            var failures: [String] = []
            for locale in Self.locales {
                let generated = NumeralSystems.traditional(for: LocaleID(identifier: locale))
                let icu = WordsOracle.traditional(locale: locale)
                if generated != icu { failures.append("\(locale): \(generated ?? "nil") vs ICU \(icu ?? "nil")") }
            }
            #expect(failures.count == 0, "\(failures.prefix(20).joined(separator: "\n"))")
        }

        /// The generated rule sets are ICU's, keyword for keyword.
        @Test func pluralRuleSetsAreICUs() {
            let data = WordsOracle.pluralData()
            for (table, ordinal) in [(data.cardinalLocales, false), (data.ordinalLocales, true)] {
                for (locale, set) in table {
                    let live = data.sets[set]?.map { "\($0.keyword): \($0.rule)" }.joined(separator: "\n")
                    #expect(WordsData.pluralRuleText(locale: locale, ordinal: ordinal) == live, "\(locale) \(set)")
                }
            }
        }

        /// Integers RBNF asks about: every one to 1,000, then larger ones where rules branch.
        static let integers: [UInt64] =
            Array(0...1000) + [
                1001, 1011, 1100, 2000, 10_000, 10_001, 100_000, 100_001, 1_000_000, 1_000_001, 2_000_000, 5_000_000,
                10_000_000, 123_456_789, 1_000_000_000, 1_000_000_000_000, 1_000_000_000_000_000,
                1_000_000_000_000_000_000, 9_007_199_254_740_993,
            ]

        /// Decimals (no trailing zeros: ICU's `select(double)` counts none).
        static let decimals = [
            "0.1", "0.5", "0.05", "1.1", "1.5", "2.3", "3.5", "5.25", "10.1", "11.5", "21.7", "100.01", "0.001",
            "1000000.5", "2.1", "7.07",
        ]

        @Test func pluralRulesSelectAsICU() {
            var failures: [String] = []
            for locale in Self.locales {
                let ours = PluralRules(locale: locale)
                for ordinal in [false, true] {
                    guard let icu = WordsOracle.PluralSelector(locale: locale, ordinal: ordinal) else {
                        failures.append("\(locale): ICU has no rules")
                        continue
                    }
                    for n in Self.integers {
                        let keyword = ours.keyword(n, ordinal: ordinal)
                        let expected = icu.select(Double(n))
                        if keyword != expected {
                            failures.append(
                                "\(locale) \(ordinal ? "ordinal" : "cardinal") \(n): \(keyword) vs ICU \(expected ?? "nil")"
                            )
                        }
                    }
                    let set =
                        WordsData.pluralRuleText(locale: locale, ordinal: ordinal).flatMap(PluralRuleSet.init(text:))
                        ?? PluralRuleSet(rules: [])
                    for d in Self.decimals {
                        let keyword = set.select(PluralOperands(decimal: d)!)
                        let expected = icu.select(Double(d)!)
                        if keyword != expected {
                            failures.append(
                                "\(locale) \(ordinal ? "ordinal" : "cardinal") \(d): \(keyword) vs ICU \(expected ?? "nil")"
                            )
                        }
                    }
                }
            }
            #expect(failures.count == 0, "\(failures.count) differ:\n\(failures.prefix(20).joined(separator: "\n"))")
        }
    }

    /// The plural rule parser and evaluator, on their own.
    @Suite struct PluralRuleSetTests {
        struct Case: CustomTestStringConvertible, Sendable {
            let rules: String
            let value: String
            let keyword: String
            var testDescription: String {
                "\(rules.replacingOccurrences(of: "\n", with: "; ")) | \(value) → \(keyword)"
            }
        }

        static let cases: [Case] = [
            // English cardinal: `one` only for a plain 1.
            Case(rules: "one: i = 1 and v = 0 @integer 1", value: "1", keyword: "one"),
            Case(rules: "one: i = 1 and v = 0 @integer 1", value: "1.0", keyword: "other"),
            Case(rules: "one: i = 1 and v = 0 @integer 1", value: "2", keyword: "other"),
            // Ranges, lists and `%`.
            Case(
                rules: "one: n % 10 = 1 and n % 100 != 11\ntwo: n % 10 = 2 and n % 100 != 12\nfew: n % 10 = 3..4,9",
                value: "21", keyword: "one"),
            Case(
                rules: "one: n % 10 = 1 and n % 100 != 11\ntwo: n % 10 = 2 and n % 100 != 12\nfew: n % 10 = 3..4,9",
                value: "11", keyword: "other"),
            Case(
                rules: "one: n % 10 = 1 and n % 100 != 11\ntwo: n % 10 = 2 and n % 100 != 12\nfew: n % 10 = 3..4,9",
                value: "112", keyword: "other"),
            Case(
                rules: "one: n % 10 = 1 and n % 100 != 11\ntwo: n % 10 = 2 and n % 100 != 12\nfew: n % 10 = 3..4,9",
                value: "29", keyword: "few"),
            // `mod` is `%`; `n` must be an integer to be in a range, `!=` holds when it is not.
            Case(rules: "few: n mod 10 = 2..4", value: "3", keyword: "few"),
            Case(rules: "few: n mod 10 = 2..4", value: "3.5", keyword: "other"),
            Case(rules: "one: n != 1", value: "1.5", keyword: "one"),
            // `or`, `and` binding tighter.
            Case(rules: "one: i = 0 or n = 1 @integer 0, 1", value: "0.7", keyword: "one"),
            Case(rules: "one: v = 0 and i = 1 or f = 1", value: "3.1", keyword: "one"),
            Case(rules: "one: v = 0 and i = 1 or f = 1", value: "3.2", keyword: "other"),
            // f, t, w: the fraction with and without trailing zeros.
            Case(rules: "one: t = 5 and f != 5", value: "1.50", keyword: "one"),
            Case(rules: "one: w = 1 and v = 2", value: "1.50", keyword: "one"),
            // e and c: no exponent here.
            Case(
                rules: "many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5", value: "2000000",
                keyword: "many"),
            Case(
                rules: "many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5", value: "2000001",
                keyword: "other"),
            Case(rules: "one: c = 0 and i = 1", value: "1", keyword: "one"),
            // The first rule that holds; `other` without a condition; samples ignored.
            Case(rules: "one: i = 1\ntwo: i = 1\nother:  @integer 0, 2~16", value: "1", keyword: "one"),
            Case(rules: "other:  @integer 0~15, 100, 1000, …", value: "1", keyword: "other"),
            Case(rules: "", value: "7", keyword: "other"),
            Case(rules: "zero: n = 0\nother:  @integer 0~15\ntwo: n = 2", value: "2", keyword: "two"),
        ]

        @Test(arguments: cases)
        func selects(_ c: Case) throws {
            let set = try #require(PluralRuleSet(text: c.rules))
            #expect(set.select(try #require(PluralOperands(decimal: c.value))) == c.keyword)
        }

        static let malformed = [
            "one i = 1",  // no colon
            "one: x = 1",  // no operand x
            "one: i == 1",  // no operator ==
            "one: i = ",  // no value
            "one: i = 1..",  // an open range
            "one: i = 3..1",  // a range backwards
            "one: i = 1 and",  // a dangling and
            "one: i % = 1",  // mod of nothing
            "one: i % 0 = 1",  // mod 0
            "one: i = 1 xor v = 0",  // no xor
            "one: i = 1; v = 0",  // stray punctuation
            ": i = 1",  // no keyword
        ]

        @Test(arguments: malformed)
        func refusesMalformedRules(_ text: String) {
            #expect(PluralRuleSet(text: text) == nil)
        }

        static let operands: [(String, [Double])] = [
            ("0", [0, 0, 0, 0, 0, 0]),
            ("1.50", [1.5, 1, 2, 1, 50, 5]),
            ("-12.305", [12.305, 12, 3, 3, 305, 305]),
            ("7.000", [7, 7, 3, 0, 0, 0]),
        ]

        @Test(arguments: operands)
        func operandsOfADecimal(_ c: (String, [Double])) throws {
            let x = try #require(PluralOperands(decimal: c.0))
            #expect([x.n, x.i, x.v, x.w, x.f, x.t] == c.1)
        }

        @Test(arguments: ["", "-", "1.2.3", "1e5", "x", ".5"])
        func notADecimal(_ text: String) {
            #expect(PluralOperands(decimal: text) == nil)
        }
    }
#endif
