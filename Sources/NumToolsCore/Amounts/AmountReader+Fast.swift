extension AmountReader {
    /// The common case of ``readMark(_:_:_:_:_:)`` (which reads every value
    /// this leaves), in a few comparisons:
    /// one of ``fastBefore`` right before the number (after its sign) or right
    /// after it, with one space or none between, an ASCII digit on the
    /// number's side and at the value's other end (``fastAfter``). A fast mark holds nothing
    /// the general reading stops at (digits, signs, parentheses, the decimal
    /// separator, blanks at its ends) and is no compact unit, so that reading
    /// finds the same mark in the same place, with the same result; false
    /// (nothing taken) for every other value.
    @inline(__always)
    func fastMark(_ p: UnsafeBufferPointer<UInt8>, _ lo: inout Int, _ hi: inout Int, _ s: inout AmountShape)
        throws(ValueError) -> Bool
    {
        guard hasFastMarks, hi - lo >= 2 else { return false }
        let sign = p[lo] &- 48 < 10 ? 0 : minus(p, lo, end: hi)
        let j = lo + sign
        guard j < hi else { return false }
        if p[j] &- 48 < 10 {
            // After the number: `1.234,56 €`, `12,000원`.
            // The value's last eight bytes, for marks of up to eight.
            let last = hi >= 8 ? UnsafeRawPointer(p.baseAddress! + hi - 8).loadUnaligned(as: UInt64.self) : 0
            for m in fastAfter {
                let c = m.seq.count
                let e = hi - c
                guard e > j else { continue }
                if hi >= 8 && c <= 8 {
                    guard last >> UInt64(truncatingIfNeeded: 64 - 8 * c) == m.seq.low else { continue }
                } else if !m.seq.matches(p, e, end: hi) {
                    continue
                }
                let d = e - Self.spaceBefore(p, e, start: j)
                guard d > j, p[d - 1] &- 48 < 10 else { continue }
                (s.currency, s.markIsName, s.mark) = (m.info.currency, false, e..<hi)
                if s.kind == .number { s.kind = .currency }
                hi = d
                return true
            }
            return false
        }
        // Before it: `$1,234.56`, `R$ 260,00`, `-€ 5`.
        guard p[hi - 1] &- 48 < 10 else { return false }
        for m in fastBefore {
            guard m.seq.matches(p, j, end: hi) else { continue }
            var k = j + m.seq.count
            if k < hi { k += Self.space(p, k, end: hi) }
            guard k < hi, p[k] &- 48 < 10 else { continue }
            if sign > 0 {
                if s.negative { throw misplacedSign(p, lo) }
                s.negative = true
            }
            (s.currency, s.markIsName, s.mark) = (m.info.currency, false, j..<(j + m.seq.count))
            if s.kind == .number { s.kind = .currency }
            lo = k
            return true
        }
        return false
    }

    /// The length of one space (not a bidi mark) ending at `end`, or 0.
    @inline(__always)
    static func spaceBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        guard end > start else { return 0 }
        let i = scalarStart(p, before: end)
        return i >= start && space(p, i, end: end) == end - i ? end - i : 0
    }
}
