import Foundation
import Testing

@testable import NumToolsCore

/// `--style words` (issue 29) against ICU's own spell-out, the formatter
/// under Foundation's `NumberFormatter` with `.spellOut`, on every locale
/// with rules: every integer to 1,000 and samples of every length to 18
/// digits (exact within `Int64`), and fractions through NumberFormatter.
@Suite struct SpelloutDifferentialTests {
    /// One locale for each distinct rule text (many locales share their language's).
    static let locales: [String] = {
        var seen = Set<String>()
        var chosen: [String] = []
        for id in Locale.availableIdentifiers.sorted() {
            guard let text = SpelloutRules.ruleText(locale: id), SpelloutFormatter.words(locale: id) != nil else {
                continue
            }
            if seen.insert(text).inserted { chosen.append(id) }
        }
        return chosen
    }()

    /// Integers: every one below 1,000, then samples of each length up to 18 digits.
    static let integers: [UInt64] = {
        var values = Array(UInt64(0)...1000)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for digits in 4...18 {
            let low = digits == 1 ? 0 : pow10(digits - 1)
            let high = pow10(digits)
            for k in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var v = low + (state >> 11) % (high - low)
                // Round numbers and ones with zero groups, where the rules branch.
                if k % 4 == 1 { v = v / pow10(digits - 2) * pow10(digits - 2) }
                if k % 4 == 2 { v = low * UInt64(1 + k % 9) + UInt64(k) }
                values.append(v)
            }
            values.append(low)
            values.append(high - 1)
        }
        return values
    }()

    /// Whether ICU wrote digits (of any script): past the largest name.
    static func hasDigits(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.numericType == .decimal }
    }

    static func pow10(_ n: Int) -> UInt64 { (0..<n).reduce(1) { a, _ in a * 10 } }

    static func oracle(_ value: String, _ locale: String) -> String {
        let f = NumberFormatter()
        f.locale = Locale(identifier: locale)
        f.numberStyle = .spellOut
        return f.string(from: NSDecimalNumber(string: value)) ?? "?"
    }

    static func ours(_ value: String, _ locale: String) -> String {
        guard let words = SpelloutFormatter.words(locale: locale) else { return "no rules" }
        var out: [UInt8] = []
        do throws(SpelloutFormatter.Failure) {
            try words.format(try! ExactDecimal(value), into: &out)
        } catch {
            return "error \(error)"
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func everyLocaleWithRulesIsSampled() {
        #expect(Self.locales.count >= 80, "\(Self.locales.count)")
    }

    @Test(arguments: locales)
    func integersAgreeWithICU(_ locale: String) {
        var failures: [String] = []
        // ICU's formatter NumberFormatter's .spellOut wraps, given Int64 (NumberFormatter
        // itself goes through Double, exact below 2^53 only; checked there too, sparsely).
        let icu = ICURuleFormatter(locale: locale)!
        for n in Self.integers {
            let expected = icu.format(Int64(n)) ?? "?"
            if n % 97 == 0 && n < 1 << 53 && Self.oracle(String(n), locale) != expected {
                failures.append("\(n): NumberFormatter and ICU disagree")
            }
            // ICU writes digits past the largest name: there, an error is the answer.
            if Self.hasDigits(expected) {
                if !Self.ours(String(n), locale).hasPrefix("error pastNames") { failures.append("\(n): not refused") }
                continue
            }
            let got = Self.ours(String(n), locale)
            if got != expected { failures.append("\(n): \(got) ≠ \(expected)") }
            let negative = Self.ours("-\(n)", locale)
            let expectedNegative = icu.format(-Int64(n)) ?? "?"
            if n > 0 && negative != expectedNegative { failures.append("-\(n): \(negative) ≠ \(expectedNegative)") }
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(locale): \(failures.prefix(10))")
    }

    static let fractions = ["0.5", "12.25", "1.05", "100.125", "0.01", "3.14159", "1000000.5", "7.2"]

    @Test(arguments: locales)
    func fractionsAgreeWithICU(_ locale: String) {
        var failures: [String] = []
        for value in Self.fractions {
            let expected = Self.oracle(value, locale)
            if Self.hasDigits(expected) { continue }
            let got = Self.ours(value, locale)
            if got != expected { failures.append("\(value): \(got) ≠ \(expected)") }
            // A negative fraction: ICU's where it says the same number with
            // its sign; where ICU floors the integer part of a rule set
            // without a negative rule (ko `마이너스 십삼점이오` for -12.25), the
            // sign and the same words.
            let negative = Self.ours("-" + value, locale)
            let expectedNegative = Self.oracle("-" + value, locale)
            if expectedNegative.hasSuffix(expected) || expectedNegative.hasPrefix(expected) {
                if negative != expectedNegative { failures.append("-\(value): \(negative) ≠ \(expectedNegative)") }
            } else if !negative.hasSuffix(got) || negative == got {
                failures.append("-\(value): \(negative) is not \(got) with a sign")
            }
        }
        #expect(failures.isEmpty, "\(locale): \(failures)")
    }
}

/// `--style numerals`: every algorithmic numbering system against ICU's own
/// formatter of `en@numbers=NAME`, on every integer to 5,000 and samples beyond.
@Suite struct NumeralSystemTests {
    static func ours(_ value: String, _ system: String) -> String {
        guard let f = NumeralSystems.formatter(system) else { return "no system" }
        var out: [UInt8] = []
        do throws(SpelloutFormatter.Failure) {
            try f.format(try! ExactDecimal(value), into: &out)
        } catch {
            return "error \(error)"
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func theSystemsTheIssueNamesAreThere() {
        for name in ["hans", "hant", "jpan", "roman", "romanlow", "hebr", "armn", "grek", "geor", "ethi", "taml"] {
            #expect(NumeralSystems.names.contains(name), "\(name)")
        }
        #expect(NumeralSystems.traditional(for: LocaleID(identifier: "zh_CN")) == "hans")
        #expect(NumeralSystems.traditional(for: LocaleID(identifier: "he_IL")) == "hebr")
        #expect(NumeralSystems.traditional(for: LocaleID(identifier: "en_US")) == nil)
    }

    @Test(arguments: NumeralSystems.names)
    func agreesWithICU(_ system: String) {
        var values = Array(Int64(0)...5000)
        var state: UInt64 = 12345
        for digits in 5...18 {
            for _ in 0..<20 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let high = (0..<digits).reduce(Int64(1)) { a, _ in a * 10 }
                values.append(Int64((state >> 2) % UInt64(high)))
            }
        }
        var failures: [String] = []
        let icu = ICURuleFormatter(locale: "en@numbers=\(system)", spellout: false)!
        for v in values + values.prefix(200).map({ -$0 }) {
            guard let expected = icu.format(v) else { continue }
            let got = Self.ours(String(v), system)
            // ICU's digits past the system's names (or as the system's own signs: taml's ௧).
            if got != expected && expected.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) {
                if got != "error pastNames" { failures.append("\(v): \(got), ICU writes digits \(expected)") }
            } else if got != expected {
                failures.append("\(v): \(got) ≠ \(expected)")
            }
            if failures.count > 10 { break }
        }
        #expect(failures.isEmpty, "\(system): \(failures)")
    }

    @Test func aFractionIsRefusedWhereTheSystemWritesNone() {
        #expect(Self.ours("1.5", "roman") == "error fraction")
        #expect(Self.ours("11.5", "roman") == "error fraction")
        #expect(Self.ours("1994", "roman") == "MCMXCIV")
        #expect(Self.ours("12345678", "hans") == "一千二百三十四万五千六百七十八")
    }
}

/// coinfmt's words straight off a plain machine number's bytes equal the general path's.
@Suite struct WordsFastPathTests {
    static let values = [
        "0", "-0", "007", "1.50", "-12.25", "1234567", "999999999999999999", "1000000000000000000",
        "18446744073709551616", "0.000", "3.", ".5", "1e3", "-0.0", "12345678901234567890",
        // Words longer than the 1 KiB the fast path writes them into on the stack.
        "-987654321." + String(repeating: "1234567890", count: 30), "1." + String(repeating: "7", count: 150),
    ]

    @Test(arguments: ["en_US", "ko_KR", "fr_FR", "ru_RU", "ja_JP"])
    func plainNumbersAsTheGeneralPath(_ locale: String) throws {
        var formatter = CoinFormatStyle(style: .words, locale: LocaleID(identifier: locale)).formatter()
        for value in Self.values {
            let bytes = Array(value.utf8)
            let fast: String
            do throws(ExactDecimal.ParseError) {
                fast = try bytes.withUnsafeBufferPointer { (p) throws(ExactDecimal.ParseError) in
                    try formatter.format(parsing: p) { out, _ in String(decoding: out, as: UTF8.self) }
                }
            } catch {
                fast = "error \(error.code): \(error.message)"
            }
            // The general path: the exact decimal, its words or the no-words error.
            let number = try? ExactDecimal(value)
            var general = "error invalid-number"
            if let number, let words = SpelloutFormatter.words(locale: locale) {
                var out: [UInt8] = []
                do throws(SpelloutFormatter.Failure) {
                    try words.format(number, into: &out)
                    general = String(decoding: out, as: UTF8.self)
                } catch {
                    general = "error no-words"
                }
            }
            #expect(
                fast == general || (fast.hasPrefix(general + ":") && general.hasPrefix("error")),
                "\(locale) \(value): \(fast) ≠ \(general)")
        }
    }
}
