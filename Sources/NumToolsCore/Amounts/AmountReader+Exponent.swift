/// The exponent of a scientific amount (`1.5E3`, `أس٢٣`), read at the end of
/// the number after the currency marks and units (``shape(_:)``), and the
/// mantissa before it, which no notation groups.
extension AmountReader {
    /// Reads `E3`, `e-7`, `أس٢٣` at the end of the number.
    func readExponent(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: inout Int, _ s: inout AmountShape)
        throws(ValueError)
    {
        guard lo < hi else { return }
        var q = lo + Self.scalarLength(p[lo])
        // Whether a byte before the symbol may lead a grouping separator,
        // noted on the way (the mantissa's check, ``checkMantissa``, runs
        // only then: most mantissas have none).
        var groupLead = p[lo] &- 48 >= 10 && mayLeadGroup(p[lo])
        while q < hi {
            // (A symbol starts with a lead byte: the bytes between are
            // passed over; ASCII digits, which lead none, first.)
            if p[q] &- 48 < 10 && exponentsSkipDigits {
                q += 1
                continue
            }
            if mayLeadGroup(p[q]) { groupLead = true }
            guard exponentLeads.contains(p[q]) else {
                q += 1
                continue
            }
            // The usual case, as the steps below read it: `E` after an ASCII
            // digit, an ASCII sign or none, and up to twelve ASCII digits to
            // the end (no bidi mark, no cap on the exponent).
            if exponentBytes.contains(p[q]) && p[q - 1] &- 48 < 10 && q + 1 < hi {
                var i = q + 1
                let negative = p[i] == 0x2D
                if negative || p[i] == 0x2B { i += 1 }
                if i < hi && hi - i <= 12 {
                    var exponent = 0
                    while i < hi && p[i] &- 48 < 10 {
                        exponent = exponent &* 10 &+ Int(p[i] &- 48)
                        i += 1
                    }
                    if i == hi {
                        if groupLead { try checkMantissa(p, lo, q, s) }
                        s.shift += negative ? -exponent : exponent
                        if s.kind == .number { s.kind = .scientific }
                        hi = q
                        return
                    }
                }
            }
            for symbol in exponents where Self.has(p, q, symbol, end: hi) && digitEnds(p, at: q, from: lo) {
                var i = q + symbol.count
                while i < hi, case let b = Self.bidi(p, i, end: hi), b > 0 { i += b }
                var negative = false
                if case let m = minus(p, i, end: hi), m > 0 {
                    negative = true
                    i += m
                } else if i < hi && p[i] == 0x2B {
                    i += 1
                }
                while i < hi, case let b = Self.bidi(p, i, end: hi), b > 0 { i += b }
                guard i < hi else { return }
                var exponent = 0
                while i < hi {
                    guard let d = digitValue(p, &i, end: hi) else { return }
                    if exponent < 1 << 40 { exponent = exponent * 10 + d }
                }
                if groupLead { try checkMantissa(p, lo, q, s) }
                s.shift += negative ? -exponent : exponent
                if s.kind == .number { s.kind = .scientific }
                hi = q
                return
            }
            q += Self.scalarLength(p[q])
        }
    }

    /// Whether `b` may lead one of the grouping separators read (``groupLeads``).
    @inline(__always)
    func mayLeadGroup(_ b: UInt8) -> Bool {
        let only = groupLeadOnly
        return only >= 0 ? Int(b) == only : groupLeads.contains(b)
    }

    /// Throws `misplaced-grouping` for a grouping separator in the mantissa
    /// `p[lo..<q]` of a scientific number: no notation groups a mantissa's
    /// digits, so `1.234E3` in de_DE is no 1234000 (and `1.5E3` no 1500).
    /// (Out of line: ``readExponent(_:_:_:_:)`` calls it only when its walk
    /// saw a byte that may lead a separator.)
    @inline(never)
    func checkMantissa(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ q: Int, _ s: AmountShape) throws(ValueError) {
        for i in lo..<q where mayLeadGroup(p[i]) { try checkSeparator(p, lo, q, i, s) }
    }

    /// ``checkMantissa(_:_:_:_:)`` where a grouping separator may start at `i`.
    @inline(never)
    func checkSeparator(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ q: Int, _ i: Int, _ s: AmountShape)
        throws(ValueError)
    {
        let mantissa = UnsafeBufferPointer(rebasing: p[lo..<q])
        let reader = s.currency == AmountShape.noCurrency ? parser : parser(for: s.currency, name: s.markIsName)
        guard reader.token(mantissa, i - lo)?.kind == .group else { return }
        throw ValueError(
            .number(.misplacedGrouping),
            "grouping separator at offset \(UTF8Bytes.scalarOffset(p, i)) is in the mantissa of a scientific number, which no notation groups"
        )
    }
}
