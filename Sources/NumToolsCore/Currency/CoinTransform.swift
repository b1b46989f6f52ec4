/// coinfmt's value transformation for the stream engine: parses a machine
/// number, formats it with a ``CoinFormatter`` and, when asked, colours it
/// (green when positive, red when negative, zero uncoloured, judged after
/// rounding).
public struct CoinTransform: ValueTransform {
    /// The formatter derived from the tool's options.
    public var formatter: CoinFormatter
    /// Whether to wrap each value in ANSI colour codes.
    public var colored: Bool

    /// ANSI green, written before a positive value.
    public static let green: [UInt8] = Array("\u{1B}[32m".utf8)
    /// ANSI red, written before a negative value.
    public static let red: [UInt8] = Array("\u{1B}[31m".utf8)
    /// ANSI reset, written after a coloured value.
    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    /// A transform for `style`; derives the formatter once.
    public init(style: CoinFormatStyle, colored: Bool = false) {
        self.formatter = style.formatter()
        self.colored = colored
    }

    /// A transform with an already derived formatter.
    public init(formatter: CoinFormatter, colored: Bool = false) {
        self.formatter = formatter
        self.colored = colored
    }

    /// Parses `value` as a machine number and appends it formatted; throws
    /// `invalid-number` with the offset of the problem.
    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        var bytes: [UInt8] = []
        try write(value, into: &bytes)
        output.append(bytes: bytes)
    }

    mutating func write(_ value: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws(ValueError) {
        let number: ExactDecimal
        do {
            number = try ExactDecimal(parsing: value)
        } catch {
            throw ValueError("invalid-number", error.message)
        }
        guard colored else {
            formatter.format(number, into: &output)
            return
        }
        let start = output.count
        output.append(contentsOf: CoinTransform.green)  // replaced below if not positive
        let outcome = formatter.format(number, into: &output)
        switch outcome {
        case .positive:
            output.append(contentsOf: CoinTransform.reset)
        case .negative:
            output.replaceSubrange(start..<(start + CoinTransform.green.count), with: CoinTransform.red)
            output.append(contentsOf: CoinTransform.reset)
        case .zero:
            output.removeSubrange(start..<(start + CoinTransform.green.count))
        }
    }
}
