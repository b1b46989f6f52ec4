import Foundation
import Testing

@testable import NumToolsCore

/// `ExactDecimal.scan` copies digit runs eight bytes at a time and the
/// fixed-template writer copies them back the same way: both against a
/// reference worked out on strings, over random numbers whose runs of
/// digits and zeros cross every eight-byte boundary.
@Suite struct ExactDecimalScanTests {
    /// The normalized coefficient and exponent of a machine number, by string work alone.
    static func reference(sign: String, integer: String, fraction: String, exponent: Int) -> ExactDecimal {
        var digits = Substring(integer + fraction)
        while digits.first == "0" { digits.removeFirst() }
        var trailing = 0
        while digits.last == "0" {
            digits.removeLast()
            trailing += 1
        }
        if digits.isEmpty { return ExactDecimal(negative: false, digits: [UInt8](), exponent: 0) }
        return ExactDecimal(
            negative: sign == "-", digits: Array(digits.utf8), exponent: exponent - fraction.count + trailing)
    }

    static func randomDigits(_ rng: inout CoinRandom) -> String {
        let zerosBefore = String(
            repeating: "0", count: Int.random(in: 0..<3, using: &rng) == 0 ? Int.random(in: 0...18, using: &rng) : 0)
        let body = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
            String(Int.random(in: 0...9, using: &rng))
        }.joined()
        let zerosAfter = String(
            repeating: "0", count: Int.random(in: 0..<3, using: &rng) == 0 ? Int.random(in: 0...18, using: &rng) : 0)
        return zerosBefore + body + zerosAfter
    }

    @Test func scanAgreesWithTheReference() throws {
        var rng = CoinRandom(seed: CoinDifferentialTests.seed &+ 0x5CA4)
        var formatter = CoinFormatStyle(style: .number, locale: LocaleID(identifier: "en_US")).fractionLength(
            min: 0, max: 40
        ).formatter()
        #expect(formatter.fixedFormat != nil)
        for _ in 0..<20000 {
            let sign = ["", "-", "+"].randomElement(using: &rng)!
            let integer = Self.randomDigits(&rng)
            let hasDot = Bool.random(using: &rng)
            let fraction = hasDot ? Self.randomDigits(&rng) : ""
            if integer.isEmpty && fraction.isEmpty { continue }
            let exponent = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: -12...12, using: &rng) : 0
            let text = sign + integer + (hasDot ? "." + fraction : "") + (exponent != 0 ? "e\(exponent)" : "")
            let parsed = try ExactDecimal(text)
            let expected = Self.reference(sign: sign, integer: integer, fraction: fraction, exponent: exponent)
            #expect(parsed == expected, "\(text)")
            // The fixed-template writer (eight-byte copies) against the general path.
            var fast = Array(text.utf8)
            let written = try fast.withUnsafeMutableBufferPointer { buffer throws(ExactDecimal.ParseError) in
                try formatter.format(parsing: UnsafeBufferPointer(buffer)) { bytes, _ in Array(bytes) }
            }
            var general: [UInt8] = []
            formatter.formatInGeneral(expected, into: &general)
            #expect(written == general, "\(text)")
        }
    }
}
