import Testing

@testable import NumToolsCore

/// The digit automaton that start-up builds from memoized closures is the
/// one the plain subset construction builds, state for state, for every
/// pattern of the metadata.
@Suite struct DFABuilderTests {
    /// The plain construction: every step's closure searched afresh.
    static func reference(_ program: [Instruction]) -> (transitions: [Int32], accepting: [Bool]) {
        let builder = DFABuilder(program: program)
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
                builder.closure(s, atEnd: true).contains {
                    if case .match = program[$0] { return true } else { return false }
                })
            return id
        }
        _ = add(builder.closure([0]))
        var i = 0
        while i < states.count {
            let s = states[i]
            for d in 0..<10 {
                var next: [Int] = []
                for pc in s {
                    if case .set(let mask) = program[pc], mask & (1 << UInt16(d)) != 0 { next.append(pc + 1) }
                }
                if next.isEmpty { continue }
                transitions[i * 10 + d] = add(builder.closure(next))
            }
            i += 1
        }
        return (transitions, accepting)
    }

    static func program(_ source: String) -> [Instruction] {
        var parser = PatternParser(Array(source.utf8))
        let node = parser.parseAlternation()
        var compiler = ProgramCompiler()
        compiler.emit(node)
        compiler.code.append(.match)
        return compiler.code
    }

    @Test func theAutomatonIsThePlainSubsetConstructions() throws {
        let store = PhoneMetadataStore()
        var sources: Set<String> = ["", "1", "(?:0|1)?2$", "(\\d{3})(\\d{4})", "1[2-9]\\d{6,}", "(?:1|12|123)4*"]
        for code in ["KR", "US", "DE", "GB", "AR", "MX", "IT", "BR", "IN", "CN", "JP", "RU"] {
            let meta = try #require(store.region(code))
            for pattern in meta.patterns.compactMap({ $0 }) { sources.insert(pattern.source) }
            for pattern in [meta.internationalPrefix, meta.nationalPrefixForParsing, meta.leadingDigits] {
                if let pattern { sources.insert(pattern.source) }
            }
            for rule in meta.numberFormats + meta.intlNumberFormats {
                sources.insert(rule.pattern.source)
                for leading in rule.leadingDigits { sources.insert(leading.source) }
            }
        }
        #expect(sources.count > 300)
        for source in sources {
            let program = Self.program(source)
            let built = DFABuilder(program: program).build()
            let expected = Self.reference(program)
            #expect(built.transitions == expected.transitions && built.accepting == expected.accepting, "\(source)")
        }
    }
}
