/// CLDR's plural rules of a locale, cardinal and ordinal (the generated
/// data, ``WordsData/pluralRuleText(locale:ordinal:)``), evaluated as ICU's
/// `PluralRules::select` evaluates them: what RBNF's `$(cardinal,…)$` and
/// `$(ordinal,…)$` choose by.
final class PluralRules: Sendable {
    private let cardinal: PluralRuleSet
    private let ordinal: PluralRuleSet
    /// The keywords of the integers below ``smallNumbers``, cardinal and
    /// ordinal, chosen once (the quotients RBNF asks about are mostly small).
    private let smallCardinal: [String]
    private let smallOrdinal: [String]

    static let smallNumbers: UInt64 = 128

    init(locale: String) {
        cardinal = PluralRules.set(locale: locale, ordinal: false)
        ordinal = PluralRules.set(locale: locale, ordinal: true)
        smallCardinal = (0..<Self.smallNumbers).map { [cardinal] in cardinal.select(PluralOperands(integer: $0)) }
        smallOrdinal = (0..<Self.smallNumbers).map { [ordinal] in ordinal.select(PluralOperands(integer: $0)) }
    }

    private static func set(locale: String, ordinal: Bool) -> PluralRuleSet {
        WordsData.pluralRuleText(locale: locale, ordinal: ordinal).flatMap(PluralRuleSet.init(text:))
            ?? PluralRuleSet(rules: [])
    }

    /// The cardinal rules of `locale` (a listed locale, no keywords), read
    /// once a process.
    static func cardinal(_ locale: String) -> PluralRuleSet {
        cardinalCache.value(for: locale) { set(locale: locale, ordinal: false) }
    }

    private static let cardinalCache = IdentifierCache<PluralRuleSet>()

    /// The keyword of the integer `n` (as ICU's `uplrules_select` of `Double(n)`).
    func keyword(_ n: UInt64, ordinal: Bool) -> String {
        if n < Self.smallNumbers { return (ordinal ? smallOrdinal : smallCardinal)[Int(n)] }
        return (ordinal ? self.ordinal : cardinal).select(PluralOperands(integer: n))
    }
}

/// The operands of CLDR's plural rules: `n` the absolute value, `i` its
/// integer digits, `v`/`w` the count of its visible fraction digits with and
/// without trailing zeros, `f`/`t` those digits as an integer with and
/// without trailing zeros, `e`/`c` the exponent of the compact form (0 here).
package struct PluralOperands: Sendable, Equatable {
    package var n: Double
    package var i: Double
    package var v: Double
    package var w: Double
    package var f: Double
    package var t: Double
    package var e: Double = 0

    /// The integer `value`, as ICU takes `Double(value)`: past `Int64`,
    /// ICU's integer part is 0.
    package init(integer value: UInt64) {
        n = Double(value)
        i = n < 9.223372036854775807e18 ? Double(UInt64(n)) : 0
        v = 0
        w = 0
        f = 0
        t = 0
    }

    /// The operands of a plain decimal (`-1.50`: v 2, f 50, t 5); nil when it is not one.
    package init?(decimal text: String) {
        var s = Substring(text)
        if s.first == "-" || s.first == "+" { s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } })
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard let whole = Double(parts[0]), let value = Double(s.isEmpty ? "0" : String(s)) else { return nil }
        let trimmed = fraction.reversed().drop { $0 == "0" }.reversed()
        n = value
        i = whole
        v = Double(fraction.count)
        w = Double(trimmed.count)
        f = Double(fraction.isEmpty ? "0" : String(fraction)) ?? 0
        t = Double(trimmed.isEmpty ? "0" : String(trimmed)) ?? 0
    }

    subscript(_ operand: PluralRuleSet.Operand) -> Double {
        switch operand {
        case .n: n
        case .i: i
        case .v: v
        case .w: w
        case .f: f
        case .t: t
        case .e, .c: e
        }
    }
}

/// The rules of one plural rule set (`one: i = 1 and v = 0 @integer 1`, a
/// rule a line), parsed: each keyword's condition, in their order; a number
/// no condition holds for is `other`.
package struct PluralRuleSet: Sendable {
    package enum Operand: Character, Sendable {
        case n = "n", i = "i", v = "v", w = "w", f = "f", t = "t", e = "e", c = "c"
    }

    /// `operand [mod m] (=|!=) ranges`.
    package struct Relation: Sendable, Equatable {
        var operand: Operand
        var modulus: Double?
        var negated: Bool
        var ranges: [ClosedRange<Double>]
    }

    /// An `or` of `and`s of relations; empty holds never (`other`, whose
    /// rule is only its samples: a number no other rule holds for).
    package struct Rule: Sendable {
        var keyword: String
        var condition: [[Relation]]
    }

    let rules: [Rule]

    init(rules: [Rule]) { self.rules = rules }

    /// Parses the rule text; nil when a rule is malformed.
    package init?(text: String) {
        var rules: [Rule] = []
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let keyword = line[..<colon].filter { $0 != " " }
            guard !keyword.isEmpty, keyword.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            guard let condition = Self.condition(line[line.index(after: colon)...]) else { return nil }
            rules.append(Rule(keyword: String(keyword), condition: condition))
        }
        self.rules = rules
    }

    /// The keyword of a number.
    package func select(_ x: PluralOperands) -> String {
        for rule in rules where Self.holds(rule.condition, x) { return rule.keyword }
        return "other"
    }

    /// ICU's `OrConstraint`/`AndConstraint::isFulfilled`: the operand (mod
    /// m, by `fmod`) within one of the ranges, and an integer.
    static func holds(_ condition: [[Relation]], _ x: PluralOperands) -> Bool {
        for and in condition {
            var all = true
            for r in and {
                var value = x[r.operand]
                if let m = r.modulus { value = value.truncatingRemainder(dividingBy: m) }
                var inside = r.ranges.contains { $0.contains(value) }
                if value != value.rounded(.down) { inside = false }
                if inside == r.negated {
                    all = false
                    break
                }
            }
            if all { return true }
        }
        return false
    }

    /// A condition's tokens up to its samples (`@integer`, `@decimal`).
    private enum Token: Equatable {
        case word(String)
        case number(Double)
        case symbol(String)
    }

    private static func tokens(_ text: Substring) -> [Token]? {
        var out: [Token] = []
        let s = Array(text.utf8)
        var k = 0
        while k < s.count {
            let c = s[k]
            if c == 0x20 || c == 0x09 {
                k += 1
            } else if c == 0x40 {  // @: the samples
                break
            } else if c >= 0x61 && c <= 0x7A {
                var e = k
                while e < s.count && s[e] >= 0x61 && s[e] <= 0x7A { e += 1 }
                out.append(.word(String(decoding: s[k..<e], as: UTF8.self)))
                k = e
            } else if c >= 0x30 && c <= 0x39 {
                var e = k
                while e < s.count && s[e] >= 0x30 && s[e] <= 0x39 { e += 1 }
                guard let v = Double(String(decoding: s[k..<e], as: UTF8.self)) else { return nil }
                out.append(.number(v))
                k = e
            } else if c == 0x21, k + 1 < s.count, s[k + 1] == 0x3D {
                out.append(.symbol("!="))
                k += 2
            } else if c == 0x2E, k + 1 < s.count, s[k + 1] == 0x2E {
                out.append(.symbol(".."))
                k += 2
            } else if c == 0x3D || c == 0x25 || c == 0x2C {
                out.append(.symbol(String(UnicodeScalar(c))))
                k += 1
            } else {
                return nil
            }
        }
        return out
    }

    /// `relation (and relation)* (or ...)*`, or nothing.
    private static func condition(_ text: Substring) -> [[Relation]]? {
        guard let t = tokens(text) else { return nil }
        var k = 0
        var ors: [[Relation]] = []
        var ands: [Relation] = []
        if t.isEmpty { return [] }
        while true {
            // operand
            guard k < t.count, case .word(let name) = t[k], name.count == 1,
                let operand = Operand(rawValue: name.first!)
            else { return nil }
            k += 1
            var modulus: Double? = nil
            if k < t.count, t[k] == .word("mod") || t[k] == .symbol("%") {
                k += 1
                guard k < t.count, case .number(let m) = t[k], m > 0 else { return nil }
                modulus = m
                k += 1
            }
            guard k < t.count, t[k] == .symbol("=") || t[k] == .symbol("!=") else { return nil }
            let negated = t[k] == .symbol("!=")
            k += 1
            var ranges: [ClosedRange<Double>] = []
            while true {
                guard k < t.count, case .number(let low) = t[k] else { return nil }
                k += 1
                var high = low
                if k < t.count, t[k] == .symbol("..") {
                    k += 1
                    guard k < t.count, case .number(let h) = t[k], h >= low else { return nil }
                    high = h
                    k += 1
                }
                ranges.append(low...high)
                guard k < t.count, t[k] == .symbol(",") else { break }
                k += 1
            }
            ands.append(Relation(operand: operand, modulus: modulus, negated: negated, ranges: ranges))
            if k == t.count { break }
            if t[k] == .word("and") {
                k += 1
            } else if t[k] == .word("or") {
                ors.append(ands)
                ands = []
                k += 1
            } else {
                return nil
            }
        }
        ors.append(ands)
        return ors
    }
}
