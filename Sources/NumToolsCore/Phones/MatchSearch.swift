// PhoneNumberMatcher's search of one text: its state, the scan for candidates and the scalar classes.

/// The search of one text: libphonenumber's matcher state (the tries left).
struct MatchSearch {
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
