import Foundation
import _FoundationICU

/// CLDR's algorithmic numbering systems (`roman`, `hans`, `hebr`, ...), as
/// ICU describes them: each names a rule set, of the root's numbering-system
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

    /// The rule set ICU's description of a system names, or nil when the
    /// system is unknown or writes digits.
    static func description(byName name: String) -> String? {
        var status = U_ZERO_ERROR
        guard let system = swift_unumsys_openByName(name, &status), status.rawValue <= 0 else { return nil }
        defer { swift_unumsys_close(system) }
        return description(system)
    }

    private static func description(_ system: OpaquePointer) -> String? {
        guard swift_unumsys_isAlgorithmic(system) != 0 else { return nil }
        var buffer = [UInt16](repeating: 0, count: 256)
        var status = U_ZERO_ERROR
        let n = swift_unumsys_getDescription(system, &buffer, 256, &status)
        guard status.rawValue <= 0, n > 0, n <= 256 else { return nil }
        return String(decoding: buffer[..<Int(n)], as: UTF16.self)
    }

    /// The name of `locale`'s traditional numbering system when it is an
    /// algorithmic one (`hans` for zh, `hebr` for he), or nil.
    public static func traditional(for locale: Locale) -> String? {
        var status = U_ZERO_ERROR
        let id = locale.identifier.split(separator: "@").first.map(String.init) ?? locale.identifier
        guard let system = swift_unumsys_open(id + "@numbers=traditional", &status), status.rawValue <= 0 else {
            return nil
        }
        defer { swift_unumsys_close(system) }
        guard description(system) != nil, let name = swift_unumsys_getName(system) else { return nil }
        return String(cString: name)
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
