/// The forms of currency marks people write that CLDR does not give the
/// locale being read (`C$`, `Rs`, `TL`, `yen`, `RMB`): one table, read by
/// numconv in every locale beside CLDR's symbols, and taken by `-c` beside
/// the ISO code, the symbol and the narrow symbol. numconv(1), numtools(7)
/// and the README print the same table.
public enum CurrencyForms {
    /// Where a form stands around the number.
    public enum Place: Sendable {
        /// Where the locale writes its currency symbols (`C$5`, `5 C$` in de_DE).
        case symbol
        /// After the number (`100 yen`, `1.234,56 TL`).
        case after
        /// Before or after it, as an ISO code (`RMB 100`, `100 RMB`).
        case either
    }

    /// Each form, the currencies it stands for (several: a `-c` value that is
    /// this form is a usage error, and a value with it needs `-c` or the
    /// locale's own currency) and where it stands.
    public static let table: [(form: String, codes: [String], place: Place)] = [
        ("C$", ["CAD"], .symbol), ("CA$", ["CAD"], .symbol),
        ("US$", ["USD"], .symbol),
        ("A$", ["AUD"], .symbol), ("AU$", ["AUD"], .symbol),
        ("NZ$", ["NZD"], .symbol), ("HK$", ["HKD"], .symbol), ("S$", ["SGD"], .symbol), ("R$", ["BRL"], .symbol),
        ("Rs", ["INR", "LKR", "PKR"], .symbol), ("Rs.", ["INR", "LKR", "PKR"], .symbol),
        ("TL", ["TRY"], .after),
        ("yen", ["JPY"], .after), ("円", ["JPY"], .after),
        ("元", ["CNY"], .after), ("RMB", ["CNY"], .either),
    ]

    /// The forms of `code` (upper case).
    static func forms(of code: String) -> [(form: String, place: Place)] {
        table.filter { $0.codes.contains(code) }.map { ($0.form, $0.place) }
    }

    /// The currencies `given` names (`-c`'s value): an ISO 4217 code (any
    /// case), else a form of ``table`` (ASCII letters in any case: the
    /// table's codes, `C$` is CAD though it is also the narrow symbol of
    /// NIO), else a symbol or narrow symbol CLDR gives a currency in one of
    /// `locales` or in its root locale (`CA$`); sorted codes, empty when it
    /// names none.
    public static func currencies(named given: String, in locales: [LocaleID]) -> [String] {
        if CurrencyCatalog.isKnown(given) { return [given.uppercased()] }
        var found = Set<String>()
        for row in table where row.form == given || row.form.lowercased() == given.lowercased() {
            found.formUnion(row.codes)
        }
        if !found.isEmpty { return found.sorted() }
        let mark = Array(given.utf8)
        for locale in locales + [CurrencyMarks.root] {
            for k in CurrencyMarks.of(locale).symbolCurrencies(mark) { found.insert(CurrencyCatalog.codes[Int(k)]) }
        }
        return found.sorted()
    }
}
