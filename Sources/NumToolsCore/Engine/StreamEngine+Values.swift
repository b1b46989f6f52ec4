/// The engine's values: trimming, blanks, and one value handed to the transform.

extension StreamEngine {
    /// `[start, end)` less the spaces and tabs around it, and with
    /// `unicodeSpaces` (`--trim`) the Unicode space separators as well
    /// (``UTF8Bytes/spaceSeparatorLength(_:_:_:)``), in any mix.
    @inline(__always)
    static func trimmed(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, unicodeSpaces: Bool) -> (Int, Int) {
        var lo = start
        var hi = end
        while lo < hi {
            if p[lo] == 0x20 || p[lo] == 0x09 {
                lo += 1
            } else if unicodeSpaces, case let k = UTF8Bytes.spaceSeparatorLength(p, lo, hi), k > 0 {
                lo += k
            } else {
                break
            }
        }
        while hi > lo {
            if p[hi - 1] == 0x20 || p[hi - 1] == 0x09 {
                hi -= 1
            } else if unicodeSpaces, case let k = UTF8Bytes.spaceSeparatorLength(p, from: lo, endingAt: hi), k > 0 {
                hi -= k
            } else {
                break
            }
        }
        return (lo, hi)
    }

    /// Whether the unquoted CSV field `value` is blank as ``trimmed(_:_:_:unicodeSpaces:)`` sees it.
    func isBlank(_ value: [UInt8]) -> Bool {
        value.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return true }
            let (lo, hi) = Self.trimmed(base, 0, b.count, unicodeSpaces: configuration.trim)
            return lo == hi
        }
    }

    /// The `invalid-utf8` error of the value `[start, end)`, whose byte at
    /// `bad` is not UTF-8: its offset counts characters from the value's
    /// start, and the message names the byte as `0xHH`, which the error
    /// record needs not escape again.
    static func invalidUTF8(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, at bad: Int) -> ValueError {
        let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), bad - start)
        var text = ErrorText(template: "\u{1} at offset \u{2} is not valid UTF-8", offset)
        text.quote(UnsafeBufferPointer(start: p + bad, count: 1), at: 0)  // (one byte of no sequence: byte 0xHH)
        return ValueError(.engine(.invalidUTF8), text)
    }

    /// Transforms `[start, end)`, keeping the spaces and tabs around it
    /// (dropping them with ``StreamConfiguration/trim``, and the Unicode
    /// space separators around it too; handing them to a transform that
    /// ``ValueTransform/keepsSurroundingWhitespace``).
    @inline(__always)
    mutating func transformValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int) throws(FieldFailure) {
        var (lo, hi) = Self.trimmed(p, start, end, unicodeSpaces: configuration.trim)
        if lo == hi {
            if configuration.emptyIsError {
                throw FieldFailure(field: field, error: ValueError(.engine(.empty), "value is empty"))
            }
            writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            // A blank cell of a transform that writes several values is as
            // many blank values, so that the columns after it stay in place;
            // a blank record (no -f) stays one blank line, as the contract says.
            if field != 0 && transform.mayWriteSeveralValues {
                let separator = transform.separator
                for _ in 1..<max(1, transform.outputNames.count) { separator.append(to: &writer.out) }
            }
            return
        }
        let trim = configuration.trim
        if !trim && transform.keepsSurroundingWhitespace { (lo, hi) = (start, end) }
        if lo > start && !trim {
            writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: lo - start))
        }
        let mark = writer.out.count
        separatorOffsets?.list.removeAll(keepingCapacity: true)
        do {
            try transform.transform(UnsafeBufferPointer(start: p + lo, count: hi - lo), into: &writer.out)
        } catch {
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: error)
        }
        if checksDelimiter, let (value, hit) = delimiterInValue(from: mark) {
            let error = delimiterInValueError(value: value, at: hit)
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: error)
        }
        let limit = configuration.outputLimit
        if let padding = configuration.padding,
            !pad(p, start, end, from: mark, padding, room: limit - (writer.out.count - recordMark))
        {
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: .outputTooLong(limit))
        }
        if end > hi && !trim { writer.out.append(contentsOf: UnsafeBufferPointer(start: p + hi, count: end - hi)) }
        // The record's output so far, this value's included: a transform
        // keeps each value within the limit, this keeps their sum there.
        if writer.out.count - recordMark > limit {
            writer.out.truncate(to: mark)
            throw FieldFailure(field: field, error: .outputTooLong(limit))
        }
    }
}

extension StreamEngine {
    /// Where the result written from `mark` on holds the field delimiter
    /// (with `-w`, a space or a tab) outside the separators the transform
    /// wrote between its values (each value a field of its own): where
    /// the value that holds it starts, and where it stands, in the output;
    /// nil when none does. Such a result would split its field
    /// (`1,234,567` in a field of a `,`-delimited record), so without
    /// `--csv`, which quotes it, it is a `delimiter-in-value` error.
    @inline(__always)
    func delimiterInValue(from mark: Int) -> (Int, Int)? {
        let n = writer.out.count
        guard n > mark else { return nil }
        // The common case: a one-byte delimiter and one value, searched in
        // place (no copy of the scanner's delimiter, whose array is retained).
        if let byte = delimiterByte, separatorOffsets?.list.isEmpty ?? true {
            // Whether it is there first, in two overlapping loads for most
            // values; where, only then.
            let hit = writer.out.withUnsafeBytes { o -> Int in
                guard let p = o.baseAddress, Delimiter.occurs(byte, p, mark, n) else { return n }
                return Delimiter.next(byte, p, mark, n)
            }
            return hit < n ? (mark, hit) : nil
        }
        return delimiterInValues(from: mark)
    }

    /// ``delimiterInValue(from:)`` for several values (between the
    /// separators the transform noted), a delimiter of several bytes, or
    /// `-w`'s blanks.
    @inline(never)
    func delimiterInValues(from mark: Int) -> (Int, Int)? {
        let n = writer.out.count
        let delimiter = scanner.delimiter
        let separators = separatorOffsets?.list ?? []
        let width = separators.isEmpty ? 0 : transform.separator.bytes.count
        return writer.out.withUnsafeBytes { o -> (Int, Int)? in
            guard let p = o.baseAddress else { return nil }
            // The values between the separators, each searched within its bounds.
            var from = mark
            for offset in separators where offset >= from && offset <= n {
                let hit = delimiter.next(p, from, offset)
                if hit < offset { return (from, hit) }
                from = offset + width
            }
            guard from < n else { return nil }
            let hit = delimiter.next(p, from, n)
            return hit < n ? (from, hit) : nil
        }
    }

    /// The `delimiter-in-value` error of the value written from output
    /// offset `value` on, which holds the delimiter at output offset `hit`:
    /// it names the delimiter and where it stands in the value (in
    /// characters), and says how to keep the field one.
    @inline(never)
    func delimiterInValueError(value: Int, at hit: Int) -> ValueError {
        let offset = writer.out.withUnsafeBytes { o -> Int in
            guard let p = o.baseAddress else { return 0 }
            return UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + value, count: hit - value), hit - value)
        }
        let advice = Self.otherMarkAdvice(configuration.toolName)
        if scanner.delimiter.blanks {
            return ValueError(
                .engine(.delimiterInValue),
                "result holds a blank at offset \(offset), which would split its field under -w: use \(advice), or -d and --csv to quote it"
            )
        }
        return ValueError(
            .engine(.delimiterInValue),
            "result holds the delimiter \(configuration.delimiterName) at offset \(offset), which would split its field: use --csv to quote it, or \(advice)"
        )
    }

    /// How a tool writes a result without the delimiter: the option that
    /// chooses its marks.
    static func otherMarkAdvice(_ tool: String) -> String {
        switch tool {
        case "numgroup": "another separator with -s"
        case "numconv": "a --to locale that writes other marks"
        case "coinfmt": "a -l locale that writes other marks"
        case "phonefmt": "--format e164"
        default: "another mark"
        }
    }
}
