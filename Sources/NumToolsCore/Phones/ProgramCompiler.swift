// The compiling stage of ``PhonePattern``: a parsed pattern to the
// backtracking program (ProgramCompiler), and that program to the digit
// automaton (DFABuilder).

/// An instruction of the backtracking program.
enum Instruction {
    case set(UInt16)
    case jump(Int)
    /// Try `first`, then `second` (Python's priority order).
    case split(Int, Int)
    case save(Int)
    case assertEnd
    case match
}

/// Emits the program of a parsed pattern, alternatives in Python's order.
struct ProgramCompiler {
    var code: [Instruction] = []

    mutating func emit(_ node: PatternNode) {
        switch node {
        case .set(let mask):
            code.append(.set(mask))
        case .endAnchor:
            code.append(.assertEnd)
        case .concat(let items):
            for item in items { emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (i, branch) in branches.enumerated() {
                if i < branches.count - 1 {
                    let split = code.count
                    code.append(.split(0, 0))
                    emit(branch)
                    jumps.append(code.count)
                    code.append(.jump(0))
                    code[split] = .split(split + 1, code.count)
                } else {
                    emit(branch)
                }
            }
            for j in jumps { code[j] = .jump(code.count) }
        case .group(let inner, let index):
            if let index {
                code.append(.save(2 * index))
                emit(inner)
                code.append(.save(2 * index + 1))
            } else {
                emit(inner)
            }
        case .repetition(let inner, let minCount, let maxCount, let greedy):
            for _ in 0..<minCount { emit(inner) }
            if let maxCount {
                // Optional copies, nested: x{0,2} is (x(x)?)?.
                var splits: [Int] = []
                for _ in minCount..<maxCount {
                    splits.append(code.count)
                    code.append(.split(0, 0))
                    emit(inner)
                }
                let end = code.count
                for s in splits {
                    code[s] = greedy ? .split(s + 1, end) : .split(end, s + 1)
                }
            } else {
                let split = code.count
                code.append(.split(0, 0))
                emit(inner)
                code.append(.jump(split))
                let end = code.count
                code[split] = greedy ? .split(split + 1, end) : .split(end, split + 1)
            }
        }
    }
}

// MARK: - Automaton construction

/// Subset construction over the program's NFA (sets, jumps, splits and saves
/// are the epsilon structure; `match` is acceptance).
///
/// A state is the sorted set of instructions (sets, `match`, `$`) its
/// epsilon closure holds. Start-up compiles a region's patterns with it, so
/// it works from memoized closures of single instructions (a step's targets
/// are merged, not searched again) and allocates only the states it keeps.
struct DFABuilder {
    let program: [Instruction]

    /// The instructions reachable without consuming input; `atEnd` also
    /// passes `$` (used to decide acceptance).
    func closure(_ seeds: [Int], atEnd: Bool = false) -> [Int] {
        var seen = [Bool](repeating: false, count: program.count)
        var stack = seeds
        var result: [Int] = []
        while let pc = stack.popLast() {
            if seen[pc] { continue }
            seen[pc] = true
            switch program[pc] {
            case .set, .match: result.append(pc)
            case .assertEnd where !atEnd: result.append(pc)
            case .jump(let t): stack.append(t)
            case .split(let a, let b): stack.append(a); stack.append(b)
            case .save: stack.append(pc + 1)
            case .assertEnd: if atEnd { stack.append(pc + 1) }
            }
        }
        result.sort()
        return result
    }

    /// The automaton: 10 transitions a state (-1: dead), state 0 the start,
    /// states numbered in the order a breadth-first walk over the digits
    /// 0...9 finds them.
    func build() -> (transitions: [Int32], accepting: [Bool]) {
        let count = program.count
        // Scratch, reused: a mark per instruction (the current walk's stamp
        // where it has been), the walk's stack.
        var mark = [UInt32](repeating: 0, count: count)
        var stamp: UInt32 = 0
        var stack: [Int] = []
        // Per instruction, memoized: its closure, and whether `$` at the end
        // of the input lets it reach `match`.
        var closures = [[Int]?](repeating: nil, count: count)
        var acceptsAtEnd = [Int8](repeating: -1, count: count)
        func closure(of seed: Int) -> [Int] {
            if let known = closures[seed] { return known }
            stamp += 1
            var result: [Int] = []
            stack.append(seed)
            while let pc = stack.popLast() {
                if mark[pc] == stamp { continue }
                mark[pc] = stamp
                switch program[pc] {
                case .set, .match, .assertEnd: result.append(pc)
                case .jump(let t): stack.append(t)
                case .split(let a, let b):
                    stack.append(a)
                    stack.append(b)
                case .save: stack.append(pc + 1)
                }
            }
            result.sort()
            closures[seed] = result
            return result
        }
        func accepts(_ pc: Int) -> Bool {
            switch program[pc] {
            case .match: return true
            case .assertEnd:
                if acceptsAtEnd[pc] < 0 {
                    let reaches = self.closure([pc], atEnd: true).contains {
                        if case .match = program[$0] { true } else { false }
                    }
                    acceptsAtEnd[pc] = reaches ? 1 : 0
                }
                return acceptsAtEnd[pc] == 1
            default: return false
            }
        }

        // The states: their instruction sets one after another in
        // `stateData` (state i is `stateData[stateStart[i]..<stateStart[i + 1]]`),
        // found again by an open-addressing table of state ids (-1: empty).
        // (Plain arrays of Int32: a dictionary keyed by arrays costs start-up
        // a generic type to instantiate and hashing of every element.)
        var stateData: [Int32] = []
        var stateStart: [Int] = [0]
        var table = [Int32](repeating: -1, count: 64)
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        func hash(_ s: [Int]) -> Int {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for pc in s { h = (h ^ UInt64(pc)) &* 0x0000_0100_0000_01b3 }
            return Int(truncatingIfNeeded: h ^ (h >> 29))
        }
        func isState(_ id: Int32, _ s: [Int]) -> Bool {
            let start = stateStart[Int(id)]
            guard stateStart[Int(id) + 1] - start == s.count else { return false }
            for (k, pc) in s.enumerated() where stateData[start + k] != Int32(pc) { return false }
            return true
        }
        func add(_ s: [Int]) -> Int32 {
            var slot = hash(s) & (table.count - 1)
            while table[slot] >= 0 {
                if isState(table[slot], s) { return table[slot] }
                slot = (slot + 1) & (table.count - 1)
            }
            let id = Int32(stateStart.count - 1)
            table[slot] = id
            for pc in s { stateData.append(Int32(pc)) }
            stateStart.append(stateData.count)
            transitions.append(contentsOf: repeatElement(-1, count: 10))
            accepting.append(s.contains(where: accepts))
            if 2 * stateStart.count > table.count {  // keep it at most half full
                var grown = [Int32](repeating: -1, count: 2 * table.count)
                for state in 0..<Int32(stateStart.count - 1) {
                    let members = stateData[stateStart[Int(state)]..<stateStart[Int(state) + 1]].map { Int($0) }
                    var k = hash(members) & (grown.count - 1)
                    while grown[k] >= 0 { k = (k + 1) & (grown.count - 1) }
                    grown[k] = state
                }
                table = grown
            }
            return id
        }
        _ = add(closure(of: 0))

        // Scratch, reused: each digit's targets, and their closures merged
        // (with marks of their own: a closure computed meanwhile stamps `mark`).
        var targets = [[Int]](repeating: [], count: 10)
        var merged: [Int] = []
        var taken = [UInt32](repeating: 0, count: count)
        var step: UInt32 = 0
        var i = 0
        while i < stateStart.count - 1 {
            for d in 0..<10 { targets[d].removeAll(keepingCapacity: true) }
            for member in stateData[stateStart[i]..<stateStart[i + 1]] {
                let pc = Int(member)
                guard case .set(let mask) = program[pc] else { continue }
                var bits = mask & 0x3FF
                while bits != 0 {
                    targets[bits.trailingZeroBitCount].append(pc + 1)
                    bits &= bits - 1
                }
            }
            for d in 0..<10 where !targets[d].isEmpty {
                let next: [Int]
                if targets[d].count == 1 {
                    next = closure(of: targets[d][0])
                } else {
                    step += 1
                    merged.removeAll(keepingCapacity: true)
                    for seed in targets[d] {
                        for pc in closure(of: seed) where taken[pc] != step {
                            taken[pc] = step
                            merged.append(pc)
                        }
                    }
                    merged.sort()
                    next = merged
                }
                transitions[i * 10 + d] = add(next)
            }
            i += 1
        }
        return (transitions, accepting)
    }
}
