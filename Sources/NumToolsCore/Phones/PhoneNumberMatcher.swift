/// One phone number found in free text by ``PhoneNumberMatcher``.
public struct PhoneNumberMatch: Hashable, Sendable {
    /// The UTF-8 byte range of the number's text in the searched text.
    public let range: Range<Int>
    /// The range in Unicode scalars (libphonenumber's `start` and `end`).
    public let scalarRange: Range<Int>
    /// The number.
    public let number: PhoneNumber
}

/// Finds the phone numbers in free text as libphonenumber's
/// `PhoneNumberMatcher` does at leniency `VALID`: a run of digits,
/// punctuation and a leading `+` or bracket is a candidate; dates
/// (`15/01/2024`), time stamps (`2024-01-15 12:30`), publication pages
/// (`211-227 (2003)`), unbalanced brackets and numbers touching Latin
/// letters, `%` or a currency sign are not numbers; a candidate that does not
/// parse as a whole is split at slashes, brackets, spaced dashes, full stops
/// and spaces (its "inner matches"). A number is found when it is valid and,
/// written without a country code, carries the national prefix its plan
/// writes (Korea's `010 1234 5678`, not `10 1234 5678`).
///
/// Bounded work: as in libphonenumber, at most ``maxTries`` candidates and
/// inner candidates that fail are parsed per text, and a parse reads at
/// most 250 characters, so the parsing is bounded per text whatever its
/// length. The scanning is a hand-written automaton over the text's scalars,
/// without backtracking: a candidate is found by one forward scan (its lead
/// part is at most 10 scalars, its digit blocks at most 21 of 20 digits
/// with at most 4 punctuation scalars between them, its extension a run of
/// separators, a label and at most 20 digits), and each check of a candidate
/// (dates, time stamps, pages, brackets, inner matches) reads it a bounded
/// number of times (a run of white space is scanned once, however many
/// inner matches start in it). A candidate is read again only after a number
/// was found inside it, once per number found, so at most 21 times (a number
/// takes at least one of its digit blocks): the work is linear in the text.
public struct PhoneNumberMatcher: Sendable {
    /// The region assumed for numbers written without a country code.
    public let region: String
    /// libphonenumber's `max_tries`: how many failing candidates one text may have.
    public static let maxTries = 65535

    let parser: PhoneNumberParser

    /// A matcher for numbers of `region`; nil when the metadata has no such region.
    public init?(region: String) {
        guard let parser = PhoneNumberParser(region: region) else { return nil }
        self.region = region
        self.parser = parser
    }

    /// The numbers in `text`, in order.
    public func matches(in text: String) -> [PhoneNumberMatch] {
        var text = text
        return text.withUTF8 { matches(in: $0) }
    }

    /// The numbers in UTF-8 `bytes` (valid UTF-8), in order.
    public func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [PhoneNumberMatch] {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var found: [PhoneNumberMatch] = []
        matches(in: bytes, scalars: &scalars, offsets: &offsets, into: &found)
        return found
    }

    /// ``matches(in:)`` with the caller's buffers, reused from text to text.
    func matches(
        in bytes: UnsafeBufferPointer<UInt8>, scalars: inout [Unicode.Scalar], offsets: inout [Int],
        into found: inout [PhoneNumberMatch]
    ) {
        scalars.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        var i = 0
        while i < bytes.count {
            let (scalar, length) = PhoneInput.decode(bytes, i)
            scalars.append(scalar)
            offsets.append(i)
            i += length
        }
        offsets.append(bytes.count)
        var search = MatchSearch(text: scalars, parser: parser, bytes: bytes, offsets: offsets)
        search.findAll(into: &found)
    }

    /// What `extension` a parsed number carries, as digit values; nil when
    /// it has none.
    static func extensionDigits(_ number: PhoneNumber) -> [UInt8]? {
        number.extensionDigits.isEmpty ? nil : number.extensionDigits.values
    }
}

/// The search of one text: libphonenumber's matcher state (the tries left).
private struct MatchSearch {
    let text: [Unicode.Scalar]
    let parser: PhoneNumberParser
    let bytes: UnsafeBufferPointer<UInt8>
    let offsets: [Int]
    var tries = PhoneNumberMatcher.maxTries
    /// The last run of white space scanned (`from..<to`, scanned up to `limit`).
    var spaceRun = (from: 0, to: 0, limit: -1)
    /// The last run without white space scanned.
    var wordRun = (from: 0, to: 0, limit: -1)
    var n: Int { text.count }

    init(text: [Unicode.Scalar], parser: PhoneNumberParser, bytes: UnsafeBufferPointer<UInt8>, offsets: [Int]) {
        self.text = text
        self.parser = parser
        self.bytes = bytes
        self.offsets = offsets
    }

    mutating func findAll(into found: inout [PhoneNumberMatch]) {
        var index = 0
        while let m = find(from: index) {
            found.append(m)
            index = m.scalarRange.upperBound
        }
    }

    // MARK: - Candidates

    /// The next number at or after `index` (libphonenumber's `_find`).
    mutating func find(from index: Int) -> PhoneNumberMatch? {
        var position = index
        while tries > 0, let (start, end) = nextCandidate(from: position) {
            let candidateEnd = trimSecondNumber(start, end)
            if let m = extractMatch(start, candidateEnd) { return m }
            tries -= 1
            position = candidateEnd
        }
        return nil
    }

    /// The first candidate at or after `from`: an optional lead part (up to
    /// two of a bracket or plus each followed by up to four punctuation
    /// scalars), up to 21 blocks of up to 20 digits with up to four
    /// punctuation scalars between blocks, and an optional extension.
    func nextCandidate(from: Int) -> (Int, Int)? {
        var s = from
        while s < n {
            var digitStart = -1
            if Self.isDigit(text[s]) {
                digitStart = s
            } else if Self.isLead(text[s]) {
                var d = s + 1
                while d < n && d - s <= 10 && !Self.isDigit(text[d]) { d += 1 }
                if d < n && d - s <= 10 && Self.isDigit(text[d]) && leadParses(s, d) { digitStart = d }
            }
            if digitStart < 0 {
                s += 1
                continue
            }
            var p = digitRun(digitStart)
            var blocks = 1
            while blocks < 21 {
                var q = p
                while q < n && q - p < 4 && Self.isPunctuation(text[q]) { q += 1 }
                guard q < n && Self.isDigit(text[q]) else { break }
                p = digitRun(q)
                blocks += 1
            }
            return (s, extensionEnd(p) ?? p)
        }
        return nil
    }

    /// The end of up to 20 digits from `start`.
    func digitRun(_ start: Int) -> Int {
        var p = start
        while p < n && p - start < 20 && Self.isDigit(text[p]) { p += 1 }
        return p
    }

    /// Whether the scalars `s..<d` (no digit) are up to two groups of a lead
    /// scalar and up to four punctuation scalars.
    func leadParses(_ s: Int, _ d: Int) -> Bool {
        if s == d { return true }
        func punctuationOnly(_ a: Int, _ b: Int) -> Bool {
            b - a <= 4 && (a..<b).allSatisfy { Self.isPunctuation(text[$0]) }
        }
        guard Self.isLead(text[s]) else { return false }
        if punctuationOnly(s + 1, d) { return true }
        var j = s + 1
        while j < d && j <= s + 5 {
            if Self.isLead(text[j]) && punctuationOnly(s + 1, j) && punctuationOnly(j + 1, d) { return true }
            j += 1
        }
        return false
    }

    /// The end of an extension written at `e` (libphonenumber's extension
    /// patterns for matching, case-insensitive), nil when none is.
    func extensionEnd(_ e: Int) -> Int? {
        func folded(_ i: Int) -> UInt32 { i < n ? Self.fold(text[i]) : 0 }
        func literal(_ at: Int, _ s: [UInt32]) -> Bool {
            s.indices.allSatisfy { folded(at + $0) == s[$0] }
        }
        func digits(_ at: Int, max: Int) -> Int? {
            var p = at
            while p < n && p - at < max && Self.isDigit(text[p]) { p += 1 }
            return p > at ? p : nil
        }
        /// `[:.．]?[ \u00A0\t,-]*` then up to `max` digits and an optional `#`.
        func afterLabel(_ at: Int, max: Int) -> Int? {
            var q = at
            if q < n, [0x3A, 0x2E, 0xFF0E].contains(text[q].value) { q += 1 }
            while q < n, [0x20, 0xA0, 0x09, 0x2C, 0x2D].contains(text[q].value) { q += 1 }
            guard var r = digits(q, max: max) else { return nil }
            if r < n && text[r] == "#" { r += 1 }
            return r
        }
        // ";ext=" and up to 20 digits.
        if literal(e, [0x3B, 0x65, 0x78, 0x74, 0x3D]), let r = digits(e + 5, max: 20) { return r }
        var p = e
        while p < n, [0x20, 0xA0, 0x09, 0x2C].contains(text[p].value) { p += 1 }
        if let label = explicitLabelEnd(p), let r = afterLabel(label, max: 20) { return r }
        if let label = ambiguousLabelEnd(p), let r = afterLabel(label, max: 9) { return r }
        // American style: "- 503#".
        var q = e
        while q < n && (text[q] == "-" || text[q] == " ") { q += 1 }
        if q > e {
            var r = q
            while r < n && Self.isDigit(text[r]) { r += 1 }
            if r > q && r - q <= 6 && r < n && text[r] == "#" { return r + 1 }
        }
        return nil
    }

    /// `ext`, `extn`, `extension`, `extensión`, `xt`, full-width `ｅｘｔｎ`,
    /// Russian `доб`, Spanish `anexo` at `p`: the end of the label.
    func explicitLabelEnd(_ p: Int) -> Int? {
        func f(_ i: Int) -> UInt32 { i < n ? Self.fold(text[i]) : 0 }
        var q = p
        switch f(p) {
        case 0x65, 0x78:  // e?xt(ensi(o\u0301?|ó))?n?
            if f(q) == 0x65 { q += 1 }
            guard f(q) == 0x78, f(q + 1) == 0x74 else { return nil }
            q += 2
            if f(q) == 0x65, f(q + 1) == 0x6E, f(q + 2) == 0x73, f(q + 3) == 0x69 {
                if f(q + 4) == 0x6F {
                    q += 5
                    if q < n && text[q].value == 0x301 { q += 1 }
                } else if f(q + 4) == 0xF3 {
                    q += 5
                }
            }
            if f(q) == 0x6E { q += 1 }
            return q
        case 0xFF45, 0xFF58:  // ｅ?ｘｔｎ?
            if f(q) == 0xFF45 { q += 1 }
            guard f(q) == 0xFF58, f(q + 1) == 0xFF54 else { return nil }
            q += 2
            if f(q) == 0xFF4E { q += 1 }
            return q
        case 0x434:
            return f(p + 1) == 0x43E && f(p + 2) == 0x431 ? p + 3 : nil
        case 0x61:
            return f(p + 1) == 0x6E && f(p + 2) == 0x65 && f(p + 3) == 0x78 && f(p + 4) == 0x6F ? p + 5 : nil
        default:
            return nil
        }
    }

    /// `x`, `#`, `~` (and their full-width forms), `int` or `ｉｎｔ` at `p`.
    func ambiguousLabelEnd(_ p: Int) -> Int? {
        func f(_ i: Int) -> UInt32 { i < n ? Self.fold(text[i]) : 0 }
        switch f(p) {
        case 0x78, 0xFF58, 0x23, 0xFF03, 0x7E, 0xFF5E: return p + 1
        case 0x69: return f(p + 1) == 0x6E && f(p + 2) == 0x74 ? p + 3 : nil
        case 0xFF49: return f(p + 1) == 0xFF4E && f(p + 2) == 0xFF54 ? p + 3 : nil
        default: return nil
        }
    }

    /// The candidate cut before a second number's start (`/x`, `\ x`).
    func trimSecondNumber(_ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end {
            if text[i] == "/" || text[i] == "\\" {
                var j = i + 1
                while j < end && text[j] == " " { j += 1 }
                if j < end && text[j] == "x" { return i }
            }
            i += 1
        }
        return end
    }

    // MARK: - Checks of a candidate

    /// libphonenumber's `_extract_match`.
    mutating func extractMatch(_ start: Int, _ end: Int) -> PhoneNumberMatch? {
        if hasSlashDate(start, end) { return nil }
        if endsInTimeStamp(start, end) && end + 2 < n && text[end] == ":"
            && (0x30...0x35).contains(text[end + 1].value) && Self.isDigit(text[end + 2])
        {
            return nil
        }
        if let m = parseAndVerify(start, end) { return m }
        return extractInnerMatch(start, end)
    }

    /// A date such as `3/10/2011` or `31/10/96` inside `start..<end`.
    func hasSlashDate(_ start: Int, _ end: Int) -> Bool {
        func digit(_ i: Int) -> Bool { i < end && Self.isDigit(text[i]) }
        func ascii(_ i: Int, _ range: ClosedRange<UInt32>) -> Bool { i < end && range.contains(text[i].value) }
        var i = start
        while i + 5 < end {
            if digit(i) && text[i + 1] == "/" {
                var year = -1
                if digit(i + 2) && ascii(i + 3, 0x2F...0x2F) {
                    year = i + 4
                } else if ascii(i + 2, 0x30...0x33) && digit(i + 3) && ascii(i + 4, 0x2F...0x2F) {
                    year = i + 5
                }
                if year >= 0 && digit(year) && digit(year + 1) { return true }
            }
            i += 1
        }
        return false
    }

    /// Whether `start..<end` ends in a date and hour (`2012-01-02 08`).
    func endsInTimeStamp(_ start: Int, _ end: Int) -> Bool {
        func digit(_ i: Int) -> Bool { i >= start && i < end && Self.isDigit(text[i]) }
        func ascii(_ i: Int, _ range: ClosedRange<UInt32>) -> Bool {
            i >= start && i < end && range.contains(text[i].value)
        }
        func separator(_ i: Int) -> Bool { ascii(i, 0x2D...0x2D) || ascii(i, 0x2F...0x2F) }
        var k = end - 1
        guard digit(k), ascii(k - 1, 0x30...0x32), ascii(k - 2, 0x20...0x20) else { return false }
        k -= 2
        while ascii(k, 0x20...0x20) { k -= 1 }
        guard digit(k), ascii(k - 1, 0x30...0x33) else { return false }
        k -= 2
        if separator(k) { k -= 1 }
        guard digit(k), ascii(k - 1, 0x30...0x31) else { return false }
        k -= 2
        if separator(k) { k -= 1 }
        return digit(k) && digit(k - 1) && digit(k - 2) && ascii(k - 3, 0x31...0x32)
    }

    /// libphonenumber's `_extract_inner_match`: the candidate split at
    /// slashes, brackets, spaced dashes, wide dashes, full stops and spaces.
    mutating func extractInnerMatch(_ start: Int, _ end: Int) -> PhoneNumberMatch? {
        // The kinds whose mark the candidate holds, in one pass: the others
        // cannot match, and need no scan of their own.
        var kinds = 0
        for i in start..<end {
            let c = text[i]
            switch c.value {
            case 0x2F: kinds |= 1
            case 0x28: kinds |= 2
            case 0x2D: kinds |= 4
            case 0x2012...0x2015, 0xFF0D: kinds |= 8
            case 0x2E: kinds |= 16
            default: if Self.isSpace(c) { kinds |= 32 }
            }
        }
        for kind in 0..<6 where kinds & (1 << kind) != 0 {
            var from = start
            var first = true
            while tries > 0, let (matchStart, groupStart, groupEnd) = innerMatch(kind, from: from, start, end) {
                if first {
                    if let m = parseAndVerify(start, trimUnwantedEnd(start, matchStart)) { return m }
                    tries -= 1
                    first = false
                }
                if let m = parseAndVerify(groupStart, trimUnwantedEnd(groupStart, groupEnd)) { return m }
                tries -= 1
                from = matchStart + 1
            }
        }
        return nil
    }

    /// The first match at or after `from` in `start..<end` of inner pattern
    /// `kind`: where it starts, and its group.
    mutating func innerMatch(_ kind: Int, from: Int, _ start: Int, _ end: Int) -> (Int, Int, Int)? {
        func space(_ i: Int) -> Bool { i < end && Self.isSpace(text[i]) }
        var i = from
        while i < end {
            let c = text[i]
            switch kind {
            case 0:  // slashes, then the rest
                if c == "/" {
                    var q = i
                    while q < end && text[q] == "/" { q += 1 }
                    return (i, q, end)
                }
            case 1:  // an opening bracket up to the next one
                if c == "(" {
                    var q = i + 1
                    while q < end && text[q] != "(" { q += 1 }
                    return (i, i, q)
                }
            case 2, 3:  // a dash with a space before or after it; a wide dash
                var r = -1
                if kind == 2 {
                    if (space(i) && i + 1 < end && text[i + 1] == "-") || (c == "-" && space(i + 1)) { r = i + 2 }
                } else if (0x2012...0x2015).contains(c.value) || c.value == 0xFF0D {
                    r = i + 1
                }
                if r >= 0 {
                    let afterMark = r
                    r = spaceRunEnd(r, end)
                    if r < end { return (i, r, end) }
                    if r > afterMark { return (i, r - 1, end) }
                }
            case 4:  // full stops, then up to the next one
                if c == "." {
                    var q = i
                    while q < end && text[q] == "." { q += 1 }
                    let r = spaceRunEnd(q, end)
                    if r < end && text[r] != "." {
                        var e = r
                        while e < end && text[e] != "." { e += 1 }
                        return (i, r, e)
                    }
                    if r > q { return (i, r - 1, r) }
                }
            default:  // spaces, then the next word
                if space(i) {
                    let r = spaceRunEnd(i, end)
                    if r < end { return (i, r, wordEnd(r, end)) }
                }
            }
            i += 1
        }
        return nil
    }

    /// The end of the white space from `i` (at most `end`). A run is scanned
    /// once: the inner matches try every position of a run of spaces, which
    /// would otherwise read the rest of the run again from each.
    mutating func spaceRunEnd(_ i: Int, _ end: Int) -> Int {
        if spaceRun.limit == end && spaceRun.from <= i && i < spaceRun.to { return spaceRun.to }
        var r = i
        while r < end && Self.isSpace(text[r]) { r += 1 }
        if r > i { spaceRun = (i, r, end) }
        return r
    }

    /// The end of the run without white space from `i` (at most `end`), scanned once a run.
    mutating func wordEnd(_ i: Int, _ end: Int) -> Int {
        if wordRun.limit == end && wordRun.from <= i && i < wordRun.to { return wordRun.to }
        var e = i
        while e < end && !Self.isSpace(text[e]) { e += 1 }
        wordRun = (i, e, end)
        return e
    }

    /// `end` moved back over trailing scalars that are neither letters,
    /// numbers nor `#` (an underscore counts among them).
    func trimUnwantedEnd(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start {
            let c = text[e - 1]
            if c != "#" && (c == "_" || !Self.isAlphanumeric(c)) {
                e -= 1
            } else {
                break
            }
        }
        return e
    }

    /// libphonenumber's `_parse_and_verify` at leniency VALID.
    func parseAndVerify(_ start: Int, _ end: Int) -> PhoneNumberMatch? {
        // Longer than libphonenumber's parse reads: no number (checked first, as
        // every check below also only says no).
        if end - start > 250 { return nil }
        // Fewer than two digits: libphonenumber's parse says it is not a number.
        var digits = 0
        for i in start..<end where Self.isDigit(text[i]) {
            digits += 1
            if digits == 2 { break }
        }
        if digits < 2 { return nil }
        guard bracketsMatch(start, end), !hasPublicationPages(start, end) else { return nil }
        if start > 0 && !(start < end && Self.isLead(text[start])) {
            let c = text[start - 1]
            if Self.isInvalidNeighbour(c) || Self.isLatinLetter(c) { return nil }
        }
        if end < n && (Self.isInvalidNeighbour(text[end]) || Self.isLatinLetter(text[end])) { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[offsets[start]..<offsets[end]])
        guard let number = try? parser.parse(slice), number.isValid else { return nil }
        guard containsOnlyValidX(start, end, number), nationalPrefixPresentIfRequired(start, end, number) else {
            return nil
        }
        return PhoneNumberMatch(range: offsets[start]..<offsets[end], scalarRange: start..<end, number: number)
    }

    /// Brackets that open and close in order: an opening one at the start
    /// may stay open, a closing one may come first, and at most three pairs
    /// follow; the text between brackets is never empty.
    func bracketsMatch(_ start: Int, _ end: Int) -> Bool {
        // Tokens, two bits each: 0 a run without brackets, 1 an opening
        // bracket, 2 a closing one. A text that matches has at most 14.
        var tokens: UInt64 = 0
        var count = 0
        var i = start
        while i < end {
            if count == 16 { return false }
            if Self.isOpening(text[i]) {
                tokens |= 1 << (2 * UInt64(count))
                i += 1
            } else if Self.isClosing(text[i]) {
                tokens |= 2 << (2 * UInt64(count))
                i += 1
            } else {
                while i < end && !Self.isOpening(text[i]) && !Self.isClosing(text[i]) { i += 1 }
            }
            count += 1
        }
        func at(_ k: Int) -> UInt64 { k < count ? (tokens >> (2 * UInt64(k))) & 3 : 9 }
        var k = 0
        if at(k) == 1 { k += 1 }
        if at(k) == 0 && at(k + 1) == 2 && at(k + 2) == 0 {
            k += 3
        } else if at(k) == 0 {
            k += 1
        } else {
            return false
        }
        var pairs = 0
        while pairs < 3 && at(k) == 1 && at(k + 1) == 0 && at(k + 2) == 2 {
            k += 3
            pairs += 1
        }
        if at(k) == 0 { k += 1 }
        return k == count
    }

    /// A publication's pages and year, such as `211-227 (2003)`.
    func hasPublicationPages(_ start: Int, _ end: Int) -> Bool {
        var i = start + 1
        while i < end {
            if text[i] == "-" && Self.isDigit(text[i - 1]) && (i == start + 1 || text[i - 1] != "-") {
                var q = i
                while q < end && text[q] == "-" { q += 1 }
                var r = q
                while r < end && Self.isDigit(text[r]) { r += 1 }
                if r > q && r - q <= 5 {
                    var s = r
                    while s < end && s - r < 4 && Self.isSpace(text[s]) { s += 1 }
                    if s + 1 < end && text[s] == "(" && Self.isDigit(text[s + 1]) { return true }
                }
                i = q
                continue
            }
            i += 1
        }
        return false
    }

    /// libphonenumber's `_contains_only_valid_x_chars`: an `x` is an
    /// extension mark before the extension, two are a carrier code before
    /// the national number.
    func containsOnlyValidX(_ start: Int, _ end: Int, _ number: PhoneNumber) -> Bool {
        var i = start
        while i < end - 1 {
            if text[i] == "x" || text[i] == "X" {
                if text[i + 1] == "x" || text[i + 1] == "X" {
                    i += 1
                    guard let main = PhoneMetadataStore.shared.mainRegion(countryCode: number.countryCode),
                        let other = PhoneNumberParser(region: main), !hasPlus(i, end)
                    else { return false }
                    let slice = UnsafeBufferPointer(rebasing: bytes[offsets[i]..<offsets[end]])
                    guard let again = try? other.parse(slice), again == number else { return false }
                } else {
                    guard let ext = PhoneNumberMatcher.extensionDigits(number), digitValues(i, end) == ext else {
                        return false
                    }
                }
            }
            i += 1
        }
        return true
    }

    func hasPlus(_ start: Int, _ end: Int) -> Bool {
        (start..<end).contains { text[$0] == "+" || text[$0].value == 0xFF0B }
    }

    func digitValues(_ start: Int, _ end: Int) -> [UInt8] {
        (start..<end).compactMap { PhoneInput.digitValue(text[$0]) }
    }

    /// libphonenumber's `_is_national_prefix_present_if_required`.
    func nationalPrefixPresentIfRequired(_ start: Int, _ end: Int, _ number: PhoneNumber) -> Bool {
        // A number written with a country code needs no national prefix.
        var i = start
        while i < end && !Self.isDigit(text[i]) {
            if text[i] == "+" || text[i].value == 0xFF0B { return true }
            i += 1
        }
        let all = digitValues(start, end)
        let main = all.dropLast(PhoneNumberMatcher.extensionDigits(number)?.count ?? 0)
        guard let (cc, _) = try? parser.extractCountryCode(main, plus: false), cc == 0 else { return true }
        guard let meta = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode),
            let rule = PhoneNumberFormatter.chooseFormat(meta.numberFormats, number.nsn),
            let prefixRule = rule.nationalPrefixFormattingRule, !prefixRule.isEmpty
        else { return true }
        if rule.nationalPrefixOptionalWhenFormatting || rule.typing.firstGroupOnly { return true }
        return PhoneNumberParser.stripNationalPrefix(all[...], meta).1
    }

    // MARK: - Scalar classes

    static func isDigit(_ c: Unicode.Scalar) -> Bool { PhoneInput.digitValue(c) != nil }

    /// A scalar that may start a number before its digits: `(`, `[`, `+` and their full-width forms.
    static func isLead(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x28, 0x5B, 0x2B, 0xFF08, 0xFF3B, 0xFF0B: true
        default: false
        }
    }

    /// libphonenumber's punctuation in numbers: the parser's, `x` (either
    /// case) and the tildes.
    static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x78, 0x58, 0x7E, 0xFF5E: true
        default: PhoneInput.isPunctuation(c)
        }
    }

    static func isOpening(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x28, 0x5B, 0xFF08, 0xFF3B: true
        default: false
        }
    }

    static func isClosing(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x29, 0x5D, 0xFF09, 0xFF3D: true
        default: false
        }
    }

    /// White space as Python's `\s` reads it.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x80 {
            return c.value == 0x20 || (0x09...0x0D).contains(c.value) || (0x1C...0x1F).contains(c.value)
        }
        return c.properties.isWhitespace
    }

    /// A letter (Unicode L*) or a number (any numeric type).
    static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x80 {
            return (0x30...0x39).contains(c.value) || (0x41...0x5A).contains(c.value) || (0x61...0x7A).contains(c.value)
        }
        return isLetter(c) || c.properties.numericType != nil
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// A letter or combining mark of the Latin blocks.
    static func isLatinLetter(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        guard v <= 0x24F || (0x300...0x36F).contains(v) || (0x1E00...0x1EFF).contains(v) else { return false }
        if v < 0x80 { return (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) }
        return isLetter(c) || c.properties.generalCategory == .nonspacingMark
    }

    /// `%` or a currency sign next to digits: not a phone number.
    static func isInvalidNeighbour(_ c: Unicode.Scalar) -> Bool {
        c == "%" || (c.value >= 0x24 && c.properties.generalCategory == .currencySymbol)
    }

    /// The lower-case form the extension labels are compared in.
    static func fold(_ c: Unicode.Scalar) -> UInt32 {
        let v = c.value
        switch v {
        case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE, 0x410...0x42F, 0xFF21...0xFF3A: return v + 0x20
        case 0x131: return 0x69  // dotless i
        case 0x17F: return 0x73  // long s
        default: return v
        }
    }
}

/// What `phonefmt --find` does with the numbers found in a value.
public enum PhoneFind: String, Hashable, Sendable {
    /// Write the numbers found, TAB-separated (or as the engine's separator
    /// says; nothing when none is).
    case list
    /// Write the value with each number found rewritten in place.
    case replace
}

/// ``PhoneNumberMatcher`` with the buffers it reuses from value to value.
struct PhoneFinder: Sendable {
    var matcher: PhoneNumberMatcher
    private var scalars: [Unicode.Scalar] = []
    private var offsets: [Int] = []
    private var found: [PhoneNumberMatch] = []

    init(_ matcher: PhoneNumberMatcher) {
        self.matcher = matcher
    }

    /// Lists or replaces the numbers in `value` whose type is in `accepted`
    /// (bits of `PhoneNumberType` indices): a number of another type is
    /// neither listed nor rewritten.
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, _ mode: PhoneFind, format: PhoneNumberFormat, extension: Bool = true,
        accepted: UInt32, separator: ValueSeparator = ValueSeparator(), into output: inout Output
    ) {
        matcher.matches(in: value, scalars: &scalars, offsets: &offsets, into: &found)
        var written = 0
        var listed = 0
        for m in found where accepted & (1 << UInt32(m.number.type.index)) != 0 {
            switch mode {
            case .list:
                if listed > 0 { separator.append(to: &output) }
            case .replace:
                output.append(contentsOf: UnsafeBufferPointer(rebasing: value[written..<m.range.lowerBound]))
                written = m.range.upperBound
            }
            PhoneNumberFormatter.append(m.number, format, extension: `extension`, to: &output)
            if mode == .replace && `extension` && (format == .e164 || format == .digits)
                && !m.number.extensionDigits.isEmpty
            {
                // E.164 and digits write no extension; in the text it stays,
                // as RFC 3966's `;ext=` (`call +12179776317;ext=066 today`).
                (";ext=" as StaticString).withUTF8Buffer { output.append(contentsOf: $0) }
                m.number.extensionDigits.append(to: &output)
            }
            listed += 1
        }
        if mode == .replace {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: value[written...]))
        }
    }
}
