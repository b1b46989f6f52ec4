/// A locale's language, script and region, read from its identifier in
/// ICU's canonical form (``LocaleNames/canonical(_:)``), not asked of
/// Foundation's `Locale.language`, which needs ICU (issue 46: in a process
/// that links FoundationEssentials alone, a `Locale` keeps only its identifier).
struct LocaleSubtags: Equatable, Sendable {
    /// The language subtag (`zh` of `zh_Hant_TW`, `root`, `en` of `en_US_POSIX`).
    var language: String
    /// The script subtag (`Hant`), or empty.
    var script: String
    /// The region subtag (`TW`, `419`), or empty.
    var region: String

    init(_ identifier: String) {
        let canonical = LocaleNames.canonical(identifier)
        let base = canonical.prefix { $0 != "@" }
        let parts = base.split(separator: "_", omittingEmptySubsequences: false)
        language = parts.first.map(String.init) ?? ""
        script = ""
        region = ""
        var k = 1
        if k < parts.count, parts[k].count == 4, LocaleNames.isLetters(parts[k]) {
            script = String(parts[k])
            k += 1
        }
        if k < parts.count,
            (parts[k].count == 2 && LocaleNames.isLetters(parts[k]))
                || (parts[k].count == 3 && LocaleNames.isDigits(parts[k]))
        {
            region = String(parts[k])
        }
    }

    init(_ locale: LocaleID) { self.init(locale.identifier) }

    /// The region of the locale's likely subtags when it names none
    /// (`zh_Hant` → `TW`, `fr` → `FR`), generated from ICU's likely
    /// subtags (LocaleIndexData): a language and script's own entry, else
    /// the language's, as ICU's likely subtags look them up (`ht_Latn` →
    /// `ht` → `HT`); nil when there is none.
    var likelyRegion: String? {
        if !region.isEmpty { return region }
        if !script.isEmpty, let own = LocaleNames.likelyScriptRegions[language + "_" + script] { return own }
        return LocaleNames.likelyRegions[language]
    }
}
