/// coinfmt's value transformation for the stream engine: parses a machine
/// number, formats it with a ``CoinFormatter`` and, when asked, colours it
/// (green when positive, red when negative, zero uncoloured, judged after
/// rounding).
public struct CoinTransform: ValueTransform, Sendable {
    /// With `--width`: the padding of each value of its record runs
    /// (``padRecordRuns(_:)``), done where the value is written.
    var runPadding: Padding? = nil
    /// The formatter derived from the tool's options.
    public var formatter: CoinFormatter
    /// Whether to wrap each value in ANSI colour codes.
    public var colored: Bool
    /// The most bytes one value's output may take (see ``ValueTransform/outputLimit``):
    /// an exponent makes it far longer than the value (`1e999999`).
    public var outputLimit = Int.max

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

    /// Parses `value` as a machine number and appends it formatted, in its
    /// colour when coloured; throws `invalid-number` with the offset of the
    /// problem. Appends to `output` only whole buffers and bytes.
    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        let colored = self.colored
        let limit = outputLimit
        // Room for the colour codes around the value.
        let valueLimit = colored ? limit - CoinTransform.red.count - CoinTransform.reset.count : limit
        let written: Void?
        do {
            written = try formatter.format(parsing: value, limit: valueLimit) { bytes, outcome in
                // The colour follows from the outcome, so it is written before the value.
                let colour =
                    !colored || outcome == .zero ? nil : outcome == .negative ? CoinTransform.red : CoinTransform.green
                if let colour { output.append(bytes: colour) }
                output.append(contentsOf: bytes)
                if colour != nil { output.append(bytes: CoinTransform.reset) }
            }
        } catch {
            throw ValueError(.currency(error.code), error.text)
        }
        if written == nil { throw ValueError.outputTooLong(limit) }
    }
}

extension CoinTransform {
    /// Whole records at once, value by value (see ``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun {
        transformEachRecord(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &output, failure: &failure,
            padding: runPadding)
    }

    /// Pads each value of its runs as it writes it (``runPadding``).
    public mutating func padRecordRuns(_ padding: Padding) -> Bool {
        runPadding = padding
        return true
    }
}
