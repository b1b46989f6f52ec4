/// The engine's column work: several values of one field as fields of
/// their own (`--csv`, `-d`, `--output-delimiter`), `--append` and its
/// header names, and `--on-error field`.
extension StreamEngine {
    /// Tells the transform what to write between its values, and works out
    /// the names of the fields `--append` adds (decided once, at start).
    mutating func setUpColumns(delimiter: [UInt8]) {
        let several = transform.mayWriteSeveralValues
        if several {
            // TAB when the record is the value, else the field delimiter:
            // each value a field of its own, unless --output-delimiter joins
            // them into one.
            let bytes = configuration.outputDelimiter ?? (configuration.fields == nil ? [0x09] : delimiter)
            // Each value is quoted (CSV), padded (--width) or searched on its own:
            // the engine needs to know where they are.
            // Without --csv, the values of a field are searched for the
            // delimiter between the separators (``delimiterInValue(from:)``).
            if configuration.outputDelimiter == nil, configuration.fields != nil || configuration.padding != nil {
                separatorOffsets = SeparatorOffsets()
            }
            transform.separator = ValueSeparator(bytes, offsets: separatorOffsets)
        }
        guard configuration.append else { return }
        if let names = configuration.appendNames {
            appendedNames = names.map { Array($0.utf8) }
        } else if configuration.outputDelimiter != nil && several {
            appendedNames = [Array(transform.outputNames.joined(separator: "_").utf8)]
        } else {
            appendedNames = transform.outputNames.map { Array($0.utf8) }
        }
        if appendedNames.isEmpty { appendedNames = [Array("value".utf8)] }
    }

    /// The value just written from `mark` on, which holds the separators
    /// ``separatorOffsets`` noted, written again as one CSV field a value,
    /// each quoted exactly when it must be.
    mutating func quoteValues(from mark: Int) {
        guard let log = separatorOffsets, !log.list.isEmpty else {
            scanner.requoteIfNeeded(&writer.out, from: mark)
            return
        }
        let n = writer.out.count
        splitScratch.removeAll(keepingCapacity: true)
        writer.out.withUnsafeBytes { b in
            splitScratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark..<n]))
        }
        writer.out.truncate(to: mark)
        let separator = scanner.delimiter.count
        let local = splitScratch
        local.withUnsafeBufferPointer { b in
            var from = 0
            for offset in log.list + [n] {
                let to = offset - mark
                let pieceMark = writer.out.count
                writer.out.append(contentsOf: UnsafeBufferPointer(rebasing: b[from..<to]))
                scanner.requoteIfNeeded(&writer.out, from: pieceMark)
                if to < b.count {
                    writer.out.append(contentsOf: UnsafeBufferPointer(rebasing: b[to..<(to + separator)]))
                }
                from = to + separator
            }
        }
        splitScratch = local
        log.list.removeAll(keepingCapacity: true)
    }

    /// Where the field starting at `fieldStart` ends (before its delimiter, or at `end`).
    func fieldEnd(_ p: UnsafePointer<UInt8>, _ fieldStart: Int, _ end: Int) -> Int {
        configuration.csv ? scanner.field(p, fieldStart, end).end : scanner.delimiter.next(p, fieldStart, end)
    }

    /// `--append`: the selected field starting at `fieldStart` as it is,
    /// quotes included, and the delimiter before the fields added.
    mutating func copyFieldForAppend(_ p: UnsafePointer<UInt8>, _ fieldStart: Int, _ end: Int) {
        let i = fieldEnd(p, fieldStart, end)
        writer.out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
        writer.out.append(bytes: scanner.delimiter.bytes)
    }

    /// `--append`: the selected field `[fieldStart, fieldEnd)` as it is,
    /// quotes included, and the delimiter, put in the output at `mark`, in
    /// front of what was written for it since.
    mutating func insertFieldForAppend(_ p: UnsafePointer<UInt8>, _ fieldStart: Int, _ fieldEnd: Int, at mark: Int) {
        let field = UnsafeBufferPointer(start: p + fieldStart, count: fieldEnd - fieldStart)
        if scanner.delimiter.single >= 0 {
            var byte = UInt8(truncatingIfNeeded: scanner.delimiter.single)
            withUnsafePointer(to: &byte) {
                writer.out.insert(field, UnsafeBufferPointer(start: $0, count: 1), at: mark)
            }
        } else {
            scanner.delimiter.bytes.withUnsafeBufferPointer { writer.out.insert(field, $0, at: mark) }
        }
    }

    /// `--on-error field`: transforms the selected field starting at
    /// `fieldStart` as ``transformFields(_:_:_:_:)`` does, but a field that
    /// fails is written as it was (with `--append`, the fields added are
    /// empty) and its failure kept for ``reportFieldFailures(_:_:_:_:)``.
    /// Returns where the field ends.
    mutating func transformCell(_ p: UnsafePointer<UInt8>, _ start: Int, _ fieldStart: Int, _ end: Int, field: Int)
        -> Int
    {
        let mark = writer.out.count
        do throws(FieldFailure) {
            if configuration.csv { return try csvField(p, start, fieldStart, end, field: field) }
            let i = scanner.delimiter.next(p, fieldStart, end)
            try transformValue(p, fieldStart, i, field: field)
            return i
        } catch {
            writer.out.truncate(to: mark)
            columnsOver = 0  // (the cell is written as it was)
            let i = fieldEnd(p, fieldStart, end)
            if configuration.append {
                for _ in 1..<appendedNames.count { writer.out.append(bytes: scanner.delimiter.bytes) }
            } else {
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
            }
            fieldFailures.append(error)
            return i
        }
    }

    /// Counts and reports the cells of the record `[start, end)` that
    /// failed (`--on-error field`), once the record is written.
    mutating func reportFieldFailures(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator
    ) {
        for failure in fieldFailures {
            writer.failCell(p, start, end, terminator, field: failure.field, failure.error)
        }
        fieldFailures.removeAll(keepingCapacity: true)
    }

    /// A header record with `--append`: each selected field followed by the
    /// fields added after it, named (`naming`, the last header record)
    /// FIELD_OUTPUT, or as `--names` says, else empty, so that every record
    /// keeps the same number of fields. A name is quoted as RFC 4180 says
    /// with `--csv`.
    mutating func appendHeader(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ fields: FieldList, naming: Bool
    ) {
        let delimiter = scanner.delimiter.bytes
        var field = 1
        let (first, stop) = scanner.delimiter.fieldSpan(p, start, end)  // (with -w, less the blanks around)
        var i = first
        var copied = start
        while field <= fields.upperBound && (i < stop || !scanner.delimiter.blanks) {
            let fieldStart = i
            let found = configuration.csv ? scanner.field(p, i, stop) : nil
            i = found?.end ?? scanner.delimiter.next(p, i, stop)
            if fields.contains(field) {
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: i - copied))
                copied = i
                var prefix: [UInt8] = []
                if naming && configuration.appendNames == nil {
                    if let found, found.quoted, found.wellFormed {
                        scratch.removeAll(keepingCapacity: true)
                        scanner.unquote(p, fieldStart, i, into: &scratch)
                        prefix = scratch
                    } else {
                        prefix = Array(UnsafeBufferPointer(start: p + fieldStart, count: i - fieldStart))
                    }
                    prefix.append(UInt8(ascii: "_"))
                }
                for name in appendedNames {
                    writer.out.append(bytes: delimiter)
                    guard naming else { continue }
                    let mark = writer.out.count
                    writer.out.append(bytes: prefix)
                    writer.out.append(bytes: name)
                    if configuration.csv { scanner.requoteIfNeeded(&writer.out, from: mark) }
                }
            }
            if i >= stop { break }
            i = scanner.delimiter.skip(p, i, stop)
            field += 1
        }
        writer.out.append(contentsOf: UnsafeBufferPointer(start: p + copied, count: end - copied))
    }
}
