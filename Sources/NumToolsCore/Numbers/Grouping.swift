/// Group sizes and the CLDR minimum-grouping rule: all the arithmetic of
/// where separators stand, in one place for numgroup's explicit options,
/// locale-derived formats, the parsers' checks and every writer.
public struct Grouping: Sendable, Hashable {
    /// Size of the group nearest the decimal point; 0 means never group.
    public var primary: Int
    /// Size of every further group; 0 means one separator only, before the primary group.
    public var secondary: Int
    /// Group only when the integer part has at least `primary + minimumDigits` digits.
    public var minimumDigits: Int

    /// Group sizes (`secondary` defaults to `primary`) and minimum grouping digits (at least 1).
    public init(primary: Int, secondary: Int? = nil, minimumDigits: Int = 1) {
        self.primary = primary
        self.secondary = secondary ?? primary
        self.minimumDigits = max(1, minimumDigits)
    }

    /// Whether an integer part of `count` digits is grouped at all.
    @inlinable @inline(__always) public func groups(count: Int) -> Bool {
        primary > 0 && count >= primary &+ minimumDigits
    }

    /// How many separators an integer part of `count` digits is written with.
    @inlinable @inline(__always) public func separatorCount(digits count: Int) -> Int {
        // Wrapping arithmetic: the hot paths call this per number, on group
        // sizes and lengths far from overflowing.
        guard groups(count: count) else { return 0 }
        return secondary > 0 ? 1 &+ (count &- primary &- 1) / secondary : 1
    }

    /// How many digits an integer part of `count` digits has before its
    /// first separator; 0 when it is not grouped.
    @inlinable @inline(__always) public func leadingGroup(digits count: Int) -> Int {
        guard groups(count: count) else { return 0 }
        return firstGroup(beyondPrimary: count &- primary)
    }

    /// The first group of the `beyond` (> 0) digits left of the primary group.
    @inlinable @inline(__always) func firstGroup(beyondPrimary beyond: Int) -> Int {
        secondary > 0 ? (beyond &- 1) % secondary &+ 1 : beyond
    }

    /// Whether a separator may stand with `digitsToTheRight` integer digits
    /// after it, by the group sizes alone (minimum grouping digits is a
    /// preference of the writer, not a rule for the reader).
    @inlinable @inline(__always) public func isBoundary(digitsToTheRight r: Int) -> Bool {
        guard primary > 0 else { return false }
        if r == primary { return true }
        return r > primary && secondary > 0 && (r - primary) % secondary == 0
    }

    /// Whether `gap` digits between two separators make whole secondary groups.
    @inlinable @inline(__always) public func isWholeGroups(_ gap: Int) -> Bool {
        secondary > 0 && gap % secondary == 0
    }

    /// Whether a separator stands before the digit at `position` (0-based from
    /// the left) of an integer part of `count` digits.
    @inlinable public func separatorBefore(position: Int, of count: Int) -> Bool {
        groups(count: count) && position > 0 && isBoundary(digitsToTheRight: count - position)
    }

    /// The position of the first separator after `position` in an integer
    /// part of `count` digits (where ``separatorBefore(position:of:)`` holds
    /// next), or `count` when none follows; one step per group instead of a
    /// test per digit.
    @inlinable @inline(__always) public func nextSeparator(after position: Int, of count: Int) -> Int {
        let beyond = count - position - primary  // digits left of the primary group, from `position`
        guard groups(count: count), beyond > 0 else { return count }
        return position + firstGroup(beyondPrimary: beyond)
    }

    /// Walks an integer part of `count` digits group by group, left to
    /// right: `group(from, to)` for each group's digit positions and
    /// `separator()` between two. `lead` is ``leadingGroup(digits:)`` of
    /// `count` (a writer may keep it in a table); 0 writes one group. The
    /// one loop of every grouped writer, inlined into each.
    @inlinable @inline(__always)
    public func forEachGroup(
        digits count: Int, lead: Int, _ group: (_ from: Int, _ to: Int) -> Void, separator: () -> Void
    ) {
        var k = 0
        if lead > 0 {
            let primaryStart = count &- primary
            var chunk = lead
            while k < primaryStart {
                group(k, k &+ chunk)
                separator()
                k &+= chunk
                chunk = secondary
            }
        }
        group(k, count)
    }

    /// ``forEachGroup(digits:lead:_:separator:)`` working out the leading group itself.
    @inlinable @inline(__always)
    public func forEachGroup(digits count: Int, _ group: (_ from: Int, _ to: Int) -> Void, separator: () -> Void) {
        forEachGroup(digits: count, lead: leadingGroup(digits: count), group, separator: separator)
    }

    /// Appends the ASCII integer digits `integer` as `digits` (the ten
    /// digits' UTF-8), with `separator` wherever these group sizes put one.
    func appendGrouped<Output: ByteOutput & ~Copyable>(
        _ integer: [UInt8], digits: [[UInt8]], separator: [UInt8], into out: inout Output
    ) {
        forEachGroup(digits: integer.count) { from, to in
            for k in from..<to { out.append(bytes: digits[Int(integer[k] &- 48)]) }
        } separator: {
            out.append(bytes: separator)
        }
    }
}
