/// The byte units numconv reads (`--style bytes`, and under auto): the
/// ASCII forms people and tools write (`B`, `byte`, `bytes`, `kB`, `KB`,
/// `MB` ... `QB` as powers of 1000, `KiB` ... `QiB` as powers of 1024), and
/// the labels Foundation's `ByteCountFormatStyle` writes in the locale
/// (`Mo`, `ГБ`, `バイト`, `bajtów`: powers of 1000, as `--style bytes`
/// writes them), with its spelled-out zero (`Zero kB`), as ``ByteFormatter``
/// has them from the generated data (``ByteUnits``).
final class ByteLabels: Sendable {
    /// The locale's labels and their powers of 1000, every plural form.
    let localized: [(label: [UInt8], power: Int)]
    /// The texts of zero (`Zero kB`, and `Zero KiB` as `--bytes binary`
    /// writes it), their spaces as U+0020 (``spacesNormalized(_:)``).
    let zeros: [[UInt8]]

    /// The ASCII unit `p[a..<b]` names: its base (1000 or 1024) and power,
    /// or nil. `KB` is 1000, as Foundation and SI's `kB`; JEDEC's 1024 is `KiB`.
    static func asciiUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> (binary: Bool, power: Int)? {
        let n = b - a
        func ascii(_ s: StaticString) -> Bool {
            n == s.utf8CodeUnitCount && (0..<n).allSatisfy { p[a + $0] == s.utf8Start[$0] }
        }
        if ascii("B") || ascii("byte") || ascii("bytes") { return (false, 0) }
        if (n == 2 || n == 3) && p[b - 1] == UInt8(ascii: "B"), let power = UnitPrefixes.power(ofLetter: p[a]) {
            if n == 2 { return (false, power) }
            if p[a + 1] == UInt8(ascii: "i") && p[a] != UInt8(ascii: "k") { return (true, power) }
        }
        return nil
    }

    /// The power of 1000 the locale's label `p[a..<b]` names, or nil.
    func localizedUnit(_ p: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Int? {
        let n = b - a
        for entry in localized where entry.label.count == n {
            if entry.label.withUnsafeBufferPointer({ l in (0..<n).allSatisfy { l[$0] == p[a + $0] } }) {
                return entry.power
            }
        }
        return nil
    }

    /// Whether `p` is the locale's zero (`Zero kB`, `Zero KiB`), any of
    /// U+0020, U+00A0 and U+202F standing for the space Foundation writes:
    /// compared in place with ``zeros``, without building the normalized text.
    func isZero(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        zeros.contains { zero in
            var (i, k) = (0, 0)
            while i < p.count && k < zero.count {
                let space = Self.spaceLength(p, i)
                guard (space > 0 ? 0x20 : p[i]) == zero[k] else { return false }
                i += max(space, 1)
                k += 1
            }
            return i == p.count && k == zero.count
        }
    }

    /// `text` with each U+00A0 and U+202F written as U+0020.
    static func spacesNormalized(_ text: [UInt8]) -> [UInt8] {
        text.withUnsafeBufferPointer { p in
            var out: [UInt8] = []
            var i = 0
            while i < p.count {
                let space = spaceLength(p, i)
                out.append(space > 0 ? 0x20 : p[i])
                i += max(space, 1)
            }
            return out
        }
    }

    /// The length of the U+00A0 (C2 A0) or U+202F (E2 80 AF) at `i`, or 0.
    @inline(__always)
    static func spaceLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        if p[i] == 0xC2, i + 1 < p.count, p[i + 1] == 0xA0 { return 2 }
        if p[i] == 0xE2, i + 2 < p.count, p[i + 1] == 0x80, p[i + 2] == 0xAF { return 3 }
        return 0
    }

    /// The labels of `locale`, derived once a process and locale from the
    /// generated data (only when a value holds a label that is not ASCII).
    static func of(_ locale: LocaleID) -> ByteLabels {
        let id = locale.identifier
        return cache.value(for: id) { ByteLabels(locale) }
    }

    private static let cache = IdentifierCache<ByteLabels>()

    private init(_ locale: LocaleID) {
        let formatter = ByteFormatter(CoinFormatStyle(style: .bytes, locale: locale))
        var found: [(label: [UInt8], power: Int)] = []
        // The labels of the numbers each unit shows (bytes whole numbers):
        // the patterns of their plural keywords.
        let samples = (0...25).map(String.init) + ["100", "101", "111", "1.5", "2.1", "1.25", "0.5"]
        for unit in 0...5 {
            for sample in samples where unit > 0 || !sample.contains(".") {
                let parts = sample.split(separator: ".")
                let keyword = formatter.plural.select(
                    ByteUnits.operands(
                        integer: Array(parts[0].utf8), fraction: parts.count > 1 ? Array(parts[1].utf8) : []))
                let affixes = formatter.around[unit][keyword] ?? formatter.around[unit]["other"]!
                let label = ByteFormatter.label(affixes.prefix) + ByteFormatter.label(affixes.suffix)
                if !label.isEmpty && !found.contains(where: { $0.label == label }) { found.append((label, unit)) }
            }
        }
        localized = found
        let binary = ByteFormatter(CoinFormatStyle(style: .bytes, locale: locale).byteUnits(.binary))
        zeros = [formatter.zero, binary.zero].map(Self.spacesNormalized)
    }
}
