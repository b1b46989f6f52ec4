import Foundation
import Testing

@testable import NumToolsCore

/// Converts like numconv, returning the output or `CODE: MESSAGE`.
func convertWithMessage(
    _ value: String, from: String, to: [String], style: LocaleNumberFormat.Style = .number,
    minFraction: Int? = nil, maxFraction: Int? = nil
) -> String {
    convert(value, from: from, to: to, style: style, minFraction: minFraction, maxFraction: maxFraction, messages: true)
}

@Suite struct NumberConverterCoreTests {
    @Test(
        arguments: [
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
        // Leading zeros, a bare fraction, negative zero (it keeps its sign).
        ("000", "en_US", "de_DE", "0"),
        ("0.5", "en_US", "de_DE", "0,5"),
        (".5", "en_US", "de_DE", "0,5"),
        ("007.50", "en_US", "de_DE", "7,50"),
        ("0,001", "en_US", "de_DE", "1"),
        ("-0", "en_US", "de_DE", "-0"),
        ("-.0", "en_US", "de_DE", "-0,0"),
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
        // A grouped value has every separator: one missing is an error.
        (
            "1,234567,890", "en_US", "en_US",
            "misplaced-grouping: grouping separator missing at offset 5, where en_US grouping puts one"
        ),
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
        (
            "1.0.2", "en_US",
            "multiple-decimal-separators: second decimal separator at offset 3; the first is at offset 1"
        ),
        ("100-100", "en_US", "misplaced-sign: sign at offset 3; a sign may only lead the number"),
        ("12a", "en_US", "invalid-character: 'a' at offset 2 is not part of a number in en_US"),
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

    /// ASCII digit runs are copied eight bytes at a time: runs that end at,
    /// before and past an eight-byte boundary, in values shorter and longer
    /// than eight bytes (whose tails are read differently), and runs the
    /// scan must stop in (a native digit, a percent sign before them).
    @Test(arguments: [
        ("1234567", "en_US", "en_US", "1,234,567"),
        ("12345678", "en_US", "en_US", "12,345,678"),
        ("123456789", "en_US", "en_US", "123,456,789"),
        ("1234567890123456789012", "en_US", "en_US", "1,234,567,890,123,456,789,012"),
        ("12345678.12345678", "en_US", "de_DE", "12.345.678,12345678"),
        ("1.2345678912", "en_US", "de_DE", "1,2345678912"),
        ("7,407,509.87", "en_US", "ar_EG", "٧٬٤٠٧٬٥٠٩٫٨٧"),
        ("93,805,365,477,443", "en_US", "ne", "९,३८,०५,३६,५४,७७,४४३"),
        ("12345678a", "en_US", "en_US", "invalid-character: 'a' at offset 8 is not part of a number in en_US"),
        ("1234567a", "en_US", "en_US", "invalid-character: 'a' at offset 7 is not part of a number in en_US"),
        ("12345678١", "ar_EG", "en_US", "mixed-digits: ar_EG digit at offset 8 mixed with ASCII digits"),
        ("١2345678", "ar_EG", "en_US", "mixed-digits: ASCII digit at offset 1 mixed with ar_EG digits"),
        (
            "1234567 8", "fr_FR", "en_US",
            "misplaced-grouping: grouping separator at offset 7 does not fit fr_FR grouping"
        ),
    ])
    func digitRuns(input: String, from: String, to: String, expected: String) {
        #expect(convertWithMessage(input, from: from, to: [to]) == expected)
    }

    /// Percent signs around ASCII digit runs: before (tr writes `%12`), and
    /// after, where no digit may follow.
    @Test(arguments: [
        ("%12345678,5", "tr", "en_US", "12,345,678.5%"),
        ("12345678,5 %", "fr_FR", "en_US", "12,345,678.5%"),
        ("12 %345678", "fr_FR", "en_US", "invalid-character: percent sign at offset 3 is not where fr_FR writes it"),
    ])
    func digitRunsAndPercent(input: String, from: String, to: String, expected: String) {
        #expect(convertWithMessage(input, from: from, to: [to], style: .percent) == expected)
    }

    /// Separators a single byte long are told by their byte alone: de_CH's
    /// ASCII apostrophe (beside the three-byte one), a space for fr_FR's
    /// narrow no-break space, de_DE's full stop and comma.
    @Test(arguments: [
        ("1'234'567.5", "de_CH", "1,234,567.5"),
        ("1’234'567.5", "de_CH", "1,234,567.5"),
        ("1 234\u{202F}567,5", "fr_FR", "1,234,567.5"),
        ("1\u{A0}234 567,5", "fr_FR", "1,234,567.5"),
        ("1.234.567,5", "de_DE", "1,234,567.5"),
        ("1,234.567", "de_DE", "misplaced-grouping: grouping separator at offset 5 is in the fraction"),
        ("12,34,567.5", "en_IN", "1,234,567.5"),
        ("1,234,567.5", "en_IN", "misplaced-grouping: grouping separator at offset 1 does not fit en_IN grouping"),
    ])
    func singleByteSeparators(input: String, from: String, expected: String) {
        #expect(convertWithMessage(input, from: from, to: ["en_US"]) == expected)
    }

    /// All targets are written in one reservation of the output: one target,
    /// several, affixes of every length, into an array.
    @Test(
        arguments: [
            ("-1234.5", ["ar_EG"], LocaleNumberFormat.Style.number, "\u{61C}-١٬٢٣٤٫٥"),
            ("-1234.5", ["ar_EG", "ar_EG"], .number, "\u{61C}-١٬٢٣٤٫٥\t\u{61C}-١٬٢٣٤٫٥"),
            ("1234.5", ["en_US", "ne", "fr_FR", "de_CH"], .number, "1,234.5\t१,२३४.५\t1\u{202F}234,5\t1’234.5"),
            ("-12.5", ["ar_EG", "fr_FR", "de_DE"], .percent, "\u{61C}-١٢٫٥٪\u{61C}\t-12,5\u{A0}%\t-12,5\u{A0}%"),
            ("0", ["en_US", "ar_EG"], .number, "0\t٠"),
        ] as [(String, [String], LocaleNumberFormat.Style, String)])
    func targets(input: String, to: [String], style: LocaleNumberFormat.Style, expected: String) {
        #expect(convertWithMessage(input, from: "en_US", to: to, style: style) == expected)
    }

    /// Affixes longer than the eight bytes written with one store are
    /// copied from the blob: a prefix of 9 bytes, a suffix of 8, none.
    @Test(arguments: [
        ("\u{61C}-\u{A0}\u{61C}", "\u{A0}\u{61C}\u{61C}%"),
        ("--------", "\u{61C}\u{61C}\u{61C}\u{61C}\u{61C}"),
        ("", ""),
    ])
    func longAffixes(prefix: String, suffix: String) {
        let format = LocaleNumberFormat(locale: LocaleID(identifier: "ar_EG"))
        defer { withExtendedLifetime(format) {} }  // the plan points into its storage
        let plan = format.storage.plan
        let (p, s) = (Array(prefix.utf8), Array(suffix.utf8))
        let blob = UnsafeMutablePointer<UInt8>.allocate(capacity: p.count + s.count + 1)
        defer { blob.deallocate() }
        blob.initialize(from: p + s, count: p.count + s.count)
        let affixes = UnsafeMutablePointer<FormatPlan.Piece>.allocate(capacity: 6)
        defer { affixes.deallocate() }
        affixes.initialize(from: plan.affixes, count: 6)
        (affixes[2], affixes[3]) = (FormatPlan.Piece(p, offset: 0), FormatPlan.Piece(s, offset: p.count))
        let long = FormatPlan(
            blob: blob, digitCodes: UnsafeMutablePointer(mutating: plan.digitCodes),
            digitPairs: UnsafeMutablePointer(mutating: plan.digitPairs), digitWidth: plan.digitWidth,
            grouping: plan.grouping, decimal: plan.decimal, group: plan.group, affixes: affixes)
        let (integer, fraction) = (Array("1234".utf8), Array("5".utf8))
        var out: [UInt8] = []
        integer.withUnsafeBufferPointer { i in
            fraction.withUnsafeBufferPointer { f in
                let length = long.length(negative: true, showPlus: false, integerCount: 4, fractionCount: 1)
                out.appendWithUnsafeMutableBytes(maximumCount: length) { buffer in
                    long.write(negative: true, integer: i, fraction: f, showPlus: false, to: buffer.baseAddress!)
                }
            }
        }
        #expect(String(decoding: out, as: UTF8.self) == prefix + "١٬٢٣٤٫٥" + suffix)
    }

    /// The library API on top of the core: parse, round, trim.
    @Test func parsedNumberAPI() throws {
        let parser = LocaleNumberParser(format: LocaleNumberFormat(locale: LocaleID(identifier: "ar_EG")))
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
