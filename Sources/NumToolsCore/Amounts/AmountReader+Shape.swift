extension AmountReader {
    /// Works out where `p`'s number is and what surrounds it, outside in:
    /// accounting negatives, the currency mark, compact units, the exponent.
    /// What is left is the number, for ``LocaleNumberParser``.
    @inline(__always)
    func shape(_ p: UnsafeBufferPointer<UInt8>) throws(ValueError) -> AmountShape {
        var lo = 0
        var hi = p.count
        var s = AmountShape(core: 0..<hi)
        if style == .bytes || (style == .auto && unitSuffix.isEmpty && endsWithByteUnit(p, lo, hi)) {
            try readByteUnit(p, &lo, &hi, &s)
            s.core = lo..<hi
            return s
        }
        // (Never under auto: `12G` is SI to one reader and IEC to another.)
        if style == .si || style == .iec || style == .iecI {
            _ = try readUnitPrefix(p, lo, &hi, &s)
            s.core = lo..<hi
            return s
        }
        var wrapped = false
        if readsTrailingMinus && hi >= 2 {
            if readsAccounting && p[0] == 0x28 && p[hi - 1] == 0x29 {
                // `($1,234.56)`, `(1.234,56 €)`: parentheses around the whole value.
                (lo, hi, wrapped) = (1, hi - 1, true)
            } else if minusTails.contains(p[hi - 1]), minus(p, 0, end: hi) == 0,
                case let m = minusBefore(p, hi, start: 0), m > 0,
                m < hi
            {
                // `1.234,56-`, `1.234,56 €-`: SAP's and the mainframes' trailing
                // minus; the locale's own in some (`€ 1.234,56-` in fy).
                (hi, wrapped) = (hi - m, true)
            }
        }
        if wrapped {
            s.negative = true
            if readsAccounting { s.kind = .accounting }
        }
        // (The tables are read where they are used, not bound to a local
        // first: a binding retains and releases them each value.)
        if try !fastMark(p, &lo, &hi, &s), marks != nil { try readMark(p, &lo, &hi, &s) }
        if compact?.units.isEmpty == false { try readUnits(p, &lo, &hi, &s) }
        if !exponents.isEmpty { try readExponent(p, lo, &hi, &s) }
        s.core = lo..<hi
        return s
    }

    // MARK: Currency

    /// Finds a currency mark before or after the number, checks its place
    /// and takes it (and one space next to it) out of `lo..<hi`. Only for a
    /// reader with ``marks`` (``shape(_:)`` calls it so).
    func readMark(_ p: UnsafeBufferPointer<UInt8>, _ lo: inout Int, _ hi: inout Int, _ s: inout AmountShape)
        throws(ValueError)
    {
        // Before: after a sign and bidi marks, the text up to the number.
        var i = lo
        while i < hi, case let b = Self.bidi(p, i, end: hi), b > 0 { i += b }
        let sign = minus(p, i, end: hi)
        var j = i + sign
        while j < hi, case let b = Self.bidi(p, j, end: hi), b > 0 { j += b }
        var k = j
        while k < hi && !isDigit(p, k, end: hi) && minus(p, k, end: hi) == 0 && p[k] != 0x28 && p[k] != 0x29 {
            // `$.50`: a decimal separator before a digit starts the number;
            // `රු.` is a symbol, and so is `Rs.` in `Rs.500` (a mark that
            // ends with the separator is the mark).
            if Self.has(p, k, decimalSeparator, end: hi), k + decimalSeparator.count < hi,
                isDigit(p, k + decimalSeparator.count, end: hi),
                k == j || lookup(UnsafeBufferPointer(rebasing: p[j..<(k + decimalSeparator.count)]), marks!) == nil
            {
                break
            }
            k += Self.scalarLength(p[k])
        }
        if k > j && k < hi {
            var e = k
            var blanks = 0
            while e > j, case let b = Self.blankBefore(p, e, start: j), b > 0 {
                e -= b
                if Self.bidi(p, e, end: k) == 0 { blanks += 1 }
            }
            let mark = UnsafeBufferPointer(rebasing: p[j..<e])
            if let compact,
                !compact.prefixUnits.isEmpty && compact.prefixUnits.contains(Array(mark))
                    || compact.wrapped.contains(where: { $0.before.elementsEqual(mark) })
            {
                return
            }
            guard let entry = try markInfo(p, j, e, marks!) else {
                if let compact, compact.power(p, j, e) != nil {
                    throw misplacedUnit(p, j, "\(identifier) writes it after the number")
                }
                throw unknownCurrency(p, j, e)
            }
            guard blanks <= 1 else { throw misplacedCurrency(p, j, e, "more than one space after it") }
            if !entry.before && !anySide {
                throw misplacedCurrency(p, j, e, "\(identifier) writes it after the number")
            }
            if sign > 0 {
                if s.negative { throw misplacedSign(p, i) }
                s.negative = true
            }
            s.currency = entry.currency
            s.markIsName = entry.isName
            s.mark = j..<e
            if s.kind == .number { s.kind = .currency }
            lo = k
            // `€- 1,234.56` (luy): the sign after the mark, a space after it.
            if case let m = minus(p, lo, end: hi), m > 0, lo + m < hi, case let b = Self.space(p, lo + m, end: hi),
                b > 0
            {
                if s.negative || sign > 0 { throw misplacedSign(p, lo) }
                s.negative = true
                lo += m + b
            }
            // `CHF 1 234,56 francs suisses`: a locale that writes the name after the symbol.
            var end = hi
            while end > lo, case let b = Self.bidiBefore(p, end, start: lo), b > 0 { end -= b }
            let t = lastDigitEnd(p, lo, end)
            var r = t
            if r < end, case let b = Self.space(p, r, end: end), b > 0 { r += b }
            if r < end, let name = lookup(UnsafeBufferPointer(rebasing: p[r..<end]), marks!),
                name.kind == .name,
                name.after, s.currency < 0 || name.currencies.contains(s.currency)
            {
                s.markIsName = true
                hi = t
            }
            return
        }
        // After: the text after the last digit.
        var e = hi
        while e > lo, case let b = Self.bidiBefore(p, e, start: lo), b > 0 { e -= b }
        k = lastDigitEnd(p, lo, e)
        guard k < e, k > lo else { return }
        var r = k
        var blanks = 0
        var sawBidi = false
        while r < e, case let b = Self.space(p, r, end: e) + Self.bidi(p, r, end: e), b > 0 {
            if Self.bidi(p, r, end: e) == 0 { blanks += 1 } else { sawBidi = true }
            r += b
        }
        // The whole text is the mark, or (compact amounts: `1,2 Mio. €`,
        // `1.2억원`) its end is, after the unit.
        guard r < e else { return }  // only spaces after the number: the parser's to refuse
        let run = UnsafeBufferPointer(rebasing: p[r..<e])
        // Signs and parentheses are the number's to read (and refuse).
        if run[0] == 0x29 || run[0] == 0x28 || minus(run, 0, end: run.count) == run.count { return }
        if let power = compact?.power(p, r, e) {
            // `1,235 K` in en_MM: kyats, or thousands? (See ``ambiguousUnits``.)
            if power > 0, !ambiguousUnits.isEmpty,
                ambiguousUnits.contains(where: { $0.count == e - r && $0.elementsEqual(p[r..<e]) })
            {
                throw ValueError(
                    .number(.ambiguousNotation),
                    "'\(quoted(p, r, e))' is both a currency and a compact unit in \(identifier): name the style with --style currency or --style compact"
                )
            }
            // Under auto, `1 K`, `1.2K`: thousands, or kina, kyats, kwacha?
            // Any currency's symbol or code makes the unit so, wherever the
            // locale writes it (a web cell's spacing and side are no evidence).
            if power > 0 && style == .auto { try unitIsNoCurrency(p, r, e) }
            if !sawBidi && fastPaths { s.unitAfter = (k, r, power, blanks) }
            return
        }
        var markStart = r
        var entry = try markInfo(p, r, e, marks!)
        if entry == nil, let compact {
            // A unit, then the mark (`1,2 Mio. €`, `1.2억원`): the first
            // place from which the rest is a mark. No mark is longer than
            // the longest in the table (which the look-up of the whole text
            // has completed): the search starts there, so that it stays
            // linear in the value (`1KKK…`).
            var b = max(r + Self.scalarLength(p[r]), e - marks!.longestMark)
            while b < e && p[b] & 0xC0 == 0x80 { b += 1 }
            while b < e {
                if Self.space(p, b, end: e) == 0, let found = try markInfo(p, b, e, marks!) {
                    var end = b
                    blanks = 0
                    while end > r, case let w = Self.blankBefore(p, end, start: r), w > 0 {
                        end -= w
                        blanks += 1
                    }
                    // Under auto, `1 MK`, `1 TT$`: a unit's letters run into a
                    // mark's, or one mark (Malawian kwacha, Trinidad dollars)?
                    if style == .auto && end == b && Self.isASCIILetter(p[end - 1]) && Self.isASCIILetter(p[b]),
                        let power = compact.power(p, r, end), power > 0
                    {
                        throw ValueError(
                            .number(.ambiguousNotation),
                            "'\(quoted(p, r, e))' at offset \(UTF8Bytes.scalarOffset(p, r)) is either \(identifier)'s compact unit '\(quoted(p, r, end))' and the currency '\(quoted(p, b, e))', or one currency mark: name the style with --style compact or --style currency"
                        )
                    }
                    (entry, markStart, k) = (found, b, end)
                    break
                }
                b += Self.scalarLength(p[b])
            }
            if entry == nil { return }  // no mark: the units' to read
        }
        guard let entry else {
            if compact != nil { return }
            throw unknownCurrency(p, r, e)
        }
        guard blanks <= 1 else { throw misplacedCurrency(p, markStart, e, "more than one space before it") }
        if !entry.after && !anySide {
            throw misplacedCurrency(p, markStart, e, "\(identifier) writes it before the number")
        }
        s.currency = entry.currency
        s.markIsName = entry.isName
        s.mark = markStart..<e
        if s.kind == .number { s.kind = .currency }
        hi = k
    }

    /// What a mark says: where the locale writes it, whether it is a name,
    /// and the currency it fixes (see ``resolve(_:_:_:_:)``). The locale's own
    /// symbols are looked at first, in trivial memory (the common case: a
    /// column in the locale's currency); then the table.
    @inline(__always)
    func markInfo(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ marks: CurrencyMarks) throws(ValueError)
        -> MarkInfo?
    {
        for m in ownMarks where m.seq.count == b - a && m.seq.matches(p, a, end: b) { return m.info }
        guard a < b, let entry = lookup(UnsafeBufferPointer(rebasing: p[a..<b]), marks) else { return nil }
        return MarkInfo(
            before: entry.before, after: entry.after, isName: entry.kind == .name,
            currency: try resolve(entry, p, a, b))
    }

    /// The entry of `mark`: the locale's own symbols first, then its table.
    @inline(__always)
    func lookup(_ mark: UnsafeBufferPointer<UInt8>, _ marks: CurrencyMarks) -> CurrencyMarks.Entry? {
        if mark.isEmpty { return nil }
        if currency < 0 || currency == marks.own {
            for own in marks.ownSymbols where own.mark.count == mark.count && own.mark.elementsEqual(mark) {
                return own.entry
            }
        }
        if let entry = marks.lookup(mark) { return entry }
        // `--from auto`: a mark another candidate writes (see ``otherMarks``).
        for other in otherMarks { if let entry = other.lookup(mark) { return entry } }
        return nil
    }

    /// ``lookup(_:_:)`` for the end of a compact amount's text: a mark of
    /// at least one scalar, never a lone space.
    func lookupQuiet(_ mark: UnsafeBufferPointer<UInt8>, _ marks: CurrencyMarks) -> CurrencyMarks.Entry? {
        guard !mark.isEmpty, Self.space(mark, 0, end: mark.count) == 0 else { return nil }
        return lookup(mark, marks)
    }

    /// The currency a mark fixes: `-c`'s when it is one of the mark's (a
    /// mismatch otherwise), else the locale's own when it is one, else the
    /// only one, else none (-1). A mark another currency also writes is not
    /// taken for the one whose own symbol it is (`¥` is JPY's symbol and
    /// CNY's narrow symbol in en_US, which coinfmt writes: either is read back
    /// as itself only when named).
    func resolve(_ entry: CurrencyMarks.Entry, _ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int)
        throws(ValueError) -> Int32
    {
        if currency >= 0 {
            if entry.currencies.contains(currency) { return currency }
            let text = String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
            let codes = entry.currencies.map { CurrencyCatalog.codes[Int($0)] }.joined(separator: " or ")
            throw ValueError(
                .number(.currencyMismatch),
                "'\(text)' is \(codes) in \(identifier), not \(CurrencyCatalog.codes[Int(currency)]) (-c)")
        }
        if let own = marks?.own, entry.currencies.contains(own) { return own }
        return entry.currencies.count == 1 ? entry.currencies[0] : -1
    }

    // MARK: Compact units

    /// Reads the compact unit after (or before) the number; in a locale that
    /// counts in myriads, every unit group of the amount. Only for a reader
    /// with ``compact`` units (``shape(_:)`` calls it so).
    func readUnits(_ p: UnsafeBufferPointer<UInt8>, _ lo: inout Int, _ hi: inout Int, _ s: inout AmountShape)
        throws(ValueError)
    {
        let compact = self.compact!
        var unused: [UInt8] = []
        if compact.myriad, try readMyriad(p, lo, hi, &s, compact, digits: &unused) {
            if s.myriadDigits < 0 { (lo, hi) = (s.core.lowerBound, s.core.upperBound) }
            return
        }
        // An ASCII digit at both ends: no unit (none starts or ends with one).
        if fastPaths && hi > lo && !compact.myriad && compact.digitFreeEnds && p[lo] &- 48 < 10 && p[hi - 1] &- 48 < 10
        {
            return
        }
        for w in compact.wrapped {
            // `Vote 340M`: the unit's text on both sides.
            var a = lo
            while a < hi, case let b = Self.bidi(p, a, end: hi), b > 0 { a += b }
            guard Self.has(p, a, w.before, end: hi), hi - w.after.count > a + w.before.count,
                Self.has(p, hi - w.after.count, w.after, end: hi)
            else { continue }
            var start = a + w.before.count
            if start < hi, case let b = Self.space(p, start, end: hi), b > 0 { start += b }
            var end = hi - w.after.count
            if case let b = Self.blankBefore(p, end, start: start), b > 0 { end -= b }
            s.shift += w.power
            s.kind = .compact
            (lo, hi) = (start, end)
            return
        }
        if let u = s.unitAfter, u.power > 0, u.blanks <= 1 {
            // (The currency reading found the unit after the number.)
            s.shift += u.power
            s.kind = .compact
            hi = u.end
            return
        }
        var e = hi
        while e > lo, case let b = Self.bidiBefore(p, e, start: lo), b > 0 { e -= b }
        let k = lastDigitEnd(p, lo, e)
        if k < e && k > lo {
            var r = k
            var blanks = 0
            while r < e, case let b = Self.space(p, r, end: e), b > 0 {
                r += b
                blanks += 1
            }
            let found = compact.power(p, r, e)
            if found == -1 { throw conflictingUnit(p, r, e) }
            guard let power = found, power > 0, blanks <= 1 else {
                // `12 XYZ`: what looks like an ISO code is taken for a currency.
                if marks != nil && e - r == 3 && p[r..<e].allSatisfy({ $0 &- 65 < 26 }) {
                    throw unknownCurrency(p, r, e)
                }
                if style == .auto && found == nil && Self.isUnitStyleText(p, r, e) {
                    throw ValueError(
                        .number(.unknownUnit),
                        "'\(quoted(p, r, e))' at offset \(UTF8Bytes.scalarOffset(p, r)) is no compact unit \(identifier) writes, and --style auto reads no unit prefix or prefixed byte unit (12G is SI to one writer and IEC to another): name the style with --style si, iec, iec-i or bytes"
                    )
                }
                throw unknownUnit(p, r, e)
            }
            s.shift += power
            s.kind = .compact
            hi = k
            e = k
            return
        }
        // Before the number (`elfu 1` in Swahili).
        var u = lo
        while u < hi, case let b = Self.bidi(p, u, end: hi) + minus(p, u, end: hi), b > 0 { u += b }
        var j = u
        while j < hi && !isDigit(p, j, end: hi) && minus(p, j, end: hi) == 0 { j += Self.scalarLength(p[j]) }
        var end = j
        while end > u, case let b = Self.blankBefore(p, end, start: u), b > 0 { end -= b }
        if end > u && j < hi {
            if case let m = minusAt(p, lo, u), m > 0 {
                // `-miliɔn 1.2`: the sign before the unit.
                if s.negative { throw misplacedSign(p, lo) }
                s.negative = true
            }
            guard let power = compact.power(p, u, end), power > 0 else { throw unknownUnit(p, u, end) }
            s.shift += power
            s.kind = .compact
            lo = j
        }
    }

    /// Under auto: throws `ambiguous-notation` when the compact unit
    /// `p[a..<b]` is also a currency's symbol or code (`K`: kina, kyat and
    /// kwacha) that the column may be in (any, without `-c`).
    func unitIsNoCurrency(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) throws(ValueError) {
        guard let marks, let entry = marks.symbolLookup(UnsafeBufferPointer(rebasing: p[a..<b])),
            currency < 0 || entry.currencies.contains(currency)
        else { return }
        let codes = entry.currencies.prefix(4).map { CurrencyCatalog.codes[Int($0)] }.joined(separator: ", ")
        throw ValueError(
            .number(.ambiguousNotation),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is both \(identifier)'s compact unit and a currency mark (\(codes)\(entry.currencies.count > 4 ? ", ..." : "")): name the style with --style compact or --style currency, or the currency with -c"
        )
    }

    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    /// Whether `p[a..<b]` is a unit prefix (`G`, `Ki`) or a prefixed byte
    /// unit (`GB`, `KiB`): what the unit styles read and auto does not.
    static func isUnitStyleText(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Bool {
        guard b > a, b - a <= 3, UnitPrefixes.power(ofLetter: p[a]) != nil else { return false }
        if b - a == 1 { return true }
        if b - a == 2 && p[a + 1] == UInt8(ascii: "i") { return true }
        return ByteLabels.asciiUnit(p, a, b) != nil
    }

    /// The value of the digit at `i` (ASCII or the locale's), moving past it.
    @inline(__always)
    func digitValue(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, end: Int) -> Int? {
        if p[i] &- 48 < 10 {
            defer { i += 1 }
            return Int(p[i] &- 48)
        }
        for (v, d) in nativeDigits.enumerated() where Self.has(p, i, d, end: end) {
            i += d.count
            return v
        }
        return nil
    }

    /// Whether a minus sign stands in `a..<b` (among bidi marks).
    func minusAt(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int {
        var i = a
        while i < b {
            if case let m = minus(p, i, end: b), m > 0 { return m }
            i += Self.scalarLength(p[i])
        }
        return 0
    }

    /// The length of a bidi mark ending at `end`, or 0.
    static func bidiBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        if end - 3 >= start && bidi(p, end - 3, end: end) == 3 { return 3 }
        if end - 2 >= start && bidi(p, end - 2, end: end) == 2 { return 2 }
        return 0
    }

    // MARK: Errors

    func quoted(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
    }

    func unknownCurrency(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> ValueError {
        ValueError(
            .number(.unknownCurrency),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is no currency \(identifier) writes")
    }

    func misplacedCurrency(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ why: String) -> ValueError {
        ValueError(
            .number(.misplacedCurrency),
            "currency '\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is out of place: \(why)")
    }

    func misplacedSign(_ p: UnsafeBufferPointer<UInt8>, _ a: Int) -> ValueError {
        ValueError(
            .number(.misplacedSign),
            "sign at offset \(UTF8Bytes.scalarOffset(p, a)) on an amount already negative by its notation")
    }

    func unknownUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> ValueError {
        ValueError(
            .number(.unknownUnit),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) is no compact unit \(identifier) writes")
    }

    func conflictingUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> ValueError {
        ValueError(
            .number(.ambiguousNotation),
            "'\(quoted(p, a, b))' at offset \(UTF8Bytes.scalarOffset(p, a)) stands for two powers of ten in \(identifier)'s compact forms"
        )
    }

    func misplacedUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ why: String) -> ValueError {
        ValueError(
            .number(.misplacedUnit), "unit at offset \(UTF8Bytes.scalarOffset(p, a)) is out of place: \(why)")
    }
}
