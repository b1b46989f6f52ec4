/// The engine's fields: the selected fields of a record, the record's
/// context field, RFC 4180 fields, and UTF-8 checks of the selected values.

extension StreamEngine {
    /// Transforms the selected fields of the record `[start, end)`; the
    /// others, and everything after the last one selected, are copied as they are.
    mutating func transformFields(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList)
        throws(FieldFailure)
    {
        let last = fields.upperBound
        var field = 1
        var range = 0  // where the selection's walk stands (FieldList.selects)
        // The fields lie in `[i, stop)`: with -w, the blanks around them are no field's.
        let (first, stop) = scanner.delimiter.fieldSpan(p, start, end)
        var i = first
        if i == stop && scanner.delimiter.blanks {
            // A blank record has no field.
            noSelectedField(fields: 0)
            writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            return
        }
        // The fields not selected and the delimiters are copied as they
        // stand, a run of them at a time: `[copied, i)` is read but not yet
        // written (a delimiter in the input is the bytes of the delimiter).
        var copied = start
        var runStart = start  // where the blanks before the field start (-w)
        while field <= last {
            let fieldStart = i
            if !fields.selects(field, at: &range) {
                i = configuration.csv ? scanner.field(p, fieldStart, stop).end : scanner.delimiter.next(p, i, stop)
            } else {
                coverage.selectedSeen = true
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: fieldStart - copied))
                // `--append`: the field as it was, then the delimiter, before
                // the fields added; written before the value where a padding
                // log holds positions in the output, else put in front of the
                // value once it is written (where the field's end is known:
                // the field is scanned once).
                let appendsInFront = configuration.append && configuration.padding == nil
                if configuration.append && !appendsInFront { copyFieldForAppend(p, fieldStart, stop) }
                let valueMark = writer.out.count
                if scanner.delimiter.blanks {
                    blanksBefore = fieldStart - max(runStart, copied)
                    blanksKept = runStart == start ? 0 : 1
                }
                if configuration.onError == .field {
                    i = transformCell(p, start, fieldStart, stop, field: field)
                } else if configuration.csv {
                    i = try csvField(p, start, fieldStart, stop, field: field)
                } else {
                    i = scanner.delimiter.next(p, i, stop)
                    try transformValue(p, fieldStart, i, field: field)
                }
                if appendsInFront { insertFieldForAppend(p, fieldStart, i, at: valueMark) }
                copied = columnsOver > 0 ? giveBackColumns(p, i, stop, end) : i
            }
            if i >= stop {
                // The record's last field: before the first selected one, it had none.
                if field < fields.lowerBound { noSelectedField(fields: field) }
                break
            }
            runStart = i
            i = scanner.delimiter.skip(p, i, stop)
            field += 1
        }
        writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: end - copied))
    }

    /// Hands field `n` of the record `[start, end)` to the transform's
    /// ``ValueTransform/recordContext(_:)``: trimmed, unquoted with CSV,
    /// empty when the record has fewer fields.
    @inline(never)
    mutating func recordContext(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field n: Int)
        throws(FieldFailure)
    {
        var field = 1
        let (first, end) = scanner.delimiter.fieldSpan(p, start, end)  // (with -w, less the blanks around)
        var i = first
        var lo = end
        var hi = end
        while true {
            let fieldStart = i
            if configuration.csv {
                let found = scanner.field(p, fieldStart, end)
                i = found.end
                if field == n && found.quoted {
                    guard found.wellFormed else {
                        throw FieldFailure(
                            field: n,
                            error: ValueError(
                                .engine(.invalidCSV), "quoted field \(n) has text after its closing quote"))
                    }
                    scratch.removeAll(keepingCapacity: true)
                    scanner.unquote(p, fieldStart, i, into: &scratch)
                    scratch.append(0)
                    let local = scratch
                    try local.withUnsafeBufferPointer { (b) throws(FieldFailure) in
                        try giveContext(b.baseAddress!, 0, b.count - 1, field: n)
                    }
                    scratch = local
                    return
                }
            } else {
                i = scanner.delimiter.next(p, i, end)
            }
            if field == n {
                (lo, hi) = (fieldStart, i)
                break
            }
            if i >= end { break }
            i = scanner.delimiter.skip(p, i, end)
            field += 1
        }
        try giveContext(p, lo, hi, field: n)
    }

    mutating func giveContext(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int) throws(FieldFailure) {
        var lo = start
        var hi = end
        while lo < hi, p[lo] == 0x20 || p[lo] == 0x09 { lo += 1 }
        while hi > lo, p[hi - 1] == 0x20 || p[hi - 1] == 0x09 { hi -= 1 }
        do {
            try transform.recordContext(UnsafeBufferPointer(start: p + lo, count: hi - lo))
        } catch {
            throw FieldFailure(field: field, error: error)
        }
    }

    /// Notes a record of `count` fields that had no selected field.
    @inline(never)
    mutating func noSelectedField(fields count: Int) {
        coverage.widestWithoutSelected = max(coverage.widestWithoutSelected, count)
    }

    /// Writes the selected RFC 4180 field starting at `fieldStart`,
    /// transformed, and returns where it ends. `start` is the record's start.
    mutating func csvField(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ fieldStart: Int, _ end: Int, field: Int
    ) throws(FieldFailure) -> Int {
        let found = scanner.field(p, fieldStart, end)
        let i = found.end
        if !found.quoted {
            let mark = writer.out.count
            separatorOffsets?.list.removeAll(keepingCapacity: true)
            try transformValue(p, fieldStart, i, field: field)
            if separatorOffsets != nil {
                quoteValues(from: mark)
            } else {
                scanner.requoteIfNeeded(&writer.out, from: mark)
            }
        } else if !found.wellFormed {
            throw FieldFailure(
                field: field,
                error: ValueError(
                    .engine(.invalidCSV),
                    "quoted field \(field) at offset \(UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p + start, count: end - start), fieldStart - start)) has text after its closing quote"
                ))
        } else {
            // Unquote into scratch, then transform that.
            scratch.removeAll(keepingCapacity: true)
            scanner.unquote(p, fieldStart, i, into: &scratch)
            if !configuration.emptyIsError, isBlank(scratch) {
                // A blank value passes through unchanged, quotes included.
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
                return i
            }
            scratch.append(0)
            let mark = writer.out.count
            separatorOffsets?.list.removeAll(keepingCapacity: true)
            let local = scratch
            try local.withUnsafeBufferPointer { (b) throws(FieldFailure) in
                try transformValue(b.baseAddress!, 0, b.count - 1, field: field)
            }
            scratch = local
            if separatorOffsets != nil {
                quoteValues(from: mark)
            } else {
                scanner.requoteIfNeeded(&writer.out, from: mark)
            }
        }
        return i
    }

    /// The first selected value of the record `[start, end)` that is not
    /// valid UTF-8, as its `invalid-utf8` error; nil when every one is. The
    /// fields not selected may hold any bytes.
    @inline(never)
    mutating func invalidValue(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList)
        -> FieldFailure?
    {
        var field = 1
        var range = 0
        let (first, end) = scanner.delimiter.fieldSpan(p, start, end)  // (with -w, less the blanks around)
        var i = first
        while field <= fields.upperBound {
            let fieldStart = i
            if configuration.csv {
                let found = scanner.field(p, fieldStart, end)
                i = found.end
                if fields.selects(field, at: &range), found.wellFormed {
                    if found.quoted {
                        scratch.removeAll(keepingCapacity: true)
                        scanner.unquote(p, fieldStart, i, into: &scratch)
                        let failure = scratch.withUnsafeBufferPointer { b in
                            b.baseAddress.flatMap { base in
                                UTF8Bytes.firstInvalid(base, 0, b.count).map {
                                    FieldFailure(field: field, error: Self.invalidUTF8(base, 0, b.count, at: $0))
                                }
                            }
                        }
                        if let failure { return failure }
                    } else if let bad = UTF8Bytes.firstInvalid(p, fieldStart, i) {
                        return FieldFailure(field: field, error: Self.invalidUTF8(p, fieldStart, i, at: bad))
                    }
                }
            } else {
                i = scanner.delimiter.next(p, i, end)
                if fields.selects(field, at: &range), let bad = UTF8Bytes.firstInvalid(p, fieldStart, i) {
                    return FieldFailure(field: field, error: Self.invalidUTF8(p, fieldStart, i, at: bad))
                }
            }
            if i >= end { return nil }
            i = scanner.delimiter.skip(p, i, end)
            field += 1
        }
        return nil
    }
}
