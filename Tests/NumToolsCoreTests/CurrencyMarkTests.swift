import Foundation
import Testing

@testable import NumToolsCore

/// Issue 44, items 5 and 7: a currency mark that several currencies write is
/// read as one only when `-c` or the one locale of `--from` settles it, the
/// common forms (`C$`, `Rs`, `yen`) are marks like CLDR's symbols, and a
/// mark (its kind, place or spacing) is no evidence for the notation.
@Suite struct CurrencyMarkTests {
    struct Case: CustomStringConvertible, Sendable {
        var from: [String]
        var input: String
        /// `AMOUNT<TAB>CODE` (`--to C --code`), or `error CODE`.
        var expected: String
        var currency: String? = nil
        /// Words the error's message names (the candidates).
        var names: [String] = []
        var description: String {
            "--from \(from.joined(separator: ",")) \(currency.map { "-c \($0) " } ?? "")'\(input)'"
        }
    }

    static let auto = AutoNumberConverter.defaultCandidates

    static func c(
        _ from: [String], _ input: String, _ expected: String, currency: String? = nil, names: [String] = []
    ) -> Case {
        Case(from: from, input: input, expected: expected, currency: currency, names: names)
    }

    static let cases: [Case] = [
        // Item 5: the one locale of --from settles a mark its own currency writes.
        c(["en_CA"], "C$5", "5\tCAD"),
        c(["en_CA"], "CA$5", "5\tCAD"),
        c(["en_CA"], "$5", "5\tCAD"),
        c(["ja_JP"], "¥1234", "1234\tJPY"),
        c(["zh_CN"], "¥1234", "1234\tCNY"),
        c(["en_IN"], "Rs 5", "5\tINR"),
        c(["en_IN"], "Rs. 5", "5\tINR"),
        c(["en_IN"], "Rs.500", "500\tINR"),
        c(["tr_TR"], "5 TL", "5\tTRY"),
        c(["en_AU"], "A$5", "5\tAUD"),
        c(["en_US"], "US$5", "5\tUSD"),
        // ... and nothing else does: C$ is CAD's (common form) and NIO's narrow symbol.
        c(["en_US"], "C$5", "error ambiguous-currency", names: ["CAD", "NIO"]),
        c(["en_GB"], "$5", "error ambiguous-currency", names: ["USD", "CAD", "AUD"]),
        c(["en_US"], "Rs 5", "error ambiguous-currency", names: ["INR", "LKR", "PKR"]),
        // A locale's symbol for one currency that others write as their narrow
        // symbol settles nothing: coinfmt -l en_US -c CNY --display narrow writes ¥12.00.
        c(["en_US"], "¥1234", "error ambiguous-currency", names: ["CNY", "JPY"]),
        c(["en_US"], "£12.00", "error ambiguous-currency", names: ["GBP", "FKP", "GIP"]),
        c(["en_GB"], "£12.00", "12.00\tGBP"),
        c(["en_US"], "¥1234", "1234\tCNY", currency: "CNY"),
        c(["en_US"], "€5", "5\tEUR"),
        // -c settles it.
        c(["en_US"], "C$5", "5\tCAD", currency: "CAD"),
        c(["en_US"], "Rs 5", "5\tPKR", currency: "PKR"),
        c(["en_US"], "C$5", "error currency-mismatch", currency: "USD"),
        // The common forms, read in every locale.
        c(["en_US"], "NZ$5", "5\tNZD"),
        c(["en_US"], "HK$5", "5\tHKD"),
        c(["en_US"], "S$5", "5\tSGD"),
        c(["en_US"], "R$5", "5\tBRL"),
        c(["en_US"], "5 yen", "5\tJPY"),
        c(["en_US"], "5円", "5\tJPY"),
        c(["en_US"], "5元", "5\tCNY"),
        c(["en_US"], "RMB 5", "5\tCNY"),
        // --from auto: no one locale; a mark of several currencies needs -c.
        c(auto, "¥1234", "error ambiguous-currency", names: ["CNY", "JPY"]),
        c(auto, "$5.00", "error ambiguous-currency", names: ["USD", "CAD"]),
        c(auto, "C$5", "error ambiguous-currency", names: ["CAD", "NIO"]),
        c(auto, "$5.00", "5.00\tUSD", currency: "USD"),
        c(auto, "¥1234", "1234\tJPY", currency: "JPY"),
        c(auto, "C$5", "5\tCAD", currency: "CAD"),
        c(auto, "€5", "5\tEUR"),
        c(auto, "US$5", "5\tUSD"),
        c(auto, "CHF 1’234.50", "1234.50\tCHF"),
        // Item 7: a mark, its place or its spacing is no evidence for the decimal mark.
        c(auto, "AU$ 1,175", "error ambiguous-notation", names: ["1175", "1.175"]),
        c(auto, "AU$1,175", "error ambiguous-notation"),
        c(auto, "1,175 AU$", "error ambiguous-notation"),
        c(auto, "1,175 zł", "error ambiguous-notation"),
        // (a mark one candidate writes and another does not: a display name)
        c(["en_US", "de_DE"], "1,175 Euro", "error ambiguous-notation"),
        c(["en_AU"], "AU$ 1,175", "1175\tAUD"),
        c(["en_AU"], "AU$1,175", "1175\tAUD"),
        c(["de_DE"], "1,175 AU$", "1.175\tAUD"),
    ]

    @Test(arguments: cases)
    func reads(_ c: Case) {
        var converter = AmountConverter(
            from: c.from.map { LocaleID(identifier: $0) }, style: .currency,
            to: [LocaleID(identifier: LocaleSupport.machineIdentifier)], currency: c.currency, writesCode: true)
        let got = AmountRoundTripTests.read(c.input, with: &converter)
        if c.expected.hasPrefix("error ") {
            #expect(got.hasPrefix(c.expected + ":"), "\(c): \(got)")
            for name in c.names { #expect(got.contains(name), "\(c): \(got) names no \(name)") }
        } else {
            #expect(got == c.expected, "\(c)")
        }
        // --style auto reads the marks alike.
        var auto = AmountConverter(
            from: c.from.map { LocaleID(identifier: $0) }, style: .auto,
            to: [LocaleID(identifier: LocaleSupport.machineIdentifier)], currency: c.currency, writesCode: true)
        let autoGot = AmountRoundTripTests.read(c.input, with: &auto)
        #expect(autoGot.prefix(while: { $0 != ":" }) == got.prefix(while: { $0 != ":" }), "\(c): \(autoGot)")
    }

    /// A reader that names a currency (`-c`) never changes what a later
    /// reader of the same locale, naming none, finds: each pair reads first
    /// with `-c`, then without, in a locale no other test reads (the marks
    /// of a locale are derived once a process and shared).
    @Test(arguments: [
        ("en_JM", "C$5", "CAD", "5\tCAD", "error ambiguous-currency"),
        ("en_KE", "Rs 5", "PKR", "5\tPKR", "error ambiguous-currency"),
        ("en_PH", "¥1234", "CNY", "1234\tCNY", "error ambiguous-currency"),
        ("en_MT", "£12", "FKP", "12\tFKP", "error ambiguous-currency"),
    ])
    func namedCurrencyDecidesForItsReaderOnly(
        _ locale: String, _ input: String, _ currency: String, _ named: String, _ unnamed: String
    ) {
        for (given, expected) in [(currency as String?, named), (nil, unnamed)] {
            var converter = AmountConverter(
                from: [LocaleID(identifier: locale)], style: .currency,
                to: [LocaleID(identifier: LocaleSupport.machineIdentifier)], currency: given, writesCode: true)
            let got = AmountRoundTripTests.read(input, with: &converter)
            #expect(got == expected || got.hasPrefix(expected + ":"), "\(locale) -c \(given ?? "-") '\(input)': \(got)")
        }
    }

    /// `-c`'s value: an ISO code, a form of the table, or a symbol of the
    /// locales read; the currencies it names (several: a usage error).
    @Test(arguments: [
        ("CAD", ["CAD"]), ("cad", ["CAD"]), ("C$", ["CAD"]), ("CA$", ["CAD"]), ("US$", ["USD"]), ("A$", ["AUD"]),
        ("AU$", ["AUD"]), ("NZ$", ["NZD"]), ("HK$", ["HKD"]), ("S$", ["SGD"]), ("R$", ["BRL"]),
        ("Rs", ["INR", "LKR", "PKR"]), ("Rs.", ["INR", "LKR", "PKR"]), ("TL", ["TRY"]), ("yen", ["JPY"]),
        ("円", ["JPY"]), ("元", ["CNY"]), ("RMB", ["CNY"]), ("€", ["EUR"]), ("₩", ["KPW", "KRW"]), ("¥", ["CNY", "JPY"]),
        ("XYZ", []),
    ])
    func currencyOption(_ given: String, _ expected: [String]) {
        #expect(CurrencyForms.currencies(named: given, in: [LocaleID(identifier: "en_US")]) == expected, "\(given)")
    }

    /// `$.50`: a separator before a digit starts the number; `Rs.` (above) is a mark.
    @Test func separatorAfterAMark() {
        #expect(AmountRoundTripTests.read("$.50", LocaleID(identifier: "en_US"), .currency) == "0.50")
    }

    @Test func dollarNamesSeveral() {
        let dollar = CurrencyForms.currencies(named: "$", in: [LocaleID(identifier: "en_US")])
        #expect(dollar.count > 2 && dollar.contains("USD") && dollar.contains("CAD"), "\(dollar)")
    }

    /// Every form of the table is a mark of its currencies (with `-c`: a
    /// form may also be another currency's narrow symbol, `C$` NIO's).
    @Test(arguments: CurrencyForms.table.map(\.form))
    func formsAreRead(_ form: String) throws {
        let row = try #require(CurrencyForms.table.first { $0.form == form })
        let text = row.place == .after ? "5 \(form)" : "\(form)5"
        let code = row.codes[0]
        var converter = AmountConverter(
            from: [LocaleID(identifier: "en_US")], style: .currency,
            to: [LocaleID(identifier: LocaleSupport.machineIdentifier)], currency: code, writesCode: true)
        #expect(AmountRoundTripTests.read(text, with: &converter) == "5\t\(code)", "\(text)")
    }
}

/// The table of common forms is one table: the code's, printed alike in
/// docs/tools.md (the README's tour of the tools until issue 45), numconv(1)
/// and numtools(7).
@Suite struct CurrencyFormsDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func place(_ p: CurrencyForms.Place) -> String {
        switch p {
        case .symbol: "where the locale writes symbols"
        case .after: "after the number"
        case .either: "before or after the number"
        }
    }

    @Test(arguments: ["docs/tools.md", "man/numconv.1", "man/numtools.7"])
    func tableIsDocumented(_ file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.replacingOccurrences(of: "\\&", with: "") }
        let rows = lines.filter { file.hasSuffix(".md") ? $0.hasPrefix("| `") : $0.hasPrefix(".It Li ") }
        for (form, codes, place) in CurrencyForms.table {
            let mark = file.hasSuffix(".md") ? "`\(form)`" : form
            let row = rows.first { row in
                let first = file.hasSuffix(".md") ? row.split(separator: "|").first.map(String.init) ?? "" : row
                return first.split(whereSeparator: { $0 == " " || $0 == "," }).contains { $0 == mark }
            }
            #expect(row != nil, "\(file) lists no \(form)")
            guard let row else { continue }
            #expect(row.contains(codes.joined(separator: ", ")) && row.contains(Self.place(place)), "\(file): \(row)")
        }
        let forms = Set(CurrencyForms.table.map(\.form))
        for row in rows where row.contains(Self.place(.symbol)) || row.contains(Self.place(.after)) {
            let first = file.hasSuffix(".md") ? row.split(separator: "|").first.map(String.init) ?? "" : row
            let listed = first.split(whereSeparator: { $0 == " " || $0 == "," })
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
                .filter { !["", ".It", "Li", "Ta"].contains($0) }
                .prefix { $0.uppercased() != $0 || !CurrencyCatalog.isKnown($0) }
            for form in listed {
                #expect(forms.contains(form), "\(file) lists \(form), which the code's table has not")
            }
        }
    }
}
