/// How one locale writes plain numbers (or percents), built once from the
/// generated CLDR data (``NumberSymbols``) and then applied by a byte-level loop.
///
/// Foundation is the oracle: every field here equals what is read off
/// strings that `Decimal.FormatStyle` (or `.Percent`) produces for probe
/// values (see ``NumberNotation``; NumberSymbolsDataTests checks every
/// locale), so the output of
/// ``format(negative:integer:fraction:showPlus:into:)`` equals FormatStyle's
/// for the same digits, with no 38-digit limit.
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
    /// The notation the format writes.
    var notation: NumberNotation { storage.notation }
    /// UTF-8 of the ten digits `0` to `9` in the locale's numbering system.
    public var digits: [[UInt8]] { notation.digits }
    /// The ten digits' UTF-8, `digitWidth` bytes each, for the fast path.
    var digitBytes: [UInt8] { storage.digitBytes }
    /// The UTF-8 length of every digit (one numbering system, one block).
    var digitWidth: Int { storage.digitWidth }
    /// UTF-8 of the decimal separator.
    public var decimalSeparator: [UInt8] { notation.decimalSeparator }
    /// UTF-8 of the grouping separator (empty when the locale never groups).
    public var groupingSeparator: [UInt8] { notation.groupingSeparator }
    /// Size of the group nearest the decimal point; 0 means no grouping.
    public var primaryGroupSize: Int { notation.grouping.primary }
    /// Size of every further group (equal to the primary size for most locales, 2 for Indian grouping).
    public var secondaryGroupSize: Int { notation.grouping.secondary }
    /// CLDR minimum grouping digits: the integer part is grouped only when
    /// it has at least `primaryGroupSize + minimumGroupingDigits` digits.
    public var minimumGroupingDigits: Int { notation.grouping.minimumDigits }
    /// Text before the digits of a positive number (percent sign, for percents).
    public var positivePrefix: [UInt8] { notation.positive.prefix }
    /// Text after the digits of a positive number.
    public var positiveSuffix: [UInt8] { notation.positive.suffix }
    /// Text before the digits of a negative number (minus sign and bidi marks).
    public var negativePrefix: [UInt8] { notation.negative.prefix }
    /// Text after the digits of a negative number.
    public var negativeSuffix: [UInt8] { notation.negative.suffix }
    /// Text before the digits of a positive number written with an explicit plus sign.
    public var plusPrefix: [UInt8] { notation.plus.prefix }
    /// Text after the digits of a positive number written with an explicit plus sign.
    public var plusSuffix: [UInt8] { notation.plus.suffix }

    /// The format of `locale` for `style`, built once per process (later
    /// calls share the first one's storage).
    public init(locale: LocaleID, style: Style = .number) {
        storage = LocaleNumberFormatStorage.shared(locale: locale, style: style)
    }

    public static func == (a: LocaleNumberFormat, b: LocaleNumberFormat) -> Bool {
        a.storage === b.storage
            || (a.localeIdentifier == b.localeIdentifier && a.style == b.style && a.digits == b.digits
                && a.decimalSeparator == b.decimalSeparator && a.groupingSeparator == b.groupingSeparator
                && a.grouping == b.grouping && a.notation.positive == b.notation.positive
                && a.notation.negative == b.notation.negative && a.notation.plus == b.notation.plus)
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
    public var grouping: Grouping { notation.grouping }

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
    public func appendGroupedInteger<Output: ByteOutput & ~Copyable>(
        _ integer: some Collection<UInt8>, into out: inout Output
    ) {
        notation.appendGroupedInteger(Array(integer), into: &out)
    }
}

/// The derived data of a ``LocaleNumberFormat``, shared by its copies (and,
/// through ``shared(locale:style:)``, by every format of the same locale and
/// style): one reference to retain when a format is copied, and the hot
/// path's byte strings in one raw allocation.
// @unchecked Sendable, safely: every stored property is a `let`; the raw
// tables (`digitCodes`, `digitPairs`, `affixes`) are filled in `init`,
// before the object can be shared, never written again, and freed in `deinit`.
final class LocaleNumberFormatStorage: @unchecked Sendable {
    /// The locale identifier the format was derived for.
    let localeIdentifier: String
    /// The style the format mirrors.
    let style: LocaleNumberFormat.Style
    /// The locale's notation in that style.
    let notation: NumberNotation
    /// The ten digits' UTF-8, `digitWidth` bytes each, for the fast path.
    let digitBytes: [UInt8]
    /// The UTF-8 length of every digit (one numbering system, one block).
    let digitWidth: Int
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

    /// The storage of `locale` in `style`, derived on first use.
    static func shared(locale: LocaleID, style: LocaleNumberFormat.Style) -> LocaleNumberFormatStorage {
        let probe = FoundationProbe(locale: locale, kind: style == .number ? .number : .percent, compact: false)
        if let known = cache[probe] { return known }
        return cache.insert(LocaleNumberFormatStorage(probe: probe, style: style), for: probe)
    }

    private static let cache = ProbeCache<LocaleNumberFormatStorage>()

    /// Lays out the notation of `probe` (a number or percent probe) for the hot path.
    private init(probe: FoundationProbe, style: LocaleNumberFormat.Style) {
        localeIdentifier = probe.locale.identifier
        self.style = style
        let notation = NumberNotation.of(probe)
        self.notation = notation
        let digits = notation.digits
        precondition(Set(digits.map(\.count)).count == 1, "digits of \(localeIdentifier) differ in length")
        digitBytes = digits.flatMap { $0 }
        digitWidth = digits[0].count
        precondition(digitWidth <= 4, "digits of \(localeIdentifier) longer than 4 bytes")
        // Every byte string of the hot path in one allocation, read without reference counting.
        let parts = [
            digitBytes, notation.decimalSeparator, notation.groupingSeparator,
            notation.positive.prefix, notation.positive.suffix, notation.negative.prefix, notation.negative.suffix,
            notation.plus.prefix, notation.plus.suffix,
        ]
        packed = PackedBytes(parts)
        let pieces = zip(parts, packed.spans).map { FormatPlan.Piece($0, offset: $1.offset) }
        digitCodes = .allocate(capacity: 10)
        for (k, digit) in digits.enumerated() { digitCodes[k] = UInt32(truncatingIfNeeded: littleEndianCode(digit)) }
        digitPairs = .allocate(capacity: 100)
        for k in 0..<100 { digitPairs[k] = littleEndianCode(digits[k / 10] + digits[k % 10]) }
        affixes = .allocate(capacity: 6)
        affixes.initialize(from: Array(pieces[3...8]), count: 6)
        plan = FormatPlan(
            blob: packed.base, digitCodes: digitCodes, digitPairs: digitPairs, digitWidth: digitWidth,
            grouping: notation.grouping, decimal: pieces[1], group: pieces[2], affixes: affixes)
    }

    deinit {
        digitCodes.deallocate()
        digitPairs.deallocate()
        affixes.deallocate()
    }
}
