import Testing

@testable import NumToolsCore

@Suite struct ExactDecimalTests {
    @Test(arguments: [
        ("0", "0"), ("-0", "0"), ("-0.000", "0"), ("+1.50", "1.5"), ("007", "7"), ("0001234.5000", "1234.5"),
        (".5", "0.5"), ("5.", "5"), ("-.25", "-0.25"),
        ("1.5e-7", "0.00000015"), ("2E+3", "2000"), ("2e3", "2000"), ("-1.25E-2", "-0.0125"), ("12.5e1", "125"),
        ("1e-30", "0.000000000000000000000000000001"), ("0e999999999", "0"),
        ("1234567890123456789012345", "1234567890123456789012345"),
        ("-98765432109876543210.98765", "-98765432109876543210.98765"),
        ("0.1", "0.1"),
    ])
    func parses(input: String, expected: String) throws {
        #expect(try ExactDecimal(input).description == expected)
    }

    @Test(arguments: [
        ("", "number ends at offset 0; expected a sign or a digit"),
        ("abc", "unexpected 'a' at offset 0; expected a sign or a digit"),
        ("12x", "unexpected 'x' at offset 2; expected a digit, '.', 'e' or the end of the number"),
        ("1.2.3", "unexpected '.' at offset 3; expected a digit, 'e' or the end of the number"),
        ("1,234", "unexpected ',' at offset 1; expected a digit, '.', 'e' or the end of the number"),
        (" 1", "unexpected U+0020 SPACE at offset 0; expected a sign or a digit"),
        ("-", "number ends at offset 1; expected a digit"),
        ("+-1", "unexpected '-' at offset 1; expected a digit"),
        (".", "number ends at offset 1; expected a digit"),
        ("1e", "number ends at offset 2; expected a digit of the exponent"),
        ("1e+", "number ends at offset 3; expected a digit of the exponent"),
        ("1e5x", "unexpected 'x' at offset 3; expected a digit or the end of the number"),
        ("1e1.5", "unexpected '.' at offset 3; expected a digit or the end of the number"),
        ("NaN", "unexpected 'N' at offset 0; expected a sign or a digit"),
        ("$5", "unexpected '$' at offset 0; expected a sign or a digit"),
        ("1\t", "unexpected '\t' at offset 1; expected a digit, '.', 'e' or the end of the number"),
        ("١2x", "unexpected '١' at offset 0; expected a sign or a digit"),
        ("12€x", "unexpected '€' at offset 2; expected a digit, '.', 'e' or the end of the number"),
        ("1.5e€", "unexpected '€' at offset 4; expected a digit of the exponent"),

        ("1e1000001", "number at offset 0 is out of range (magnitude beyond ±1000000)"),
    ])
    func rejects(input: String, message: String) {
        #expect(throws: ExactDecimal.ParseError.self) { try ExactDecimal(input) }
        do {
            _ = try ExactDecimal(input)
        } catch {
            #expect(error.message == message)
            #expect(error.code.rawValue == "invalid-number")
        }
    }

    static let modes: [DecimalRoundingRule] = [.halfEven, .halfUp, .halfDown, .up, .down, .ceiling, .floor]

    /// Value, fraction digits, then the result in the order of `modes`.
    @Test(arguments: [
        ("2.5", 0, ["2", "3", "2", "3", "2", "3", "2"]),
        ("-2.5", 0, ["-2", "-3", "-2", "-3", "-2", "-2", "-3"]),
        ("3.5", 0, ["4", "4", "3", "4", "3", "4", "3"]),
        ("-3.5", 0, ["-4", "-4", "-3", "-4", "-3", "-3", "-4"]),
        ("2.51", 0, ["3", "3", "3", "3", "2", "3", "2"]),
        ("-2.51", 0, ["-3", "-3", "-3", "-3", "-2", "-2", "-3"]),
        ("2.49", 0, ["2", "2", "2", "3", "2", "3", "2"]),
        ("-2.49", 0, ["-2", "-2", "-2", "-3", "-2", "-2", "-3"]),
        ("0.125", 2, ["0.12", "0.13", "0.12", "0.13", "0.12", "0.13", "0.12"]),
        ("-0.125", 2, ["-0.12", "-0.13", "-0.12", "-0.13", "-0.12", "-0.12", "-0.13"]),
        ("0.135", 2, ["0.14", "0.14", "0.13", "0.14", "0.13", "0.14", "0.13"]),
        ("9.995", 2, ["10", "10", "9.99", "10", "9.99", "10", "9.99"]),
        ("-9.995", 2, ["-10", "-10", "-9.99", "-10", "-9.99", "-9.99", "-10"]),
        ("0.001", 2, ["0", "0", "0", "0.01", "0", "0.01", "0"]),
        ("123.456", 5, ["123.456", "123.456", "123.456", "123.456", "123.456", "123.456", "123.456"]),
        (
            "1234567890123456789012345.5", 0,
            [
                "1234567890123456789012346", "1234567890123456789012346", "1234567890123456789012345",
                "1234567890123456789012346", "1234567890123456789012345", "1234567890123456789012346",
                "1234567890123456789012345",
            ]
        ),
        ("1e-30", 29, ["0", "0", "0", "0.00000000000000000000000000001", "0", "0.00000000000000000000000000001", "0"]),
    ])
    func roundsToFractionDigits(input: String, digits: Int, expected: [String]) throws {
        let value = try ExactDecimal(input)
        for (mode, result) in zip(Self.modes, expected) {
            #expect(value.rounded(fractionDigits: digits, rule: mode).description == result, "\(input) \(mode)")
        }
    }

    @Test(arguments: [
        ("123456", 2, "120000"), ("0.00123456", 3, "0.00123"), ("9.96", 2, "10"), ("-0.0455", 2, "-0.046"),
        ("1e-30", 3, "0.000000000000000000000000000001"), ("99999", 1, "100000"),
    ])
    func roundsToSignificantDigits(input: String, digits: Int, expected: String) throws {
        #expect(try ExactDecimal(input).rounded(significantDigits: digits, rule: .halfEven).description == expected)
    }

    @Test func negativeValuesRoundedToZeroKeepTheirSign() throws {
        let r = try ExactDecimal("-0.001").rounded(fractionDigits: 2, rule: .halfEven)
        #expect(r.isZero && r.isNegative)
    }

    @Test func scalesByPowersOfTen() throws {
        #expect(try ExactDecimal("0.023456").scaled(byPowerOfTen: 2).description == "2.3456")
        #expect(try ExactDecimal("2.3456").scaled(byPowerOfTen: -2).description == "0.023456")
        #expect(try ExactDecimal("0").scaled(byPowerOfTen: 5).description == "0")
    }

    @Test func fractionDigitsArePadded() throws {
        let value = try ExactDecimal("1.5")
        #expect(String(decoding: value.fractionDigits(minimumLength: 3), as: UTF8.self) == "500")
        #expect(String(decoding: value.integerDigits, as: UTF8.self) == "1")
        #expect(String(decoding: try ExactDecimal("2e3").integerDigits, as: UTF8.self) == "2000")
    }
}
