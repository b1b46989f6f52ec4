/// A regular expression of libphonenumber's metadata, compiled once for
/// matching strings of the ten decimal digits.
///
/// The metadata's patterns only ever see normalized digit strings, so the
/// alphabet is `0...9` (values, not ASCII). Two engines share one parse:
/// a deterministic automaton for yes/no questions (full match, "does some
/// prefix match"), which costs one table lookup per digit, and a backtracking
/// program for the few places that need capture groups or Python's
/// leftmost-first match end (formatting, national prefix stripping,
/// international prefixes). Backtracking explores alternatives in the same
/// order as Python's `re`, so group contents and match ends agree with
/// phonenumbers.
final class PhonePattern: @unchecked Sendable {
    /// The pattern's source text, as in the metadata.
    let source: String
    /// Number of capturing groups.
    let groupCount: Int
    // The tables below are written once in `init`, never changed, and freed
    // in `deinit` (hence `@unchecked Sendable`). Raw buffers rather than
    // arrays so the matching loops read them without retains.
    private let program: UnsafeBufferPointer<Instruction>
    /// DFA transitions, 10 per state; -1 is the dead state. State 0 is the start.
    private let transitions: UnsafeBufferPointer<Int32>
    private let accepting: UnsafeBufferPointer<Bool>

    /// Compiles `source`; a syntax the compiler does not know is a bug in the
    /// generated data and stops at once.
    init(_ source: String) {
        self.source = source
        var parser = PatternParser(Array(source.utf8))
        let node = parser.parseAlternation()
        precondition(parser.atEnd, "phone metadata pattern not understood: \(source)")
        precondition(
            2 * (parser.groupCount + 1) <= Match.slotCount, "phone metadata pattern has too many groups: \(source)")
        self.groupCount = parser.groupCount
        var compiler = ProgramCompiler()
        compiler.emit(node)
        compiler.code.append(.match)
        let dfa = DFABuilder(program: compiler.code).build()
        self.program = Self.copy(compiler.code)
        self.transitions = Self.copy(dfa.transitions)
        self.accepting = Self.copy(dfa.accepting)
    }

    /// The most digits a match of `source` can take (the sum of its
    /// quantifiers' maxima along its longest branch), nil when a `*`, `+` or
    /// `{n,}` makes that unbounded. Parses only: nothing is compiled.
    static func maxMatchLength(_ source: String) -> Int? {
        var parser = PatternParser(Array(source.utf8))
        let node = parser.parseAlternation()
        precondition(parser.atEnd, "phone metadata pattern not understood: \(source)")
        return node.maxLength
    }

    deinit {
        program.deallocate()
        transitions.deallocate()
        accepting.deallocate()
    }

    private static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(buffer)
    }

    // MARK: - Automaton

    /// Whether the whole of `digits` matches (Python's `fullmatch`).
    func fullMatch(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        var state = 0
        for d in digits {
            guard d < 10 else { return false }
            let next = transitions[state &* 10 &+ Int(d)]
            if next < 0 { return false }
            state = Int(next)
        }
        return accepting[state]
    }

    /// Whether the whole of `digits` matches (Python's `fullmatch`).
    func fullMatch(_ digits: [UInt8]) -> Bool {
        digits.withUnsafeBufferPointer { fullMatch($0) }
    }

    /// Whether a prefix of `digits` (possibly all of it) matches: Python's
    /// `re.match` succeeds.
    func matchesPrefix(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        var state = 0
        if accepting[0] { return true }
        for d in digits {
            guard d < 10 else { return false }
            let next = transitions[state &* 10 &+ Int(d)]
            if next < 0 { return false }
            state = Int(next)
            if accepting[state] { return true }
        }
        return false
    }

    /// Whether a prefix of `digits` (possibly all of it) matches.
    func matchesPrefix(_ digits: [UInt8]) -> Bool {
        digits.withUnsafeBufferPointer { matchesPrefix($0) }
    }

    // MARK: - Backtracking

    /// A successful match: `groups[2*i]`, `groups[2*i+1]` are the start and
    /// end of group i (group 0 is the whole match); -1 when it did not take
    /// part. Held inline: a match allocates nothing.
    struct Match {
        /// Room for the whole match and five groups, the most a metadata
        /// pattern has, with some to spare.
        static let slotCount = 16
        var groups: CaptureSlots
        var start: Int { groups[0] }
        var end: Int { groups[1] }
        func range(_ group: Int) -> Range<Int>? {
            let s = groups[2 * group]
            let e = groups[2 * group + 1]
            return s < 0 || e < 0 ? nil : s..<e
        }
    }

    /// Python's `re.match` at `start`: anchored at `start`, first match in
    /// priority order; with `toEnd`, Python's `fullmatch`.
    func match(_ digits: UnsafeBufferPointer<UInt8>, at start: Int = 0, toEnd: Bool = false) -> Match? {
        var m = Match(groups: CaptureSlots())
        m.groups[0] = start
        let matched = m.groups.withSlots { Self.run(program, digits, 0, start, toEnd, $0) }
        return matched ? m : nil
    }

    /// Python's `re.match` at `start` on an array of digits.
    func match(_ digits: [UInt8], at start: Int = 0, toEnd: Bool = false) -> Match? {
        digits.withUnsafeBufferPointer { match($0, at: start, toEnd: toEnd) }
    }

    /// Python's `re.search` from `start`.
    func search(_ digits: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Match? {
        var s = start
        while s <= digits.count {
            // The empty rest of the input can only match a pattern that takes "".
            if s == digits.count && !accepting[0] { return nil }
            if let m = match(digits, at: s) { return m }
            s += 1
        }
        return nil
    }

    /// Python's `re.search` from `start` on an array of digits.
    func search(_ digits: [UInt8], from start: Int = 0) -> Match? {
        digits.withUnsafeBufferPointer { search($0, from: start) }
    }

    /// Python's `re.sub(pattern, template, digits, count)` written to `out`:
    /// every non-overlapping match (or the first `count`) replaced by
    /// `template`, where `$N` is group N (empty when the group did not take
    /// part); digits are written in ASCII.
    func substitute<Output: ByteOutput & ~Copyable>(
        _ digits: UnsafeBufferPointer<UInt8>, template: UnsafeBufferPointer<UInt8>, count: Int = 0,
        into out: inout Output
    ) {
        var pos = 0
        var done = 0
        var searchFrom = 0
        while searchFrom <= digits.count, count == 0 || done < count, let m = search(digits, from: searchFrom) {
            Self.appendASCII(digits, pos..<m.start, to: &out)
            expand(template, m, digits, into: &out)
            done += 1
            pos = m.end
            searchFrom = m.end == m.start ? m.end + 1 : m.end
            if m.end == m.start && m.end < digits.count {
                out.append(digits[m.end] &+ 0x30)
                pos = m.end + 1
            }
        }
        if pos < digits.count { Self.appendASCII(digits, pos..<digits.count, to: &out) }
    }

    /// ``substitute(_:template:count:into:)`` as a new array.
    func substitute(_ digits: [UInt8], template: [UInt8], count: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + template.count)
        digits.withUnsafeBufferPointer { d in
            template.withUnsafeBufferPointer { t in substitute(d, template: t, count: count, into: &out) }
        }
        return out
    }

    /// Appends `template` with `$N` replaced by group N of `m` (as ASCII digits).
    func expand<Output: ByteOutput & ~Copyable>(
        _ template: UnsafeBufferPointer<UInt8>, _ m: Match, _ digits: UnsafeBufferPointer<UInt8>,
        into out: inout Output
    ) {
        var i = 0
        while i < template.count {
            let c = template[i]
            if c == UInt8(ascii: "$"), i + 1 < template.count, template[i + 1] >= 0x30, template[i + 1] <= 0x39 {
                let g = Int(template[i + 1] - 0x30)
                if g <= groupCount, let r = m.range(g) { Self.appendASCII(digits, r, to: &out) }
                i += 2
            } else {
                out.append(c)
                i += 1
            }
        }
    }

    /// Appends the digit values `digits[range]` as ASCII digits.
    @inline(__always)
    private static func appendASCII<Output: ByteOutput & ~Copyable>(
        _ digits: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to out: inout Output
    ) {
        for i in range { out.append(digits[i] &+ 0x30) }
    }

    private static func run(
        _ prog: UnsafeBufferPointer<Instruction>, _ input: UnsafeBufferPointer<UInt8>,
        _ startPC: Int, _ startPos: Int, _ toEnd: Bool, _ caps: UnsafeMutablePointer<Int>
    ) -> Bool {
        var pc = startPC
        var pos = startPos
        while true {
            switch prog[pc] {
            case .set(let mask):
                guard pos < input.count, mask & (1 &<< UInt16(input[pos])) != 0 else { return false }
                pc += 1
                pos += 1
            case .jump(let target):
                pc = target
            case .split(let first, let second):
                if run(prog, input, first, pos, toEnd, caps) { return true }
                pc = second
            case .save(let slot):
                let old = caps[slot]
                caps[slot] = pos
                if run(prog, input, pc + 1, pos, toEnd, caps) { return true }
                caps[slot] = old
                return false
            case .assertEnd:
                guard pos == input.count else { return false }
                pc += 1
            case .match:
                if toEnd && pos != input.count { return false }
                caps[1] = pos
                return true
            }
        }
    }
}

/// The 16 capture slots of a ``PhonePattern/Match``, held inline (a tuple;
/// the stdlib's InlineArray would need macOS 26 and iOS 26): a match
/// allocates nothing. Bound: the subscript checks its index is in 0..<16;
/// the backtracking run writes through ``withSlots(_:)``'s pointer only at
/// 1 and at the slots its program saves, `2 * group` and `2 * group + 1`,
/// below ``PhonePattern/Match/slotCount`` (compiling a pattern checks its
/// group count). Reached by the fuzz target `phone`.
struct CaptureSlots {
    private var slots: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

    /// Slot `i`, -1 until it is set.
    subscript(i: Int) -> Int {
        @inline(__always) get {
            precondition(UInt(bitPattern: i) < 16, "capture slot out of range")
            return withUnsafeBytes(of: slots) { $0.load(fromByteOffset: i &* MemoryLayout<Int>.stride, as: Int.self) }
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: i) < 16, "capture slot out of range")
            withUnsafeMutableBytes(of: &slots) {
                $0.storeBytes(of: newValue, toByteOffset: i &* MemoryLayout<Int>.stride, as: Int.self)
            }
        }
    }

    /// `body` on the slots as 16 Ints in a row (a tuple of one type is laid
    /// out as its elements in order), read and written in place.
    @inline(__always)
    mutating func withSlots<R>(_ body: (UnsafeMutablePointer<Int>) -> R) -> R {
        withUnsafeMutablePointer(to: &slots) { $0.withMemoryRebound(to: Int.self, capacity: 16, body) }
    }
}
