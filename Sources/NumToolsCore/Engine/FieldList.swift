/// A cut(1) field list: `3`, `2,5`, `2-4`, `5-`, `-3`, 1-based.
///
/// The list is normalised once, when it is parsed: its ranges sorted and
/// merged, so that a record's fields, walked in order, are each looked up
/// in constant time (``selects(_:at:)``) however long the list is
/// (`-f "$(seq -s, 1 16000)"` is one range, as `-f 1-16000` is).
public struct FieldList: Sendable, Hashable, CustomStringConvertible {
    /// The selected field numbers as closed ranges, sorted, disjoint and
    /// never adjacent (`1,2,3` is `1...3`); an open end is `Int.max`.
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
        self.init(normalizing: ranges)
    }

    /// The list of `ranges`, in any order, overlapping or not.
    init(normalizing given: [ClosedRange<Int>]) {
        var merged: [ClosedRange<Int>] = []
        for r in given.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound <= last.upperBound || r.lowerBound - 1 == last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        ranges = merged
        lowerBound = merged.first?.lowerBound ?? 1
        upperBound = merged.last?.upperBound ?? 0
    }

    /// Whether field `n` (1-based) is selected (a binary search of the ranges).
    public func contains(_ n: Int) -> Bool {
        var lo = 0
        var hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < n { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].lowerBound <= n
    }

    /// Whether field `n` is selected, for fields asked in increasing order:
    /// `index` (0 for a record's first field) is where the last answer was
    /// found, and moves on with `n`, so that a record's walk costs its
    /// fields plus the ranges passed, never their product.
    @inline(__always)
    public func selects(_ n: Int, at index: inout Int) -> Bool {
        while ranges[index].upperBound < n {
            if index + 1 == ranges.count { return false }
            index += 1
        }
        return ranges[index].lowerBound <= n
    }

    /// The lowest field number selected: a record with fewer fields has
    /// none of them.
    public let lowerBound: Int

    /// The highest field number that can be selected (`Int.max` when
    /// open-ended); stored: the engine reads it once a record.
    public let upperBound: Int

    /// The list as cut(1) writes it, normalised: `2-4`, `1,3-5,7-`.
    public var description: String {
        ranges.map { r in
            r.upperBound == Int.max
                ? "\(r.lowerBound)-"
                : r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "\(r.lowerBound)-\(r.upperBound)"
        }.joined(separator: ",")
    }
}

/// What the records split into fields showed of the selection (`-f`): a
/// job that selects no field of any record transforms nothing, which the
/// command line reports instead of succeeding silently.
public struct FieldCoverage: Sendable, Equatable {
    /// A record had a selected field, or may have had: one not split into
    /// fields (too long to hold, or whose quote never closes) counts, as it
    /// is an error already. Header records and error records passing
    /// through do not.
    public var selectedSeen = false
    /// The most fields a record without a selected field had; 0 when no
    /// such record was read.
    public var widestWithoutSelected = 0

    public init() {}

    /// Records were split into fields, and not one had a selected field.
    public var noneSelected: Bool { !selectedSeen && widestWithoutSelected > 0 }

    /// The coverage of this run and `other`'s (another block of it).
    public mutating func merge(_ other: FieldCoverage) {
        selectedSeen = selectedSeen || other.selectedSeen
        widestWithoutSelected = max(widestWithoutSelected, other.widestWithoutSelected)
    }
}
