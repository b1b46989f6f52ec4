import Foundation

/// The byte units numconv reads (`--style bytes`, and under auto): the
/// ASCII forms people and tools write (`B`, `byte`, `bytes`, `kB`, `KB`,
/// `MB` ... `QB` as powers of 1000, `KiB` ... `QiB` as powers of 1024), and
/// the labels Foundation's `ByteCountFormatStyle` writes in the locale
/// (`Mo`, `ГБ`, `バイト`, `bajtów`: powers of 1000, as `--style bytes`
/// writes them), with its spelled-out zero (`Zero kB`).
final class ByteLabels: Sendable {
    /// The locale's labels and their powers of 1000, every plural form.
    let localized: [(label: [UInt8], power: Int)]
    /// The texts of zero (`Zero kB`, and `Zero KiB` as `--bytes binary` writes it).
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

    /// The locale's zeros (`Zero kB`, `Zero KiB`), any of U+0020, U+00A0
    /// and U+202F standing for the space Foundation writes: each with its
    /// spaces as U+0020, for ``equalsSpacesNormalized(_:_:)``
    /// (``AmountConverter/isByteZero(_:)`` compares a value with them).
    var normalizedZeros: [[UInt8]] { zeros.map(Self.spacesNormalized) }

    /// Whether `p` with its spaces normalized is `normalized`, without
    /// building the normalized text.
    static func equalsSpacesNormalized(_ p: UnsafeBufferPointer<UInt8>, _ normalized: [UInt8]) -> Bool {
        var i = 0
        var k = 0
        while i < p.count {
            guard k < normalized.count else { return false }
            var b = p[i]
            if b == 0xC2, i + 1 < p.count, p[i + 1] == 0xA0 {
                (b, i) = (0x20, i + 2)
            } else if b == 0xE2, i + 2 < p.count, p[i + 1] == 0x80, p[i + 2] == 0xAF {
                (b, i) = (0x20, i + 3)
            } else {
                i += 1
            }
            guard b == normalized[k] else { return false }
            k += 1
        }
        return k == normalized.count
    }

    static func spacesNormalized(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            if text[i] == 0xC2, i + 1 < text.count, text[i + 1] == 0xA0 {
                out.append(0x20)
                i += 2
            } else if text[i] == 0xE2, i + 2 < text.count, text[i + 1] == 0x80, text[i + 2] == 0xAF {
                out.append(0x20)
                i += 3
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    /// The labels of `locale`, derived once a process and locale (a few
    /// hundred Foundation calls: only when a value holds a label that is not ASCII).
    static func of(_ locale: Locale) -> ByteLabels {
        let id = locale.identifier
        lock.lock()
        if let known = cache[id] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let labels = ByteLabels(locale)
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[id] { return known }
        cache[id] = labels
        return labels
    }

    nonisolated(unsafe) private static var cache: [String: ByteLabels] = [:]
    private static let lock = NSLock()

    private init(_ locale: Locale) {
        let formatter = ByteFormatter(CoinFormatStyle(style: .bytes, locale: locale))
        var found: [(label: [UInt8], power: Int)] = []
        let samples = (0...25).map(String.init) + ["100", "101", "111", "1.5", "2.1", "1.25", "0.5"]
        for unit in 0...5 {
            for sample in samples {
                guard let number = try? ExactDecimal(sample), unit > 0 || !sample.contains(".") else { continue }
                let affixes = formatter.probe(unit, number)
                let label = ByteFormatter.label(affixes.prefix) + ByteFormatter.label(affixes.suffix)
                if !label.isEmpty && !found.contains(where: { $0.label == label }) { found.append((label, unit)) }
            }
        }
        localized = found
        let binary = ByteFormatter(CoinFormatStyle(style: .bytes, locale: locale).byteUnits(.binary))
        zeros = [formatter.zero, binary.zero]
    }
}
