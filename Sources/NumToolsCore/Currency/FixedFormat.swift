// @unchecked Sendable, safely: every stored property is a `let`, and the
// raw pointers of its ``FixedFormat/View`` point into `storage`, a
// ``PackedBytes`` this object holds (so they live as long as it does) and
// that is never written after `init`.
/// The byte-level writer of a ``CoinFormatter`` whose text around the number
/// does not depend on the number: the number, currency and percent styles
/// (not compact or scientific) with a fixed template, that is every
/// presentation but plural-dependent currency names, in every sign display
/// (the accounting pattern included).
///
/// Everything a value needs is derived once and kept in one allocation that
/// the hot path reads through raw pointers (no reference counting, no arrays
/// of arrays): the ten digits (of one UTF-8 length, possibly multibyte), the
/// separators, the grouping and the prefix and suffix of each sign form. A
/// value is then parsed, rounded in place and written into stack buffers,
/// and handed over in one piece.
///
/// The hot path reads a ``View``: the same tables as plain pointers and
/// numbers, a trivial value that a caller copies without reference
/// counting (``CoinFormatter`` keeps this object beside its view, which
/// keeps the memory alive).
final class FixedFormat: @unchecked Sendable {
    /// Text before and after the number in one sign form.
    struct Affixes {
        var prefix: UnsafeBufferPointer<UInt8>
        var suffix: UnsafeBufferPointer<UInt8>
    }

    /// Longest value (in bytes, or coefficient digits) written here; longer
    /// ones take the general path.
    static let digitLimit = 4096
    /// Longest output (in bytes) written here; longer ones (`1e999999`) take the general path.
    static let outputLimit = 16384

    /// Every byte the tables point to, in one allocation.
    private let storage: PackedBytes
    /// The tables and the writer, in memory of their own (freed in `deinit`).
    private let tables: UnsafeMutablePointer<Tables>
    /// The writer for the hot path: one pointer to `tables`.
    let view: View

    /// The writer for a style with the fixed `template`, or nil when the
    /// precision is compact's or the digits are not all of one length.
    init?(
        template: Template, notation: NumberNotation, style: CoinFormatStyle,
        precision: CoinFormatStyle.ResolvedPrecision
    ) {
        let digits = notation.digits
        guard precision != .compactDefault, style.increment == nil,
            style.style == .currency || style.style == .percent || style.style == .number, digits.count == 10,
            let width = digits.first?.count, width > 0, digits.allSatisfy({ $0.count == width })
        else { return nil }
        let pieces: [[UInt8]] =
            [Array(digits.joined()), notation.decimalSeparator, notation.groupingSeparator]
            + [template.positive, template.negative, template.plus].flatMap { [$0.prefix, $0.suffix] }
        let storage = PackedBytes(pieces)
        self.storage = storage
        tables = .allocate(capacity: 1)
        tables.initialize(
            to: Tables(storage: storage, notation: notation, width: width, style: style, precision: precision))
        view = View(tables: UnsafePointer(tables))
    }

    deinit {
        tables.deinitialize(count: 1)
        tables.deallocate()
    }

    /// See ``View/write(parsing:_:)``.
    func write<R>(
        parsing bytes: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R? {
        try view.write(parsing: bytes, emit)
    }

    /// See ``View/write(_:_:)``.
    func write<R>(_ value: ExactDecimal, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R) -> R? {
        view.write(value, emit)
    }
}

// @unchecked Sendable, safely: it points to a ``FixedFormat``'s tables,
// never written after its `init`; whoever keeps a view keeps its
// ``FixedFormat`` too (``CoinFormatter``).
extension FixedFormat {
    /// The hot path's view of a ``FixedFormat``: one pointer to its tables
    /// (valid while the ``FixedFormat`` lives), so that binding it copies a
    /// word and writing a value retains nothing.
    struct View: @unchecked Sendable {
        let tables: UnsafePointer<Tables>

        /// See ``Tables/write(parsing:_:)``.
        @inline(__always)
        func write<R>(
            parsing bytes: UnsafeBufferPointer<UInt8>,
            _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
        ) throws(ExactDecimal.ParseError) -> R? {
            try tables.pointee.write(parsing: bytes, emit)
        }

        /// See ``Tables/write(_:_:)``.
        func write<R>(_ value: ExactDecimal, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R) -> R? {
            tables.pointee.write(value, emit)
        }
    }
}

// @unchecked Sendable, safely: its pointers are read-only views of a
// ``FixedFormat``'s storage, never written after its `init`; only its
// ``FixedFormat`` holds it.
extension FixedFormat {
    /// Everything a value needs: the tables as raw pointers into the
    /// storage and plain numbers, and the writer.
    struct Tables: @unchecked Sendable {
        /// The digits 0...9, `digitWidth` bytes each.
        private let digitTable: UnsafePointer<UInt8>
        private let digitWidth: Int
        /// Whether the digits are ASCII `0`...`9` (then written as they are).
        private let asciiDigits: Bool
        private let decimalSeparator: UnsafeBufferPointer<UInt8>
        private let groupingSeparator: UnsafeBufferPointer<UInt8>
        private let grouping: Grouping
        private let positive: Affixes
        private let negative: Affixes
        private let plus: Affixes
        private let precision: CoinFormatStyle.ResolvedPrecision
        private let rule: DecimalRoundingRule
        private let sign: CoinFormatStyle.SignDisplay
        /// The power of ten values are scaled by (2 for percent ratios).
        private let shift: Int

        /// The view of `storage`, packed by ``FixedFormat/init(template:notation:style:precision:)``.
        init(
            storage: PackedBytes, notation: NumberNotation, width: Int, style: CoinFormatStyle,
            precision: CoinFormatStyle.ResolvedPrecision
        ) {
            let digits = notation.digits
            let slices = storage.spans.map { UnsafeBufferPointer(start: storage.base + $0.offset, count: $0.count) }
            digitTable = UnsafePointer(storage.base)
            digitWidth = width
            asciiDigits = digits == (0...9).map { [UInt8(ascii: "0") + $0] }
            decimalSeparator = slices[1]
            groupingSeparator = slices[2]
            grouping = notation.grouping
            positive = Affixes(prefix: slices[3], suffix: slices[4])
            negative = Affixes(prefix: slices[5], suffix: slices[6])
            plus = Affixes(prefix: slices[7], suffix: slices[8])
            self.precision = precision
            rule = style.rounding
            sign = style.sign
            shift = style.style == .percent && style.valueIsRatio ? 2 : 0
        }

        /// Parses the machine number `bytes` (see ``ExactDecimal/init(parsing:)``,
        /// whose errors it throws) and hands its formatted bytes and outcome to
        /// `emit`; nil (without calling `emit`) when it is too long for this path.
        @inline(__always)
        func write<R>(
            parsing bytes: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
        ) throws(ExactDecimal.ParseError) -> R? {
            if bytes.count > FixedFormat.digitLimit { return nil }
            return try withUnsafeTemporaryAllocation(
                of: UInt8.self, capacity: bytes.count + 1 + ExactDecimal.scanSlack
            ) {
                buffer throws(ExactDecimal.ParseError) in
                let number = try ExactDecimal.scan(bytes, into: buffer.baseAddress! + 1)
                // Eight initialized bytes past the digits, for the writer's eight-byte loads.
                UnsafeMutableRawPointer(buffer.baseAddress! + 1 + number.count).storeBytes(of: 0, as: UInt64.self)
                return write(buffer.baseAddress!, number, emit)
            }
        }

        /// Hands `value` formatted and its outcome to `emit`; nil (without
        /// calling `emit`) when it is too long for this path.
        func write<R>(_ value: ExactDecimal, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R) -> R? {
            if value.digits.count > FixedFormat.digitLimit { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: value.digits.count + 1 + 8) { buffer in
                // Eight zeros past the digits, for the writer's eight-byte loads.
                (buffer.baseAddress! + 1 + value.digits.count).initialize(repeating: 0, count: 8)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(fromContentsOf: value.digits)
                let number = ExactDecimal.Scanned(
                    isNegative: value.isNegative, count: value.digits.count, exponent: value.exponent)
                return write(buffer.baseAddress!, number, emit)
            }
        }

        /// Rounds the number whose digits stand at `digits + 1` (`digits[0]` is
        /// room for a carry) in place, as ``CoinFormatter/layout(_:)`` does, and
        /// writes prefix, grouped integer, fraction and suffix into a stack
        /// buffer for `emit`; nil when the output would exceed ``outputLimit``.
        private func write<R>(
            _ digits: UnsafeMutablePointer<UInt8>, _ number: ExactDecimal.Scanned,
            _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
        ) -> R? {
            var (first, count, exponent) = (1, number.count, number.exponent)
            if count > 0 { exponent += shift }
            var minFraction = 0
            switch precision {
            case .fractionLength(let lo, let hi):
                ExactDecimal.round(
                    digits, first: &first, count: &count, exponent: &exponent, toMagnitude: -hi, rule: rule,
                    negative: number.isNegative)
                minFraction = lo
            case .significantDigits(let lo, let hi):
                let magnitude = exponent + count - max(1, hi)
                ExactDecimal.round(
                    digits, first: &first, count: &count, exponent: &exponent, toMagnitude: magnitude, rule: rule,
                    negative: number.isNegative)
                minFraction = max(0, lo - 1 - (count == 0 ? 0 : exponent + count - 1))
            case .compactDefault:
                return nil
            }
            let isZero = count == 0
            let outcome: CoinFormatter.Outcome = isZero ? .zero : number.isNegative ? .negative : .positive
            let affixes: Affixes
            switch sign.form(negative: number.isNegative, zero: isZero) {
            case .positive, .unsigned: affixes = positive
            case .negative: affixes = negative
            case .plus: affixes = plus
            }
            // The integer part is `0` below one; the fraction has -exponent digits, padded to minFraction.
            let magnitude = isZero ? 0 : exponent + count - 1
            let integerCount = max(0, magnitude) + 1
            let integerDigits = magnitude < 0 ? 0 : min(count, integerCount)
            let fractionCount = !isZero && exponent < 0 ? -exponent : 0
            let shownFraction = max(fractionCount, minFraction)
            // Checked first, so that the size below cannot overflow.
            if integerCount > FixedFormat.outputLimit || shownFraction > FixedFormat.outputLimit { return nil }
            let size =
                affixes.prefix.count + affixes.suffix.count + (integerCount + shownFraction) * digitWidth
                + (integerCount - 1) * groupingSeparator.count + decimalSeparator.count
            if size > FixedFormat.outputLimit { return nil }
            // Locals, so that the loops below keep them in registers.
            let (table, width, ascii, coefficient) = (
                digitTable, digitWidth, asciiDigits, UnsafePointer(digits + first)
            )
            // `size` plus the slack of `copy`'s eight-byte stores.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size + 8) { buffer in
                let out = buffer.baseAddress!
                var at = 0
                func put(_ piece: UnsafeBufferPointer<UInt8>) {
                    for b in piece {
                        out[at] = b
                        at += 1
                    }
                }
                func putDigit(_ digit: UInt8) {
                    if ascii {
                        out[at] = digit
                        at += 1
                        return
                    }
                    let source = table + Int(digit &- UInt8(ascii: "0")) &* width
                    for k in 0..<width { out[at + k] = source[k] }
                    at += width
                }
                // The coefficient's digits `from..<to` (`to` at most `count`).
                // ASCII digits are copied eight bytes at a time: the loads
                // read at most 7 bytes past `count` (within the digits'
                // buffer: see the callers), the stores write at most 8 past
                // `at` (within `size + 8`).
                func copy(_ from: Int, _ to: Int) {
                    if !ascii {
                        for k in from..<to { putDigit(coefficient[k]) }
                        return
                    }
                    var k = from
                    while k < to {
                        UnsafeMutableRawPointer(out + at).storeBytes(
                            of: UnsafeRawPointer(coefficient + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                        let step = min(8, to &- k)
                        k &+= step
                        at &+= step
                    }
                }
                func zeros(_ n: Int) {
                    for _ in 0..<n { putDigit(UInt8(ascii: "0")) }
                }
                put(affixes.prefix)
                // Digits past the coefficient's are zeros.
                func integerGroup(_ from: Int, _ to: Int) {
                    let end = min(to, integerDigits)
                    if from < end { copy(from, end) }
                    zeros(to &- max(from, end))
                }
                // ``Grouping/forEachGroup(digits:_:separator:)``, without
                // closures (which would capture `at` and check its access
                // at run time).
                var k = 0
                let lead = grouping.leadingGroup(digits: integerCount)
                if lead > 0 {
                    let primaryStart = integerCount &- grouping.primary
                    var chunk = lead
                    while k < primaryStart {
                        integerGroup(k, k &+ chunk)
                        put(groupingSeparator)
                        k &+= chunk
                        chunk = grouping.secondary
                    }
                }
                integerGroup(k, integerCount)
                if shownFraction > 0 {
                    put(decimalSeparator)
                    zeros(max(count, fractionCount) &- count)
                    copy(max(0, count - fractionCount), count)
                    zeros(shownFraction &- fractionCount)
                }
                put(affixes.suffix)
                return emit(UnsafeBufferPointer(start: out, count: at), outcome)
            }
        }
    }
}
