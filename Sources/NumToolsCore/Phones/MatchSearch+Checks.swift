// MatchSearch's checks of a candidate: dates, time stamps, inner matches, brackets, pages, parse and verify.

extension MatchSearch {
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
}
