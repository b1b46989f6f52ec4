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

    func build() -> (transitions: [Int32], accepting: [Bool]) {
        var ids: [[Int]: Int32] = [:]
        var states: [[Int]] = []
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        func add(_ s: [Int]) -> Int32 {
            if let id = ids[s] { return id }
            let id = Int32(states.count)
            ids[s] = id
            states.append(s)
            transitions.append(contentsOf: repeatElement(-1, count: 10))
            accepting.append(
                closure(s, atEnd: true).contains { if case .match = program[$0] { return true } else { return false } })
            return id
        }
        _ = add(closure([0]))
        var i = 0
        while i < states.count {
            let s = states[i]
            for d in 0..<10 {
                var next: [Int] = []
                for pc in s {
                    if case .set(let mask) = program[pc], mask & (1 << UInt16(d)) != 0 {
                        next.append(pc + 1)
                    }
                }
                if next.isEmpty { continue }
                let target = add(closure(next))
                transitions[i * 10 + d] = target
            }
            i += 1
        }
        return (transitions, accepting)
    }
}
