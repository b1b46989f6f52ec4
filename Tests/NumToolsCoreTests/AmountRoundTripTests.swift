import Foundation
import Testing

@testable import NumToolsCore

#if canImport(_FoundationICU)
    import NumToolsLocaleOracle
#endif

/// The round-trip invariant of issue 27: what coinfmt writes, numconv reads
/// back as the number written, in every locale. `swift test` checks a
/// sample of Foundation's locales, the named ones and a different 1 in 23 of
/// the others each run (see ``Sweep``); `AMOUNT_LOCALES=all`
/// (scripts/roundtrip.sh) or NUMTOOLS_FULL_SWEEP=1 checks every one.
@Suite struct AmountRoundTripTests {
    static let values = ["1234.56", "-1234.56", "0.5", "1234567.89", "12", "-0.01", "100000"]
    /// Two significant digits: compact writes them without rounding.
    static let compactValues = ["1200", "15000", "-1200000", "340000000", "12000000000", "7", "990"]

    static let locales: [String] = {
        let all = Locale.availableIdentifiers.sorted()
        if ProcessInfo.processInfo.environment["AMOUNT_LOCALES"] == "all" || Sweep.full { return all }
        let named = ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ko_KR", "ja_JP", "zh_CN", "ar_EG", "he_IL", "pt_BR"]
        let others = all.filter { !named.contains($0) }
        return named + Sweep.sample(others, "AmountRoundTripTests", fraction: 1.0 / 23, minimum: 40)
    }()

    /// Reads `text` in `locale` with `style`, to C.
    static func read(_ text: String, _ locale: LocaleID, _ style: AmountStyle, currency: String? = nil) -> String {
        var converter = AmountConverter(
            from: [locale], style: style, to: [LocaleID(identifier: LocaleSupport.machineIdentifier)],
            currency: currency)
        return read(text, with: &converter)
    }

    /// What `converter` writes for `text`, or `error CODE: MESSAGE`.
    static func read(_ text: String, with converter: inout AmountConverter) -> String {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        do {
            try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try converter.transform(b, into: &out) }
        } catch {
            return "error \(error.code): \(error.message)"
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func same(_ read: String, _ expected: ExactDecimal) -> Bool {
        guard let got = try? ExactDecimal(read) else { return false }
        return got == expected || (got.isZero && expected.isZero)
    }

    @Test(arguments: locales)
    func currencyInEveryDisplay(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        let own = CurrencyCatalog.defaultCurrency(for: locale)
        var failures: [String] = []
        for code in Set([own, "USD", "EUR", "JPY"]).sorted() {
            for display in CoinFormatStyle.CurrencyDisplay.allCases {
                for style in [AmountStyle.currency, .accounting, .auto] {
                    var formatter = CoinFormatStyle(style: .currency, locale: locale, currencyCode: code)
                        .display(display).formatter()
                    for value in Self.values {
                        let number = try ExactDecimal(value)
                        let text = formatter.string(number)
                        let expected = number.rounded(
                            fractionDigits: CurrencyCatalog.fractionDigits(code), rule: .halfEven)
                        let got = Self.read(text, locale, style, currency: code)
                        // A mark that is also a compact unit (`1,235 K`, kyats in en_MM)
                        // is ambiguous where both are read, and must be said so.
                        if style == .auto && got.hasPrefix("error ambiguous-notation")
                            && Self.read(text, locale, .compact) != Self.read(text, locale, .currency, currency: code)
                        {
                            continue
                        }
                        if !Self.same(got, expected) {
                            failures.append("\(id) \(code) \(display) --style \(style): '\(text)' → \(got)")
                        }
                    }
                }
            }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }

    @Test(arguments: locales)
    func compactShortAndLong(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        var short = CoinFormatStyle(style: .compact, locale: locale).formatter()
        let long = ICUNumberFormatter(skeleton: "compact-long", locale: id)
        let units = CompactUnits.of(locale)
        // Units CLDR gives two powers are refused (ambiguous-notation), and a
        // long form whose text is a short one's is read as the short.
        let unreadable = units.units.filter { $0.value == -1 }.map(\.key)
        func ends(_ text: String, _ unit: [UInt8]) -> Bool { text.hasSuffix(String(decoding: unit, as: UTF8.self)) }
        for value in Self.compactValues {
            let number = try ExactDecimal(value)
            var texts = [short.string(number)]
            // (A long form CLDR gives another power than the short form of its
            // text is read as the short: `१ करोड` is 10^6 in ne's long data.)
            if let long, let text = long.format(value), !units.overridden.contains(where: { ends(text, $0) }) {
                texts.append(text)
            }
            for text in texts {
                for style in [AmountStyle.compact, .auto] {
                    let got = Self.read(text, locale, style)
                    // `1.2K` in en_MM, where K is also the kyat's symbol: refused, rightly.
                    if got.hasPrefix("error ambiguous-notation"),
                        case let currency = Self.read(text, locale, .currency), !currency.hasPrefix("error"),
                        !Self.same(currency, number)
                    {
                        continue
                    }
                    // Under auto, a unit that is any currency's symbol or code
                    // (`K`: kyats, in every locale) is refused (issue 44).
                    if style == .auto && got.hasPrefix("error ambiguous-notation"), Self.unitIsAMark(text, locale) {
                        continue
                    }
                    if unreadable.contains(where: { ends(text, $0) }) {
                        if !Self.same(got, number) && !got.hasPrefix("error ambiguous-notation") {
                            failures.append(
                                "\(id) --style \(style): '\(text)' → \(got), neither the number nor refused")
                        }
                        continue
                    }
                    if !Self.same(got, number) { failures.append("\(id) --style \(style): '\(text)' → \(got)") }
                }
            }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Whether the text after (or before) the number of a compact amount
    /// is a currency's symbol or code in `locale`.
    static func unitIsAMark(_ text: String, _ locale: LocaleID) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.properties.numericType != nil }),
            let last = scalars.lastIndex(where: { $0.properties.numericType != nil })
        else { return false }
        let marks = CurrencyMarks.of(locale)
        return [scalars[..<first], scalars[(last + 1)...]].contains { part in
            let unit = Array(CurrencyMarks.trimmed(String(String.UnicodeScalarView(part))).utf8)
            return !unit.isEmpty && unit.withUnsafeBufferPointer { marks.symbolLookup($0) } != nil
        }
    }

    @Test(arguments: locales)
    func scientificAndPlain(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        for value in ["6.022e23", "-2.5e-7", "1.5e3", "1e0", "-1.23456e-4"] {
            let decimal = Decimal(string: value)!
            let text = Decimal.FormatStyle(locale: locale.foundation).notation(.scientific).format(decimal)
            for style in [AmountStyle.scientific, .auto] {
                let got = Self.read(text, locale, style)
                if !Self.same(got, try ExactDecimal(value)) {
                    failures.append("\(id) --style \(style): '\(text)' → \(got)")
                }
            }
        }
        for value in Self.values {
            var plain = CoinFormatStyle(style: .number, locale: locale).fractionLength(min: 0, max: 6).formatter()
            let number = try ExactDecimal(value)
            let text = plain.string(number)
            let got = Self.read(text, locale, .auto)
            if !Self.same(got, number) { failures.append("\(id) --style auto: '\(text)' → \(got)") }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }
}
