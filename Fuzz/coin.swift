// libFuzzer target: coinfmt's machine-number and exponent parser, exact
// rounding and formatting. Invariants: a value parses or fails with an
// offset inside it; a parsed value prints and parses back to itself;
// rounding never leaves more fraction digits than asked; every style
// formats whatever parses, the same on the fast and the general path.
import Foundation

nonisolated(unsafe) var coinFormatters: [CoinFormatter] = fuzzCoinStyles.map { $0.formatter() }

func fuzzCoin(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard UTF8Bytes.isValid(value) else { return 0 }
    let number: ExactDecimal
    do {
        number = try ExactDecimal(parsing: value)
    } catch {
        check(error.offset >= 0 && error.offset <= UTF8Bytes.scalarOffset(value, value.count), "offset outside")
        return 0
    }
    // Values with huge exponents are legal but slow to write out; keep the run fast.
    guard abs(number.magnitude) < 2_000 else { return 0 }
    let text = Array(number.description.utf8)
    let again = text.withUnsafeBufferPointer { try? ExactDecimal(parsing: $0) }
    check(again == number, "description does not parse back: \(number.description)")
    let digits = selector % 12
    let rule = DecimalRoundingRule.allCases[selector % DecimalRoundingRule.allCases.count]
    let rounded = number.rounded(fractionDigits: digits, rule: rule)
    check(rounded.isZero || rounded.exponent >= -digits, "rounding kept too many fraction digits")
    var formatter = coinFormatters[selector % coinFormatters.count]
    var out: [UInt8] = []
    let outcome = formatter.format(number, into: &out)
    check(!out.isEmpty, "empty output")
    // The fast path (from the value or from its bytes) writes what the general path writes.
    var general: [UInt8] = []
    check(
        formatter.formatInGeneral(number, into: &general) == outcome && general == out, "fast and general paths differ")
    let parsed = try? formatter.format(parsing: value) { bytes, result in (Array(bytes), result) }
    check(parsed?.0 == out && parsed?.1 == outcome, "formatting from the bytes differs")
    return 0
}
