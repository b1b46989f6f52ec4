/// The units of one locale's CLDR compact notation, short and long (`K`,
/// `thousand`; `Mio.`, `Millionen`; `만`, `억`), each with the power of ten it
/// multiplies the number shown by: what ICU, the engine under Foundation's
/// FormatStyle (`.notation(.compactName)` is ICU's compact-short), writes for
/// probe values, so that what coinfmt writes is what numconv reads. The
/// facts are derived from the toolchain's ICU at development time
/// (NumToolsLocaleOracle's `CompactUnitsOracle`) and generated into
/// Generated/CompactUnitsData.swift; a run decodes a locale's the first
/// time it is asked for.
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

    private static let cache = IdentifierCache<CompactUnits>()

    /// The units of `locale`, decoded once per process.
    static func of(_ locale: LocaleID) -> CompactUnits {
        cache.value(for: locale.identifier) { CompactUnits(CompactUnitFacts.generated(locale.identifier)) }
    }

    /// The units of a locale's facts, with what the reader derives from them.
    init(_ facts: CompactUnitFacts) {
        let units = facts.units
        let prefix = facts.prefixUnits
        self.units = units
        self.wrapped = facts.wrapped.map { ($0.before, $0.after, $0.power) }
        self.overridden = facts.overridden
        prefixUnits = prefix
        let four = units.first { $0.value == 4 }
        myriad = four != nil && !units.contains { $0.value == 3 && $0.key == four!.key } && prefix.isEmpty
        self.myriadUnits =
            myriad
            ? facts.myriadCandidates.filter { units[$0.value] == $0.key }.map { ($0.key, $0.value) }
                .sorted { $0.0 > $1.0 } : []
        longest = units.keys.map(\.count).max() ?? 0
        var size = 8
        while size < units.count * 2 { size *= 2 }
        var table = [(seq: ByteSeq, power: Int)](repeating: (ByteSeq([]), 0), count: size)
        for (text, power) in units.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where text.count <= 16 {
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
}

/// What ICU's compact forms say of one locale, as the generator derives them
/// (NumToolsLocaleOracle) and Generated/CompactUnitsData.swift stores them.
package struct CompactUnitFacts: Equatable, Sendable {
    /// A unit with text on both sides of the number.
    package struct Wrapped: Equatable, Sendable {
        package var before: [UInt8]
        package var after: [UInt8]
        package var power: Int
        package init(before: [UInt8], after: [UInt8], power: Int) {
            (self.before, self.after, self.power) = (before, after, power)
        }
    }

    /// Unit text → power of ten (-1: two powers, see ``CompactUnits/units``).
    package var units: [[UInt8]: Int] = [:]
    /// The units written before the number.
    package var prefixUnits: Set<[UInt8]> = []
    /// The short unit of `1` × 10^power, for each power that is a multiple
    /// of four (what the myriad style may write, when the locale counts in myriads).
    package var myriadCandidates: [Int: [UInt8]] = [:]
    /// Long forms whose text the short forms give another power.
    package var overridden: Set<[UInt8]> = []
    /// Units with text on both sides, in the order found.
    package var wrapped: [Wrapped] = []

    package init() {}

    /// The facts as one string: a record a line, fields separated by a tab,
    /// sorted (but wrapped units, in their order): `u` power, text (a unit);
    /// `p`, text (a prefix unit); `m` power, text (a myriad candidate); `o`,
    /// text (an overridden long form); `w` power, before, after (wrapped).
    package var encoded: String {
        func text(_ t: [UInt8]) -> String { String(decoding: t, as: UTF8.self) }
        var lines = units.map { "u\($0.value)\t\(text($0.key))" }
        lines += prefixUnits.map { "p\t\(text($0))" }
        lines += myriadCandidates.map { "m\($0.key)\t\(text($0.value))" }
        lines += overridden.map { "o\t\(text($0))" }
        lines.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        lines += wrapped.map { "w\($0.power)\t\(text($0.before))\t\(text($0.after))" }
        return lines.joined(separator: "\n")
    }

    /// The facts of ``encoded``'s text.
    package init(encoded: String) {
        for line in encoded.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            let kind = fields[0].first!
            let power = Int(String(decoding: fields[0].dropFirst(), as: UTF8.self)) ?? 0
            let text = Array(fields[1])
            switch kind {
            case UInt8(ascii: "u"): units[text] = power
            case UInt8(ascii: "p"): prefixUnits.insert(text)
            case UInt8(ascii: "m"): myriadCandidates[power] = text
            case UInt8(ascii: "o"): overridden.insert(text)
            default: wrapped.append(Wrapped(before: text, after: Array(fields[2]), power: power))
            }
        }
    }

    /// The generated facts of an ICU locale identifier (`de_CH`,
    /// `ar_EG@numbers=latn`): those generated for it, its numbering system
    /// taken into account (see ``CompactUnitFacts/key(_:)``).
    package static func generated(_ identifier: String) -> CompactUnitFacts {
        CompactUnitFacts(encoded: key(identifier).map(compactUnitsTable) ?? "")
    }

    /// The table of the identifier: the keywords but `numbers=` do not
    /// change the compact forms; a numbering system has the forms generated
    /// for it in the locale, else those generated for it in every locale,
    /// else, when it is one of the systems generated for every locale, the
    /// locale's own forms, else the locale's `latn` forms (as ICU has).
    package static func key(_ identifier: String) -> Int? {
        var base = Substring(identifier)
        var numbers: Substring? = nil
        if let at = base.firstIndex(of: "@") {
            for pair in base[base.index(after: at)...].split(separator: ";") where pair.hasPrefix("numbers=") {
                numbers = pair.dropFirst(8)
            }
            base = base[..<at]
        }
        guard let name = generatedName(String(base)) else { return nil }
        guard let numbers else { return compactUnitsIndex(name) }
        if let own = compactUnitsIndex(name + "@numbers=" + numbers) ?? compactUnitsIndex("@numbers=" + numbers) {
            return own
        }
        if compactUnitsSystems.contains(String(numbers)) { return compactUnitsIndex(name) }
        return compactUnitsIndex(name + "@numbers=latn") ?? compactUnitsIndex(name)
    }

    /// The name the facts of `name` (no keywords) are generated under: the
    /// name itself (every name `--list-locales` lists, the short forms the
    /// tools take, `zh_TW` for `zh_Hant_TW`, and the languages ICU has data
    /// for but does not list, `ht`), else CLDR's truncation parent
    /// (`ca_ES_VALENCIA` is `ca_ES`, `en_Latn_US` is `en`).
    static func generatedName(_ name: String) -> String? {
        var name = Substring(name)
        while compactUnitsIndex(String(name)) == nil {
            guard let cut = name.lastIndex(of: "_") else { return nil }
            name = name[..<cut]
            while name.hasSuffix("_") { name = name.dropLast() }
        }
        return String(name)
    }
}
