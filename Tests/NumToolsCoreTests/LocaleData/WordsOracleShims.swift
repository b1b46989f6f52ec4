// What the words tests ask ICU directly, now that NumToolsCore no longer
// does (issue 46): ICU's own RBNF formatter and rule text, from the oracle.
#if canImport(_FoundationICU)
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    /// ICU's own RBNF formatter (``WordsOracle/RuleFormatter``): the tests' oracle.
    typealias ICURuleFormatter = WordsOracle.RuleFormatter

    extension SpelloutRules {
        /// ICU's live rule text for `locale` (``WordsOracle/ruleText(numberingSystems:locale:)``).
        static func ruleText(numberingSystems: Bool = false, locale: String) -> String? {
            WordsOracle.ruleText(numberingSystems: numberingSystems, locale: locale)
        }
    }
#endif
