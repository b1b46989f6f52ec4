/// A locale's byte units as Foundation's `ByteCountFormatStyle` writes them
/// through ICU, read from the generated data (Generated/ByteUnitsData.swift,
/// written by numtools-datagen from the toolchain's ICU), decoded the first
/// time the locale is asked for: per unit (bytes in full, `kB` ... `PB` in
/// short) the pattern of each plural keyword (`{0} byte`, `{0} bytes`), and
/// zero's spelled-out number (`Zero`) where Foundation spells it out.
package struct ByteUnits: Sendable, Equatable {
    /// Per unit (bytes, kB, MB, GB, TB, PB): `other`'s pattern and each
    /// keyword's whose pattern differs from it.
    package let patterns: [[String: String]]
    /// The text of zero's number when Foundation spells it out (`Zero`,
    /// `Zéro`), else "" (zero is written with the locale's digit).
    package let zero: String

    /// The pattern of `unit` for a number of plural keyword `keyword`
    /// (`other`'s when the keyword has none of its own, as ICU takes it).
    package func pattern(_ unit: Int, keyword: String) -> String {
        patterns[unit][keyword] ?? patterns[unit]["other"] ?? "{0}"
    }

    /// The units of ICU locale identifier `identifier` (keywords, as
    /// `@numbers=`, do not change them): those generated for its name, else
    /// for its nearest truncation parent (`ca_ES_VALENCIA` is `ca_ES`), else root's.
    package static func of(_ identifier: String) -> ByteUnits {
        cache.value(for: identifier) { decode(ByteUnitsData.table(index(identifier))) }
    }

    private static let cache = IdentifierCache<ByteUnits>()

    /// The table id of `identifier`'s name or its nearest generated parent.
    package static func index(_ identifier: String) -> Int {
        var name = Substring(identifier)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        while true {
            if let id = ByteUnitsData.index(String(name)) { return id }
            guard let cut = name.lastIndex(of: "_") else { break }
            name = name[..<cut]
            while name.hasSuffix("_") { name = name.dropLast() }
        }
        return ByteUnitsData.index("root") ?? 0
    }

    /// Decodes a table (see ByteUnitsData.swift).
    static func decode(_ text: String) -> ByteUnits {
        let fields = text.split(separator: "\u{1E}", omittingEmptySubsequences: false)
        var patterns: [[String: String]] = []
        for field in fields.prefix(6) {
            let parts = field.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            var unit = ["other": String(parts[0])]
            var k = 1
            while k + 1 < parts.count {
                unit[String(parts[k])] = String(parts[k + 1])
                k += 2
            }
            patterns.append(unit)
        }
        while patterns.count < 6 { patterns.append(["other": "{0}"]) }
        return ByteUnits(patterns: patterns, zero: fields.count > 6 ? String(fields[6]) : "")
    }

    /// The cardinal plural rules ICU picks a unit's pattern by, of `identifier`.
    static func pluralRules(_ identifier: String) -> PluralRuleSet {
        WordsData.pluralRuleText(locale: identifier, ordinal: false).flatMap(PluralRuleSet.init(text:))
            ?? PluralRuleSet(rules: [])
    }

    /// The plural operands of a number as it is shown: ASCII digits of its
    /// integer and fraction (as ICU's `DecimalQuantity`: `i` of at most its
    /// last 18 digits).
    static func operands(integer: [UInt8], fraction: [UInt8]) -> PluralOperands {
        var n = 0.0
        for d in integer { n = n * 10 + Double(d &- 48) }
        var i = 0.0
        for d in integer.suffix(18) { i = i * 10 + Double(d &- 48) }
        var f = 0.0
        var scale = 1.0
        for d in fraction {
            f = f * 10 + Double(d &- 48)
            scale *= 10
        }
        var w = fraction.count
        while w > 0 && fraction[w - 1] == UInt8(ascii: "0") { w -= 1 }
        var t = 0.0
        for d in fraction.prefix(w) { t = t * 10 + Double(d &- 48) }
        var x = PluralOperands(integer: 0)
        (x.n, x.i, x.v, x.w, x.f, x.t) = ((n * scale + f) / scale, i, Double(fraction.count), Double(w), f, t)
        return x
    }
}
