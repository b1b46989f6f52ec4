import Foundation
import Testing

/// What the random records are made of, most of it numbers: digits, signs,
/// separators, decimal points, quotes, delimiters, CR, LF, NUL, bytes that
/// are not UTF-8, long runs of digits, and lines that look like error records.
private let propertyPieces: [[UInt8]] =
    [
        "0123456789", "1", "42", "1234567", "1,234,567.891", "1.234,5", "-", "+", ".", ",", ";", " ", "\t", "\"",
        "\"1,234\"", "\"12\n34\"", "\"\"", "\r", "\r\n", "\n", "\\", "é", "€", "\u{00A0}", "\u{2212}", "e5", "1e999",
        "010 1234 5678", "+82 10-1234-5678", "error\t3\t0\tinvalid-character\tmessage\t12\\t3",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]]

/// `records` random records, most ended by LF (some CRLF; NUL with `zero`),
/// the last one sometimes without a terminator.
private func propertyStream(seed: UInt64, records: Int, zero: Bool) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    for k in 0..<records {
        let kind = Int.random(in: 0..<10, using: &rng)
        if kind < 3 {
            // A plain number, sometimes with spaces around.
            let digits = Int.random(in: 1...(kind == 0 ? 40 : 9), using: &rng)
            if Bool.random(using: &rng) { bytes += Array("  ".utf8) }
            if Int.random(in: 0..<4, using: &rng) == 0 { bytes.append(UInt8(ascii: "-")) }
            for _ in 0..<digits { bytes.append(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &rng)) }
        } else if kind == 3 {
            bytes += Array(repeating: UInt8(ascii: "9"), count: Int.random(in: 200...800, using: &rng))
        } else {
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                if Int.random(in: 0..<10, using: &rng) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &rng))
                } else {
                    bytes += propertyPieces.randomElement(using: &rng)!
                }
            }
        }
        if k == records - 1, Bool.random(using: &rng) { break }
        if zero {
            // (A NUL inside CSV quotes would stay raw in an error record's ORIGINAL.)
            while let last = bytes.lastIndex(of: 0), last > (bytes.lastIndex(of: 0xFE) ?? -1) { bytes[last] = 0xFE }
            bytes.append(0)
        } else {
            bytes += Int.random(in: 0..<5, using: &rng) == 0 ? [0x0D, 0x0A] : [0x0A]
        }
    }
    return bytes
}

/// One record: `[start, contentEnd)` its content, `[contentEnd, end)` its terminator.
private struct Span {
    var start: Int
    var contentEnd: Int
    var end: Int
}

/// The record at `start`, split independently of the tools: it ends at the
/// first terminator (a CR before LF belongs to it), with `csv` at the first
/// outside quotes, where a quote opens quoted text only at the start of a
/// field and `""` inside quotes is one quote.
private func splitRecord(_ b: [UInt8], at start: Int, terminator t: UInt8, csv: Bool, delimiter d: UInt8) -> Span {
    var i = start
    var inQuotes = false
    while i < b.count {
        let c = b[i]
        if inQuotes {
            if c == 0x22 {
                if i + 1 < b.count, b[i + 1] == 0x22 {
                    i += 2
                    continue
                }
                inQuotes = false
            }
        } else if c == t {
            return Span(start: start, contentEnd: t == 0x0A && i > start && b[i - 1] == 0x0D ? i - 1 : i, end: i + 1)
        } else if csv, c == 0x22, i == start || b[i - 1] == d {
            inQuotes = true
        }
        i += 1
    }
    return Span(start: start, contentEnd: b.count, end: b.count)
}

/// The fields of a record's content; with `csv`, a quoted field runs to its closing quote.
private func splitFields(_ s: ArraySlice<UInt8>, csv: Bool, delimiter d: UInt8) -> [ArraySlice<UInt8>] {
    var fields: [ArraySlice<UInt8>] = []
    var i = s.startIndex
    while true {
        let start = i
        if csv, i < s.endIndex, s[i] == 0x22 {
            i += 1
            while i < s.endIndex {
                if s[i] == 0x22 {
                    if i + 1 < s.endIndex, s[i + 1] == 0x22 {
                        i += 2
                        continue
                    }
                    i += 1
                    break
                }
                i += 1
            }
        }
        while i < s.endIndex, s[i] != d { i += 1 }
        fields.append(s[start..<i])
        if i == s.endIndex { return fields }
        i += 1
    }
}

/// An error record's ORIGINAL with `\\ \t \n \r \xHH` undone; nil for any other escape.
private func unescapeOriginal(_ s: ArraySlice<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    var i = s.startIndex
    while i < s.endIndex {
        guard s[i] == 0x5C else {
            result.append(s[i])
            i += 1
            continue
        }
        guard i + 1 < s.endIndex else { return nil }
        switch s[i + 1] {
        case 0x5C: result.append(0x5C)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "x"):
            guard i + 3 < s.endIndex, let v = UInt8(String(decoding: s[(i + 2)...(i + 3)], as: UTF8.self), radix: 16)
            else { return nil }
            result.append(v)
            i += 2
        default: return nil
        }
        i += 2
    }
    return result
}

private func show(_ s: some Collection<UInt8>) -> String {
    String(decoding: s.prefix(200), as: UTF8.self).debugDescription + (s.count > 200 ? "... (\(s.count) bytes)" : "")
}

/// Records an issue unless `condition` holds; returns it.
private func expect(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
    if !condition { Issue.record(Comment(rawValue: message())) }
    return condition
}

private func isBlankValue(_ s: some Collection<UInt8>) -> Bool { s.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

/// Whether `content` is itself an error record (which the stream contract
/// says passes through unchanged).
private func looksLikeErrorRecord(_ content: ArraySlice<UInt8>) -> Bool {
    content.starts(with: Array("error\t".utf8)) && content.filter { $0 == 0x09 }.count == 5
}

/// A tool, its options and a seeded stream, checked under one `--on-error` policy.
struct PropertyCase: CustomTestStringConvertible, Sendable {
    var tool: String
    var arguments: [String]
    var policy: String
    var seed: UInt64
    var records = 120
    /// What the test names the case by, when not its command line, policy and seed.
    var label: String? = nil

    var testDescription: String {
        label ?? "\(([tool] + arguments).joined(separator: " ")) --on-error=\(policy) seed \(seed)"
    }

    var csv: Bool { arguments.contains("--csv") }
    var zero: Bool { arguments.contains("-z") }
    var fields: Set<Int>? {
        guard let k = arguments.firstIndex(of: "-f") else { return nil }
        // The lists used here: N, N,M and N-.
        var set = Set<Int>()
        for part in arguments[k + 1].split(separator: ",") {
            if part.hasSuffix("-") { set.formUnion(Int(part.dropLast())!...64) } else { set.insert(Int(part)!) }
        }
        return set
    }
    var header: Int {
        arguments.first { $0.hasPrefix("--header=") }.map { Int($0.dropFirst("--header=".count))! } ?? 0
    }
    var emptyIsError: Bool { arguments.contains("--empty=error") }
}

@Suite struct PropertyTests {
    static let tools: [(String, [String])] = [
        ("numgroup", []), ("numconv", ["--from", "en_US", "--to", "de_DE"]), ("phonefmt", ["-r", "KR"]),
        ("coinfmt", ["-c", "USD"]),
    ]
    /// Stream options crossed with every tool, each with the policy it is checked under.
    static let matrix: [([String], String)] = [
        ([], "record"), (["-z"], "keep"), (["-f", "2"], "skip"), (["--csv", "-f", "2"], "record"),
        (["--csv", "-f", "2", "--header=2"], "abort"), (["-f", "2-", "--header=1"], "keep"),
        (["--empty=error", "-f", "1,3"], "record"), (["--max-record-bytes", "64"], "skip"),
        (["-z", "--csv", "-f", "2"], "keep"), ([], "abort"),
    ]
    static let cases: [PropertyCase] =
        tools.enumerated().flatMap { t, tool in
            matrix.enumerated().map { m, options in
                PropertyCase(
                    tool: tool.0, arguments: tool.1 + options.0, policy: options.1, seed: UInt64(1000 * t + m))
            }
        } + [
            PropertyCase(tool: "numgroup", arguments: ["-g", "1", "-s", "====="], policy: "record", seed: 7),
            PropertyCase(tool: "numgroup", arguments: ["-g", "3,2", "--csv", "-f", "2"], policy: "keep", seed: 8),
            PropertyCase(tool: "numgroup", arguments: ["--text"], policy: "record", seed: 9),
            PropertyCase(tool: "numgroup", arguments: ["--sanitize", "-f", "2"], policy: "skip", seed: 10),
            PropertyCase(tool: "numgroup", arguments: ["-u", "-z"], policy: "record", seed: 11),
        ]

    @Test(arguments: cases)
    func randomStreams(_ c: PropertyCase) throws {
        let input = propertyStream(seed: c.seed, records: c.records, zero: c.zero)
        try Self.check(c, input)
    }

    /// numgroup's run of whole records (transformRecords) with `-g 1` and a
    /// long separator: more than one separator for two bytes of input, so
    /// that the output of a 64 KiB slice of records outgrows the room it reserved.
    @Test(
        arguments: [
            (["-g", "1", "-s", "====="], "700 nines", 200), (["-g", "1"], "700 nines", 200),
            (["-g", "1", "-s", "====="], "12345", 20_000),
        ].map {
            PropertyCase(
                tool: "numgroup", arguments: $0.0, policy: "record", seed: 0, records: $0.2,
                label: "numgroup \($0.0.joined(separator: " ")), \($0.2) records of \($0.1)")
        })
    func wholeRecordLaneLongSeparators(_ c: PropertyCase) throws {
        let record =
            c.label!.hasSuffix("12345") ? Array("12345".utf8) : [UInt8](repeating: UInt8(ascii: "9"), count: 700)
        try Self.check(c, Array([[UInt8]](repeating: record + [0x0A], count: c.records).joined()))
    }

    /// Runs the tool with `--on-error=keep` (its diagnostics name the failing
    /// records) and `record`, and with the case's policy; checks each against
    /// the input as split above.
    static func check(_ c: PropertyCase, _ input: [UInt8]) throws {
        let tool = ToolUnderTestArguments(c)
        let t: UInt8 = c.zero ? 0 : 0x0A
        let d: UInt8 = c.csv ? UInt8(ascii: ",") : 0x09
        var records: [Span] = []
        var pos = 0
        while pos < input.count {
            records.append(splitRecord(input, at: pos, terminator: t, csv: c.csv, delimiter: d))
            pos = records.last!.end
        }
        let context = "\(c.testDescription), \(records.count) records"

        // The failing records, from --on-error=keep's diagnostics.
        let keep = try ToolProcess.run(c.tool, tool.with("keep"), input: input)
        guard keep.reason == .exit else {
            Issue.record("never a signal: keep: killed by signal \(keep.status); \(context)")
            return
        }
        var failing: [Int: (field: Substring, code: Substring, message: Substring)] = [:]
        var order: [Int] = []
        for line in keep.err.split(separator: "\n") {
            // TOOL: record N, field F: CODE: MESSAGE
            let parts = line.split(separator: ": ", maxSplits: 3, omittingEmptySubsequences: false)
            let location = parts.count == 4 ? parts[1].split(separator: " ") : []
            guard parts.count == 4, parts[0] == c.tool, location.count == 4, let n = Int(location[1].dropLast()) else {
                Issue.record("diagnostic \(line.debugDescription); \(context)")
                continue
            }
            #expect(n > (order.last ?? c.header) && n <= records.count, "diagnostic for record \(n); \(context)")
            order.append(n)
            failing[n] = (location[3], parts[2], parts[3])
        }

        let run = try ToolProcess.run(c.tool, tool.with("record"), input: input)
        #expect(run.reason == .exit, "never a signal: \(run.reason) \(run.status); \(context)")
        guard run.reason == .exit else { return }
        #expect(run.stderr.isEmpty, "record policy: stderr \(run.err.debugDescription); \(context)")
        let out = run.stdout
        var at = 0
        var ranges: [Range<Int>] = []
        var passedThrough = 0
        for (k, record) in records.enumerated() {
            let number = k + 1
            var fine = true
            let begin = at
            let content = input[record.start..<record.contentEnd]
            let terminator = input[record.contentEnd..<record.end]
            guard at < out.count else {
                Issue.record("record \(number) has no output record; \(context)")
                return
            }
            if number <= c.header {
                fine =
                    expect(
                        out[at...].starts(with: input[record.start..<record.end]),
                        "header \(number) changed; \(context)") && fine
                at += record.end - record.start
            } else if looksLikeErrorRecord(content), out[at...].starts(with: input[record.start..<record.end]) {
                // An error record passing through (the contract) or a value left as it was.
                passedThrough += 1
                at += record.end - record.start
            } else if let failure = failing[number] {
                let lineEnd = out[at...].firstIndex(of: t) ?? out.count
                var line = out[at..<lineEnd]
                var written = out[lineEnd..<min(lineEnd + 1, out.count)]
                if t == 0x0A, lineEnd < out.count, line.last == 0x0D {
                    line = line.dropLast()
                    written = out[(lineEnd - 1)...lineEnd]
                }
                let columns = line.split(separator: 0x09, omittingEmptySubsequences: false)
                let where_ = "error record \(number) \(show(line)); \(context)"
                fine =
                    expect(
                        written.elementsEqual(terminator),
                        "ended \(Array(written)), not \(Array(terminator)): \(where_)") && fine
                fine = expect(String(validating: line, as: UTF8.self) != nil, "not UTF-8: \(where_)") && fine
                fine = expect(columns.count == 6, "\(columns.count) columns: \(where_)") && fine
                if columns.count == 6 {
                    fine = expect(columns[0].elementsEqual("error".utf8), "\(where_)") && fine
                    fine = expect(columns[1].elementsEqual(String(number).utf8), "RECORD: \(where_)") && fine
                    fine =
                        expect(
                            columns[2].elementsEqual(failure.field.utf8), "FIELD, diagnosed \(failure.field): \(where_)"
                        ) && fine
                    fine =
                        expect(
                            columns[3].elementsEqual(failure.code.utf8), "CODE, diagnosed \(failure.code): \(where_)")
                        && fine
                    fine =
                        expect(
                            columns[4].elementsEqual(failure.message.utf8),
                            "MESSAGE, diagnosed \(failure.message): \(where_)") && fine
                    fine =
                        expect(
                            unescapeOriginal(columns[5]) == Array(content),
                            "ORIGINAL is not \(show(content)): \(where_)") && fine
                }
                at = lineEnd + (lineEnd < out.count ? 1 : 0)
            } else {
                let r = splitRecord(out, at: at, terminator: t, csv: c.csv, delimiter: d)
                let got = out[r.start..<r.contentEnd]
                let where_ = "record \(number) \(show(content)) became \(show(got)); \(context)"
                fine = expect(out[r.contentEnd..<r.end].elementsEqual(terminator), "terminator: \(where_)") && fine
                if let fields = c.fields {
                    let a = splitFields(content, csv: c.csv, delimiter: d)
                    let b = splitFields(got, csv: c.csv, delimiter: d)
                    fine = expect(a.count == b.count, "field count: \(where_)") && fine
                    for (j, (x, y)) in zip(a, b).enumerated() {
                        if !fields.contains(j + 1) {
                            fine = expect(x.elementsEqual(y), "unselected field \(j + 1): \(where_)") && fine
                        } else if isBlankValue(x) && !c.emptyIsError {
                            fine = expect(x.elementsEqual(y), "blank field \(j + 1): \(where_)") && fine
                        }
                    }
                } else if isBlankValue(content) && !c.emptyIsError {
                    fine = expect(content.elementsEqual(got), "blank value: \(where_)") && fine
                } else {
                    let lead = content.prefix { $0 == 0x20 || $0 == 0x09 }
                    fine = expect(got.starts(with: lead), "the spaces before the value: \(where_)") && fine
                }
                at = r.end
            }
            guard fine else { return }  // the first bad record is enough
            ranges.append(begin..<at)
        }
        #expect(
            at == out.count,
            "\(out.count - at) bytes after the last record: \(show(out[min(at, out.count)...])); \(context)")
        guard at == out.count, ranges.count == records.count else { return }
        // Exit status: 1 when some value was an error (an error record passing through counts).
        let status: Int32 = failing.isEmpty && passedThrough == 0 ? 0 : 1
        #expect(run.status == status || (failing.isEmpty && passedThrough > 0), "record: \(run); \(context)")
        #expect(keep.status == run.status, "keep exits \(keep.status), record \(run.status); \(context)")

        func joined(_ numbers: some Sequence<Int>, originals: Bool) -> [UInt8] {
            var bytes: [UInt8] = []
            for k in numbers {
                bytes += originals && failing[k + 1] != nil ? input[records[k].start..<records[k].end] : out[ranges[k]]
            }
            return bytes
        }
        #expect(
            keep.stdout == joined(records.indices, originals: true),
            "keep: not the record policy's output with each error record replaced by its record; \(context)")
        switch c.policy {
        case "skip":
            let skip = try ToolProcess.run(c.tool, tool.with("skip"), input: input)
            #expect(
                skip.reason == .exit && skip.status == run.status, "skip: \(skip.reason) \(skip.status); \(context)")
            #expect(skip.stderr == keep.stderr, "skip and keep diagnose differently; \(context)")
            #expect(
                skip.stdout == joined(records.indices.filter { failing[$0 + 1] == nil }, originals: false),
                "skip: not the record policy's output less its error records; \(context)")
        case "abort":
            let abort = try ToolProcess.run(c.tool, tool.with("abort"), input: input)
            #expect(
                abort.reason == .exit && abort.status == run.status,
                "abort: \(abort.reason) \(abort.status); \(context)")
            let first = order.first.map { $0 - 1 } ?? records.count
            #expect(
                abort.stdout == joined(0..<first, originals: false),
                "abort: not the records before the first error; \(context)")
            #expect(
                abort.err == (keep.err.split(separator: "\n").first.map { $0 + "\n" } ?? ""),
                "abort: stderr \(abort.err.debugDescription); \(context)")
        default: break
        }
    }
}

/// A case's command line with a given `--on-error` policy.
private struct ToolUnderTestArguments {
    var arguments: [String]
    init(_ c: PropertyCase) { arguments = c.arguments }
    func with(_ policy: String) -> [String] { arguments + ["--on-error=\(policy)"] }
}
