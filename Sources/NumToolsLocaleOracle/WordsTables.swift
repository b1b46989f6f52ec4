// The Swift sources numtools-datagen writes for the words data (issue 46):
// SpelloutRules, NumeralSystems and PluralRules (see WordsOracle.swift).
#if canImport(_FoundationICU)
    import NumToolsCore

    extension WordsOracle {
        /// `text` as a raw multi-line string literal, returned from a switch case.
        static func literal(_ text: String) -> String {
            var hashes = "#"
            while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            return "        return \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
        }

        /// A `StaticString` constant holding `lines`, one a line.
        static func index(_ name: String, doc: String, _ lines: [String]) -> String {
            "\(doc)\nlet \(name): StaticString = \"\"\"\n\(lines.joined(separator: "\n"))\n\"\"\"\n"
        }

        /// A function returning the `texts` by their index.
        static func textSwitch(_ name: String, doc: String, _ texts: [String]) -> String {
            var out = "\(doc)\nfunc \(name)(_ index: Int) -> StaticString? {\n    switch index {\n"
            for (k, text) in texts.enumerated() { out += "    case \(k):\n" + literal(text) }
            out += "    default: return nil\n    }\n}\n"
            return out
        }

        /// Generated/SpelloutRulesData.swift: each distinct rule text once,
        /// each locale its text's index and flags.
        public static func spelloutRulesSource() -> String {
            var texts: [String] = []
            var ids: [String: Int] = [:]
            var lines: [String] = []
            for locale in ["#root"] + locales {
                guard let entry = spelloutEntry(locale: locale) else { continue }
                let id = ids[entry.text] ?? texts.count
                if id == texts.count {
                    texts.append(entry.text)
                    ids[entry.text] = id
                }
                let flags = [entry.decimalIsComma, entry.spacedDigits, entry.fractionZeros].map { $0 ? "1" : "0" }
                lines.append("\(locale) \(id) \(flags.joined())")
            }
            return """

                // Each locale's spell-out rules: ICU's RBNF rule text (`unum_toPattern` of
                // its `UNUM_SPELLOUT` formatter), resolved for the locale, each distinct
                // text stored once; `#root` is the root's numbering-system rules
                // (`UNUM_NUMBERING_SYSTEM`). Read by WordsData, a text parsed by
                // SpelloutRules the first time its locale is asked for.


                """
                    + index(
                        "spelloutRuleLocales",
                        doc: """
                            /// `LOCALE TEXT FLAGS` a line: the index of the locale's rule text
                            /// (``spelloutRuleText(_:)``) and three flags, `1` or `0`: whether its
                            /// decimal separator is a comma, whether ICU spaces fraction digits said one
                            /// by one, whether a fraction rule set says the numerator's leading zeros.
                            """, lines)
                    + "\n"
                    + textSwitch(
                        "spelloutRuleText", doc: "/// The rule text of index `index` (``spelloutRuleLocales``).", texts)
        }

        /// Generated/NumeralSystemsData.swift: the algorithmic systems'
        /// descriptions, each locale's traditional system.
        public static func numeralSystemsSource() -> String {
            let systems = algorithmicSystems.map { "\($0.name) \($0.description)" }
            let traditional = locales.map { "\($0) \(Self.traditional(locale: $0) ?? "-")" }
            return """

                // CLDR's algorithmic numbering systems as ICU describes them
                // (`unumsys_getDescription`), and each locale's traditional numbering system
                // (`unumsys_open(LOCALE@numbers=traditional)`) when it is algorithmic.


                """
                    + index(
                        "numeralSystemDescriptions",
                        doc:
                            "/// `NAME DESCRIPTION` a line: the rule set of the root's numbering-system rules or of a locale's spell-out rules.",
                        systems) + "\n"
                    + index(
                        "numeralSystemTraditional",
                        doc:
                            "/// `LOCALE NAME` a line: the locale's traditional numbering system, `-` when it is not algorithmic.",
                        traditional)
        }

        /// Generated/PluralRulesData.swift: each rule set once, each
        /// locale of ICU's tables its cardinal and ordinal set.
        public static func pluralRulesSource() -> String {
            let data = pluralData()
            var texts: [String] = []
            var ids: [String: Int] = [:]
            func id(_ set: String?) -> Int {
                guard let set, let rules = data.sets[set] else { return -1 }
                let text = rules.map { "\($0.keyword): \($0.rule)" }.joined(separator: "\n")
                if let known = ids[text] { return known }
                texts.append(text)
                ids[text] = texts.count - 1
                return texts.count - 1
            }
            var lines: [String] = []
            let keys = Set(data.cardinalLocales.keys).union(data.ordinalLocales.keys).sorted()
            for locale in keys {
                lines.append("\(locale) \(id(data.cardinalLocales[locale])) \(id(data.ordinalLocales[locale]))")
            }
            return """

                // CLDR's plural rules as ICU holds them (its `plurals` resource): ICU's
                // `locales` and `locales_ordinals` tables, each rule set stored once. A
                // locale not in the tables takes its parent's (WordsData, as ICU's
                // PluralRules::forLocale); PluralRuleSet evaluates them.


                """
                    + index(
                        "pluralRuleLocales",
                        doc: """
                            /// `LOCALE CARDINAL ORDINAL` a line: the index of the locale's cardinal
                            /// and ordinal rule sets (``pluralRuleSet(_:)``), -1 when ICU's table has none.
                            """, lines)
                    + "\n"
                    + textSwitch(
                        "pluralRuleSet", doc: "/// The rules of set `index`, `KEYWORD: RULE` a line, samples included.",
                        texts)
        }
    }
#endif
