/// Why `-f NAME` could not be resolved: a usage error (an unknown name,
/// operands instead of input), or a failure to read the header.
public enum FieldNameFailure: Error {
    case usage(UsageError)
    case io(IOFailure)
}

extension StreamRun {
    /// Resolves the names of ``StreamConfiguration/fieldNames`` (`-f price`)
    /// into ``StreamConfiguration/fields`` from the last header record, read
    /// here from ``input`` before the run; the bytes read are handed to the
    /// engine first, so that it reads the input whole (a `-j` run too: its
    /// front reads them). Nothing is written. Returns the outcome when a
    /// signal came before the header did (the run is then over), else nil.
    ///
    /// An input with fewer records than the header (all passing through)
    /// has no name to check: any fields do.
    public mutating func resolveFieldNames() throws(FieldNameFailure) -> StreamOutcome? {
        guard let selection = configuration.fieldNames else { return nil }
        guard operands == nil else {
            throw .usage(
                UsageError(
                    "-f \(selection.text) names fields of the header of standard input: it cannot be used with operands"
                ))
        }
        let n = configuration.headerRecords
        guard n > 0 else {
            throw .usage(UsageError("-f \(selection.text) names fields by their header name: it needs --header"))
        }
        let terminator: UInt8 = configuration.zeroTerminated ? 0 : 0x0A
        let limit = configuration.maxRecordBytes
        var bytes: [UInt8] = []
        var records = 0
        var recordStart = 0  // of the record being looked at
        var lastHeader: Range<Int>? = nil
        var quoted = false
        var scanned = 0
        var atEnd = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while records < n {
            // Find the ends of records in what is read.
            while scanned < bytes.count, records < n {
                let b = bytes[scanned]
                if configuration.csv && b == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if b == terminator && !quoted {
                    records += 1
                    lastHeader = recordStart..<scanned
                    recordStart = scanned + 1
                }
                scanned += 1
            }
            if records == n { break }
            if scanned - recordStart > limit {
                throw .usage(
                    UsageError(
                        "-f \(selection.text): header record \(records + 1) is longer than the limit of \(limit) bytes")
                )
            }
            if atEnd {
                if recordStart < bytes.count, records == n - 1 {
                    records += 1
                    lastHeader = recordStart..<bytes.count
                }
                break
            }
            let got: Int?
            do throws(IOFailure) {
                got = try chunk.withUnsafeMutableBufferPointer { (b) throws(IOFailure) in
                    try input.read(into: b.baseAddress!, capacity: b.count)
                }
            } catch {
                throw .io(error)
            }
            guard let got else {
                if let signal = pendingSignal() { return .interrupted(signal: signal) }
                continue
            }
            if got == 0 { atEnd = true } else { bytes.append(contentsOf: chunk[0..<got]) }
        }
        var resolved = selection.fieldList ?? (try? FieldList("1"))!
        if records == n, var header = lastHeader {
            // The byte-order mark before the first record is not a name's.
            if header.lowerBound == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                header = min(3, header.upperBound)..<header.upperBound
            }
            if terminator == 0x0A, header.count > 0, bytes[header.upperBound - 1] == 0x0D {
                header = header.lowerBound..<(header.upperBound - 1)
            }
            let cells = headerCells(Array(bytes[header]))
            do throws(UsageError) { resolved = try selection.resolve(header: cells) } catch { throw .usage(error) }
        }
        configuration.fields = resolved
        configuration.fieldNames = nil
        input = AnyByteSource(PrefixedSource(prefix: bytes, base: input))
        return nil
    }

    /// The cells of a header record: split on the delimiter (as RFC 4180
    /// says with `--csv`, unquoted; with `-w`, at runs of blanks, as the
    /// records are), less the spaces and tabs around each.
    func headerCells(_ record: [UInt8]) -> [String] {
        let scanner = CSVScanner(
            delimiter: Delimiter(bytes: configuration.delimiterBytes, blanks: configuration.whitespace),
            terminator: configuration.zeroTerminated ? 0 : 0x0A)
        var cells: [String] = []
        var padded = record
        padded.append(0)  // a valid base address for an empty record
        padded.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            let (first, end) = scanner.delimiter.fieldSpan(p, 0, record.count)
            var i = first
            if scanner.delimiter.blanks && i == end { return }  // (a blank header names nothing)
            while true {
                var cell: [UInt8]
                var next: Int
                if configuration.csv {
                    let found = scanner.field(p, i, end)
                    next = found.end
                    cell = []
                    if found.quoted && found.wellFormed {
                        scanner.unquote(p, i, next, into: &cell)
                    } else {
                        cell = Array(b[i..<next])
                    }
                } else {
                    next = scanner.delimiter.next(p, i, end)
                    cell = Array(b[i..<next])
                }
                while let f = cell.first, f == 0x20 || f == 0x09 { cell.removeFirst() }
                while let l = cell.last, l == 0x20 || l == 0x09 { cell.removeLast() }
                cells.append(String(decoding: cell, as: UTF8.self))
                if next >= end { break }
                i = scanner.delimiter.skip(p, next, end)
            }
        }
        return cells
    }
}

/// A source that yields `prefix` first, then what `base` reads.
struct PrefixedSource: ByteSource {
    let prefix: [UInt8]
    var offset = 0
    var base: AnyByteSource

    init(prefix: [UInt8], base: AnyByteSource) {
        self.prefix = prefix
        self.base = base
    }

    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(IOFailure) -> Int? {
        if offset < prefix.count {
            let n = min(capacity, prefix.count - offset)
            prefix.withUnsafeBufferPointer { b in buffer.update(from: b.baseAddress! + offset, count: n) }
            offset += n
            return n
        }
        return try base.read(into: buffer, capacity: capacity)
    }
}
