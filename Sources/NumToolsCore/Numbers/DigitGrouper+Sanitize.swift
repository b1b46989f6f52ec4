/// numgroup's --sanitize: drops what is no part of the number, never changing it.

extension DigitGrouper {
    // MARK: Sanitize

    /// Drops what is no part of the number (currency, units, letters,
    /// spaces), then groups what is left, never changing the number: a value
    /// is an error, saying why, when a character that could be the decimal
    /// mark (the style's decimal point, `.`, `,` or its grouping separator)
    /// is not known to be it or a grouping separator, when it holds
    /// parentheses (an accounting negative), a sign that does not lead the
    /// number, or a dash that could be a minus sign. A sign is written as given.
    mutating func sanitize<Output: ByteOutput & ~Copyable>(_ p: UnsafeBufferPointer<UInt8>, into out: inout Output)
        throws(ValueError)
    {
        let n = p.count
        guard let base = p.baseAddress else { throw Self.noDigits }
        scratch.removeAll(keepingCapacity: true)
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < n && p[k] &- 48 < 10 }
        func quoted(_ template: StaticString, _ at: Int, _ other: Int = 0) -> ErrorText {
            var text = ErrorText(template: template, UTF8Bytes.scalarOffset(p, at), other)
            text.quote(p, at: at)
            text.name(style.name)
            return text
        }
        var seenNumber = false  // a digit or a mark: a sign after it does not lead
        var signEnd = 0
        var decimalAt = -1  // the first decimal point
        var decimalMarks = 0
        var separatorAfterDecimal = -1
        var firstSeparator = -1
        var i = 0
        while i < n {
            let b = p[i]
            if b &- 48 < 10 {
                scratch.append(b)
                seenNumber = true
                i &+= 1
                continue
            }
            if b == UInt8(ascii: "(") || b == UInt8(ascii: ")") {
                throw ValueError(
                    .number(.invalidCharacter),
                    quoted(
                        "\u{1} at offset \u{2}: parentheses may mark a negative amount, which --sanitize cannot keep",
                        i))
            }
            let sign = signLength(base, i, n)
            if sign > 0 {
                if seenNumber || signEnd > 0 {
                    throw ValueError(
                        .number(.misplacedSign),
                        quoted("sign \u{1} at offset \u{2}; a sign may only lead the number", i))
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ sign)]))
                signEnd = scratch.count
                i &+= sign
                continue
            }
            if Self.isDash(p, i) {
                throw ValueError(
                    .number(.invalidCharacter),
                    quoted("\u{1} at offset \u{2} could be a minus sign; --sanitize reads '-' and '\u{2212}'", i))
            }
            let d = match(p, i, style.decimal)
            let s = d > 0 ? 0 : acceptedSeparatorLength(base, i, n)
            let other = d > 0 || s > 0 ? 0 : (b == UInt8(ascii: ".") || b == UInt8(ascii: ",") ? 1 : 0)
            let length = max(d, s, other)
            guard length > 0 else {
                // An exponent (`1.5e3`, `2E-7`): dropping it would change the
                // number a thousandfold or more.
                if b | 0x20 == UInt8(ascii: "e"), isDigit(i &- 1),
                    isDigit(i &+ 1) || (i &+ 2 < n && (p[i &+ 1] == 0x2B || p[i &+ 1] == 0x2D) && isDigit(i &+ 2))
                {
                    throw ValueError(
                        .number(.invalidCharacter),
                        quoted(
                            "\u{1} at offset \u{2} starts an exponent, which --sanitize cannot keep; numconv reads scientific notation",
                            i))
                }
                i &+= UTF8Bytes.sequenceLength(base, i, n) > 0 ? UTF8Bytes.sequenceLength(base, i, n) : 1
                continue
            }
            // A separator that cannot be a decimal mark (a space, an
            // apostrophe) groups only between digits; elsewhere it is dropped.
            let couldBeDecimal = d > 0 || other > 0 || p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",")
            let between = isDigit(i &- 1) && isDigit(i &+ length)
            if !couldBeDecimal {
                if between {
                    if firstSeparator < 0 { firstSeparator = i }
                    if decimalAt >= 0 && separatorAfterDecimal < 0 { separatorAfterDecimal = i }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ length)]))
                }
                i &+= length
                continue
            }
            if !between {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted("\u{1} at offset \u{2} is not between digits: it could be a decimal mark", i))
            }
            if other > 0 {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted(
                        "\u{1} at offset \u{2} is neither the decimal point nor the grouping separator: it could be a decimal mark",
                        i))
            }
            if d > 0 {
                decimalMarks &+= 1
                if decimalMarks > 1 {
                    throw ValueError(
                        .number(.ambiguousDecimalMark),
                        quoted(
                            "\u{1} at offset \u{3} and at offset \u{2}: more than one character could be the decimal mark",
                            i, UTF8Bytes.scalarOffset(p, decimalAt)))
                }
                decimalAt = i
            } else {
                if firstSeparator < 0 { firstSeparator = i }
                if decimalAt >= 0 && separatorAfterDecimal < 0 { separatorAfterDecimal = i }
            }
            seenNumber = true
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ length)]))
            i &+= length
        }
        guard scratch.count > signEnd else { throw Self.noDigits }
        if separatorAfterDecimal >= 0 {
            throw ValueError(
                .number(.ambiguousDecimalMark),
                quoted(
                    "\u{1} at offset \u{2} follows the decimal point at offset \u{3}: more than one character could be the decimal mark",
                    separatorAfterDecimal, UTF8Bytes.scalarOffset(p, decimalAt)))
        }
        let clean = scratch
        do {
            try clean.withUnsafeBufferPointer { (b) throws(ValueError) in try regroup(b, ungroup: false, into: &out) }
        } catch  where error.code == .number(.misplacedGrouping) && firstSeparator >= 0 {
            // Separators that are no grouping of the style: without a decimal
            // point, one that could be a decimal mark may be one (`70,48`).
            let couldBeDecimal = p[firstSeparator] == UInt8(ascii: ".") || p[firstSeparator] == UInt8(ascii: ",")
            if decimalAt < 0 && couldBeDecimal {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted(
                        "\u{1} at offset \u{2} does not fit \u{4} and there is no decimal point: it could be a decimal mark",
                        firstSeparator))
            }
            throw ValueError(
                .number(.misplacedGrouping),
                quoted("grouping separators from offset \u{2} do not fit \u{4}", firstSeparator))
        }
    }

    /// Whether `p[i]` is a dash that could be meant as a minus or plus sign
    /// but is none the style reads: U+2010 to U+2014 (hyphens and dashes),
    /// U+FE62, U+FE63, U+FF0B and U+FF0D (small and fullwidth signs).
    static func isDash(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i + 2 < p.count else { return false }
        let (b0, b1, b2) = (p[i], p[i + 1], p[i + 2])
        if b0 == 0xE2, b1 == 0x80, (0x90...0x94).contains(b2) { return true }
        if b0 == 0xEF, b1 == 0xB9, b2 == 0xA2 || b2 == 0xA3 { return true }
        if b0 == 0xEF, b1 == 0xBC, b2 == 0x8B || b2 == 0x8D { return true }
        return false
    }
}
