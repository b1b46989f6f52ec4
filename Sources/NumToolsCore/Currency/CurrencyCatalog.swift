/// ISO 4217 currencies: codes, fraction digits and English names (from the
/// generated CLDR data, ``CurrencyCodes``), a locale's default currency, the
/// `--list-currencies` listing and close matches for a mistyped code.
public enum CurrencyCatalog {
    /// Every ISO 4217 code ICU knows (what Foundation's
    /// `Locale.Currency.isoCurrencies` lists, current and historic), upper
    /// case, sorted (``CurrencyCodes/all``).
    public static let codes: [String] = CurrencyCodes.all

    private static let known = Set(codes)

    /// Whether `code` (any case) is an ISO 4217 code ICU knows.
    public static func isKnown(_ code: String) -> Bool { known.contains(code.uppercased()) }

    /// The number of fraction digits a currency amount of `code` is written
    /// with by default (CLDR's digits, what `Decimal.FormatStyle.Currency`
    /// writes: USD 2, JPY 0, KRW 0, BHD 3; 2 for a code ICU does not know).
    public static func fractionDigits(_ code: String) -> Int { CurrencyCodes.fractionDigits(code) }

    /// The currency of `locale` (its region, or its `cu` keyword); for a
    /// locale without a region, that of the language's likely region
    /// (`fr` → `fr_FR` → EUR); USD when there is none.
    public static func defaultCurrency(for locale: LocaleID) -> String {
        if let currency = CurrencyCodes.currency(ofLocale: locale.identifier), isKnown(currency) { return currency }
        if let region = LocaleSubtags(locale).likelyRegion {
            if let currency = CurrencyCodes.currency(ofRegion: region), isKnown(currency) { return currency }
        }
        return "USD"
    }

    /// The currency `locale` names itself: its `currency=` keyword, else its
    /// territory's (`de_DE` EUR, `en_CA` CAD); nil for a locale without a
    /// territory (`en`, `fr`, `zh_Hant`), a territory of no one currency
    /// (`es_419`, `en_001`) and machine notation (`C`, `en_US_POSIX`): no
    /// currency is guessed from a language or a default.
    public static func territoryCurrency(for locale: LocaleID) -> String? {
        if locale.identifier.hasPrefix(LocaleSupport.machineIdentifier) { return nil }
        guard let currency = CurrencyCodes.currency(ofLocale: locale.identifier), isKnown(currency) else { return nil }
        return currency
    }

    /// The English (en_US) name of `code` (`US Dollar`), what Foundation's
    /// `localizedString(forCurrencyCode:)` gives; the code for one ICU does not know.
    public static func englishName(_ code: String) -> String { CurrencyCodes.englishName(code) }

    /// The symbol of `code` in `locale` (`$` for USD in en_US, `US$` in en_CA).
    public static func symbol(_ code: String, locale: LocaleID = LocaleID(identifier: "en_US")) -> String {
        let style = CoinFormatStyle(style: .currency, locale: locale, currencyCode: code)
        let probe = FoundationProbe(
            locale: locale, kind: .currency(code: code.uppercased(), display: .symbol), compact: false)
        let notation = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false))
        let affixes = notation.affixes(of: probe.render("1", fraction: 0, form: .positive))
        let text = String(decoding: affixes.prefix + affixes.suffix, as: UTF8.self)
        return CurrencyCatalog.trimmingMarkSpace(text)
    }

    /// `text` without the spaces and direction marks around it: Unicode's
    /// space separators, tab, U+00A0, U+202F, U+200E, U+200F and U+061C (what
    /// Foundation's `CharacterSet.whitespaces` and those marks trimmed).
    static func trimmingMarkSpace(_ text: String) -> String {
        func isSpace(_ s: Unicode.Scalar) -> Bool {
            s == "\t" || s.properties.generalCategory == .spaceSeparator
                || s == "\u{A0}" || s == "\u{202F}" || s == "\u{200E}" || s == "\u{200F}" || s == "\u{61C}"
        }
        return CurrencyMarks.trimmed(text, where: isSpace)
    }

    /// The `--list-currencies` lines: `CODE <TAB> ENGLISH NAME <TAB> SYMBOL
    /// <TAB> FRACTION DIGITS` for every code in ``codes`` (symbol as in en_US).
    public static func listing() -> [String] {
        codes.map { "\($0)\t\(englishName($0))\t\(symbol($0))\t\(fractionDigits($0))" }
    }

    /// Up to `limit` known codes closest to `code` by edit distance (at most
    /// 2 edits), nearest first, then alphabetical.
    public static func suggestions(for code: String, limit: Int = 3) -> [String] {
        let wanted = Array(code.uppercased().unicodeScalars)
        var scored: [(code: String, distance: Int)] = []
        for candidate in codes {
            let distance = editDistance(wanted, Array(candidate.unicodeScalars))
            if distance <= 2 { scored.append((candidate, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.code < $1.code }
        return scored.prefix(limit).map { $0.code }
    }

    /// Levenshtein distance, with a transposition of neighbours counting as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
