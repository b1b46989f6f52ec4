import Foundation

/// numconv's value transformation: a number in one locale's notation,
/// written in one or more other locales' notations, digit for digit.
public struct NumberConverter: ValueTransform, Sendable {
    public let parser: LocaleNumberParser
    public let targets: [LocaleNumberFormat]
    /// Pad the fraction with zeros to at least this many digits.
    public let minimumFraction: Int?
    /// Round half-even to at most this many fraction digits.
    public let maximumFraction: Int?
    var number = ParsedNumber()

    /// Converts from `source`'s notation to each of `targets`' (same style).
    public init(from source: LocaleNumberFormat, to targets: [LocaleNumberFormat], minimumFraction: Int? = nil,
        maximumFraction: Int? = nil)
    {
        parser = LocaleNumberParser(format: source)
        self.targets = targets
        self.minimumFraction = minimumFraction
        self.maximumFraction = maximumFraction
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        try parser.parse(value, into: &number)
        // FormatStyle's canonical form: no sign on zero, no leading zeros.
        let negative = number.negative && !number.isZero
        var target = number.fraction.count
        if let minimumFraction { target = max(target, minimumFraction) }
        if let maximumFraction { target = min(target, maximumFraction) }
        if target != number.fraction.count { number.roundHalfEven(fractionDigits: target) }
        if number.integer.count != 1 || number.integer.isEmpty { number.trimLeadingZeros() }
        number.integer.withUnsafeBufferPointer { integer in
            number.fraction.withUnsafeBufferPointer { fraction in
                targets.withUnsafeBufferPointer { formats in
                    for k in formats.indices {
                        if k > 0 { output.append(0x09) }
                        formats[k].format(negative: negative, integer: integer, fraction: fraction, into: &output)
                    }
                }
            }
        }
    }

    /// Converts a value held in a string (library use).
    public mutating func callAsFunction(_ value: String) throws(ValueError) -> String {
        var out: [UInt8] = []
        let bytes = Array(value.utf8)
        try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try transform(b, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

extension ParsedNumber {
    /// Pads with zeros or rounds half-even to exactly `digits` fraction digits.
    public mutating func roundHalfEven(fractionDigits digits: Int) {
        if fraction.count <= digits {
            fraction.append(contentsOf: repeatElement(48, count: digits - fraction.count))
            return
        }
        let first = fraction[digits]
        let restNonZero = fraction[(digits + 1)...].contains { $0 != 48 }
        let lastKept = digits > 0 ? fraction[digits - 1] : (integer.last ?? 48)
        let up = first > 53 || (first == 53 && (restNonZero || (lastKept - 48) % 2 == 1))
        fraction.removeSubrange(digits...)
        guard up else { return }
        var k = fraction.count - 1
        while k >= 0 {
            if fraction[k] == 57 {
                fraction[k] = 48
                k -= 1
            } else {
                fraction[k] += 1
                return
            }
        }
        k = integer.count - 1
        while k >= 0 {
            if integer[k] == 57 {
                integer[k] = 48
                k -= 1
            } else {
                integer[k] += 1
                return
            }
        }
        integer.insert(49, at: 0)
    }

    /// Removes leading zeros of the integer part, keeping one digit.
    public mutating func trimLeadingZeros() {
        if integer.isEmpty {
            integer.append(48)
            return
        }
        guard integer[0] == 48 else { return }
        var k = 0
        while k < integer.count - 1, integer[k] == 48 { k += 1 }
        if k > 0 { integer.removeSubrange(0..<k) }
        if integer.isEmpty { integer.append(48) }
    }
}
