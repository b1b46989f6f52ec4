/// The generated words data (issue 46): spell-out rule texts
/// (Generated/SpelloutRulesData.swift), numbering systems
/// (NumeralSystemsData.swift) and plural rules (PluralRulesData.swift),
/// written by numtools-datagen from the toolchain's ICU. Each index is
/// decoded the first time it is asked for, each rule text only when its
/// locale is.
package enum WordsData {
    /// `name`'s ICU identifier without keywords, then its parents, as ICU's
    /// `uloc_getParent` gives them (`de_CH` → `de`): where a name the
    /// tables do not hold finds its data.
    static func lineage(_ name: String) -> [String] {
        var id = Substring(name)
        if let at = id.firstIndex(of: "@") { id = id[..<at] }
        var out: [String] = []
        while !id.isEmpty {
            out.append(String(id))
            guard let underscore = id.lastIndex(of: "_") else { break }
            id = id[..<underscore]
        }
        return out
    }

    /// The first of `name`'s lineage the table holds.
    static func resolve<T>(_ name: String, in table: [String: T]) -> T? {
        for id in lineage(name) { if let found = table[id] { return found } }
        return nil
    }

    /// A generated string's text.
    static func string(_ s: StaticString) -> String {
        String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
    }

    /// The lines of a generated index, each split at spaces.
    static func lines(_ s: StaticString) -> [[Substring]] {
        string(s).split(separator: "\n").map { $0.split(separator: " ") }
    }

    // MARK: Spell-out rules

    /// Locale → (rule text index, flags: decimal comma, spaced digits, fraction zeros).
    static let spelloutLocales: [String: (text: Int, flags: Substring)] = {
        var table: [String: (Int, Substring)] = [:]
        for f in lines(spelloutRuleLocales) where f.count == 3 { table[String(f[0])] = (Int(f[1]) ?? -1, f[2]) }
        return table
    }()

    /// The spell-out rules of `locale` as generated (ICU's, resolved as ICU
    /// resolves the locale; the root's when none of its lineage has its own),
    /// or with `locale` `#root` the root's numbering-system rules.
    package static func spelloutEntry(locale: String) -> SpelloutRulesEntry? {
        let found =
            locale == "#root"
            ? spelloutLocales["#root"] : resolve(locale, in: spelloutLocales) ?? spelloutLocales["root"]
        guard let found, let text = spelloutRuleText(found.text) else { return nil }
        let flags = Array(found.flags.utf8)
        guard flags.count == 3 else { return nil }
        return SpelloutRulesEntry(
            text: string(text), decimalIsComma: flags[0] == 0x31, spacedDigits: flags[1] == 0x31,
            fractionZeros: flags[2] == 0x31)
    }

    /// What a locale's rule text does not show, read off ICU's output
    /// (`icu`); see ``SpelloutRules/settings(text:locale:decimalIsComma:icu:)``.
    package static func spelloutSettings(
        text: String, locale: String, decimalIsComma: Bool, icu: (Double) -> [UInt8]?
    ) -> (spacedDigits: Bool, fractionZeros: Bool) {
        SpelloutRules.settings(text: text, locale: locale, decimalIsComma: decimalIsComma, icu: icu)
    }

    // MARK: Numbering systems

    /// The algorithmic numbering systems, name → description.
    package static let systemDescriptions: [String: String] = {
        var table: [String: String] = [:]
        for f in lines(numeralSystemDescriptions) where f.count == 2 { table[String(f[0])] = String(f[1]) }
        return table
    }()

    /// Locale → its traditional numbering system when algorithmic, `-` when not.
    static let traditionalSystems: [String: Substring] = {
        var table: [String: Substring] = [:]
        for f in lines(numeralSystemTraditional) where f.count == 2 { table[String(f[0])] = f[1] }
        return table
    }()

    /// The name of `locale`'s traditional numbering system when it is algorithmic, else nil.
    package static func traditionalSystem(locale: String) -> String? {
        guard let found = resolve(locale, in: traditionalSystems), found != "-" else { return nil }
        return String(found)
    }

    // MARK: Plural rules

    /// Locale → (cardinal rule set, ordinal rule set), -1 where ICU's table has no entry.
    static let pluralLocales: [String: (cardinal: Int, ordinal: Int)] = {
        var table: [String: (Int, Int)] = [:]
        for f in lines(pluralRuleLocales) where f.count == 3 {
            table[String(f[0])] = (Int(f[1]) ?? -1, Int(f[2]) ?? -1)
        }
        return table
    }()

    /// The text of the plural rules (`one: i = 1 and v = 0 @integer 1`, a
    /// rule a line) of `locale`, cardinal or ordinal, resolved as ICU's
    /// `uplrules_openForType` resolves it; nil when none of its lineage has
    /// any (every number is then `other`).
    package static func pluralRuleText(locale: String, ordinal: Bool) -> String? {
        for id in lineage(locale) {
            guard let found = pluralLocales[id] else { continue }
            let set = ordinal ? found.ordinal : found.cardinal
            if set < 0 { continue }
            return pluralRuleSet(set).map(string)
        }
        return nil
    }
}

/// A locale's spell-out rules as generated: ICU's rule text and what the
/// text does not show (see ``SpelloutRules``).
package struct SpelloutRulesEntry: Sendable, Equatable {
    package var text: String
    /// Whether the locale's decimal separator is a comma (which of `x.x:` and `x,x:` applies).
    package var decimalIsComma: Bool
    package var spacedDigits: Bool
    package var fractionZeros: Bool

    package init(text: String, decimalIsComma: Bool, spacedDigits: Bool, fractionZeros: Bool) {
        self.text = text
        self.decimalIsComma = decimalIsComma
        self.spacedDigits = spacedDigits
        self.fractionZeros = fractionZeros
    }
}
