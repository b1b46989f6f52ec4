import Foundation
import Testing

@testable import NumToolsCore

/// A deterministic generator, so a failing differential case can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random ASCII digit strings: integer part without leading zeros, total ≤ 38 significant digits.
func randomDigits(_ rng: inout SplitMix64) -> (integer: String, fraction: String) {
    let intLength = Int.random(in: 1...20, using: &rng)
    var integer = String(Int.random(in: 1...9, using: &rng))
    for _ in 1..<intLength { integer.append(String(Int.random(in: 0...9, using: &rng))) }
    if Int.random(in: 0..<5, using: &rng) == 0 { integer = "0" }
    let fracLength = Int.random(in: 0...min(12, 38 - integer.count), using: &rng)
    var fraction = ""
    for _ in 0..<fracLength { fraction.append(String(Int.random(in: 0...9, using: &rng))) }
    return (integer, fraction)
}

/// FormatStyle's output for the machine number `text` with `fraction`
/// fraction digits. A negative zero (`-0`, `-0.00`) keeps its sign, as
/// numconv keeps it: `Decimal` has no negative zero, so it is formatted as
/// the `Double` -0.0 (exact), for which FormatStyle writes the locale's minus sign.
func oracle(_ locale: LocaleID, _ style: LocaleNumberFormat.Style, _ text: String, fraction: Int, plus: Bool = false)
    -> String
{
    let value = Decimal(string: text)!
    if value.isZero, text.hasPrefix("-") {
        switch style {
        case .number:
            return FloatingPointFormatStyle<Double>(locale: locale.foundation).precision(.fractionLength(fraction))
                .format(-0.0)
        case .percent:
            return FloatingPointFormatStyle<Double>.Percent(locale: locale.foundation).precision(
                .fractionLength(fraction)
            )
            .format(-0.0)
        }
    }
    switch style {
    case .number:
        let f = Decimal.FormatStyle(locale: locale.foundation).precision(.fractionLength(fraction))
        return plus ? f.sign(strategy: .always()).format(value) : f.format(value)
    case .percent:
        let f = Decimal.FormatStyle.Percent(locale: locale.foundation).precision(.fractionLength(fraction))
        return plus ? f.sign(strategy: .always()).format(value / 100) : f.format(value / 100)
    }
}

@Suite struct LocaleNumberFormatTests {
    @Test(arguments: [
        ("en_US", "-1234567.891", "-1,234,567.891"),
        ("de_DE", "1234567.891", "1.234.567,891"),
        ("en_IN", "1234567", "12,34,567"),
        ("es_ES", "1234", "1234"),
        ("es_ES", "12345", "12.345"),
        ("it_CH", "1234567.891", "1’234’567.891"),
        ("ne", "1234567.891", "१२,३४,५६७.८९१"),
        ("ar_EG", "1234567.891", "١٬٢٣٤٬٥٦٧٫٨٩١"),
        ("ar_EG", "-5", "\u{61C}-٥"),
        ("th-TH-u-nu-thai", "1234", "๑,๒๓๔"),
    ])
    func knownNotations(locale: String, input: String, expected: String) {
        let format = LocaleNumberFormat(locale: LocaleID(identifier: locale))
        let negative = input.hasPrefix("-")
        let body = negative ? String(input.dropFirst()) : input
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        var out: [UInt8] = []
        format.format(
            negative: negative, integer: Array(parts[0].utf8), fraction: parts.count > 1 ? Array(parts[1].utf8) : [],
            into: &out)
        #expect(String(decoding: out, as: UTF8.self) == expected)
    }

    @Test(arguments: LocaleNumberFormat.Style.allCases)
    func equalsFormatStyleForEveryLocale(style: LocaleNumberFormat.Style) {
        var rng = SplitMix64(seed: style == .number ? 1 : 2)
        var failures: [String] = []
        for id in Locale.availableIdentifiers.sorted() {
            let locale = LocaleID(identifier: id)
            let format = LocaleNumberFormat(locale: locale, style: style)
            for _ in 0..<12 {
                let (integer, fraction) = randomDigits(&rng)
                let negative = Bool.random(using: &rng)
                let plus = !negative && Bool.random(using: &rng)
                let text = (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
                var out: [UInt8] = []
                format.format(
                    negative: negative, integer: Array(integer.utf8), fraction: Array(fraction.utf8), showPlus: plus,
                    into: &out)
                let expected = oracle(locale, style, text, fraction: fraction.count, plus: plus)
                let got = String(decoding: out, as: UTF8.self)
                if got != expected { failures.append("\(id) \(text): got \(got) expected \(expected)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(10))")
    }
}
