import Foundation
import _FoundationICU

/// Writes numbers with a rule set of ``SpelloutRules``, as ICU's
/// RuleBasedNumberFormat does, but on exact digits: the integer part is a
/// `UInt64` (every rule set ends its names below 10^19; past its largest
/// name, where ICU writes digits, this is an error), the fraction digits are
/// taken one by one as written, never through a `Double`.
struct SpelloutFormatter: @unchecked Sendable {
    /// A number to write: its integer part, its fraction's ASCII digits (no trailing zeros), its sign.
    struct Value {
        var integer: UInt64
        var fraction: ArraySlice<UInt8> = []
        var negative = false
    }

    /// Why a number cannot be written.
    enum Failure: Error {
        /// Past the largest name of the rules (where ICU falls back to digits).
        case pastNames
        /// A fraction the rules do not write (roman numerals): ICU would round it away.
        case fraction
        /// A rule this interpreter does not carry out, or a number no rule takes.
        case unsupported
    }

    let rules: SpelloutRules
    let start: Int
    /// ICU's plural rules of the locale, cardinal and ordinal, opened when a rule needs them.
    private let plurals: PluralRules

    init(rules: SpelloutRules, ruleSet: Int) {
        self.rules = rules
        start = ruleSet
        plurals = PluralRules(locale: rules.locale)
    }

    /// The deepest nesting of rule sets (ICU's own limit is 64).
    static let maximumDepth = 64

    /// Appends `value` written by the rule set to `out`.
    func format(_ value: Value, into out: inout [UInt8]) throws(Failure) {
        try format(start, value, depth: 0, into: &out)
    }

    private func format(_ setIndex: Int, _ input: Value, depth: Int, into out: inout [UInt8]) throws(Failure) {
        guard depth < Self.maximumDepth else { throw .unsupported }
        let set = rules.sets[setIndex]
        let value = input
        // Without a negative rule, ICU chooses the rule as for the number's
        // absolute value but hands the number on as it is: `0: =%rs=` passes
        // the sign to a rule set that has one (af: `min een`).
        if value.negative, let rule = set.negative {
            try apply(rule, in: setIndex, kind: .negative, value, depth: depth, into: &out)
            return
        }
        if !value.fraction.isEmpty {
            if value.integer == 0, let rule = set.properFraction {
                try apply(rule, in: setIndex, kind: .fraction, value, depth: depth, into: &out)
                return
            }
            if let rule = set.improperFraction ?? set.master {
                try apply(rule, in: setIndex, kind: .fraction, value, depth: depth, into: &out)
                return
            }
            // ICU rounds to choose the rule, then hands the whole number on.
            let rounded = value.fraction.first! >= 0x35 ? value.integer &+ 1 : value.integer
            let k = try normalRule(set, rounded)
            try apply(set.normal[k], in: setIndex, kind: .normal(k), value, depth: depth, into: &out)
            return
        }
        let k = try normalRule(set, value.integer)
        try apply(set.normal[k], in: setIndex, kind: .normal(k), value, depth: depth, into: &out)
    }

    /// ICU's NFRuleSet::findNormalRule: the last rule whose base is at most
    /// `n`, or the one before it when `n` is a multiple of the rule's
    /// divisor but its base is not and it has a remainder (`21: twenty->>`
    /// gives way to `20: twenty` for 30).
    private func normalRule(_ set: SpelloutRules.RuleSet, _ n: UInt64) throws(Failure) -> Int {
        let rules = set.normal
        var lo = 0
        var hi = rules.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rules[mid].base == n { return mid }
            if rules[mid].base > n { hi = mid } else { lo = mid + 1 }
        }
        guard hi > 0 else { throw .unsupported }
        let rule = rules[hi - 1]
        if rule.hasRemainder && n % rule.divisor == 0 && rule.base % rule.divisor != 0 {
            guard hi > 1 else { throw .unsupported }
            return hi - 2
        }
        return hi - 1
    }

    private enum RuleKind {
        case normal(Int)
        case negative
        case fraction
        /// A rule of a fraction rule set, with the fraction's numerator over its base.
        case fractionSet(UInt64)
    }

    /// The fraction `0.digits` by a fraction rule set (ICU's
    /// findFractionRuleSetRule, on exact integers): the rule whose base, as
    /// denominator, gives the numerator closest to an integer (the first
    /// exact one), or the next rule of the same base when the numerator is
    /// not one; the numerator rounded half up.
    private func formatFraction(_ setIndex: Int, _ digits: ArraySlice<UInt8>, depth: Int, into out: inout [UInt8])
        throws(Failure)
    {
        let set = rules.sets[setIndex]
        guard !set.normal.isEmpty, digits.count <= 18 else { throw .unsupported }
        var numerator: UInt64 = 0
        var denominator: UInt64 = 1
        for d in digits {
            numerator = numerator * 10 + UInt64(d &- 0x30)
            denominator *= 10
        }
        var winner = 0
        var best = UInt64.max
        var winnerNumerator: UInt64 = 0
        for (k, rule) in set.normal.enumerated() where rule.base > 0 {
            let product = numerator.multipliedFullWidth(by: rule.base)
            let (q, r) = denominator.dividingFullWidth(product)
            let distance = min(r, denominator - r)
            if distance < best {
                best = distance
                winner = k
                winnerNumerator = r * 2 >= denominator ? q + 1 : q
                if distance == 0 { break }
            }
        }
        if winner + 1 < set.normal.count && set.normal[winner + 1].base == set.normal[winner].base {
            let n = Double(set.normal[winner].base) * Double(numerator) / Double(denominator)
            if n < 0.5 || n >= 2 { winner += 1 }
        }
        try apply(
            set.normal[winner], in: setIndex, kind: .fractionSet(winnerNumerator), Value(integer: 0),
            depth: depth, into: &out)
    }

    private func apply(
        _ rule: SpelloutRules.Rule, in setIndex: Int, kind: RuleKind, _ value: Value, depth: Int,
        into out: inout [UInt8]
    ) throws(Failure) {
        // A normal rule that neither hands the number on nor keeps its
        // remainder would drop the fraction (ICU rounds it away): refused.
        if case .normal = kind, !value.fraction.isEmpty,
            !rule.pieces.contains(where: {
                if case .substitution(.same, _) = $0 { return true }
                if case .substitution(.remainder, _) = $0 { return true }
                return false
            })
        {
            throw .fraction
        }
        for piece in rule.pieces {
            switch piece {
            case .text(let bytes):
                out.append(contentsOf: bytes)
            case .plural(let ordinal, let choices):
                var q = rule.divisor == 0 ? value.integer : value.integer / rule.divisor
                if case .fractionSet(let numerator) = kind { q = numerator }
                let keyword = plurals.keyword(q, ordinal: ordinal)
                let text =
                    choices.first { $0.keyword == keyword }?.text ?? choices.first { $0.keyword == "other" }?.text
                guard let text else { throw .unsupported }
                out.append(contentsOf: text)
            case .substitution(let sub, let target):
                let targetSet: Int
                switch target {
                case .own: targetSet = setIndex
                case .set(let k): targetSet = k
                case .digits:
                    // Digits for a fraction (`x.x: =#,##0.#=` of roman numerals): no words for it.
                    if case .fraction = kind { throw .fraction }
                    throw value.fraction.isEmpty ? .pastNames : .fraction
                }
                switch (kind, sub) {
                case (.normal, .quotient):
                    try format(targetSet, Value(integer: value.integer / rule.divisor), depth: depth + 1, into: &out)
                case (.normal, .remainder):
                    var rest = value
                    rest.integer = value.integer % rule.divisor
                    rest.negative = false
                    try format(targetSet, rest, depth: depth + 1, into: &out)
                case (.normal(let k), .remainderByPrevious):
                    // The remainder by the rule before this one, not by the rule set's choice.
                    guard k > 0 else { throw .unsupported }
                    let set = rules.sets[setIndex]
                    var rest = value
                    rest.integer = value.integer % rule.divisor
                    rest.negative = false
                    try apply(set.normal[k - 1], in: setIndex, kind: .normal(k - 1), rest, depth: depth + 1, into: &out)
                case (.normal, .same), (.fraction, .same):
                    try format(targetSet, value, depth: depth + 1, into: &out)
                case (.negative, .remainder), (.negative, .same):
                    var positive = value
                    positive.negative = false
                    try format(targetSet, positive, depth: depth + 1, into: &out)
                case (.fraction, .quotient):
                    // The integer part keeps the sign when no negative rule took it (ko `마이너스 십이점이오`).
                    try format(
                        targetSet, Value(integer: value.integer, negative: value.negative), depth: depth + 1,
                        into: &out)
                case (.fraction, .remainder), (.fraction, .remainderByPrevious):
                    if rules.sets[targetSet].isFraction {
                        try formatFraction(targetSet, value.fraction, depth: depth + 1, into: &out)
                        continue
                    }
                    // Digit by digit (ICU's FractionalPartSubstitution), spaced as the rules say.
                    let digits = value.fraction.isEmpty ? [UInt8(0x30)][...] : value.fraction
                    for (n, d) in digits.enumerated() {
                        if n > 0 && sub == .remainder && rules.spacedDigits { out.append(0x20) }
                        try format(targetSet, Value(integer: UInt64(d &- 0x30)), depth: depth + 1, into: &out)
                    }
                case (.fractionSet(let numerator), .quotient):
                    // The numerator, by the named set or the formatter's default (ICU's NumeratorSubstitution).
                    let set = target == .own ? start : targetSet
                    if rules.fractionZeros {
                        var n = numerator
                        while n > 0 && n * 10 < rule.base {
                            try format(set, Value(integer: 0), depth: depth + 1, into: &out)
                            out.append(0x20)
                            n *= 10
                        }
                    }
                    try format(set, Value(integer: numerator), depth: depth + 1, into: &out)
                case (.negative, _), (.fractionSet, _):
                    throw .unsupported
                }
            }
        }
    }
}

/// ICU's plural rules of a locale, cardinal and ordinal, asked per number and
/// remembered for small numbers.
final class PluralRules: @unchecked Sendable {
    private let locale: String
    private let lock = NSLock()
    private var rules: [Bool: OpaquePointer] = [:]
    private var known: [Bool: [UInt64: String]] = [:]

    init(locale: String) { self.locale = locale }

    deinit {
        for (_, r) in rules { swift_uplrules_close(r) }
    }

    func keyword(_ n: UInt64, ordinal: Bool) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let k = known[ordinal]?[n] { return k }
        var status = U_ZERO_ERROR
        if rules[ordinal] == nil {
            guard
                let r = swift_uplrules_openForType(
                    locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status),
                status.rawValue <= 0
            else { return "other" }
            rules[ordinal] = r
        }
        var buffer = [UInt16](repeating: 0, count: 32)
        status = U_ZERO_ERROR
        let length = swift_uplrules_select(rules[ordinal]!, Double(n), &buffer, 32, &status)
        guard status.rawValue <= 0, length > 0, length <= 32 else { return "other" }
        let keyword = String(decoding: buffer[..<Int(length)], as: UTF16.self)
        if known[ordinal, default: [:]].count < 4096 { known[ordinal, default: [:]][n] = keyword }
        return keyword
    }
}

extension SpelloutFormatter {
    /// The rule set ICU's spell-out formatter uses by default (NumberFormatter's
    /// `.spellOut`): `%spellout-numbering`, else the last public one.
    static func defaultRuleSet(_ rules: SpelloutRules) -> Int? {
        if let k = rules.index["%spellout-numbering"] { return k }
        return rules.sets.lastIndex { $0.isPublic }
    }

    /// The cardinal words of `locale`'s language, or nil when ICU has no
    /// spell-out rules of its own for it (the root's write digits).
    static func words(locale: String) -> SpelloutFormatter? {
        guard let rules = SpelloutRules.of(locale), let set = defaultRuleSet(rules) else { return nil }
        // The root's rules write digits only (`=#,##0.#=`).
        let set0 = rules.sets[set]
        if set0.normal.count == 1, case .substitution(.same, .digits)? = set0.normal[0].pieces.first { return nil }
        return SpelloutFormatter(rules: rules, ruleSet: set)
    }

    /// The integers the rules can name at all: at most this many digits (UInt64).
    static let maximumIntegerDigits = 19

    /// Appends `value` in words: exact digits, the fraction's trailing zeros dropped.
    func format(_ value: ExactDecimal, into out: inout [UInt8]) throws(Failure) {
        let integer = value.integerDigits.drop { $0 == 0x30 }
        guard integer.count <= Self.maximumIntegerDigits else { throw .pastNames }
        var n: UInt64 = 0
        for d in integer {
            let (m, o1) = n.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d &- 0x30))
            guard !o1 && !o2 else { throw .pastNames }
            n = s
        }
        var fraction = value.fractionDigits()[...]
        while fraction.last == 0x30 { fraction = fraction.dropLast() }
        try format(Value(integer: n, fraction: fraction, negative: value.isNegative && !value.isZero), into: &out)
    }
}
