/// Writes numbers with a rule set of ``SpelloutRules``, as ICU's
/// RuleBasedNumberFormat does, but on exact digits: the integer part is a
/// `UInt64` (every rule set ends its names below 10^19; past its largest
/// name, where ICU writes digits, this is an error), the fraction digits are
/// taken one by one as written, never through a `Double`.
///
/// The rules are carried out from ``CompiledRules``: every rule set, rule,
/// piece and text of the locale in four flat buffers, so that writing a
/// number touches no reference count.
struct SpelloutFormatter: @unchecked Sendable {
    /// A number to write: its integer part, its fraction's ASCII digits (no
    /// trailing zeros; valid while the number is written), its sign.
    struct Value {
        var integer: UInt64
        var fraction: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
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
    let compiled: CompiledRules

    /// `cached: false` compiles the rules afresh (the probe of ``SpelloutRules``
    /// tries settings before they are final).
    init(rules: SpelloutRules, ruleSet: Int, cached: Bool = true) {
        self.rules = rules
        start = ruleSet
        compiled = cached ? CompiledRules.of(rules) : CompiledRules(rules)
    }

    /// The deepest nesting of rule sets (ICU's own limit is 64).
    static let maximumDepth = 64

    /// Appends `value` written by the rule set to `out`.
    func format(_ value: Value, into out: inout some RuleOutput) throws(Failure) {
        try compiled.format(compiled.view, Int32(start), value, depth: 0, start: Int32(start), into: &out)
    }

}

/// Where the rules write a number's bytes: an array, or a text it is
/// compared with as it is written (``WrittenAs``).
protocol RuleOutput {
    mutating func append(_ byte: UInt8)
    /// Appends a plural form's text (by default byte by byte).
    mutating func appendText(_ bytes: [UInt8])
}

extension RuleOutput {
    mutating func appendText(_ bytes: [UInt8]) {
        for b in bytes { append(b) }
    }
}

extension Array: RuleOutput where Element == UInt8 {
    mutating func appendText(_ bytes: [UInt8]) { append(contentsOf: bytes) }
}

/// Compares what the rules write with `text` as it is written, byte by
/// byte, keeping nothing: whether the writer writes exactly `text` without
/// building the text (the reader's write-back, ``SpelloutReader/guess(_:as:)``).
struct WrittenAs: RuleOutput {
    let text: UnsafeBufferPointer<UInt8>
    /// The bytes matched so far; past `text.count` once a byte differs.
    private var at = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// Whether the bytes written are exactly `text`.
    var isWhole: Bool { at == text.count }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if at < text.count && text[at] == byte { at += 1 } else { at = text.count + 1 }
    }
}

/// Writes the rules' bytes into a buffer of a fixed size, with no
/// allocation: `count` is how many the rules wrote, more than the buffer
/// holds when they did not fit (``overflowed``, the caller writes again
/// into an array).
struct BufferOutput: RuleOutput {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    var overflowed: Bool { count > buffer.count }

    /// The bytes written (all of them unless ``overflowed``).
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<min(count, buffer.count)]) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count < buffer.count { buffer[count] = byte }
        count &+= 1
    }
}

/// ``SpelloutRules`` in flat buffers, allocated once for the process (the
/// rules of a locale are derived once and never freed).
final class CompiledRules: @unchecked Sendable {
    struct Set {
        var normalStart: Int32
        var normalCount: Int32
        /// Rule indices, -1 when absent.
        var negative: Int32
        var improperFraction: Int32
        var properFraction: Int32
        var master: Int32
        var isFraction: Bool
    }

    struct Rule {
        var base: UInt64
        var divisor: UInt64
        var pieceStart: Int32
        var pieceEnd: Int32
        /// A `>>` or `>>>` among the pieces (ICU's roll-back).
        var hasRemainder: Bool
        /// A `>>` or `==` among the pieces: a fraction goes on with the number.
        var keepsFraction: Bool
    }

    /// Piece operations.
    enum Op: UInt8 {
        case text, quotient, remainder, remainderByPrevious, same, plural
    }

    struct Piece {
        var op: Op
        /// The target set; -1 the rule's own, -2 digits.
        var target: Int32
        /// Text: its bytes' range; plural: the choice's index and whether ordinal.
        var a: Int32
        var b: Int32
    }

    /// The buffers' view: trivial, so that binding it retains nothing.
    struct View {
        let sets: UnsafeBufferPointer<Set>
        let rules: UnsafeBufferPointer<Rule>
        let pieces: UnsafeBufferPointer<Piece>
        let text: UnsafeBufferPointer<UInt8>
        /// The normal rule of each set for each `n` below ``smallNumbers``
        /// (``CompiledRules/searchNormalRule(_:_:_:)``'s answer, -1 for none), at `set * smallNumbers + n`.
        let small: UnsafeBufferPointer<Int32>
        let spacedDigits: Bool
        let fractionZeros: Bool
    }

    /// The numbers whose normal rule is looked up rather than searched for
    /// (the words of most numbers are mostly of numbers below it).
    static let smallNumbers = 128

    let view: View
    let plurals: PluralRules
    /// Plural choices: keyword → text.
    let choices: [[(keyword: String, text: [UInt8])]]

    private static let cache = LockedCache<ObjectIdentifier, CompiledRules>()

    static func of(_ rules: SpelloutRules) -> CompiledRules {
        cache.value(for: ObjectIdentifier(rules)) { CompiledRules(rules) }
    }

    init(_ source: SpelloutRules) {
        var sets: [Set] = []
        var rules: [Rule] = []
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var choices: [[(keyword: String, text: [UInt8])]] = []
        func add(_ rule: SpelloutRules.Rule?) -> Int32 {
            guard let rule else { return -1 }
            let start = Int32(pieces.count)
            var keeps = false
            for piece in rule.pieces {
                switch piece {
                case .text(let bytes):
                    pieces.append(
                        Piece(op: .text, target: -1, a: Int32(text.count), b: Int32(text.count + bytes.count)))
                    text += bytes
                case .plural(let ordinal, let list):
                    pieces.append(Piece(op: .plural, target: -1, a: Int32(choices.count), b: ordinal ? 1 : 0))
                    choices.append(list)
                case .substitution(let kind, let target):
                    let t: Int32
                    switch target {
                    case .own: t = -1
                    case .digits: t = -2
                    case .set(let k): t = Int32(k)
                    }
                    let op: Op
                    switch kind {
                    case .quotient: op = .quotient
                    case .remainder:
                        op = .remainder
                        keeps = true
                    case .remainderByPrevious: op = .remainderByPrevious
                    case .same:
                        op = .same
                        keeps = true
                    }
                    pieces.append(Piece(op: op, target: t, a: 0, b: 0))
                }
            }
            rules.append(
                Rule(
                    base: rule.base, divisor: rule.divisor, pieceStart: start, pieceEnd: Int32(pieces.count),
                    hasRemainder: rule.hasRemainder, keepsFraction: keeps))
            return Int32(rules.count - 1)
        }
        for set in source.sets {
            let normalStart = Int32(rules.count)
            for rule in set.normal { _ = add(rule) }
            let normalCount = Int32(rules.count) - normalStart
            let negative = add(set.negative)
            let improper = add(set.improperFraction)
            let proper = add(set.properFraction)
            let master = add(set.master)
            sets.append(
                Set(
                    normalStart: normalStart, normalCount: normalCount, negative: negative, improperFraction: improper,
                    properFraction: proper, master: master, isFraction: set.isFraction))
        }
        func permanent<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
            _ = buffer.initialize(from: array)
            return UnsafeBufferPointer(rebasing: buffer[..<array.count])
        }
        plurals = PluralRules(locale: source.locale)
        self.choices = choices
        var small: [Int32] = []
        small.reserveCapacity(sets.count * Self.smallNumbers)
        rules.withUnsafeBufferPointer { rules in
            for set in sets {
                for n in 0..<UInt64(Self.smallNumbers) { small.append(Self.searchNormalRule(rules, set, n)) }
            }
        }
        view = View(
            sets: permanent(sets), rules: permanent(rules), pieces: permanent(pieces), text: permanent(text),
            small: permanent(small), spacedDigits: source.spacedDigits, fractionZeros: source.fractionZeros)
    }

    /// ICU's NFRuleSet::findNormalRule: the last rule of `set` whose base
    /// is at most `n`, or the one before it when `n` is a multiple of the
    /// rule's divisor but its base is not and it has a remainder (`21:
    /// twenty->>` gives way to `20: twenty` for 30). The rule's index, -1
    /// for none.
    static func searchNormalRule(_ rules: UnsafeBufferPointer<Rule>, _ set: Set, _ n: UInt64) -> Int32 {
        var lo = Int(set.normalStart)
        let first = lo
        var hi = lo + Int(set.normalCount)
        while lo < hi {
            let mid = (lo + hi) >> 1
            let base = rules[mid].base
            if base == n { return Int32(mid) }
            if base > n { hi = mid } else { lo = mid + 1 }
        }
        guard hi > first else { return -1 }
        let rule = rules[hi - 1]
        if rule.hasRemainder && n % rule.divisor == 0 && rule.base % rule.divisor != 0 {
            guard hi - 1 > first else { return -1 }
            return Int32(hi - 2)
        }
        return Int32(hi - 1)
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: view.sets).deallocate()
        UnsafeMutableBufferPointer(mutating: view.rules).deallocate()
        UnsafeMutableBufferPointer(mutating: view.pieces).deallocate()
        UnsafeMutableBufferPointer(mutating: view.text).deallocate()
        UnsafeMutableBufferPointer(mutating: view.small).deallocate()
    }

    /// The text of a plural choice for `n`.
    func choice(_ index: Int32, ordinal: Bool, _ n: UInt64) -> [UInt8]? {
        let keyword = plurals.keyword(n, ordinal: ordinal)
        let list = choices[Int(index)]
        return list.first { $0.keyword == keyword }?.text ?? list.first { $0.keyword == "other" }?.text
    }
}

extension CompiledRules {
    typealias Failure = SpelloutFormatter.Failure
    typealias Value = SpelloutFormatter.Value

    /// Writes `value` by the set `setIndex`; `start` is the formatter's own
    /// set (a fraction set's numerator without a named set).
    func format(
        _ v: View, _ setIndex: Int32, _ value: Value, depth: Int, start: Int32, into out: inout some RuleOutput
    ) throws(Failure) {
        guard depth < SpelloutFormatter.maximumDepth else { throw .unsupported }
        let set = v.sets[Int(setIndex)]
        // Without a negative rule, ICU chooses the rule as for the number's
        // absolute value but hands the number on as it is: `0: =%rs=` passes
        // the sign to a rule set that has one (af: `min een`).
        if value.negative && set.negative >= 0 {
            try apply(v, set.negative, setIndex, .negative, value, depth, start, &out)
            return
        }
        if value.fraction.count > 0 {
            if value.integer == 0 && set.properFraction >= 0 {
                try apply(v, set.properFraction, setIndex, .fraction, value, depth, start, &out)
                return
            }
            let fractionRule = set.improperFraction >= 0 ? set.improperFraction : set.master
            if fractionRule >= 0 {
                try apply(v, fractionRule, setIndex, .fraction, value, depth, start, &out)
                return
            }
            // ICU rounds to choose the rule, then hands the whole number on.
            let rounded = value.fraction[0] >= 0x35 ? value.integer &+ 1 : value.integer
            let k = try normalRule(v, setIndex, rounded)
            try apply(v, k, setIndex, .normal, value, depth, start, &out)
            return
        }
        let k = try normalRule(v, setIndex, value.integer)
        try apply(v, k, setIndex, .normal, value, depth, start, &out)
    }

    /// The normal rule of the set `setIndex` for `n`
    /// (``CompiledRules/searchNormalRule(_:_:_:)``), looked up for small numbers.
    @inline(__always)
    private func normalRule(_ v: View, _ setIndex: Int32, _ n: UInt64) throws(Failure) -> Int32 {
        let k =
            n < UInt64(Self.smallNumbers)
            ? v.small[Int(setIndex) &* Self.smallNumbers &+ Int(n)]
            : Self.searchNormalRule(v.rules, v.sets[Int(setIndex)], n)
        guard k >= 0 else { throw .unsupported }
        return k
    }

    enum Kind {
        case normal, negative, fraction, fractionSet
    }

    private func apply(
        _ v: View, _ ruleIndex: Int32, _ setIndex: Int32, _ kind: Kind, _ value: Value, _ depth: Int, _ start: Int32,
        _ out: inout some RuleOutput, numerator: UInt64 = 0
    ) throws(Failure) {
        let rule = v.rules[Int(ruleIndex)]
        // A normal rule that neither hands the number on nor keeps its
        // remainder would drop the fraction (ICU rounds it away): refused.
        if kind == .normal && value.fraction.count > 0 && !rule.keepsFraction { throw .fraction }
        var p = Int(rule.pieceStart)
        let end = Int(rule.pieceEnd)
        while p < end {
            let piece = v.pieces[p]
            p += 1
            switch piece.op {
            case .text:
                // Byte by byte: a rule's text is a few bytes, where appending a
                // buffer costs more in its call than in its copy.
                for k in Int(piece.a)..<Int(piece.b) { out.append(v.text[k]) }
                continue
            case .plural:
                let q = kind == .fractionSet ? numerator : value.integer / rule.divisor
                guard let text = choice(piece.a, ordinal: piece.b == 1, q) else { throw .unsupported }
                out.appendText(text)
                continue
            default: break
            }
            let targetSet: Int32
            if piece.target == -2 {
                // Digits for a fraction (`x.x: =#,##0.#=` of roman numerals): no words for it.
                if kind == .fraction { throw .fraction }
                throw value.fraction.count == 0 ? .pastNames : .fraction
            }
            targetSet = piece.target == -1 ? setIndex : piece.target
            switch (kind, piece.op) {
            case (.normal, .quotient):
                try format(
                    v, targetSet, Value(integer: value.integer / rule.divisor), depth: depth + 1, start: start,
                    into: &out)
            case (.normal, .remainder):
                var rest = value
                rest.integer = value.integer % rule.divisor
                rest.negative = false
                try format(v, targetSet, rest, depth: depth + 1, start: start, into: &out)
            case (.normal, .remainderByPrevious):
                // The remainder by the rule before this one, not by the rule set's choice.
                let set = v.sets[Int(setIndex)]
                guard ruleIndex > set.normalStart else { throw .unsupported }
                var rest = value
                rest.integer = value.integer % rule.divisor
                rest.negative = false
                try apply(v, ruleIndex - 1, setIndex, .normal, rest, depth + 1, start, &out)
            case (.normal, .same), (.fraction, .same):
                try format(v, targetSet, value, depth: depth + 1, start: start, into: &out)
            case (.negative, .remainder), (.negative, .same):
                var positive = value
                positive.negative = false
                try format(v, targetSet, positive, depth: depth + 1, start: start, into: &out)
            case (.fraction, .quotient):
                // The integer part keeps the sign when no negative rule took it (ko `마이너스 십이점이오`).
                try format(
                    v, targetSet, Value(integer: value.integer, negative: value.negative), depth: depth + 1,
                    start: start, into: &out)
            case (.fraction, .remainder), (.fraction, .remainderByPrevious):
                if v.sets[Int(targetSet)].isFraction {
                    try formatFraction(v, targetSet, value.fraction, depth + 1, start, &out)
                    continue
                }
                // Digit by digit (ICU's FractionalPartSubstitution), spaced as the rules say.
                if value.fraction.count == 0 {
                    try format(v, targetSet, Value(integer: 0), depth: depth + 1, start: start, into: &out)
                    continue
                }
                for (n, d) in value.fraction.enumerated() {
                    if n > 0 && piece.op == .remainder && v.spacedDigits { out.append(0x20) }
                    try format(
                        v, targetSet, Value(integer: UInt64(d &- 0x30)), depth: depth + 1, start: start, into: &out)
                }
            case (.fractionSet, .quotient):
                // The numerator, by the named set or the formatter's own (ICU's NumeratorSubstitution).
                let set = piece.target == -1 ? start : targetSet
                if v.fractionZeros {
                    var n = numerator
                    while n > 0 && n * 10 < rule.base {
                        try format(v, set, Value(integer: 0), depth: depth + 1, start: start, into: &out)
                        out.append(0x20)
                        n *= 10
                    }
                }
                try format(v, set, Value(integer: numerator), depth: depth + 1, start: start, into: &out)
            default:
                throw .unsupported
            }
        }
    }

    /// The fraction `0.digits` by a fraction rule set (ICU's
    /// findFractionRuleSetRule, on exact integers): the rule whose base, as
    /// denominator, gives the numerator closest to an integer (the first
    /// exact one), or the next rule of the same base when the numerator is
    /// not one; the numerator rounded half up.
    private func formatFraction(
        _ v: View, _ setIndex: Int32, _ digits: UnsafeBufferPointer<UInt8>, _ depth: Int, _ start: Int32,
        _ out: inout some RuleOutput
    ) throws(Failure) {
        let set = v.sets[Int(setIndex)]
        guard set.normalCount > 0, digits.count <= 18 else { throw .unsupported }
        var numerator: UInt64 = 0
        var denominator: UInt64 = 1
        for d in digits {
            numerator = numerator * 10 + UInt64(d &- 0x30)
            denominator *= 10
        }
        let first = Int(set.normalStart)
        let end = first + Int(set.normalCount)
        var winner = first
        var best = UInt64.max
        var winnerNumerator: UInt64 = 0
        for k in first..<end where v.rules[k].base > 0 {
            let product = numerator.multipliedFullWidth(by: v.rules[k].base)
            let (q, r) = denominator.dividingFullWidth(product)
            let distance = min(r, denominator - r)
            if distance < best {
                best = distance
                winner = k
                winnerNumerator = r * 2 >= denominator ? q + 1 : q
                if distance == 0 { break }
            }
        }
        if winner + 1 < end && v.rules[winner + 1].base == v.rules[winner].base {
            let n = Double(v.rules[winner].base) * Double(numerator) / Double(denominator)
            if n < 0.5 || n >= 2 { winner += 1 }
        }
        try apply(
            v, Int32(winner), setIndex, .fractionSet, Value(integer: 0), depth, start, &out, numerator: winnerNumerator)
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

    /// The rule set `name` (`%spellout-cardinal-feminine`) of `locale`'s
    /// language, or nil when ICU has no such set of its own for it.
    static func words(locale: String, ruleSet name: String) -> SpelloutFormatter? {
        guard words(locale: locale) != nil, let rules = SpelloutRules.of(locale), let set = rules.index[name] else {
            return nil
        }
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
        var fraction = value.fractionDigits()
        while fraction.last == 0x30 { fraction.removeLast() }
        let negative = value.isNegative && !value.isZero
        try fraction.withUnsafeBufferPointer { (digits) throws(Failure) in
            try format(Value(integer: n, fraction: digits, negative: negative), into: &out)
        }
    }
}
