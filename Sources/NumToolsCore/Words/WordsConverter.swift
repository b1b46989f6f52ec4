/// numconv's `--style words` and `--style numerals`: a number in words or
/// traditional numerals (``NumeralReader``) read to its exact digits, then
/// written in each target notation as a plain number.
public struct WordsConverter: ValueTransform, Sendable {
    public let reader: NumeralReader?
    /// With `--currency`: reads amounts in words (``CurrencyWordsReader``) instead.
    public let amounts: CurrencyWordsReader?
    /// Writes the machine number read in the targets.
    public var writer: NumberConverter
    /// What the texts met so far read as: reading words is a search over
    /// the rules (tens of microseconds a value), and a column of amounts
    /// repeats its values, so each distinct text is read once. Exact: a
    /// reading depends on the text alone. Bounded by ``ReadingCache``.
    var cache = ReadingCache()

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
        let key = Array(value)
        switch cache.reading(of: key) {
        case .success(let known)?:
            number = known
        case .failure(let error)?:
            throw error
        case nil:
            let result: Result<[UInt8], ValueError>
            do throws(ValueError) {
                if let amounts {
                    result = .success(try amounts.read(value))
                } else {
                    result = .success(try reader!.read(value))
                }
            } catch {
                result = .failure(error)
            }
            cache.keep(result, for: key)
            number = try result.get()
        }
        try number.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &output) }
    }
}

/// The readings of the texts met so far, by their bytes as read: at most
/// ``maximumEntries`` texts of at most ``maximumBytes`` bytes in all (keys,
/// numbers and messages); when either is reached, the cache starts again
/// empty, so memory stays bounded whatever the input.
struct ReadingCache: Sendable {
    /// The bounds numconv runs with.
    static let maximumEntries = 8192
    static let maximumBytes = 4 << 20
    let maximumEntries: Int
    let maximumBytes: Int
    private var entries: [[UInt8]: Result<[UInt8], ValueError>] = [:]
    private var bytes = 0

    init(maximumEntries: Int = Self.maximumEntries, maximumBytes: Int = Self.maximumBytes) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    func reading(of key: [UInt8]) -> Result<[UInt8], ValueError>? { entries[key] }

    mutating func keep(_ result: Result<[UInt8], ValueError>, for key: [UInt8]) {
        let size: Int
        switch result {
        case .success(let number): size = key.count + number.count + 64
        case .failure(let error): size = key.count + error.message.utf8.count + 64
        }
        if entries.count >= maximumEntries || bytes + size > maximumBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = result
        bytes += size
    }
}
