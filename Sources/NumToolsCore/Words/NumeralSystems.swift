/// CLDR's algorithmic numbering systems (`roman`, `hans`, `hebr`, ...), as
/// ICU describes them (generated data): each names a rule set, of the root's numbering-system
/// rules (`%roman-upper`) or of a locale's spell-out rules
/// (`zh/SpelloutRules/%spellout-cardinal` for `hans`).
public enum NumeralSystems {
    /// The names of the algorithmic systems ICU has, sorted.
    public static let names: [String] = {
        let known = [
            "armn", "armnlow", "cyrl", "ethi", "geor", "grek", "greklow", "hanidays", "hans", "hansfin", "hant",
            "hantfin", "hebr", "jpan", "jpanfin", "jpanyear", "roman", "romanlow", "taml",
        ]
        return known.filter { description(byName: $0) != nil }
    }()

    /// The rule set ICU's description of a system names (generated,
    /// Generated/NumeralSystemsData.swift), or nil when the system is
    /// unknown or writes digits.
    static func description(byName name: String) -> String? {
        WordsData.systemDescriptions[name]
    }

    /// The name of `locale`'s traditional numbering system when it is an
    /// algorithmic one (`hans` for zh, `hebr` for he), or nil: ICU's
    /// `unumsys_open(locale@numbers=traditional)`, as generated.
    public static func traditional(for locale: LocaleID) -> String? {
        WordsData.traditionalSystem(locale: locale.identifier)
    }

    /// The writer of the system `name`, or nil.
    static func formatter(_ name: String) -> SpelloutFormatter? {
        guard let description = description(byName: name) else { return nil }
        let rules: SpelloutRules?
        let setName: Substring
        if let slash = description.lastIndex(of: "/") {
            // `zh/SpelloutRules/%spellout-cardinal`
            let locale = description.prefix { $0 != "/" }
            rules = SpelloutRules.of(String(locale))
            setName = description[description.index(after: slash)...]
        } else {
            rules = SpelloutRules.of("root", numberingSystems: true)
            setName = description[...]
        }
        guard let rules, let set = rules.index[String(setName)] else { return nil }
        return SpelloutFormatter(rules: rules, ruleSet: set)
    }
}
