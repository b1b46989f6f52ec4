import Foundation
import _FoundationICU

/// The units of one locale's CLDR compact notation, short and long (`K`,
/// `thousand`; `Mio.`, `Millionen`; `만`, `억`), each with the power of ten it
/// multiplies the number shown by: read off what ICU, the engine under
/// Foundation's FormatStyle (`.notation(.compactName)` is ICU's compact-short),
/// writes for probe values, so that what coinfmt writes is what numconv reads.
final class CompactUnits: Sendable {
    /// Unit text → power of ten; -1 when the locale's short forms (or its
    /// long ones) write the text for two different powers: then it cannot be
    /// read (`কো` is 10^7 and 10^9 in bn's short forms).
    let units: [[UInt8]: Int]
    /// Whether the units stand before the number (`elfu 1` in Swahili).
    let prefixUnits: Set<[UInt8]>
    /// Whether the locale counts in myriads (a unit of its own at 10^4:
    /// `만`, `万`, `萬`), so that amounts are written in several unit groups
    /// (`1억 2,345만`).
    let myriad: Bool
    /// In a locale that counts in myriads, the short unit of each power of
    /// ten that is a multiple of four and has one (`만` 4, `억` 8, `조` 12;
    /// `万亿` 12 in zh), largest first: what coinfmt's myriad style writes.
    let myriadUnits: [(power: Int, text: [UInt8])]
    /// Long forms whose text the short forms give another power: read as the short.
    let overridden: Set<[UInt8]>
    /// The longest unit, in bytes.
    let longest: Int
    /// The units of at most 16 bytes as inline bytes, in an open-addressing
    /// table of a power of two slots, at most half of them full
    /// (``power(_:_:_:)``); an empty slot has count 0.
    let slots: [(seq: ByteSeq, power: Int)]
    /// Whether no unit text starts or ends with an ASCII digit.
    let digitFreeEnds: Bool
    /// Units with text on both sides of the number (`Vote 340M`, a long
    /// form in Wolof): before, after, power.
    let wrapped: [(before: [UInt8], after: [UInt8], power: Int)]

    /// The power of the unit `p[a..<b]` (-1: a conflict, see ``units``),
    /// or nil: without building an array for the units of 16 bytes or fewer.
    @inline(__always)
    func power(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int? {
        let n = b - a
        guard n > 0 else { return nil }
        guard n <= 16 else { return units[Array(UnsafeBufferPointer(rebasing: p[a..<b]))] }
        let seq = ByteSeq(p, a, b)
        return slots.withUnsafeBufferPointer { t in
            var k = seq.slot(t.count)
            while true {
                let entry = t[k]
                if entry.seq.count == 0 { return nil }
                if entry.seq == seq { return entry.power }
                k = (k &+ 1) & (t.count &- 1)
            }
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: CompactUnits] = [:]

    /// The units of `locale`, derived once per process.
    static func of(_ locale: Locale) -> CompactUnits {
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[locale.identifier] { return known }
        let units = CompactUnits(locale: locale)
        cache[locale.identifier] = units
        return units
    }

    /// Powers of ten probed: CLDR's compact patterns end at 10^14 in most
    /// locales (10^19 in ja, whose `京` is 10^16); larger ones use the largest.
    static let magnitudes = 3...19
    /// Mantissas probed at each power: plural categories one, two/few, many, other.
    static let mantissas = ["1", "2", "5", "1.5"]

    private init(locale: Locale) {
        var units: [[UInt8]: Int] = [:]
        var prefix = Set<[UInt8]>()
        var wrapped: [(before: [UInt8], after: [UInt8], power: Int)] = []
        let decimal = Array(
            FoundationProbe(locale: locale, kind: .number, compact: false)
                .render("1.5", fraction: 1, form: .positive).unicodeScalars
        ).filter { !CurrencyMarks.isBidiOrSpace($0) && $0.properties.numericType == nil }
        var shortUnits: [[UInt8]: Int] = [:]
        var overridden = Set<[UInt8]>()
        var myriadUnits: [Int: [UInt8]] = [:]
        for skeleton in ["compact-short", "compact-long"] {
            if skeleton == "compact-long" { shortUnits = units }
            guard let formatter = ICUNumberFormatter(skeleton: skeleton, locale: locale.identifier) else { continue }
            for m in Self.magnitudes {
                for mantissa in Self.mantissas {
                    let value = Self.times(mantissa, power: m)
                    guard let text = formatter.format(value) else { continue }
                    guard let (unit, isPrefix, shownIntegerDigits) = Self.split(text, decimal: decimal) else {
                        continue
                    }
                    let power = m - (shownIntegerDigits - 1)
                    // The short forms (what FormatStyle and coinfmt write) win
                    // over a long form CLDR gives the same text another power
                    // (`करोड` is 10^7 short and 10^6 long in ne).
                    if skeleton == "compact-long", let short = shortUnits[unit], short != power {
                        overridden.insert(unit)
                        continue
                    }
                    if let zero = unit.firstIndex(of: 0) {
                        let pair = (Array(unit[..<zero]), Array(unit[(zero + 1)...]), power)
                        if power > 0 && !wrapped.contains(where: { $0.before == pair.0 && $0.after == pair.1 }) {
                            wrapped.append(pair)
                        }
                        continue
                    }
                    guard power > 0 else { continue }
                    if skeleton == "compact-short" && mantissa == "1" && shownIntegerDigits == 1 && power % 4 == 0
                        && !isPrefix
                    {
                        myriadUnits[power] = unit
                    }
                    if let known = units[unit], known != power { units[unit] = -1 } else { units[unit] = power }
                    if isPrefix { prefix.insert(unit) }
                }
            }
        }
        self.units = units
        self.wrapped = wrapped
        self.overridden = overridden
        prefixUnits = prefix
        let four = units.first { $0.value == 4 }
        myriad = four != nil && !units.contains { $0.value == 3 && $0.key == four!.key } && prefix.isEmpty
        self.myriadUnits =
            myriad
            ? myriadUnits.filter { units[$0.value] == $0.key }.map { ($0.key, $0.value) }.sorted { $0.0 > $1.0 } : []
        longest = units.keys.map(\.count).max() ?? 0
        var size = 8
        while size < units.count * 2 { size *= 2 }
        var table = [(seq: ByteSeq, power: Int)](repeating: (ByteSeq([]), 0), count: size)
        for (text, power) in units where text.count <= 16 {
            let seq = ByteSeq(text)
            var k = seq.slot(table.count)
            while table[k].seq.count != 0 { k = (k + 1) & (table.count - 1) }
            table[k] = (seq, power)
        }
        slots = table
        let texts = Array(units.keys) + prefix.map { $0 } + wrapped.flatMap { [$0.before, $0.after] }
        digitFreeEnds = !texts.contains { t in
            t.first.map { $0 &- 48 < 10 } == true || t.last.map { $0 &- 48 < 10 } == true
        }
    }

    /// `mantissa` × 10^power, as a plain decimal string.
    static func times(_ mantissa: String, power: Int) -> String {
        if let dot = mantissa.firstIndex(of: ".") {
            let integer = mantissa[..<dot]
            let fraction = mantissa[mantissa.index(after: dot)...]
            return integer + fraction + String(repeating: "0", count: power - fraction.count)
        }
        return mantissa + String(repeating: "0", count: power)
    }

    /// The unit of a compact text, whether it is a prefix, and how many
    /// integer digits the number shown has.
    static func split(_ text: String, decimal: [Unicode.Scalar]) -> ([UInt8], Bool, Int)? {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.properties.numericType == .decimal }
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
            return nil
        }
        let before = CurrencyMarks.trimmed(String(String.UnicodeScalarView(scalars[..<first])))
            .unicodeScalars.filter { !"-+\u{2212}".unicodeScalars.contains($0) }
        let after = CurrencyMarks.trimmed(String(String.UnicodeScalarView(scalars[(last + 1)...])))
        let isPrefix = !before.isEmpty
        var unit = Array((isPrefix ? String(String.UnicodeScalarView(before)) : after).utf8)
        guard !unit.isEmpty else { return nil }
        // Text on both sides: both, a NUL between them.
        if isPrefix && !after.isEmpty { unit += [0] + Array(after.utf8) }
        // Integer digits: those before the decimal separator.
        var integerDigits = 0
        var i = first
        while i <= last {
            if !decimal.isEmpty, i + decimal.count <= scalars.count, Array(scalars[i..<(i + decimal.count)]) == decimal
            {
                break
            }
            if isDigit(scalars[i]) { integerDigits += 1 }
            i += 1
        }
        return (unit, isPrefix, integerDigits)
    }
}

/// An ICU number formatter for a skeleton (`compact-long`), for the
/// derivations FormatStyle does not expose; freed with the object.
final class ICUNumberFormatter {
    private let formatter: OpaquePointer
    private let result: OpaquePointer

    init?(skeleton: String, locale: String) {
        var status = U_ZERO_ERROR
        let units = Array(skeleton.utf16)
        guard let f = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), locale, &status),
            status.rawValue <= 0
        else { return nil }
        guard let r = swift_unumf_openResult(&status), status.rawValue <= 0 else {
            swift_unumf_close(f)
            return nil
        }
        (formatter, result) = (f, r)
    }

    deinit {
        swift_unumf_closeResult(result)
        swift_unumf_close(formatter)
    }

    /// `value` (a plain decimal string) formatted, or nil.
    func format(_ value: String) -> String? {
        var status = U_ZERO_ERROR
        let bytes = Array(value.utf8)
        bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { c in
                swift_unumf_formatDecimal(formatter, c.baseAddress, Int32(c.count), result, &status)
            }
        }
        guard status.rawValue <= 0 else { return nil }
        var buffer = [UInt16](repeating: 0, count: 256)
        status = U_ZERO_ERROR
        let n = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, n >= 0, Int(n) <= buffer.count else { return nil }
        return String(decoding: buffer[..<Int(n)], as: UTF16.self)
    }
}
