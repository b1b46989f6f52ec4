import Foundation

// Shared by the fuzz targets: an invariant failure is a crash libFuzzer records.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

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

/// What one engine run left.
struct EngineRun {
    var outcome: StreamOutcome?
    var output: [UInt8]
    var diagnostics: [UInt8]
    /// Input bytes the engine had read when it stopped.
    var delivered: Int
    /// The most the engine held before writing it.
    var largestWrite: Int
    /// What went to the errors sink (`--errors`), when there was one.
    var errors: [UInt8] = []
}

/// Output kept in memory, with the size of the largest write.
struct FuzzRecordingSink: ByteSink {
    var bytes: [UInt8] = []
    var largestWrite = 0
    mutating func write(_ b: UnsafeBufferPointer<UInt8>) throws(IOFailure) {
        bytes.append(contentsOf: b)
        largestWrite = max(largestWrite, b.count)
    }
}

/// The most output the engine may hold before writing it: a record too long
/// read through, escaped (up to four bytes a byte of its read buffer of
/// 256 KiB, or of --max-record-bytes, which the buffer may grow to), plus
/// twice the output limit of one record (16 × --max-record-bytes, at least
/// 64 KiB: ``StreamConfiguration/outputLimit``).
func writeBound(_ c: StreamConfiguration) -> Int { (2 << 20) + 4 * c.maxRecordBytes + 2 * c.outputLimit }

final class CallCounter { var calls = 0 }

/// Runs `transform` over `input` with policy `policy`, read `chunk` bytes at a
/// time; with `signalAfter`, SIGINT is pending from the engine's n-th look on.
/// Checks that no write is larger than ``writeBound(_:)``.
func engineRun<T: ValueTransform>(
    _ transform: T, _ configuration: StreamConfiguration, _ input: [UInt8], chunk: Int, policy: ErrorPolicy,
    signalAfter: Int? = nil, separateErrors: Bool = false
) -> EngineRun {
    var c = configuration
    c.onError = policy
    var engine = StreamEngine(
        configuration: c, transform: transform, output: FuzzRecordingSink(), diagnostics: MemorySink())
    if let n = signalAfter {
        let counter = CallCounter()
        engine.pendingSignal = {
            counter.calls += 1
            return counter.calls >= n ? 2 : nil
        }
    }
    if separateErrors { engine.errors = FuzzRecordingSink() }
    var source = MemorySource(input, chunkSize: chunk)
    let outcome = try? engine.run(&source)
    let run = EngineRun(
        outcome: outcome, output: engine.output.bytes, diagnostics: engine.diagnostics.bytes, delivered: source.offset,
        largestWrite: engine.output.largestWrite, errors: engine.errors?.bytes ?? [])
    // Memory: many records of large outputs must not pile up unwritten.
    check(
        run.largestWrite <= writeBound(configuration),
        "\(policy): the engine held \(run.largestWrite) bytes of output before writing them, more than \(writeBound(configuration)) (2 MiB + 4 × --max-record-bytes + 2 × the output limit)"
    )
    return run
}

/// One failure as a diagnostic line reports it.
struct Diagnosed {
    var record: Int
    var field: ArraySlice<UInt8>
    var code: ArraySlice<UInt8>
    var message: ArraySlice<UInt8>
    var line: ArraySlice<UInt8>
}

/// `TOOL: record N, field F: CODE: MESSAGE` lines; those of the records
/// `passing` (error records passing through, whose FIELD, CODE and MESSAGE
/// are their own columns) are only numbered.
func parseDiagnostics(_ bytes: [UInt8], tool: String, passing: Set<Int> = []) -> [Diagnosed] {
    var result: [Diagnosed] = []
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    check(lines.last?.isEmpty ?? true, "diagnostics do not end with LF: \(text(bytes))")
    lines.removeLast()
    for line in lines {
        let prefix = Array("\(tool): record ".utf8)
        check(line.starts(with: prefix), "diagnostic \(text(line))")
        var rest = line.dropFirst(prefix.count)
        let number = rest.prefix { $0 >= 48 && $0 <= 57 }
        rest = rest.dropFirst(number.count)
        check(rest.starts(with: Array(", field ".utf8)), "diagnostic \(text(line))")
        if let n = Int(String(decoding: number, as: UTF8.self)), passing.contains(n) {
            result.append(Diagnosed(record: n, field: [], code: [], message: [], line: line))
            continue
        }
        rest = rest.dropFirst(8)
        let field = rest.prefix { $0 >= 48 && $0 <= 57 }
        rest = rest.dropFirst(field.count)
        check(rest.starts(with: Array(": ".utf8)), "diagnostic \(text(line))")
        rest = rest.dropFirst(2)
        let code = rest.prefix { $0 != UInt8(ascii: ":") }
        rest = rest.dropFirst(code.count)
        check(rest.starts(with: Array(": ".utf8)), "diagnostic \(text(line))")
        result.append(
            Diagnosed(
                record: Int(String(decoding: number, as: UTF8.self)) ?? -1, field: field, code: code,
                message: rest.dropFirst(2), line: line))
    }
    return result
}

/// Checks the stream contract for `transform` on `input`: the run with the
/// `keep` policy names the failing records (its diagnostics); the `record` run
/// must write, for every input record in order, the header as it came, an
/// error record for a failing one (six valid UTF-8 columns, its number, field,
/// code and message as diagnosed, ORIGINAL unescaping to the record byte for
/// byte), or a transformed record (same terminator; unselected fields byte for
/// byte; blank values unchanged; the spaces and tabs around a value kept; CSV
/// fields quoted exactly when they must be; each value at most `valueBound`
/// bytes). `keep`, `skip` and `abort` must then write what follows from it,
/// and a run stopped by SIGINT whole records: those read completely, no more.
@discardableResult
func checkStream<T: ValueTransform>(
    _ transform: T, _ c: StreamConfiguration, _ input: [UInt8], chunk: Int, policy: ErrorPolicy, signalAfter: Int?,
    valueBound: Int
) -> Bool {
    let t: UInt8 = c.zeroTerminated ? 0 : 0x0A
    let d = c.delimiter ?? (c.csv ? [UInt8(ascii: ",")] : [0x09])
    // A byte-order mark at the start is written first, and is part of no record.
    let bom = input.starts(with: byteOrderMark) ? byteOrderMark : []
    let records = referenceRecords(
        input, from: bom.count, terminator: t, csv: c.csv, delimiter: d, maxRecordBytes: c.maxRecordBytes)
    // Error records of an earlier pass: they pass through as they came, and count as errors.
    let passing = Set(
        records.enumerated().filter { k, r in
            k >= c.headerRecords && r.contentEnd - r.start <= c.maxRecordBytes
                && isErrorRecord(input[r.start..<r.contentEnd])
        }.map { $0.offset + 1 })
    func runEngine(_ policy: ErrorPolicy, signalAfter: Int? = nil, separateErrors: Bool = false) -> EngineRun {
        var run = engineRun(
            transform, c, input, chunk: chunk, policy: policy, signalAfter: signalAfter, separateErrors: separateErrors)
        if run.output.starts(with: bom) {
            run.output.removeFirst(bom.count)
        } else {
            check(
                signalAfter != nil && run.output.isEmpty,
                "\(policy): the output does not start with the byte-order mark")
        }
        return run
    }

    // Which records fail: the diagnostics of --on-error=keep.
    let keep = runEngine(.keep)
    let diagnosed = parseDiagnostics(keep.diagnostics, tool: c.toolName, passing: passing)
    var failing: [Int: Diagnosed] = [:]
    var previous = c.headerRecords
    for f in diagnosed {
        check(
            f.record > previous && f.record <= records.count,
            "diagnostic for record \(f.record) out of order, or no such record (\(records.count) records, \(c.headerRecords) headers)"
        )
        previous = f.record
        failing[f.record] = f
    }
    check(
        keep.outcome == .completed(errors: diagnosed.count),
        "keep: \(String(describing: keep.outcome)), \(diagnosed.count) diagnostics")

    // The record policy, record by record.
    let run = runEngine(.record)
    check(
        run.outcome == .completed(errors: diagnosed.count),
        "record: \(String(describing: run.outcome)), \(diagnosed.count) errors")
    check(run.diagnostics.isEmpty, "record policy wrote diagnostics \(text(run.diagnostics))")
    let out = run.output
    var pos = 0
    var outRanges: [Range<Int>] = []
    for (k, record) in records.enumerated() {
        let number = k + 1
        let begin = pos
        let content = input[record.start..<record.contentEnd]
        let terminator = input[record.contentEnd..<record.end]
        check(pos < out.count, "record \(number) of \(records.count) has no output record: \(text(content))")
        if passing.contains(number) {
            check(failing[number] != nil, "error record \(number) passing through is not diagnosed")
            check(
                out[pos...].starts(with: input[record.start..<record.end]),
                "error record \(number) passing through changed: \(text(content)) became \(text(out[pos...]))")
            pos += record.end - record.start
        } else if number <= c.headerRecords {
            check(
                out[pos...].starts(with: input[record.start..<record.end]),
                "header record \(number) changed: \(text(content)) became \(text(out[pos...]))")
            pos += record.end - record.start
        } else if let failure = failing[number] {
            // An error record: one line, everything in it escaped but its terminator.
            let lineEnd = out[pos...].firstIndex(of: t) ?? out.count
            var line = out[pos..<lineEnd]
            var written = out[lineEnd..<min(lineEnd + 1, out.count)]
            if t == 0x0A, lineEnd < out.count, line.last == 0x0D {
                line = line.dropLast()
                written = out[(lineEnd - 1)...lineEnd]
            }
            check(
                written.elementsEqual(terminator),
                "error record \(number) ends \(Array(written)), its record \(Array(terminator))")
            check(String(validating: line, as: UTF8.self) != nil, "error record \(number) is not UTF-8: \(text(line))")
            let columns = line.split(separator: 0x09, omittingEmptySubsequences: false)
            check(columns.count == 6, "error record \(number) has \(columns.count) columns: \(text(line))")
            check(columns[0].elementsEqual("error".utf8), "error record \(number): \(text(line))")
            check(
                columns[1].elementsEqual(String(number).utf8), "error record \(number) says RECORD \(text(columns[1]))")
            check(
                columns[2].elementsEqual(failure.field),
                "error record \(number): FIELD \(text(columns[2])), diagnosed \(text(failure.field))")
            check(
                columns[3].elementsEqual(failure.code) && isKebabCase(columns[3]),
                "error record \(number): CODE \(text(columns[3])), diagnosed \(text(failure.code))")
            check(
                !columns[4].isEmpty && columns[4].elementsEqual(failure.message),
                "error record \(number): MESSAGE \(text(columns[4])), diagnosed \(text(failure.message))")
            check(unescaped(columns[4]) != nil, "error record \(number): MESSAGE badly escaped \(text(columns[4]))")
            let original = unescaped(columns[5])
            check(
                original != nil && original! == Array(content),
                "error record \(number): ORIGINAL \(text(columns[5])) is not the record \(text(content))")
            pos = lineEnd + (lineEnd < out.count ? 1 : 0)
        } else {
            check(!record.unterminatedQuote, "record \(number) ends inside quotes but is no error")
            let r = referenceRecord(out, at: pos, terminator: t, csv: c.csv, delimiter: d)
            let outContent = out[r.start..<r.contentEnd]
            check(
                out[r.contentEnd..<r.end].elementsEqual(terminator),
                "record \(number) ended \(Array(terminator)), its output \(Array(out[r.contentEnd..<r.end])): \(text(outContent))"
            )
            if let fields = c.fields {
                let inFields = referenceFields(content, csv: c.csv, delimiter: d)
                let outFields = referenceFields(outContent, csv: c.csv, delimiter: d)
                check(
                    inFields.count == outFields.count,
                    "record \(number): \(inFields.count) fields in, \(outFields.count) out: \(text(content)) became \(text(outContent))"
                )
                for (j, (a, b)) in zip(inFields, outFields).enumerated() {
                    guard fields.contains(j + 1) else {
                        check(
                            a.elementsEqual(b),
                            "record \(number): unselected field \(j + 1) \(text(a)) became \(text(b))")
                        continue
                    }
                    let inValue = c.csv ? unquoted(a) ?? Array(a) : Array(a)
                    if isBlank(inValue) && !c.emptyIsError {
                        check(a.elementsEqual(b), "record \(number): blank field \(j + 1) \(text(a)) became \(text(b))")
                        continue
                    }
                    var outValue = Array(b)
                    if c.csv {
                        let mustQuote =
                            outValue.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                            || outValue.count >= d.count
                                && (0...(outValue.count - d.count)).contains {
                                    outValue[$0..<($0 + d.count)].elementsEqual(d)
                                }
                        if let inner = unquoted(b) {
                            outValue = inner
                            let innerMust =
                                inner.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                                || inner.count >= d.count
                                    && (0...(inner.count - d.count)).contains {
                                        inner[$0..<($0 + d.count)].elementsEqual(d)
                                    }
                            check(innerMust, "record \(number): field \(j + 1) quoted needlessly: \(text(b))")
                        } else {
                            check(!mustQuote, "record \(number): field \(j + 1) not quoted: \(text(b))")
                        }
                    }
                    checkValue(inValue[...], outValue[...], number, field: j + 1, valueBound)
                }
            } else if isBlank(content) && !c.emptyIsError {
                check(
                    content.elementsEqual(outContent),
                    "record \(number): blank \(text(content)) became \(text(outContent))")
            } else {
                checkValue(content, outContent, number, field: 0, valueBound)
            }
            pos = r.end
        }
        outRanges.append(begin..<pos)
    }
    check(
        pos == out.count,
        "\(out.count - pos) bytes after the output of the last of \(records.count) records: \(text(out[pos...]))")

    func joined(_ numbers: some Sequence<Int>, original: Set<Int> = []) -> [UInt8] {
        var bytes: [UInt8] = []
        for k in numbers {
            if original.contains(k + 1) {
                bytes += input[records[k].start..<records[k].end]
            } else {
                bytes += out[outRanges[k]]
            }
        }
        return bytes
    }
    let failingSet = Set(failing.keys)
    check(
        keep.output == joined(records.indices, original: failingSet),
        "keep: the output is not the record policy's with each error record replaced by its record")
    // An input whose output is tens of megabytes (a thousand `1e30300` in
    // coinfmt: linear, but slow under ASan) is checked by these two runs
    // alone, so that one input stays within the fuzzer's time limit.
    if keep.output.count > heavyOutput { return true }
    // --errors: the error records (those of the record policy) go to the
    // errors sink, none to the output, no diagnostic; the output is what
    // the policy leaves (`record` leaves what `skip` does). One more run of
    // the engine, so not for the record policy, whose inputs are the
    // slowest (a third run made coinrecords time out); skip's inputs run
    // it with `record` or `skip`, by the input's parity.
    let errorsPolicy: ErrorPolicy? =
        switch policy {
        case .record: nil
        case .skip: input.count % 2 == 0 ? .record : .skip
        case .keep, .abort: policy
        }
    if let errorsPolicy {
        checkErrorsSink(errorsPolicy)
    }
    func checkErrorsSink(_ policy: ErrorPolicy) {
        let separate = runEngine(policy, separateErrors: true)
        let errorRecords = joined(records.indices.filter { failingSet.contains($0 + 1) })
        check(separate.diagnostics.isEmpty, "--errors: diagnostics \(text(separate.diagnostics))")
        switch policy {
        case .record, .skip:
            check(
                separate.outcome == .completed(errors: diagnosed.count),
                "--errors \(policy): \(String(describing: separate.outcome))")
            check(
                separate.output == joined(records.indices.filter { !failingSet.contains($0 + 1) }),
                "--errors \(policy): the output is not the good records")
            check(
                separate.errors == errorRecords,
                "--errors \(policy): the errors are not the error records: \(text(separate.errors))")
        case .keep:
            check(separate.output == keep.output, "--errors keep: the output is not keep's")
            check(separate.errors == errorRecords, "--errors keep: the errors are not the error records")
        case .abort:
            if let first = diagnosed.first {
                check(separate.outcome == .aborted, "--errors abort: \(String(describing: separate.outcome))")
                check(
                    separate.output == joined(0..<(first.record - 1)),
                    "--errors abort: the output is not the records before the first error")
                check(
                    separate.errors == joined(first.record - 1..<first.record),
                    "--errors abort: the errors are not the first error record: \(text(separate.errors))")
            } else {
                check(
                    separate.outcome == .completed(errors: 0) && separate.output == out && separate.errors.isEmpty,
                    "--errors abort without an error differs")
            }
        }
    }
    switch policy {
    case .record, .keep: break
    case .skip:
        let skip = runEngine(.skip)
        check(skip.outcome == .completed(errors: diagnosed.count), "skip: \(String(describing: skip.outcome))")
        check(skip.diagnostics == keep.diagnostics, "skip and keep diagnose differently")
        check(
            skip.output == joined(records.indices.filter { !failingSet.contains($0 + 1) }),
            "skip: the output is not the record policy's without the error records")
    case .abort:
        let abort = runEngine(.abort)
        if let first = diagnosed.first {
            check(abort.outcome == .aborted, "abort: \(String(describing: abort.outcome))")
            check(abort.diagnostics.elementsEqual(first.line + [0x0A]), "abort: diagnostics \(text(abort.diagnostics))")
            check(
                abort.output == joined(0..<(first.record - 1)),
                "abort: the output is not the records before the first error")
        } else {
            check(abort.outcome == .completed(errors: 0) && abort.output == out, "abort without an error differs")
        }
    }
    if let signalAfter {
        let stopped = runEngine(.record, signalAfter: signalAfter)
        if stopped.outcome == .interrupted(signal: 2) {
            // Records read completely: those whose terminator came (a last record without one never is).
            let complete = records.prefix { $0.end <= stopped.delivered && $0.end > $0.contentEnd }.count
            // But a record too long to hold is written while it is read
            // through: a signal in the middle of it stops the run at once
            // (its end may never come), and the output ends with what was
            // written of it, a prefix of its output without its end. So the
            // output is the records read completely, whole, or those
            // followed by a prefix of the long record after them, or, at the
            // end of input, the records with the last one.
            let isLong = { (k: Int) in records[k].contentEnd - records[k].start > c.maxRecordBytes }
            var ends = [0]
            for k in records.indices { ends.append(ends[k] + outRanges[k].count) }
            let whole = ends.lastIndex(where: { $0 <= stopped.output.count }) ?? 0
            let exact = ends[whole] == stopped.output.count
            // The last record, without a terminator, once all of the input
            // is read: whole if the engine saw the end of input before the
            // signal (whatever its length), not read completely if not.
            let finishing =
                complete < records.count && stopped.delivered == input.count && records[complete].end == input.count
            let cut =
                exact
                ? whole == complete || (finishing && whole == complete + 1)
                : whole == complete && whole < records.count && isLong(whole)
            check(
                cut && out.starts(with: stopped.output),
                "SIGINT after \(stopped.delivered) of \(input.count) bytes: the output is not the \(complete) records read completely, whole (nor those and a part of the record read through after them): \(stopped.output.count) bytes, expected \(joined(0..<complete).count); ends \(text(stopped.output.suffix(120)))"
            )
        } else {
            check(stopped.outcome == run.outcome && stopped.output == out, "a signal at the end changed the output")
        }
    }
    return false
}

/// Output past which ``checkStream`` checks only the keep and record runs
/// (and the callers skip the run-of-records check): 8 MiB.
let heavyOutput = 8 << 20

/// `body` repeated at most `times` times, and fewer when its output is
/// large (a value that grows a thousandfold, `1e30300` or `-g 1` with a
/// 40-byte separator), so that the whole input's output stays near 4 MiB
/// (past the bound on what the engine may hold, so holding it all is still
/// caught):
/// the engine's work is linear in it, but slow under ASan, and an input
/// must stay within the fuzzer's time limit.
func repeated<T: ValueTransform>(_ body: [UInt8], _ times: Int, _ transform: T, _ c: StreamConfiguration) -> [UInt8] {
    var n = times
    if n > 1 {
        let probe = engineRun(transform, c, body, chunk: 1 << 16, policy: .record)
        n = max(1, min(n, (heavyOutput / 2) / max(1, probe.output.count)))
    }
    return Array([[UInt8]](repeating: body, count: n).joined())
}

/// A transformed value: the spaces and tabs around it kept, at most `bound` bytes.
func checkValue(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>, _ number: Int, field: Int, _ bound: Int) {
    let lead = a.prefix { $0 == 0x20 || $0 == 0x09 }
    let trail = a.reversed().prefix { $0 == 0x20 || $0 == 0x09 }
    check(
        b.starts(with: lead) && b.reversed().starts(with: trail),
        "record \(number) field \(field): the spaces around \(text(a)) are not kept in \(text(b))")
    check(
        b.count <= bound,
        "record \(number) field \(field): a value of \(a.count) bytes gave \(b.count) bytes, more than \(bound) (the output limit: 16 × --max-record-bytes, at least 64 KiB): \(text(a))"
    )
}

/// A transform's run of whole records (``ValueTransform/transformRecords(_:terminator:maxLength:into:failure:)``)
/// on `input`: writes no more than it states (the array's `appendWithUnsafeMutableBytes`
/// traps past its limit), consumes whole records only (with LF, a CR before
/// it is a CRLF's, written back), writes what the transform writes for them
/// one by one, and, when it stops at a value that failed, that value fails
/// value by value with the same error.
func checkTransformRecords<T: ValueTransform>(
    _ transform: T, _ input: [UInt8], terminator: UInt8, maxLength: Int, outputLimit: Int
) {
    // The output limit as the engine sets it: without it a run of
    // `1e999999` is formatted whole, a megabyte a record, under ASan.
    var limited = transform
    limited.outputLimit = outputLimit
    let transform = limited
    var fast = transform
    var out: [UInt8] = []
    var failure = ValueError(.engine(.empty), "no failure")
    let run = input.withUnsafeBufferPointer {
        fast.transformRecords($0, terminator: terminator, maxLength: maxLength, into: &out, failure: &failure)
    }
    let (bytes, count) = (run.bytes, run.records)
    check(bytes >= 0 && bytes <= input.count, "transformRecords consumed \(bytes) of \(input.count) bytes")
    check(bytes == 0 || input[bytes - 1] == terminator, "transformRecords stopped inside a record")
    let consumed = input[..<bytes].split(separator: terminator, omittingEmptySubsequences: false).dropLast()
    check(consumed.count == count, "transformRecords consumed \(consumed.count) records, says \(count)")
    var general = transform
    var expected: [UInt8] = []
    /// The value of a record the run may take: without the CR of a CRLF, and none of the engine's cases.
    func value(_ record: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let value = terminator == 0x0A && record.last == 0x0D ? record.dropLast() : record
        check(
            !value.isEmpty && value.count <= maxLength && !isBlank(value.prefix(1)) && !isBlank(value.suffix(1))
                && (terminator != 0x0A || value.last != 0x0D), "transformRecords took \(text(value))")
        check(String(validating: value, as: UTF8.self) != nil, "transformRecords took invalid UTF-8 \(text(value))")
        check(!isErrorRecord(value), "transformRecords took an error record \(text(value))")
        return value
    }
    for record in consumed {
        let value = value(record)
        do {
            try Array(value).withUnsafeBufferPointer { (p) throws(ValueError) in
                try general.transform(p, into: &expected)
            }
        } catch {
            check(false, "transformRecords took \(text(value)), which is an error: \(error.code)")
        }
        if value.count < record.count { expected.append(0x0D) }
        expected.append(terminator)
    }
    check(out == expected, "transformRecords wrote \(text(out)), value by value \(text(expected))")
    guard run.failed else { return }
    // The record after those consumed failed in the run: whole, and its value fails alone with that error.
    guard let end = input[bytes...].firstIndex(of: terminator) else {
        return check(false, "transformRecords failed at a record that is not whole")
    }
    let failed = value(input[bytes..<end])
    var scratch: [UInt8] = []
    do {
        try Array(failed).withUnsafeBufferPointer { (p) throws(ValueError) in try general.transform(p, into: &scratch) }
        check(false, "transformRecords failed at \(text(failed)), which transforms: \(failure.code)")
    } catch {
        check(
            error == failure,
            "transformRecords failed at \(text(failed)) with \(failure.code): \(failure.message); value by value \(error.code): \(error.message)"
        )
    }
}

/// The run of records with its error-record lane enabled
/// (``ErrorRecordLane``, numgroup's error records written in its in-place
/// block) against the general path: each record it consumed is, value by
/// value, the transformed value and its terminator, or the error record the
/// engine writes for it (RECORD numbered after `recordsBefore`), and the
/// lane counted the error records.
func checkErrorLane<T: ValueTransform>(
    _ transform: T, _ input: [UInt8], terminator: UInt8, maxLength: Int, outputLimit: Int, escapesNUL: Bool
) {
    var fast = transform
    fast.outputLimit = outputLimit
    var general = fast
    var out: [UInt8] = []
    var failure = ValueError(.engine(.empty), "no failure")
    let recordsBefore = 1000
    var lane = ErrorRecordLane(enabled: true, escapesNUL: escapesNUL, recordsBefore: recordsBefore)
    let run = input.withUnsafeBufferPointer {
        fast.transformRecords(
            $0, terminator: terminator, maxLength: maxLength, flushAt: .max, into: &out, failure: &failure,
            errorRecords: &lane)
    }
    let bytes = run.bytes
    check(bytes >= 0 && bytes <= input.count, "the lane's run consumed \(bytes) of \(input.count) bytes")
    check(bytes == 0 || input[bytes - 1] == terminator, "the lane's run stopped inside a record")
    let consumed = Array(input[..<bytes].split(separator: terminator, omittingEmptySubsequences: false).dropLast())
    check(consumed.count == run.records, "the lane's run consumed \(consumed.count) records, says \(run.records)")
    var expected: [UInt8] = []
    var errors = 0
    for (k, record) in consumed.enumerated() {
        let crlf = terminator == 0x0A && record.last == 0x0D
        let value = Array(crlf ? record.dropLast() : record)
        let mark = expected.count
        do {
            try value.withUnsafeBufferPointer { (p) throws(ValueError) in try general.transform(p, into: &expected) }
            if crlf { expected.append(0x0D) }
            expected.append(terminator)
        } catch {
            expected.removeSubrange(mark...)
            errors += 1
            value.withUnsafeBufferPointer { p in
                RecordWriter<MemorySink, MemorySink>.appendErrorRecord(
                    record: recordsBefore + k + 1, field: 0, error, p.baseAddress ?? UnsafePointer(bitPattern: 1)!, 0,
                    p.count, crlf ? .crlf : .byte(terminator), escapesNUL: escapesNUL, into: &expected)
            }
        }
    }
    check(out == expected, "the lane's run wrote \(text(out)), value by value \(text(expected))")
    check(lane.written == errors, "the lane counted \(lane.written) error records of \(errors)")
}

/// The coinfmt styles the coin and coinrecords targets format with: a
/// currency with a fraction range, percent in Arabic digits with a sign,
/// number rounded up with an apostrophe, compact short and compact currency.
let fuzzCoinStyles: [CoinFormatStyle] = [
    CoinFormatStyle(style: .currency, locale: Locale(identifier: "en_US"), currencyCode: "USD")
        .fractionLength(min: 2, max: 6),
    CoinFormatStyle(style: .percent, locale: Locale(identifier: "ar_EG")).sign(.always),
    CoinFormatStyle(style: .number, locale: Locale(identifier: "de_CH")).rounded(.up),
    CoinFormatStyle(style: .compact, locale: Locale(identifier: "ko_KR")),
    CoinFormatStyle(style: .compact, locale: Locale(identifier: "en_US"), currencyCode: "USD")
        .significantDigits(3...3),
]

/// The fuzz input's bytes with each byte 0xF8...0xFE replaced by the piece
/// of `pieces` it names (index byte - 0xF8): whole tokens (CRLF, quotes,
/// error records) the fuzzer would seldom spell out byte by byte.
func expandPieces(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: [[UInt8]]) -> [UInt8] {
    var body: [UInt8] = []
    for b in bytes {
        if b >= 0xF8 && b <= 0xFE { body += pieces[Int(b - 0xF8)] } else { body.append(b) }
    }
    return body
}
