/// A first guess at a number in words, from a table of the words the rules
/// write, for ``SpelloutReader`` to check by writing it back.
///
/// The walk over the rules is a complete search: exact, but tens of
/// microseconds a text. Most texts are what the writer wrote, and those
/// read as the plain arithmetic of their words: each word of the rules is
/// a value to add (`twenty`, `삼`, `cinquante`) or a multiplier (`hundred`,
/// `천`, `mille`), and a multiplier takes the sum of the smaller values just
/// before it (`two hundred thirty-four thousand`: 2×100+30+4, ×1000). This
/// table holds each word with its role, taken from the rules the writer
/// uses; ``guesses(_:)`` cuts the folded text into its words and adds them up.
///
/// The guess decides nothing by itself. The text is cut into the table's
/// words in every way it can be (at most ``maximumCuts``), each cut is read
/// by the arithmetic, and the reader takes a number only when it is the one
/// among them that the writer, given it, writes back as the text; any other
/// text goes to the walk. A number the walk reads is written by the rules
/// as the text, so its words are one of the cuts; where the arithmetic of
/// that cut is the number, a second reading would be a second guess that
/// writes back, which sends the text to the walk. That the arithmetic
/// agrees with the walk is held by `SpelloutTableTests` in every language
/// and numbering system, and by the `words` fuzz target on any bytes.
struct WordTable: Sendable {
    enum Role: UInt8 {
        /// A value added (`twenty`: 20).
        case additive
        /// Multiplies the smaller values before it (`hundred`: 100).
        case multiplier
        /// Begins a negative number (`minus`).
        case negative
        /// Ends the integer part; the digits follow one word each (`point`).
        case point
        /// A word of the rules with no one meaning here: the text goes to the walk.
        case unknown
        /// A text beside a `==` substitution (zh `〇` in `〇=%spellout-numbering=`):
        /// adds nothing, and gives way to any other meaning of the word.
        case filler
    }

    struct Entry {
        var start: Int32
        var count: Int32
        var role: Role
        var value: UInt64
    }

    /// The words' folded bytes, one after another.
    private let bytes: [UInt8]
    /// The words, grouped by ``bucket(_:_:)`` of their first two bytes.
    private let entries: [Entry]
    /// Where each bucket's words begin in ``entries`` (257 offsets).
    private let bucketStarts: [Int32]
    /// Words of one byte (checked at every place).
    private let shortEntries: [Entry]
    /// Every word (``entries`` then ``shortEntries``) by its bytes' hash,
    /// open addressing: the word's index, -1 for an empty slot. Empty when
    /// a word holds a space (the whole-word lookup then never applies).
    private let slots: [Int16]
    /// By word (as in ``slots``): whether its bytes are cut into the
    /// table's words in no other way than as itself.
    private let whole: [Bool]
    /// Whether no word of the table begins another (ko: `일`, `천`,
    /// `마이너스`): a text then has at most one cut, found word by word.
    let prefixFree: Bool

    /// The most words and spaces between them a guess reads (a text of more goes to the walk).
    static let maximumWords = 256

    @inline(__always)
    private static func bucket(_ a: UInt8, _ b: UInt8) -> Int { Int((a &* 31) ^ b) }

    /// The table of the words the rule set `start` and the sets it names
    /// write, each folded as ``SpelloutReader/fold(_:dropping:trim:)`` folds them.
    init(formatter: SpelloutFormatter, pieceTexts: [[UInt8]], choiceTexts: [[[UInt8]]]) {
        let v = formatter.compiled.view
        var meanings: [[UInt8]: (role: Role, value: UInt64)] = [:]
        func add(_ raw: [UInt8], _ role: Role, _ value: UInt64) {
            var word = raw[...]
            while word.first == 0x20 { word = word.dropFirst() }
            while word.last == 0x20 { word = word.dropLast() }
            guard !word.isEmpty else { return }
            let key = Array(word)
            guard let known = meanings[key], known.role != .filler else {
                meanings[key] = (role, value)
                return
            }
            if (known.role == role && known.value == value) || role == .filler { return }
            // `천` for 1000 and `<<천` for 2000: a multiplier with nothing before it counts once.
            let pair = [known.role, role]
            if pair.contains(.additive) && pair.contains(.multiplier) && known.value == value {
                meanings[key] = (.multiplier, value)
            } else {
                meanings[key] = (.unknown, 0)
            }
        }
        /// The texts of piece `p` (a text, or each choice of a plural).
        func texts(_ p: Int) -> [[UInt8]] {
            switch v.pieces[p].op {
            case .text: return [pieceTexts[p]]
            case .plural: return choiceTexts[Int(v.pieces[p].a)]
            default: return []
            }
        }
        func isBlank(_ p: Int) -> Bool { texts(p).allSatisfy { $0.allSatisfy { $0 == 0x20 } } }

        var seen = Swift.Set<Int32>()
        var pending: [Int32] = [Int32(formatter.start)]
        func follow(_ rule: CompiledRules.Rule, own: Int32) {
            for p in Int(rule.pieceStart)..<Int(rule.pieceEnd) {
                let piece = v.pieces[p]
                switch piece.op {
                case .quotient, .remainder, .remainderByPrevious, .same:
                    let target = piece.target == -1 ? own : piece.target
                    if target >= 0 && seen.insert(target).inserted { pending.append(target) }
                default: continue
                }
            }
        }
        seen.insert(Int32(formatter.start))
        while let s = pending.popLast() {
            let set = v.sets[Int(s)]
            if set.isFraction { continue }
            let first = Int(set.normalStart)
            for k in first..<(first + Int(set.normalCount)) {
                let rule = v.rules[k]
                follow(rule, own: s)
                let range = Int(rule.pieceStart)..<Int(rule.pieceEnd)
                let quotient = range.first { v.pieces[$0].op == .quotient }
                let same = range.contains { v.pieces[$0].op == .same }
                // The word that carries the rule's value: the first text
                // after the quotient (a multiplier), or the rule's first text.
                var named = false
                for p in range where v.pieces[p].op == .text || v.pieces[p].op == .plural {
                    if isBlank(p) { continue }
                    let role: Role
                    var value: UInt64 = 0
                    if same {
                        role = .filler
                    } else if named || (quotient.map { p < $0 } ?? false) {
                        role = .unknown
                    } else if quotient != nil {
                        role = .multiplier
                        value = rule.divisor
                    } else {
                        role = .additive
                        value = rule.hasRemainder ? rule.base - rule.base % max(rule.divisor, 1) : rule.base
                    }
                    named = true
                    for text in texts(p) { add(text, role, value) }
                }
            }
            for (k, role) in [
                (set.negative, Role.negative), (set.improperFraction, .point), (set.properFraction, .point),
            ]
            where k >= 0 {
                let rule = v.rules[Int(k)]
                follow(rule, own: s)
                for p in Int(rule.pieceStart)..<Int(rule.pieceEnd) where v.pieces[p].op == .text {
                    add(pieceTexts[p], role, 0)
                }
                // A fraction said by a fraction rule set (numerators over denominators) is left to the walk.
                if role == .point {
                    for p in Int(rule.pieceStart)..<Int(rule.pieceEnd)
                    where v.pieces[p].op != .text && v.pieces[p].target >= 0
                        && v.sets[Int(v.pieces[p].target)].isFraction
                    {
                        for q in Int(rule.pieceStart)..<Int(rule.pieceEnd) where v.pieces[q].op == .text {
                            add(pieceTexts[q], .unknown, 0)
                        }
                    }
                }
            }
            if set.master >= 0 { follow(v.rules[Int(set.master)], own: s) }
        }

        // Edges name a word by an Int16: a table of more words guesses nothing (none comes near).
        if meanings.count >= Int(Int16.max) - 2 { meanings = [:] }
        var bytes: [UInt8] = []
        var buckets = [[Entry]](repeating: [], count: 256)
        var short: [Entry] = []
        for (word, meaning) in meanings.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let entry = Entry(
                start: Int32(bytes.count), count: Int32(word.count), role: meaning.role, value: meaning.value)
            bytes += word
            if word.count == 1 {
                short.append(entry)
            } else {
                buckets[Self.bucket(word[0], word[1])].append(entry)
            }
        }
        var starts: [Int32] = [0]
        var entries: [Entry] = []
        for list in buckets {
            entries += list
            starts.append(Int32(entries.count))
        }
        self.bytes = bytes
        self.entries = entries
        self.bucketStarts = starts
        self.shortEntries = short
        // The whole-word lookup: for tables whose words hold no space (each
        // word of a text between spaces is then cut on its own).
        let all = entries + short
        let spaced = all.contains { e in bytes[Int(e.start)..<Int(e.start + e.count)].contains(0x20) }
        var slots: [Int16] = []
        var whole: [Bool] = []
        if !spaced && !all.isEmpty {
            var size = 16
            while size < 2 * all.count { size *= 2 }
            slots = [Int16](repeating: -1, count: size)
            for (k, e) in all.enumerated() {
                var h = Self.hash(bytes[Int(e.start)..<Int(e.start + e.count)]) & (size - 1)
                while slots[h] >= 0 { h = (h + 1) & (size - 1) }
                slots[h] = Int16(k)
            }
            // A word is whole when the one cut of its bytes is itself.
            let words = all.map { Array(bytes[Int($0.start)..<Int($0.start + $0.count)]) }
            whole = words.map { word in
                var cuts = [Int](repeating: 0, count: word.count + 1)
                cuts[0] = 1
                for i in 0..<word.count where cuts[i] > 0 {
                    for w in words where w.count <= word.count - i && word[i..<(i + w.count)].elementsEqual(w) {
                        cuts[i + w.count] = min(2, cuts[i + w.count] + cuts[i])
                    }
                }
                return cuts[word.count] == 1
            }
        }
        self.slots = slots
        self.whole = whole
        let texts = all.map { bytes[Int($0.start)..<Int($0.start + $0.count)] }
        prefixFree =
            !all.isEmpty
            && !texts.indices.contains { i in
                texts.indices.contains { j in
                    i != j && texts[i].count <= texts[j].count && texts[j].starts(with: texts[i])
                }
            }
    }

    /// FNV-1a of `bytes`.
    @inline(__always)
    static func hash(_ bytes: some Collection<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }

    /// How many words the table holds (for the tests).
    var count: Int { entries.count + shortEntries.count }

    /// The words with their roles and values (for the tests).
    var words: [(word: String, role: Role, value: UInt64)] {
        (entries + shortEntries).map {
            (String(decoding: bytes[Int($0.start)..<Int($0.start + $0.count)], as: UTF8.self), $0.role, $0.value)
        }
    }

    /// The most ways to cut a text into words that a guess tries (a text
    /// with more goes to the walk).
    static let maximumCuts = 16

    /// The numbers the folded `input` reads as by its words' arithmetic,
    /// one for each way to cut it into the table's words (at most
    /// ``maximumCuts``), distinct. Empty for a text not cut into the table's
    /// words, cut in too many ways, or whose words are out of place
    /// (`minus` after the first word, a word after `point` that is not a
    /// digit), of no one meaning, or past `UInt64`.
    ///
    /// Its scratch is on the stack for texts of up to 254 bytes with up to
    /// 85 words and spaces starting in them (every number most languages
    /// write), on the heap past that.
    ///
    /// A text whose words between spaces are each a whole word of the table
    /// (``whole``) has one cut, found by looking each up
    /// (``wholeWords(_:)``); any other is cut by ``guessesByCuts(_:)``.
    func guesses(_ input: [UInt8]) -> [SpelloutReader.Number] {
        input.withUnsafeBufferPointer { text in
            switch guess(text) {
            case .number(let number): [number]
            case .noNumber: []
            case .cuts: guessesByCuts(text)
            }
        }
    }

    /// What a text's one cut reads as, or that it has to be cut in every way.
    enum Guess {
        /// The one cut reads as this number.
        case number(SpelloutReader.Number)
        /// The one cut reads as no number (words out of place, past `UInt64`).
        case noNumber
        /// Not cut by whole words or word by word: ``guessesByCuts(_:)`` decides.
        case cuts
    }

    /// ``guesses(_:)`` for a text with one cut, with no array: by whole
    /// words, else word by word where no word begins another.
    func guess(_ input: UnsafeBufferPointer<UInt8>) -> Guess {
        let whole = wholeWords(input)
        if case .cuts = whole, prefixFree { return wordByWord(input) }
        return whole
    }

    /// The guess of a text by a table where no word begins another: at
    /// each place at most one word matches, so the cut is found word by
    /// word. `[]` or the one number; nil for a text not so cut.
    func wordByWord(_ input: [UInt8]) -> [SpelloutReader.Number]? {
        input.withUnsafeBufferPointer { Self.numbers(wordByWord($0)) }
    }

    /// `guess` as the tests see it: nil for ``Guess/cuts``.
    private static func numbers(_ guess: Guess) -> [SpelloutReader.Number]? {
        switch guess {
        case .number(let number): [number]
        case .noNumber: []
        case .cuts: nil
        }
    }

    private func wordByWord(_ text: UnsafeBufferPointer<UInt8>) -> Guess {
        guard !text.isEmpty, text.count <= SpelloutReader.maximumLength else { return .cuts }
        return bytes.withUnsafeBufferPointer { words in
            entries.withUnsafeBufferPointer { entries in
                shortEntries.withUnsafeBufferPointer { short in
                    bucketStarts.withUnsafeBufferPointer { buckets in
                        withUnsafeTemporaryAllocation(of: Entry.self, capacity: 40) { found in
                            Self.wordByWord(
                                text, Storage(words: words, entries: entries, short: short, buckets: buckets),
                                into: found)
                        }
                    }
                }
            }
        }
    }

    /// ``wordByWord(_:)`` on raw storage, the words into `found` (more
    /// words than it holds: nil, the cuts decide).
    private static func wordByWord(
        _ text: UnsafeBufferPointer<UInt8>, _ table: Storage, into found: UnsafeMutableBufferPointer<Entry>
    ) -> Guess {
        let n = text.count
        let words = table.words
        var count = 0
        var i = 0
        while i < n {
            let b = text[i]
            if b == 0x20 {
                i += 1
                continue
            }
            var match: Entry? = nil
            for e in table.short where words[Int(e.start)] == b {
                match = e
                break
            }
            if match == nil && i + 1 < n {
                let second = text[i + 1]
                let bucket = Self.bucket(b, second)
                for k in Int(table.buckets[bucket])..<Int(table.buckets[bucket + 1]) {
                    let e = table.entries[k]
                    let length = Int(e.count)
                    guard i + length <= n else { continue }
                    let start = Int(e.start)
                    if words[start] != b || words[start + 1] != second { continue }
                    if same(words.baseAddress! + start + 2, text.baseAddress! + i + 2, length - 2) {
                        match = e
                        break
                    }
                }
            }
            guard let e = match, count < found.count else { return .cuts }
            found[count] = e
            count += 1
            i += Int(e.count)
        }
        guard count > 0 else { return .cuts }
        return evaluate(UnsafeBufferPointer(rebasing: found[..<count])).map(Guess.number) ?? .noNumber
    }

    /// The guess of a text whose words are each a whole word of the table:
    /// `[]` or the one number; nil for any other text.
    func wholeWords(_ input: [UInt8]) -> [SpelloutReader.Number]? {
        input.withUnsafeBufferPointer { Self.numbers(wholeWords($0)) }
    }

    private func wholeWords(_ text: UnsafeBufferPointer<UInt8>) -> Guess {
        guard !slots.isEmpty, !text.isEmpty, text.count <= SpelloutReader.maximumLength else { return .cuts }
        return bytes.withUnsafeBufferPointer { words in
            entries.withUnsafeBufferPointer { entries in
                shortEntries.withUnsafeBufferPointer { short in
                    slots.withUnsafeBufferPointer { slots in
                        whole.withUnsafeBufferPointer { whole in
                            withUnsafeTemporaryAllocation(of: Entry.self, capacity: 40) { found in
                                Self.wholeWords(
                                    text, words: words, entries: entries, short: short, slots: slots, whole: whole,
                                    into: found)
                            }
                        }
                    }
                }
            }
        }
    }

    /// ``wholeWords(_:)`` on raw storage, the words found into `found` (more
    /// words than it holds: nil, the cuts decide).
    private static func wholeWords(
        _ text: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>, entries: UnsafeBufferPointer<Entry>,
        short: UnsafeBufferPointer<Entry>, slots: UnsafeBufferPointer<Int16>, whole: UnsafeBufferPointer<Bool>,
        into found: UnsafeMutableBufferPointer<Entry>
    ) -> Guess {
        let n = text.count
        let mask = slots.count - 1
        var count = 0
        var start = 0
        while start < n {
            var end = start
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            while end < n && text[end] != 0x20 {
                h = (h ^ UInt64(text[end])) &* 0x100_0000_01B3
                end += 1
            }
            if end > start {
                let length = end - start
                var slot = Int(truncatingIfNeeded: h ^ (h >> 32)) & mask
                var match = -1
                while slots[slot] >= 0 {
                    let k = Int(slots[slot])
                    let e = k < entries.count ? entries[k] : short[k - entries.count]
                    if Int(e.count) == length
                        && same(words.baseAddress! + Int(e.start), text.baseAddress! + start, length)
                    {
                        match = k
                        break
                    }
                    slot = (slot + 1) & mask
                }
                guard match >= 0, whole[match], count < found.count else { return .cuts }
                found[count] = match < entries.count ? entries[match] : short[match - entries.count]
                count += 1
            }
            start = end + 1
        }
        guard count > 0 else { return .cuts }
        return evaluate(UnsafeBufferPointer(rebasing: found[..<count])).map(Guess.number) ?? .noNumber
    }

    /// Whether the `count` bytes at `a` and `b` are the same (a word is a
    /// few bytes: a loop costs less than a call to `memcmp`).
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k &+= 1
        }
        return true
    }

    /// ``guesses(_:)`` by every cut of the text into the table's words.
    func guessesByCuts(_ input: [UInt8]) -> [SpelloutReader.Number] {
        input.withUnsafeBufferPointer { guessesByCuts($0) }
    }

    func guessesByCuts(_ text: UnsafeBufferPointer<UInt8>) -> [SpelloutReader.Number] {
        let n = text.count
        guard n > 0, n <= SpelloutReader.maximumLength else { return [] }
        return bytes.withUnsafeBufferPointer { words in
            entries.withUnsafeBufferPointer { entries in
                shortEntries.withUnsafeBufferPointer { short in
                    bucketStarts.withUnsafeBufferPointer { buckets in
                        let table = Storage(words: words, entries: entries, short: short, buckets: buckets)
                        // 85 edges: 1,020 bytes (what the stack takes); the
                        // most that can start in a text: a word a byte a place, four a place.
                        for capacity in [85, 4 * n + 8] {
                            let found = withUnsafeTemporaryAllocation(of: Edge.self, capacity: capacity) { edges in
                                withUnsafeTemporaryAllocation(of: Int16.self, capacity: 2 * (n + 2)) { places in
                                    Self.guesses(table, text, edges, places)
                                }
                            }
                            if let found { return found }
                        }
                        return []
                    }
                }
            }
        }
    }

    /// The table's arrays, bound for one guess.
    private struct Storage {
        let words: UnsafeBufferPointer<UInt8>
        let entries: UnsafeBufferPointer<Entry>
        let short: UnsafeBufferPointer<Entry>
        let buckets: UnsafeBufferPointer<Int32>

        /// The entry of an edge's word (`-2 - k`: the one-byte word `k`; `-1`: a space).
        func entry(_ word: Int16) -> Entry {
            word >= 0 ? entries[Int(word)] : word <= -2 ? short[Int(-2 - word)] : WordTable.space
        }
    }

    /// A word of the text: from `from` to `to`, the entry (`-1` a space,
    /// `-2 - k` the one-byte word `k`).
    struct Edge {
        var from: Int16
        var to: Int16
        var word: Int16
    }

    /// ``guesses(_:)`` on raw storage: `edges` for the words starting in
    /// the text (nil when they are more: the caller gives more room),
    /// `places` `2 * (count + 2)` (where each place's edges begin, then how
    /// many cuts the rest of the text has from each place). Texts are at
    /// most ``SpelloutReader/maximumLength`` bytes, so places and edges (at
    /// most four a byte) fit an `Int16`; the table's words too (fewer than 32,768).
    private static func guesses(
        _ table: Storage, _ text: UnsafeBufferPointer<UInt8>, _ edges: UnsafeMutableBufferPointer<Edge>,
        _ places: UnsafeMutableBufferPointer<Int16>
    ) -> [SpelloutReader.Number]? {
        let n = text.count
        let firstEdge = UnsafeMutableBufferPointer(rebasing: places[0..<(n + 2)])
        let cuts = UnsafeMutableBufferPointer(rebasing: places[(n + 2)...])
        cuts.initialize(repeating: 0)
        // Forward: the words from each place reached from the start.
        var count = 0
        let capacity = edges.count
        cuts[0] = 1  // reached (the cuts are counted below, backward)
        let words = table.words
        for i in 0..<n {
            firstEdge[i] = Int16(count)
            guard cuts[i] != 0 else { continue }
            let b = text[i]
            if b == 0x20 {
                guard count < capacity else { return nil }
                edges[count] = Edge(from: Int16(i), to: Int16(i + 1), word: -1)
                count += 1
                cuts[i + 1] = 1
                continue
            }
            for k in 0..<table.short.count where words[Int(table.short[k].start)] == b {
                guard count < capacity else { return nil }
                edges[count] = Edge(from: Int16(i), to: Int16(i + 1), word: -2 - Int16(k))
                count += 1
                cuts[i + 1] = 1
            }
            guard i + 1 < n else { continue }
            let second = text[i + 1]
            let bucket = Self.bucket(b, second)
            for k in Int(table.buckets[bucket])..<Int(table.buckets[bucket + 1]) {
                let e = table.entries[k]
                let length = Int(e.count)
                guard i + length <= n else { continue }
                let start = Int(e.start)
                // A bucket holds other first bytes too: the first two checked apart.
                if words[start] != b || words[start + 1] != second { continue }
                var j = 2
                while j < length && words[start + j] == text[i + j] { j += 1 }
                guard j == length else { continue }
                guard count < capacity else { return nil }
                edges[count] = Edge(from: Int16(i), to: Int16(i + length), word: Int16(k))
                count += 1
                cuts[i + length] = 1
            }
        }
        firstEdge[n] = Int16(count)
        firstEdge[n + 1] = Int16(count)
        guard cuts[n] != 0 else { return [] }
        // Backward: how many cuts the rest of the text has from each place.
        let limit = Int16(Self.maximumCuts + 1)
        cuts.update(repeating: 0)
        cuts[n] = 1
        for k in stride(from: count - 1, through: 0, by: -1) {
            let e = edges[k]
            cuts[Int(e.from)] = min(limit, cuts[Int(e.from)] + cuts[Int(e.to)])
        }
        guard cuts[0] > 0 && cuts[0] < limit else { return [] }
        // Each cut, depth first, along the edges that reach the end:
        // chosen[d], the edge taken at depth d (its words: the cut so far).
        let depthLimit = Self.maximumWords
        return withUnsafeTemporaryAllocation(of: Int16.self, capacity: depthLimit) { chosen in
            var found: [SpelloutReader.Number] = []
            var depth = 0
            var next = firstEdge[0]  // the next edge to try at this depth
            var place = 0
            while true {
                if place == n {
                    if let number = Self.evaluate(table, edges, UnsafeBufferPointer(rebasing: chosen[..<depth])),
                        !found.contains(number)
                    {
                        found.append(number)
                    }
                } else {
                    let end = firstEdge[place + 1]
                    var k = next
                    while k < end && cuts[Int(edges[Int(k)].to)] == 0 { k += 1 }
                    if k < end {
                        guard depth < depthLimit else { return [] }
                        chosen[depth] = k
                        depth += 1
                        place = Int(edges[Int(k)].to)
                        next = firstEdge[place]
                        continue
                    }
                }
                // Back up: the next edge at the depth before.
                guard depth > 0 else { break }
                depth -= 1
                let last = edges[Int(chosen[depth])]
                place = Int(last.from)
                next = chosen[depth] + 1
            }
            return found
        }
    }

    /// A space between words: adds nothing.
    static let space = Entry(start: 0, count: 0, role: .filler, value: 0)

    /// The terms ``evaluate(_:_:_:)`` holds at most (a number of more goes to the walk).
    static let maximumTerms = 128

    /// The arithmetic of the cut's words in order.
    private static func evaluate(
        _ table: Storage, _ edges: UnsafeMutableBufferPointer<Edge>, _ cut: UnsafeBufferPointer<Int16>
    ) -> SpelloutReader.Number? {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maximumTerms) { terms in
            evaluate(cut.lazy.map { table.entry(edges[Int($0)].word) }, terms)
        }
    }

    /// The arithmetic of `words` in order.
    static func evaluate(_ words: UnsafeBufferPointer<Entry>) -> SpelloutReader.Number? {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maximumTerms) { terms in evaluate(words, terms) }
    }

    /// ``evaluate(_:)`` with room for ``maximumTerms`` terms in `terms`.
    private static func evaluate(
        _ words: some Sequence<Entry>, _ terms: UnsafeMutableBufferPointer<UInt64>
    ) -> SpelloutReader.Number? {
        var number = SpelloutReader.Number(integer: 0)
        var count = 0
        var first = true
        var inFraction = false
        var sawInteger = false
        for e in words {
            defer { first = false }
            if inFraction {
                if e.role == .filler { continue }
                guard e.role == .additive, e.value < 10 else { return nil }
                number.fraction.append(0x30 + UInt8(e.value))
                continue
            }
            switch e.role {
            case .unknown:
                return nil
            case .negative:
                guard first else { return nil }
                number.negative = true
            case .point:
                guard sawInteger else { return nil }
                inFraction = true
            case .filler:
                continue
            case .additive:
                guard count < terms.count else { return nil }
                terms[count] = e.value
                count += 1
                sawInteger = true
            case .multiplier:
                var sum: UInt64 = 0
                var taken = false
                while count > 0 && terms[count - 1] < e.value {
                    let (s, o) = sum.addingReportingOverflow(terms[count - 1])
                    guard !o else { return nil }
                    sum = s
                    taken = true
                    count -= 1
                }
                let (product, o) = (taken ? sum : 1).multipliedReportingOverflow(by: e.value)
                guard !o, count < terms.count else { return nil }
                terms[count] = product
                count += 1
                sawInteger = true
            }
        }
        guard sawInteger, !inFraction || !number.fraction.isEmpty else { return nil }
        var total: UInt64 = 0
        for t in terms[..<count] {
            let (s, o) = total.addingReportingOverflow(t)
            guard !o else { return nil }
            total = s
        }
        number.integer = total
        return number
    }
}
