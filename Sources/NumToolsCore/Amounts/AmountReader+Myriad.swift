extension AmountReader {
    /// One unit group of a myriad amount: a number and the power of ten of its units.
    struct UnitGroup {
        var number: Range<Int>
        var power: Int
        var unitAt: Int
    }

    /// Reads an amount written in unit groups, largest first (`1억 2,345만
    /// 6,789`, `12억 3천만`, `1億2345万6789`, `1.2억`): each group a number and
    /// its units (several make one power: `천만` is 10^3 · 10^4), the last
    /// group maybe without. The powers fall from group to group, and a group
    /// is less than one of the unit before it (`1억 12,345만` is misplaced).
    /// Only a lone group, or a last group without a unit, may have a fraction. Returns false when the text has
    /// no unit (a plain number).
    /// The digits of several groups go to `out`.
    func readMyriad(
        _ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int, _ s: inout AmountShape, _ compact: CompactUnits,
        digits out: inout [UInt8]
    ) throws(ValueError) -> Bool {
        var groups: [UnitGroup] = []
        var i = lo
        var sawUnit = false
        while i < hi {
            while i < hi, case let b = Self.space(p, i, end: hi), b > 0 { i += b }
            let start = i
            while i < hi && isNumberByte(p, i, end: hi, first: i == start) {
                i += Self.scalarLength(p[i])
            }
            // Spaces inside the number are grouping only where the locale groups with them.
            let end = i
            guard end > start else {
                if !sawUnit && groups.isEmpty { return false }
                throw misplacedUnit(p, i, "a unit without a number before it")
            }
            // `1.2 พัน`: one space between a number and its unit.
            if i < hi, case let b = Self.space(p, i, end: hi), b > 0, i + b < hi, !isDigit(p, i + b, end: hi),
                Self.space(p, i + b, end: hi) == 0
            {
                i += b
            }
            var power = 0
            var last = 0
            let unitAt = i
            unitLoop: while i < hi && !isDigit(p, i, end: hi) && Self.space(p, i, end: hi) == 0 {
                for length in stride(from: min(compact.longest, hi - i), through: 1, by: -1) {
                    if let u = compact.units[Array(UnsafeBufferPointer(rebasing: p[i..<(i + length)]))], u > 0 {
                        guard last == 0 || u > last else {
                            throw misplacedUnit(p, i, "units in one group go from small to large (천만)")
                        }
                        power += u
                        last = u
                        i += length
                        continue unitLoop
                    }
                }
                if groups.isEmpty && !sawUnit && power == 0 { return false }
                throw unknownUnit(p, i, i + Self.scalarLength(p[i]))
            }
            if power > 0 { sawUnit = true }
            groups.append(UnitGroup(number: start..<end, power: power, unitAt: unitAt))
            if power == 0 && i < hi {
                throw misplacedUnit(p, i, "only the last group may go without a unit")
            }
        }
        guard sawUnit else { return false }
        for g in 1..<max(1, groups.count) where groups[g].power >= groups[g - 1].power {
            throw misplacedUnit(p, groups[g].unitAt, "the units must fall from group to group")
        }
        if groups.count == 1 {
            s.shift += groups[0].power
            s.kind = .compact
            s.core = groups[0].number
            s.myriadDigits = -1
            return true
        }
        // Several groups: whole numbers, each less than one of the unit before.
        let top = groups[0]
        var number = ParsedNumber()
        var digits: [UInt8] = []
        var fraction: [UInt8] = []
        var negative = false
        for (g, group) in groups.enumerated() {
            try parser.parse(UnsafeBufferPointer(rebasing: p[group.number]), into: &number)
            // The last group without a unit may have a fraction (`1억 2,345만 6,789.5`).
            let last = g == groups.count - 1 && group.power == 0
            guard number.fraction.isEmpty || last else {
                throw misplacedUnit(p, group.unitAt, "only the last group, without a unit, may have a fraction")
            }
            if last { fraction = number.fraction }
            let integer = Array(number.integer.drop { $0 == 48 })
            if g == 0 {
                negative = number.negative
                digits = [UInt8](repeating: 48, count: integer.count + top.power)
            } else {
                guard !number.negative else { throw misplacedSign(p, group.number.lowerBound) }
                guard integer.count <= groups[g - 1].power - group.power else {
                    throw misplacedUnit(p, group.unitAt, "the group before takes this group's digits")
                }
            }
            // Right-aligned at 10^power.
            let end = digits.count - group.power
            for (k, d) in integer.reversed().enumerated() { digits[end - 1 - k] = d }
        }
        if negative {
            if s.negative { throw misplacedSign(p, lo) }
            s.negative = true
        }
        s.myriadDigits = digits.count + fraction.count
        s.myriadFraction = fraction.count
        out = digits + fraction
        s.kind = .compact
        s.shift = 0
        return true
    }

    /// Whether the byte at `i` can be part of a unit group's number: a digit,
    /// the decimal separator, a grouping separator, a leading sign, a bidi mark.
    func isNumberByte(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int, first: Bool) -> Bool {
        if isDigit(p, i, end: end) { return true }
        if Self.bidi(p, i, end: end) > 0 { return true }
        if first && (minus(p, i, end: end) > 0 || p[i] == 0x2B) { return true }
        if Self.has(p, i, decimalSeparator, end: end) { return true }
        if !groupingSeparator.isEmpty && Self.has(p, i, groupingSeparator, end: end) {
            // Only between digits.
            let next = i + groupingSeparator.count
            return next < end && isDigit(p, next, end: end)
        }
        return false
    }

    /// The digits of the myriad amount of several groups in `value[core]`
    /// (see ``AmountShape/myriadDigits``), read again.
    func myriadDigits(_ value: UnsafeBufferPointer<UInt8>, _ core: Range<Int>) throws(ValueError) -> [UInt8] {
        var scratch = AmountShape(core: core)
        var digits: [UInt8] = []
        if let compact {
            _ = try readMyriad(value, core.lowerBound, core.upperBound, &scratch, compact, digits: &digits)
        }
        return digits
    }
}
