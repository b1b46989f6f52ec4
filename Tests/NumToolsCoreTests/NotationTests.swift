import Foundation
import Testing

@testable import NumToolsCore

/// The shared pieces of issue 13's "one notation": the rounding kernel both
/// numconv and coinfmt round with, Grouping's one walk, and the notation
/// derived once per locale and style.
@Suite struct NotationTests {
    /// numconv's in-place half-even rounding (digits with leading and
    /// trailing zeros) gives what ExactDecimal's rounding gives.
    @Test func digitStringRoundingMatchesExactDecimal() throws {
        let integers = ["", "0", "00", "9", "99", "19", "1000", "12", "0999"]
        let fractions = ["", "0", "5", "50", "49", "51", "05", "95", "995", "1250", "125", "135", "9999", "00500"]
        for integer in integers {
            for fraction in fractions {
                for digits in 0...4 {
                    var number = ParsedNumber(integer: Array(integer.utf8), fraction: Array(fraction.utf8))
                    number.roundHalfEven(fractionDigits: digits)
                    number.trimLeadingZeros()
                    let text =
                        integer.isEmpty && fraction.isEmpty ? "0" : "\(integer.isEmpty ? "0" : integer).\(fraction)0"
                    let exact = try ExactDecimal(text).rounded(fractionDigits: digits, rule: .halfEven)
                    var expected = exact.integerDigits
                    let expectedFraction = exact.fractionDigits(minimumLength: digits)
                    if !expectedFraction.isEmpty { expected += [UInt8(ascii: ".")] + expectedFraction }
                    var got = number.integer
                    if !number.fraction.isEmpty { got += [UInt8(ascii: ".")] + number.fraction }
                    #expect(
                        String(decoding: got, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                        "\(integer).\(fraction) to \(digits) digits")
                }
            }
        }
    }

    /// forEachGroup visits exactly the groups that separatorBefore delimits.
    @Test(arguments: [(3, 3, 1), (3, 2, 1), (3, 3, 2), (4, 4, 1), (3, 0, 1), (0, 0, 1), (2, 5, 3)])
    func forEachGroupMatchesSeparatorBefore(primary: Int, secondary: Int, minimum: Int) {
        let grouping = Grouping(primary: primary, secondary: secondary, minimumDigits: minimum)
        for count in 0...30 {
            let expected = (1..<max(1, count)).filter { grouping.separatorBefore(position: $0, of: count) }
            var walked: [Int] = []
            var covered = 0
            grouping.forEachGroup(digits: count) { from, to in
                #expect(from == covered)
                covered = to
            } separator: {
                walked.append(covered)
            }
            #expect(covered == count)
            #expect(walked == expected, "\(primary),\(secondary) min \(minimum): \(count) digits")
            #expect(grouping.separatorCount(digits: count) == expected.count)
        }
    }

    /// A locale's format is derived once and shared; coinfmt's number
    /// notation is the same one numconv writes with.
    @Test func notationIsDerivedOnce() {
        let locale = LocaleID(identifier: "de_CH")
        let a = LocaleNumberFormat(locale: locale)
        let b = LocaleNumberFormat(locale: locale)
        #expect(a.storage === b.storage)
        #expect(LocaleNumberFormat(locale: locale, style: .percent).storage !== a.storage)
        let coin = CoinFormatter(CoinFormatStyle(style: .number, locale: locale))
        #expect(coin.notation.digits == a.digits)
        #expect(coin.notation.decimalSeparator == a.decimalSeparator)
        #expect(coin.notation.groupingSeparator == a.groupingSeparator)
        #expect(coin.notation.grouping == a.grouping)
    }
}
