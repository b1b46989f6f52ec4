// The stream harness's reference splitter: records, fields and escapes, without the engine's code.

// MARK: The stream harness (records and coinrecords)
//
// Runs a transform through the StreamEngine under several policies and checks
// the stream contract against the input as a reference splitter of its own
// (not the engine's) cuts it into records and fields.

/// One input record: `[start, contentEnd)` is its content, `[contentEnd, end)` its terminator.
struct ReferenceRecord {
    var start: Int
    var contentEnd: Int
    var end: Int
    /// CSV: the input ended inside a quoted field (an `unterminated-quote` error).
    var unterminatedQuote = false
}

/// The record starting at `start`: it ends at the first `terminator` (a CR
/// before an LF terminator belongs to it), and with `csv` only at one outside
/// quotes. A quote opens quoted text only at the start of a field (the record
/// start, or right after the delimiter); inside, `""` is one quote and a single
/// quote closes it. A record not ended by a terminator runs to the end. With
/// `errorRecordsUpTo`, a CSV record that is an error record of an earlier
/// pass (no longer than that) ends at its first terminator, whatever quotes it holds.
func referenceRecord(
    _ b: [UInt8], at start: Int, terminator t: UInt8, csv: Bool, delimiter d: [UInt8], errorRecordsUpTo: Int? = nil
) -> ReferenceRecord {
    let quote = UInt8(ascii: "\"")
    if csv, let limit = errorRecordsUpTo {
        let i = b[start...].firstIndex(of: t) ?? b.count
        let contentEnd = i < b.count && t == 0x0A && i > start && b[i - 1] == 0x0D ? i - 1 : i
        if contentEnd - start <= limit, isErrorRecord(b[start..<contentEnd]) {
            return ReferenceRecord(start: start, contentEnd: contentEnd, end: min(i + 1, b.count))
        }
    }
    var i = start
    var inQuotes = false
    while i < b.count {
        let c = b[i]
        if inQuotes {
            if c == quote {
                if i + 1 < b.count, b[i + 1] == quote {
                    i += 2
                    continue
                }
                inQuotes = false
            }
        } else if c == t {
            let contentEnd = t == 0x0A && i > start && b[i - 1] == 0x0D ? i - 1 : i
            return ReferenceRecord(start: start, contentEnd: contentEnd, end: i + 1)
        } else if csv, c == quote, i == start || (i - d.count >= start && b[(i - d.count)..<i].elementsEqual(d)) {
            inQuotes = true
        }
        i += 1
    }
    return ReferenceRecord(start: start, contentEnd: b.count, end: b.count, unterminatedQuote: csv && inQuotes)
}

/// Whether a record's content is an error record: `error` TAB, six TAB-separated columns.
func isErrorRecord(_ s: ArraySlice<UInt8>) -> Bool {
    s.starts(with: Array("error\t".utf8)) && s.count(where: { $0 == 0x09 }) == 5
}

/// UTF-8's byte-order mark.
let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

/// Every record of `b` from `start` (past a byte-order mark).
func referenceRecords(
    _ b: [UInt8], from start: Int = 0, terminator: UInt8, csv: Bool, delimiter: [UInt8], maxRecordBytes: Int
)
    -> [ReferenceRecord]
{
    var records: [ReferenceRecord] = []
    var pos = start
    while pos < b.count {
        let r = referenceRecord(
            b, at: pos, terminator: terminator, csv: csv, delimiter: delimiter, errorRecordsUpTo: maxRecordBytes)
        records.append(r)
        pos = r.end
    }
    return records
}

/// The fields of `s` (a record's content): split on the delimiter; with `csv`,
/// a field starting with a quote runs to its closing quote, then to the next delimiter.
func referenceFields(_ s: ArraySlice<UInt8>, csv: Bool, delimiter d: [UInt8]) -> [ArraySlice<UInt8>] {
    let quote = UInt8(ascii: "\"")
    var fields: [ArraySlice<UInt8>] = []
    var i = s.startIndex
    func delimiterAt(_ k: Int) -> Bool { k + d.count <= s.endIndex && s[k..<(k + d.count)].elementsEqual(d) }
    while true {
        let fieldStart = i
        if csv, i < s.endIndex, s[i] == quote {
            i += 1
            while i < s.endIndex {
                if s[i] == quote {
                    if i + 1 < s.endIndex, s[i + 1] == quote {
                        i += 2
                        continue
                    }
                    i += 1
                    break
                }
                i += 1
            }
        }
        while i < s.endIndex, !delimiterAt(i) { i += 1 }
        fields.append(s[fieldStart..<i])
        if i >= s.endIndex { return fields }
        i += d.count
    }
}

/// A CSV field without its quotes (`""` is one quote), or nil when it is not quoted.
func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
    let quote = UInt8(ascii: "\"")
    guard field.count >= 2, field.first == quote, field.last == quote else { return nil }
    var result: [UInt8] = []
    var i = field.startIndex + 1
    while i < field.endIndex - 1 {
        result.append(field[i])
        i += field[i] == quote ? 2 : 1
    }
    return result
}

/// ORIGINAL or MESSAGE as written: `\\ \t \n \r \xHH` undone; nil for any other escape.
func unescaped(_ s: ArraySlice<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    var i = s.startIndex
    func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 65...70: c - 55
        default: nil
        }
    }
    while i < s.endIndex {
        guard s[i] == UInt8(ascii: "\\") else {
            result.append(s[i])
            i += 1
            continue
        }
        guard i + 1 < s.endIndex else { return nil }
        switch s[i + 1] {
        case UInt8(ascii: "\\"): result.append(0x5C)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "x"):
            guard i + 3 < s.endIndex, let h = hex(s[i + 2]), let l = hex(s[i + 3]) else { return nil }
            result.append(h << 4 | l)
            i += 2
        default: return nil
        }
        i += 2
    }
    return result
}

func isBlank(_ s: some Collection<UInt8>) -> Bool { s.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

func isKebabCase(_ s: ArraySlice<UInt8>) -> Bool {
    !s.isEmpty && s.first != UInt8(ascii: "-") && s.last != UInt8(ascii: "-")
        && s.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }
}

func text(_ s: some Collection<UInt8>) -> String {
    String(decoding: s.prefix(300), as: UTF8.self).debugDescription + (s.count > 300 ? "... (\(s.count) bytes)" : "")
}
