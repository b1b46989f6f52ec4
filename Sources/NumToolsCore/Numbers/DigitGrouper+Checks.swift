/// numgroup's reading checks: separators where the grouping puts them and
/// none missing, the signs and separators read, and the character errors.

extension DigitGrouper {
    // MARK: Reading checks

    /// Throws unless each separator in the integer part `value[start..<end]`
    /// (of `digits` digits) sits where the group sizes put one, and every
    /// place they put one has one: a grouped value is grouped whole
    /// (`1234567,891` is an error, not 1,234,567,891). The minimum grouping
    /// digits is a rule for writing, not for reading: a separator may stand
    /// wherever the group sizes put one (`1.234` in es_ES).
    @inline(never)
    func checkSeparators(
        _ value: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ digits: Int, separators: Int
    ) throws(ValueError) {
        let p = value.baseAddress!
        var seen = 0
        var k = start
        while k < end {
            if p[k] &- 48 < 10 {
                seen += 1
                k += 1
                continue
            }
            let next = k + acceptedSeparatorLength(p, k, value.count)
            let fits =
                seen > 0 && next < end && p[next] &- 48 < 10
                && style.grouping.isBoundary(digitsToTheRight: digits - seen)
            if !fits { throw misplacedGroupingError(value, at: k) }
            k = next
        }
        // Each fits, at a place of its own: all are there when they are as
        // many as the group sizes put in `digits` digits (with minimum
        // grouping digits 1: a rule for the writer).
        let g = style.grouping
        if separators != Grouping(primary: g.primary, secondary: g.secondary).separatorCount(digits: digits) {
            throw missingSeparator(value, start, end, digits)
        }
    }

    /// The error of a value whose separators in `value[start..<end]` (an
    /// integer part of `digits` digits) all fit but some are missing: it
    /// names the first digit a separator should precede.
    @inline(never)
    func missingSeparator(_ value: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ digits: Int) -> ValueError {
        let p = value.baseAddress!
        var seen = 0
        var k = start
        var afterSeparator = false
        while k < end {
            guard p[k] &- 48 < 10 else {
                afterSeparator = true
                k += acceptedSeparatorLength(p, k, value.count)
                continue
            }
            if seen > 0, !afterSeparator, style.grouping.isBoundary(digitsToTheRight: digits - seen) { break }
            afterSeparator = false
            seen += 1
            k += 1
        }
        // A machine number (`1234567.891` under -l de_DE): the message also
        // says what -l does, as for `5840.4` (misplacedGroupingError).
        if let locale = style.localeIdentifier, let dot = value.firstIndex(of: UInt8(ascii: ".")),
            isMachineNumber(value, pointAt: dot)
        {
            var text = ErrorText(
                template: """
                    grouping separator missing at offset \u{2}, where \u{4} grouping puts one; -l sets how input is \
                    read too: for a machine number, use numconv --from C --to \u{4}
                    """, UTF8Bytes.scalarOffset(value, k))
            text.name(locale)
            return ValueError(.number(.misplacedGrouping), text)
        }
        var text = ErrorText(
            template: "grouping separator missing at offset \u{2}, where \u{4} puts one",
            UTF8Bytes.scalarOffset(value, k))
        text.name(style.name)
        return ValueError(.number(.misplacedGrouping), text)
    }

    /// The length of a sign at `p[i]` (before `end`): one of the style's
    /// signs, with any bidi marks before and after it; 0 when there is none.
    func signLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        func marks(_ from: Int) -> Int {
            var k = from
            outer: while k < end {
                for span in bidiSpans {
                    let length = bytes.match(span, p, k, end)
                    if length > 0 {
                        k &+= length
                        continue outer
                    }
                }
                break
            }
            return k
        }
        let at = marks(i)
        for span in signSpans {
            let length = bytes.match(span, p, at, end)
            if length > 0 { return marks(at &+ length) &- i }
        }
        return 0
    }

    /// The length of an accepted grouping separator at `p[i]`, or 0.
    @inline(__always)
    func acceptedSeparatorLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        for span in acceptedSpans {
            let length = bytes.match(span, p, i, end)
            if length > 0 { return length }
        }
        return 0
    }

    /// The error for the byte at `i`, which is no digit and, before the
    /// decimal point (`decimalAt` < 0), neither a decimal point nor a separator.
    @inline(never)
    func characterError(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, decimalAt: Int) -> ValueError {
        let b = p[i]
        // Messages from templates: no String an error (see ErrorText).
        let offset = UTF8Bytes.scalarOffset(p, i)
        if decimalAt >= 0, match(p, i, style.decimal) > 0 {
            return ValueError(
                .number(.multipleDecimalSeparators),
                ErrorText(
                    template: "second decimal point at offset \u{2}; the first is at offset \u{3}", offset,
                    UTF8Bytes.scalarOffset(p, decimalAt)))
        }
        if decimalAt >= 0, acceptedSeparatorLength(p.baseAddress!, i, p.count) > 0 {
            return ValueError(
                .number(.misplacedGrouping),
                ErrorText(template: "grouping separator at offset \u{2} is in the fraction", offset))
        }
        var text: ErrorText
        if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || signLength(p.baseAddress!, i, p.count) > 0 {
            text = ErrorText(template: "sign \u{1} at offset \u{2}; a sign may only lead the number", offset)
            text.quote(p, at: i)
            return ValueError(.number(.misplacedSign), text)
        }
        if let error = machineNumberCharacterError(p, at: i) { return error }
        text = ErrorText(template: "\u{1} at offset \u{2} is not a digit, grouping separator or decimal point", offset)
        text.quote(p, at: i)
        return ValueError(.number(.invalidCharacter), text)
    }
}
