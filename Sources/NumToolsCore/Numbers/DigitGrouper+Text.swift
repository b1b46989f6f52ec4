extension DigitGrouper {
    // MARK: Numbers in text (--text): grouped where they stand alone, never an error

    /// Groups each number standing alone in `p`: a run of at least
    /// `minimumDigits` ASCII digits not starting with 0, with its sign and
    /// fraction, touching no letter, digit or `_`, and not part of a dotted,
    /// dashed, slashed or colon sequence (versions, dates, times, addresses),
    /// nor a path component, a side of a `..` range or a JSON value
    /// (``isPathRangeOrJSON(_:from:to:brackets:)``), nor an identifier
    /// (``isIdentifier(_:from:digits:to:)``).
    /// Never an error but `output-too-long`, thrown before the separator
    /// that would pass ``outputLimit`` is written. Linear: each byte is read
    /// a bounded number of times (the look-arounds stay within the gaps
    /// between numbers, the bracket count resumes where it stopped).
    func groupText<Output: ByteOutput & ~Copyable>(
        _ p: UnsafeBufferPointer<UInt8>, minimumDigits: Int, into out: inout Output
    ) throws(ValueError) {
        let n = p.count
        guard n <= outputLimit else { throw ValueError.outputTooLong(outputLimit) }
        // Separators that fit in the limit beside the text itself.
        var separatorsLeft = (outputLimit - n) / max(1, style.separator.count)
        var copied = 0
        var brackets = BracketDepth()
        var i = 0
        while i < n {
            guard p[i] &- 48 < 10 else {
                i += 1
                continue
            }
            let runStart = i
            while i < n, p[i] &- 48 < 10 { i += 1 }
            let runEnd = i
            // The fraction that follows, if any.
            var numberEnd = runEnd
            let d = match(p, runEnd, style.decimal)
            if d > 0, runEnd + d < n, p[runEnd + d] &- 48 < 10 {
                numberEnd = runEnd + d
                while numberEnd < n, p[numberEnd] &- 48 < 10 { numberEnd += 1 }
            }
            i = numberEnd
            guard runEnd - runStart >= minimumDigits, p[runStart] != UInt8(ascii: "0"),
                style.grouping.groups(count: runEnd - runStart),
                standsAlone(p, before: runStart, after: numberEnd),
                !isPathRangeOrJSON(p, from: signed(p, runStart), to: numberEnd, brackets: &brackets),
                !isIdentifier(p, from: signed(p, runStart), digits: runStart, to: numberEnd)
            else { continue }
            let separators = separatorCount(digits: runEnd - runStart)
            guard separators <= separatorsLeft else { throw ValueError.outputTooLong(outputLimit) }
            separatorsLeft -= separators
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<runStart]))
            style.grouping.forEachGroup(digits: runEnd - runStart) { from, to in
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[(runStart + from)..<(runStart + to)]))
            } separator: {
                out.append(bytes: style.separator)
            }
            copied = runEnd
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[copied..<n]))
    }

    /// Whether the number in `[start, end)` is a word of its own.
    func standsAlone(_ p: UnsafeBufferPointer<UInt8>, before start: Int, after end: Int) -> Bool {
        // A fraction on its own (`.12345`) is not an integer part: never grouped.
        let d = style.decimal.count
        if start >= d, match(p, start - d, style.decimal) > 0 { return false }
        // Left: skip a sign, then the neighbour must not be part of a word or sequence.
        var left = start
        let sign = signLengthBefore(p, start)
        if sign > 0 {
            left -= sign
            // The sign itself must not hang off a word (`abc-12345` is an identifier).
            if left > 0, isWordScalar(scalarBefore(p, left).0) { return false }
        }
        if left > 0 {
            let (scalar, length) = scalarBefore(p, left)
            if isWordScalar(scalar) { return false }
            if isConnector(scalar), left - length > 0, isWordScalar(scalarBefore(p, left - length).0) { return false }
            if let s = separatorBefore(p, left), left - s.count > 0,
                joins(s, scalarBefore(p, left - s.count).0)
            {
                return false
            }
        }
        if end < p.count {
            let (scalar, length) = scalarAt(p, end)
            if isWordScalar(scalar) { return false }
            if isConnector(scalar) || match(p, end, style.decimal) > 0 {
                let next = end + max(length, match(p, end, style.decimal))
                if next < p.count, isWordScalar(scalarAt(p, next).0) { return false }
            }
            if let s = separatorAt(p, end), end + s.count < p.count, joins(s, scalarAt(p, end + s.count).0) {
                return false
            }
        }
        return true
    }

    /// Where the number whose digits start at `start` begins: at its sign, if it has one.
    func signed(_ p: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        start - signLengthBefore(p, start)
    }

    /// The length of the sign that ends at `end`: one of the style's signs
    /// (`-`, `+`, U+2212 and the locale's), or 0.
    func signLengthBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int) -> Int {
        guard end > 0, let base = p.baseAddress else { return 0 }
        let b = p[end - 1]
        if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") { return 1 }
        guard b >= 0x80 else { return 0 }
        for span in signSpans where span.count <= end && bytes.match(span, base, end - span.count, end) > 0 {
            return span.count
        }
        return 0
    }

    /// Whether the number in `[start, end)` (sign and fraction included) is
    /// left alone as part of a path, a range or JSON:
    /// - a path component: the byte just before or just after it is `/` or `\`;
    /// - a side of a `..` range: two dots stand just before or just after it
    ///   (`12345..67890`, `..12345`, and an ellipsis `12345...`);
    /// - a JSON member value: before it, past spaces and tabs, a `:` and
    ///   before that, past spaces and tabs, a `"` (`"bytes": 1234567`);
    /// - a JSON array element: inside an open `[`, with `[` or `,` before it
    ///   and `,` or `]` after it, past spaces and tabs (`[12345, 67890]`).
    func isPathRangeOrJSON(
        _ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, brackets: inout BracketDepth
    ) -> Bool {
        let n = p.count
        let slash = UInt8(ascii: "/")
        let backslash = UInt8(ascii: "\\")
        let dot = UInt8(ascii: ".")
        if start > 0, p[start - 1] == slash || p[start - 1] == backslash { return true }
        if end < n, p[end] == slash || p[end] == backslash { return true }
        if start > 1, p[start - 1] == dot, p[start - 2] == dot { return true }
        if end + 1 < n, p[end] == dot, p[end + 1] == dot { return true }
        // JSON: what stands before and after, past blanks (within the gaps between numbers).
        var left = start
        while left > 0, isBlank(p[left - 1]) { left -= 1 }
        guard left > 0 else { return false }
        let before = p[left - 1]
        if before == UInt8(ascii: ":") {
            left -= 1
            while left > 0, isBlank(p[left - 1]) { left -= 1 }
            return left > 0 && p[left - 1] == UInt8(ascii: "\"")
        }
        guard before == UInt8(ascii: "[") || before == UInt8(ascii: ",") else { return false }
        var right = end
        while right < n, isBlank(p[right]) { right += 1 }
        guard right < n, p[right] == UInt8(ascii: ",") || p[right] == UInt8(ascii: "]") else { return false }
        return before == UInt8(ascii: "[") || brackets.isOpen(p, at: start)
    }

    /// Whether the number in `[start, end)` (sign and fraction included),
    /// whose digits start at `digits`, is an identifier, left alone:
    /// - the whole content of a quoted string: `"` just before and just
    ///   after it (`{"id":"12345"}`; a number among words, as in
    ///   `"moved 50000 rows"`, is prose and is grouped);
    /// - a digit run glued after `+`, `=`, `:`, `#`, `@` or `/` (`+821012345678`,
    ///   `user_id=123456`, `key:123456`, `order #12345`, `@12345`), or after one
    ///   of them and a sign (`delta=-12345`);
    /// - a number glued before `=` (`12345=`).
    func isIdentifier(_ p: UnsafeBufferPointer<UInt8>, from start: Int, digits: Int, to end: Int) -> Bool {
        if end < p.count, p[end] == UInt8(ascii: "=") { return true }
        if digits > 0, isIdentifierMark(p[digits - 1]) { return true }
        guard start > 0 else { return false }
        if isIdentifierMark(p[start - 1]) { return true }
        return p[start - 1] == UInt8(ascii: "\"") && end < p.count && p[end] == UInt8(ascii: "\"")
    }

    /// `+`, `=`, `:`, `#`, `@` and `/`: a digit run glued after one is an identifier.
    func isIdentifierMark(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "+") || b == UInt8(ascii: "=") || b == UInt8(ascii: ":") || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "@") || b == UInt8(ascii: "/")
    }

    func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    /// How many `[` are open at a point of the text, counted forward from
    /// where the last question stopped (questions come in increasing order,
    /// so the text is counted once).
    struct BracketDepth {
        var scanned = 0
        var depth = 0

        mutating func isOpen(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
            while scanned < i {
                if p[scanned] == UInt8(ascii: "[") {
                    depth += 1
                } else if p[scanned] == UInt8(ascii: "]"), depth > 0 {
                    depth -= 1
                }
                scanned += 1
            }
            return depth > 0
        }
    }

    /// Whether grouping separator `s` followed or preceded by `neighbour`
    /// joins the number to it. A space separator is also the space between
    /// words, so only a digit on its other side makes it grouping.
    func joins(_ s: [UInt8], _ neighbour: Unicode.Scalar) -> Bool {
        SeparatorVariants.spaces.contains(s) ? neighbour.properties.numericType != nil : isWordScalar(neighbour)
    }

    func separatorBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int) -> [UInt8]? {
        acceptedSeparators.first { end >= $0.count && match(p, end - $0.count, $0) > 0 }
    }

    func separatorAt(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> [UInt8]? {
        acceptedSeparators.first { match(p, i, $0) > 0 }
    }

    func isConnector(_ s: Unicode.Scalar) -> Bool {
        s == "." || s == "-" || s == "/" || s == ":" || s == ","
    }

    /// Letters, `_` and digits of any script.
    func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s == "_" || s.properties.numericType != nil || s.properties.isAlphabetic
    }

    func scalarAt(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Unicode.Scalar, Int) {
        let length = max(1, UTF8Bytes.sequenceLength(p.baseAddress!, i, p.count))
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: p[i..<(i + length)]).makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return (s, length) }
        return (" ", length)
    }

    func scalarBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int) -> (Unicode.Scalar, Int) {
        var start = end - 1
        while start > 0, p[start] & 0xC0 == 0x80, end - start < 4 { start -= 1 }
        return scalarAt(p, start)
    }
}
