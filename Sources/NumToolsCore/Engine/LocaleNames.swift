/// ICU's canonical form of a locale name, as `icu::Locale::createCanonical`
/// writes it (and so Foundation's `Locale.identifier(.icu, from:)`), from the
/// generated tables of LocaleIndexData (issue 46) and no ICU: the case of
/// each subtag, `_` for `-`, a BCP 47 tag's `-u-` keywords as ICU keywords
/// (`th-TH-u-nu-thai` is `th_TH@numbers=thai`), the keywords sorted, and
/// ICU's aliases (`iw` is `he`, `tl` is `fil`, `sh` is `sr_Latn`, `DEU` is
/// `DE`, `SU` the region of the language's likely subtags). Where ICU fails
/// (a keyword with no value), the name comes back as it is, as Foundation
/// gives it. LocaleIndexDataTests compares it with ICU over many names.
enum LocaleNames {
    /// The items of one of LocaleIndexData's lists (split on its bytes: the
    /// lists are ASCII, and a split by `Character` cost a few million
    /// instructions at every start-up that resolves a name).
    static func words(_ text: String) -> [String] {
        var items: [String] = []
        forEachItem(text) { items.append(String(decoding: $0, as: UTF8.self)) }
        return items
    }

    /// A list of `key:value` items as a dictionary (an item with no `:` is skipped).
    static func pairs(_ text: String) -> [String: String] {
        var map: [String: String] = [:]
        forEachItem(text) { item in
            guard let colon = item.firstIndex(of: UInt8(ascii: ":")) else { return }
            map[String(decoding: item[..<colon], as: UTF8.self)] = String(
                decoding: item[(colon + 1)...], as: UTF8.self)
        }
        return map
    }

    /// Calls `body` with each space-separated, non-empty item of `text`.
    private static func forEachItem(_ text: String, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: " ") {
                if i > start { body(bytes[start..<i]) }
                start = i + 1
            }
        }
    }

    static let languageAliases = pairs(LocaleIndexData.languageAliases)
    static let scriptAliases = pairs(LocaleIndexData.scriptAliases)
    static let territoryAliases = pairs(LocaleIndexData.territoryAliases)
    static let variantAliases = pairs(LocaleIndexData.variantAliases)
    static let likelyRegions = pairs(LocaleIndexData.likelyRegions)
    static let likelyScriptRegions = pairs(LocaleIndexData.likelyScriptRegions)

    /// BCP 47 `-u-` keys and the ICU keywords they stand for (others keep their name).
    static let legacyKeys: [String: String] = [
        "ca": "calendar", "co": "collation", "cu": "currency", "nu": "numbers", "tz": "timezone", "hc": "hours",
        "ms": "measure", "ka": "colalternate", "kb": "colbackwards", "kc": "colcaselevel", "kf": "colcasefirst",
        "kh": "colhiraganaquaternary", "kk": "colnormalization", "kn": "colnumeric", "kr": "colreorder",
        "ks": "colstrength", "vt": "variabletop",
    ]

    /// BCP 47 numbering-system types whose ICU name differs.
    static let legacyTypes: [String: String] = ["traditio": "traditional"]

    /// A name's subtags: language, script, region and variants.
    struct Subtags {
        var language: String
        var script = ""
        var region = ""
        var variants: [String] = []
    }

    /// ICU's canonical form of `text` (ASCII letters, digits and `_-@=;`).
    static func canonical(_ text: String) -> String {
        // A listed name is ICU's canonical form already (LocaleIndexDataTests
        // checks every one): it needs none of the alias tables, whose
        // building was a third of numconv's start-up on one value.
        if LocaleSupport.availableList.contains(text) { return text }
        if !text.contains("@"), shortestSubtag(text) == 1 {
            guard let converted = fromLanguageTag(text) else { return text }
            return canonicalICU(converted) ?? text
        }
        return canonicalICU(text) ?? text
    }

    /// The length of the shortest subtag but the last, as ICU measures it
    /// to tell a BCP 47 tag with an extension (`en-u-nu-thai`).
    static func shortestSubtag(_ text: String) -> Int {
        var shortest = text.utf8.count
        var length = 0
        var reset = true
        for c in text.utf8 {
            if c != UInt8(ascii: "_") && c != UInt8(ascii: "-") {
                if reset {
                    length = 0
                    reset = false
                }
                length += 1
            } else {
                if length != 0 && length < shortest { shortest = length }
                reset = true
            }
        }
        return shortest
    }

    static func isLetters(_ s: some StringProtocol) -> Bool { s.allSatisfy { $0.isASCII && $0.isLetter } }
    static func isDigits(_ s: some StringProtocol) -> Bool { s.allSatisfy { $0.isASCII && $0.isNumber } }
    static func isAlphanumeric(_ s: some StringProtocol) -> Bool {
        s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    static func titlecased(_ s: some StringProtocol) -> String { s.prefix(1).uppercased() + s.dropFirst().lowercased() }

    /// An ICU name (`de_CH@numbers=thai`) canonical, or nil where ICU fails.
    static func canonicalICU(_ text: String) -> String? {
        var base = Substring(text)
        var keywordText: Substring? = nil
        if let at = text.firstIndex(of: "@") {
            base = text[..<at]
            keywordText = text[text.index(after: at)...]
        }
        let allSegments = base.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
        let separators = base.filter { $0 == "_" || $0 == "-" }.map { $0 }
        var tags = Subtags(language: allSegments[0].lowercased())
        // `-x-`, `-t-` or `-u-` before a script, a region or the variants
        // starts a BCP 47 extension, which ICU drops here.
        func extensionStarts(_ k: Int) -> Bool {
            k < allSegments.count && k < separators.count && ["x", "t", "u"].contains(allSegments[k].lowercased())
                && !allSegments[k - 1].isEmpty && separators[k - 1] == "-" && separators[k] == "-"
        }
        var i = 1
        var end = allSegments.count
        if extensionStarts(i) {
            end = i
        } else {
            if i < allSegments.count, allSegments[i].count == 4, isLetters(allSegments[i]) {
                tags.script = titlecased(allSegments[i])
                i += 1
            }
            if extensionStarts(i) {
                end = i
            } else {
                if i < allSegments.count, (2...3).contains(allSegments[i].count), isAlphanumeric(allSegments[i]) {
                    tags.region = allSegments[i].uppercased()
                    i += 1
                } else if i < allSegments.count, allSegments[i].isEmpty {
                    i += 1
                }
                if extensionStarts(i) { end = i }
            }
        }
        let variants = allSegments[min(i, end)..<end]
        tags.variants = variants.filter { !$0.isEmpty }.map { $0.uppercased() }
        // A separator after a variant leaves an empty one (`zh__VALENCIA_`),
        // unless an alias is replaced, or a region followed by two (`de_DE__`).
        let trailingEmpty = keywordText == nil && variants.last?.isEmpty == true && !tags.variants.isEmpty
        let emptyVariant = keywordText == nil && tags.variants.isEmpty && !tags.region.isEmpty && variants.count > 1
        var keywords = ""
        if let keywordText {
            if let last = base.last, last == "_" || last == "-", tags.variants.isEmpty {
                // After a separator and no variant, `@` starts no keywords: ICU reads a variant.
                tags.variants.append(keywordText.uppercased())
            } else {
                guard let k = canonicalKeywords(keywordText) else { return nil }
                keywords = k
            }
        }
        let parsed = format(tags)
        if let name = registeredNames[parsed] { tags = Subtags(language: name) }
        replaceAliases(&tags)
        tags.variants.sort()
        if format(tags) != parsed || !keywords.isEmpty {
            // Replaced, or with keywords: ICU writes the name anew, each variant once.
            var once: [String] = []
            for v in tags.variants where !once.contains(v) { once.append(v) }
            tags.variants = once
        } else if trailingEmpty {
            tags.variants.append("")
        }
        if emptyVariant { tags.variants.append("") }
        let name = format(tags)
        return keywords.isEmpty ? name : name + "@" + keywords
    }

    /// Subtags as ICU writes them (`en_Latn__POSIX`: an empty region before a variant).
    static func format(_ tags: Subtags) -> String {
        var name = tags.language
        if !tags.script.isEmpty { name += "_" + tags.script }
        if !tags.region.isEmpty || !tags.variants.isEmpty { name += "_" + tags.region }
        for v in tags.variants { name += "_" + v }
        return name
    }

    /// The registered names `uloc_canonicalize` replaces whole before any
    /// alias (ICU's own table, not CLDR data: its three-letter subtags
    /// read as regions, as `zh_YUE`, are no aliases of the metadata).
    static let registeredNames: [String: String] = [
        "art__LOJBAN": "jbo", "hy__AREVELA": "hy", "hy__AREVMDA": "hyw", "zh__GUOYU": "zh", "zh__HAKKA": "hak",
        "zh__XIANG": "hsn", "zh_GAN": "gan", "zh_MIN_NAN": "nan", "zh_WUU": "wuu", "zh_YUE": "yue",
    ]

    /// ICU keywords (`numbers=thai;currency=eur`) with their keys in lower
    /// case, sorted, the first of a key kept; nil for a keyword ICU refuses
    /// (no `=`, no key or no value).
    static func canonicalKeywords(_ text: Substring) -> String? {
        var list = text.split(separator: ";", omittingEmptySubsequences: false)
        if list.last?.isEmpty == true { list.removeLast() }
        var seen: [(String, Substring)] = []
        for pair in list {
            let kv = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard kv.count == 2, !kv[0].isEmpty, !kv[1].isEmpty else { return nil }
            let key = kv[0].lowercased()
            if !seen.contains(where: { $0.0 == key }) { seen.append((key, kv[1])) }
        }
        return seen.sorted { $0.0 < $1.0 }.map { $0.0 + "=" + $0.1 }.joined(separator: ";")
    }

    /// ICU's aliases applied to `tags`, until none applies.
    static func replaceAliases(_ tags: inout Subtags) {
        for _ in 0..<8 {
            if replaceLanguage(&tags) { continue }
            if let s = scriptAliases[tags.script] {
                tags.script = s
                continue
            }
            if let r = territoryAliases[tags.region] {
                let choices = r.split(separator: "+").map(String.init)
                let likely = likelyRegions[tags.language]
                tags.region = choices.count > 1 && likely != nil && choices.contains(likely!) ? likely! : choices[0]
                continue
            }
            if let i = tags.variants.firstIndex(where: { variantAliases[$0.lowercased()] != nil }) {
                tags.variants[i] = variantAliases[tags.variants[i].lowercased()]!.uppercased()
                continue
            }
            return
        }
    }

    /// A language alias, the language's own or with a variant (`zh_guoyu`,
    /// `und_aaland`) or a region (`sgn_BR`); whether one applied.
    static func replaceLanguage(_ tags: inout Subtags) -> Bool {
        // (Variants as BCP 47 has them: `zh_WUU` is no variant of zh.)
        for (i, v) in tags.variants.enumerated() where v.count >= 5 || (v.count == 4 && v.first!.isNumber) {
            let variant = v.lowercased()
            for key in [tags.language + "_" + variant, "und_" + variant] {
                guard let replacement = languageAliases[key] else { continue }
                tags.variants.remove(at: i)
                apply(replacement, to: &tags)
                return true
            }
        }
        if !tags.region.isEmpty, let replacement = languageAliases[tags.language + "_" + tags.region] {
            tags.region = ""
            apply(replacement, to: &tags)
            return true
        }
        if let replacement = languageAliases[tags.language] {
            apply(replacement, to: &tags)
            return true
        }
        return false
    }

    /// A replacement (`sr_Latn`, `und_AX`) applied: its language (but
    /// `und`), and its script and region where the name has none.
    static func apply(_ replacement: String, to tags: inout Subtags) {
        let parts = replacement.split(separator: "_")
        if parts[0] != "und" { tags.language = String(parts[0]) }
        for part in parts.dropFirst() {
            if part.count == 4 && isLetters(part) {
                if tags.script.isEmpty { tags.script = String(part) }
            } else if (part.count == 2 && isLetters(part)) || (part.count == 3 && isDigits(part)) {
                if tags.region.isEmpty { tags.region = String(part) }
            } else {
                tags.variants.append(part.uppercased())
            }
        }
    }

    /// A BCP 47 tag (`th-TH-u-nu-thai`, `-` or `_`) as an ICU name
    /// (`th_TH@numbers=thai`), as `uloc_forLanguageTag` reads it: up to the
    /// first subtag out of place; nil when not even the language is a
    /// language (then ICU keeps the name as it is).
    static func fromLanguageTag(_ tag: String) -> String? {
        var subtags = tag.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
            .map { $0.lowercased() }
        var language = subtags[0]
        var i = 1
        var keywords: [(String, String)] = []
        let dashed = tag.dropFirst().first == "-"
        if language == "x" {
            // Private use alone (`x-foo` is `@x=foo`; ICU reads no `x_foo`).
            guard dashed else { return nil }
            let rest = subtags.dropFirst().prefix { (1...8).contains($0.count) && isAlphanumeric($0) }
            return rest.isEmpty ? nil : "@x=" + rest.joined(separator: "-")
        }
        // BCP 47's grandfathered `i-` tags (`i-lux` is `lb`, `i-default` `en@x=i-default`).
        if language == "i", subtags.count > 1, dashed, let replacement = languageAliases["i_" + subtags[1]],
            let prefix = tag.split(separator: "-", maxSplits: 2).dropFirst().first, prefix.lowercased() == subtags[1]
        {
            // The tag goes on after the grandfathered one with `-` alone between subtags.
            let rest = tag.dropFirst(2 + prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            subtags = [""] + rest.dropFirst().map { $0.lowercased() }
            var main = Substring(replacement)
            if let x = replacement.firstRange(of: "_x_") {
                main = replacement[..<x.lowerBound]
                keywords.append(("x", String(replacement[x.upperBound...].map { $0 == "_" ? "-" : $0 })))
            }
            language = main == "und" ? "" : String(main)
        } else {
            guard isLetters(language), (2...8).contains(language.count) else { return nil }
        }
        // Extended language subtags: the first stands for the language (`zh-yue` is `yue`).
        var extlangs = 0
        while (2...3).contains(language.count), extlangs < 3, i < subtags.count, subtags[i].count == 3,
            isLetters(subtags[i])
        {
            if extlangs == 0 { language = subtags[i] }
            extlangs += 1
            i += 1
        }
        var name = language
        var script = ""
        var region = ""
        var variants: [String] = []
        if i < subtags.count, subtags[i].count == 4, isLetters(subtags[i]) {
            script = titlecased(subtags[i])
            i += 1
        }
        if i < subtags.count,
            (subtags[i].count == 2 && isLetters(subtags[i])) || (subtags[i].count == 3 && isDigits(subtags[i]))
        {
            region = subtags[i].uppercased()
            i += 1
        }
        while i < subtags.count, isAlphanumeric(subtags[i]),
            (5...8).contains(subtags[i].count)
                || (subtags[i].count == 4 && subtags[i].first!.isNumber)
        {
            variants.append(subtags[i].uppercased())
            i += 1
        }
        func add(_ key: String, _ value: String) {
            if !keywords.contains(where: { $0.0 == key }) { keywords.append((key, value)) }
        }
        extensions: while i < subtags.count, subtags[i].count == 1, isAlphanumeric(subtags[i]) {
            let singleton = subtags[i]
            i += 1
            if singleton == "x" {
                var rest: [String] = []
                while i < subtags.count, (1...8).contains(subtags[i].count), isAlphanumeric(subtags[i]) {
                    rest.append(subtags[i])
                    i += 1
                }
                if !rest.isEmpty { add("x", rest.joined(separator: "-")) }
                break extensions
            }
            if singleton == "u" {
                let start = i
                defer { if i == start { i = subtags.count } }
                var attributes: [String] = []
                while i < subtags.count, (3...8).contains(subtags[i].count), isAlphanumeric(subtags[i]) {
                    attributes.append(subtags[i])
                    i += 1
                }
                if !attributes.isEmpty { add("attribute", attributes.joined(separator: "-")) }
                while i < subtags.count, subtags[i].count == 2, isAlphanumeric(subtags[i]) {
                    let key = subtags[i]
                    i += 1
                    var types: [String] = []
                    while i < subtags.count, (3...8).contains(subtags[i].count), isAlphanumeric(subtags[i]) {
                        types.append(subtags[i])
                        i += 1
                    }
                    let legacy = legacyKeys[key] ?? key
                    var value = types.isEmpty ? "yes" : types.joined(separator: "-")
                    if legacy == "numbers" { value = legacyTypes[value] ?? value }
                    add(legacy, value)
                }
                continue
            }
            var values: [String] = []
            while i < subtags.count, (2...8).contains(subtags[i].count), isAlphanumeric(subtags[i]) {
                values.append(subtags[i])
                i += 1
            }
            guard !values.isEmpty else { break extensions }
            add(singleton, values.joined(separator: "-"))
        }
        if name == "und" && !(script.isEmpty && region.isEmpty && variants.isEmpty) { name = "" }
        if !script.isEmpty { name += "_" + script }
        if !region.isEmpty || !variants.isEmpty { name += "_" + region }
        for v in variants { name += "_" + v }
        if !keywords.isEmpty { name += "@" + keywords.map { $0.0 + "=" + $0.1 }.joined(separator: ";") }
        return name
    }
}
