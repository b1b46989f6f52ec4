/// Locale names as the stream contract takes them: ICU (`de_CH`,
/// `zh_Hans_CN`), BCP 47 (`de-CH`, `th-TH-u-nu-thai`) and POSIX names with
/// a charset and a modifier (`zh_CN.UTF-8`, `sr_RS@latin`), in any case,
/// and `C` or `POSIX` for machine notation. One resolver serves every tool
/// and every locale option. What it knows of names is ICU's, generated
/// (Generated/LocaleIndexData.swift, issue 46): it asks no ICU at run time.
public enum LocaleSupport {
    /// Every identifier ICU lists as available (`--list-locales`).
    public static let availableIdentifiers: Set<String> = Set(availableList)

    /// ICU's list, sorted: what the check of a name needs (searching a few
    /// hundred names costs less than hashing them into a set).
    static let availableList: [String] = LocaleNames.words(LocaleIndexData.identifiers)

    /// ICU's identifier of machine notation, which `C` and `POSIX` name:
    /// ASCII digits, `.` as the decimal point, no grouping.
    public static let machineIdentifier = "en_US_POSIX"

    /// The languages CLDR has number data for: those of the available
    /// identifiers (and those of ``hasInheritedData(_:)``). A name in
    /// another language would silently format as the process's default
    /// locale, so it is refused instead.
    static let knownLanguages: Set<String> = Set(
        availableIdentifiers.map { String($0.prefix { $0 != "_" }) })

    /// Whether ICU has data of its own for `language`, a language none of
    /// the available identifiers is in: CLDR data it inherits, as `ht`
    /// (Haitian Creole) inherits `fr_HT`'s, which ICU does not list.
    /// FormatStyle formats a language it has no data for as its default
    /// locale, as it formats a language that cannot exist (`qaa`, reserved
    /// for private use): a language whose numbers, percents, currencies,
    /// dates and language names all come out as that one's has no data, and
    /// is refused. The generator probed every two- and three-letter code so
    /// (LocaleIndexOracle.formatSignature); the answer is generated.
    static func hasInheritedData(_ language: String) -> Bool { inheritedLanguages.contains(language) }

    /// The languages of ``hasInheritedData(_:)``.
    static let inheritedLanguages: Set<String> = Set(LocaleNames.words(LocaleIndexData.inheritedLanguages))

    /// The ISO 3166 codes (`DE`, `419`) a name may give as its region.
    static let knownRegions: Set<String> = Set(LocaleNames.words(LocaleIndexData.regions))

    /// POSIX modifiers that name a script (`sr_RS@latin` is `sr_Latn_RS`);
    /// any other modifier (`@euro`) is dropped, but for ICU's own variants.
    static let modifierScripts: [String: String] = [
        "latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "iqtelif": "Latn",
    ]

    /// Modifiers ICU knows as variants of a locale (`ca_ES@valencia`).
    static let modifierVariants: Set<String> = ["valencia"]

    /// What close matches are drawn from: the available identifiers and the
    /// short forms users write for them, the script left to the likely
    /// subtags (`zh_CN` for `zh_Hans_CN`, `sr_RS` for `sr_Cyrl_RS`).
    static let suggestionCandidates: [String] = (availableList + shortForms).sorted()

    /// Names ICU does not list whose likely subtags are a name it lists
    /// without the script (`zh_CN` is `zh_Hans_CN`, `sr_RS` `sr_Cyrl_RS`).
    static let shortForms: [String] = LocaleNames.words(LocaleIndexData.shortForms)

    /// Names ICU does not list that are a listed one with its likely script
    /// written (`en_Latn_US` is `en_US`).
    static let longForms: Set<String> = Set(LocaleNames.words(LocaleIndexData.longForms))

    /// The names of an inherited language (``hasInheritedData(_:)``) but
    /// the language alone that the tools take: those whose likely subtags
    /// are the language's own (`ht_HT`, `ht_Latn_HT`).
    static let inheritedForms: Set<String> = Set(LocaleNames.words(LocaleIndexData.inheritedForms))

    /// The longest locale name the tools take, in bytes: the longest real
    /// name (`zh_Hant_TW.UTF-8@numbers=hanidec;currency=TWD`) is shorter.
    /// A longer one is refused before ICU sees it: ICU 76 writes a long
    /// keyword value past a fixed buffer (`NumberingSystem::createInstance`
    /// reads `numbers=` into `char[ULOC_KEYWORDS_CAPACITY]`, 96 bytes, and
    /// then terminates it at the value's full length), which crashed the
    /// tools on `en@numbers=` and 168 letters.
    public static let maximumNameLength = 64

    /// The ICU keywords a locale name may carry, and what their values are.
    static let keywordNames = ["numbers", "currency"]

    /// CLDR's numbering systems (`latn`, `thai`, `arab`, ...), for `@numbers=`.
    static let numberingSystems: [String] = LocaleNames.words(LocaleIndexData.numberingSystems)

    /// Why a locale name is refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// No locale the tools list (see ``identifier(for:)``).
        case unknown
        /// Longer than ``maximumNameLength``.
        case tooLong
        /// An unknown keyword or keyword value: what is wrong, and close matches.
        case keyword(String, [String])
    }

    /// The ICU identifier of `text`, or nil when it names no locale the
    /// tools list (see ``checkedIdentifier(_:)``).
    public static func identifier(for text: String) -> String? {
        try? checkedIdentifier(text)
    }

    /// The ICU identifier of `text`, or why it is refused. A name resolves
    /// when it names a locale `--list-locales` lists (ICU's available
    /// identifiers), a short form of one with the likely script left out
    /// (`zh_CN` for `zh_Hans_CN`, `sr_RS` for `sr_Cyrl_RS`), one of those
    /// with ICU's variant (`ca_ES@valencia`), or a language ICU does not
    /// list but has data for (``hasInheritedData(_:)``: `ht`, `ht_HT`); its
    /// keywords are `numbers=` a numbering system of CLDR and `currency=`
    /// an ISO 4217 code. Any other name, a language with a region ICU does
    /// not list it with (`de_GE`) among them, is refused, as is a name longer
    /// than ``maximumNameLength``.
    public static func checkedIdentifier(_ text: String) throws(Refusal) -> String {
        guard text.utf8.count <= maximumNameLength else { throw .tooLong }
        var name = Substring(text)
        var modifier: Substring? = nil
        // A POSIX modifier (`@latin`), not ICU keywords (`@numbers=thai`).
        if let at = name.firstIndex(of: "@"), !name[at...].contains("=") {
            modifier = name[name.index(after: at)...]
            name = name[..<at]
        }
        // A POSIX charset (`.UTF-8`, `.ISO-8859-1`) says nothing of notation.
        if let dot = name.firstIndex(of: "."), !name.contains("=") { name = name[..<dot] }
        let bare = name.lowercased()
        if bare == "c" || bare == "posix" {
            guard modifier == nil else { throw .unknown }
            return machineIdentifier
        }
        guard let first = name.first, first.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-@=;".contains($0)) })
        else { throw .unknown }

        // ICU's canonical form: case, separators, aliases (`iw` is `he`, `tl` is `fil`).
        var canonical = LocaleNames.canonical(String(name))
        var keywords = ""
        if let at = canonical.firstIndex(of: "@") {
            keywords = try checkedKeywords(canonical[canonical.index(after: at)...])
            canonical = String(canonical[..<at])
        }
        var parts = canonical.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, !language.isEmpty else { throw .unknown }
        // language, then a four-letter script, then a region (empty in
        // `de__PHONEBOOK`); what follows are variants ICU keeps (`POSIX`).
        let hasScript = parts.count > 1 && parts[1].count == 4 && parts[1].allSatisfy(\.isLetter)
        if let modifier, !modifier.isEmpty {
            let m = modifier.lowercased()
            if let s = modifierScripts[m], !hasScript {
                parts.insert(s, at: 1)
            } else if modifierVariants.contains(m) {
                if parts.count == 1 { parts.append("") }
                parts.append(m.uppercased())
            }
        }
        let resolved = parts.joined(separator: "_")
        guard isListed(parts) else { throw .unknown }
        guard !hasStraySingleton(name), !hasEmptySubtags(name) else { throw .unknown }
        return resolved + keywords
    }

    /// Whether the part of a name before its keywords has an empty subtag
    /// between two separators other than ICU's empty region (`de__POSIX`):
    /// `ES--_`, `en_-US`. (A separator at the end is ICU's: `en_` is `en`.)
    static func hasEmptySubtags(_ name: Substring) -> Bool {
        let base = name.prefix { $0 != "@" }
        return base.contains("--") || base.contains("-_") || base.contains("_-")
    }

    /// Whether the part of a name before its keywords holds a one-character
    /// subtag other than the `u` of a Unicode extension (`th-TH-u-nu-thai`,
    /// `th_TH_u_nu_thai`) or the `i` of a grandfathered BCP 47 tag
    /// (`i-navajo`): ICU's parser reads such a name (`Zh_guoyu_qaa_x-sh`,
    /// `en_US_a`) its own way, dropping subtags, and a name that says more
    /// than the locale it resolves to is refused rather than read as a
    /// shorter one.
    static func hasStraySingleton(_ name: Substring) -> Bool {
        let base = name.prefix { $0 != "@" }
        let segments = base.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        for (k, segment) in segments.enumerated() where segment.count == 1 {
            let letter = segment.lowercased()
            let opensExtension = letter == "u" && k > 0 && k < segments.count - 1
            let grandfathered = letter == "i" && k == 0
            if !opensExtension && !grandfathered { return true }
        }
        return false
    }

    /// Whether `parts` (language, script, region, variant) name a locale
    /// the tools take (see ``checkedIdentifier(_:)``): one ICU lists, or
    /// one whose likely subtags are one it lists (generated: `zh_CN`,
    /// `en_Latn_US`, `ht_HT`).
    static func isListed(_ parts: [String]) -> Bool {
        let id = parts.joined(separator: "_")
        if availableList.contains(id) { return true }
        var base = parts
        // ICU's variant on a locale it lists (`ca_ES_VALENCIA`).
        if base.count > 1, modifierVariants.contains(base.last!.lowercased()) {
            base.removeLast()
            if base.last == "" { base.removeLast() }
            return isListed(base)
        }
        guard base.count <= 3, !base.contains("") else { return false }
        let language = base[0]
        // A language with data ICU does not list: alone or with its likely region (`ht_HT`).
        if !knownLanguages.contains(language) {
            guard hasInheritedData(language) else { return false }
            return base.count == 1 || inheritedForms.contains(id)
        }
        // A short form of a listed name (`zh_CN` is `zh_Hans_CN`), or a
        // listed name with its likely script written (`en_Latn_US` is `en_US`).
        return shortForms.contains(id) || longForms.contains(id)
    }

    /// The keywords of an ICU name (`numbers=thai;currency=eur`, after the
    /// `@`) as `@numbers=thai;currency=EUR`, or why they are refused.
    package static func checkedKeywords(_ text: Substring) throws(Refusal) -> String {
        var checked: [String] = []
        for pair in text.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = kv[0].lowercased()
            let value = kv.count == 2 ? String(kv[1]) : ""
            switch key {
            case "numbers":
                let system = value.lowercased()
                guard numberingSystems.contains(system) else {
                    throw .keyword(
                        "unknown numbering system '\(value)' (numbers=)", closeMatches(system, among: numberingSystems))
                }
                checked.append("numbers=" + system)
            case "currency":
                guard CurrencyCatalog.isKnown(value) else {
                    throw .keyword(
                        "unknown currency '\(value)' (currency=)", CurrencyCatalog.suggestions(for: value))
                }
                checked.append("currency=" + value.uppercased())
            default:
                throw .keyword(
                    "unknown keyword '\(key)': a locale name takes \(keywordNames.map { $0 + "=" }.joined(separator: " and "))",
                    closeMatches(key, among: keywordNames))
            }
        }
        return checked.isEmpty ? "" : "@" + checked.joined(separator: ";")
    }

    /// `text` as a message shows it: at most ``maximumNameLength`` characters.
    static func shownName(_ text: String) -> String {
        text.count <= maximumNameLength ? text : String(text.prefix(maximumNameLength)) + "..."
    }

    /// `VARIABLE=value` as a warning shows it, the value cut as ``shownName(_:)`` does.
    static func shown(_ variable: String, _ value: String) -> String {
        "\(variable)=\(shownName(value))"
    }

    /// The locale for a name given on the command line, or a usage error
    /// naming the option, what is wrong and up to three close matches.
    public static func resolve(_ text: String, option: String) throws(UsageError) -> LocaleID {
        do throws(Refusal) {
            return LocaleID(identifier: try checkedIdentifier(text))
        } catch {
            throw UsageError(refusalMessage(error, text, option: option))
        }
    }

    /// The usage error's message for `text` given to `option`.
    static func refusalMessage(_ refusal: Refusal, _ text: String, option: String) -> String {
        switch refusal {
        case .unknown:
            return "unknown locale '\(text)' for \(option)" + didYouMean(suggestions(for: text))
        case .tooLong:
            return
                "invalid value '\(shownName(text))' for \(option): a locale name has at most \(maximumNameLength) characters"
        case .keyword(let problem, let matches):
            return "invalid value '\(text)' for \(option): \(problem)" + didYouMean(matches)
        }
    }

    /// Up to three names close to `text`, the likely-subtag forms among them.
    static func suggestions(for text: String) -> [String] {
        var base = Substring(text)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        let key = base.isEmpty ? text : String(base).replacing("-", with: "_")
        // A known language is kept: `zh_CNN` is answered with zh_*, not za_CN.
        let language = LocaleNames.canonical(String(key.prefix { $0 != "_" }))
        if knownLanguages.contains(language) {
            let rest = key.drop { $0 != "_" }
            let same = suggestionCandidates.filter { $0 == language || $0.hasPrefix(language + "_") }
            return closeMatches(language + rest, among: same)
        }
        return closeMatches(key, among: suggestionCandidates)
    }

    /// The default locale name from the environment: `LC_ALL`, then
    /// `category` (such as `LC_NUMERIC`), then `LANG`, as the user wrote it;
    /// `C`, `POSIX` (with any charset), empty or unset means `en_US`.
    /// Returns the name and the variable it came from.
    public static func environmentIdentifier(_ environment: [String: String], category: String) -> (
        identifier: String, variable: String?
    ) {
        for variable in ["LC_ALL", category, "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            var id = Substring(value)
            if let dot = id.firstIndex(of: ".") {
                let modifier = id[dot...].firstIndex(of: "@").map { id[$0...] } ?? ""
                id = id[..<dot] + modifier
            }
            let bare = id.prefix { $0 != "@" }.lowercased()
            if bare == "c" || bare == "posix" || bare.isEmpty { return ("en_US", variable) }
            if id.hasSuffix("@euro") { id = id.dropLast(5) }
            return (String(id), variable)
        }
        return ("en_US", nil)
    }

    /// phonefmt's default region when none is given: the territory of the
    /// locale the environment names (`LC_ALL`, then `LC_TELEPHONE`, then
    /// `LANG`, the first that is set and not empty: `fr_FR.UTF-8` is FR,
    /// `sr_RS@latin` RS, `zh_Hant_TW` TW), and nil when that locale names no
    /// territory (`C`, `POSIX`, `C.UTF-8`, `fr`, or none set): there is no
    /// fallback region. A territory the phone metadata does not have
    /// (`en_ZZ`, `es_419`) gives nil too, with a warning for the tool to
    /// print once.
    public static func environmentRegion(_ environment: [String: String]) -> (region: String?, warning: String?) {
        for variable in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let name = value.prefix { $0 != "." && $0 != "@" }
            // (A one-character subtag starts BCP 47's extensions: `en-u-nu-latn` names no territory.)
            let subtags: [Substring] = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
            // The territory: the first subtag after the language of two
            // letters or three digits (a four-letter one is a script).
            var found: Substring?
            for part in subtags.dropFirst() {
                if part.count == 1 { break }
                let letters = part.count == 2 && part.allSatisfy { $0.isLetter }
                let digits = part.count == 3 && part.allSatisfy { $0.isNumber }
                if letters || digits {
                    found = part
                    break
                }
            }
            guard let territory = found else { return (nil, nil) }
            if let region = PhoneMetadata.region(named: String(territory)) { return (region, nil) }
            return (
                nil,
                "\(shown(variable, value)) names region \(territory), which libphonenumber has no numbering plan for; numbers without a country code need -r REGION"
            )
        }
        return (nil, nil)
    }

    /// The locale the environment names, and a warning when it names none
    /// that resolves: then the locale is en_US, as a C program goes on in
    /// the C locale when `setlocale` fails, so that a cron job on any
    /// server keeps working.
    public static func environmentLocale(_ environment: [String: String], category: String) -> (
        locale: LocaleID, warning: String?
    ) {
        let (name, variable) = environmentIdentifier(environment, category: category)
        let refusal: Refusal
        do throws(Refusal) {
            return (LocaleID(identifier: try checkedIdentifier(name)), nil)
        } catch { refusal = error }
        let value = shown(variable ?? "LANG", variable.flatMap { environment[$0] } ?? name)
        switch refusal {
        case .unknown, .tooLong: return (LocaleID(identifier: "en_US"), "\(value) is not a known locale; using en_US")
        case .keyword(let problem, _): return (LocaleID(identifier: "en_US"), "\(value): \(problem); using en_US")
        }
    }

    /// Whether the environment names a locale of its own for `category`:
    /// one that resolves, not `C`, `POSIX` (with any charset), empty or
    /// unset, whose en_US is a default and names no territory of the user's.
    public static func environmentNamesLocale(_ environment: [String: String], category: String) -> Bool {
        let (name, variable) = environmentIdentifier(environment, category: category)
        guard let variable, let value = environment[variable] else { return false }
        let bare = value.prefix { $0 != "." && $0 != "@" }.lowercased()
        if bare == "c" || bare == "posix" { return false }
        return identifier(for: name) != nil
    }

    /// The locale named by `value` if the option was given, else by the
    /// environment (see ``environmentLocale(_:category:)``); `warn` receives
    /// the environment's warning, if any.
    public static func resolve(
        option: String, value: String?, environment: [String: String], category: String,
        warn: (String) -> Void = { _ in }
    ) throws(UsageError) -> LocaleID {
        if let value { return try resolve(value, option: option) }
        let (locale, warning) = environmentLocale(environment, category: category)
        if let warning { warn(warning) }
        return locale
    }

    /// The `--list-locales` listing: `ID <TAB> ENGLISH NAME <TAB> SAMPLE`,
    /// SAMPLE being 1234567.891 written in that locale, sorted by ID.
    public static func listing() -> String {
        var text = ""
        for (id, name) in zip(availableList, englishNames) {
            let format = LocaleNumberFormat(locale: LocaleID(identifier: id))
            var sample: [UInt8] = []
            format.format(negative: false, integer: Array("1234567".utf8), fraction: Array("891".utf8), into: &sample)
            text += id + "\t" + name + "\t" + String(decoding: sample, as: UTF8.self) + "\n"
        }
        return text
    }

    /// The English name of each of ``availableList`` (generated, as ICU gives it).
    static let englishNames: [String] = LocaleIndexData.englishNames.split(
        separator: "|", omittingEmptySubsequences: false
    ).map(String.init)
}
