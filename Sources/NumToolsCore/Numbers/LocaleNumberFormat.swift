import Foundation

/// How one locale writes plain numbers (or percents), derived once from
/// Foundation's `FormatStyle` and then applied by a byte-level loop.
///
/// Foundation is the oracle: every field here is read off strings that
/// `Decimal.FormatStyle` (or `.Percent`) produced for probe values, so the
/// output of ``format(negative:integer:fraction:showPlus:into:)`` equals
/// FormatStyle's for the same digits, with no 38-digit limit.
/// The derived data of a ``LocaleNumberFormat``, shared by its copies: one
/// reference to retain when a format is copied, and the hot path's byte
/// strings in one raw allocation.
final class LocaleNumberFormatStorage: @unchecked Sendable {
    /// The locale identifier the format was derived for.
    let localeIdentifier: String
    /// The style the format mirrors.
    let style: LocaleNumberFormat.Style
    /// UTF-8 of the ten digits `0` to `9` in the locale's numbering system.
    let digits: [[UInt8]]
    /// The ten digits' UTF-8, `digitWidth` bytes each, for the fast path.
    let digitBytes: [UInt8]
    /// The UTF-8 length of every digit (one numbering system, one block).
    let digitWidth: Int
    /// UTF-8 of the decimal separator.
    let decimalSeparator: [UInt8]
    /// UTF-8 of the grouping separator (empty when the locale never groups).
    let groupingSeparator: [UInt8]
    /// Size of the group nearest the decimal point; 0 means no grouping.
    let primaryGroupSize: Int
    /// Size of every further group (equal to the primary size for most locales, 2 for Indian grouping).
    let secondaryGroupSize: Int
    /// CLDR minimum grouping digits: the integer part is grouped only when
    /// it has at least `primaryGroupSize + minimumGroupingDigits` digits.
    let minimumGroupingDigits: Int
    /// Text around the digits of a positive number (percent sign, for percents).
    let positivePrefix: [UInt8]
    let positiveSuffix: [UInt8]
    /// Text around the digits of a negative number (minus sign and bidi marks).
    let negativePrefix: [UInt8]
    let negativeSuffix: [UInt8]
    /// Text around the digits of a positive number written with an explicit plus sign.
    let plusPrefix: [UInt8]
    let plusSuffix: [UInt8]

    let grouping: Grouping
    /// The byte strings of the hot path, in one allocation.
    let packed: PackedBytes
    /// Each digit's UTF-8 in the low bytes of a little-endian word (zeros
    /// after it), stored whole and stepped over by `digitWidth`.
    let digitCodes: UnsafeMutablePointer<UInt32>
    /// Every pair of digits `00` to `99` the same way (at most 8 bytes).
    let digitPairs: UnsafeMutablePointer<UInt64>
    /// The prefix and suffix of a positive, a negative and a plus-signed number.
    let affixes: UnsafeMutablePointer<FormatPlan.Piece>
    /// The hot path's view of the above: no reference to retain per number.
    let plan: FormatPlan

    /// Derives the format of `locale` for `style` from Foundation.
    init(locale: Locale, style: LocaleNumberFormat.Style) {
        localeIdentifier = locale.identifier
        self.style = style
        func render(_ value: String, fraction: Int, plus: Bool = false, grouping: Bool = true) -> String {
            let decimal = Decimal(string: value)!
            switch style {
            case .number:
                var f = Decimal.FormatStyle(locale: locale).precision(.fractionLength(fraction))
                if plus { f = f.sign(strategy: .always()) }
                if !grouping { f = f.grouping(.never) }
                return f.format(decimal)
            case .percent:
                // Percent formats value × 100: scale the probe so the digits shown are `value`.
                var f = Decimal.FormatStyle.Percent(locale: locale).precision(.fractionLength(fraction))
                if plus { f = f.sign(strategy: .always()) }
                if !grouping { f = f.grouping(.never) }
                return f.format(decimal / 100)
            }
        }
        // Digits: each of 0...9 alone, then split off the affixes shared by all
        // ten (compared by scalar: native digits share leading UTF-8 bytes).
        let single = (0...9).map { Array(render(String($0), fraction: 0, grouping: false).unicodeScalars) }
        let prefixLength = commonPrefixLength(single)
        let suffixLength = commonSuffixLength(single)
        func utf8(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt8] {
            Array(String(String.UnicodeScalarView(scalars)).utf8)
        }
        digits = single.map { utf8($0[prefixLength..<($0.count - suffixLength)]) }
        precondition(Set(digits.map(\.count)).count == 1, "digits of \(locale.identifier) differ in length")
        digitBytes = digits.flatMap { $0 }
        digitWidth = digits[0].count
        positivePrefix = utf8(single[0][..<prefixLength])
        positiveSuffix = utf8(single[0][(single[0].count - suffixLength)...])

        let digitTable = DigitTable(digits)
        func affixes(_ text: String) -> (prefix: [UInt8], suffix: [UInt8]) {
            let bytes = Array(text.utf8)
            let spans = digitTable.digitSpans(bytes)
            return (Array(bytes[..<spans.first!.lowerBound]), Array(bytes[spans.last!.upperBound...]))
        }
        (negativePrefix, negativeSuffix) = affixes(render("-1", fraction: 0))
        (plusPrefix, plusSuffix) = affixes(render("1", fraction: 0, plus: true))

        // Decimal separator: what stands between the digits of 1.5.
        let half = Array(render("1.5", fraction: 1).utf8)
        let halfSpans = digitTable.digitSpans(half)
        decimalSeparator = Array(half[halfSpans[0].upperBound..<halfSpans[1].lowerBound])

        // Grouping: the runs of digits in a long integer, read from the right.
        let read = digitTable.readGrouping(Array(render("1234567890123456789", fraction: 0).utf8)) { digits in
            Array(render("1" + String(repeating: "0", count: digits - 1), fraction: 0).utf8)
        }
        (primaryGroupSize, secondaryGroupSize) = (read.primary, read.secondary)
        (groupingSeparator, minimumGroupingDigits) = (read.separator, read.minimumDigits)
        // Every byte string of the hot path in one allocation, read without reference counting.
        let parts = [
            digitBytes, decimalSeparator, groupingSeparator, positivePrefix, positiveSuffix, negativePrefix,
            negativeSuffix, plusPrefix, plusSuffix,
        ]
        packed = PackedBytes(parts)
        let pieces = zip(parts, packed.spans).map { FormatPlan.Piece($0, offset: $1.offset) }
        grouping = Grouping(
            primary: primaryGroupSize, secondary: secondaryGroupSize, minimumDigits: minimumGroupingDigits)
        precondition(digitWidth <= 4, "digits of \(locale.identifier) longer than 4 bytes")
        digitCodes = .allocate(capacity: 10)
        for (k, digit) in digits.enumerated() { digitCodes[k] = UInt32(truncatingIfNeeded: littleEndianCode(digit)) }
        digitPairs = .allocate(capacity: 100)
        for k in 0..<100 { digitPairs[k] = littleEndianCode(digits[k / 10] + digits[k % 10]) }
        self.affixes = .allocate(capacity: 6)
        self.affixes.initialize(from: Array(pieces[3...8]), count: 6)
        plan = FormatPlan(
            blob: packed.base, digitCodes: digitCodes, digitPairs: digitPairs, digitWidth: digitWidth, grouping: grouping,
            decimal: pieces[1], group: pieces[2], affixes: self.affixes)
    }

    deinit {
        digitCodes.deallocate()
        digitPairs.deallocate()
        affixes.deallocate()
    }

}

/// The hot path's view of a ``LocaleNumberFormatStorage``: plain numbers and
/// raw pointers into the storage (which must outlive it), so that writing a
/// number retains nothing.
struct FormatPlan: @unchecked Sendable {
    /// A byte string of the format: up to 8 bytes as a little-endian word
    /// written with one store, a longer one copied from the blob.
    struct Piece {
        var code: UInt64
        var offset: Int
        var count: Int

        init(_ bytes: [UInt8], offset: Int) {
            code = littleEndianCode(bytes)
            self.offset = offset
            count = bytes.count
        }
    }

    /// Bytes past the end of what ``write(negative:integer:fraction:showPlus:to:)``
    /// writes that it may overwrite (it stores whole words).
    static let slack = 8

    let blob: UnsafePointer<UInt8>
    let digitCodes: UnsafePointer<UInt32>
    let digitPairs: UnsafePointer<UInt64>
    let digitWidth: Int
    let grouping: Grouping
    let decimal: Piece, group: Piece
    /// The prefix and suffix of a positive number, of a negative one, of
    /// one with a plus sign: picked by index, not compared field by field.
    let affixes: UnsafePointer<Piece>

    init(
        blob: UnsafeMutablePointer<UInt8>, digitCodes: UnsafeMutablePointer<UInt32>,
        digitPairs: UnsafeMutablePointer<UInt64>, digitWidth: Int,
        grouping: Grouping, decimal: Piece, group: Piece, affixes: UnsafeMutablePointer<Piece>
    ) {
        self.blob = UnsafePointer(blob)
        self.digitCodes = UnsafePointer(digitCodes)
        self.digitPairs = UnsafePointer(digitPairs)
        self.digitWidth = digitWidth
        self.grouping = grouping
        (self.decimal, self.group) = (decimal, group)
        self.affixes = UnsafePointer(affixes)
    }

    /// How many grouping separators an integer part of `n` digits gets.
    @inline(__always)
    func separators(_ n: Int) -> Int {
        grouping.separatorCount(digits: n)
    }

    /// The prefix of the number's form; its suffix follows it.
    @inline(__always)
    func prefix(negative: Bool, showPlus: Bool) -> UnsafePointer<Piece> {
        affixes + (negative ? 2 : showPlus ? 4 : 0)
    }

    /// The length of the number written with `n` integer and `f` fraction digits.
    @inline(__always)
    func length(negative: Bool, showPlus: Bool, integerCount n: Int, fractionCount f: Int) -> Int {
        let affix = prefix(negative: negative, showPlus: showPlus)
        return affix[0].count &+ affix[1].count &+ (n &+ f) &* digitWidth &+ separators(n) &* group.count
            &+ (f == 0 ? 0 : decimal.count)
    }

    /// Writes the number at `start` (with ``slack`` bytes of room past its
    /// ``length(negative:showPlus:integerCount:fractionCount:)``) and returns that length.
    @inline(__always)
    func write(
        negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
        showPlus: Bool, to start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let affix = prefix(negative: negative, showPlus: showPlus)
        let n = integer.count
        let g = grouping
        var q = start
        put(affix[0], &q)
        g.forEachGroup(digits: n) { from, to in
            putDigits(integer, from, to, &q)
        } separator: {
            put(group, &q)
        }
        if !fraction.isEmpty {
            put(decimal, &q)
            putDigits(fraction, 0, fraction.count, &q)
        }
        put(affix[1], &q)
        return q - start
    }

    /// Appends the number to `out`, written in place.
    @inline(__always)
    func append<Output: ByteOutput & ~Copyable>(
        negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
        showPlus: Bool, to out: inout Output
    ) {
        let length = length(
            negative: negative, showPlus: showPlus, integerCount: integer.count, fractionCount: fraction.count)
        out.append(upTo: length &+ Self.slack) { start in
            write(negative: negative, integer: integer, fraction: fraction, showPlus: showPlus, to: start)
        }
    }

    /// Writes `piece` at `q` and advances it.
    @inline(__always)
    func put(_ piece: Piece, _ q: inout UnsafeMutablePointer<UInt8>) {
        if piece.count <= 8 {
            UnsafeMutableRawPointer(q).storeBytes(of: piece.code, as: UInt64.self)
        } else {
            q.update(from: blob + piece.offset, count: piece.count)
        }
        q += piece.count
    }

    /// Writes the ASCII digits `digits[from..<to]` in the format's digits at
    /// `q` (`digitWidth` bytes a digit; two digits stored 8 bytes at a time,
    /// a last one 4) and advances it.
    @inline(__always)
    func putDigits(_ digits: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ q: inout UnsafeMutablePointer<UInt8>) {
        let w = digitWidth
        var j = from
        while to &- j >= 2 {
            // "00" is 48 * 11 = 528.
            let pair = Int(digits[j]) &* 10 &+ Int(digits[j &+ 1]) &- 528
            UnsafeMutableRawPointer(q).storeBytes(of: digitPairs[pair], as: UInt64.self)
            q += 2 &* w
            j &+= 2
        }
        if j < to {
            UnsafeMutableRawPointer(q).storeBytes(of: digitCodes[Int(digits[j] &- 48)], as: UInt32.self)
            q += w
        }
    }
}

public struct LocaleNumberFormat: Sendable, Hashable {
    /// Which FormatStyle the format mirrors.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// `Decimal.FormatStyle`.
        case number
        /// `Decimal.FormatStyle.Percent`: the digits given are percent points.
        case percent
    }

    let storage: LocaleNumberFormatStorage

    /// The locale identifier the format was derived for.
    public var localeIdentifier: String { storage.localeIdentifier }
    /// The style the format mirrors.
    public var style: Style { storage.style }
    /// UTF-8 of the ten digits `0` to `9` in the locale's numbering system.
    public var digits: [[UInt8]] { storage.digits }
    /// The ten digits' UTF-8, `digitWidth` bytes each, for the fast path.
    var digitBytes: [UInt8] { storage.digitBytes }
    /// The UTF-8 length of every digit (one numbering system, one block).
    var digitWidth: Int { storage.digitWidth }
    /// UTF-8 of the decimal separator.
    public var decimalSeparator: [UInt8] { storage.decimalSeparator }
    /// UTF-8 of the grouping separator (empty when the locale never groups).
    public var groupingSeparator: [UInt8] { storage.groupingSeparator }
    /// Size of the group nearest the decimal point; 0 means no grouping.
    public var primaryGroupSize: Int { storage.primaryGroupSize }
    /// Size of every further group (equal to the primary size for most locales, 2 for Indian grouping).
    public var secondaryGroupSize: Int { storage.secondaryGroupSize }
    /// CLDR minimum grouping digits: the integer part is grouped only when
    /// it has at least `primaryGroupSize + minimumGroupingDigits` digits.
    public var minimumGroupingDigits: Int { storage.minimumGroupingDigits }
    /// Text around the digits of a positive number (percent sign, for percents).
    public var positivePrefix: [UInt8] { storage.positivePrefix }
    public var positiveSuffix: [UInt8] { storage.positiveSuffix }
    /// Text around the digits of a negative number (minus sign and bidi marks).
    public var negativePrefix: [UInt8] { storage.negativePrefix }
    public var negativeSuffix: [UInt8] { storage.negativeSuffix }
    /// Text around the digits of a positive number written with an explicit plus sign.
    public var plusPrefix: [UInt8] { storage.plusPrefix }
    public var plusSuffix: [UInt8] { storage.plusSuffix }

    /// Derives the format of `locale` for `style` from Foundation.
    public init(locale: Locale, style: Style = .number) {
        storage = LocaleNumberFormatStorage(locale: locale, style: style)
    }

    public static func == (a: LocaleNumberFormat, b: LocaleNumberFormat) -> Bool {
        a.storage === b.storage
            || (a.localeIdentifier == b.localeIdentifier && a.style == b.style && a.digits == b.digits
                && a.decimalSeparator == b.decimalSeparator && a.groupingSeparator == b.groupingSeparator
                && a.grouping == b.grouping && a.positivePrefix == b.positivePrefix
                && a.positiveSuffix == b.positiveSuffix && a.negativePrefix == b.negativePrefix
                && a.negativeSuffix == b.negativeSuffix && a.plusPrefix == b.plusPrefix
                && a.plusSuffix == b.plusSuffix)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(localeIdentifier)
        hasher.combine(style)
    }

    /// Whether every digit of the numbering system is the ASCII digit.
    public var usesASCIIDigits: Bool {
        digits.enumerated().allSatisfy { $0.element == [UInt8(ascii: "0") + UInt8($0.offset)] }
    }

    /// The group sizes and minimum grouping digits as one value.
    public var grouping: Grouping {
        Grouping(primary: primaryGroupSize, secondary: secondaryGroupSize, minimumDigits: minimumGroupingDigits)
    }

    /// Writes a number given as ASCII digit strings.
    ///
    /// - Parameters:
    ///   - negative: whether to write the negative form.
    ///   - integer: ASCII digits of the integer part, written as given (no
    ///     leading zeros are added or removed; pass `0` for a zero integer part).
    ///   - fraction: ASCII digits of the fraction; empty writes no decimal separator.
    ///   - showPlus: write the explicit plus form for a non-negative number.
    public func format<Output: ByteOutput & ~Copyable>(
        negative: Bool, integer: some Collection<UInt8>, fraction: some Collection<UInt8>,
        showPlus: Bool = false, into out: inout Output
    ) {
        let i = Array(integer)
        let f = Array(fraction)
        i.withUnsafeBufferPointer { ib in
            f.withUnsafeBufferPointer { fb in
                format(negative: negative, integer: ib, fraction: fb, showPlus: showPlus, into: &out)
            }
        }
    }

    /// Writes a number given as ASCII digit buffers: the byte-level fast path.
    public func format<Output: ByteOutput & ~Copyable>(
        negative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
        showPlus: Bool = false, into out: inout Output
    ) {
        storage.plan.append(negative: negative, integer: integer, fraction: fraction, showPlus: showPlus, to: &out)
    }

    /// Writes ASCII integer digits in this format's digits with its grouping.
    public func appendGroupedInteger<Output: ByteOutput & ~Copyable>(_ integer: some Collection<UInt8>, into out: inout Output) {
        grouping.appendGrouped(integer, digits: digits, separator: groupingSeparator, into: &out)
    }
}

/// Up to 8 bytes as a little-endian word, for one unaligned store.
private func littleEndianCode(_ bytes: [UInt8]) -> UInt64 {
    var code: UInt64 = 0
    for (k, b) in bytes.prefix(8).enumerated() { code |= UInt64(b) << (8 * k) }
    return code
}

/// Recognises a numbering system's digits in UTF-8.
struct DigitTable: Sendable {
    let digits: [[UInt8]]

    init(_ digits: [[UInt8]]) { self.digits = digits }

    /// The digit value at `index` of `bytes` and its length, or nil.
    func digit<C: RandomAccessCollection<UInt8>>(in bytes: C, at index: Int) -> (value: Int, length: Int)?
    where C.Index == Int {
        for (value, d) in digits.enumerated() where index + d.count <= bytes.endIndex {
            var match = true
            for k in 0..<d.count where bytes[index + k] != d[k] {
                match = false
                break
            }
            if match { return (value, d.count) }
        }
        return nil
    }

    /// The byte ranges of the maximal runs of digits in `bytes`.
    func digitSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var i = 0
        var start: Int? = nil
        while i < bytes.count {
            if let (_, length) = digit(in: bytes, at: i) {
                if start == nil { start = i }
                i += length
            } else {
                if let s = start { spans.append(s..<i) }
                start = nil
                i += 1
            }
        }
        if let s = start { spans.append(s..<i) }
        return spans
    }

    /// The grouping a notation uses, read off `long` (a 19-digit integer as it
    /// writes it): the group sizes from the right, the separator between the
    /// last two groups, and the minimum grouping digits, the smallest extra
    /// length at which `render(digits)` (an integer of that many digits as
    /// the notation writes it) shows a separator.
    func readGrouping(_ long: [UInt8], render: (Int) -> [UInt8]) -> (
        primary: Int, secondary: Int, separator: [UInt8], minimumDigits: Int
    ) {
        let runs = digitSpans(long)
        guard runs.count >= 2 else { return (0, 0, [], 1) }
        let counts = runs.map { digitCount(long[$0]) }
        let primary = counts[counts.count - 1]
        let secondary = counts.count > 2 ? counts[counts.count - 2] : primary
        let separator = Array(long[runs[runs.count - 2].upperBound..<runs[runs.count - 1].lowerBound])
        for extra in 1...4 where digitSpans(render(primary + extra)).count > 1 {
            return (primary, secondary, separator, extra)
        }
        return (primary, secondary, separator, 1)
    }

    /// How many digits a run of digit bytes holds.
    func digitCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var i = bytes.startIndex
        var n = 0
        while i < bytes.endIndex, let (_, length) = digit(in: bytes, at: i) {
            i += length
            n += 1
        }
        return n
    }
}

private func commonPrefixLength(_ strings: [[Unicode.Scalar]]) -> Int {
    var n = 0
    while strings.allSatisfy({ $0.count > n && $0[n] == strings[0][n] }) { n += 1 }
    return n
}

private func commonSuffixLength(_ strings: [[Unicode.Scalar]]) -> Int {
    var n = 0
    while strings.allSatisfy({ $0.count > n && $0[$0.count - 1 - n] == strings[0][strings[0].count - 1 - n] }) {
        n += 1
    }
    return n
}
