/// The exact arithmetic the unit styles need: products with a machine
/// integer, quotients by an integer whose prime factors are 2 and 5 (those
/// are finite decimals: `1/1024` is `0.0009765625`), and comparisons. All on
/// the digits, in time linear in their count.
extension ExactDecimal {
    /// The value times `factor`, exactly. `factor` at most 10^18, so that a
    /// digit's product with its carry stays within 64 bits.
    public func multiplied(by factor: UInt64) -> ExactDecimal {
        precondition(factor <= 1_000_000_000_000_000_000, "factor above 10^18")
        if digits.isEmpty || factor == 1 { return self }
        if factor == 0 { return .zero }
        // Least significant digit first, carries in a machine word.
        var product: [UInt8] = []
        product.reserveCapacity(digits.count + 20)
        var carry: UInt64 = 0
        for d in digits.reversed() {
            let t = UInt64(d &- 48) &* factor &+ carry
            product.append(UInt8(t % 10) &+ 48)
            carry = t / 10
        }
        while carry > 0 {
            product.append(UInt8(carry % 10) &+ 48)
            carry /= 10
        }
        return ExactDecimal(negative: isNegative, digits: product.reversed(), exponent: exponent)
    }

    /// The value times `base^power` (`power` >= 0), exactly.
    public func multiplied(by base: UInt64, power: Int) -> ExactDecimal {
        var result = self
        for _ in 0..<power { result = result.multiplied(by: base) }
        return result
    }

    /// The value divided by `divisor`, exactly, or nil when `divisor` is 0
    /// or has a prime factor other than 2 and 5 (the quotient would not be a
    /// finite decimal). `x / (2^a 5^b)` is `x × 5^a 2^b / 10^(a+b)`.
    public func divided(by divisor: UInt64) -> ExactDecimal? { divided(by: divisor, power: 1) }

    /// The value divided by `base^power` (`power` >= 0), exactly, or nil as
    /// for ``divided(by:)``.
    public func divided(by base: UInt64, power: Int) -> ExactDecimal? {
        if power == 0 { return self }
        guard let (twos, fives) = Self.twosAndFives(base) else { return nil }
        // The multiplier 5^(twos × power) 2^(fives × power), in factors of at most 10^18.
        var result = self
        var factor: UInt64 = 1
        for (prime, count) in [(UInt64(5), twos * power), (UInt64(2), fives * power)] {
            for _ in 0..<count {
                if factor > 100_000_000_000_000_000 {
                    result = result.multiplied(by: factor)
                    factor = 1
                }
                factor *= prime
            }
        }
        return result.multiplied(by: factor).scaled(byPowerOfTen: -(twos + fives) * power)
    }

    /// `n = 2^a 5^b`: `(a, b)`; nil when `n` is 0 or has another prime factor.
    static func twosAndFives(_ n: UInt64) -> (Int, Int)? {
        guard n > 0 else { return nil }
        var rest = n
        var (twos, fives) = (0, 0)
        while rest % 2 == 0 {
            rest /= 2
            twos += 1
        }
        while rest % 5 == 0 {
            rest /= 5
            fives += 1
        }
        return rest == 1 ? (twos, fives) : nil
    }

    /// Compares the absolute values: negative, zero or positive as `|self|`
    /// is below, equal to or above `|other|`.
    public func compareMagnitude(_ other: ExactDecimal) -> Int {
        if digits.isEmpty || other.digits.isEmpty { return (digits.isEmpty ? 0 : 1) - (other.digits.isEmpty ? 0 : 1) }
        if magnitude != other.magnitude { return magnitude < other.magnitude ? -1 : 1 }
        // Same leading place: compare digit by digit (normalized, so a longer run of digits is larger).
        let n = min(digits.count, other.digits.count)
        for i in 0..<n where digits[i] != other.digits[i] { return digits[i] < other.digits[i] ? -1 : 1 }
        return digits.count == other.digits.count ? 0 : digits.count < other.digits.count ? -1 : 1
    }

    /// A machine integer as an exact decimal.
    public init(_ value: UInt64, negative: Bool = false) {
        self.init(negative: negative, digits: Array(String(value).utf8), exponent: 0)
    }

    /// Rounds to a multiple of `step` (positive), following `rule`: cash
    /// rounding (`0.05`: `1.23` is `1.25` under half-even). Exact: the value
    /// and the step are brought to integers of the same scale, the quotient's
    /// integer and remainder found by long division, and the quotient rounded
    /// with the remainder deciding. Nil when `step` is not positive or its
    /// digits (at that scale) need more than 18 digits.
    public func rounded(toMultipleOf step: ExactDecimal, rule: DecimalRoundingRule) -> ExactDecimal? {
        guard !step.isZero, !step.isNegative, step.digits.count <= 18 else { return nil }
        if isZero { return self }
        // Scale: both at 10^min(exponent); the step then is `stepDigits × 10^(step.exponent - scale)`.
        let scale = min(exponent, step.exponent)
        let stepShift = step.exponent - scale
        guard step.digits.count + stepShift <= 18 else {
            // The step is far coarser than the value's last digit: round on
            // the value's own digits first would lose nothing only for a
            // power-of-ten step, which `rounded(toMagnitude:)` serves.
            if step.digits == [UInt8(ascii: "1")] { return rounded(toMagnitude: step.exponent, rule: rule) }
            return nil
        }
        var divisor: UInt64 = 0
        for d in step.digits { divisor = divisor * 10 + UInt64(d &- 48) }
        for _ in 0..<stepShift { divisor *= 10 }
        // The value's digits at the common scale: its digits then `exponent - scale` zeros.
        var quotient: [UInt8] = []
        quotient.reserveCapacity(digits.count + exponent - scale)
        var remainder: UInt64 = 0
        func feed(_ d: UInt64) {
            // remainder < divisor <= 10^18, so remainder × 10 + d < 2^64.
            let t = remainder * 10 + d
            quotient.append(UInt8(t / divisor) &+ 48)
            remainder = t % divisor
        }
        for d in digits { feed(UInt64(d &- 48)) }
        for _ in 0..<(exponent - scale) { feed(0) }
        var q = ExactDecimal(negative: isNegative, digits: quotient, exponent: 0)
        if remainder != 0 {
            // The dropped part as a fraction of one step: compare twice the
            // remainder with the divisor (both below 2^63 × 2).
            let twice = remainder.multipliedReportingOverflow(by: 2)
            let half = twice.overflow ? 1 : twice.partialValue == divisor ? 0 : twice.partialValue < divisor ? -1 : 1
            let awayFromZero: Bool
            switch rule {
            case .up: awayFromZero = true
            case .down: awayFromZero = false
            case .ceiling: awayFromZero = !isNegative
            case .floor: awayFromZero = isNegative
            case .halfUp: awayFromZero = half >= 0
            case .halfDown: awayFromZero = half > 0
            case .halfEven:
                let lastOdd = q.isZero ? false : (q.integerDigits.last! &- 48) % 2 == 1
                awayFromZero = half > 0 || (half == 0 && lastOdd)
            }
            if awayFromZero { q = q.addingOne() }
        }
        // q steps: q × divisor × 10^scale; a negative value rounded to zero keeps its sign.
        let result = q.multiplied(by: divisor).scaled(byPowerOfTen: scale)
        return ExactDecimal(negative: isNegative, digits: result.digits, exponent: result.exponent)
    }

    /// An integer's absolute value plus one, keeping its sign (`-12` is `-13`).
    func addingOne() -> ExactDecimal {
        var integer = integerDigits
        var i = integer.count - 1
        while i >= 0 {
            if integer[i] == UInt8(ascii: "9") {
                integer[i] = UInt8(ascii: "0")
                i -= 1
            } else {
                integer[i] += 1
                break
            }
        }
        if i < 0 { integer.insert(UInt8(ascii: "1"), at: 0) }
        return ExactDecimal(negative: isNegative, digits: integer, exponent: 0)
    }
}
