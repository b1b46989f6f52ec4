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
        if cache.rests() {
            let digits: [UInt8]
            if let amounts { digits = try amounts.read(value) } else { digits = try reader!.read(value) }
            try digits.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &output) }
            return
        }
        let key = ReadingCache.Key(bytes: Array(value))
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
///
/// A column of distinct texts gains nothing from it: when, of the
/// ``window`` texts last looked up, fewer than one in eight was met again,
/// the cache starts again empty and rests for the next ``restLength``
/// texts (read without it).
struct ReadingCache: Sendable {
    /// The bounds numconv runs with.
    static let maximumEntries = 8192
    static let maximumBytes = 4 << 20
    let maximumEntries: Int
    let maximumBytes: Int
    private var entries: [Key: Result<[UInt8], ValueError>] = [:]

    /// A text's bytes, hashed as one 64-bit word folded from eight bytes at
    /// a time (the dictionary's seeded hasher then takes the word; texts
    /// that collide are told apart by their bytes; texts made to collide
    /// cost at most a window of lookups before the cache rests).
    struct Key: Hashable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) {
            var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            bytes.withUnsafeBytes { raw in
                var i = 0
                while i + 8 <= raw.count {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01B3
                    h ^= h >> 29
                    i += 8
                }
                while i < raw.count {
                    h = (h ^ UInt64(raw[i])) &* 0x100_0000_01B3
                    i += 1
                }
            }
            hasher.combine(h)
        }
    }
    private var bytes = 0
    /// Lookups and hits since the cache last started empty.
    private var lookups = 0
    private var hits = 0
    /// Texts still to read without the cache.
    private var resting = 0
    /// How many texts a rest lasts.
    var restLength: Int { 16 * maximumEntries }
    /// How many lookups the hits are counted over (a column that repeats
    /// every few thousand texts hits well within it).
    var window: Int { max(1, maximumEntries / 2) }

    init(maximumEntries: Int = Self.maximumEntries, maximumBytes: Int = Self.maximumBytes) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    mutating func reading(of key: Key) -> Result<[UInt8], ValueError>? {
        lookups += 1
        let known = entries[key]
        if known != nil { hits += 1 }
        if lookups >= window {
            if hits * 8 < lookups {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
                resting = restLength
            }
            lookups = 0
            hits = 0
        }
        return known
    }

    /// Whether this text is read without the cache (counting the rest down).
    mutating func rests() -> Bool {
        guard resting > 0 else { return false }
        resting -= 1
        return true
    }

    mutating func keep(_ result: Result<[UInt8], ValueError>, for key: Key) {
        let size: Int
        switch result {
        case .success(let number): size = key.bytes.count + number.count + 64
        case .failure(let error): size = key.bytes.count + error.message.utf8.count + 64
        }
        if entries.count >= maximumEntries || bytes + size > maximumBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = result
        bytes += size
    }
}
