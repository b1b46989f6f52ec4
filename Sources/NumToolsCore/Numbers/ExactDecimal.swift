/// How to round a decimal value when digits are dropped.
///
/// The seven ICU rounding modes; all but ``halfDown`` map to a
/// `FloatingPointRoundingRule` that Foundation's `FormatStyle.rounded(rule:)`
/// accepts (see ``foundationRule``).
public enum DecimalRoundingRule: String, Sendable, Hashable, CaseIterable {
    /// Ties go to the even neighbour (banker's rounding); Foundation's default.
    case halfEven = "half-even"
    /// Ties go away from zero (`toNearestOrAwayFromZero`).
    case halfUp = "half-up"
    /// Ties go toward zero (ICU's `HALF_DOWN`; Foundation's FormatStyle has no such rule).
    case halfDown = "half-down"
    /// Away from zero whenever a non-zero digit is dropped (`awayFromZero`).
    case up
    /// Toward zero: drop digits (`towardZero`).
    case down
    /// Toward positive infinity (`FloatingPointRoundingRule.up`).
    case ceiling
    /// Toward negative infinity (`FloatingPointRoundingRule.down`).
    case floor

    /// The equivalent `FloatingPointRoundingRule`, or nil for ``halfDown``.
    public var foundationRule: FloatingPointRoundingRule? {
        switch self {
        case .halfEven: .toNearestOrEven
        case .halfUp: .toNearestOrAwayFromZero
        case .halfDown: nil
        case .up: .awayFromZero
        case .down: .towardZero
        case .ceiling: .up
        case .floor: .down
        }
    }
}

/// An exact decimal number held as its digits: `sign × digits × 10^exponent`.
///
/// There is no length limit and no binary floating point anywhere: `0.1`,
/// 25-digit values and `1e-30` are held and rounded exactly. The value is kept
/// normalized (no leading or trailing zero digits), so two equal numbers
/// compare equal. A zero normally has no sign; rounding a negative number to
/// zero keeps the sign (``isNegative``), because FormatStyle writes `-0.00`
/// for `-0.001` rounded to two fraction digits.
public struct ExactDecimal: Sendable, Hashable, CustomStringConvertible {
    /// Whether the number is negative (or a negative number rounded to zero).
    public private(set) var isNegative: Bool
    /// ASCII digits `0`...`9` of the coefficient, without leading or trailing zeros; empty for zero.
    public private(set) var digits: [UInt8]
    /// The power of ten of the last digit in ``digits``.
    public private(set) var exponent: Int

    /// The largest decimal exponent accepted on input, in either direction;
    /// it keeps one value's output within a megabyte.
    public static let exponentLimit = 1_000_000

    /// The number `sign × digits × 10^exponent`; `digits` are ASCII and may
    /// have leading or trailing zeros.
    public init(negative: Bool, digits: some Collection<UInt8>, exponent: Int) {
        // One pass for the bounds, one allocation for the digits.
        var start = digits.startIndex
        while start != digits.endIndex && digits[start] == UInt8(ascii: "0") { start = digits.index(after: start) }
        var end = start
        var trailingZeros = 0
        var i = start
        while i != digits.endIndex {
            let next = digits.index(after: i)
            if digits[i] != UInt8(ascii: "0") {
                end = next
                trailingZeros = 0
            } else {
                trailingZeros += 1
            }
            i = next
        }
        let d = Array(digits[start..<end])
        self.isNegative = negative
        self.digits = d
        self.exponent = d.isEmpty ? 0 : exponent + trailingZeros
    }

    /// Zero, without a sign.
    public static let zero = ExactDecimal(negative: false, digits: [], exponent: 0)

    /// Whether the value is zero (possibly a negative number rounded to zero).
    public var isZero: Bool { digits.isEmpty }

    /// The power of ten of the leading digit (`2` for `123`, `-3` for `0.00123`); 0 for zero.
    public var magnitude: Int { digits.isEmpty ? 0 : exponent + digits.count - 1 }

    /// The value multiplied by `10^power` (for percent: `scaled(byPowerOfTen: 2)`
    /// turns a ratio into percent points, `-2` the reverse).
    public func scaled(byPowerOfTen power: Int) -> ExactDecimal {
        var copy = self
        if !copy.digits.isEmpty { copy.exponent += power }
        return copy
    }

    /// The value with the opposite sign (zero stays unsigned).
    public var negated: ExactDecimal {
        var copy = self
        copy.isNegative = !isNegative && !digits.isEmpty
        return copy
    }

    /// Rounds to a multiple of `10^magnitude` (keeps the digits whose place
    /// value is at least `10^magnitude`), following `rule`.
    public func rounded(toMagnitude magnitude: Int, rule: DecimalRoundingRule) -> ExactDecimal {
        if digits.isEmpty || exponent >= magnitude { return self }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits.count + 1) { buffer in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(fromContentsOf: digits)
            var (first, count, exponent) = (1, digits.count, self.exponent)
            ExactDecimal.round(
                buffer.baseAddress!, first: &first, count: &count, exponent: &exponent, toMagnitude: magnitude,
                rule: rule, negative: isNegative)
            // A negative value rounded to zero keeps its sign.
            return ExactDecimal(
                negative: isNegative, digits: UnsafeBufferPointer(start: buffer.baseAddress! + first, count: count),
                exponent: exponent)
        }
    }

    /// Rounds in place the coefficient `digits[first..<(first + count)]`
    /// (ASCII, without leading or trailing zeros) times `10^exponent` to a
    /// multiple of `10^magnitude`, following `rule` for a number of sign
    /// `negative`. A carry past the first digit writes `digits[first - 1]`
    /// and moves `first` back by one, so that slot must be free. The result
    /// is normalized again: no trailing zeros, and `count == 0` with
    /// `exponent == 0` for zero.
    static func round(
        _ digits: UnsafeMutablePointer<UInt8>, first: inout Int, count: inout Int, exponent: inout Int,
        toMagnitude magnitude: Int, rule: DecimalRoundingRule, negative: Bool
    ) {
        if count == 0 || exponent >= magnitude { return }
        let keep = exponent + count - magnitude  // digits with place >= magnitude
        let carry = roundDigits(digits + first, count: count, keep: keep, rule: rule, negative: negative)
        count = max(0, keep)
        exponent = magnitude
        if carry {
            first -= 1
            digits[first] = UInt8(ascii: "1")
            count += 1
        }
        while count > 0 && digits[first + count - 1] == UInt8(ascii: "0") {
            count -= 1
            exponent += 1
        }
        if count == 0 { exponent = 0 }
    }

    /// The rounding kernel: rounds the ASCII digits `digits[0..<count]` in
    /// place to their first `keep` (none when `keep` <= 0), following `rule`
    /// for a number of sign `negative`, and returns whether a carry ran past
    /// the first kept digit (the kept digits are then all `0`, and a `1`
    /// belongs before them). Digits past `keep` are left as they are; they
    /// may hold zeros anywhere, leading or trailing.
    @inline(__always)
    static func roundDigits(
        _ digits: UnsafeMutablePointer<UInt8>, count: Int, keep: Int, rule: DecimalRoundingRule, negative: Bool
    ) -> Bool {
        enum Dropped { case below, tie, above }
        let dropped: Dropped
        let lastKeptOdd: Bool
        if keep < 0 {
            dropped = .below
            lastKeptOdd = false
        } else {
            let head = digits[keep]
            // Looked for from the end, where a normalized coefficient has its non-zero digit.
            var rest = false
            var k = count &- 1
            while k > keep {
                if digits[k] != UInt8(ascii: "0") {
                    rest = true
                    break
                }
                k &-= 1
            }
            if head > UInt8(ascii: "5") || (head == UInt8(ascii: "5") && rest) {
                dropped = .above
            } else if head == UInt8(ascii: "5") {
                dropped = .tie
            } else {
                dropped = .below
            }
            lastKeptOdd = keep > 0 && (digits[keep &- 1] & 1) == 1
        }
        let roundUp: Bool
        switch rule {
        case .halfEven: roundUp = dropped == .above || (dropped == .tie && lastKeptOdd)
        case .halfUp: roundUp = dropped != .below
        case .halfDown: roundUp = dropped == .above
        case .up: roundUp = true
        case .down: roundUp = false
        case .ceiling: roundUp = !negative
        case .floor: roundUp = negative
        }
        guard roundUp else { return false }
        var i = keep &- 1
        while i >= 0 && digits[i] == UInt8(ascii: "9") {
            digits[i] = UInt8(ascii: "0")
            i &-= 1
        }
        if i < 0 { return true }
        digits[i] &+= 1
        return false
    }

    /// Rounds to at most `fractionDigits` digits after the decimal point.
    public func rounded(fractionDigits: Int, rule: DecimalRoundingRule) -> ExactDecimal {
        rounded(toMagnitude: -fractionDigits, rule: rule)
    }

    /// Rounds to at most `significantDigits` significant digits (at least 1).
    public func rounded(significantDigits: Int, rule: DecimalRoundingRule) -> ExactDecimal {
        if digits.isEmpty { return self }
        return rounded(toMagnitude: magnitude - max(1, significantDigits) + 1, rule: rule)
    }

    /// ASCII digits of the integer part, `0` when it is zero.
    public var integerDigits: [UInt8] {
        if digits.isEmpty || magnitude < 0 { return [UInt8(ascii: "0")] }
        if exponent >= 0 { return digits + [UInt8](repeating: UInt8(ascii: "0"), count: exponent) }
        return Array(digits[..<(digits.count + exponent)])
    }

    /// ASCII digits of the fraction, padded with zeros to at least `minimumLength`.
    public func fractionDigits(minimumLength: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        if !digits.isEmpty && exponent < 0 {
            let length = -exponent
            if digits.count >= length {
                out = Array(digits[(digits.count - length)...])
            } else {
                out = [UInt8](repeating: UInt8(ascii: "0"), count: length - digits.count) + digits
            }
        }
        if out.count < minimumLength {
            out += [UInt8](repeating: UInt8(ascii: "0"), count: minimumLength - out.count)
        }
        return out
    }

    /// Plain notation: `-1234.5`, `0.000001`, `0`.
    public var description: String {
        let fraction = fractionDigits()
        var s = isNegative && !digits.isEmpty ? "-" : ""
        s += String(decoding: integerDigits, as: UTF8.self)
        if !fraction.isEmpty { s += "." + String(decoding: fraction, as: UTF8.self) }
        return s
    }
}

// MARK: - Parsing

extension ExactDecimal {
    /// Why a value is not a machine number; ``code`` is the stable error code.
    public struct ParseError: Error, Sendable, Hashable {
        /// 0-based offset of the problem in the value, in Unicode scalars.
        public var offset: Int
        /// The message's bytes (see ``ErrorText``).
        public var text: ErrorText
        /// A short English sentence naming the problem and its offset.
        public var message: String {
            get { text.description }
            set { text = ErrorText(newValue) }
        }

        init(offset: Int, message: String) {
            self.offset = offset
            text = ErrorText(message)
        }

        init(offset: Int, text: ErrorText) {
            self.offset = offset
            self.text = text
        }
        /// The stable error code: `invalid-number` for the reading, `no-words`
        /// for a number the words and numerals styles cannot write.
        public var code: CurrencyErrorCode = .invalidNumber
    }

    /// Parses a machine number: optional `+` or `-`, ASCII digits with an
    /// optional `.` fraction (`5.`, `.5` and `5.25` are accepted; `.` alone is
    /// not), and an optional exponent `e` or `E` with optional sign and digits
    /// (`1.5e-7`, `2E+3`). Nothing else may appear, not even spaces.
    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) {
        self = try withUnsafeTemporaryAllocation(
            of: UInt8.self, capacity: bytes.count + ExactDecimal.scanSlack
        ) { buffer throws(ParseError) in
            let scanned = try ExactDecimal.scan(bytes, into: buffer.baseAddress!)
            return ExactDecimal(
                negative: scanned.isNegative, digits: UnsafeBufferPointer(rebasing: buffer[..<scanned.count]),
                exponent: scanned.exponent)
        }
    }

    /// A machine number as ``scan(_:into:)`` leaves it: `count` ASCII digits
    /// in the caller's buffer, without leading or trailing zeros (none for
    /// zero), worth `sign × digits × 10^exponent`.
    struct Scanned {
        /// Whether the number is negative (never for zero: `-0` is 0).
        var isNegative: Bool
        /// How many digits were written.
        var count: Int
        /// The power of ten of the last digit; 0 for zero.
        var exponent: Int
    }

    /// Reads a machine number (the grammar of ``init(parsing:)``, with its
    /// errors and limits) and writes its normalized coefficient digits to
    /// `digits`, which must have room for `bytes.count + scanSlack` bytes (it
    /// copies digits eight bytes at a time).
    /// The room ``scan(_:into:)`` needs past `bytes.count` bytes: its eight-byte stores.
    static let scanSlack = 8

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutablePointer<UInt8>) throws(ParseError)
        -> Scanned
    {
        let n = bytes.count
        var i = 0
        // Offsets count Unicode scalars from 0, like the other tools' messages.
        // (The message is a template: no String an error; see ErrorText.)
        func fail(_ at: Int, expected: StaticString) -> ParseError {
            let offset = UTF8Bytes.scalarOffset(bytes, at)
            var text =
                at >= n
                ? ErrorText(template: "number ends at offset \u{2}; expected \u{5}", offset)
                : ErrorText(template: "unexpected \u{1} at offset \u{2}; expected \u{5}", offset)
            text.quote(bytes, at: at)
            text.detail(expected)
            return ParseError(offset: offset, text: text)
        }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var negative = false
        if i < n && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        // Digits written so far (leading zeros are not).
        var count = 0
        // Indices are bounded by `n`: they step without overflow checks.
        // Copies the run of digits at `i` eight bytes at a time (a store may
        // write up to 8 bytes past the run: within `bytes.count + scanSlack`).
        func copyDigits() { UTF8Bytes.copyDigitRun(bytes, &i, to: digits, &count) }
        let integerStart = i
        while i < n && bytes[i] == UInt8(ascii: "0") { i &+= 1 }
        copyDigits()
        var sawDigit = i > integerStart
        var fractionCount = 0
        var sawDot = false
        if i < n && bytes[i] == UInt8(ascii: ".") {
            sawDot = true
            i += 1
            let start = i
            if count == 0 {
                while i < n && bytes[i] == UInt8(ascii: "0") { i &+= 1 }
            }
            copyDigits()
            fractionCount = i - start
            if !sawDigit && fractionCount == 0 { throw fail(i, expected: "a digit") }
            sawDigit = true
        }
        // How many of the digits end in a non-zero digit.
        var significant = count
        while significant > 0 && digits[significant &- 1] == UInt8(ascii: "0") { significant &-= 1 }
        if !sawDigit { throw fail(i, expected: i == 0 ? "a sign or a digit" : "a digit") }
        var exponent = 0
        if i < n && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < n && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < n && isDigit(bytes[i]) else { throw fail(i, expected: "a digit of the exponent") }
            while i < n && isDigit(bytes[i]) {
                // Saturate: anything this large fails the range check below.
                if exponent <= 4 * ExactDecimal.exponentLimit {
                    exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                }
                i += 1
            }
            if i < n { throw fail(i, expected: "a digit or the end of the number") }
            if exponentNegative { exponent = -exponent }
        }
        if i < n {
            throw fail(
                i,
                expected: sawDot
                    ? "a digit, 'e' or the end of the number" : "a digit, '.', 'e' or the end of the number")
        }
        // Foundation's Decimal has no negative zero: "-0" is 0.
        if significant == 0 { return Scanned(isNegative: false, count: 0, exponent: 0) }
        let last = exponent - fractionCount + (count - significant)
        if abs(last + significant - 1) > ExactDecimal.exponentLimit {
            throw ParseError(
                offset: 0,
                message: "number at offset 0 is out of range (magnitude beyond ±\(ExactDecimal.exponentLimit))")
        }
        return Scanned(isNegative: negative, count: significant, exponent: last)
    }

    /// Parses a machine number from a string; see ``init(parsing:)``.
    public init(_ text: String) throws(ParseError) {
        var copy = text
        let result: Result<ExactDecimal, ParseError> = copy.withUTF8 { buffer in
            do throws(ParseError) { return .success(try ExactDecimal(parsing: buffer)) } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }
}
