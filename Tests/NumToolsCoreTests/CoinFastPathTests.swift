import Foundation
import Testing

@testable import NumToolsCore

/// `text` formatted by the fast path from its bytes (as coinfmt does), by
/// ``CoinFormatter/format(_:into:)`` and by the general path alone; all three
/// must agree. Returns the first.
private func formatEveryWay(_ formatter: inout CoinFormatter, _ text: String) throws -> String {
    var bytes = Array(text.utf8)
    let parsed = try bytes.withUnsafeMutableBufferPointer { buffer throws(ExactDecimal.ParseError) in
        try formatter.format(parsing: UnsafeBufferPointer(buffer)) { bytes, _ in String(decoding: bytes, as: UTF8.self)
        }
    }
    let value = try ExactDecimal(text)
    var general: [UInt8] = []
    formatter.formatInGeneral(value, into: &general)
    #expect(parsed == String(decoding: general, as: UTF8.self), "\(formatter.style) \(text)")
    #expect(formatter.string(value) == parsed, "\(formatter.style) \(text)")
    return parsed
}

/// The fast path (``FixedFormat``) against the expected text, FormatStyle
/// and the general path: carries, ties, signs of zero, exponents, zeros,
/// percent ratios, significant digits, multibyte digits and grouping.
@Suite struct CoinFastPathTests {
    @Test(arguments: [
        (style(.number), true), (style(.percent), true), (style(), true), (style().display(.code), true),
        (style().display(.narrow).symbol("₿"), true), (style(.currency, "ar_EG"), true),
        (style().display(.name), false), (style(.compact), false), (style(.compact, "en_US", "USD"), false),
        (style().sign(.accounting), true), (style(.currency, "nl_NL").display(.code).sign(.accounting), true),
        (style(.scientific), false),
    ])
    func takesTheFastPathWhereTheTemplateIsFixed(style: CoinFormatStyle, fast: Bool) {
        #expect((style.formatter().fixedFormat != nil) == fast)
    }

    @Test(arguments: [
        // Carries, up to a new leading digit.
        (style().fractionLength(min: 2, max: 6), "9.9999995", "$10.00"),
        (style().fractionLength(min: 2, max: 6), "-9.9999995", "-$10.00"),
        (style(), "999999.995", "$1,000,000.00"),
        (style(.number).significantDigits(2...2), "0.0996", "0.10"),
        (style(.number).fractionLength(max: 0), "0.5", "0"),
        (style(.number).fractionLength(max: 0), "0.51", "1"),
        // Exponents.
        (style(), "1e-30", "$0.00"),
        (style(), "2E+3", "$2,000.00"),
        (style().fractionLength(max: 8), "1.5e-7", "$0.00000015"),
        (style().significantDigits(2...4), "1.5e-7", "$0.00000015"),
        (style(.number).fractionLength(max: 0), "1.25E2", "125"),
        // Leading and trailing zeros, zero with a sign.
        (style(), "000.000", "$0.00"),
        (style(), "-000.000", "$0.00"),
        (style(), "0.40", "$0.40"),
        (style(), "00123.4500", "$123.45"),
        (style(.number).fractionLength(min: 0, max: 3), "10.100", "10.1"),
        (style(.number).fractionLength(min: 0, max: 3), "+.5", "0.5"),
        (style(.number).fractionLength(min: 0, max: 3), "5.", "5"),
        // Percent points and ratios.
        (style(.percent), "2.3456", "2.35%"),
        (style(.percent).ratio(true), "0.023456", "2.35%"),
        (style(.percent).ratio(true), "1", "100.00%"),
        (style(.percent).ratio(true), "-0.00001", "-0.00%"),
        (style(.percent).ratio(true).significantDigits(1...3), "0.0001234", "0.0123%"),
        // Significant digits.
        (style(.number).significantDigits(3...5), "1234567", "1,234,600"),
        (style(.number).significantDigits(3...5), "0.000123456", "0.00012346"),
        (style(.number).significantDigits(3...5), "1", "1.00"),
        (style(.number).significantDigits(3...5), "0", "0.00"),
        (style(.number).significantDigits(3...5), "99999.5", "100,000"),
        // Multibyte digits and separators, Indian grouping, minimum grouping digits.
        (style(.number, "ar_EG"), "1234.5", "١٬٢٣٤٫٥٠"),
        (style(.percent, "ar_EG"), "-2.3456", "؜-٢٫٣٥٪؜"),
        (style(.currency, "ar_SA"), "1234567.891", "\u{200F}١٬٢٣٤٬٥٦٧٫٨٩\u{A0}ر.س.\u{200F}"),
        (style(.number, "en_IN"), "123456789.5", "12,34,56,789.50"),
        (style(.currency, "en_IN"), "1234", "₹1,234.00"),
        (style(.number, "es_ES"), "1234", "1234,00"),
        (style(.number, "es_ES"), "12345", "12.345,00"),
        (style(.number, "pl_PL"), "1234.5", "1234,50"),
        (style(.number, "pl_PL"), "-12345.5", "-12\u{A0}345,50"),
    ])
    func edgeCases(style: CoinFormatStyle, input: String, expected: String) throws {
        var formatter = style.formatter()
        #expect(formatter.fixedFormat != nil)
        #expect(try formatEveryWay(&formatter, input) == expected)
        #expect(coinOracle(style, input) == expected)
    }

    /// Ties and near-ties under every rule, half-down (which FormatStyle lacks) included.
    @Test(arguments: DecimalRoundingRule.allCases)
    func roundingRulesAtTies(rule: DecimalRoundingRule) throws {
        let inputs = ["0.5", "1.5", "2.5", "-2.5", "-0.5", "2.50001", "-2.49999", "9.5", "-9.5"]
        let expected: [DecimalRoundingRule: [String]] = [
            .halfEven: ["0", "2", "2", "-2", "-0", "3", "-2", "10", "-10"],
            .halfUp: ["1", "2", "3", "-3", "-1", "3", "-2", "10", "-10"],
            .halfDown: ["0", "1", "2", "-2", "-0", "3", "-2", "9", "-9"],
            .up: ["1", "2", "3", "-3", "-1", "3", "-3", "10", "-10"],
            .down: ["0", "1", "2", "-2", "-0", "2", "-2", "9", "-9"],
            .ceiling: ["1", "2", "3", "-2", "-0", "3", "-2", "10", "-9"],
            .floor: ["0", "1", "2", "-3", "-1", "2", "-3", "9", "-10"],
        ]
        let rounded = style(.number).fractionLength(max: 0).rounded(rule)
        var formatter = rounded.formatter()
        for (input, result) in zip(inputs, expected[rule]!) {
            #expect(try formatEveryWay(&formatter, input) == result, "\(rule) \(input)")
            if rule.foundationRule != nil { #expect(coinOracle(rounded, input) == result, "oracle \(rule) \(input)") }
        }
    }

    /// A negative value rounded to zero under each sign strategy, and the colour it gets (none).
    @Test(arguments: [
        (CoinFormatStyle.SignDisplay.automatic, ["-0.00", "0.00", "-0.01", "0.00"]),
        (.always, ["-0.00", "+0.00", "-0.01", "+0.00"]),
        (.never, ["0.00", "0.00", "0.01", "0.00"]),
        (.exceptZero, ["0.00", "0.00", "-0.01", "0.00"]),
    ])
    func negativeRoundedToZero(sign: CoinFormatStyle.SignDisplay, expected: [String]) throws {
        let inputs = ["-0.001", "0.001", "-0.005001", "-0"]
        let signed = style(.number).sign(sign)
        var formatter = signed.formatter()
        var transform = CoinTransform(formatter: formatter, colored: true)
        for (input, result) in zip(inputs, expected) {
            #expect(try formatEveryWay(&formatter, input) == result, "\(sign) \(input)")
            #expect(coinOracle(signed, input) == result, "oracle \(sign) \(input)")
            let colour = input == "-0.005001" ? "\u{1B}[31m" : ""
            let reset = colour.isEmpty ? "" : "\u{1B}[0m"
            #expect(try transformed(&transform, input) == colour + result + reset, "\(sign) \(input)")
        }
    }

    /// Parse errors name the same problem as ExactDecimal's, from either path.
    @Test(arguments: [
        ("", "number ends at offset 0; expected a sign or a digit"),
        ("-", "number ends at offset 1; expected a digit"),
        (".", "number ends at offset 1; expected a digit"),
        ("1.2x", "unexpected 'x' at offset 3; expected a digit, 'e' or the end of the number"),
        ("12€x", "unexpected '€' at offset 2; expected a digit, '.', 'e' or the end of the number"),
        ("1e+", "number ends at offset 3; expected a digit of the exponent"),
        ("1e5x", "unexpected 'x' at offset 3; expected a digit or the end of the number"),
        ("١2", "unexpected '١' at offset 0; expected a sign or a digit"),
        ("1e1000001", "number at offset 0 is out of range (magnitude beyond ±1000000)"),
        ("0.001e1000004", "number at offset 0 is out of range (magnitude beyond ±1000000)"),
        (
            String(repeating: "1", count: 5000) + "x",
            "unexpected 'x' at offset 5000; expected a digit, '.', 'e' or the end of the number"
        ),
    ])
    func parseErrors(input: String, message: String) {
        // The fast path and the general one (compact).
        for kind in [CoinFormatStyle.Style.currency, .compact] {
            var transform = CoinTransform(style: style(kind), colored: true)
            #expect(throws: ValueError(.currency(.invalidNumber), message)) { try transformed(&transform, input) }
        }
        do {
            _ = try ExactDecimal(input)
            Issue.record("\(input) parsed")
        } catch {
            #expect(error.message == message)
        }
    }

    /// Values too long for the stack buffers take the general path, with the same result.
    @Test(arguments: [
        "1e20000", "-1e-5000", String(repeating: "9", count: 5000) + ".5",
        "0." + String(repeating: "0", count: 4100) + "1",
        "1e5000",
    ])
    func longValues(input: String) throws {
        var formatter = style().fractionLength(max: 3).formatter()
        _ = try formatEveryWay(&formatter, input)
        var significant = style(.number, "hi_IN").significantDigits(1...4200).formatter()
        _ = try formatEveryWay(&significant, input)
    }

    /// Exponents no machine number reaches (only the memberwise initializer
    /// builds them) leave the fast path instead of overflowing its sizes.
    @Test func hugeExponentsLeaveTheFastPath() throws {
        let fixed = try #require(style().formatter().fixedFormat)
        for exponent in [Int.max / 4, 1 << 40] {
            let value = ExactDecimal(negative: true, digits: Array("123".utf8), exponent: exponent)
            #expect(fixed.write(value) { _, _ in true } == nil, "\(exponent)")
        }
    }

    /// Random values under random settings (half-down too) in every third
    /// locale: the fast path writes the same bytes as the general path, and
    /// the colours follow the outcome.
    @Test(arguments: [CoinFormatStyle.Style.number, .percent, .currency])
    func sameBytesAsTheGeneralPath(kind: CoinFormatStyle.Style) throws {
        var rng = CoinRandom(seed: CoinDifferentialTests.seed &* 1000 &+ 0xFA57 &+ UInt64(kind.rawValue.count))
        var failures: [String] = []
        for (index, id) in Locale.availableIdentifiers.sorted().enumerated() where index % 3 == 0 {
            var settings = CoinDifferentialTests.randomSettings(style(kind, id), &rng)
            settings.rounding = DecimalRoundingRule.allCases.randomElement(using: &rng)!
            if kind == .currency {
                settings = settings.display([.symbol, .narrow, .code].randomElement(using: &rng)!)
                if Int.random(in: 0..<4, using: &rng) == 0 { settings = settings.symbol("₿") }
            }
            var formatter = settings.formatter()
            #expect(formatter.fixedFormat != nil, "\(id) \(settings)")
            var transform = CoinTransform(formatter: formatter, colored: true)
            for _ in 0..<40 {
                let text = rng.machineNumber()
                var general: [UInt8] = []
                let outcome = formatter.formatInGeneral(try ExactDecimal(text), into: &general)
                let expected = String(decoding: general, as: UTF8.self)
                let colour = outcome == .zero ? "" : outcome == .negative ? "\u{1B}[31m" : "\u{1B}[32m"
                let coloured = colour + expected + (colour.isEmpty ? "" : "\u{1B}[0m")
                let actual = try transformed(&transform, text)
                if actual != coloured {
                    failures.append(
                        "\(id) \(settings) \(text): got \(actual.debugDescription), expected \(coloured.debugDescription)"
                    )
                }
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(10).joined(separator: "\n"))")
    }
}

/// `text` through `transform`, as the stream engine calls it.
func transformed(_ transform: inout CoinTransform, _ text: String) throws(ValueError) -> String {
    var out: [UInt8] = []
    var bytes = Array(text.utf8)
    try bytes.withUnsafeMutableBufferPointer { b throws(ValueError) in
        try transform.transform(UnsafeBufferPointer(b), into: &out)
    }
    return String(decoding: out, as: UTF8.self)
}

/// The bound coinfmt refuses an over-long value by before expanding its
/// digits: never more than the bytes actually written, in every style,
/// and enough to refuse `1e999999` outright.
@Suite struct CoinOutputBoundTests {
    @Test(arguments: [
        style(.number), style(.percent), style(.percent).ratio(true), style(), style().display(.name),
        style(.compact), style(.compact, "en_US", "USD"), style(.compact).display(.name),
        style(.number).significantDigits(1...3), style(.percent).ratio(true).significantDigits(2...5),
        style(.currency, "ar_EG"), style(.compact, "ja_JP"), style(.number, "hi_IN"), style().sign(.accounting),
        style(.scientific), style(.scientific, "ar_EG").significantDigits(1...3),
    ])
    func minimumDigitCountNeverExceedsTheOutput(style: CoinFormatStyle) throws {
        var formatter = style.formatter()
        var failures: [String] = []
        for magnitude in -60...60 {
            for mantissa in ["1", "9.99", "5.5", "123456789", "-4.04"] {
                let value = try ExactDecimal("\(mantissa)e\(magnitude)")
                var out: [UInt8] = []
                formatter.formatInGeneral(value, into: &out)
                let bound = formatter.minimumDigitCount(value)
                if bound > out.count { failures.append("\(mantissa)e\(magnitude): bound \(bound), wrote \(out.count)") }
            }
        }
        #expect(failures.isEmpty, "\(style): \(failures.prefix(5))")
    }

    @Test func refusesAHugeValueWithinItsLimit() throws {
        var formatter = style(.number).formatter()
        #expect(formatter.minimumDigitCount(try ExactDecimal("1e999999")) == 1_000_000)
        #expect(formatter.minimumDigitCount(try ExactDecimal("-2.5e40")) == 41)
        let significant = style(.number).significantDigits(1...3).formatter()
        #expect(significant.minimumDigitCount(try ExactDecimal("1e-999999")) == 999_999)
        for (text, limit, written) in [("1e999999", 65536, false), ("1e60000", 65536, false), ("1e40000", 65536, true)]
        {
            var bytes = Array(text.utf8)
            let result = try bytes.withUnsafeMutableBufferPointer { b throws(ExactDecimal.ParseError) in
                try formatter.format(parsing: UnsafeBufferPointer(b), limit: limit) { out, _ in out.count }
            }
            #expect((result != nil) == written, "\(text)")
        }
    }
}
