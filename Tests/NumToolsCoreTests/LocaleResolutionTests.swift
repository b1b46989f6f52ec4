import Foundation
import Testing

@testable import NumToolsCore

/// glibc's supported locale names (Tests/Fixtures/glibc-supported.txt, made
/// by scripts/gen_glibc_locales.sh).
let glibcNames: [String] = (try? phoneFixtureRows("glibc-supported.txt").map { $0[0] }) ?? []

/// The languages of glibc's list that CLDR (and so Foundation) has no number
/// data for: Foundation would format them as its default locale, so the
/// tools refuse them. Written out by hand, not derived from the resolver.
/// (`ht` is not among them since issue #25: it inherits fr_HT's data.)
let languagesWithoutCLDRData: Set<String> = [
    "aa", "agr", "an", "anp", "ayc", "bhb", "bi", "crh", "csb", "hak", "hif", "hne", "ik", "li", "lzh", "mag",
    "mhr", "miq", "mjw", "mnw", "nan", "nhn", "niu", "pap", "rif", "sgs", "shn", "shs", "sid", "tcy", "the",
    "tpi", "unm", "yuw",
]

/// The names of glibc's list in a language CLDR has data for, with a region
/// or script ICU does not list it with: refused since issue #44 (a locale
/// `--list-locales` does not list is a usage error). Written out by hand.
let glibcNamesICUDoesNotList: Set<String> = [
    "ar_IN", "az_IR", "be_BY@latin", "ber_DZ", "bho_NP", "eu_FR.UTF-8", "eu_FR", "eu_FR@euro", "fy_DE",
    "gv_GB.UTF-8", "gv_GB", "ia_FR", "mai_NP", "tt_RU@iqtelif", "yi_US.UTF-8", "yi_US",
]

@Suite struct LocaleResolutionTests {
    @Test func theFixtureIsThere() {
        #expect(glibcNames.count >= 300)
        #expect(glibcNames.contains("zh_CN.UTF-8") && glibcNames.contains("sr_RS@latin"))
    }

    /// Every name of glibc's list resolves, but those of languages without
    /// CLDR data (and `C.UTF-8`, which names machine notation with a charset),
    /// and since issue #44 those naming a language with a region or script
    /// ICU does not list it with (`--list-locales` does not list them).
    @Test func everyGlibcNameResolves() {
        var failures: [String] = []
        for name in glibcNames {
            let language = String(name.prefix { $0.isLetter })
            let expected = !languagesWithoutCLDRData.contains(language) && !glibcNamesICUDoesNotList.contains(name)
            let got = LocaleSupport.identifier(for: name)
            if (got != nil) != expected { failures.append("\(name) -> \(got ?? "unknown")") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Issue #25: every identifier Foundation lists resolves, and numconv
    /// writes FormatStyle's text for it; one refused would have to be one
    /// FormatStyle formats as its default locale (as it does a language
    /// with no data).
    @Test func everyAvailableIdentifierResolvesAndFormatsAsFormatStyle() {
        let en = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))
        var failures: [String] = []
        var resolved = 0
        // Every locale, or this run's sample (see ``Sweep``).
        let ids = Sweep.locales("LocaleResolutionTests.everyAvailableIdentifier")
        for id in ids {
            guard let icu = LocaleSupport.identifier(for: id) else {
                let language = String(id.prefix { $0 != "_" })
                if LocaleSupport.formatSignature(language) != LocaleSupport.fallbackSignature {
                    failures.append("\(id) refused, though FormatStyle has data for it")
                }
                continue
            }
            resolved += 1
            var converter = NumberConverter(from: en, to: [LocaleNumberFormat(locale: LocaleID(identifier: icu))])
            for value in ["-1234567.891", "1234.5", "0.25"] {
                let expected = oracle(
                    LocaleID(identifier: id), .number, value, fraction: value.split(separator: ".").last!.count)
                let got = (try? converter(value)) ?? "error"
                if got != expected { failures.append("\(id) (\(icu)) \(value): \(got) != \(expected)") }
            }
        }
        #expect(resolved == ids.count, "\(Sweep.replay) \(failures.prefix(10))")
        #expect(failures.isEmpty, "\(Sweep.replay) \(failures.count) failures, first: \(failures.prefix(10))")
    }

    /// Issue #25: a language ICU does not list but has data for (`ht`
    /// inherits fr_HT's) resolves; one it has no data for does not.
    @Test func inheritedDataIsData() {
        #expect(LocaleSupport.hasInheritedData("ht"))
        for language in ["aa", "hak", "xx", "qaa", "tpi"] { #expect(!LocaleSupport.hasInheritedData(language)) }
        #expect(LocaleSupport.identifier(for: "ht_HT") == "ht_HT")
        #expect(LocaleSupport.identifier(for: "ht_HT.UTF-8") == "ht_HT")
        let format = LocaleNumberFormat(locale: LocaleID(identifier: "ht_HT"))
        var sample: [UInt8] = []
        format.format(negative: false, integer: Array("1234567".utf8), fraction: Array("89".utf8), into: &sample)
        #expect(
            String(decoding: sample, as: UTF8.self)
                == Decimal(string: "1234567.89")!.formatted(.number.locale(Locale(identifier: "ht_HT"))))
    }

    @Test(arguments: [
        ("zh_CN", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"), ("zh_CN.GB18030", "zh_CN"), ("ZH_cn", "zh_CN"),
        ("zh-hant-tw", "zh_Hant_TW"), ("zh_Hans_CN", "zh_Hans_CN"), ("sr_RS", "sr_RS"), ("sr_RS@latin", "sr_Latn_RS"),
        ("sr_RS.UTF-8@latin", "sr_Latn_RS"), ("uz_UZ@cyrillic", "uz_Cyrl_UZ"), ("ks_IN@devanagari", "ks_Deva_IN"),
        ("de_DE@euro", "de_DE"), ("de_DE.ISO-8859-15@euro", "de_DE"), ("ca_ES@valencia", "ca_ES_VALENCIA"),
        ("de-CH", "de_CH"), ("th-TH-u-nu-thai", "th_TH@numbers=thai"), ("th_TH@numbers=thai", "th_TH@numbers=thai"),
        ("en_US_POSIX", "en_US_POSIX"), ("C", "en_US_POSIX"), ("POSIX", "en_US_POSIX"), ("c", "en_US_POSIX"),
        ("C.UTF-8", "en_US_POSIX"), ("tl_PH", "fil_PH"), ("iw_IL", "he_IL"), ("es_419", "es_419"), ("pa_IN", "pa_IN"),
        ("de", "de"), ("de-DE-u-cu-eur", "de_DE@currency=EUR"), ("en_Latn_US", "en_Latn_US"),
        ("hi_IN@numbers=deva", "hi_IN@numbers=deva"),
    ])
    func resolves(name: String, identifier: String) {
        #expect(LocaleSupport.identifier(for: name) == identifier)
    }

    /// An unknown language, region or script, and names that are no locale.
    @Test(arguments: [
        "xx_YY", "xx_YY.UTF-8", "aa_DJ", "hak_TW", "klingon", "de_Dx", "de_CHH", "", "_DE", "de DE", "C@euro", "1234",
        "zh_CN\u{0}",
        // Issue #44: what --list-locales does not list, unknown keywords and
        // values, and names longer than any real one.
        "de_GE", "zh_CNN", "de_DE@numbers=abcdefgh", "en_US@calendar=gregorian", "de_DE@currency=XYZ",
        "en-u-nu-aaaaaaaaaaaaaaaaaaaa", "en@numbers=" + String(repeating: "x", count: 168),
        String(repeating: "de_", count: 30) + "DE",
        // Issue #46: a one-letter subtag that opens no `-u-` extension (ICU's
        // parser drops what follows it: `Zh_guoyu_qaa_x-sh` would read as zh).
        "Zh_guoyu_qaa_x-sh", "zh_guoyu_x", "en_US_a", "en-a-bbb", "en-US-x-foo",
        "ES--_", "en_-US", "de--DE",
    ])
    func refuses(name: String) {
        #expect(LocaleSupport.identifier(for: name) == nil)
        #expect(throws: UsageError.self) { try LocaleSupport.resolve(name, option: "--locale") }
    }

    /// Issue #44: what is wrong with a name given on the command line.
    @Test(arguments: [
        ("de_GE", "unknown locale 'de_GE' for --locale (did you mean 'de_BE', 'de_DE', 'de_AT'?)"),
        (
            "de_DE@numbers=latm",
            "invalid value 'de_DE@numbers=latm' for --locale: unknown numbering system 'latm' (numbers=) (did you mean 'latn'"
        ),
        (
            "de_DE@currency=EUX",
            "invalid value 'de_DE@currency=EUX' for --locale: unknown currency 'EUX' (currency=) (did you mean 'EUR'"
        ),
        (
            "en@numbers=" + String(repeating: "x", count: 100),
            "invalid value 'en@numbers=" + String(repeating: "x", count: 53)
                + "...' for --locale: a locale name has at most 64 characters"
        ),
    ])
    func refusalMessages(name: String, message: String) {
        do {
            _ = try LocaleSupport.resolve(name, option: "--locale")
            Issue.record("\(name) accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    /// Close matches include the short forms users write (`zh_CN`), never a
    /// neighbour of the wrong language (`za_CN`).
    @Test func suggestionsIncludeLikelySubtagForms() throws {
        for (name, expected) in [("zh_XX", "zh_CN"), ("sr_RR", "sr_RS"), ("zh_CNN", "zh_CN")] {
            do {
                _ = try LocaleSupport.resolve(name, option: "--to")
                Issue.record("\(name) accepted")
            } catch {
                #expect(error.message.contains("'\(expected)'"), "\(error.message)")
                #expect(!error.message.contains("za_CN"), "\(error.message)")
            }
        }
    }

    /// An environment that names no known locale warns and uses en_US.
    @Test(
        arguments: [
            (["LANG": "xx_YY.UTF-8"], "en_US", "LANG=xx_YY.UTF-8 is not a known locale; using en_US"),
            (["LC_ALL": "klingon"], "en_US", "LC_ALL=klingon is not a known locale; using en_US"),
            (["LANG": "aa_DJ.UTF-8"], "en_US", "LANG=aa_DJ.UTF-8 is not a known locale; using en_US"),
            (["LANG": "zh_CN.UTF-8"], "zh_CN", nil),
            (["LANG": "sr_RS@latin"], "sr_Latn_RS", nil),
            (["LANG": "de_DE.UTF-8@euro"], "de_DE", nil),
            (["LANG": "C.UTF-8"], "en_US", nil),
            (["LC_NUMERIC": "xx", "LANG": "de_DE"], "en_US", "LC_NUMERIC=xx is not a known locale; using en_US"),
            // Issue #44: a locale ICU does not list, an unknown keyword value, an overlong name.
            (["LANG": "de_GE.UTF-8"], "en_US", "LANG=de_GE.UTF-8 is not a known locale; using en_US"),
            (
                ["LANG": "de_DE@numbers=abcdefgh"], "en_US",
                "LANG=de_DE@numbers=abcdefgh: unknown numbering system 'abcdefgh' (numbers=); using en_US"
            ),
            (
                ["LC_ALL": "en@numbers=" + String(repeating: "x", count: 168)], "en_US",
                "LC_ALL=en@numbers=" + String(repeating: "x", count: 53) + "... is not a known locale; using en_US"
            ),
        ] as [([String: String], String, String?)])
    func environmentFallsBack(environment: [String: String], identifier: String, warning: String?) throws {
        let (locale, said) = LocaleSupport.environmentLocale(environment, category: "LC_NUMERIC")
        #expect(locale.identifier == identifier)
        #expect(said == warning)
        var warnings: [String] = []
        let resolved = try LocaleSupport.resolve(
            option: "--locale", value: nil, environment: environment, category: "LC_NUMERIC",
            warn: { warnings.append($0) })
        #expect(resolved.identifier == identifier)
        #expect(warnings == (warning.map { [$0] } ?? []))
    }

    /// numconv's and coinfmt's output for every glibc name that resolves
    /// equals FormatStyle's for `Locale(identifier:)` of that name (of the
    /// name with its modifier as a script, where it has one), on random values.
    @Test func glibcNamesFormatAsFormatStyle() {
        var rng = SplitMix64(seed: 1414)
        let en = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))
        var failures: [String] = []
        for name in glibcNames {
            guard LocaleSupport.identifier(for: name) != nil else { continue }
            // Foundation's canonical form (`cmn_TW` is `zh_TW`, `quz_PE` is `qu_PE`).
            let oracleLocale = LocaleID(identifier: Locale.identifier(.icu, from: Self.oracleName(name)))
            let locale = try! LocaleSupport.resolve(name, option: "--to")
            var converter = NumberConverter(from: en, to: [LocaleNumberFormat(locale: locale)])
            var coin = CoinFormatStyle(style: .currency, locale: locale, currencyCode: "EUR").formatter()
            let coinStyle = CoinFormatStyle(style: .currency, locale: oracleLocale, currencyCode: "EUR")
            for _ in 0..<3 {
                let (integer, fraction) = randomDigits(&rng)
                let plain = (Bool.random(using: &rng) ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
                let expected = oracle(oracleLocale, .number, plain, fraction: fraction.count)
                let got = (try? converter(plain)) ?? "error"
                if got != expected { failures.append("numconv \(name) \(plain): \(got) != \(expected)") }
                let coinExpected = coinOracle(coinStyle, plain)
                let coinGot = coin.string(try! ExactDecimal(plain))
                if coinGot != coinExpected {
                    failures.append("coinfmt \(name) \(plain): \(coinGot) != \(coinExpected)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(10))")
    }

    /// The name Foundation is given in the oracle: the POSIX charset and
    /// `@euro` dropped, a script modifier written as the script, a variant
    /// modifier as a variant (Foundation takes `de_AT.UTF-8` for another
    /// locale than `de_AT`).
    static func oracleName(_ name: String) -> String {
        let scripts = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "iqtelif": "Latn"]
        let parts = name.split(separator: "@", maxSplits: 1)
        let base = parts[0].split(separator: ".")[0].split(separator: "_").map(String.init)
        guard parts.count == 2 else { return base.joined(separator: "_") }
        let modifier = String(parts[1])
        if let script = scripts[modifier] { return ([base[0], script] + base.dropFirst()).joined(separator: "_") }
        if modifier == "valencia" { return (base + ["VALENCIA"]).joined(separator: "_") }
        return base.joined(separator: "_")
    }

    /// Machine notation: ASCII digits, `.`, no grouping, `-`; read strictly.
    @Test(arguments: [
        ("1234567.89", "1234567.89"), ("-12.5", "-12.5"), ("0.001", "0.001"), ("1234", "1234"),
        ("1,234", "error:invalid-character"), ("1.234.5", "error"), ("1 234", "error"), ("١٢٣", "error"),
    ])
    func machineNotationIsStrict(input: String, expected: String) {
        let c = LocaleNumberFormat(locale: try! LocaleSupport.resolve("C", option: "--from"))
        var converter = NumberConverter(from: c, to: [c])
        let got: String
        do { got = try converter(input) } catch { got = "error:\(error.code)" }
        if expected == "error" {
            #expect(got.hasPrefix("error:"), "\(input): \(got)")
        } else {
            #expect(got == expected)
        }
    }

    /// L to C and back gives L's canonical form, for every available locale.
    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func roundTripThroughMachineNotation(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 31 : 32)
        let c = LocaleNumberFormat(locale: try! LocaleSupport.resolve("C", option: "--to"), style: style)
        var failures: [String] = []
        for id in Locale.availableIdentifiers.sorted() {
            let l = LocaleNumberFormat(locale: LocaleID(identifier: id), style: style)
            let (integer, fraction) = randomDigits(&rng)
            let isZero = !(integer + fraction).contains { $0 != "0" }
            let negative = Bool.random(using: &rng) && !isZero
            var canonical: [UInt8] = []
            l.format(negative: negative, integer: Array(integer.utf8), fraction: Array(fraction.utf8), into: &canonical)
            let start = String(decoding: canonical, as: UTF8.self)
            var there = NumberConverter(from: l, to: [c])
            var back = NumberConverter(from: c, to: [l])
            do {
                let machine = try there(start)
                let again = try back(machine)
                if again != start { failures.append("\(id): \(start) → \(machine) → \(again)") }
            } catch {
                failures.append("\(id): \(start): \(error.code): \(error.message)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10))")
    }
}

/// phonefmt's default region: the territory of the environment's locale,
/// and none (nil) without one: issue #44 took away the KR fallback.
@Suite struct EnvironmentRegionTests {
    @Test(arguments: [
        (["LANG": "fr_FR.UTF-8"], "FR", false) as ([String: String], String?, Bool),
        (["LANG": "de_AT"], "AT", false),
        (["LANG": "sr_RS@latin"], "RS", false),
        (["LANG": "en_US"], "US", false),
        (["LANG": "zh_Hant_TW.UTF-8"], "TW", false),
        (["LANG": "de-CH"], "CH", false),
        (["LANG": "fr"], nil, false),
        (["LANG": "C.UTF-8"], nil, false),
        (["LANG": "POSIX"], nil, false),
        (["LANG": ""], nil, false),
        ([:], nil, false),
        (["LANG": "fr_FR", "LC_TELEPHONE": "de_AT"], "AT", false),
        (["LANG": "fr_FR", "LC_TELEPHONE": "de_AT", "LC_ALL": "en_US.UTF-8"], "US", false),
        (["LANG": "fr_FR", "LC_ALL": "C"], nil, false),
        (["LANG": "en_UK"], "GB", false),
        (["LANG": "en-u-nu-latn"], nil, false),
        (["LANG": "th-TH-u-nu-thai"], "TH", false),
        (["LANG": "en_ZZ.UTF-8"], nil, true),
        (["LANG": "es_419"], nil, true),
    ])
    func territory(_ environment: [String: String], _ region: String?, _ warns: Bool) {
        let (got, warning) = LocaleSupport.environmentRegion(environment)
        #expect(got == region)
        #expect((warning != nil) == warns, "\(warning ?? "")")
    }
}
