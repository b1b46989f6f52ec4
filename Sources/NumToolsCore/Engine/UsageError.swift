/// A usage error: exit status 2, the message on stderr, no input read.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Up to three names closest to `name` by edit distance, for "did you mean".
public func closeMatches(_ name: String, among candidates: [String], limit: Int = 3) -> [String] {
    let target = Array(name.lowercased().unicodeScalars)
    let scored = candidates.map { candidate -> (Int, String) in
        (editDistance(target, Array(candidate.lowercased().unicodeScalars)), candidate)
    }
    let threshold = max(2, target.count / 3)
    return scored.filter { $0.0 <= threshold }.sorted { $0 < $1 }.prefix(limit).map(\.1)
}

/// ` (did you mean 'a', 'b'?)`, or nothing.
public func didYouMean(_ matches: [String]) -> String {
    matches.isEmpty ? "" : " (did you mean " + matches.map { "'\($0)'" }.joined(separator: ", ") + "?)"
}

func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
