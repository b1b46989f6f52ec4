/// A locale's CLDR rule-based number format (ICU's RBNF: the spell-out
/// rules, or the algorithmic numbering systems' rules), parsed from the rule
/// text ICU holds for it, and interpreted exactly on digits (see
/// ``SpelloutFormatter``).
///
/// The text is ICU's own (`unum_toPattern` of its RBNF formatter), baked into
/// Generated/SpelloutRulesData.swift by numtools-datagen and parsed once a
/// process: every rule set (`%spellout-cardinal:`), each rule a base value
/// and its radix (`1000:`, `1010/100:`) or a special descriptor (`-x:`,
/// `x.x:`, `0.x:`, `x.0:`, `Inf:`, `NaN:`), and its body: text, plural
/// choices (`$(cardinal,one{...}other{...})$`) and substitutions (`<<`,
/// `>>`, `>>>`, `==`, each with a rule set `%name`, a decimal pattern
/// `#,##0` or none). ICU writes optional parts (`twenty[->>]`) already as
/// two rules (`20:` and `21:`).
final class SpelloutRules: @unchecked Sendable {
    /// What a substitution writes.
    enum Target: Sendable, Hashable {
        /// The rule set of the rule holding it.
        case own
        /// Another rule set, by index.
        case set(Int)
        /// A decimal pattern (`#,##0`): the number in digits, which the
        /// spell-out rules use past their largest name.
        case digits
    }

    /// A substitution's kind, by its token.
    enum Kind: Sendable, Hashable {
        /// `<<`: the quotient by the divisor (in a fraction rule, the integer part).
        case quotient
        /// `>>`: the remainder (in a fraction rule, the fraction digit by digit;
        /// in the negative rule, the absolute value).
        case remainder
        /// `>>>`: the remainder, by the rule before this one (in a fraction rule, digits without spaces).
        case remainderByPrevious
        /// `==`: the same number.
        case same
    }

    enum Piece: Sendable {
        case text([UInt8])
        case substitution(Kind, Target)
        /// Text by the plural category of the quotient: cardinal or ordinal, keyword → text.
        case plural(ordinal: Bool, [(keyword: String, text: [UInt8])])
    }

    struct Rule: Sendable {
        var base: UInt64
        var divisor: UInt64
        var pieces: [Piece]
        /// Whether a `>>` or `>>>` is among the pieces (for ICU's roll-back).
        var hasRemainder: Bool
    }

    struct RuleSet: Sendable {
        var name: String
        var isPublic: Bool { !name.hasPrefix("%%") }
        /// The rules with a base value, in order of the base.
        var normal: [Rule] = []
        var negative: Rule?
        /// `x.x`: a number with a fraction.
        var improperFraction: Rule?
        /// `0.x`: a number with a fraction, below one.
        var properFraction: Rule?
        /// `x.0`.
        var master: Rule?
        /// Whether a fraction rule names this set for its fraction (`x.x:
        /// << >%%fractions>`): its rules' bases are then denominators (ICU's fraction rule sets).
        var isFraction = false
    }

    let sets: [RuleSet]
    let index: [String: Int]
    /// Whether fraction digits said one by one are spaced (`two five`), or
    /// written together (`二五`, `이오`: ICU's `>>>`, which its rule text
    /// does not show; read off ICU's own output once).
    var spacedDigits = true
    /// Whether a fraction set's numerator is said with the fraction's leading
    /// zeros (`zero pięć` for 0.05: ICU's `<<<`-ended numerator, which its
    /// rule text does not show either; read off ICU's output once).
    var fractionZeros = false
    /// The locale whose plural rules the plural choices follow.
    let locale: String

    /// Parses ICU's rule text; nil when it holds something this interpreter does not know.
    init?(text: String, locale: String, decimalIsComma: Bool) {
        self.locale = locale
        var sets: [RuleSet] = []
        var bodies: [[(descriptor: String, body: String)]] = []
        for line in text.split(whereSeparator: { $0 == "\n" }) {
            var line = String(line)
            while line.unicodeScalars.last == " " { line.unicodeScalars.removeLast() }
            if line.isEmpty { continue }
            if line.hasPrefix("%") && line.hasSuffix(":") && !line.contains(" ") {
                sets.append(RuleSet(name: String(line.dropLast())))
                bodies.append([])
                continue
            }
            // By scalars: a space before a combining mark is one Character with it (`0: ҃;`).
            let scalars = Array(line.unicodeScalars)
            guard !sets.isEmpty, scalars.last == ";", let colon = scalars.firstIndex(of: ":") else { return nil }
            let descriptor = String(String.UnicodeScalarView(scalars[..<colon]))
            var body = scalars[(colon + 1)..<(scalars.count - 1)]
            while body.first == " " { body = body.dropFirst() }
            if body.first == "'" { body = body.dropFirst() }
            bodies[bodies.count - 1].append((descriptor, String(String.UnicodeScalarView(body))))
        }
        var index: [String: Int] = [:]
        for (k, s) in sets.enumerated() { index[s.name] = k }
        for k in sets.indices {
            for (descriptor, body) in bodies[k] {
                guard let pieces = Self.pieces(body, index: index) else { return nil }
                let hasRemainder = pieces.contains {
                    if case .substitution(.remainder, _) = $0 { return true }
                    if case .substitution(.remainderByPrevious, _) = $0 { return true }
                    return false
                }
                var rule = Rule(base: 0, divisor: 1, pieces: pieces, hasRemainder: hasRemainder)
                switch descriptor {
                case "-x": sets[k].negative = rule
                case "x.x": if !decimalIsComma || sets[k].improperFraction == nil { sets[k].improperFraction = rule }
                case "x,x": if decimalIsComma || sets[k].improperFraction == nil { sets[k].improperFraction = rule }
                case "0.x", "0,x": sets[k].properFraction = rule
                case "x.0", "x,0": sets[k].master = rule
                case "Inf", "NaN": continue
                default:
                    let parts = descriptor.split(separator: "/")
                    guard parts.count <= 2, let base = UInt64(parts[0]) else { return nil }
                    let radix = parts.count == 2 ? UInt64(parts[1]) : 10
                    guard let radix, radix >= 2 else { return nil }
                    rule.base = base
                    // The highest power of the radix at most the base.
                    var divisor: UInt64 = 1
                    while base / divisor >= radix { divisor *= radix }
                    rule.divisor = divisor
                    sets[k].normal.append(rule)
                }
            }
            // Stable: a fraction set's two rules of one denominator keep their order.
            sets[k].normal = sets[k].normal.enumerated().sorted {
                $0.element.base != $1.element.base ? $0.element.base < $1.element.base : $0.offset < $1.offset
            }.map(\.element)
        }
        // ICU's FractionalPartSubstitution: a fraction rule's `>%set>` naming
        // another set than its own makes that set a fraction rule set.
        for k in sets.indices {
            for rule in [sets[k].improperFraction, sets[k].properFraction, sets[k].master] {
                for piece in rule?.pieces ?? [] {
                    if case .substitution(.remainder, .set(let other)) = piece, other != k {
                        sets[other].isFraction = true
                    }
                }
            }
        }
        self.sets = sets
        self.index = index
    }

    /// The pieces of a rule's body.
    private static func pieces(_ body: String, index: [String: Int]) -> [Piece]? {
        let s = Array(body.unicodeScalars)
        var pieces: [Piece] = []
        var text = ""
        func flush() {
            if !text.isEmpty { pieces.append(.text(Array(text.utf8))) }
            text = ""
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            // A plural choice: $(cardinal,one{...}other{...})$
            if c == "$", i + 1 < s.count, s[i + 1] == "(" {
                guard let end = findPluralEnd(s, from: i + 2) else { return nil }
                let inner = String(String.UnicodeScalarView(s[(i + 2)..<end]))
                guard let comma = inner.firstIndex(of: ",") else { return nil }
                let type = inner[..<comma]
                guard type == "cardinal" || type == "ordinal" else { return nil }
                var choices: [(String, [UInt8])] = []
                var rest = inner[inner.index(after: comma)...]
                while let open = rest.firstIndex(of: "{") {
                    guard let close = rest[open...].firstIndex(of: "}") else { return nil }
                    let keyword = String(rest[..<open].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                    choices.append((keyword, Array(rest[rest.index(after: open)..<close].utf8)))
                    rest = rest[rest.index(after: close)...]
                }
                flush()
                pieces.append(.plural(ordinal: type == "ordinal", choices))
                i = end + 2
                continue
            }
            if c == "<" || c == ">" || c == "=", i + 1 < s.count,
                s[i + 1] == c || s[i + 1] == "%" || s[i + 1] == "#" || s[i + 1] == "0"
            {
                // `>>>`
                if c == ">", i + 2 < s.count, s[i + 1] == ">", s[i + 2] == ">" {
                    flush()
                    pieces.append(.substitution(.remainderByPrevious, .own))
                    i += 3
                    continue
                }
                var end = i + 1
                while end < s.count && s[end] != c { end += 1 }
                guard end < s.count else { return nil }
                let inside = String(String.UnicodeScalarView(s[(i + 1)..<end]))
                let target: Target
                if inside.isEmpty {
                    target = .own
                } else if inside.hasPrefix("%") {
                    guard let k = index[inside] else { return nil }
                    target = .set(k)
                } else {
                    target = .digits
                }
                let kind: Kind = c == "<" ? .quotient : c == ">" ? .remainder : .same
                flush()
                pieces.append(.substitution(kind, target))
                i = end + 1
                continue
            }
            text.unicodeScalars.append(c)
            i += 1
        }
        flush()
        return pieces
    }

    private static func findPluralEnd(_ s: [Unicode.Scalar], from: Int) -> Int? {
        var i = from
        while i + 1 < s.count {
            if s[i] == ")" && s[i + 1] == "$" { return i }
            i += 1
        }
        return nil
    }

    // MARK: From the generated data

    private static let cache = IdentifierCache<SpelloutRules?>()

    /// ICU's spell-out rules for `locale` (`UNUM_SPELLOUT`), or with
    /// `numberingSystems` the root's numbering-system rules, as generated
    /// (``WordsData/spelloutEntry(locale:)``); parsed once a process.
    static func of(_ locale: String, numberingSystems: Bool = false) -> SpelloutRules? {
        let key = (numberingSystems ? "#" : "") + locale
        return cache.value(for: key) {
            guard let entry = WordsData.spelloutEntry(locale: numberingSystems ? "#root" : locale) else { return nil }
            let rules = SpelloutRules(text: entry.text, locale: locale, decimalIsComma: entry.decimalIsComma)
            rules?.spacedDigits = entry.spacedDigits
            rules?.fractionZeros = entry.fractionZeros
            return rules
        }
    }

    /// What ICU's rule text does not show, settled by ICU's own output
    /// (`icu`: its spell-out of a `Double`, UTF-8): whether digits said one
    /// by one are spaced (`1.11`), and whether a fraction set says leading
    /// zeros (`1.05`). Asked by numtools-datagen, which bakes the answer.
    static func settings(
        text: String, locale: String, decimalIsComma: Bool, icu: (Double) -> [UInt8]?
    ) -> (spacedDigits: Bool, fractionZeros: Bool) {
        guard let rules = SpelloutRules(text: text, locale: locale, decimalIsComma: decimalIsComma),
            let set = SpelloutFormatter.defaultRuleSet(rules)
        else { return (true, false) }
        func ours(_ fraction: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            fraction.withUnsafeBufferPointer { digits in
                let value = SpelloutFormatter.Value(integer: 1, fraction: digits)
                try? SpelloutFormatter(rules: rules, ruleSet: set, cached: false).format(value, into: &out)
            }
            return out
        }
        if let spaced = icu(1.11), spaced != ours([0x31, 0x31]) {
            rules.spacedDigits = false
            if spaced != ours([0x31, 0x31]) { rules.spacedDigits = true }
        }
        if rules.sets.contains(where: \.isFraction), let zeros = icu(1.05), zeros != ours([0x30, 0x35]) {
            rules.fractionZeros = true
            if zeros != ours([0x30, 0x35]) { rules.fractionZeros = false }
        }
        return (rules.spacedDigits, rules.fractionZeros)
    }
}
