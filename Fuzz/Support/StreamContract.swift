// The stream harness's contract check (checkStream) and the input repetition its targets use.
import Foundation

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
                        // Quoted exactly when it holds a quote, CR, LF, the
                        // terminator (NUL under -z) or the delimiter.
                        let mustQuote =
                            outValue.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == t }
                            || outValue.count >= d.count
                                && (0...(outValue.count - d.count)).contains {
                                    outValue[$0..<($0 + d.count)].elementsEqual(d)
                                }
                        if let inner = unquoted(b) {
                            outValue = inner
                            let innerMust =
                                inner.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == t }
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
        // Not checked here: the targets pick the policy among the first
        // four of ErrorPolicy.allCases, which `field` is not.
        case .field: nil
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
        case .field: break
        }
    }
    switch policy {
    case .record, .keep, .field: break
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
