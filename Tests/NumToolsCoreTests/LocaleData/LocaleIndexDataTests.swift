import Foundation
import Testing

@testable import NumToolsCore

#if canImport(_FoundationICU)
    import NumToolsLocaleOracle

    /// The rule LocaleSupport.hasInheritedData followed at run time before
    /// issue 46, which the generator now follows (LocaleResolutionTests
    /// still asks it of the languages it refuses).
    extension LocaleSupport {
        static func formatSignature(_ language: String) -> [String] { LocaleIndexOracle.formatSignature(language) }
        static var fallbackSignature: [String] { LocaleIndexOracle.fallbackSignature }
    }

    /// Issue 46: the locale names LocaleSupport resolves come from
    /// Generated/LocaleIndexData.swift, not from ICU at run time. Each list
    /// is compared with the toolchain's ICU (so that an upgrade shows what
    /// changed: then run scripts/gen_locale_data.sh locale-index), and the
    /// resolver with the one that asked Foundation, over many names.
    @Suite struct LocaleIndexDataTests {
        @Test func listsAreICUs() {
            #expect(LocaleSupport.availableList == LocaleIndexOracle.identifiers)
            #expect(LocaleSupport.englishNames == LocaleIndexOracle.englishNames)
            #expect(LocaleSupport.knownRegions == Set(LocaleIndexOracle.regions))
            #expect(LocaleSupport.numberingSystems == LocaleIndexOracle.numberingSystems)
            #expect(LocaleSupport.shortForms == LocaleIndexOracle.shortForms)
            #expect(LocaleSupport.longForms == Set(LocaleIndexOracle.longForms))
            let inherited = LocaleNames.words(LocaleIndexData.inheritedLanguages)
            #expect(LocaleSupport.inheritedForms == Set(LocaleIndexOracle.inheritedForms(inherited)))
            #expect(LocaleIndexData.likelyRegions == LocaleIndexOracle.likelyRegions(inherited).joined(separator: " "))
            #expect(LocaleIndexData.likelyScriptRegions == LocaleIndexOracle.likelyScriptRegions.joined(separator: " "))
            for (kind, list) in [
                ("language", LocaleIndexData.languageAliases), ("script", LocaleIndexData.scriptAliases),
                ("territory", LocaleIndexData.territoryAliases), ("variant", LocaleIndexData.variantAliases),
            ] {
                #expect(list == LocaleIndexOracle.aliases(kind).joined(separator: " "), "\(kind) aliases")
            }
        }

        /// The languages ICU has data for without listing them: every two-letter
        /// code, and a sample of the three-letter ones (all of them, a minute,
        /// with NUMTOOLS_FULL_SWEEP=1).
        @Test func inheritedLanguagesAreICUs() {
            let generated = Set(LocaleNames.words(LocaleIndexData.inheritedLanguages))
            let codes = LocaleIndexOracle.languageCodes
            let short = codes.filter { $0.count == 2 }
            let long = Sweep.sample(
                codes.filter { $0.count != 2 }, "LocaleIndexDataTests.inheritedLanguages", fraction: 0.05,
                always: { generated.contains($0) })
            let probed = short + long
            let live = Set(LocaleIndexOracle.inheritedLanguages(among: probed))
            #expect(live == generated.intersection(probed), "\(Sweep.replay)")
        }

        /// A corpus of names: every listed one in ICU's and BCP 47's form,
        /// in both cases, with a charset, keywords and extensions; the short
        /// and long forms; every two-letter language alone and with regions;
        /// ICU's aliases; POSIX modifiers; and names that are none.
        static var corpus: [String] {
            var names: [String] = []
            for id in LocaleIndexOracle.identifiers + LocaleIndexOracle.shortForms + LocaleIndexOracle.longForms {
                let bcp = id.replacingOccurrences(of: "_", with: "-")
                names += [
                    id, id.lowercased(), id.uppercased(), bcp, bcp.lowercased(), id + ".UTF-8", id + ".ISO-8859-1",
                    id + "@numbers=thai", id + "@numbers=latn;currency=eur", id + "@currency=JPY;numbers=ARAB",
                    bcp + "-u-nu-arab", bcp + "-u-cu-usd-nu-deva", bcp + "-u-ca-gregory", id + "@numbers=latm",
                    id + "@euro", id + "@latin", id + "@valencia",
                ]
            }
            let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
            let regions = [
                "US", "DE", "CN", "IN", "BR", "ZZ", "419", "SU", "DEU", "276", "YU", "UK", "cnn", "HT", "SA",
            ]
            for a in letters {
                for b in letters {
                    let language = a + b
                    names += [language, language.uppercased(), language + "_Latn", language + "-Cyrl-RS"]
                    names += regions.map { language + "_" + $0 }
                }
            }
            for language in ["ars", "wuu", "yue", "fil", "haw", "root", "und", "qaa", "tpi", "hak", "nan", "cmn"] {
                names += [language, language + "_" + "ZZ", language + "_Zyyy"] + regions.map { language + "_" + $0 }
            }
            for kind in ["language", "territory", "script", "variant"] {
                for pair in LocaleIndexOracle.aliases(kind) {
                    let parts = pair.split(separator: ":").map(String.init)
                    let (key, value) = (parts[0], parts[1].replacingOccurrences(of: "+", with: " "))
                    switch kind {
                    case "language":
                        names += [
                            key, key.replacingOccurrences(of: "_", with: "-"), key + "_US", key + "_RS",
                            value.split(separator: " ")[0].description,
                        ]
                    case "territory": names += ["de_", "hy_", "ru_", "en_", "sr_", "pt_", "und_"].map { $0 + key }
                    case "script": names += ["sr_" + key, "ja_" + key + "_JP"]
                    default: names += ["ja_JP_" + key, "el_" + key, "en__" + key]
                    }
                }
            }
            for base in ["sr_RS", "uz_UZ", "ca_ES", "de_DE", "be_BY", "tt_RU", "ks_IN", "sr_ME", "zh_CN", "en"] {
                for modifier in ["@latin", "@cyrillic", "@devanagari", "@iqtelif", "@valencia", "@euro", "@Latin"] {
                    names += [base + modifier, base + ".UTF-8" + modifier]
                }
            }
            names += [
                "C", "POSIX", "c", "C.UTF-8", "C@euro", "", "_DE", "de DE", "1234", "zh_CN\u{0}", "klingon", "x_foo",
                "i-lux", "i-klingon", "i-navajo", "zh-guoyu", "zh_guoyu", "no-bok", "no_bokmal", "art-lojban",
                "en-GB-oed", "zh-yue", "zh-yue-HK", "sv_aaland", "sv_FI_aaland", "ca_ES_VALENCIA_VALENCIA",
                "en_US_POSIX", "en-US-POSIX", "en_us_posix", "en_POSIX", "en__POSIX", "de__PHONEBOOK", "en_Latn_POSIX",
                "en_US_FOO_BAR", "en_12", "en_1234", "en_1", "en_", "de_CH_", "en__US", "en@numbers=",
                "en@numbers=;currency=eur", "en@=x", "en@numbers=thai;;currency=EUR", "en@numbers=thai=x",
                "en@NUMBERS=THAI", "en@currency=eur;numbers", "de@numbers=thai;", "de@numbers=thai;numbers=arab",
                "en-u-nu", "en-u-nu-aaaaaaaaaaaaaaaaaaaa", "en-u-nu-THAI", "en-u-nu-traditio", "en-u-ca",
                "en-US-u-nu-arab-x-foo", "en-u-attr-nu-thai", "de-u-cu-eur-cu-usd", "en-u-nu-thai-thai", "en-x-foo",
                "en-a-bbb-u-nu-thai", "en-t-ru-u-nu-thai", "en-u-rg-uszzzz", "en-u-xx-yy", "th_TH_u_nu_thai",
                "ca-ES-valencia", "en-Latn-US-valencia", "sr-Latn-RS-u-nu-latn", "zh-Hant-TW-u-nu-hanidec",
                "de-CH-1996", "de_CH_1996", "en-u", "en-u-", "en--US", "en-US-", "abcdefghij", "abcdefghij-u-nu-thai",
                "Latn-u-nu-thai", "de_Dx", "de_CHH", "zh_CNN", "de_GE", "xx_YY", "aa_DJ", "hak_TW", "ht_ABC",
                "ht_CNN", "ht_Latn_FR", "ht_FR", "pa_Arab_PK", "pa_Arab_IN", "sr_Latn_RS", "sr_Cyrl", "zh_Hans",
                "zh_Hant_CN", "az_Cyrl_AZ", "en@numbers=" + String(repeating: "x", count: 60),
                String(repeating: "de_", count: 30) + "DE",
            ]
            return names
        }

        /// Every listed name is canonical as it is, in ICU's canonicalization
        /// and in the one LocaleNames works through (which `canonical`
        /// skips for a listed name).
        @Test func listedNamesAreCanonical() {
            let listed = LocaleSupport.availableList
            #expect(listed.count > 500)
            let icu = listed.filter { LocaleIndexOracle.Reference.canonical($0) != $0 }
            let own = listed.filter { LocaleNames.canonicalICU($0) != $0 }
            #expect(icu.isEmpty, "ICU: \(icu.prefix(20))")
            #expect(own.isEmpty, "LocaleNames: \(own.prefix(20))")
        }

        /// The resolver gives what it gave when it asked Foundation, name
        /// for name: the identifier, or the same refusal.
        @Test func resolverIsICUs() {
            var failures: [String] = []
            let names = Self.corpus
            for name in names {
                let got = Result { () throws(LocaleSupport.Refusal) in try LocaleSupport.checkedIdentifier(name) }
                let expected = Result { () throws(LocaleSupport.Refusal) in
                    try LocaleIndexOracle.Reference.checkedIdentifier(name)
                }
                if got != expected {
                    let base = String(name.prefix { $0 != "." })
                    failures.append(
                        "\(name): \(got) != \(expected) (canonical \(LocaleNames.canonical(base)) vs "
                            + "\(LocaleIndexOracle.Reference.canonical(base)))")
                }
            }
            #expect(names.count > 20000)
            #expect(
                failures.isEmpty, "\(failures.count) of \(names.count): \(failures.prefix(40).joined(separator: "\n"))")
        }

        /// Names put together at random from pieces of names (languages,
        /// scripts, regions, variants, extensions, keywords, charsets and
        /// modifiers, both separators, any case): a different sample every
        /// run, by the sweep's seed. The resolver never takes a name ICU's did
        /// not, and takes every name it did with the same identifier, but
        /// two kinds of garbage: ICU took an inherited language with any
        /// variant, since likely subtags drop variants (`wuu-CN-sr` was
        /// `wuu_CN_SR`), and a name with empty subtags (`ht_--Zh-latn_pa` was
        /// `ht`, `en-276__zh` `en_DE`), and a garbled name with a variant
        /// (`ES-latn-valencia_cu@valencia` was `es_Latn_CU_VALENCIA_VALENCIA`,
        /// `DE-Latn_valencia_DEU@latin` `de_Latn_DE_VALENCIA`):
        /// for those, only that the resolver takes no name ICU's did not is
        /// checked. A name with a one-letter
        /// subtag out of place is left out: ICU's BCP 47 parser reads it, with
        /// its grandfathered tags and separators, in ways LocaleNames only
        /// approximates (`EN_POSIX_i@valencia` was `en__VALENCIA`,
        /// `Zh_guoyu_qaa_x-sh` `qaa@x=sh`); the well-formed BCP 47 names are
        /// in ``resolverIsICUs()``.
        /// (Which refusal garbage gets, an unknown locale or an unknown
        /// keyword, may differ here; the corpus of ``resolverIsICUs()`` holds it.)
        @Test func randomNamesAreICUs() {
            let pieces = [
                "en", "de", "zh", "sr", "ht", "ars", "iw", "sh", "no", "tl", "i", "x", "root", "und", "qaa", "EN", "Zh",
                "ca", "pa", "wuu", "yue", "Latn", "Cyrl", "Hans", "Hant", "latn", "Zyyy", "Qaai", "Arab", "US", "DE",
                "CN", "RS", "TW", "HT", "419", "SU", "YU", "ZZ", "276", "DEU", "us", "cnn", "ES", "PK", "POSIX",
                "valencia", "1996", "aaland", "heploc", "guoyu", "lux", "u", "nu", "thai", "cu", "eur", "t", "ca",
                "gregory", "a", "bbb", "attr", "arab", "hanidec", "",
            ]
            let tails = [
                "", "", "", ".UTF-8", "@euro", "@latin", "@valencia", "@numbers=thai", "@currency=eur;numbers=arab",
                "@numbers=", "@calendar=gregorian", "@=x", "@numbers=thai;numbers=latn", ".UTF-8@latin",
            ]
            var state = Sweep.seed | 1
            func next(_ n: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(n))
            }
            var failures: [String] = []
            let count = Sweep.full ? 200_000 : 20_000
            for _ in 0..<count {
                var name = pieces[next(pieces.count)]
                for _ in 0..<next(6) { name += (next(2) == 0 ? "_" : "-") + pieces[next(pieces.count)] }
                name += tails[next(tails.count)]
                let got = Result { () throws(LocaleSupport.Refusal) in try LocaleSupport.checkedIdentifier(name) }
                let expected = Result { () throws(LocaleSupport.Refusal) in
                    try LocaleIndexOracle.Reference.checkedIdentifier(name)
                }
                guard got != expected else { continue }
                let subtags = name.prefix { $0 != "." && $0 != "@" }.split(whereSeparator: { $0 == "_" || $0 == "-" })
                if subtags.dropFirst().contains(where: { $0.count == 1 }) { continue }
                if case .success = got {
                } else {
                    if case .failure = expected { continue }
                    // (`__` is an empty region after a language or a script, else garbage.)
                    let beforeDouble = name.components(separatedBy: "__").first!.split(whereSeparator: {
                        $0 == "_" || $0 == "-"
                    })
                    let emptySubtags =
                        ["--", "-_", "_-", "___"].contains { name.contains($0) }
                        || (name.contains("__") && beforeDouble.count > 1 && beforeDouble.last!.count != 4)
                    if emptySubtags { continue }
                    if case .success(let id) = expected {
                        let parts = id.prefix { $0 != "@" }.split(separator: "_", omittingEmptySubsequences: false)
                        let language = String(parts[0])
                        let variant = parts.count > 2 && parts[2...].contains { $0 != "VALENCIA" }
                        if LocaleSupport.hasInheritedData(language) && variant { continue }
                        // A variant written twice (`ES-latn-valencia_cu@valencia`
                        // was `es_Latn_CU_VALENCIA_VALENCIA`): no locale has two.
                        // Or a variant among the subtags of a garbled name
                        // (`DE-Latn_valencia_DEU@latin` was `de_Latn_DE_VALENCIA`):
                        // the well-formed ones are in resolverIsICUs.
                        let variants = parts.dropFirst().drop { $0.count == 4 }.dropFirst()
                        if !variants.isEmpty { continue }
                    }
                }
                if !failures.contains(where: { $0.hasPrefix(name + ":") }) {
                    failures.append("\(name): \(got) != \(expected)")
                }
            }
            #expect(
                failures.isEmpty, "\(Sweep.replay) \(failures.count): \(failures.prefix(40).joined(separator: "\n"))")
        }
    }
#else
    extension LocaleSupport {
        static func formatSignature(_ language: String) -> [String] {
            let locale = LocaleID(identifier: language)
            var date = Date.FormatStyle(date: .complete, time: .omitted).locale(locale)
            date.timeZone = TimeZone(identifier: "UTC") ?? date.timeZone
            return [
                Decimal(string: "-1234567.89")!.formatted(.number.locale(locale)),
                Decimal(string: "0.5")!.formatted(.percent.locale(locale)),
                Decimal(string: "1234.5")!.formatted(.currency(code: "EUR").locale(locale)),
                Date(timeIntervalSince1970: 0).formatted(date),
                locale.localizedString(forLanguageCode: "en") ?? "",
            ]
        }
        static var fallbackSignature: [String] { formatSignature("qaa") }
    }
#endif
