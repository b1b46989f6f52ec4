import Foundation
import Testing

@testable import NumToolsCore

/// Converts with numconv's transform, returning the output or `error:CODE`
/// (`CODE: MESSAGE` with `messages`).
func convert(
    _ value: String, from: String, to: [String], style: LocaleNumberFormat.Style = .number,
    minFraction: Int? = nil, maxFraction: Int? = nil, messages: Bool = false
) -> String {
    var converter = NumberConverter(
        from: LocaleNumberFormat(locale: LocaleID(identifier: from), style: style),
        to: to.map { LocaleNumberFormat(locale: LocaleID(identifier: $0), style: style) },
        minimumFraction: minFraction, maximumFraction: maxFraction)
    do {
        return try converter(value)
    } catch {
        return messages ? error.code.name + ": " + error.message : "error:" + error.code.name
    }
}

@Suite struct NumberConverterTests {
    @Test(arguments: [
        // The sample notations.
        ("1,234,567.891", "en_US", "de_DE", "1.234.567,891"),
        ("1,234,567.891", "en_US", "fr_GP", "1\u{202F}234\u{202F}567,891"),
        ("1,234,567.891", "en_US", "it_CH", "1’234’567.891"),
        ("1,234,567.891", "en_US", "ne", "१२,३४,५६७.८९१"),
        ("1,234,567.891", "en_US", "ar_EG", "١٬٢٣٤٬٥٦٧٫٨٩١"),
        ("1234567.891", "en_US", "ko_KR", "1,234,567.891"),
        // Exactness: no Double noise, leading fraction zeros, trailing zeros, length.
        ("0.1", "en_US", "de_DE", "0,1"),
        ("1.05", "en_US", "de_DE", "1,05"),
        ("1.50", "en_US", "de_DE", "1,50"),
        (
            "123456789012345678901234567890123456789012345678901234567890", "en_US", "en_US",
            "123,456,789,012,345,678,901,234,567,890,123,456,789,012,345,678,901,234,567,890"
        ),
        (
            "9999999999999999999.000000000000000000001", "en_US", "de_DE",
            "9.999.999.999.999.999.999,000000000000000000001"
        ),
        // Canonical form: leading zeros, a bare fraction, a plus sign, negative zero.
        ("000123", "en_US", "de_DE", "123"),
        (".5", "en_US", "de_DE", "0,5"),
        ("+5", "en_US", "de_DE", "5"),
        ("-0.00", "en_US", "de_DE", "-0,00"),
        // Signs: CLDR forms, ASCII, U+2212, bidi marks anywhere.
        ("-1234", "en_US", "ar_EG", "\u{61C}-١٬٢٣٤"),
        ("\u{61C}-١٬٢٣٤", "ar_EG", "en_US", "-1,234"),
        ("\u{2212}1234", "en_US", "de_DE", "-1.234"),
        ("\u{200E}\u{2212}۱٬۲۳۴", "fa", "en_US", "-1,234"),
        ("1\u{200F}234", "en_US", "en_US", "1,234"),
        // Spaces and apostrophes stand for one another.
        ("1 234,5", "fr_FR", "en_US", "1,234.5"),
        ("1\u{A0}234,5", "fr_FR", "en_US", "1,234.5"),
        ("1\u{202F}234,5", "fr_FR", "en_US", "1,234.5"),
        ("1'234'567.891", "it_CH", "en_US", "1,234,567.891"),
        ("1’234’567.891", "it_CH", "en_US", "1,234,567.891"),
        // Indian grouping, optional grouping, native or ASCII digits.
        ("12,34,567", "en_IN", "en_US", "1,234,567"),
        ("1234567", "en_IN", "en_US", "1,234,567"),
        ("१२,३४,५६७.८९१", "ne", "en_US", "1,234,567.891"),
        ("12,34,567.891", "ne", "en_US", "1,234,567.891"),
        // Minimum grouping digits binds the writer only: es_ES writes 1234,
        // and reads 1.234 as well (grouped whole by its group sizes).
        ("1.234", "es_ES", "en_US", "1,234"),
        // Errors.
        ("1,23,456", "en_US", "de_DE", "error:misplaced-grouping"),
        ("1.000,12", "en_US", "de_DE", "error:misplaced-grouping"),
        ("1,234,567", "en_IN", "en_US", "error:misplaced-grouping"),
        ("1,", "en_US", "de_DE", "error:misplaced-grouping"),
        (",123", "en_US", "de_DE", "error:misplaced-grouping"),
        ("1,,234", "en_US", "de_DE", "error:misplaced-grouping"),
        ("1,234.", "en_US", "de_DE", "1.234"),
        ("1.0.2", "en_US", "de_DE", "error:multiple-decimal-separators"),
        ("100-100", "en_US", "de_DE", "error:misplaced-sign"),
        ("12-", "en_US", "de_DE", "error:misplaced-sign"),
        ("--12", "en_US", "de_DE", "error:misplaced-sign"),
        ("10️⃣0️⃣0️⃣", "en_US", "de_DE", "error:invalid-character"),
        ("looo", "en_US", "de_DE", "error:invalid-character"),
        ("12a", "en_US", "de_DE", "error:invalid-character"),
        ("١٢3", "ar_EG", "en_US", "error:mixed-digits"),
        ("१2", "ne", "en_US", "error:mixed-digits"),
        ("-", "en_US", "de_DE", "error:no-digits"),
        (".", "en_US", "de_DE", "error:no-digits"),
        ("١٢", "en_US", "de_DE", "error:invalid-character"),
    ])
    func table(input: String, from: String, to: String, expected: String) {
        #expect(convert(input, from: from, to: [to]) == expected)
    }

    @Test func severalTargetsAreTabSeparated() {
        let out = convert("1234567.891", from: "en_US", to: ["ko_KR", "fr_GP", "ne", "ar_EG", "it_CH"])
        #expect(
            out == "1,234,567.891\t1\u{202F}234\u{202F}567,891\tस१२,३४,५६७.८९१".replacingOccurrences(of: "स", with: "")
                + "\t١٬٢٣٤٬٥٦٧٫٨٩١\t1’234’567.891")
    }

    @Test(arguments: [
        ("12.5%", "en_US", "fr_FR", "12,5\u{A0}%"),
        ("12,5 %", "fr_FR", "en_US", "12.5%"),
        ("12,5\u{A0}%", "fr_FR", "en_US", "12.5%"),
        ("-12.5%", "en_US", "ar_EG", "\u{61C}-١٢٫٥٪\u{61C}"),
        ("١٢٫٥٪\u{61C}", "ar_EG", "en_US", "12.5%"),
        ("%12,5", "tr", "en_US", "12.5%"),
        ("12.5", "en_US", "de_DE", "12,5\u{A0}%"),
        ("12%5", "en_US", "de_DE", "error:invalid-character"),
        ("%12", "en_US", "de_DE", "error:invalid-character"),
    ])
    func percent(input: String, from: String, to: String, expected: String) {
        #expect(convert(input, from: from, to: [to], style: .percent) == expected)
    }

    @Test(
        arguments: [
            ("1.5", nil, 0, "2"),
            ("2.5", nil, 0, "2"),
            ("-2.5", nil, 0, "-2"),
            ("0.125", nil, 2, "0.12"),
            ("0.135", nil, 2, "0.14"),
            ("0.1251", nil, 2, "0.13"),
            ("9.999", nil, 2, "10.00"),
            ("-0.001", nil, 2, "-0.00"),
            ("1.5", 3, nil, "1.500"),
            ("1.50", 1, 3, "1.50"),
            ("1", 2, 2, "1.00"),
        ] as [(String, Int?, Int?, String)])
    func fractionOptions(input: String, min: Int?, max: Int?, expected: String) {
        #expect(convert(input, from: "en_US", to: ["en_US"], minFraction: min, maxFraction: max) == expected)
    }

    /// For every locale and random values of at most 38 significant digits,
    /// the output equals FormatStyle with `.fractionLength(n)`.
    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func equalsFormatStyleForEveryLocale(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 11 : 12)
        let en = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"), style: style)
        var failures: [String] = []
        for id in Locale.availableIdentifiers.sorted() {
            let locale = LocaleID(identifier: id)
            var converter = NumberConverter(from: en, to: [LocaleNumberFormat(locale: locale, style: style)])
            for _ in 0..<6 {
                let (integer, fraction) = randomDigits(&rng)
                let negative = Bool.random(using: &rng)
                let plain = (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
                let expected = oracle(locale, style, plain, fraction: fraction.count)
                let input = style == .percent ? plain + "%" : plain
                let got = (try? converter(input)) ?? "error"
                if got != expected { failures.append("\(id) \(plain): got \(got) expected \(expected)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(10))")
    }

    /// A to B and back to A gives A's canonical form, for random locale pairs.
    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func roundTripOnRandomLocalePairs(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 21 : 22)
        let ids = Locale.availableIdentifiers.sorted()
        var failures: [String] = []
        for _ in 0..<400 {
            let a = ids.randomElement(using: &rng)!
            let b = ids.randomElement(using: &rng)!
            let fa = LocaleNumberFormat(locale: LocaleID(identifier: a), style: style)
            let fb = LocaleNumberFormat(locale: LocaleID(identifier: b), style: style)
            let (integer, fraction) = randomDigits(&rng)
            let isZero = !(integer + fraction).contains { $0 != "0" }
            let negative = Bool.random(using: &rng) && !isZero
            var canonical: [UInt8] = []
            fa.format(
                negative: negative, integer: Array(integer.utf8), fraction: Array(fraction.utf8), into: &canonical)
            let start = String(decoding: canonical, as: UTF8.self)
            var there = NumberConverter(from: fa, to: [fb])
            var back = NumberConverter(from: fb, to: [fa])
            do {
                let inB = try there(start)
                let again = try back(inB)
                if again != start { failures.append("\(a)→\(b)→\(a): \(start) → \(inB) → \(again)") }
            } catch {
                failures.append("\(a)→\(b)→\(a): \(start): \(error.code): \(error.message)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10))")
    }
}
