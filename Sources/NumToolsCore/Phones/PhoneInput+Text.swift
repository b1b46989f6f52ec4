/// The general reading of a pasted value, for values that hold more than
/// digits and punctuation: an extension at the end, vanity letters, trailing
/// words. ``PhoneInput/init(_:)`` reads plain numbers itself and comes here
/// at the first other character, so plain numbers never pay for it.
///
/// The rules (see ``PhoneNumberParser`` for the summary):
/// 1. The number starts at the first `+` or digit.
/// 2. After its last digit, letters continue the number when they follow it
///    directly or after one `-`/`.` (any case), or after spaces (capitals
///    only); a further letter group joined the same way continues it too
///    (`877-CASH-NOW`). A `)` right after the last digit that closes the
///    number's `(` joins letters of any case, alone or before spaces or one
///    `-`/`.` (`(201) JJK-JMLZ`, as libphonenumber reads it). Whatever
///    follows is a trailing word, ignored.
/// 3. An extension at the end of the number is read as libphonenumber's
///    parser reads it (its markers and digit limits), plus the Korean `내선`;
///    a marker with too many digits after it is `extension-too-long`.
/// 4. What remains may hold digits, punctuation and ASCII letters: three
///    letters or more are keypad digits (libphonenumber's vanity rule); one
///    or two between digits are `invalid-character`, one or two after the
///    last digit are dropped (libphonenumber drops them too). Anything else
///    is `invalid-character`.
extension PhoneInput {
    init(general bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError) {
        var s: [Unicode.Scalar] = []
        s.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let (scalar, length) = Self.decode(bytes, i)
            s.append(scalar)
            i += length
        }
        guard let start = s.firstIndex(where: { $0 == "+" || $0 == "\u{FF0B}" || Self.digitValue($0) != nil }),
            let last = s.lastIndex(where: { Self.digitValue($0) != nil }), last >= start
        else {
            throw PhoneNumberError(.invalidCharacter, "value holds no digit")
        }
        // Rule 2: letters that continue the number after its last digit.
        var end = last + 1
        while true {
            var j = end
            // A `)` that closes the number's `(` (`(201) JJK-JMLZ`): the
            // letters after it, in any case, are the rest of the number.
            let closes = end == last + 1 && j < s.count && Self.isClosingBracket(s[j]) && Self.hasOpenBracket(s, end)
            if closes { j += 1 }
            let joinerStart = j
            while j < s.count && Self.isJoiner(s[j]) { j += 1 }
            let joiner = s[joinerStart..<j]
            var k = j
            while k < s.count && Self.isASCIILetter(s[k]) { k += 1 }
            if k == j || (k < s.count && s[k].properties.isAlphabetic) { break }
            let word = s[j..<k]
            let continues: Bool
            if joiner.isEmpty {
                continues = true
            } else if closes {
                continues = joiner.allSatisfy(Self.isSpace) || joiner.count == 1
            } else if joiner.allSatisfy(Self.isSpace) {
                continues = word.allSatisfy { $0.value &- 0x41 < 26 }
            } else {
                continues = joiner.count == 1
            }
            if !continues { break }
            end = k
        }
        // Rule 3: an extension, when the number ends with digits (or with
        // digits and the `#` that may close an extension).
        var coreEnd = end
        var scalarEnd = end
        if end == last + 1 {
            let hashEnd = end < s.count && s[end] == "#" ? end + 1 : end
            switch Self.matchExtension(s, start, hashEnd) {
            case .found(let markerStart, let digits):
                // libphonenumber reads a number with an extension only when
                // three digits come before any letter, in the number or in
                // the whole (`x` and `~` count as punctuation).
                if !Self.isViable(s, start, markerStart, twoDigits: false)
                    && !Self.isViable(s, start, hashEnd, twoDigits: false)
                {
                    throw PhoneNumberError(
                        .invalidCharacter, "value is not a phone number: fewer than 3 digits before its extension")
                }
                coreEnd = markerStart
                scalarEnd = hashEnd
                extensionDigits = PhoneExtensionDigits(values: s[digits].lazy.map { Self.digitValue($0)! })
            case .tooLong(let limit, let digits):
                throw PhoneNumberError(
                    .extensionTooLong,
                    "extension has \(digits) digits; at most \(limit) are read after its marker")
            case .none:
                break
            }
        }
        // Rule 4: the number itself.
        let lastCoreDigit = s[start..<coreEnd].lastIndex(where: { Self.digitValue($0) != nil }) ?? start
        var letters = 0
        for c in s[start..<coreEnd] where Self.isASCIILetter(c) { letters += 1 }
        let vanity = letters >= 3
        if letters > 0 && !Self.isViable(s, start, coreEnd) {
            // libphonenumber reads letters only after three digits.
            throw PhoneNumberError(
                .invalidCharacter, "value is not a phone number: a letter comes before its third digit")
        }
        var plusRun = true
        var pendingPunctuation = false
        var pendingScalars = 0
        var k = start
        while k < coreEnd {
            let c = s[k]
            defer { k += 1 }
            if k == start && (c == "+" || c == "\u{FF0B}") {
                plus = true
                scalarCount = 1
                continue
            }
            var digit = Self.digitValue(c)
            if digit == nil && vanity && Self.isASCIILetter(c) { digit = Self.keypadDigit(c) }
            if let d = digit {
                plusRun = false
                take(digit: d, pendingScalars: &pendingScalars, pendingPunctuation: &pendingPunctuation)
                continue
            }
            pendingScalars += 1
            if plusRun && (c == "+" || c == "\u{FF0B}") { continue }
            plusRun = false
            if Self.isPunctuation(c) {
                pendingPunctuation = true
            } else if Self.isASCIILetter(c) && k > lastCoreDigit {
                // One or two letters after the last digit: dropped.
                continue
            } else {
                // One or two letters between digits (libphonenumber drops
                // them as typing mistakes), or any other character.
                throw PhoneNumberError(
                    .invalidCharacter, "character \(Self.describe(c)) at offset \(k) is not part of a phone number")
            }
        }
        if !extensionDigits.isEmpty { scalarCount = scalarEnd - start }
        if digits.isEmpty {
            throw PhoneNumberError(.invalidCharacter, "value holds no digit")
        }
    }

    /// An ASCII letter, either case.
    @inline(__always)
    static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        (c.value | 0x20) &- 0x61 < 26
    }

    /// The key of ITU E.161's telephone keypad that carries letter `c`.
    static func keypadDigit(_ c: Unicode.Scalar) -> UInt8 {
        let keys: StaticString = "22233344455566677778889999"
        return keys.withUTF8Buffer { $0[Int((c.value | 0x20) - 0x61)] - 0x30 }
    }

    /// A space of the punctuation (space, NBSP, ideographic space).
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\u{A0}" || c == "\u{3000}"
    }

    /// `)` or its full-width form.
    static func isClosingBracket(_ c: Unicode.Scalar) -> Bool {
        c == ")" || c == "\u{FF09}"
    }

    /// Whether `s[..<end]` has a `(` (or full-width `（`) that no `)` closes.
    static func hasOpenBracket(_ s: [Unicode.Scalar], _ end: Int) -> Bool {
        var depth = 0
        for c in s[..<end] {
            if c == "(" || c == "\u{FF08}" {
                depth += 1
            } else if isClosingBracket(c) && depth > 0 {
                depth -= 1
            }
        }
        return depth > 0
    }

    /// What may join letters to the digits before them: a space, or one
    /// `-` or `.` (or a dash, or their full-width forms).
    static func isJoiner(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x20, 0xA0, 0x3000, 0x2D, 0x2E, 0x2010...0x2015, 0x2212, 0xFF0D, 0xFF0E: true
        default: false
        }
    }

    // MARK: - Extensions

    /// The result of looking for an extension at the end of the number.
    enum ExtensionMatch {
        /// An extension: where its marker (with the separators before it)
        /// starts, and its digits.
        case found(markerStart: Int, digits: Range<Int>)
        /// A marker followed by `digits` digits, more than its `limit`.
        case tooLong(limit: Int, digits: Int)
        case none
    }

    /// How an extension is marked, in libphonenumber's order of preference,
    /// with the most digits it takes after the marker.
    enum ExtensionMarker: Int, CaseIterable {
        /// `;ext=` (RFC 3966).
        case rfc
        /// `ext`, `extn`, `extension`, `extensión`, `ｅｘｔ`, `доб`, `anexo`, and `내선`.
        case explicit
        /// `x`, `#`, `~`, `int` and their full-width forms.
        case ambiguous
        /// Digits between `-` or a space and a closing `#`.
        case american
        /// `,,` or `;` (auto-dialling).
        case autoDial
        /// One or more commas.
        case commas

        var limit: Int {
            switch self {
            case .rfc, .explicit: 20
            case .autoDial: 15
            case .ambiguous, .commas: 9
            case .american: 6
            }
        }

        /// Whether a marker of this kind with too many digits is an error
        /// (`extension-too-long`) rather than not an extension. A lone `#`
        /// or comma is too weak a sign to call the digits an extension.
        var isExplicit: Bool { self != .american && self != .commas }
    }

    /// libphonenumber's extension patterns for parsing, anchored at `end`,
    /// searched as its `search` does (the leftmost start wins, then the
    /// first marker kind), and the viability of the number before it.
    static func matchExtension(_ s: [Unicode.Scalar], _ lo: Int, _ end: Int) -> ExtensionMatch {
        var e = end
        let hash = e > lo && s[e - 1] == "#"
        if hash { e -= 1 }
        var d0 = e
        while d0 > lo && digitValue(s[d0 - 1]) != nil { d0 -= 1 }
        let count = e - d0
        if count == 0 { return .none }
        var best: (start: Int, marker: ExtensionMarker)?
        var bestUnlimited: (start: Int, marker: ExtensionMarker)?
        for marker in ExtensionMarker.allCases {
            guard let start = markerStart(marker, s, lo, d0, hash: hash) else { continue }
            if count <= marker.limit, best == nil || start < best!.start { best = (start, marker) }
            if marker.isExplicit, bestUnlimited == nil || start < bestUnlimited!.start {
                bestUnlimited = (start, marker)
            }
        }
        if let best {
            return isViable(s, lo, best.start) ? .found(markerStart: best.start, digits: d0..<e) : .none
        }
        if let u = bestUnlimited, isViable(s, lo, u.start) {
            return .tooLong(limit: u.marker.limit, digits: count)
        }
        return .none
    }

    /// Where the leftmost match of `marker` ending just before the digits at
    /// `d0` starts (separators before the marker included); nil when none.
    static func markerStart(
        _ marker: ExtensionMarker, _ s: [Unicode.Scalar], _ lo: Int, _ d0: Int, hash: Bool
    ) -> Int? {
        func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
            if c.value < 0x80 { return c.value &- 0x41 < 26 ? Unicode.Scalar(c.value | 0x20)! : c }
            let l = c.properties.lowercaseMapping.unicodeScalars
            return l.count == 1 ? l.first! : c
        }
        func ends(_ label: [Unicode.Scalar], at le: Int) -> Bool {
            if le - label.count < lo { return false }
            for (n, c) in label.enumerated() where lower(s[le - label.count + n]) != c { return false }
            return true
        }
        func isAfterLabel(_ c: Unicode.Scalar) -> Bool {
            c == " " || c == "\u{A0}" || c == "\t" || c == "," || c == "-"
        }
        func isDot(_ c: Unicode.Scalar) -> Bool { c == ":" || c == "." || c == "\u{FF0E}" }
        /// Start of the separators before a label that starts at `ls`.
        func separatorsBefore(_ ls: Int, commas: Bool) -> Int {
            var p = ls
            while p > lo && (s[p - 1] == " " || s[p - 1] == "\u{A0}" || s[p - 1] == "\t" || (commas && s[p - 1] == ","))
            {
                p -= 1
            }
            return p
        }
        // Where a label may end: the characters allowed after a label are an
        // optional `:`/`.` then spaces, tabs, commas and dashes.
        var a = d0
        while a > lo && isAfterLabel(s[a - 1]) { a -= 1 }
        var labelEnds: [Int] = []
        switch marker {
        case .rfc:
            if hash { return nil }
            return ends(Array(";ext=".unicodeScalars), at: d0) ? d0 - 5 : nil
        case .american:
            guard hash else { return nil }
            var p = d0
            while p > lo && (s[p - 1] == " " || s[p - 1] == "-") { p -= 1 }
            return p < d0 ? p : nil
        case .explicit, .ambiguous:
            labelEnds = [a]
            if a > lo && isDot(s[a - 1]) { labelEnds.append(a - 1) }
        case .autoDial, .commas:
            // A comma label may also lie inside the run after it (`,,`
            // among the commas and spaces before the digits): of those, the
            // first comma and the first pair start leftmost. Only these are
            // tried, so the search stays linear in the run's length.
            labelEnds = [a]
            if let c = s[a..<d0].firstIndex(of: ",") { labelEnds.append(c + 1) }
            if let c = s[a..<d0].indices.first(where: { $0 + 1 < d0 && s[$0] == "," && s[$0 + 1] == "," }) {
                labelEnds.append(c + 2)
            }
            if a > lo && isDot(s[a - 1]) { labelEnds.append(a - 1) }
        }
        var best: Int?
        for le in labelEnds {
            var start: Int?
            switch marker {
            case .explicit, .ambiguous:
                let labels = marker == .explicit ? explicitLabels : ambiguousLabels
                if let longest = labels.filter({ ends($0, at: le) }).map(\.count).max() {
                    start = separatorsBefore(le - longest, commas: true)
                }
            case .autoDial:
                if ends([",", ","], at: le) {
                    start = separatorsBefore(le - 2, commas: false)
                } else if ends([";"], at: le) {
                    start = separatorsBefore(le - 1, commas: false)
                }
            case .commas:
                var p = le
                while p > lo && s[p - 1] == "," { p -= 1 }
                if p < le { start = separatorsBefore(p, commas: false) }
            case .rfc, .american:
                break
            }
            if let start, best == nil || start < best! { best = start }
        }
        return best
    }

    /// libphonenumber's explicit extension labels, lower case: `e?xt(ensi(o
    /// with an optional combining acute, or ó))?n?`, the full-width `ｅ?ｘｔｎ?`,
    /// `доб`, `anexo`; and phonefmt's own `내선` (Korean).
    static let explicitLabels: [[Unicode.Scalar]] = {
        var labels: [[Unicode.Scalar]] = []
        for e in ["", "e"] {
            for middle in ["", "ensio", "ensio\u{301}", "ensió"] {
                for n in ["", "n"] { labels.append(Array((e + "xt" + middle + n).unicodeScalars)) }
            }
        }
        for e in ["", "ｅ"] {
            for n in ["", "ｎ"] { labels.append(Array((e + "ｘｔ" + n).unicodeScalars)) }
        }
        for word in ["доб", "anexo", "내선"] { labels.append(Array(word.unicodeScalars)) }
        return labels
    }()

    /// libphonenumber's ambiguous extension labels, lower case.
    static let ambiguousLabels: [[Unicode.Scalar]] = ["x", "ｘ", "#", "＃", "~", "～", "int", "ｉｎｔ"].map {
        Array($0.unicodeScalars)
    }

    /// libphonenumber's viability test on the number before an extension:
    /// exactly two digits (unless `twoDigits` is false), or at least three digits (each after optional
    /// punctuation or `*`), then punctuation, `*`, letters or digits.
    static func isViable(_ s: [Unicode.Scalar], _ lo: Int, _ end: Int, twoDigits: Bool = true) -> Bool {
        if end - lo < 2 { return false }
        if twoDigits && end - lo == 2 && digitValue(s[lo]) != nil && digitValue(s[lo + 1]) != nil { return true }
        var p = lo
        while p < end && (s[p] == "+" || s[p] == "\u{FF0B}") { p += 1 }
        var digitsSeen = 0
        while p < end {
            let c = s[p]
            p += 1
            if digitValue(c) != nil {
                digitsSeen += 1
            } else if isPunctuation(c) || c == "x" || c == "X" || c == "~" || c == "\u{2053}" || c == "\u{223C}"
                || c == "\u{FF5E}" || c == "*"
            {
                continue
            } else if digitsSeen >= 3 && isASCIILetter(c) {
                continue
            } else {
                return false
            }
        }
        return digitsSeen >= 3
    }
}
