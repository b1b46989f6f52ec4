/// The unit styles' hot path: a value of at most 19 significant digits
/// (every byte count, and most measurements) is scaled and rounded in
/// 128-bit integers and written into a stack buffer, without allocating.
/// It gives ``UnitFormatter/format(_:into:)``'s bytes (held to it by
/// `UnitStyleTests`' differential over random values and by the `units` fuzz
/// target); anything else (more digits, `--from-unit`, `--to-unit`,
/// significant digits, more than ``maxFastFraction`` fraction digits) takes
/// the general path.
// @unchecked Sendable, safely: every stored property is a `let`; the raw
// pointers of its ``View`` point into memory this object allocates in
// `init`, never writes after it and frees in `deinit`.
final class UnitFastPath: @unchecked Sendable {
    /// The most fraction digits the hot path rounds to.
    static let maxFastFraction = 6

    /// Everything a value needs, as raw pointers into ``storage`` and plain numbers.
    struct Tables {
        let digitTable: UnsafePointer<UInt8>
        let digitWidth: Int
        let asciiDigits: Bool
        let decimalSeparator: UnsafeBufferPointer<UInt8>
        let positive: (prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>)
        let negative: (prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>)
        let plus: (prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>)
        /// What follows the number at each power 0...10.
        let units: UnsafePointer<UnsafeBufferPointer<UInt8>>
        let base: UInt64
        let rounding: DecimalRoundingRule
        let sign: CoinFormatStyle.SignDisplay
        /// numfmt's digits (-1), or the fraction digits' bounds.
        let minimumFraction: Int
        let maximumFraction: Int
        /// The most bytes one value is written with.
        let outputLimit: Int
        /// base^p for p = 0...6, and 10^k for k = 0...19.
        let powers: UnsafePointer<UInt64>
        let tens: UnsafePointer<UInt64>
    }

    /// The hot path's view: one pointer, copied without reference counting.
    struct View: @unchecked Sendable {
        let tables: UnsafePointer<Tables>
        var outputLimit: Int { tables.pointee.outputLimit }
    }

    private let storage: PackedBytes
    private let unitSlices: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>
    private let numbers: UnsafeMutablePointer<UInt64>
    private let tables: UnsafeMutablePointer<Tables>
    let view: View

    /// The hot path of `units`, or nil where it does not apply (see the file's comment).
    init?(_ units: UnitFormatter) {
        guard units.fromUnit == 1 && units.toUnit == 1 else { return nil }
        let (lo, hi): (Int, Int)
        switch units.precision {
        case .numfmt: (lo, hi) = (-1, 1)
        case .fractionLength(let a, let b):
            guard b <= Self.maxFastFraction else { return nil }
            (lo, hi) = (a, b)
        case .significantDigits: return nil
        }
        let notation = units.notation
        let digits = notation.digits
        guard digits.count == 10, let width = digits.first?.count, width > 0, digits.allSatisfy({ $0.count == width })
        else { return nil }
        let pieces: [[UInt8]] =
            [Array(digits.joined()), notation.decimalSeparator]
            + [notation.positive, notation.negative, notation.plus].flatMap { [$0.prefix, $0.suffix] } + units.units
        let packed = PackedBytes(pieces)
        storage = packed
        let slices = packed.spans.map { UnsafeBufferPointer(start: packed.base + $0.offset, count: $0.count) }
        unitSlices = .allocate(capacity: units.units.count)
        unitSlices.initialize(from: Array(slices[8...]), count: units.units.count)
        let affixes = [notation.positive, notation.negative, notation.plus].map { $0.prefix.count + $0.suffix.count }
        // base^0...base^6 (1024^6 = 2^60), then 10^0...10^19.
        numbers = .allocate(capacity: 7 + 20)
        var power: UInt64 = 1
        for p in 0..<7 {
            numbers[p] = power
            power &*= units.base
        }
        var ten: UInt64 = 1
        for k in 0..<20 {
            numbers[7 + k] = ten
            ten &*= 10
        }
        tables = .allocate(capacity: 1)
        tables.initialize(
            to: Tables(
                digitTable: UnsafePointer(packed.base), digitWidth: width,
                asciiDigits: digits == (0...9).map { [UInt8(ascii: "0") + $0] }, decimalSeparator: slices[1],
                positive: (slices[2], slices[3]), negative: (slices[4], slices[5]), plus: (slices[6], slices[7]),
                units: UnsafePointer(unitSlices), base: units.base, rounding: units.rounding, sign: units.sign,
                minimumFraction: lo, maximumFraction: hi,
                outputLimit: (affixes.max() ?? 0) + (units.units.map(\.count).max() ?? 0)
                    + notation.decimalSeparator.count + 40 * width,
                powers: UnsafePointer(numbers), tens: UnsafePointer(numbers + 7)))
        view = View(tables: UnsafePointer(tables))
    }

    deinit {
        tables.deinitialize(count: 1)
        tables.deallocate()
        unitSlices.deallocate()
        numbers.deallocate()
    }
}

extension UnitFastPath.View {
    /// Parses the machine number `bytes` (``ExactDecimal/scan(_:into:)``'s
    /// grammar and errors) and hands its formatted bytes and outcome to
    /// `emit`; nil, without calling `emit`, when the value is not the hot
    /// path's (see the file's comment).
    @inline(__always)
    func write<R>(
        parsing bytes: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
    ) throws(ExactDecimal.ParseError) -> R? {
        // A whole number of at most 19 digits (a byte count), read here.
        let n = bytes.count
        if n > 0 && n <= 19 {
            let negative = bytes[0] == UInt8(ascii: "-")
            var i = negative ? 1 : 0
            var m: UInt64 = 0
            while i < n, case let d = bytes[i] &- 48, d < 10 {
                m = m &* 10 &+ UInt64(d)
                i += 1
            }
            if i == n && n > (negative ? 1 : 0) { return write(m, scale: 0, negative: negative && m != 0, emit) }
        }
        // A longer text has more digits than the hot path takes, or an exponent.
        guard n <= 48 else { return nil }
        // Bound: the scan writes at most one digit a byte, plus its slack.
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48 + ExactDecimal.scanSlack) {
            (buffer) throws(ExactDecimal.ParseError) -> R? in
            let digits = buffer.baseAddress!
            let number = try ExactDecimal.scan(bytes, into: digits)
            guard number.count <= 19 else { return nil }
            var m: UInt64 = 0
            for k in 0..<number.count { m = m &* 10 &+ UInt64(digits[k] &- 48) }
            var scale = 0
            if number.exponent < 0 {
                guard number.exponent >= -18 else { return nil }
                scale = -number.exponent
            } else if number.exponent > 0 {
                // Trailing zeros: within 64 bits, or the general path.
                for _ in 0..<number.exponent {
                    let (product, overflow) = m.multipliedReportingOverflow(by: 10)
                    if overflow { return nil }
                    m = product
                }
            }
            return write(m, scale: scale, negative: number.isNegative, emit)
        }
    }

    /// Whether to round `q` (with remainder `r` of `d`) away from zero.
    @inline(__always)
    private static func roundsUp<T: BinaryInteger>(
        _ q: T, _ r: T, _ d: T, _ rule: DecimalRoundingRule, negative: Bool
    ) -> Bool {
        if r == 0 { return false }
        switch rule {
        case .up: return true
        case .down: return false
        case .ceiling: return !negative
        case .floor: return negative
        case .halfUp: return r >= d - r
        case .halfDown: return r > d - r
        case .halfEven: return r > d - r || (r == d - r && q & 1 == 1)
        }
    }

    /// Writes `±m / 10^scale` (`m` < 2^64, `scale` <= 18): the prefix, the
    /// rounded mantissa and its digits, as ``UnitFormatter/layout(_:)``.
    @inline(__always)
    private func write<R>(
        _ m: UInt64, scale: Int, negative: Bool, _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
    ) -> R? {
        let t = tables.pointee
        var p = 0
        // The mantissa shown times 10^f, and f: within 64 bits (see below).
        var q: UInt64
        var f: Int
        if scale == 0 {
            // A whole number: 64-bit arithmetic (1024^6 = 2^60; 10^19 < 1000^7, 1024^7).
            while p < 6 && m >= t.powers[p + 1] { p += 1 }
            let d = t.powers[p]
            f = t.minimumFraction < 0 ? (p > 0 && m / 10 < d ? 1 : 0) : t.maximumFraction
            let (numerator, overflow) = m.multipliedReportingOverflow(by: t.tens[f])
            if overflow { return nil }
            if p == 0 {
                q = numerator
            } else {
                q = numerator / d
                if Self.roundsUp(q, numerator % d, d, t.rounding, negative: negative) { q &+= 1 }
            }
        } else {
            // A fraction: base^p × 10^s < 2^120, m × 10^f < 2^84, in 128 bits.
            let value = UInt128(m)
            var d = UInt128(t.tens[scale])
            while p < UnitFormatter.maxPower && value >= d &* UInt128(t.base) {
                d &*= UInt128(t.base)
                p += 1
            }
            f = t.minimumFraction < 0 ? (p > 0 && value < d &* 10 ? 1 : 0) : t.maximumFraction
            let numerator = value &* UInt128(t.tens[f])
            var q128 = numerator / d
            if Self.roundsUp(q128, numerator % d, d, t.rounding, negative: negative) { q128 &+= 1 }
            // Bound: q128 < base × 10^f + 1 <= 1024 × 10^6 + 1.
            q = UInt64(truncatingIfNeeded: q128)
        }
        if p < UnitFormatter.maxPower && q >= t.base &* t.tens[f] {
            // Rounded up to the base: the next prefix, as exactly one.
            p += 1
            q = t.tens[f]
        }
        // Bound: q < base × 10^6 and its padding below (<= 6 digits) stay within 64 bits.
        let minimum = t.minimumFraction >= 0 ? t.minimumFraction : (p > 0 && q < 10 &* t.tens[f] ? 1 : 0)
        while f > minimum && q % 10 == 0 {
            q /= 10
            f -= 1
        }
        while f < minimum {
            q &*= 10
            f += 1
        }
        return emitValue(q, fraction: f, power: p, negative: negative, emit)
    }

    /// Writes the sign's prefix, `q`'s digits with `fraction` of them after
    /// the decimal separator, the unit of `power` and the sign's suffix.
    @inline(__always)
    private func emitValue<R>(
        _ q: UInt64, fraction: Int, power p: Int, negative: Bool,
        _ emit: (UnsafeBufferPointer<UInt8>, CoinFormatter.Outcome) -> R
    ) -> R? {
        let t = tables.pointee
        let isZero = q == 0
        let outcome: CoinFormatter.Outcome = isZero ? .zero : negative ? .negative : .positive
        let affixes: (prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>)
        switch t.sign.form(negative: negative, zero: isZero) {
        case .positive, .unsigned: affixes = t.positive
        case .negative: affixes = t.negative
        case .plus: affixes = t.plus
        }
        // Bound: `outputLimit` bytes, which hold the longest affixes and
        // unit, the separator and 40 digits (q has at most 20, and the zero
        // integer before a fraction one more); then 24 bytes of scratch for
        // the digits, least significant first.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: t.outputLimit + 24) { buffer in
            let out = buffer.baseAddress!
            let raw = out + t.outputLimit
            var at = 0
            Self.put(affixes.prefix, out, &at)
            var digits = 0
            var rest = q
            repeat {
                raw[digits] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
                digits &+= 1
            } while rest > 0
            while digits <= fraction {
                raw[digits] = 48
                digits &+= 1
            }
            let width = t.digitWidth
            var k = digits
            while k > 0 {
                k &-= 1
                if k == fraction &- 1 { Self.put(t.decimalSeparator, out, &at) }
                if t.asciiDigits {
                    out[at] = raw[k]
                    at &+= 1
                } else {
                    let source = t.digitTable + Int(raw[k] &- 48) &* width
                    for j in 0..<width { out[at &+ j] = source[j] }
                    at &+= width
                }
            }
            Self.put(t.units[p], out, &at)
            Self.put(affixes.suffix, out, &at)
            return emit(UnsafeBufferPointer(start: out, count: at), outcome)
        }
    }

    /// Copies `piece` to `out + at` and advances `at` (a function, not a
    /// closure: a captured `at` would be checked for exclusivity at run time).
    @inline(__always)
    private static func put(_ piece: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ at: inout Int) {
        for b in piece {
            out[at] = b
            at &+= 1
        }
    }
}
