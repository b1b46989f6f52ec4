import Foundation
import Testing
@testable import NumToolsCore

/// Converts like numconv, returning the output or `CODE: MESSAGE`.
func convertWithMessage(
    _ value: String, from: String, to: [String], style: LocaleNumberFormat.Style = .number,
    minFraction: Int? = nil, maxFraction: Int? = nil
) -> String {
    var converter = NumberConverter(
        from: LocaleNumberFormat(locale: Locale(identifier: from), style: style),
        to: to.map { LocaleNumberFormat(locale: Locale(identifier: $0), style: style) },
        minimumFraction: minFraction, maximumFraction: maxFraction)
    do {
        return try converter(value)
    } catch {
        return error.code + ": " + error.message
    }
}

/// The edge cases of the parser core (``LocaleNumberParser/scan(_:into:integerDigits:)``)
/// and of rounding and trimming digits in place (``DigitString``).
@Suite struct NumberConverterCoreTests {
    @Test(arguments: [
        // Carry through all nines takes the byte before the digits.
        ("9.995", nil, 2, "10.00"),
        ("99.5", nil, 0, "100"),
        (".96", nil, 1, "1.0"),
        (".6", nil, 0, "1"),
        ("999", 2, nil, "999.00"),
        // Half-even ties, and a tie broken by a later digit.
        (".5", nil, 0, "0"),
        ("0.25", nil, 1, "0.2"),
        ("0.35", nil, 1, "0.4"),
        ("0.2500001", nil, 1, "0.3"),
        // The sign is decided before rounding: -0.5 rounds to -0.
        ("-0.5", nil, 0, "-0"),
        ("1,234.5", 3, 1, "1,234.5"),
    ] as [(String, Int?, Int?, String)])
    func rounding(input: String, min: Int?, max: Int?, expected: String) {
        #expect(convertWithMessage(input, from: "en_US", to: ["en_US"], minFraction: min, maxFraction: max) == expected)
    }

    @Test(arguments: [
        // Leading zeros, a bare fraction, negative zero.
        ("000", "en_US", "de_DE", "0"),
        ("0.5", "en_US", "de_DE", "0,5"),
        (".5", "en_US", "de_DE", "0,5"),
        ("007.50", "en_US", "de_DE", "7,50"),
        ("0,001", "en_US", "de_DE", "1"),
        ("-0", "en_US", "de_DE", "0"),
        ("-.0", "en_US", "de_DE", "0,0"),
        // Native digits in and out.
        ("١٬٢٣٤٫٥", "ar_EG", "ne", "१,२३४.५"),
        ("१२,३४,५६७", "ne", "bn-u-nu-beng", "১২,৩৪,৫৬৭"),
        ("১২,৩৪,৫৬৭.৮", "bn-u-nu-beng", "ar_EG", "١٬٢٣٤٬٥٦٧٫٨"),
        // Indian grouping both ways.
        ("1,23,45,678", "en_IN", "en_US", "12,345,678"),
        ("12345678.9", "en_US", "en_IN", "1,23,45,678.9"),
        // Separator variants: spaces and apostrophes.
        ("1 234 567,5", "fr_FR", "de_CH", "1’234’567.5"),
        ("12 345,6", "fr_FR", "en_US", "12,345.6"),
        ("1’234’567.5", "de_CH", "fr_FR", "1\u{202F}234\u{202F}567,5"),
        ("1'234'567.5", "de_CH", "en_US", "1,234,567.5"),
        // Separators at valid places need not all be there.
        ("1,234567,890", "en_US", "en_US", "1,234,567,890"),
    ])
    func notations(input: String, from: String, to: String, expected: String) {
        #expect(convertWithMessage(input, from: from, to: [to]) == expected)
    }

    @Test func percentAndSeveralTargets() {
        #expect(
            convertWithMessage("-12,5 %", from: "fr_FR", to: ["en_US", "ar_EG"], style: .percent)
                == "-12.5%\t\u{61C}-١٢٫٥٪\u{61C}")
        #expect(convertWithMessage("1,234.5%", from: "en_US", to: ["de_CH"], style: .percent) == "1’234.5%")
        #expect(
            convertWithMessage("-1234.5", from: "en_US", to: ["de_DE", "ne", "de_CH"])
                == "-1.234,5\t-१,२३४.५\t-1’234.5")
    }

    /// Every error code, with its message as before the parser core.
    @Test(arguments: [
        ("1,23,456", "en_US", "misplaced-grouping: grouping separator at offset 1 does not fit en_US grouping"),
        ("12,345,67", "en_US", "misplaced-grouping: grouping separator at offset 2 does not fit en_US grouping"),
        ("1,234,5678", "en_US", "misplaced-grouping: grouping separator at offset 1 does not fit en_US grouping"),
        ("1,,234", "en_US", "misplaced-grouping: grouping separator at offset 2 does not fit en_US grouping"),
        ("1,.5", "en_US", "misplaced-grouping: grouping separator at offset 1 does not fit en_US grouping"),
        ("1,", "en_US", "misplaced-grouping: grouping separator at offset 1 does not fit en_US grouping"),
        (",123", "en_US", "misplaced-grouping: grouping separator at offset 0 does not fit en_US grouping"),
        ("1,234,567", "en_IN", "misplaced-grouping: grouping separator at offset 1 does not fit en_IN grouping"),
        ("1.000,12", "en_US", "misplaced-grouping: grouping separator at offset 5 is in the fraction"),
        ("1.0.2", "en_US",
            "multiple-decimal-separators: second decimal separator at offset 3; the first is at offset 1"),
        ("100-100", "en_US", "misplaced-sign: sign at offset 3; a sign may only lead the number"),
        ("12a", "en_US", "invalid-character: 'a' at offset 2 is not part of a en_US number"),
        ("١٢3", "ar_EG", "mixed-digits: ASCII digit at offset 2 mixed with ar_EG digits"),
        ("-", "en_US", "no-digits: value has no digits"),
    ])
    func errors(input: String, from: String, expected: String) {
        #expect(convertWithMessage(input, from: from, to: ["de_DE"]) == expected)
    }

    @Test func percentSignErrors() {
        #expect(
            convertWithMessage("12%5", from: "en_US", to: ["de_DE"], style: .percent)
                == "invalid-character: percent sign at offset 2 is not where en_US writes it")
        #expect(
            convertWithMessage("12 %5", from: "fr_FR", to: ["de_DE"], style: .percent)
                == "invalid-character: percent sign at offset 3 is not where fr_FR writes it")
    }

    /// The library API on top of the core: parse, round, trim.
    @Test func parsedNumberAPI() throws {
        let parser = LocaleNumberParser(format: LocaleNumberFormat(locale: Locale(identifier: "ar_EG")))
        var number = ParsedNumber(negative: false, integer: Array("77".utf8), fraction: [])
        let bytes = Array("\u{61C}-١٬٢٣٤٫٥٠".utf8)
        try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try parser.parse(b, into: &number) }
        #expect(number == ParsedNumber(negative: true, integer: Array("1234".utf8), fraction: Array("50".utf8)))
        var carry = ParsedNumber(integer: Array("0099".utf8), fraction: Array("96".utf8))
        carry.roundHalfEven(fractionDigits: 1)
        #expect(carry == ParsedNumber(integer: Array("0100".utf8), fraction: Array("0".utf8)))
        carry.trimLeadingZeros()
        #expect(carry.integer == Array("100".utf8))
        var bare = ParsedNumber(integer: [], fraction: Array("5".utf8))
        bare.roundHalfEven(fractionDigits: 3)
        bare.trimLeadingZeros()
        #expect(bare == ParsedNumber(integer: Array("0".utf8), fraction: Array("500".utf8)))
        var allNines = ParsedNumber(integer: [], fraction: Array("96".utf8))
        allNines.roundHalfEven(fractionDigits: 0)
        #expect(allNines == ParsedNumber(integer: Array("1".utf8), fraction: []))
    }
}
