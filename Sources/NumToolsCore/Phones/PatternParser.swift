// The parsing stage of ``PhonePattern``: the metadata's regular expression
// syntax (digit sets, groups, alternation, bounded and unbounded repetition,
// `$`) to a tree, which ProgramCompiler.swift turns into the matching tables.

/// A parsed pattern.
indirect enum PatternNode {
    /// One digit out of a set (bit i set: digit i). An empty set never matches
    /// (a literal that is not a digit, such as `~` in `8~10`).
    case set(UInt16)
    case concat([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, min: Int, max: Int?, greedy: Bool)
    case group(PatternNode, index: Int?)
    /// `$`: the end of the input.
    case endAnchor

    /// The most digits a match takes; nil when unbounded.
    var maxLength: Int? {
        switch self {
        case .set: return 1
        case .endAnchor: return 0
        case .group(let inner, _): return inner.maxLength
        case .concat(let items):
            var total = 0
            for item in items {
                guard let n = item.maxLength else { return nil }
                total += n
            }
            return total
        case .alternation(let branches):
            var most = 0
            for branch in branches {
                guard let n = branch.maxLength else { return nil }
                most = max(most, n)
            }
            return most
        case .repetition(let inner, _, let maxCount, _):
            guard let n = inner.maxLength else { return nil }
            if n == 0 { return 0 }
            guard let maxCount else { return nil }
            return n * maxCount
        }
    }
}

/// A recursive-descent parser of one pattern, in the order Python's `re` reads it.
struct PatternParser {
    let text: [UInt8]
    var pos = 0
    var groupCount = 0

    init(_ text: [UInt8]) { self.text = text }

    var atEnd: Bool { pos >= text.count }

    private func peek() -> UInt8? { pos < text.count ? text[pos] : nil }

    mutating func parseAlternation() -> PatternNode {
        var branches = [parseConcat()]
        while peek() == UInt8(ascii: "|") {
            pos += 1
            branches.append(parseConcat())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcat() -> PatternNode {
        var items: [PatternNode] = []
        while let c = peek(), c != UInt8(ascii: "|"), c != UInt8(ascii: ")") {
            var atom = parseAtom()
            atom = parseQuantifiers(atom)
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .concat(items)
    }

    private mutating func parseQuantifiers(_ atom: PatternNode) -> PatternNode {
        var node = atom
        while let c = peek() {
            var minCount = 0
            var maxCount: Int?
            switch c {
            case UInt8(ascii: "?"): minCount = 0; maxCount = 1; pos += 1
            case UInt8(ascii: "*"): minCount = 0; maxCount = nil; pos += 1
            case UInt8(ascii: "+"): minCount = 1; maxCount = nil; pos += 1
            case UInt8(ascii: "{"):
                pos += 1
                minCount = parseInt()
                if peek() == UInt8(ascii: ",") {
                    pos += 1
                    maxCount = peek() == UInt8(ascii: "}") ? nil : parseInt()
                } else {
                    maxCount = minCount
                }
                precondition(peek() == UInt8(ascii: "}"), "bad quantifier in phone pattern")
                pos += 1
            default:
                return node
            }
            var greedy = true
            if peek() == UInt8(ascii: "?") {
                greedy = false
                pos += 1
            }
            node = .repetition(node, min: minCount, max: maxCount, greedy: greedy)
        }
        return node
    }

    private mutating func parseInt() -> Int {
        var n = 0
        while let c = peek(), c >= 0x30, c <= 0x39 {
            n = n * 10 + Int(c - 0x30)
            pos += 1
        }
        return n
    }

    private mutating func parseAtom() -> PatternNode {
        let c = text[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "("):
            var index: Int?
            if peek() == UInt8(ascii: "?") {
                precondition(pos + 1 < text.count && text[pos + 1] == UInt8(ascii: ":"), "unsupported group")
                pos += 2
            } else {
                groupCount += 1
                index = groupCount
            }
            let inner = parseAlternation()
            precondition(peek() == UInt8(ascii: ")"), "unbalanced parenthesis in phone pattern")
            pos += 1
            return .group(inner, index: index)
        case UInt8(ascii: "["):
            return .set(parseClass())
        case UInt8(ascii: "\\"):
            let e = text[pos]
            pos += 1
            if e == UInt8(ascii: "d") { return .set(0x3FF) }
            return .set(Self.literalMask(e))
        case UInt8(ascii: "."):
            return .set(0x3FF)
        case UInt8(ascii: "$"):
            return .endAnchor
        case UInt8(ascii: "^"):
            precondition(pos == 1, "unsupported ^ in phone pattern")
            return .concat([])
        default:
            return .set(Self.literalMask(c))
        }
    }

    private static func literalMask(_ c: UInt8) -> UInt16 {
        c >= 0x30 && c <= 0x39 ? 1 << UInt16(c - 0x30) : 0
    }

    private mutating func parseClass() -> UInt16 {
        var mask: UInt16 = 0
        var negate = false
        if peek() == UInt8(ascii: "^") {
            negate = true
            pos += 1
        }
        var first = true
        while let c = peek(), c != UInt8(ascii: "]") || first {
            first = false
            pos += 1
            var lo = c
            if c == UInt8(ascii: "\\") {
                let e = text[pos]
                pos += 1
                if e == UInt8(ascii: "d") {
                    mask |= 0x3FF
                    continue
                }
                lo = e
            }
            if peek() == UInt8(ascii: "-"), pos + 1 < text.count, text[pos + 1] != UInt8(ascii: "]") {
                pos += 1
                let hi = text[pos]
                pos += 1
                if hi >= lo {
                    for ch in lo...hi { mask |= Self.literalMask(ch) }
                }
            } else {
                mask |= Self.literalMask(lo)
            }
        }
        precondition(peek() == UInt8(ascii: "]"), "unterminated class in phone pattern")
        pos += 1
        return negate ? ~mask & 0x3FF : mask
    }
}
