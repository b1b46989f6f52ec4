#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// numconv's `--style words` and `--style numerals`: a number in words or
/// traditional numerals (``NumeralReader``) read to its exact digits, then
/// written in each target notation as a plain number.
public struct WordsConverter: ValueTransform, Sendable {
    public let reader: NumeralReader?
    /// With `--currency`: reads amounts in words (``CurrencyWordsReader``) instead.
    public let amounts: CurrencyWordsReader?
    /// Writes the machine number read in the targets.
    public var writer: NumberConverter
    /// What the texts met so far read as: reading words takes about a
    /// microsecond (the words' arithmetic, written back) to tens of them
    /// (the search over the rules), and a column of amounts repeats its
    /// values, so each distinct text is read once. Exact: a reading depends
    /// on the text alone. Bounded by ``ReadingCache``.
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
        if cache.rests() {
            let digits = try read(value)
            try digits.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &output) }
            return
        }
        let hash = ReadingCache.hash(value)
        if let known = cache.reading(of: value, hash: hash) {
            switch known {
            case .number(let start, let count):
                try cache.withNumber(start, count) { (b) throws(ValueError) in try writer.transform(b, into: &output) }
                return
            case .error(let index):
                throw cache.error(index)
            }
        }
        let digits: [UInt8]
        do throws(ValueError) {
            digits = try read(value)
        } catch {
            cache.keep(.failure(error), for: value, hash: hash)
            throw error
        }
        cache.keep(.success(digits), for: value, hash: hash)
        try digits.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &output) }
    }

    /// The machine number `value` reads as, by the words or amounts reader.
    private func read(_ value: UnsafeBufferPointer<UInt8>) throws(ValueError) -> [UInt8] {
        if let amounts { return try amounts.read(value) }
        return try reader!.read(value)
    }
}

/// The readings of the texts met so far, by their bytes as read: at most
/// ``maximumEntries`` texts of at most ``maximumBytes`` bytes in all (keys,
/// numbers and messages); when either is reached, the cache starts again
/// empty, so memory stays bounded whatever the input.
///
/// Flat: the texts and numbers in one byte buffer, the entries in arrays,
/// found by a hash of the text computed once (open addressing), so a text
/// not met before costs one hash and no allocation of its own.
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

    /// Where a reading is: its number's bytes in the buffer, or its error.
    enum Known {
        case number(start: Int, count: Int)
        case error(Int)
    }

    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyCount: Int32
        /// The number's bytes (after the key), or -1 - the error's index.
        var valueStart: Int32
        var valueCount: Int32
    }

    /// Entry indices by hash (a power of two, at least twice the entries), -1 empty.
    private var slots: [Int32]
    private var entries: [Entry] = []
    private var buffer: [UInt8] = []
    private var errors: [ValueError] = []
    /// The bytes counted against ``maximumBytes`` (keys, numbers, messages, 64 an entry).
    private var bytes = 0
    /// Lookups and hits since the window began.
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
        var size = 16
        while size < 2 * maximumEntries { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
    }

    /// A hash of a text's bytes, eight at a time (texts made to collide cost
    /// at most a window of lookups before the cache rests).
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(text.count)
        let raw = UnsafeRawBufferPointer(text)
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
        return h ^ (h >> 32)
    }

    private func find(_ text: UnsafeBufferPointer<UInt8>, _ hash: UInt64) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let k = Int(slots[slot])
            if k < 0 { return (slot, nil) }
            let e = entries[k]
            if e.hash == hash && Int(e.keyCount) == text.count {
                let same = buffer.withUnsafeBufferPointer { b in
                    text.count == 0 || memcmp(b.baseAddress! + Int(e.keyStart), text.baseAddress!, text.count) == 0
                }
                if same { return (slot, k) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// What `text` (of hash ``hash(_:)``) read as, if it was met.
    mutating func reading(of text: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Known? {
        lookups += 1
        var known: Known? = nil
        if let k = find(text, hash).entry {
            hits += 1
            let e = entries[k]
            known =
                e.valueStart >= 0
                ? .number(start: Int(e.valueStart), count: Int(e.valueCount)) : .error(Int(-1 - e.valueStart))
        }
        if lookups >= window {
            if hits * 8 < lookups {
                clear()
                resting = restLength
            }
            lookups = 0
            hits = 0
        }
        return known
    }

    /// Calls `body` with a number's bytes.
    func withNumber(_ start: Int, _ count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(ValueError) -> Void)
        throws(ValueError)
    {
        try buffer.withUnsafeBufferPointer { (b) throws(ValueError) in
            try body(UnsafeBufferPointer(rebasing: b[start..<(start + count)]))
        }
    }

    func error(_ index: Int) -> ValueError { errors[index] }

    /// Whether this text is read without the cache (counting the rest down).
    mutating func rests() -> Bool {
        guard resting > 0 else { return false }
        resting -= 1
        return true
    }

    private mutating func clear() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        entries.removeAll(keepingCapacity: true)
        buffer.removeAll(keepingCapacity: true)
        errors.removeAll(keepingCapacity: true)
        bytes = 0
    }

    mutating func keep(_ result: Result<[UInt8], ValueError>, for text: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        let size: Int
        switch result {
        case .success(let number): size = text.count + number.count + 64
        case .failure(let error): size = text.count + error.message.utf8.count + 64
        }
        if entries.count >= maximumEntries || bytes + size > maximumBytes { clear() }
        guard size <= maximumBytes else { return }
        let (slot, known) = find(text, hash)
        guard known == nil else { return }
        var entry = Entry(
            hash: hash, keyStart: Int32(buffer.count), keyCount: Int32(text.count), valueStart: 0, valueCount: 0)
        buffer.append(contentsOf: text)
        switch result {
        case .success(let number):
            entry.valueStart = Int32(buffer.count)
            entry.valueCount = Int32(number.count)
            buffer.append(contentsOf: number)
        case .failure(let error):
            entry.valueStart = -1 - Int32(errors.count)
            errors.append(error)
        }
        slots[slot] = Int32(entries.count)
        entries.append(entry)
        bytes += size
    }
}
