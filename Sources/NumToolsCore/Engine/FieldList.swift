/// A cut(1) field list: `3`, `2,5`, `2-4`, `5-`, `-3`, 1-based.
public struct FieldList: Sendable, Hashable {
    /// Closed ranges of 1-based field numbers; an open end is `Int.max`.
    public let ranges: [ClosedRange<Int>]

    /// Parses a cut(1) list.
    public init(_ text: String) throws(UsageError) {
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            func number(_ s: Substring) throws(UsageError) -> Int {
                guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(s) else {
                    throw UsageError("invalid field list '\(text)': '\(part)' is not a field number or range")
                }
                guard n >= 1 else { throw UsageError("invalid field list '\(text)': fields are numbered from 1") }
                return n
            }
            if let dash = part.firstIndex(of: "-") {
                let low = part[..<dash]
                let high = part[part.index(after: dash)...]
                if low.isEmpty && high.isEmpty {
                    throw UsageError("invalid field list '\(text)': '-' needs at least one end")
                }
                let lo = low.isEmpty ? 1 : try number(low)
                let hi = high.isEmpty ? Int.max : try number(high)
                guard lo <= hi else { throw UsageError("invalid field list '\(text)': decreasing range '\(part)'") }
                ranges.append(lo...hi)
            } else {
                let n = try number(part)
                ranges.append(n...n)
            }
        }
        self.ranges = ranges
        upperBound = ranges.map(\.upperBound).max() ?? 0
    }

    /// Whether field `n` (1-based) is selected.
    @inlinable public func contains(_ n: Int) -> Bool {
        for r in ranges where r.contains(n) { return true }
        return false
    }

    /// The highest field number that can be selected (`Int.max` when
    /// open-ended); stored: the engine reads it once a record.
    public let upperBound: Int
}
