import Foundation
import Testing

@testable import NumToolsCore

/// `numconv --from auto`: reads a value in every candidate notation, returns
/// the output or `error:CODE` (`CODE: MESSAGE` with `messages`).
func convertAuto(
    _ value: String, from candidates: [String] = AutoNumberConverter.defaultCandidates, to: [String] = ["en_US_POSIX"],
    prefer: String? = nil, style: LocaleNumberFormat.Style = .number, minFraction: Int? = nil,
    messages: Bool = false
) -> String {
    var converter = AutoNumberConverter(
        from: candidates.map { LocaleNumberFormat(locale: LocaleID(identifier: $0), style: style) },
        to: to.map { LocaleNumberFormat(locale: LocaleID(identifier: $0), style: style) },
        preferring: prefer, minimumFraction: minFraction)
    do {
        return try converter(value)
    } catch {
        return messages ? error.code.name + ": " + error.message : "error:" + error.code.name
    }
}

@Suite struct AutoNumberConverterTests {
    /// The default candidates (en_US, de_DE, fr_FR, de_CH, en_IN), to machine notation.
    @Test(arguments: [
        // Every separator style of a mixed export: one number.
        ("1.234,56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("1 234,56", "1234.56"),
        ("1\u{A0}234,56", "1234.56"),
        ("1\u{202F}234,56", "1234.56"),
        ("1'234.56", "1234.56"),
        ("1’234.56", "1234.56"),
        ("12,34,567.00", "1234567.00"),
        ("-1.234.567,891", "-1234567.891"),
        ("1,234,567.891", "1234567.891"),
        ("1'234'567", "1234567"),
        ("1 234 567", "1234567"),
        // Read alike in every notation that reads them.
        ("1234", "1234"),
        ("-1234", "-1234"),
        ("0", "0"),
        ("12.5", "12.5"),
        ("12,5", "12.5"),
        ("1,5", "1.5"),
        ("0,5", "0.5"),
        ("1,23", "1.23"),
        ("1.2345", "1.2345"),
        ("1,2345", "1.2345"),
        ("1.234.567", "1234567"),
        ("1,234,567", "1234567"),
        ("1,234.5", "1234.5"),
        ("1.234,5", "1234.5"),
        ("1,23,456", "123456"),
        // Ambiguous: the readings differ.
        ("1,234", "error:ambiguous-notation"),
        ("1.234", "error:ambiguous-notation"),
        ("-1,234", "error:ambiguous-notation"),
        ("999,999", "error:ambiguous-notation"),
        ("0,000", "error:ambiguous-notation"),
        ("0.000", "error:ambiguous-notation"),
        // None reads it: the error of the reading that got furthest.
        ("abc", "error:invalid-character"),
        ("12a", "error:invalid-character"),
        ("1,2,3", "error:misplaced-grouping"),
        ("1.2.3", "error:misplaced-grouping"),
        ("1,234,56", "error:misplaced-grouping"),
        ("1-2", "error:misplaced-sign"),
        ("-", "error:no-digits"),
        ("١٢٣", "error:invalid-character"),
    ])
    func defaultCandidates(input: String, expected: String) {
        #expect(convertAuto(input) == expected)
    }

    /// The message lists each distinct reading once, with the notations
    /// that read it, in candidate order.
    @Test(arguments: [
        (
            "1,234", AutoNumberConverter.defaultCandidates,
            "ambiguous-notation: notations disagree: 1234 (en_US, en_IN) or 1.234 (de_DE, fr_FR)"
        ),
        (
            "1.234", AutoNumberConverter.defaultCandidates,
            "ambiguous-notation: notations disagree: 1.234 (en_US, de_CH, en_IN) or 1234 (de_DE)"
        ),
        ("1,234", ["de_DE", "en_US"], "ambiguous-notation: notations disagree: 1.234 (de_DE) or 1234 (en_US)"),
        // en_GB shares en_US's notation: one reading, not two.
        (
            "1,234", ["en_US", "en_GB", "de_DE"],
            "ambiguous-notation: notations disagree: 1234 (en_US, en_GB) or 1.234 (de_DE)"
        ),
        ("0,000", ["en_US", "de_DE"], "ambiguous-notation: notations disagree: 0 (en_US) or 0.000 (de_DE)"),
        ("-1,500", ["en_US", "de_DE"], "ambiguous-notation: notations disagree: -1500 (en_US) or -1.500 (de_DE)"),
        // One separator in a long integer part is no de_DE grouping (it lacks
        // six): de_CH alone reads it (`longReadingsAreShortened` tests the
        // shortening this value used to reach).
        ("12345678901234567890.123", ["de_CH", "de_DE"], "12345678901234567890.123"),
        // The error of the reading that got furthest: de_DE reads to the
        // second comma, en_US fails at the grouping of the whole.
        (
            "1,2,3", ["de_DE", "en_US"],
            "misplaced-grouping: grouping separator at offset 1 does not fit en_US grouping"
        ),
        // A tie goes to the earlier candidate.
        ("x", ["de_DE", "en_US"], "invalid-character: 'x' at offset 0 is not part of a number in de_DE"),
        ("x", ["en_US", "de_DE"], "invalid-character: 'x' at offset 0 is not part of a number in en_US"),
        // fr_FR stops at the `.`, en_US reads past it to the second.
        (
            "1.234.5", ["fr_FR", "en_US"],
            "multiple-decimal-separators: second decimal separator at offset 5; the first is at offset 1"
        ),
    ])
    func messages(input: String, candidates: [String], expected: String) {
        #expect(convertAuto(input, from: candidates, messages: true) == expected)
    }

    /// `--prefer` settles an ambiguous value when its notation reads it, and
    /// changes nothing else.
    @Test(arguments: [
        ("1,234", "de_DE", "1.234"),
        ("1,234", "en_US", "1234"),
        ("1.234", "de_DE", "1234"),
        ("1.234", "de_CH", "1.234"),
        ("1,234,567", "de_DE", "1234567"),
        ("1.234.567", "en_US", "1234567"),
        ("1,5", "en_US", "1.5"),
        ("0,000", "en_IN", "0"),
        ("1'234.5", "en_US", "1234.5"),
        ("1,234", "de_CH", "error:ambiguous-notation"),
    ])
    func prefer(input: String, prefer: String, expected: String) {
        #expect(convertAuto(input, prefer: prefer) == expected)
    }

    @Test func preferThatDoesNotReadTheValueSaysSo() {
        #expect(
            convertAuto("1,234", prefer: "de_CH", messages: true)
                == "ambiguous-notation: notations disagree: 1234 (en_US, en_IN) or 1.234 (de_DE, fr_FR); --prefer de_CH does not read it"
        )
    }

    /// Native digits are evidence: only the candidates that use them read them.
    @Test(arguments: [
        ("١٬٢٣٤٫٥٦", "1234.56"),
        ("\u{61C}-١٬٢٣٤٫٥٦", "-1234.56"),
        ("۱٬۲۳۴٫۵۶", "1234.56"),
        ("१,२३४.५६", "1234.56"),
        ("१२,३४,५६७", "1234567"),
        ("1.234,5", "1234.5"),
        ("١٢٣٤", "1234"),
        ("١٢3", "error:mixed-digits"),
    ])
    func nativeDigits(input: String, expected: String) {
        let candidates = ["ar_EG", "fa", "hi_IN@numbers=deva", "en_US", "de_DE"]
        #expect(convertAuto(input, from: candidates) == expected)
    }

    @Test(arguments: [
        ("12,5 %", "12.5%"),
        ("12.5%", "12.5%"),
        ("1.234,5 %", "1,234.5%"),
        ("1,234 %", "error:ambiguous-notation"),
        ("12 %", "12%"),
        ("١٢٫٥٪\u{61C}", "12.5%"),
    ])
    func percent(input: String, expected: String) {
        #expect(
            convertAuto(input, from: ["en_US", "de_DE", "fr_FR", "ar_EG"], to: ["en_US"], style: .percent) == expected)
    }

    /// The fraction options apply to the number read.
    @Test func fractionOptionsApplyToTheReading() {
        #expect(convertAuto("1,5", to: ["de_DE"], minFraction: 3) == "1,500")
        #expect(convertAuto("1.234,5", to: ["en_US", "fr_FR"], minFraction: 2) == "1,234.50\t1\u{202F}234,50")
    }

    /// A locale named twice is one candidate.
    @Test func duplicatesCollapse() {
        let formats = ["en_US", "de_DE", "en_US"].map { LocaleNumberFormat(locale: LocaleID(identifier: $0)) }
        #expect(AutoNumberConverter.unique(formats).map(\.localeIdentifier) == ["en_US", "de_DE"])
        #expect(convertAuto("1,234", from: ["en_US", "en_US"]) == "1234")
    }

    /// With one candidate, auto is that notation: for every locale X and
    /// FormatStyle's writing of random values in it, `auto:X` gives what
    /// `--from X` gives. With X and the default candidates, it gives the
    /// same output wherever the value is not ambiguous, and where it is,
    /// X's reading is among those the error lists.
    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func sameAsOneNotationWhereverNotAmbiguous(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 31 : 32)
        let c = LocaleNumberFormat(locale: LocaleID(identifier: "en_US_POSIX"), style: style)
        let defaults = AutoNumberConverter.defaultCandidates.map {
            LocaleNumberFormat(locale: LocaleID(identifier: $0), style: style)
        }
        var failures: [String] = []
        var ambiguous = 0
        // Every locale, or this run's sample (see ``Sweep``) with locales
        // that meet ambiguous values.
        let common: Set = ["de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "de_CH", "en_IN", "ar_EG", "fa"]
        for id in Sweep.locales("AutoNumberConverterTests.sameAsOneNotation(\(style))", always: common.contains) {
            let x = LocaleNumberFormat(locale: LocaleID(identifier: id), style: style)
            var one = NumberConverter(from: x, to: [c])
            var alone = AutoNumberConverter(from: [x], to: [c])
            var mixed = AutoNumberConverter(from: [x] + defaults, to: [c])
            for _ in 0..<4 {
                let (integer, fraction) = randomDigits(&rng)
                let plain = (Bool.random(using: &rng) ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
                let written = oracle(LocaleID(identifier: id), style, plain, fraction: fraction.count)
                let expected = Result { () throws(ValueError) in try one(written) }
                let got = Result { () throws(ValueError) in try alone(written) }
                if "\(got)" != "\(expected)" { failures.append("auto:\(id) \(written): \(got), not \(expected)") }
                switch (Result { () throws(ValueError) in try mixed(written) }, expected) {
                case (.success(let a), .success(let b)) where a == b: break
                case (.failure(let e), .success(let b)) where e.code == .number(.ambiguousNotation):
                    ambiguous += 1
                    let reading = b.hasSuffix("%") ? String(b.dropLast()) : b
                    if !e.message.contains(" \(reading) (") && !e.message.contains(": \(reading) (") {
                        failures.append("auto:\(id),defaults \(written): \(e.message) lacks \(reading)")
                    }
                case (let a, let b): failures.append("auto:\(id),defaults \(written): \(a), not \(b)")
                }
            }
        }
        #expect(failures.isEmpty, "\(Sweep.replay) \(failures.count) mismatches, first: \(failures.prefix(10))")
        #expect(ambiguous > 0, "\(Sweep.replay) no ambiguous value met: the test checks nothing of that case")
    }

    /// For random values and random pairs of candidates A, B: the value
    /// written in A and read with `auto:A,B` gives the value or
    /// `ambiguous-notation`, never another number; with `--prefer A` it
    /// always gives the value.
    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func neverAnotherNumber(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 41 : 42)
        let ids = Locale.availableIdentifiers.sorted()
        // Pairs that share separators or digits: where readings can disagree.
        let common = ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "es_ES", "it_IT", "pt_BR", "ar_EG", "fa", "hi"]
        let c = LocaleNumberFormat(locale: LocaleID(identifier: "en_US_POSIX"), style: style)
        var failures: [String] = []
        var (same, ambiguous) = (0, 0)
        for round in 0..<3000 {
            let pool = round % 2 == 0 ? common : ids
            let a = pool.randomElement(using: &rng)!
            let b = pool.randomElement(using: &rng)!
            let fa = LocaleNumberFormat(locale: LocaleID(identifier: a), style: style)
            let fb = LocaleNumberFormat(locale: LocaleID(identifier: b), style: style)
            // Short values too, where `1,234` against `1.234` lives.
            var (integer, fraction) = randomDigits(&rng)
            if Bool.random(using: &rng) {
                integer = String(integer.prefix(Int.random(in: 1...7, using: &rng)))
                fraction = String(fraction.prefix(Int.random(in: 0...3, using: &rng)))
            }
            let negative = Bool.random(using: &rng)
            var bytes: [UInt8] = []
            fa.format(negative: negative, integer: Array(integer.utf8), fraction: Array(fraction.utf8), into: &bytes)
            let written = String(decoding: bytes, as: UTF8.self)
            var one = NumberConverter(from: fa, to: [c])
            guard let value = try? one(written) else {
                failures.append("\(a) does not read its own \(written)")
                continue
            }
            var auto = AutoNumberConverter(from: [fa, fb], to: [c])
            var preferring = AutoNumberConverter(from: [fa, fb], to: [c], preferring: fa.localeIdentifier)
            do {
                let got = try auto(written)
                if got == value {
                    same += 1
                } else {
                    failures.append("auto:\(a),\(b) \(written): \(got), not \(value)")
                }
            } catch {
                if error.code == .number(.ambiguousNotation) {
                    ambiguous += 1
                } else {
                    failures.append("auto:\(a),\(b) \(written): \(error.code), not \(value)")
                }
            }
            let preferred = Result { () throws(ValueError) in try preferring(written) }
            if case .success(value) = preferred {
            } else {
                failures.append("auto:\(a),\(b) --prefer \(a) \(written): \(preferred), not \(value)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10))")
        #expect(same > 0 && ambiguous > 0, "same \(same), ambiguous \(ambiguous)")
    }

    /// `--report`'s buckets: one line each, one notation's first, in candidate order.
    @Test func reportLines() {
        let report = AutoReadingReport()
        var converter = AutoNumberConverter(
            from: ["en_US", "de_DE", "en_IN"].map { LocaleNumberFormat(locale: LocaleID(identifier: $0)) },
            to: [LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))], preferring: "de_DE", report: report)
        for value in ["1.234,5", "1.234,5", "12,34,567", "1,234.5", "1234", "1,234", "x", "1,234,567"] {
            _ = try? converter(value)
        }
        #expect(
            converter.summaryLines() == [
                "1 value read as en_US", "2 values read as de_DE", "1 value read as en_IN",
                "1 value read as en_US and en_IN alike",
                "1 value read alike in every notation", "1 ambiguous value read as de_DE (--prefer)",
                "1 value not read in any notation",
            ])
        // Copies for other threads count apart, and the report sums them.
        var copy = converter.copyForThread()
        _ = try? copy("1.234,5")
        #expect(converter.summaryLines().dropFirst().first == "3 values read as de_DE")
        #expect(AutoReadingReport().lines(names: ["en_US"], preferred: nil) == ["no values read"])
    }
}
