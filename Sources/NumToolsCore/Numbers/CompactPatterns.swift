/// CLDR's compact-notation patterns of one locale, numbering system and kind,
/// exactly as ICU 76's number formatter resolves them (CompactData::populate
/// in number_compact.cpp), read from Generated/CompactPatternsData.swift: no
/// ICU and no FormatStyle at run time. FormatStyle's `.notation(.compactName)`
/// is ICU's skeleton `compact-short`.
///
/// Which kind: `compact-short` numbers use ``Kind/decimalShort``,
/// `compact-long` ``Kind/decimalLong``; a currency in compact notation uses
/// ``Kind/currencyShort`` with every unit width (short, narrow, ISO code)
/// but full name, short or long (CLDR has no long currency patterns), and
/// in full name the decimal patterns of its style (with the currency's
/// plural name). Resolution (baked in): the bundles of the locale's chain,
/// child first, each (magnitude, keyword) from the first bundle that has it
/// (a child's `"0"` hides its parents'); the numbering system's patterns,
/// else (none anywhere in the chain) latn's; for long ones with none, the
/// short ones. Root's patterns of the numeric systems are an alias to the
/// locale's own latn ones, so in CLDR 46 every system but `laoo` in `lo`
/// has the locale's latn patterns. A locale without currency patterns of
/// its own inherits root's (`¤ 0K`, a no-break space): ICU always finds some.
///
/// How ICU applies them (CompactHandler::processQuantity, and
/// RoundingImpl::chooseMultiplierAndApply in number_rounding.cpp):
/// - Zero (and NaN, infinity) is rounded plainly and takes magnitude 0
///   (for which CLDR has no pattern: plain).
/// - Otherwise, with `m` the value's magnitude (10^m <= |value| < 10^(m+1)),
///   the value is scaled by 10^``multiplier(magnitude:)``(m) and rounded
///   (compact's default precision: to an integer, but to two significant
///   digits when the scaled value has one integer digit; half-even). If the
///   rounding carried into the next power (999 999 -> 1000K) and
///   `multiplier(m + 1)` differs, the *original* value is rescaled by
///   10^multiplier(m + 1) and rounded again (-> 1M). The magnitude used is
///   then the rounded scaled value's magnitude minus the multiplier chosen
///   (0 if it rounded to zero); magnitudes above ``largestMagnitude`` use
///   the largest one's multiplier and pattern (10^15 in en: `1000T`).
/// - The keyword: when the rounded scaled value is the integer 0 or 1 and
///   the table has an explicit `"0"`/`"1"` entry at that magnitude, that
///   one (fr long: 1000 is `mille`); else the plural category (cardinal
///   rules of the locale) of the rounded *scaled* value as shown (fraction
///   digits included, compact exponent 0: `1.5K` selects on 1.5), falling
///   back to `other` when that keyword has no entry (which
///   ``pattern(magnitude:keyword:)`` does).
/// - A nil pattern means no compact affixes: ICU writes the rounded scaled
///   value plainly, grouped only from five integer digits (compact's
///   default grouping, min2; it: 999 999 is `999.999`). The scaled value is
///   the value itself where the multiplier is 0 (CLDR's `"0"` for a whole
///   magnitude, below 10^3); where another keyword of the magnitude has a
///   pattern it is not (vec short: `one` is `"0"` and `other` `0 mila`, so
///   1000 is written `1`, 2000 `2 mila`).
/// - The `0`s of the pattern stand for the scaled value's integer digits
///   (their count is `magnitude + multiplier + 1`); the pattern is a CLDR
///   number pattern (quotes as usual, `¤` the currency symbol). A pattern
///   with no `0` is written alone, without the number (it long: 1000 is
///   `mille`).
/// `CompactPatternsDataTests.documentedRules` shows each of these in ICU.
package struct CompactPatterns: Sendable {
    package enum Kind: Sendable, CaseIterable {
        case decimalShort, decimalLong, currencyShort
    }

    /// The keywords a table may hold, in ICU's StandardPlural order:
    /// the CLDR plural categories, then the explicit `"0"` and `"1"`.
    package static let keywords = ["zero", "one", "two", "few", "many", "other", "0", "1"]

    /// ICU's COMPACT_MAX_DIGITS: magnitudes 0..<20.
    static let magnitudeCount = 20

    /// The pattern of (magnitude, keyword index), nil where the table has
    /// none; CLDR's `"0"` kept as such.
    private var raw: [String?]
    /// Each magnitude's multiplier.
    private var multipliers: [Int8]

    /// The largest magnitude with a pattern (e.g. 14 for 10^14 = "000T");
    /// ICU uses it for every larger magnitude. A magnitude whose patterns
    /// are all `"0"` counts (ICU's largestMagnitude).
    package private(set) var largestMagnitude: Int

    /// The patterns ICU's number formatter uses for `locale` (a name
    /// --list-locales lists, without keywords; or a short form the tools
    /// take, `zh_TW`, or a language ICU has data for but does not list, `ht`,
    /// `ht_HT`, as CompactUnits has them) in numbering system `system`
    /// (`latn`, `arab`, `deva`, any of ICU's, as ICU resolves it there: its
    /// own patterns in the locale's chain, else the locale's latn ones), for
    /// `kind`. A name that is no numbering system of ICU's gets what most
    /// numeric systems get there (latn's, in CLDR 46). nil for any other
    /// locale name. Decodes the table on each call: keep the value.
    package static func of(_ locale: String, system: String, kind: Kind) -> CompactPatterns? {
        guard let entry = CompactPatternsData.entry(locale) else { return nil }
        var latn: Substring?
        var star: Substring?
        var own: Substring?
        for field in entry.split(separator: " ") {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let name = field[..<colon]
            let row = field[field.index(after: colon)...]
            if name == "latn" { latn = row }
            if name == "*" { star = row }
            if name == system { own = row }
        }
        guard let ids = own ?? (CompactPatternsData.isAlgorithmic(system) ? latn : star ?? latn) else { return nil }
        let parts = ids.split(separator: ",")
        let index: Int
        switch kind {
        case .decimalShort: index = 0
        case .decimalLong: index = 1
        case .currencyShort: index = 2
        }
        guard parts.count == 3, let id = Int(parts[index]) else { return nil }
        return CompactPatterns(table: CompactPatternsData.table(id))
    }

    /// Decodes a table's text (see CompactPatternsData).
    init(table: String) {
        raw = Array(repeating: nil, count: Self.magnitudeCount * Self.keywords.count)
        multipliers = Array(repeating: 0, count: Self.magnitudeCount)
        largestMagnitude = 0
        for line in table.split(separator: "\n") {
            let groups = line.split(separator: "\t")
            let head = groups[0].split(separator: " ")
            guard head.count == 2 || head.count == 3, let m = Int(head[0]), let multiplier = Int8(head[1]),
                (0..<Self.magnitudeCount).contains(m)
            else { continue }
            multipliers[m] = multiplier
            largestMagnitude = max(largestMagnitude, m)
            let row = m * Self.keywords.count
            if head.count == 3 {
                // `+`: the magnitude before's patterns, one more 0 each.
                guard head[2] == "+", m > 0 else { continue }
                for k in Self.keywords.indices {
                    raw[row + k] = raw[row - Self.keywords.count + k].map(Self.oneMoreZero)
                }
                continue
            }
            for group in groups.dropFirst() {
                guard let space = group.firstIndex(of: " ") else { continue }
                let pattern = String(group[group.index(after: space)...])
                for key in group[..<space].split(separator: ",") {
                    guard let k = Self.keywords.firstIndex(of: String(key)) else { continue }
                    raw[row + k] = pattern
                }
            }
        }
    }

    /// `pattern` with one more `0` in its first run of zeros (`00K` for `0K`).
    package static func oneMoreZero(_ pattern: String) -> String {
        guard let zero = pattern.firstIndex(of: "0") else { return pattern }
        var out = pattern
        out.insert("0", at: zero)
        return out
    }

    /// ICU's multiplier for magnitude `m` (CompactData::getMultiplier): the
    /// power of ten the value is scaled by before its pattern is applied
    /// (-3 for "0K" at 10^3; 0 for a magnitude without patterns, and for a
    /// negative one); magnitudes above ``largestMagnitude`` take its.
    package func multiplier(magnitude m: Int) -> Int {
        guard m >= 0 else { return 0 }
        return Int(multipliers[min(m, largestMagnitude)])
    }

    /// The pattern for magnitude `m` (10^m) and keyword: a CLDR plural
    /// category (`one`, `other`, ...), falling back to `other` when the
    /// category has none, as ICU does; or the explicit `"0"` or `"1"`, which
    /// has no fallback (nil when absent: then ask by category). E.g. `0K`,
    /// `00 тыс'.'`, `¤0K`, `0 Mio'.'`. nil where ICU has no compact pattern
    /// for that magnitude and keyword (below 10^3, or a negative magnitude):
    /// ICU then writes the number plainly. CLDR's pattern `"0"` means "no
    /// compact form" (and hides its parent locales' patterns): nil too,
    /// never `"0"`. Magnitudes above ``largestMagnitude`` use its patterns.
    package func pattern(magnitude m: Int, keyword: String) -> String? {
        guard m >= 0, let k = Self.keywords.firstIndex(of: keyword) else { return nil }
        let base = min(m, largestMagnitude) * Self.keywords.count
        var found = raw[base + k]
        if found == nil && k < 5 { found = raw[base + 5] }
        return found == "0" ? nil : found
    }

    /// The table's entry for magnitude `m` and keyword exactly as stored
    /// (CLDR's `"0"` as such; no clamping, no fallback): for the tests.
    package func stored(magnitude m: Int, keyword: String) -> String? {
        guard (0..<Self.magnitudeCount).contains(m), let k = Self.keywords.firstIndex(of: keyword) else { return nil }
        return raw[m * Self.keywords.count + k]
    }
}
