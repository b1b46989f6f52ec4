import Foundation
import Testing

@testable import NumToolsCore

/// Runs one value through a grouper: the output, or the error code.
private func apply(_ grouper: DigitGrouper, _ input: String) -> String {
    var g = grouper
    do throws(ValueError) {
        return try g(input)
    } catch {
        return "error: " + error.code.name
    }
}

private func grouper(
    separator: String = ",", decimal: String = ".", primary: Int = 3, secondary: Int? = nil, minDigits: Int? = nil,
    mode: DigitGrouper.Mode = .group
) -> DigitGrouper {
    var style = GroupingStyle(
        separator: separator, decimal: decimal, grouping: Grouping(primary: primary, secondary: secondary))
    if let minDigits { style = style.minimumIntegerDigits(minDigits) }
    return DigitGrouper(style: style, mode: mode)
}

private func localeGrouper(_ id: String, mode: DigitGrouper.Mode = .group) -> DigitGrouper {
    DigitGrouper(style: GroupingStyle(locale: LocaleID(identifier: id), identifier: id), mode: mode)
}

/// A random plain number: optional sign, integer digits (maybe with leading
/// zeros, maybe none), optional decimal point and fraction.
private func randomNumber(_ rng: inout SplitMix64, decimal: String = ".", maxDigits: Int = 40) -> String {
    var text = ["", "", "-", "+"][Int.random(in: 0..<4, using: &rng)]
    let integerLength = Int.random(in: 0...maxDigits, using: &rng)
    for _ in 0..<integerLength { text.append(String(Int.random(in: 0...9, using: &rng))) }
    let shape = Int.random(in: 0..<4, using: &rng)
    if shape >= 2 || integerLength == 0 {
        text += decimal
        let fractionLength = Int.random(in: (integerLength == 0 ? 1 : 0)...12, using: &rng)
        for _ in 0..<fractionLength { text.append(String(Int.random(in: 0...9, using: &rng))) }
    }
    return text
}

@Suite struct DigitGrouperTests {
    /// Stepping from separator to separator finds the positions that
    /// separatorBefore names, for Western, Indian, single and no grouping.
    @Test(arguments: [(3, 3, 1), (3, 2, 1), (3, 3, 2), (4, 4, 1), (3, 0, 1), (0, 0, 1), (2, 5, 3)])
    func nextSeparatorStepsThroughSeparatorBefore(primary: Int, secondary: Int, minimum: Int) {
        let grouping = Grouping(primary: primary, secondary: secondary, minimumDigits: minimum)
        for count in 0...30 {
            let expected = (0..<count).filter { grouping.separatorBefore(position: $0, of: count) }
            var stepped: [Int] = []
            var position = grouping.nextSeparator(after: 0, of: count)
            while position < count {
                stepped.append(position)
                position = grouping.nextSeparator(after: position, of: count)
            }
            #expect(stepped == expected, "\(primary),\(secondary) min \(minimum): \(count) digits")
        }
    }

    // MARK: The examples

    @Test(arguments: [
        ("1234567.891", "1,234,567.891"),
        ("-1234", "-1,234"),
        ("+1234", "+1,234"),
        ("1234.", "1,234."),
        (".5", ".5"),
        ("-.5", "-.5"),
        ("0", "0"),
        ("123", "123"),
        ("1234", "1,234"),
        ("000123", "000,123"),
        ("0000", "0,000"),
        ("1,234,567", "1,234,567"),
        ("1,234,567.891", "1,234,567.891"),
        ("1234,567", "error: misplaced-grouping"),  // grouped in part: read whole or not at all (issue #25)
        ("1234567.1234567", "1,234,567.1234567"),  // the fraction is never grouped
        (
            "12345678901234567890123456789012345678901234567890",
            "12,345,678,901,234,567,890,123,456,789,012,345,678,901,234,567,890"
        ),
    ])
    func groups(input: String, expected: String) {
        #expect(apply(grouper(), input) == expected)
    }

    @Test(arguments: [
        ("12a", "invalid-character"),
        ("a12", "invalid-character"),
        ("1 234", "invalid-character"),
        ("1.0.2", "multiple-decimal-separators"),
        ("1..2", "multiple-decimal-separators"),
        ("1,23", "misplaced-grouping"),
        ("12,34", "misplaced-grouping"),
        (",123", "misplaced-grouping"),
        ("1,,234", "misplaced-grouping"),
        ("1234,", "misplaced-grouping"),
        ("1,234,", "misplaced-grouping"),
        ("1,234.5,6", "misplaced-grouping"),
        ("1.234,567", "misplaced-grouping"),
        ("12-3", "misplaced-sign"),
        ("--1", "misplaced-sign"),
        ("1-", "misplaced-sign"),
        ("+-1", "misplaced-sign"),
        ("-", "no-digits"),
        ("+", "no-digits"),
        (".", "no-digits"),
        ("-.", "no-digits"),
        ("é", "invalid-character"),
    ])
    func rejects(input: String, code: String) {
        #expect(apply(grouper(), input) == "error: " + code)
    }

    @Test func messagesSayWhere() {
        var g = grouper()
        #expect(
            throws: ValueError(
                .number(.misplacedGrouping), "grouping separator at offset 1 does not fit 3-digit grouping")
        ) {
            _ = try g("1,23")
        }
        var de = localeGrouper("de_DE")
        #expect(
            throws: ValueError(
                .number(.misplacedGrouping), "grouping separator at offset 1 does not fit de_DE grouping")
        ) {
            _ = try de("1.23.456")
        }
        // A machine number: the message says that -l sets how input is read (issue 26).
        #expect(
            throws: ValueError(
                .number(.misplacedGrouping),
                "grouping separator at offset 2 does not fit de_DE grouping; -l sets how input is read too: for a machine number, use numconv --from C --to de_DE"
            )
        ) {
            _ = try de("12.34")
        }
        #expect(
            throws: ValueError(
                .number(.invalidCharacter), "'x' at offset 3 is not a digit, grouping separator or decimal point")
        ) {
            _ = try g("-12x")
        }
        #expect(
            throws: ValueError(
                .number(.multipleDecimalSeparators), "second decimal point at offset 3; the first is at offset 1")
        ) {
            _ = try g("1.0.2")
        }
        #expect(throws: ValueError(.number(.misplacedSign), "sign '-' at offset 2; a sign may only lead the number")) {
            _ = try g("12-3")
        }
        // Offsets count characters, not bytes.
        #expect(
            throws: ValueError(
                .number(.invalidCharacter), "'€' at offset 1 is not a digit, grouping separator or decimal point")
        ) {
            _ = try g("1€")
        }
    }

    @Test func fiveHundredDigitsKeepEveryDigit() {
        var rng = SplitMix64(seed: 500)
        var digits = ""
        for _ in 0..<500 { digits.append(String(Int.random(in: 0...9, using: &rng))) }
        let grouped = apply(grouper(), digits)
        #expect(grouped.filter { $0 != "," } == digits)
        #expect(grouped.count == 500 + 166)
        #expect(apply(grouper(mode: .ungroup), grouped) == digits)
    }

    // MARK: Options

    @Test(arguments: [
        ("_", "1234567", "1_234_567"),
        ("'", "1234567", "1'234'567"),
        (" ", "1234567", "1 234 567"),
        ("\u{202F}", "1234567.5", "1\u{202F}234\u{202F}567.5"),
        ("--", "1234567", "1--234--567"),
        ("\u{202F}", "1 234 567", "1\u{202F}234\u{202F}567"),  // a space stands for a narrow no-break space
        ("\u{202F}", "1\u{A0}234", "1\u{202F}234"),
        ("'", "1’234", "1'234"),  // and the two apostrophes for each other
    ])
    func separator(separator: String, input: String, expected: String) {
        #expect(apply(grouper(separator: separator), input) == expected)
    }

    @Test func decimalPoint() {
        let g = grouper(separator: ".", decimal: ",")
        #expect(apply(g, "1234567,891") == "1.234.567,891")
        #expect(apply(g, "1.234.567,891") == "1.234.567,891")
        #expect(apply(g, "1,2,3") == "error: multiple-decimal-separators")
        #expect(apply(g, "1.23") == "error: misplaced-grouping")
    }

    @Test(arguments: [
        (3, 2, "1234567", "12,34,567"),
        (3, 2, "123456789", "12,34,56,789"),
        (3, 2, "12,34,567", "12,34,567"),
        (3, 2, "1,234,567", "error: misplaced-grouping"),
        (4, 4, "12345678", "1234,5678"),
        (4, 4, "123456789", "1,2345,6789"),
        (4, 4, "1,234", "error: misplaced-grouping"),
        (1, 1, "1234", "1,2,3,4"),
    ])
    func groupSizes(primary: Int, secondary: Int, input: String, expected: String) {
        #expect(apply(grouper(primary: primary, secondary: secondary), input) == expected)
    }

    @Test(arguments: [
        (5, "1234", "1234"),
        (5, "12345", "12,345"),
        (5, "1,234", "1234"),  // accepted where grouping would put it, but not written
        (1, "1234", "1,234"),
        (4, "1234", "1,234"),
        (7, "123456", "123456"),
        (7, "1234567", "1,234,567"),
    ])
    func minimumDigits(minDigits: Int, input: String, expected: String) {
        #expect(apply(grouper(minDigits: minDigits), input) == expected)
    }

    // MARK: Properties on random numbers

    @Test(arguments: [
        (",", ".", 3, 3), ("_", ".", 3, 3), (".", ",", 3, 3), (",", ".", 3, 2), (" ", ",", 4, 4),
        ("\u{202F}", ".", 3, 3),
        ("'", ".", 2, 1),
    ])
    func idempotentAndUndoneByUngroup(separator: String, decimal: String, primary: Int, secondary: Int) {
        var rng = SplitMix64(seed: UInt64(primary * 10 + secondary))
        let group = grouper(separator: separator, decimal: decimal, primary: primary, secondary: secondary)
        let ungroup = grouper(
            separator: separator, decimal: decimal, primary: primary, secondary: secondary, mode: .ungroup)
        for _ in 0..<2000 {
            let input = randomNumber(&rng, decimal: decimal)
            let once = apply(group, input)
            #expect(!once.hasPrefix("error"), "\(input)")
            #expect(apply(group, once) == once, "not idempotent: \(input) -> \(once)")
            #expect(apply(ungroup, once) == input, "ungroup does not undo: \(input) -> \(once)")
            #expect(apply(ungroup, input) == input)
            // Digits are never added, dropped or changed.
            #expect(once.filter(\.isNumber) == input.filter(\.isNumber))
        }
    }

    /// Every integer length up to 130 (past the 64 lengths whose layout is
    /// tabled at start-up), with and without a sign, fraction and
    /// separators already in place, against grouping done by the rule.
    @Test(arguments: [(1, 1, 1), (3, 3, 1), (3, 2, 1), (4, 4, 1), (3, 3, 2), (64, 64, 1), (2, 5, 1)])
    func everyLengthFollowsTheRule(primary: Int, secondary: Int, minDigits: Int) {
        func byRule(_ digits: String) -> String {
            let count = digits.count
            guard count >= primary + minDigits else { return digits }
            var out = ""
            for (k, d) in digits.enumerated() {
                let fromRight = count - k
                if k > 0, fromRight == primary || (fromRight > primary && (fromRight - primary) % secondary == 0) {
                    out += ","
                }
                out.append(d)
            }
            return out
        }
        var style = GroupingStyle(grouping: Grouping(primary: primary, secondary: secondary, minimumDigits: minDigits))
        style.localeIdentifier = nil
        let group = DigitGrouper(style: style)
        let ungroup = DigitGrouper(style: style, mode: .ungroup)
        for length in 1...130 {
            let digits = String((0..<length).map { Character(String((length * 7 + $0 * 3) % 9 + 1)) })
            for (sign, fraction) in [("", ""), ("-", ".05"), ("+", ".")] {
                let expected = sign + byRule(digits) + fraction
                #expect(apply(group, sign + digits + fraction) == expected, "\(length) digits")
                // Already grouped: the same, through the path that checks separators.
                #expect(apply(group, expected) == expected, "\(length) digits, grouped")
                #expect(apply(ungroup, expected) == sign + digits + fraction, "\(length) digits, ungrouped")
            }
        }
    }

    // MARK: Ungroup

    @Test(arguments: [
        ("1,234,567.891", "1234567.891"),
        ("-1,234", "-1234"),
        ("1234", "1234"),
        ("1234.", "1234."),
        ("1,23", "error: misplaced-grouping"),
        ("1,234.5,6", "error: misplaced-grouping"),
        ("x", "error: invalid-character"),
    ])
    func ungroups(input: String, expected: String) {
        #expect(apply(grouper(mode: .ungroup), input) == expected)
    }

    // MARK: Sanitize

    // Issue #25 changed what sanitize does with a value it would have
    // turned into another number: `$1,2a34.5.6`, `12-34`, `(555) 123-4567`,
    // `1.234.567`, `-.` and `€ 1 234,50` were written as numbers; they are
    // error records now.
    @Test(arguments: [
        ("$1,2a34.5.6", "error: ambiguous-decimal-mark"),
        ("-$1234", "-1,234"),
        ("$-1234", "-1,234"),
        ("12345x67.8", "1,234,567.8"),
        ("12-34", "error: misplaced-sign"),
        ("(555) 123-4567", "error: invalid-character"),
        ("1.234.567", "error: ambiguous-decimal-mark"),
        ("abc", "error: no-digits"),
        ("-", "error: no-digits"),
        ("-.", "error: ambiguous-decimal-mark"),
        ("€ 1 234,50", "error: ambiguous-decimal-mark"),
        ("\u{2212}1234", "\u{2212}1,234"),
        ("\u{2013}1234", "error: invalid-character"),
        ("--5", "error: misplaced-sign"),
    ])
    func sanitizes(input: String, expected: String) {
        #expect(apply(grouper(mode: .sanitize), input) == expected)
    }

    @Test func sanitizeInLocale() {
        #expect(apply(localeGrouper("de_DE", mode: .sanitize), "EUR 1.234.567,89") == "1.234.567,89")
    }

    /// Issue #25: sanitize drops characters and never changes the number.
    /// The examples are errors; amounts it can read keep their value.
    @Test(arguments: [
        ("en_US", "1.234,56 €", "error: ambiguous-decimal-mark"),
        ("en_US", "R$70,48", "error: ambiguous-decimal-mark"),
        ("en_US", "(1,234.56)", "error: invalid-character"),
        ("en_US", "12,5 %", "error: ambiguous-decimal-mark"),
        ("en_US", "Fr. 2 157.98", "error: ambiguous-decimal-mark"),
        ("de_CH", "Fr. 2 157.98", "error: ambiguous-decimal-mark"),
        ("en_US", "1,234.5,6", "error: ambiguous-decimal-mark"),
        ("en_US", "1,23.5", "error: misplaced-grouping"),
        ("en_US", "1234.", "error: ambiguous-decimal-mark"),
        ("en_US", "12-5", "error: misplaced-sign"),
        ("en_US", "1.5e3", "error: invalid-character"),
        ("en_US", "2E-7 m", "error: invalid-character"),
        ("en_US", "-6.022E+23", "error: invalid-character"),
        ("en_US", "5 kg", "5"),
        ("en_US", "1e", "1"),
        ("de_CH", "1,5", "error: ambiguous-decimal-mark"),
        ("fr_FR", "1.5", "error: ambiguous-decimal-mark"),
        ("fr_FR", "12 34,5", "error: misplaced-grouping"),
        ("en_US", "Tel 1234567", "1,234,567"),
        ("en_US", "$1,234.56", "1,234.56"),
        ("en_US", "1,234.56 USD", "1,234.56"),
        ("en_US", "-1234.5 kg", "-1,234.5"),
        ("en_US", "USD -1,234", "-1,234"),
        ("de_DE", "1.234.567", "1.234.567"),
        ("de_DE", "12,5 %", "12,5"),
        ("de_CH", "CHF 2'157.98", "2’157.98"),
        ("fr_FR", "1 234,56 €", "1\u{202F}234,56"),
        ("sv_SE", "\u{2212}1 234 567,5 kr", "\u{2212}1\u{A0}234\u{A0}567,5"),
    ])
    func sanitizeKeepsTheNumber(locale: String, input: String, expected: String) {
        #expect(apply(localeGrouper(locale, mode: .sanitize), input) == expected, "\(locale) \(input)")
    }

    /// Issue #25: a sanitized value, grouped again in the same notation, is
    /// the same value (sanitize wrote a number of that notation).
    @Test func sanitizedValuesRegroupUnchanged() {
        for locale in ["en_US", "de_DE", "de_CH", "fr_FR", "en_IN", "sv_SE"] {
            for input in ["1234567.5", "-1234567", "USD 12345", "1,234,567.25", "1.234.567,25", "1 234 567,25"] {
                let sanitized = apply(localeGrouper(locale, mode: .sanitize), input)
                guard !sanitized.hasPrefix("error") else { continue }
                #expect(apply(localeGrouper(locale), sanitized) == sanitized, "\(locale) \(input)")
            }
        }
    }

    // MARK: Signs

    /// Issue #25: the signs the locale writes are read, and written back as given.
    @Test(arguments: [
        ("sv_SE", "\u{2212}1234567,5", "\u{2212}1\u{A0}234\u{A0}567,5"),
        ("fa_IR", "\u{200E}\u{2212}1234567.5", "\u{200E}\u{2212}1,234,567.5"),
        ("ar_EG", "\u{200E}-1234567.5", "\u{200E}-1,234,567.5"),
        ("ar_EG", "\u{61C}-1234567.5", "\u{61C}-1,234,567.5"),
        ("he_IL", "\u{200E}-1234567.5", "\u{200E}-1,234,567.5"),
        ("de_CH", "-1234567.5", "-1’234’567.5"),
        ("de_CH", "\u{2212}1234567.5", "\u{2212}1’234’567.5"),
        ("en_US", "-1234567", "-1,234,567"),
        ("en_US", "+1234567", "+1,234,567"),
        ("fa_IR", "\u{200E}+1234567", "\u{200E}+1,234,567"),
        ("en_US", "12\u{2212}34", "error: misplaced-sign"),
        ("en_US", "\u{200E}1234", "error: invalid-character"),
        ("en_US", "\u{2212}", "error: no-digits"),
    ])
    func readsLocaleSigns(locale: String, input: String, expected: String) {
        #expect(apply(localeGrouper(locale), input) == expected, "\(locale) \(input)")
        // Ungrouping the grouped value gives the input back, sign as written.
        if !expected.hasPrefix("error") {
            #expect(apply(localeGrouper(locale, mode: .ungroup), expected) == input, "\(locale) \(expected)")
        }
    }

    /// Issue #25, differential: FormatStyle's negative number (Latin digits)
    /// is ungrouped and grouped again by numgroup to the same text.
    @Test func formatStyleNegativesRoundTrip() {
        let sample = [
            "sv_SE", "fi_FI", "fa_IR", "ps_AF", "ar_EG", "ar_SA", "he_IL", "ur_PK", "de_CH", "de_DE", "fr_FR",
            "en_IN", "ckb_IQ", "eu_ES", "nb_NO", "en_US",
        ]
        for id in sample {
            let locale = GroupingStyle.latinDigits(LocaleID(identifier: id))
            let written = Decimal(string: "-1234567.5")!.formatted(.number.locale(locale.foundation))
            let ungrouped = apply(localeGrouper(id, mode: .ungroup), written)
            #expect(!ungrouped.hasPrefix("error"), "\(id) \(written): \(ungrouped)")
            #expect(apply(localeGrouper(id), ungrouped) == written, "\(id) \(written)")
            #expect(apply(localeGrouper(id), written) == written, "\(id) \(written)")
        }
    }

    // MARK: Numbers in text

    @Test(arguments: [
        ("id 12345 and -123456.789 done", "id 12,345 and -123,456.789 done"),
        ("123456789012", "123,456,789,012"),
        ("1234 is short", "1234 is short"),
        ("(12345)", "(12,345)"),
        // Issue #25: U+2212 is a sign in text too: it leads a number, and
        // hanging off a word it makes an identifier, as '-' does.
        ("x \u{2212}1234567 y", "x \u{2212}1,234,567 y"),
        ("abc\u{2212}12345", "abc\u{2212}12345"),
        ("2024\u{2212}12345", "2024\u{2212}12345"),
        ("total: 12345.", "total: 12,345."),
        ("12345, 67890", "12,345, 67,890"),
        // Issue 44: a digit run glued after +, =, :, #, @ or / (or a number
        // glued before =) is an identifier: an E.164 number, a key=value pair.
        ("+12345", "+12345"),
        (
            "phone +821012345678, user_id=123456, ts=1733561956, key:123456",
            "phone +821012345678, user_id=123456, ts=1733561956, key:123456"
        ),
        ("x=-123456 y=+123456 123456=z u@123456 #123456", "x=-123456 y=+123456 123456=z u@123456 #123456"),
        ("-123456 (123456) $123456 + 123456 = 123456", "-123,456 (123,456) $123,456 + 123,456 = 123,456"),
        ("-123456.5 x:\u{2212}123456", "-123,456.5 x:\u{2212}123456"),
        // Digits touching a letter or `_`.
        ("abc12345 12345abc a_12345 12345_b", "abc12345 12345abc a_12345 12345_b"),
        ("x-123456", "x-123456"),
        // Dotted, dashed, slashed and colon sequences.
        ("v1.2.3 and 12345.6.7", "v1.2.3 and 12345.6.7"),
        ("2024-12-23 and 20241-12-23", "2024-12-23 and 20241-12-23"),
        ("12:30:45 and 123456:30", "12:30:45 and 123456:30"),
        ("10.0.0.1 and 10.0.12345.1", "10.0.0.1 and 10.0.12345.1"),
        ("/tmp/123456/x", "/tmp/123456/x"),
        ("12345/67890", "12345/67890"),
        ("12345.txt", "12345.txt"),
        // Leading zero.
        ("012345", "012345"),
        // Already grouped stays as is.
        ("1,234,567 and 12,345", "1,234,567 and 12,345"),
        // A fraction on its own is never grouped.
        (".12345", ".12345"),
        ("x .12345 y", "x .12345 y"),
        ("-.12345", "-.12345"),
        // Digits touching other numerals are not a word of their own.
        ("١12345", "١12345"),
    ])
    func groupsNumbersInText(input: String, expected: String) {
        #expect(apply(grouper(mode: .text(minimumDigits: 5)), input) == expected)
    }

    @Test func textMinimumDigitsAndLocale() {
        #expect(apply(grouper(mode: .text(minimumDigits: 4)), "1234 123") == "1,234 123")
        #expect(apply(grouper(primary: 3, secondary: 2, mode: .text(minimumDigits: 5)), "n 1234567") == "n 12,34,567")
        let de = localeGrouper("de_DE", mode: .text(minimumDigits: 5))
        #expect(apply(de, "Summe 1234567,89 EUR") == "Summe 1.234.567,89 EUR")
    }

    /// With a space as grouping separator, the spaces between words are not
    /// grouping: a number standing between words is still grouped.
    @Test(arguments: ["fr_FR", "sv_SE", "pl_PL"])
    func textWithSpaceGrouping(id: String) {
        let style = GroupingStyle(locale: LocaleID(identifier: id))
        let sep = String(decoding: style.separator, as: UTF8.self)
        let g = DigitGrouper(style: style, mode: .text(minimumDigits: 5))
        #expect(apply(g, "total 1234567 items") == "total 1\(sep)234\(sep)567 items")
        #expect(apply(g, "a 12345 b") == "a 12\(sep)345 b")
        // But a number continuing a space-grouped one is left alone.
        #expect(apply(g, "1 234567") == "1 234567")
    }

    // MARK: Locales

    @Test(arguments: [
        ("en_US", "1234567.891", "1,234,567.891"),
        ("es_ES", "1234", "1234"),
        ("es_ES", "12345", "12.345"),
        ("es_ES", "1.234", "1234"),
        ("en_IN", "1234567", "12,34,567"),
        ("de_DE", "1234567,891", "1.234.567,891"),
        ("de_DE", "1.234.567,891", "1.234.567,891"),
        ("de_DE", "1.234,5", "1.234,5"),
        ("de_DE", "1,234.5", "error: misplaced-grouping"),
        ("de_CH", "1234567.89", "1’234’567.89"),
        ("de_CH", "1'234'567.89", "1’234’567.89"),
        ("fr_FR", "1234567,5", "1\u{202F}234\u{202F}567,5"),
        ("fr_FR", "1 234 567,5", "1\u{202F}234\u{202F}567,5"),
        // Digits stay ASCII, so the separators are those the locale writes with ASCII digits.
        ("ar_EG", "1234567.891", "1,234,567.891"),
        ("ar_MR", "1234567,891", "1.234.567,891"),
        ("fa_IR", "1234567.891", "1,234,567.891"),
        ("th-TH-u-nu-thai", "1234567.5", "1,234,567.5"),
    ])
    func locale(id: String, input: String, expected: String) {
        #expect(apply(localeGrouper(id), input) == expected)
    }

    /// Forcing Latin digits changes nothing else for the locales that already
    /// write ASCII digits, so the Latin-digit FormatStyle is a fair oracle.
    @Test func latinDigitsKeepSeparators() {
        var differing: [String] = []
        let value = Decimal(string: "1234567.891")!
        for id in Locale.availableIdentifiers.sorted() {
            let native = value.formatted(.number.locale(Locale(identifier: id)).precision(.fractionLength(3)))
            guard native.unicodeScalars.allSatisfy({ $0.isASCII || $0.properties.numericType == nil }) else { continue }
            let latin = value.formatted(
                .number.locale(Locale(identifier: id + "@numbers=latn")).precision(.fractionLength(3)))
            if native != latin { differing.append("\(id): \(native) vs \(latin)") }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// numgroup's output for a plain ASCII number equals FormatStyle's, with
    /// ASCII digits and the input's fraction length, for every locale.
    @Test func equalsFormatStyleForEveryLocale() {
        var rng = SplitMix64(seed: 42)
        var failures: [String] = []
        var checked = 0
        for id in Locale.availableIdentifiers.sorted() {
            let format = Decimal.FormatStyle(locale: Locale(identifier: id + "@numbers=latn"))
            let g = localeGrouper(id)
            let ungroup = localeGrouper(id, mode: .ungroup)
            let decimal = String(decoding: g.style.decimal, as: UTF8.self)
            for round in 0..<25 {
                var integer = String(Int.random(in: 1...9, using: &rng))
                let length = round < 8 ? round + 1 : Int.random(in: 1...24, using: &rng)
                for _ in 1..<length { integer.append(String(Int.random(in: 0...9, using: &rng))) }
                if round == 0 { integer = "0" }
                var fraction = ""
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    fraction.append(String(Int.random(in: 0...9, using: &rng)))
                }
                let input = integer + (fraction.isEmpty ? "" : decimal + fraction)
                let expected = format.precision(.fractionLength(fraction.count)).format(
                    Decimal(string: integer + "." + (fraction.isEmpty ? "0" : fraction))!)
                let got = apply(g, input)
                checked += 1
                if got != expected {
                    failures.append("\(id) \(input): got \(got), FormatStyle \(expected)")
                } else {
                    if apply(g, got) != got { failures.append("\(id) \(input): not idempotent") }
                    if apply(ungroup, got) != input {
                        failures.append("\(id) \(input): ungroup gives \(apply(ungroup, got))")
                    }
                }
            }
        }
        #expect(checked > 20_000)
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(10))")
    }

    @Test func emptyValueFromTheLibrary() {
        #expect(apply(grouper(), "") == "error: no-digits")
        #expect(apply(grouper(mode: .text(minimumDigits: 5)), "") == "")
    }
}

@Suite struct GroupingStyleLocaleTests {
    @Test(arguments: [
        ("en_US_POSIX", "1234567"),
        ("th-TH-u-nu-thai", "1,234,567"),
        ("th_TH@numbers=thai", "1,234,567"),
        ("de_DE@currency=EUR", "1.234.567"),
        ("ar-EG-u-nu-arab", "1,234,567"),
    ])
    func variantsAndKeywordsSurvive(id: String, expected: String) {
        #expect(apply(localeGrouper(id), "1234567") == expected)
    }
}

@Suite struct TextModePropertyTests {
    /// On random text: only separators are added, and a second pass changes nothing.
    @Test(arguments: [("en_US", ","), ("de_DE", "."), ("fr_FR", "\u{202F}"), ("en_IN", ","), ("de_CH", "’")])
    func onlySeparatorsAddedAndIdempotent(id: String, separator: String) {
        var rng = SplitMix64(seed: 99)
        let g = localeGrouper(id, mode: .text(minimumDigits: 5))
        let alphabet = Array("0123456789012345678901234567890123456789 .,-+:/a_é\t'’\u{202F}")
        var failures: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<30, using: &rng) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
            }
            let once = apply(g, text)
            if once.replacingOccurrences(of: separator, with: "") != text.replacingOccurrences(of: separator, with: "")
            {
                failures.append("changed more than separators: \(text.debugDescription) -> \(once.debugDescription)")
            }
            let twice = apply(g, once)
            if twice != once {
                failures.append(
                    "not idempotent: \(text.debugDescription) -> \(once.debugDescription) -> \(twice.debugDescription)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(8))")
    }
}
