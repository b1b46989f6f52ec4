import Foundation

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
/// own digits or ASCII (never both), its grouping separator only where its
/// group sizes put one, one decimal separator, a leading sign in the forms
/// CLDR gives it (or ASCII `-`/`+`, U+2212), bidi marks ignored wherever they stand.
public struct LocaleNumberParser: Sendable {
    public let localeIdentifier: String
    public let style: LocaleNumberFormat.Style
    let nativeDigits: [[UInt8]]?
    let groupSeparators: [[UInt8]]
    let decimalSeparator: [UInt8]
    let grouping: Grouping
    let minusSigns: [[UInt8]]
    let plusSigns: [[UInt8]]
    let percentSymbol: [UInt8]
    let percentIsPrefix: Bool

    static let bidiMarks: [[UInt8]] = [[0xE2, 0x80, 0x8E], [0xE2, 0x80, 0x8F], [0xD8, 0x9C]]

    /// Derives the parser from the format the locale writes with.
    public init(format: LocaleNumberFormat) {
        localeIdentifier = format.localeIdentifier
        style = format.style
        nativeDigits = format.usesASCIIDigits ? nil : format.digits
        groupSeparators = SeparatorVariants.accepted(for: format.groupingSeparator)
        decimalSeparator = format.decimalSeparator
        grouping = Grouping(primary: format.primaryGroupSize, secondary: format.secondaryGroupSize)
        func signText(_ affix: [UInt8]) -> [UInt8]? {
            var text = Self.strip(affix, Self.bidiMarks)
            if format.style == .percent {
                text = Self.strip(text, [Self.percentSymbol(format)] + SeparatorVariants.spaces)
            }
            return text.isEmpty ? nil : text
        }
        let minus: [[UInt8]] = [[0x2D], [0xE2, 0x88, 0x92]]  // "-", U+2212
        minusSigns = ([signText(format.negativePrefix)].compactMap { $0 } + minus).uniqued()
        plusSigns = ([signText(format.plusPrefix)].compactMap { $0 } + [[0x2B]]).uniqued()
        percentSymbol = format.style == .percent ? Self.percentSymbol(format) : []
        percentIsPrefix = Self.strip(format.positivePrefix, Self.bidiMarks).isEmpty == false
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

    /// Parses `value` into `number` (whose buffers are reused).
    public func parse(_ p: UnsafeBufferPointer<UInt8>, into number: inout ParsedNumber) throws(ValueError) {
        number.negative = false
        number.integer.removeAll(keepingCapacity: true)
        number.fraction.removeAll(keepingCapacity: true)
        let n = p.count
        var i = 0
        var sawSign = false
        var sawPercent = false
        var sawDigit = false
        var decimalAt = -1
        var digitSystem = 0  // 0 unknown, 1 ASCII, 2 native
        // Separators seen, as the count of integer digits before each.
        var separatorsAt: [(digitsBefore: Int, offset: Int)] = []
        var lastWasSeparator = false

        func offset(_ i: Int) -> Int { UTF8Bytes.scalarOffset(p, i) }

        while i < n {
            // Bidi marks are ignored wherever they stand.
            var skipped = false
            for m in Self.bidiMarks where match(p, i, m) > 0 {
                i += m.count
                skipped = true
                break
            }
            if skipped { continue }

            let b = p[i]
            var digit = -1
            var length = 1
            var system = 1
            if b &- 48 < 10 {
                digit = Int(b &- 48)
            } else if let native = nativeDigits {
                for (value, d) in native.enumerated() where match(p, i, d) > 0 {
                    digit = value
                    length = d.count
                    system = 2
                    break
                }
            }
            if digit >= 0 {
                if sawPercent && !percentIsPrefix {
                    throw ValueError("invalid-character", "digit at offset \(offset(i)) after the percent sign")
                }
                if digitSystem != 0 && digitSystem != system {
                    throw ValueError(
                        "mixed-digits",
                        "\(system == 1 ? "ASCII" : localeIdentifier) digit at offset \(offset(i)) mixed with \(digitSystem == 1 ? "ASCII" : localeIdentifier) digits"
                    )
                }
                digitSystem = system
                sawDigit = true
                lastWasSeparator = false
                if decimalAt >= 0 { number.fraction.append(UInt8(48 + digit)) } else { number.integer.append(UInt8(48 + digit)) }
                i += length
                continue
            }
            let d = match(p, i, decimalSeparator)
            if d > 0 {
                if decimalAt >= 0 {
                    throw ValueError(
                        "multiple-decimal-separators",
                        "second decimal separator at offset \(offset(i)); the first is at offset \(offset(decimalAt))")
                }
                if lastWasSeparator, let last = separatorsAt.last {
                    throw ValueError(
                        "misplaced-grouping",
                        "grouping separator at offset \(last.offset) does not fit \(localeIdentifier) grouping")
                }
                decimalAt = i
                i += d
                continue
            }
            // Spaces before a trailing percent sign belong to the percent pattern.
            if style == .percent, !percentIsPrefix, SeparatorVariants.spaces.contains(where: { match(p, i, $0) > 0 }),
                restIsPercent(p, from: i)
            {
                i = n
                sawPercent = true
                continue
            }
            var separatorLength = 0
            for s in groupSeparators where match(p, i, s) > 0 {
                separatorLength = s.count
                break
            }
            if separatorLength > 0 {
                if decimalAt >= 0 {
                    throw ValueError(
                        "misplaced-grouping", "grouping separator at offset \(offset(i)) is in the fraction")
                }
                if !sawDigit || lastWasSeparator {
                    throw ValueError(
                        "misplaced-grouping",
                        "grouping separator at offset \(offset(i)) does not fit \(localeIdentifier) grouping")
                }
                separatorsAt.append((number.integer.count, offset(i)))
                lastWasSeparator = true
                i += separatorLength
                continue
            }
            if style == .percent, match(p, i, percentSymbol) > 0, !sawPercent {
                let atPrefix = percentIsPrefix && !sawDigit && decimalAt < 0
                let atSuffix = !percentIsPrefix && restIsPercent(p, from: i)
                if atPrefix || atSuffix {
                    sawPercent = true
                    i += percentSymbol.count
                    // Spaces between a leading percent sign and the digits.
                    while atPrefix, let s = SeparatorVariants.spaces.first(where: { match(p, i, $0) > 0 }) { i += s.count }
                    continue
                }
                throw ValueError(
                    "invalid-character",
                    "percent sign at offset \(offset(i)) is not where \(localeIdentifier) writes it")
            }
            var signLength = 0
            var minus = false
            for s in minusSigns where match(p, i, s) > 0 {
                signLength = s.count
                minus = true
                break
            }
            if signLength == 0 {
                for s in plusSigns where match(p, i, s) > 0 {
                    signLength = s.count
                    break
                }
            }
            if signLength > 0 {
                if sawSign || sawDigit || decimalAt >= 0 || (sawPercent && !percentIsPrefix) {
                    throw ValueError(
                        "misplaced-sign", "sign at offset \(offset(i)); a sign may only lead the number")
                }
                sawSign = true
                number.negative = minus
                i += signLength
                continue
            }
            throw ValueError(
                "invalid-character",
                "\(UTF8Bytes.quote(p, at: i)) at offset \(offset(i)) is not part of a \(localeIdentifier) number")
        }
        if !sawDigit { throw ValueError("no-digits", "value has no digits") }
        if lastWasSeparator, let last = separatorsAt.last {
            throw ValueError(
                "misplaced-grouping", "grouping separator at offset \(last.offset) does not fit \(localeIdentifier) grouping")
        }
        let total = number.integer.count
        for s in separatorsAt where !fits(digitsToTheRight: total - s.digitsBefore) {
            throw ValueError(
                "misplaced-grouping", "grouping separator at offset \(s.offset) does not fit \(localeIdentifier) grouping")
        }
    }

    /// Whether only spaces, then the percent sign, then bidi marks remain from `start`.
    func restIsPercent(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start
        var seen = false
        while i < p.count {
            if let m = Self.bidiMarks.first(where: { match(p, i, $0) > 0 }) {
                i += m.count
            } else if !seen, let s = SeparatorVariants.spaces.first(where: { match(p, i, $0) > 0 }) {
                i += s.count
            } else if !seen, match(p, i, percentSymbol) > 0 {
                seen = true
                i += percentSymbol.count
            } else {
                return false
            }
        }
        return seen
    }

    func fits(digitsToTheRight r: Int) -> Bool {
        guard grouping.primary > 0 else { return false }
        if r == grouping.primary { return true }
        return r > grouping.primary && grouping.secondary > 0 && (r - grouping.primary) % grouping.secondary == 0
    }
}

extension Array where Element == [UInt8] {
    func uniqued() -> [[UInt8]] {
        var out: [[UInt8]] = []
        for e in self where !out.contains(e) { out.append(e) }
        return out
    }
}
