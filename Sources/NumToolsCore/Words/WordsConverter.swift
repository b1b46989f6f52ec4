/// numconv's `--style words` and `--style numerals`: a number in words or
/// traditional numerals (``NumeralReader``) read to its exact digits, then
/// written in each target notation as a plain number.
public struct WordsConverter: ValueTransform, Sendable {
    public let reader: NumeralReader?
    /// With `--currency`: reads amounts in words (``CurrencyWordsReader``) instead.
    public let amounts: CurrencyWordsReader?
    /// Writes the machine number read in the targets.
    public var writer: NumberConverter

    public init(reader: NumeralReader, writer: NumberConverter) {
        self.reader = reader
        self.amounts = nil
        self.writer = writer
    }

    public init(amounts: CurrencyWordsReader, writer: NumberConverter) {
        self.reader = nil
        self.amounts = amounts
        self.writer = writer
    }

    public var outputLimit: Int {
        get { writer.outputLimit }
        set { writer.outputLimit = newValue }
    }

    public var separator: ValueSeparator {
        get { writer.separator }
        set { writer.separator = newValue }
    }

    public var mayWriteSeveralValues: Bool { writer.mayWriteSeveralValues }
    public var outputNames: [String] { writer.outputNames }
    /// Words are read with their spaces (`천이백삼십사만 오천육백칠십팔`).
    public var keepsSurroundingWhitespace: Bool { false }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        let number: [UInt8]
        if let amounts {
            number = try amounts.read(value)
        } else {
            number = try reader!.read(value)
        }
        try number.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &output) }
    }
}
