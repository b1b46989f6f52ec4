#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads numbers written by a ``SpelloutFormatter`` back to their exact
/// digits: the same compiled rules walked the other way ("one notation, two
/// directions").
///
/// The walk is ICU's RBNF parse on exact integers, but complete rather than
/// greedy: every rule of a set is tried at a position (a rule's texts must
/// match, its substitutions are read by their rule sets, a quotient below
/// the rule's base, a remainder below its divisor), and every reading that
/// ends where the text ends is a candidate. A candidate counts only when the
/// writer, given the number, writes the text back; so the reader takes
/// exactly what the writer writes, and the round trip holds by construction.
/// Two numbers that both write the text are an `ambiguous-notation` error.
///
/// What it tolerates is named, and applied to the text and the writer's
/// output alike by ``fold(_:dropping:)``: letter case, soft hyphens, hyphens or spaces
/// between words (`twenty-one`, `twenty one`), runs of blanks, blanks at the
/// ends, and words to drop (English `and`: `one hundred and five`).
///
/// Bounds: a text of at most ``maximumLength`` bytes (folded), and at most
/// ``maximumSteps`` rule tries for one text, so that any input is answered
/// in time linear in the input.
public struct SpelloutReader: Sendable {
    let formatter: SpelloutFormatter
    /// The folded bytes of each text piece, by piece index (empty for other pieces).
    let pieceTexts: [[UInt8]]
    /// The folded texts of each plural choice list, by choice index.
    let choiceTexts: [[[UInt8]]]
    /// Words dropped from the text and the writer's output before they are compared.
    let dropped: [[UInt8]]
    /// Where each normal rule's range ends: the next greater base of its set (by rule index).
    let limits: [UInt64]
    /// What the error messages call the words (`en words`, `roman numerals`).
    let name: String
    /// The words each rule's texts hold (runs of two bytes or more without a
    /// space, as indices into ``needles``), by rule index: a rule matches
    /// at a place only when each of them is in the text from there on.
    let ruleNeeds: [[Int32]]
    /// The distinct words of ``ruleNeeds``.
    let needles: [[UInt8]]
    /// The words of the rules with their values: a first guess, taken when
    /// it writes back (``WordTable``), before the walk.
    let table: WordTable

    /// The longest folded text read (longer than any number the rules write).
    public static let maximumLength = 2048
    /// The most rule tries spent on one text.
    static let maximumSteps = 200_000

    init(formatter: SpelloutFormatter, name: String, dropping: [String] = []) {
        self.formatter = formatter
        self.name = name
        let dropped = dropping.map { Array($0.utf8) }
        self.dropped = dropped
        let v = formatter.compiled.view
        pieceTexts = v.pieces.map { piece in
            piece.op == .text
                ? Self.fold(
                    UnsafeBufferPointer(rebasing: v.text[Int(piece.a)..<Int(piece.b)]), dropping: [], trim: false)
                : []
        }
        choiceTexts = formatter.compiled.choices.map { list in
            list.map { Self.fold($0.text, dropping: [], trim: false) }
        }
        var limits = [UInt64](repeating: .max, count: v.rules.count)
        for set in v.sets {
            let first = Int(set.normalStart)
            let end = first + Int(set.normalCount)
            var limit = UInt64.max
            for k in (first..<end).reversed() {
                limits[k] = limit
                // A rule that gives way to the one before it for multiples
                // of its divisor (de `1001: <<tausend>>` for 9000) ends no range.
                let rule = v.rules[k]
                let rollsBack = rule.hasRemainder && rule.base % rule.divisor != 0
                if k > first && v.rules[k - 1].base < rule.base && !rollsBack { limit = rule.base }
            }
        }
        self.limits = limits
        var needles: [[UInt8]] = []
        var needleIndex: [[UInt8]: Int32] = [:]
        let texts = pieceTexts
        ruleNeeds = v.rules.map { rule in
            var needs: [Int32] = []
            for p in Int(rule.pieceStart)..<Int(rule.pieceEnd) where v.pieces[p].op == .text {
                for run in texts[p].split(separator: 0x20) where run.count >= 2 {
                    let word = Array(run)
                    let id: Int32
                    if let known = needleIndex[word] {
                        id = known
                    } else {
                        id = Int32(needles.count)
                        needleIndex[word] = id
                        needles.append(word)
                    }
                    if !needs.contains(id) { needs.append(id) }
                }
            }
            return needs
        }
        self.needles = needles
        table = WordTable(formatter: formatter, pieceTexts: pieceTexts, choiceTexts: choiceTexts)
    }

    /// The reader of `locale`'s words (what `coinfmt --style words` writes), or nil without rules.
    public static func words(locale: LocaleID) -> SpelloutReader? {
        guard let formatter = SpelloutFormatter.words(locale: locale.identifier) else { return nil }
        let language = LocaleSubtags(locale).language
        return SpelloutReader(
            formatter: formatter, name: "\(locale.identifier) words", dropping: language == "en" ? ["and"] : [])
    }

    /// The reader of the numbering system `name` (`roman`, `hebr`, `hans`, ...), or nil.
    public static func numerals(_ name: String) -> SpelloutReader? {
        guard let formatter = NumeralSystems.formatter(name) else { return nil }
        return SpelloutReader(formatter: formatter, name: "\(name) numerals")
    }

    // MARK: Folding

    /// `bytes` as compared: lower case, hyphens and blanks (space, tab,
    /// no-break spaces) as one space, and with `trim` no blanks at the ends
    /// and the `dropping` words left out.
    ///
    /// One pass over the bytes where no letter changes case but ASCII's
    /// (Hangul, Han, kana, the scripts of South and Southeast Asia, Arabic,
    /// Hebrew: U+0590-U+1CFF but Georgian, Cherokee and Cyrillic Extended-C,
    /// U+2E80-U+D7FF but Cyrillic Extended-B and Latin Extended-D, and
    /// U+F900-U+FEFF); other text is lowercased by
    /// Unicode's rules (``foldByScalars(_:dropping:trim:)``, the same result).
    static func fold(_ bytes: some Collection<UInt8>, dropping: [[UInt8]], trim: Bool = true) -> [UInt8] {
        // Folding never lengthens a text: each byte gives at most one.
        var folded = true
        var out = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count =
                bytes.withContiguousStorageIfAvailable { foldBytes($0, into: buffer) }
                ?? Array(bytes).withUnsafeBufferPointer { foldBytes($0, into: buffer) }
            if count < 0 {
                folded = false
                count = 0
            }
        }
        guard folded else { return foldByScalars(bytes, dropping: dropping, trim: trim) }
        guard trim else { return out }
        while out.last == 0x20 { out.removeLast() }
        if out.first == 0x20 { out.removeFirst() }
        if !dropping.isEmpty && out.withUnsafeBytes({ mayHold($0, dropping) }) {
            let kept = out.withUnsafeMutableBufferPointer { dropWords($0, dropping) }
            out.removeLast(out.count - kept)
        }
        return out
    }

    /// ``fold(_:dropping:trim:)``'s pass without trimming, into `out` (as
    /// long as `p`): the bytes written, or -1 at a scalar whose case may change.
    ///
    /// Eight bytes at a time while they are lowercase ASCII letters,
    /// hyphens and single spaces (most of a Latin text): each eight are
    /// stored whole at `out[written...]`, in bounds since `written <= i` and
    /// `i + 8 <= p.count <= out.count`; only the bytes up to the first other
    /// byte count, the rest are written again. The byte after them goes
    /// the byte at a time way.
    private static func foldBytes(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(out.count >= p.count)
        var written = 0
        var lastWasSpace = false
        var i = 0
        let n = p.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = 0x80 &* ones
        let low = 0x7F &* ones
        while i < n {
            if n &- i >= 8 && p[i] < 0x80 {
                var w = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
                // By byte (high bit): a letter a-z, a space, a hyphen. Exact for
                // the bytes before the first byte of 0x80 or more (whose sums
                // carry into the next byte, which is not counted).
                let letters = (w &+ 0x1F &* ones) & ~(w &+ 0x05 &* ones) & high
                let s = w ^ (0x20 &* ones)
                let h = w ^ (0x2D &* ones)
                let hyphens = ~(((h & low) &+ low) | h | low)
                var spaces = ~(((s & low) &+ low) | s | low)
                w ^= (hyphens >> 7) &* 0x0D  // a hyphen is a space
                spaces |= hyphens
                var bad = ~(letters | spaces) & high | w & high | spaces & (spaces << 8)
                if lastWasSpace { bad |= spaces & 0x80 }
                let k = bad == 0 ? 8 : bad.trailingZeroBitCount >> 3
                UnsafeMutableRawPointer(out.baseAddress! + written).storeBytes(of: w, as: UInt64.self)
                if k > 0 {
                    written &+= k
                    i &+= k
                    lastWasSpace = (spaces >> (8 &* UInt64(k) &- 1)) & 1 != 0
                    if k == 8 { continue }
                }
            }
            // One byte at a time (`i < n`: fewer than eight were taken above).
            let b = p[i]
            if b >= 0x61 && b <= 0x7A {  // the usual byte: a lowercase letter
                out[written] = b
                written += 1
                lastWasSpace = false
                i += 1
                continue
            }
            if b < 0x80 {
                switch b {
                case 0x20, 0x09, 0x2D:
                    if !lastWasSpace {
                        out[written] = 0x20
                        written += 1
                    }
                    lastWasSpace = true
                case 0x41...0x5A:
                    out[written] = b | 0x20
                    written += 1
                    lastWasSpace = false
                default:
                    out[written] = b
                    written += 1
                    lastWasSpace = false
                }
                i += 1
                continue
            }
            if b & 0xF0 == 0xE0 && n &- i >= 3 {
                // The usual scalar past ASCII: three bytes of Han, kana or
                // Hangul (U+2E80-U+A63F, U+A800-U+D7FF, never overlong), copied.
                let c1 = p[i &+ 1]
                let c2 = p[i &+ 2]
                let scalar = UInt32(b & 0x0F) << 12 | UInt32(c1 & 0x3F) << 6 | UInt32(c2 & 0x3F)
                if c1 & 0xC0 == 0x80 && c2 & 0xC0 == 0x80
                    && (scalar &- 0x2E80 <= 0xA63F - 0x2E80 || scalar &- 0xA800 <= 0xD7FF - 0xA800)
                {
                    out[written] = b
                    out[written &+ 1] = c1
                    out[written &+ 2] = c2
                    written &+= 3
                    i &+= 3
                    lastWasSpace = false
                    continue
                }
            }
            // A scalar of 2-4 bytes (malformed UTF-8: the scalar path decides).
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0
            guard length > 0, i + length <= n else { return -1 }
            var scalar = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                let c = p[i + k]
                guard c & 0xC0 == 0x80 else { return -1 }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            // Overlong forms: the scalar path reads them as U+FFFD.
            guard scalar >= (length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000) else { return -1 }
            switch scalar {
            case 0x00A0, 0x2009, 0x202F, 0x2010, 0x2011:
                if !lastWasSpace {
                    out[written] = 0x20
                    written += 1
                }
                lastWasSpace = true
            case 0x00AD, 0x200B:
                break  // soft hyphens and zero-width spaces: never typed
            case 0x0590...0x109F, 0x1100...0x139F, 0x1400...0x1C7F, 0x1CC0...0x1CFF, 0x2E80...0xA63F, 0xA6A0...0xA71F,
                0xA800...0xD7FF, 0xF900...0xFEFF:
                for k in i..<(i + length) {
                    out[written] = p[k]
                    written += 1
                }
                lastWasSpace = false
            default:
                return -1
            }
            i += length
        }
        return written
    }

    /// Whether any of `words` is a word of folded `text` (between spaces or
    /// its ends): when none is, no word is left out.
    private static func mayHold(_ text: UnsafeRawBufferPointer, _ words: [[UInt8]]) -> Bool {
        words.contains { w in
            guard let first = w.first else { return true }
            guard text.count >= w.count else { return false }
            return w.withUnsafeBytes { needle in
                var at = 0
                let last = text.count - w.count  // the last place the word can start
                while at <= last {
                    guard let hit = memchr(text.baseAddress! + at, Int32(first), last - at + 1) else { return false }
                    let place = UnsafeRawPointer(hit) - text.baseAddress!
                    if memcmp(hit, needle.baseAddress!, w.count) == 0
                        && (place == 0 || text[place - 1] == 0x20)
                        && (place + w.count == text.count || text[place + w.count] == 0x20)
                    {
                        return true
                    }
                    at = place + 1
                }
                return false
            }
        }
    }

    /// Leaves the `dropping` words out of folded, trimmed `p`, moving the
    /// rest to its start: how many bytes are kept. Nothing moves until a
    /// word is left out.
    private static func dropWords(_ p: UnsafeMutableBufferPointer<UInt8>, _ dropping: [[UInt8]]) -> Int {
        var shortest = Int.max
        var longest = 0
        for d in dropping {
            shortest = min(shortest, d.count)
            longest = max(longest, d.count)
        }
        let n = p.count
        var kept = 0
        var moved = false
        var start = 0
        while start < n {
            var end = start
            while end < n && p[end] != 0x20 { end += 1 }
            let length = end - start
            var dropped = false
            if length >= shortest && length <= longest {
                for d in dropping where d.count == length {
                    var k = 0
                    while k < length && d[k] == p[start + k] { k += 1 }
                    if k == length {
                        dropped = true
                        break
                    }
                }
            }
            if dropped {
                moved = true
            } else if !moved {
                kept = end
            } else {
                if kept > 0 {
                    p[kept] = 0x20
                    kept += 1
                }
                for k in start..<end {
                    p[kept] = p[k]
                    kept += 1
                }
            }
            start = end + 1
        }
        return kept
    }

    /// ``fold(_:dropping:trim:)`` by Unicode scalars, lowercased by Unicode's rules.
    static func foldByScalars(_ bytes: some Collection<UInt8>, dropping: [[UInt8]], trim: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var lastWasSpace = false
        func space() {
            if !lastWasSpace { out.append(0x20) }
            lastWasSpace = true
        }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            for b in bytes {
                switch b {
                case 0x20, 0x09, 0x2D: space()
                case 0x41...0x5A:
                    out.append(b | 0x20)
                    lastWasSpace = false
                default:
                    out.append(b)
                    lastWasSpace = false
                }
            }
        } else {
            for scalar in String(decoding: bytes, as: UTF8.self).lowercased().unicodeScalars {
                switch scalar {
                case " ", "\t", "-", "\u{00A0}", "\u{2009}", "\u{202F}", "\u{2010}", "\u{2011}": space()
                case "\u{00AD}", "\u{200B}": continue  // soft hyphens and zero-width spaces: never typed
                default:
                    out.append(contentsOf: String(scalar).utf8)
                    lastWasSpace = false
                }
            }
        }
        guard trim else { return out }
        if !dropping.isEmpty {
            var words = out.split(separator: 0x20, omittingEmptySubsequences: true).map(Array.init)
            words.removeAll { dropping.contains($0) }
            return Array(words.joined(separator: [0x20]))
        }
        while out.last == 0x20 { out.removeLast() }
        if out.first == 0x20 { out.removeFirst() }
        return out
    }

    // MARK: Reading

    /// A number read: what ``SpelloutFormatter/Value`` holds, owned.
    struct Number: Hashable {
        var integer: UInt64
        var fraction: [UInt8] = []
        var negative = false

        /// As a machine number: `-12.25`.
        var machine: [UInt8] {
            var digits = 1
            var rest = integer
            while rest >= 10 {
                rest /= 10
                digits += 1
            }
            let sign = negative ? 1 : 0
            let count = sign + digits + (fraction.isEmpty ? 0 : 1 + fraction.count)
            return [UInt8](unsafeUninitializedCapacity: count) { out, written in
                if negative { out[0] = 0x2D }
                var n = integer
                for k in stride(from: sign + digits - 1, through: sign, by: -1) {
                    out[k] = 0x30 + UInt8(n % 10)
                    n /= 10
                }
                if !fraction.isEmpty {
                    out[sign + digits] = 0x2E
                    for (k, d) in fraction.enumerated() { out[sign + digits + 1 + k] = d }
                }
                written = count
            }
        }
    }

    /// The exact number `text` writes, as a machine number (`-1234.5`), or the error.
    public func read(_ text: UnsafeBufferPointer<UInt8>) throws(ValueError) -> [UInt8] {
        // The usual text, at most 1,024 bytes: folded on the stack and read
        // by its words' arithmetic, with no array but the number's.
        var guessed = false
        if text.count <= 1024 {
            let machine: [UInt8]?? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, text.count)) {
                guard let input = Self.fold(text, into: $0, dropping: dropped) else { return nil }
                guard !input.isEmpty, let number = guess(input, as: text) else { return .some(nil) }
                return number.machine
            }
            if let machine {
                if let machine { return machine }
                guessed = true
            }
        }
        let input = Self.fold(text, dropping: dropped)
        guard !input.isEmpty else { throw ValueError(.number(.noDigits), "no number: no words") }
        guard input.count <= Self.maximumLength else {
            throw ValueError(
                .number(.notWords),
                "\(text.count) bytes: longer than any number in \(name) (at most \(Self.maximumLength))")
        }
        // The words' arithmetic first: the one guess the writer writes back
        // as the text is what the walk reads (held to it by SpelloutTableTests).
        if !guessed, let number = guess(input, as: text) { return number.machine }
        // Then the walk, first with the rules whose words are missing left out (which
        // cannot match: the same readings, fewer tries); a text that reads
        // as no number is read again with every rule, so that its error
        // (how far it read, or too many tries) is the complete walk's.
        var parse = walk(input, pruning: true)
        if parse.found.isEmpty || parse.steps > Self.maximumSteps { parse = walk(input, pruning: false) }
        let found = parse.found
        if parse.steps > Self.maximumSteps {
            throw ValueError(.number(.notWords), "not a number in \(name): too many readings to try")
        }
        guard let number = found.first else {
            let near = min(parse.farthest, input.count)
            let rest = String(decoding: input[near...].prefix(24), as: UTF8.self)
            throw ValueError(
                .number(.notWords),
                near == 0
                    ? "'\(rest)' is not a number in \(name)"
                    : "not a number in \(name): the words read as far as '\(rest)' (offset \(near) of the folded text)")
        }
        if found.count > 1 {
            let readings = found.map { String(decoding: $0.machine, as: UTF8.self) }
            throw ValueError(
                .number(.ambiguousNotation),
                "the words read as \(readings.joined(separator: " and as ")) in \(name)")
        }
        return number.machine
    }

    /// The one number of the table's guesses for the folded `input` that
    /// the writer writes back as it, or nil (none, or several: the walk decides).
    /// `text` is the input as read, when known: where the writer writes
    /// exactly it, the folds need not be compared.
    func guess(_ input: [UInt8], as text: UnsafeBufferPointer<UInt8>? = nil) -> Number? {
        input.withUnsafeBufferPointer { guess($0, as: text) }
    }

    private func guess(_ input: UnsafeBufferPointer<UInt8>, as text: UnsafeBufferPointer<UInt8>?) -> Number? {
        switch table.guess(input) {
        case .number(let number): return writesBack(number, input, as: text) ? number : nil
        case .noNumber: return nil
        case .cuts: break
        }
        var hit: Number? = nil
        for number in table.guessesByCuts(input) where writesBack(number, input, as: text) {
            guard hit == nil else { return nil }
            hit = number
        }
        return hit
    }

    /// The numbers the folded `input` reads as (each written back as it),
    /// the rule tries spent, and how far a text piece matched.
    func walk(_ input: [UInt8], pruning: Bool) -> (found: [Number], steps: Int, farthest: Int) {
        var parse = Parse(reader: self, input: input, pruning: pruning)
        let candidates = parse.set(Int32(formatter.start), 0, Mode(bound: .max, negative: true, fraction: true))
        var found: [Number] = []
        for (number, end) in candidates where end == input.count && !found.contains(number) {
            if writesBack(number, input) { found.append(number) }
        }
        return (found, parse.steps, parse.farthest)
    }

    /// Whether the writer writes `number` as `input` (both folded).
    func writesBack(_ number: Number, _ input: [UInt8]) -> Bool {
        input.withUnsafeBufferPointer { writesBack(number, $0, as: nil) }
    }

    private func writesBack(_ number: Number, _ input: UnsafeBufferPointer<UInt8>, as text: UnsafeBufferPointer<UInt8>?)
        -> Bool
    {
        // The text as written first: compared byte by byte as the writer
        // writes, with no output of its own.
        if let text {
            var compared = WrittenAs(text)
            if write(number, into: &compared) && compared.isWhole { return true }
        }
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 64)
        guard write(number, into: &out) else { return false }
        return Self.folds(out, to: input, dropping: dropped)
    }

    /// Writes `number` into `out` by the writer: false where it cannot be written.
    private func write(_ number: Number, into out: inout some RuleOutput) -> Bool {
        do throws(SpelloutFormatter.Failure) {
            try number.fraction.withUnsafeBufferPointer { (digits) throws(SpelloutFormatter.Failure) in
                try formatter.format(
                    SpelloutFormatter.Value(integer: number.integer, fraction: digits, negative: number.negative),
                    into: &out)
            }
        } catch {
            return false
        }
        return true
    }

    /// Whether `bytes` fold to `folded` (``fold(_:dropping:trim:)``),
    /// without an array for texts of up to 1,024 bytes.
    static func folds(_ bytes: [UInt8], to folded: [UInt8], dropping: [[UInt8]]) -> Bool {
        folded.withUnsafeBufferPointer { folds(bytes, to: $0, dropping: dropping) }
    }

    private static func folds(_ bytes: [UInt8], to folded: UnsafeBufferPointer<UInt8>, dropping: [[UInt8]]) -> Bool {
        guard bytes.count <= 1024 else { return fold(bytes, dropping: dropping).elementsEqual(folded) }
        let equal: Bool? = bytes.withUnsafeBufferPointer { p in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, p.count)) { buffer in
                guard let text = fold(p, into: buffer, dropping: dropping) else { return nil }
                guard text.count == folded.count else { return false }
                return text.isEmpty || memcmp(folded.baseAddress!, text.baseAddress!, text.count) == 0
            }
        }
        return equal ?? fold(bytes, dropping: dropping).elementsEqual(folded)
    }

    /// `p` folded into `buffer` (as long as `p`) as ``fold(_:dropping:trim:)``
    /// folds it, trimmed: the folded bytes in `buffer`, or nil where a
    /// scalar's case may change (``foldByScalars(_:dropping:trim:)`` decides).
    private static func fold(
        _ p: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, dropping: [[UInt8]]
    ) -> UnsafeBufferPointer<UInt8>? {
        var count = foldBytes(p, into: buffer)
        guard count >= 0 else { return nil }
        var start = 0
        while count > 0 && buffer[count - 1] == 0x20 { count -= 1 }
        if count > 0 && buffer[0] == 0x20 { start = 1 }
        let text = UnsafeMutableBufferPointer(rebasing: buffer[start..<count])
        let kept =
            dropping.isEmpty || !mayHold(UnsafeRawBufferPointer(text), dropping)
            ? text.count : dropWords(text, dropping)
        return UnsafeBufferPointer(rebasing: text[..<kept])
    }

    /// What a rule set's reading may give: integers below `bound`, and
    /// whether negative numbers and fractions are wanted.
    struct Mode: Hashable {
        var bound: UInt64
        var negative: Bool
        var fraction: Bool
    }

    /// One text's reading: the memo of every (set, position, mode) read.
    struct Parse {
        let reader: SpelloutReader
        let v: CompiledRules.View
        let input: [UInt8]
        var memo: [Key: [(Number, Int)]] = [:]
        /// The keys being read, by how deep they are in the walk.
        var onStack: [Key: Int] = [:]
        /// The readings so far of the keys growing from their seeds.
        var seeds: [Key: [(Number, Int)]] = [:]
        /// The shallowest unfinished key the reading in progress met again.
        var cycleDepth = Int.max
        var steps = 0
        /// The farthest position a text piece matched to (for the error message).
        var farthest = 0
        /// Whether rules whose words are not in the text from a place are left out there.
        let pruning: Bool
        /// Where each of the reader's ``needles`` is last in the input
        /// (Int.min: not looked for yet, -1: nowhere).
        var lastAt: [Int]

        struct Key: Hashable {
            var set: Int32
            var position: Int
            var mode: Mode
        }

        init(reader: SpelloutReader, input: [UInt8], pruning: Bool) {
            self.reader = reader
            self.v = reader.formatter.compiled.view
            self.input = input
            self.pruning = pruning
            lastAt = pruning ? [Int](repeating: .min, count: reader.needles.count) : []
        }

        /// Whether each word of the rule's texts is in the input at or after `position`.
        mutating func wordsFollow(_ ruleIndex: Int32, _ position: Int) -> Bool {
            for id in reader.ruleNeeds[Int(ruleIndex)] {
                var last = lastAt[Int(id)]
                if last == .min {
                    last = -1
                    let needle = reader.needles[Int(id)]
                    if needle.count <= input.count {
                        var k = input.count - needle.count
                        while k >= 0 {
                            if input[k] == needle[0] && input[k..<(k + needle.count)].elementsEqual(needle) {
                                last = k
                                break
                            }
                            k -= 1
                        }
                    }
                    lastAt[Int(id)] = last
                }
                if last < position { return false }
            }
            return true
        }

        /// Matches folded `text` at `position`: a space in the text takes a
        /// space of the input, or none where the input is at a word's edge
        /// already (two pieces' spaces meet, or the text ends).
        func match(_ text: [UInt8], at position: Int) -> Int? {
            var p = position
            for b in text {
                if p < input.count && input[p] == b {
                    p += 1
                } else if b == 0x20 && (p == 0 || p == input.count || input[p - 1] == 0x20) {
                    continue
                } else {
                    return nil
                }
            }
            return p
        }

        /// The readings of `set(_:_:_:)` below `bound`: a bound of the
        /// rule tables (a rule's quotient range, its divisor), so that a set
        /// at a place is read in few modes and the memo is shared.
        mutating func set(_ setIndex: Int32, _ position: Int, _ mode: Mode, below bound: UInt64) -> [(Number, Int)] {
            var bounded = mode
            bounded.bound = bound
            return set(setIndex, position, bounded)
        }

        /// Every reading of the set `setIndex` from `position`, with where
        /// it ends; the callers keep the ones in range. Memoised by set,
        /// place and mode, so a text is read in time linear in its rules.
        ///
        /// A set reached again at the same place in the same mode is left
        /// recursion (pl `10: << >>`: the quotient, read by the same set,
        /// comes first): the reading grows from its seed, the readings found
        /// so far, until a pass finds no more; what was read meanwhile
        /// depends on the unfinished key and is kept only once it is done.
        mutating func set(_ setIndex: Int32, _ position: Int, _ mode: Mode) -> [(Number, Int)] {
            let key = Key(set: setIndex, position: position, mode: mode)
            if let known = memo[key] { return known }
            if let depth = onStack[key] {
                cycleDepth = min(cycleDepth, depth)
                return seeds[key] ?? []
            }
            let depth = onStack.count
            onStack[key] = depth
            let outerCycle = cycleDepth
            var found: [(Number, Int)] = []
            while true {
                cycleDepth = .max
                let more = readings(setIndex, position, mode)
                let grew = more.count > found.count
                found = more
                guard cycleDepth == depth && grew && steps <= SpelloutReader.maximumSteps else { break }
                seeds[key] = found
            }
            onStack[key] = nil
            seeds[key] = nil
            if cycleDepth >= depth { memo[key] = found }
            cycleDepth = min(outerCycle, cycleDepth >= depth ? .max : cycleDepth)
            return found
        }

        /// One pass over the set's rules (``set(_:_:_:)``), each reading once.
        mutating func readings(_ setIndex: Int32, _ position: Int, _ mode: Mode) -> [(Number, Int)] {
            var found: [(Number, Int)] = []
            let s = v.sets[Int(setIndex)]
            if !s.isFraction {
                if mode.negative && s.negative >= 0 {
                    found += rule(s.negative, setIndex, .negative, position, mode)
                }
                if mode.fraction {
                    for k in [s.improperFraction, s.properFraction, s.master] where k >= 0 {
                        found += rule(k, setIndex, .fraction, position, mode)
                    }
                }
                let first = Int(s.normalStart)
                for k in first..<(first + Int(s.normalCount)) where v.rules[k].base < mode.bound {
                    found += rule(Int32(k), setIndex, .normal, position, mode)
                }
            }
            if found.count <= 32 {
                // Few readings (the rule: a handful): compared pairwise, without hashing.
                var kept: [(Number, Int)] = []
                kept.reserveCapacity(found.count)
                for (n, end) in found
                where
                    !(n.integer >= mode.bound || (n.negative && !mode.negative)
                    || (!n.fraction.isEmpty && !mode.fraction))
                    && !kept.contains(where: { $0.1 == end && $0.0 == n })
                {
                    kept.append((n, end))
                }
                return kept
            }
            var seen = Set<Reading>()
            return found.filter { n, end in
                !(n.integer >= mode.bound || (n.negative && !mode.negative) || (!n.fraction.isEmpty && !mode.fraction))
                    && seen.insert(Reading(number: n, end: end)).inserted
            }
        }

        struct Reading: Hashable {
            var number: Number
            var end: Int
        }

        enum Kind { case normal, negative, fraction, fractionSet }

        /// A reading in progress through a rule's pieces.
        struct State {
            var position: Int
            var quotient: Number?
            var remainder: Number?
            /// What each `==` read (ga's `=%%prefix= =%%thousand=` reads the number twice).
            var same: [Number] = []
            /// Where each `==` read, and by which set.
            var sameSpans: [(set: Int32, from: Int, to: Int)] = []
            var digits: [UInt8]?
        }

        /// Every reading of one rule from `position`, as a reading of its set in `mode`.
        mutating func rule(_ ruleIndex: Int32, _ setIndex: Int32, _ kind: Kind, _ position: Int, _ mode: Mode)
            -> [(Number, Int)]
        {
            steps += 1
            guard steps <= SpelloutReader.maximumSteps else { return [] }
            let rule = v.rules[Int(ruleIndex)]
            // Most rules fail on their first text: answered before anything is allocated.
            if rule.pieceStart < rule.pieceEnd, v.pieces[Int(rule.pieceStart)].op == .text,
                match(reader.pieceTexts[Int(rule.pieceStart)], at: position) == nil
            {
                return []
            }
            if pruning && !wordsFollow(ruleIndex, position) { return [] }
            // A rule of one text (`seven`, `nineteen`): its base where the text matches.
            if kind == .normal && rule.pieceEnd == rule.pieceStart + 1 && v.pieces[Int(rule.pieceStart)].op == .text {
                guard let end = match(reader.pieceTexts[Int(rule.pieceStart)], at: position) else { return [] }
                farthest = max(farthest, end)
                return [(Number(integer: rule.base), end)]
            }
            var states = [State(position: position)]
            var p = Int(rule.pieceStart)
            while p < Int(rule.pieceEnd), !states.isEmpty {
                let piece = v.pieces[p]
                var next: [State] = []
                switch piece.op {
                case .text:
                    for state in states {
                        if let end = match(reader.pieceTexts[p], at: state.position) {
                            farthest = max(farthest, end)
                            next.append(
                                State(
                                    position: end, quotient: state.quotient, remainder: state.remainder,
                                    same: state.same,
                                    digits: state.digits))
                        }
                    }
                case .plural:
                    for state in states {
                        var ends: [Int] = []
                        for text in reader.choiceTexts[Int(piece.a)] {
                            if let end = match(text, at: state.position), !ends.contains(end) { ends.append(end) }
                        }
                        for end in ends {
                            farthest = max(farthest, end)
                            var moved = state
                            moved.position = end
                            next.append(moved)
                        }
                    }
                default:
                    // Digits past the largest name: the writer writes none.
                    if piece.target == -2 { return [] }
                    let target =
                        piece.target != -1
                        ? piece.target : kind == .fractionSet ? Int32(reader.formatter.start) : setIndex
                    for state in states {
                        next += substitution(piece.op, target, rule, ruleIndex, setIndex, kind, mode, state)
                    }
                }
                states = next
                p += 1
            }
            var found: [(Number, Int)] = []
            for state in states {
                for number in compose(rule, ruleIndex, kind, state) { found.append((number, state.position)) }
            }
            return found
        }

        /// The states after a substitution read at `state`.
        mutating func substitution(
            _ op: CompiledRules.Op, _ target: Int32, _ rule: CompiledRules.Rule, _ ruleIndex: Int32,
            _ setIndex: Int32, _ kind: Kind, _ mode: Mode, _ state: State
        ) -> [State] {
            var next: [State] = []
            let at = state.position
            switch (kind, op) {
            case (.normal, .quotient):
                // Below the quotient of the rule's range end (th `ล้าน` takes
                // millions of millions), and below the number's own bound
                // divided: a rule that begins with its quotient (pl `<< >>`)
                // reads a smaller number at the same place, never itself again.
                let limit = min(reader.limits[Int(ruleIndex)], mode.bound)
                let bound = (limit - 1) / rule.divisor + 1
                for (n, end) in set(target, at, Mode(bound: .max, negative: false, fraction: false), below: bound) {
                    var s = state
                    s.position = end
                    s.quotient = n
                    next.append(s)
                }
            case (.normal, .remainder):
                for (n, end) in set(
                    target, at, Mode(bound: .max, negative: false, fraction: true), below: min(rule.divisor, mode.bound)
                ) {
                    var s = state
                    s.position = end
                    s.remainder = n
                    next.append(s)
                }
            case (.normal, .remainderByPrevious):
                let first = v.sets[Int(setIndex)].normalStart
                guard ruleIndex > first else { return [] }
                for (n, end) in self.rule(ruleIndex - 1, setIndex, .normal, at, mode)
                where n.integer < rule.divisor && !n.negative {
                    var s = state
                    s.position = end
                    s.remainder = n
                    next.append(s)
                }
            case (.normal, .same), (.fraction, .same):
                let spans = state.sameSpans
                // The same number, so below the same bound: a set reached
                // again through `==` (de `2: =%spellout-numbering=`) is read
                // with a lower bound, not taken for a cycle.
                for (n, end) in set(target, at, mode) {
                    var s = state
                    s.position = end
                    s.same.append(n)
                    s.sameSpans = spans + [(target, at, end)]
                    next.append(s)
                }
            case (.negative, .remainder), (.negative, .same):
                for (n, end) in set(target, at, Mode(bound: .max, negative: false, fraction: true)) {
                    var s = state
                    s.position = end
                    s.same.append(n)
                    next.append(s)
                }
            case (.fraction, .quotient):
                // The integer part, below the same bound, keeps the sign
                // when no negative rule took it (as the writer hands it on):
                // so a fraction rule never reaches its own set again in the
                // same mode, and the walk has no cycle through it.
                for (n, end) in set(target, at, Mode(bound: mode.bound, negative: mode.negative, fraction: false)) {
                    var s = state
                    s.position = end
                    s.quotient = n
                    next.append(s)
                }
            case (.fraction, .remainder), (.fraction, .remainderByPrevious):
                // Digit by digit, spaced or not as the writer writes them
                // (fraction rule sets, which round, are not read back).
                if v.sets[Int(target)].isFraction { return fractionSet(target, state) }
                let spaced = op == .remainder && v.spacedDigits
                var frontier = [(position: at, digits: [UInt8]())]
                while !frontier.isEmpty {
                    var longer: [(position: Int, digits: [UInt8])] = []
                    for (position, digits) in frontier {
                        var from = position
                        if spaced && !digits.isEmpty {
                            guard let after = match([0x20], at: position) else { continue }
                            from = after
                        }
                        for (n, end) in set(
                            target, from, Mode(bound: .max, negative: false, fraction: false), below: 10)
                        where end > from {
                            let more = digits + [0x30 + UInt8(n.integer)]
                            var s = state
                            s.position = end
                            s.digits = more
                            next.append(s)
                            longer.append((end, more))
                        }
                    }
                    frontier = longer
                    steps += frontier.count
                    if steps > SpelloutReader.maximumSteps { return [] }
                }
            case (.fractionSet, .quotient):
                // The numerator, by the named set or the formatter's own,
                // after the zeros the writer puts before a short one (`zero zero five`).
                let numerators = target
                var starts = [at]
                if v.fractionZeros {
                    var p = at
                    while true {
                        guard
                            let (_, end) = set(
                                numerators, p, Mode(bound: .max, negative: false, fraction: false), below: 1
                            ).first,
                            let after = match([0x20], at: end), after > p
                        else { break }
                        p = after
                        starts.append(p)
                    }
                }
                for from in starts {
                    for (n, end) in set(
                        numerators, from, Mode(bound: .max, negative: false, fraction: false), below: rule.base)
                    {
                        var s = state
                        s.position = end
                        s.quotient = n
                        next.append(s)
                    }
                }
            default:
                return []
            }
            return next
        }

        /// The fraction digits a fraction rule set (ru `двадцать пять
        /// сотых`) reads from `state`: a rule's base as denominator, a power
        /// of ten (others round: the writer wrote no exact digits for them),
        /// the numerator padded to its places.
        mutating func fractionSet(_ setIndex: Int32, _ state: State) -> [State] {
            let s = v.sets[Int(setIndex)]
            var next: [State] = []
            let first = Int(s.normalStart)
            for k in first..<(first + Int(s.normalCount)) {
                let base = v.rules[k].base
                var places = 0
                var power: UInt64 = 1
                while power < base && places < 19 {
                    power *= 10
                    places += 1
                }
                guard places > 0, power == base else { continue }
                for (n, end) in rule(
                    Int32(k), setIndex, .fractionSet, state.position,
                    Mode(bound: .max, negative: false, fraction: false))
                where n.integer < base {
                    let text = Array(String(n.integer).utf8)
                    var moved = state
                    moved.position = end
                    moved.digits = [UInt8](repeating: 0x30, count: places - text.count) + text
                    next.append(moved)
                }
            }
            return next
        }

        /// Whether the set `setIndex` writes `n` as the input from `from` to `to`.
        func writes(_ n: Number, _ setIndex: Int32, from: Int, to: Int) -> Bool {
            var out: [UInt8] = []
            do throws(SpelloutFormatter.Failure) {
                try n.fraction.withUnsafeBufferPointer { (digits) throws(SpelloutFormatter.Failure) in
                    try reader.formatter.compiled.format(
                        v, setIndex,
                        SpelloutFormatter.Value(integer: n.integer, fraction: digits, negative: n.negative),
                        depth: 0, start: Int32(reader.formatter.start), into: &out)
                }
            } catch {
                return false
            }
            return match(SpelloutReader.fold(out, dropping: [], trim: false), at: from) == to
        }

        /// The numbers a rule read with `state` may stand for (verified by writing them back).
        func compose(_ rule: CompiledRules.Rule, _ ruleIndex: Int32, _ kind: Kind, _ state: State) -> [Number] {
            switch kind {
            case .fractionSet:
                return state.quotient.map { [$0] } ?? []
            case .negative:
                guard var n = state.same.first, !n.negative else { return [] }
                n.negative = true
                return [n]
            case .fraction:
                if let same = state.same.first { return [same] }
                var n = state.quotient ?? Number(integer: 0)
                guard n.fraction.isEmpty, let digits = state.digits else { return [] }
                n.fraction = digits
                return [n]
            case .normal:
                // The number `==` read; where it was read twice or beside a
                // substitution (pt `>%%optional-e>=%cardinal=`), the other
                // readings only chose texts.
                if state.same.count == 1 { return [state.same[0]] }
                if !state.same.isEmpty {
                    // The number read twice (ga `=%%prefixpart= =%%thousandp=`,
                    // `=%%is= =%%thousands=`): a rule of text alone reads as
                    // its base, so each reading is a candidate, kept when
                    // every `==` of the rule writes it as the text it read.
                    var kept: [Number] = []
                    for n in state.same where !kept.contains(n) {
                        if state.sameSpans.allSatisfy({ writes(n, $0.set, from: $0.from, to: $0.to) }) {
                            kept.append(n)
                        }
                    }
                    return kept
                }
                let remainder = state.remainder ?? Number(integer: 0)
                let high: UInt64
                if let q = state.quotient {
                    let (m, overflow) = q.integer.multipliedReportingOverflow(by: rule.divisor)
                    guard !overflow else { return [] }
                    high = m
                } else if state.remainder != nil {
                    high = rule.base - rule.base % rule.divisor
                } else {
                    high = rule.base
                }
                let (sum, overflow) = high.addingReportingOverflow(remainder.integer)
                guard !overflow else { return [] }
                return [Number(integer: sum, fraction: remainder.fraction)]
            }
        }
    }
}
