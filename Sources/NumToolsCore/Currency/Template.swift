/// The text around the number for each sign form.
struct Template: Sendable, Hashable {
    typealias Affixes = NumberNotation.Affixes
    var positive = Affixes()
    var negative = Affixes()
    var plus = Affixes()

    func affixes(_ form: FoundationProbe.Form) -> Affixes {
        switch form {
        case .positive, .unsigned: positive
        case .negative: negative
        case .plus: plus
        }
    }
}

extension CoinFormatStyle.SignDisplay {
    /// The sign form written for a number of this sign, after rounding.
    @inline(__always) func form(negative: Bool, zero: Bool) -> FoundationProbe.Form {
        switch self {
        // The accounting pattern is probed into the positive and negative forms.
        case .automatic, .accounting: negative ? .negative : .positive
        case .never: .positive
        case .always: negative ? .negative : .plus
        case .exceptZero: zero ? .positive : negative ? .negative : .plus
        }
    }
}

/// A cache key: the shape of the number and the sign form.
struct FormKey: Sendable, Hashable {
    var key: TemplateKey
    var form: FoundationProbe.Form
}

/// The number shown and its pattern magnitude: what selects a template.
struct TemplateKey: Sendable, Hashable {
    var bucket: Int
    var integer: [UInt8]
    var fraction: [UInt8]
    /// For compact currency names: the unscaled rounded value (plain ASCII), else empty.
    var unscaled: [UInt8] = []
    /// For compact currency names: whether the value is negative.
    var unscaledNegative = false
    /// For scientific notation: the exponent of the mantissa shown (0 otherwise).
    var exponent = 0

    /// A number with the same CLDR plural operands that Foundation's
    /// Decimal can hold, so that the cache stays small. ICU evaluates the
    /// `n` operand as a Double, so only numbers of at most 15 digits are
    /// reduced (the integer to its last six digits above ten million: plural
    /// rules look at small integers and at the integer modulo 10, 100, 1000
    /// and 1000000); longer ones up to 38 digits are kept as they are.
    var pluralShape: TemplateKey {
        var copy = self
        copy.integer = ExactDecimal.pluralShape(integer: integer, fraction: fraction).integer
        copy.fraction = ExactDecimal.pluralShape(integer: integer, fraction: fraction).fraction
        return copy
    }
}

extension ExactDecimal {
    /// See ``TemplateKey/pluralShape``; beyond 38 digits (out of Foundation's
    /// reach) the shape keeps the magnitude and leading digits only.
    static func pluralShape(integer: [UInt8], fraction: [UInt8]) -> (integer: [UInt8], fraction: [UInt8]) {
        let total = integer.count + fraction.count
        if total <= 15 {
            if integer.count > 7 { return (Array("10".utf8) + integer.suffix(6), fraction) }
            return (integer, fraction)
        }
        if total <= 38 { return (integer, fraction) }
        // Beyond Decimal's 38 digits: a 30-digit integer (above every compact
        // magnitude) ending in the same six digits, and as much fraction as fits.
        var shortInteger = integer
        if integer.count > 30 {
            shortInteger = [UInt8(ascii: "1")] + [UInt8](repeating: UInt8(ascii: "0"), count: 23) + integer.suffix(6)
        }
        return (shortInteger, Array(fraction.prefix(max(0, 38 - shortInteger.count))))
    }

    /// Plain ASCII text of a number with the same plural operands that
    /// Foundation's Decimal can hold (see ``pluralShape(integer:fraction:)``),
    /// keeping the magnitude.
    func representative(minimumFraction: Int) -> [UInt8] {
        let integer = integerDigits
        let fraction = fractionDigits(minimumLength: minimumFraction)
        let total = integer.count + fraction.count
        let shape =
            total <= 38
            ? (integer: integer, fraction: fraction) : ExactDecimal.pluralShape(integer: integer, fraction: fraction)
        var text = shape.integer
        if !shape.fraction.isEmpty { text += [UInt8(ascii: ".")] + shape.fraction }
        return text
    }
}
