import Foundation
import Testing

@testable import NumToolsCore

/// A unit style in locale `id`.
private func unit(_ kind: CoinFormatStyle.Style, _ id: String = "en_US") -> CoinFormatStyle {
    CoinFormatStyle(style: kind, locale: LocaleID(identifier: id))
}

private func written(_ style: CoinFormatStyle, _ value: String) -> String {
    var formatter = style.formatter()
    return formatter.string((try! ExactDecimal(value)))
}

/// coinfmt's si, iec, iec-i and engineering styles by hand: numfmt's rule on
/// exact decimals (the large differential against GNU numfmt is
/// ``NumfmtDifferentialTests``).
@Suite struct UnitStyleTests {
    /// numfmt's default digits and carries, numfmt's default rounding (up: away from zero).
    @Test(arguments: [
        // value, si, iec, iec-i
        ("0", "0", "0", "0"),
        ("999", "999", "999", "999"),
        ("1000", "1.0K", "1000", "1000"),
        ("1023", "1.1K", "1023", "1023"),
        ("1024", "1.1K", "1.0K", "1.0Ki"),
        ("1234", "1.3K", "1.3K", "1.3Ki"),
        ("9999", "10K", "9.8K", "9.8Ki"),
        ("999999", "1.0M", "977K", "977Ki"),
        ("1047552", "1.1M", "1023K", "1023Ki"),
        ("1048064", "1.1M", "1.0M", "1.0Mi"),  // 1023.5 Ki rounds up to 1024 Ki: the next prefix
        ("-1500", "-1.5K", "-1.5K", "-1.5Ki"),
        ("1e30", "1.0Q", "808R", "808Ri"),
        ("1e33", "1000Q", "789Q", "789Qi"),
        ("123456789012345678901234567890123456", "123457Q", "97391Q", "97391Qi"),
        ("1500.01", "1.6K", "1.5K", "1.5Ki"),
    ])
    func numfmtDefaults(value: String, si: String, iec: String, iecI: String) {
        #expect(written(unit(.si).rounded(.up), value) == si)
        #expect(written(unit(.iec).rounded(.up), value) == iec)
        #expect(written(unit(.iecI).rounded(.up), value) == iecI)
    }

    /// The rounding rules, as numfmt's `--round` values map to them.
    @Test(arguments: [
        (DecimalRoundingRule.up, ["-1.6K", "-1.6K", "1.6K", "1.6K", "1.5K", "-1.5K", "10K", "-10K", "1.0M"]),
        (.down, ["-1.5K", "-1.5K", "1.5K", "1.5K", "1.4K", "-1.4K", "9.9K", "-9.9K", "999K"]),
        (.ceiling, ["-1.5K", "-1.5K", "1.6K", "1.6K", "1.5K", "-1.4K", "10K", "-9.9K", "1.0M"]),
        (.floor, ["-1.6K", "-1.6K", "1.5K", "1.5K", "1.4K", "-1.5K", "9.9K", "-10K", "999K"]),
        (.halfUp, ["-1.5K", "-1.6K", "1.5K", "1.6K", "1.5K", "-1.5K", "10K", "-10K", "999K"]),
        (.halfEven, ["-1.5K", "-1.6K", "1.5K", "1.6K", "1.4K", "-1.4K", "10K", "-10K", "999K"]),
        (.halfDown, ["-1.5K", "-1.5K", "1.5K", "1.5K", "1.4K", "-1.4K", "9.9K", "-9.9K", "999K"]),
    ])
    func roundingRules(rule: DecimalRoundingRule, expected: [String]) {
        let values = ["-1540", "-1550", "1549", "1550", "1450", "-1450", "9950", "-9950", "999499"]
        #expect(values.map { written(unit(.si).rounded(rule), $0) } == expected)
    }

    /// Beyond numfmt's long double: the example, exact.
    @Test func exactWhereNumfmtIsNot() {
        #expect(written(unit(.si).rounded(.halfUp), "1049999999999999999999") == "1.0Z")
        #expect(written(unit(.si).rounded(.up), "1000000000000000000000000000001") == "1.1Q")
        #expect(written(unit(.iec).rounded(.down), "1267650600228229401496703205375") == "1023R")
        #expect(written(unit(.iec).rounded(.down), "1267650600228229401496703205376") == "1.0Q")
    }

    /// Fraction and significant digits replace numfmt's default digits.
    @Test func precision() {
        #expect(written(unit(.si).fractionLength(min: 3, max: 3), "1500") == "1.500K")
        #expect(written(unit(.si).fractionLength(min: 3, max: 3), "5") == "5.000")
        #expect(written(unit(.si).fractionLength(max: 3), "1234567") == "1.235M")
        #expect(written(unit(.si).fractionLength(max: 3), "1500") == "1.5K")
        #expect(written(unit(.si).fractionLength(min: 2, max: 2), "999999") == "1.00M")
        #expect(written(unit(.si).significantDigits(3...3), "1234567") == "1.23M")
        #expect(written(unit(.si).significantDigits(3...3), "9999") == "10.0K")
        #expect(written(unit(.si).fractionLength(max: 2), "1.005") == "1")
        #expect(written(unit(.si).fractionLength(max: 2).rounded(.up), "1.001") == "1.01")
    }

    /// Suffix, unit separator, input and output units.
    @Test func suffixSeparatorAndUnits() {
        #expect(written(unit(.si).suffix("B"), "1500") == "1.5KB")
        #expect(written(unit(.si).suffix("B"), "999") == "999B")
        #expect(written(unit(.si).unitSeparator(" "), "1500") == "1.5 K")
        #expect(written(unit(.si).unitSeparator(" "), "999") == "999")
        #expect(written(unit(.iecI).unitSeparator(" ").suffix("B"), "999") == "999 B")
        #expect(written(unit(.iec).units(from: 1024).rounded(.up), "1") == "1.0K")
        #expect(written(unit(.iec).units(from: 1024), "1000") == "1000K")
        #expect(written(unit(.si).units(to: 1000).rounded(.up), "1500000") == "1.5K")
        #expect(written(unit(.si).units(to: 1024), "1024000") == "1.0K")
        #expect(written(unit(.si).units(to: 1000).fractionLength(max: 9), "1") == "0.001")
    }

    /// The locale's digits, decimal mark and signs.
    @Test func locales() {
        #expect(written(unit(.si, "de_DE"), "1500") == "1,5K")
        #expect(written(unit(.iecI, "fr_FR"), "1536") == "1,5Ki")
        #expect(written(unit(.si, "ar_EG"), "1500") == "١٫٥K")
        #expect(written(unit(.si, "ar_EG"), "-1500") == "\u{61C}-١٫٥K")
        #expect(written(unit(.si, "hi-IN-u-nu-deva"), "2500000") == "२.५M")
        #expect(written(unit(.si).sign(.always), "1500") == "+1.5K")
        #expect(written(unit(.si).sign(.never), "-1500") == "1.5K")
    }

    /// Engineering notation: exponents that are multiples of three.
    @Test(arguments: [
        ("1500", "1.5E3"), ("15000", "15E3"), ("150000", "150E3"), ("1500000", "1.5E6"),
        ("0.00015", "150E-6"), ("0.0015", "1.5E-3"), ("0.15", "150E-3"), ("999999.9999999", "1E6"),
        ("0", "0E0"), ("-1234", "-1.234E3"), ("6.022e23", "602.2E21"), ("1", "1E0"), ("12", "12E0"),
    ])
    func engineering(value: String, expected: String) {
        #expect(written(unit(.engineering), value) == expected)
    }

    @Test func engineeringInLocales() {
        #expect(written(unit(.engineering, "de_DE"), "15000.5") == "15,0005E3")
        #expect(written(unit(.engineering, "ar_EG"), "15000") == "١٥أس٣")
        // tok groups by two (`1 50`); no notation groups a mantissa.
        #expect(written(unit(.engineering, "tok_001"), "150000") == "150E3")
        #expect(written(unit(.engineering, "tok_001"), "-123456.5") == "-123,4565E3")
        #expect(written(unit(.engineering).significantDigits(2...2), "123456") == "120E3")
        #expect(written(unit(.engineering).significantDigits(2...2), "999999") == "1.0E6")
    }

    /// The hot path (``UnitFastPath``) gives the general path's bytes: random
    /// whole numbers and fractions of every size, signs, rules, precisions,
    /// styles and locales (native digits, bidi marks), and the bounds
    /// between prefixes.
    @Test func fastPathEqualsGeneralPath() throws {
        var rng = CoinRandom(seed: 0xFA57)
        var failures: [String] = []
        var fastCount = 0
        for id in ["en_US", "de_DE", "ar_EG", "fa_IR", "hi-IN-u-nu-deva", "fr_FR", "my_MM", "ja_JP"] {
            for kind in [CoinFormatStyle.Style.si, .iec, .iecI] {
                for rule in DecimalRoundingRule.allCases {
                    var style = unit(kind, id).rounded(rule).suffix(Bool.random(using: &rng) ? "B" : "")
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: style = style.fractionLength(min: 0, max: Int.random(in: 0...6, using: &rng))
                    case 1: style = style.fractionLength(min: 2, max: 3)
                    default: break
                    }
                    if Bool.random(using: &rng) { style = style.sign(.always) }
                    var formatter = style.formatter()
                    for _ in 0..<60 {
                        var text = Bool.random(using: &rng) ? "-" : ""
                        let digits = Int.random(in: 1...19, using: &rng)
                        for k in 0..<digits {
                            text += String(
                                k == 0 ? Int.random(in: 1...9, using: &rng) : Int.random(in: 0...9, using: &rng))
                        }
                        if Int.random(in: 0..<3, using: &rng) == 0 {
                            let point = Int.random(in: 0..<digits, using: &rng)
                            text.insert(".", at: text.index(text.endIndex, offsetBy: -point - 1))
                            if text.hasPrefix(".") || text.hasPrefix("-.") {
                                text = text.replacingOccurrences(of: ".", with: "0.")
                            }
                        }
                        for edge in ["999", "1000", "1023", "1024", "999499", "1048063", "1048064", "9950", "-9950"]
                        where Int.random(in: 0..<40, using: &rng) == 0 {
                            text = edge
                        }
                        let bytes = Array(text.utf8)
                        let fast: String = try bytes.withUnsafeBufferPointer { b in
                            try formatter.format(parsing: b) { out, _ in String(decoding: out, as: UTF8.self) }
                        }
                        if try bytes.withUnsafeBufferPointer({ b in
                            try formatter.unitView!.write(parsing: b) { _, _ in true }
                        }) != nil {
                            fastCount += 1
                        }
                        var general: [UInt8] = []
                        formatter.formatInGeneral(try ExactDecimal(text), into: &general)
                        if fast != String(decoding: general, as: UTF8.self) {
                            failures.append(
                                "\(id) \(kind) \(rule) \(text): fast \(fast), general \(String(decoding: general, as: UTF8.self))"
                            )
                        }
                    }
                }
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(12).joined(separator: "\n"))")
        #expect(fastCount > 8_000, "\(fastCount) values took the hot path")
    }

    /// The exact arithmetic under the unit styles.
    @Test func arithmetic() {
        #expect((try! ExactDecimal("123")).multiplied(by: 1024).description == "125952")
        #expect(
            (try! ExactDecimal("-1.5")).multiplied(by: 1_000_000_000_000_000_000).description == "-1500000000000000000")
        #expect((try! ExactDecimal("1")).divided(by: 1024)!.description == "0.0009765625")
        #expect((try! ExactDecimal("3")).divided(by: 3) == nil)
        #expect(
            (try! ExactDecimal("1")).divided(by: 1024, power: 10)!.multiplied(by: 1024, power: 10).description == "1")
        #expect((try! ExactDecimal("999")).compareMagnitude((try! ExactDecimal("-1000"))) < 0)
        #expect((try! ExactDecimal("0.5")).compareMagnitude((try! ExactDecimal("0.49"))) > 0)
        #expect((try! ExactDecimal("12")).compareMagnitude((try! ExactDecimal("12"))) == 0)
    }
}
