/// A number read exactly: its sign and ASCII digit strings.
public struct ParsedNumber: Sendable, Hashable {
    /// Whether the value had a minus sign.
    public var negative: Bool
    /// ASCII digits of the integer part, as written (may be empty: `.5`).
    public var integer: [UInt8]
    /// ASCII digits of the fraction, as written.
    public var fraction: [UInt8]
    public init(negative: Bool = false, integer: [UInt8] = [], fraction: [UInt8] = []) {
        self.negative = negative
        self.integer = integer
        self.fraction = fraction
    }

    /// Whether every digit is zero.
    public var isZero: Bool { !integer.contains { $0 != 48 } && !fraction.contains { $0 != 48 } }
}

/// Reads numbers written in one locale's notation, strictly: the locale's
/// own digits or ASCII (never both), no grouping separator or every one its
/// group sizes put in the integer part and no other, one decimal separator, a leading sign in the forms
/// CLDR gives it (or ASCII `-`/`+`, U+2212), bidi marks ignored wherever they stand.
public struct LocaleNumberParser: Sendable {
    public let localeIdentifier: String
    public let style: LocaleNumberFormat.Style
    let grouping: Grouping
    let percentIsPrefix: Bool
    /// Every token but ASCII digits, in priority order (first match wins).
    let tokens: [Token]
    /// The tokens again, in raw memory, with the lead-byte table.
    let table: TokenTable

    /// Something the parser recognises: at most 4 UTF-8 bytes, no reference
    /// counting, so the hot loop scans a flat array.
    struct Token: Sendable {
        enum Kind: UInt8, Sendable { case bidi, digit, decimal, group, percent, minus, plus, space }
        var kind: Kind
        /// The digit's value, for `.digit`.
        var value: UInt8
        var length: Int
        var b0: UInt8, b1: UInt8, b2: UInt8, b3: UInt8
        /// One of the three spaces.
        var isSpace: Bool

        init(_ kind: Kind, _ bytes: [UInt8], value: UInt8 = 0) {
            precondition((1...4).contains(bytes.count), "token of \(bytes.count) bytes")
            self.kind = kind
            self.value = value
            length = bytes.count
            let padded = bytes + [0, 0, 0]
            (b0, b1, b2, b3) = (padded[0], padded[1], padded[2], padded[3])
            isSpace = SeparatorVariants.spaces.contains(bytes)
        }

        @inline(__always)
        func matches(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
            guard i + length <= p.count, p[i] == b0 else { return false }
            if length > 1 && p[i + 1] != b1 { return false }
            if length > 2 && p[i + 2] != b2 { return false }
            if length > 3 && p[i + 3] != b3 { return false }
            return true
        }
    }

    static let bidiMarks: [[UInt8]] = [[0xE2, 0x80, 0x8E], [0xE2, 0x80, 0x8F], [0xD8, 0x9C]]

    /// Derives the parser from the format the locale writes with.
    public init(format: LocaleNumberFormat) {
        self.init(
            format: format, decimalSeparator: format.decimalSeparator, groupingSeparator: format.groupingSeparator)
    }

    /// The parser of `format` with other separators: a locale's currency
    /// amounts where CLDR gives them their own (`1.234,56 €` in en_150,
    /// `1 234$56` in pt_CV, whose plain numbers are written otherwise).
    init(format: LocaleNumberFormat, decimalSeparator: [UInt8], groupingSeparator: [UInt8]) {
        localeIdentifier = format.localeIdentifier
        style = format.style
        grouping = Grouping(primary: format.primaryGroupSize, secondary: format.secondaryGroupSize)
        func signText(_ affix: [UInt8]) -> [UInt8]? {
            var text = Self.strip(affix, Self.bidiMarks)
            if format.style == .percent {
                text = Self.strip(text, [Self.percentSymbol(format)] + SeparatorVariants.spaces)
            }
            return text.isEmpty ? nil : text
        }
        let minus: [[UInt8]] = [[0x2D], [0xE2, 0x88, 0x92]]  // "-", U+2212
        let minusSigns = ([signText(format.negativePrefix)].compactMap { $0 } + minus).uniqued()
        let plusSigns = ([signText(format.plusPrefix)].compactMap { $0 } + [[0x2B]]).uniqued()
        percentIsPrefix = Self.strip(format.positivePrefix, Self.bidiMarks).isEmpty == false

        var tokens = Self.bidiMarks.map { Token(.bidi, $0) }
        if !format.usesASCIIDigits {
            tokens += format.digits.enumerated().map { Token(.digit, $0.element, value: UInt8($0.offset)) }
        }
        tokens.append(Token(.decimal, decimalSeparator))
        tokens += SeparatorVariants.accepted(for: groupingSeparator).map { Token(.group, $0) }
        if format.style == .percent { tokens.append(Token(.percent, Self.percentSymbol(format))) }
        tokens += minusSigns.map { Token(.minus, $0) }
        tokens += plusSigns.map { Token(.plus, $0) }
        tokens += SeparatorVariants.spaces.map { Token(.space, $0) }
        self.tokens = tokens
        table = TokenTable(tokens)
    }

    /// The percent sign of a percent format: its affix less bidi marks and spaces.
    static func percentSymbol(_ format: LocaleNumberFormat) -> [UInt8] {
        strip(format.positivePrefix + format.positiveSuffix, bidiMarks + SeparatorVariants.spaces)
    }

    static func strip(_ bytes: [UInt8], _ tokens: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        outer: while i < bytes.count {
            for t in tokens where i + t.count <= bytes.count && Array(bytes[i..<(i + t.count)]) == t {
                i += t.count
                continue outer
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// The token at `i`, if any: the first in priority order, from the first
    /// one whose lead byte is `p[i]`.
    @inline(__always)
    func token(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Token? {
        let table = self.table
        var k = Int(table.lead[Int(p[i])])
        if k == 0 { return nil }
        k -= 1
        // A one-byte token is the only one its lead byte can stand for.
        if table.tokens[k].length == 1 { return table.tokens[k] }
        while k < table.count {
            if table.tokens[k].matches(p, i) { return table.tokens[k] }
            k += 1
        }
        return nil
    }

    /// Parses `value` into `number` (whose buffers are reused).
    public func parse(_ p: UnsafeBufferPointer<UInt8>, into number: inout ParsedNumber) throws(ValueError) {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + p.count + Self.scratchSlack) {
            (buffer) throws(ValueError) in
            let (negative, digits) = try scan(p, into: buffer.baseAddress! + 1)
            number.negative = negative
            number.integer.removeAll(keepingCapacity: true)
            number.integer.append(contentsOf: digits.integer)
            number.fraction.removeAll(keepingCapacity: true)
            number.fraction.append(contentsOf: digits.fraction)
        }
    }

    /// The room ``scan(_:into:integerDigits:)`` needs after `value.count`
    /// bytes: it copies runs of ASCII digits eight bytes at a time.
    static let scratchSlack = 8

    /// Reads `value`, writing its ASCII digits to `digits` (room for
    /// `value.count + scratchSlack` bytes), integer digits then fraction
    /// digits: the parser's one loop, used by ``parse(_:into:)`` and by
    /// ``NumberConverter``.
    ///
    /// Grouping separators are checked as they come, against each other (the
    /// gaps between them must be whole secondary groups), and against the
    /// integer part's length at the end. When that finds one out of place,
    /// the value is read again with `integerDigits` known, which throws for
    /// the first separator that does not fit, as a check of each in turn would.
    /// When they all fit but are fewer than the group sizes put in an integer
    /// part of that length, the error names the first one missing.
    ///
    /// - Parameters:
    ///   - integerDigits: the integer part's length, when known; -1 otherwise.
    ///   - reach: where a failed read stores how far it got: the byte offset
    ///     it had reached when it found the error (`p.count` when it read the
    ///     whole value and the error is one of the whole: no digits, a
    ///     grouping that does not fit). `numconv --from auto` reports the error
    ///     of the candidate that got furthest. Stored at each throw, so that
    ///     a read that succeeds does no more than it did without it.
    func scan(
        _ p: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutablePointer<UInt8>, integerDigits: Int = -1,
        reach: UnsafeMutablePointer<Int>? = nil
    ) throws(ValueError) -> (negative: Bool, digits: DigitString) {
        let n = p.count
        var i = 0
        var count = 0  // digits written
        var integerCount = 0  // set at the decimal separator
        var negative = false
        var sawSign = false
        var sawPercent = false
        var decimalAt = -1
        var digitSystem = 0  // 0 unknown, 1 ASCII, 2 native
        var lastWasSeparator = false
        // Grouping separators: how many, the integer digits before the first
        // and before the last, the last one's offset, and whether every gap
        // between two is a whole number of secondary groups.
        var separators = 0
        var firstGroup = 0
        var lastGroup = 0
        var lastSeparatorAt = 0
        var gapsFit = true

        func offset(_ i: Int) -> Int { UTF8Bytes.scalarOffset(p, i) }
        /// `error`, found with the read at `at`.
        func failed(_ error: ValueError, at: Int) -> ValueError {
            reach?.pointee = at
            return error
        }
        // The common messages from templates: no String an error (see ErrorText).
        func misplaced(_ at: Int) -> ValueError {
            var text = ErrorText(template: "grouping separator at offset \u{2} does not fit \u{4} grouping", offset(at))
            text.name(localeIdentifier)
            return ValueError(.number(.misplacedGrouping), text)
        }
        func missing(_ at: Int) -> ValueError {
            var text = ErrorText(
                template: "grouping separator missing at offset \u{2}, where \u{4} grouping puts one", offset(at))
            text.name(localeIdentifier)
            return ValueError(.number(.misplacedGrouping), text)
        }
        func invalid(_ at: Int) -> ValueError {
            var text = ErrorText(template: "\u{1} at offset \u{2} is not part of a number in \u{4}", offset(at))
            text.quote(p, at: at)
            text.name(localeIdentifier)
            return ValueError(.number(.invalidCharacter), text)
        }

        while i < n {
            let b = p[i]
            var digit: UInt8
            var length = 1
            var system = 1
            if b &- 48 < 10 {
                // The common case: a run of ASCII digits where they are
                // allowed (no native digit before, no percent sign that
                // ends the number), copied eight bytes at a time.
                if digitSystem != 2 && !(sawPercent && !percentIsPrefix) {
                    digitSystem = 1
                    lastWasSeparator = false
                    UTF8Bytes.copyDigitRun(p, &i, to: digits, &count)
                    continue
                }
                digit = b
            } else {
                guard let t = token(p, i) else { throw failed(invalid(i), at: i) }
                switch t.kind {
                case .bidi:
                    i += t.length
                    continue
                case .digit:
                    digit = 48 + t.value
                    length = t.length
                    system = 2
                case .decimal:
                    if decimalAt >= 0 {
                        throw failed(
                            ValueError(
                                .number(.multipleDecimalSeparators),
                                ErrorText(
                                    template: "second decimal separator at offset \u{2}; the first is at offset \u{3}",
                                    offset(i), offset(decimalAt))), at: i)
                    }
                    if lastWasSeparator { throw failed(misplaced(lastSeparatorAt), at: i) }
                    decimalAt = i
                    integerCount = count
                    i += t.length
                    continue
                case .group, .space:
                    // Spaces before a trailing percent sign belong to the percent pattern.
                    if t.isSpace, style == .percent, !percentIsPrefix, restIsPercent(p, from: i) {
                        sawPercent = true
                        i = n
                        continue
                    }
                    guard t.kind == .group else { throw failed(invalid(i), at: i) }
                    if decimalAt >= 0 {
                        throw failed(
                            ValueError(
                                .number(.misplacedGrouping),
                                "grouping separator at offset \(offset(i)) is in the fraction"), at: i)
                    }
                    if count == 0 || lastWasSeparator { throw failed(misplaced(i), at: i) }
                    if integerDigits >= 0, !grouping.isBoundary(digitsToTheRight: integerDigits - count) {
                        throw failed(misplaced(i), at: i)
                    }
                    if separators == 0 {
                        firstGroup = count
                    } else {
                        if !grouping.isWholeGroups(count - lastGroup) { gapsFit = false }
                    }
                    separators += 1
                    lastGroup = count
                    lastSeparatorAt = i
                    lastWasSeparator = true
                    i += t.length
                    continue
                case .percent:
                    let atPrefix = percentIsPrefix && !sawPercent && count == 0 && decimalAt < 0
                    let atSuffix = !percentIsPrefix && !sawPercent && restIsPercent(p, from: i)
                    guard atPrefix || atSuffix else {
                        throw failed(
                            ValueError(
                                .number(.invalidCharacter),
                                "percent sign at offset \(offset(i)) is not where \(localeIdentifier) writes it"), at: i
                        )
                    }
                    sawPercent = true
                    i += t.length
                    // Spaces between a leading percent sign and the digits,
                    // with bidi marks anywhere among them (`%\u{200F}\u{A0}12,5`).
                    while atPrefix, i < n, let s = token(p, i), s.isSpace || s.kind == .bidi { i += s.length }
                    continue
                case .minus, .plus:
                    if sawSign || count > 0 || decimalAt >= 0 || (sawPercent && !percentIsPrefix) {
                        throw failed(
                            ValueError(
                                .number(.misplacedSign),
                                ErrorText(template: "sign at offset \u{2}; a sign may only lead the number", offset(i))),
                            at: i)
                    }
                    sawSign = true
                    negative = t.kind == .minus
                    i += t.length
                    continue
                }
            }
            if sawPercent && !percentIsPrefix {
                throw failed(
                    ValueError(.number(.invalidCharacter), "digit at offset \(offset(i)) after the percent sign"), at: i
                )
            }
            if digitSystem != system {
                if digitSystem != 0 {
                    throw failed(
                        ValueError(
                            .number(.mixedDigits),
                            "\(system == 1 ? "ASCII" : localeIdentifier) digit at offset \(offset(i)) mixed with \(digitSystem == 1 ? "ASCII" : localeIdentifier) digits"
                        ), at: i)
                }
                digitSystem = system
            }
            lastWasSeparator = false
            digits[count] = digit
            count += 1
            i += length
        }
        if count == 0 {
            throw failed(ValueError(.number(.noDigits), ErrorText(template: "value has no digits")), at: n)
        }
        if lastWasSeparator { throw failed(misplaced(lastSeparatorAt), at: n) }
        if decimalAt < 0 { integerCount = count }
        if separators > 0, integerDigits < 0 {
            if !(gapsFit && grouping.isBoundary(digitsToTheRight: integerCount - firstGroup)
                && grouping.isBoundary(digitsToTheRight: integerCount - lastGroup))
            {
                // It read the whole value: the error is one of the whole.
                do { _ = try scan(p, into: digits, integerDigits: integerCount) } catch { throw failed(error, at: n) }
            }
            // Every separator present fits: a grouped value has them all
            // (`1234567,891` is no en_US number), as many as the group sizes
            // put in an integer part of this length (`grouping` has minimum
            // grouping digits 1, so `1.234` is whole in es_ES too).
            if separators != grouping.separatorCount(digits: integerCount) {
                throw failed(missing(firstMissingSeparator(p, integerDigits: integerCount)), at: n)
            }
        }
        return (negative, DigitString(start: digits, integerCount: integerCount, fractionCount: count - integerCount))
    }

    /// The byte offset in `p` (a value ``scan(_:into:integerDigits:reach:)``
    /// has read, whose integer part has `integerDigits` digits and whose
    /// separators all fit) of the first integer digit before which the
    /// group sizes put a separator that is not there.
    func firstMissingSeparator(_ p: UnsafeBufferPointer<UInt8>, integerDigits: Int) -> Int {
        var i = 0
        var count = 0
        var afterSeparator = false
        while i < p.count {
            let isDigit: Bool
            var length = 1
            if p[i] &- 48 < 10 {
                isDigit = true
            } else if let t = token(p, i) {
                length = t.length
                if t.kind == .decimal { break }
                if t.kind == .group { afterSeparator = true }
                isDigit = t.kind == .digit
            } else {
                isDigit = false
            }
            if isDigit {
                if count > 0, !afterSeparator, grouping.separatorBefore(position: count, of: integerDigits) {
                    return i
                }
                afterSeparator = false
                count += 1
            }
            i += length
        }
        return i
    }

    /// Whether only spaces, then the percent sign, then bidi marks remain from `start`.
    func restIsPercent(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start
        var seen = false
        while i < p.count {
            guard let t = token(p, i) else { return false }
            if t.kind == .bidi || (!seen && t.isSpace) {
                i += t.length
            } else if !seen, t.kind == .percent {
                seen = true
                i += t.length
            } else {
                return false
            }
        }
        return seen
    }
}

extension Array where Element == [UInt8] {
    func uniqued() -> [[UInt8]] {
        var out: [[UInt8]] = []
        for e in self where !out.contains(e) { out.append(e) }
        return out
    }
}
