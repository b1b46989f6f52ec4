import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pieces hostile streams are made of: what numbers are made of, what
/// ends records and fields, and what breaks naive text handling.
private let hostilePieces: [[UInt8]] = [
    Array("0123456789".utf8), Array("1".utf8), Array("42".utf8), Array(",".utf8), Array(".".utf8),
    Array("-".utf8), Array("+".utf8), Array(" ".utf8), Array("\t".utf8), Array("\n".utf8), Array("\r\n".utf8),
    [0x0D],  // lone CR
    [0x00],  // NUL
    Array("\\".utf8), Array("error\t".utf8),
    [0xFF], [0xFE], [0x80], [0xBF],  // never valid; lone continuation bytes
    [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],  // overlong encodings
    [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
    [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
    [0xE2, 0x82], [0xF0, 0x9F, 0x98],  // truncated sequences
    [0xEF, 0xBB, 0xBF],  // BOM
    Array("😀".utf8), Array("👍🏽".utf8), Array("🇰🇷".utf8),  // 4-byte emoji, a modifier, a flag
    Array("e\u{301}".utf8), Array("\u{301}".utf8), Array("\u{20DD}".utf8),  // combining marks
    Array("\u{200F}".utf8), Array("\u{200E}".utf8), Array("\u{202E}".utf8), Array("\u{061C}".utf8),  // RTL marks
    Array("\u{2066}".utf8), Array("\u{2069}".utf8),
    Array("٣٤".utf8), Array("１２".utf8), Array("\u{00A0}".utf8), Array("\u{202F}".utf8), Array("’".utf8),
    Array("\u{2212}".utf8), Array("€".utf8), Array("$".utf8), Array("%".utf8), Array("e5".utf8),
    Array("010 1234 5678".utf8), Array("+82".utf8), Array("1,234,567.891".utf8),
]

/// A random stream of `pieces` pieces of `hostilePieces` or single random bytes.
private func hostileStream(seed: UInt64, pieces: Int = 400) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<pieces {
        if Int.random(in: 0..<8, using: &rng) == 0 {
            bytes.append(UInt8.random(in: 0...255, using: &rng))  // any byte at all
        } else {
            bytes += hostilePieces.randomElement(using: &rng)!
        }
    }
    return bytes
}

/// Records ended by `terminator`; a last record without one counts too.
private func records(_ bytes: [UInt8], terminator: UInt8 = 0x0A) -> [ArraySlice<UInt8>] {
    var result = bytes.split(separator: terminator, omittingEmptySubsequences: false)
    if bytes.last == terminator || bytes.isEmpty { result.removeLast() }
    return result
}

/// A field as a CSV writer must write it.
private func csvField(_ text: String) -> String {
    text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
}

/// Bytes escaped as in an error record's ORIGINAL.
private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
        .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
}

/// The tool's peak resident set size in KiB (`VmHWM`), while it runs.
private func peakResidentKiB(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
    }
    return nil
}

@Suite struct HostileInputTests {
    // MARK: Random byte streams

    /// The tool, stream options and seed of each random stream.
    static let randomCases: [(ToolUnderTest, [String], UInt64)] = {
        let options: [(ToolUnderTest, [String])] =
            ToolUnderTest.all.flatMap { tool in [(tool, []), (tool, ["-f", "2"])] } + [
                (ToolUnderTest.all[0], ["--csv", "-f", "2"]),
                (ToolUnderTest.all[0], ["--csv", "-f", "1,3", "-d", ";"]),
                (ToolUnderTest.all[0], ["-f", "2-", "--on-error=keep"]),
                (ToolUnderTest.all[0], ["-d", "€", "-f", "2"]),
                (ToolUnderTest.all[0], ["--csv", "-d", "€", "-f", "2,4"]),
                (ToolUnderTest.all[1], ["--header=2", "-f", "1", "-d", ","]),
                (ToolUnderTest.all[2], ["--csv", "-f", "1"]),
                (ToolUnderTest.all[3], ["--csv", "-f", "2", "--max-record-bytes", "16"]),
            ]
        return options.enumerated().flatMap { k, c in (1...3).map { (c.0, c.1, UInt64(k * 10 + $0)) } }
    }()

    /// One output record per input record; each error record six columns
    /// of valid UTF-8 numbered as its input record; every record valid UTF-8.
    @Test(arguments: randomCases)
    func randomByteStreams(tool: ToolUnderTest, options: [String], seed: UInt64) throws {
        var input = hostileStream(seed: seed)
        if options.contains("--csv") { input.removeAll { $0 == UInt8(ascii: "\"") } }
        let result = try ToolProcess.run(tool.tool, tool.arguments + options, input: input)
        let context = "\(tool.tool) \(options), seed \(seed), input \(input)"
        #expect(result.reason == .exit && [0, 1].contains(result.status), "\(result) \(context)")
        let inRecords = records(input)
        let outRecords = records(result.stdout)
        #expect(inRecords.count == outRecords.count, "\(context)")
        #expect((input.last == 0x0A) == (result.stdout.last == 0x0A), "the last terminator is kept; \(context)")
        // Header records pass through as they came, whatever they hold.
        let header = options.first { $0.hasPrefix("--header=") }.flatMap { Int($0.dropFirst("--header=".count)) } ?? 0
        for (number, record) in outRecords.enumerated() where number >= header {
            // An input record that is already an error record passes through
            // as it came (unless it is too long to hold).
            let limit = options.firstIndex(of: "--max-record-bytes").flatMap { Int(options[$0 + 1]) } ?? 1 << 20
            if number < inRecords.count, inRecords[number].starts(with: Array("error\t".utf8)),
                inRecords[number].count(where: { $0 == 0x09 }) == 5,
                inRecords[number].count - (inRecords[number].last == 0x0D ? 1 : 0) <= limit
            {
                #expect(
                    record.elementsEqual(inRecords[number]), "error record \(number + 1) passing through; \(context)")
                continue
            }
            // Error records are UTF-8. (`--on-error=keep` writes a record
            // that is not back as it came, and with -f the fields not
            // selected pass through as bytes: only transformed values must be UTF-8.)
            let isErrorRecord = record.starts(with: Array("error\t".utf8))
            #expect(
                (!isErrorRecord && (options.contains("--on-error=keep") || options.contains("-f")))
                    || record.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } != nil,
                "record \(number + 1) is not valid UTF-8: \(Array(record)); \(context)")
            guard isErrorRecord else { continue }
            var line = record
            if line.last == 0x0D { line.removeLast() }  // written back CRLF
            let columns = line.split(separator: 0x09, omittingEmptySubsequences: false)
            #expect(columns.count == 6, "error record \(number + 1): \(Array(record)); \(context)")
            if columns.count == 6 {
                #expect(String(decoding: columns[1], as: UTF8.self) == String(number + 1), "\(context)")
                #expect(!columns[3].isEmpty && !columns[4].isEmpty)
            }
        }
    }

    /// Random streams with `-z`: records end with NUL; LF is just a byte.
    @Test(arguments: ToolUnderTest.all)
    func randomZeroTerminated(tool: ToolUnderTest) throws {
        let input = hostileStream(seed: 77)
        let result = try ToolProcess.run(tool.tool, tool.arguments + ["-z"], input: input)
        #expect(result.reason == .exit && [0, 1].contains(result.status), "\(result)")
        let outRecords = records(result.stdout, terminator: 0)
        #expect(records(input, terminator: 0).count == outRecords.count)
        for record in outRecords {
            #expect(record.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } != nil)
            if record.starts(with: Array("error\t".utf8)) {
                #expect(record.filter { $0 == 0x09 }.count == 5, "\(Array(record))")
                #expect(!record.contains(0x0A), "LF is escaped in an error record")
            }
        }
    }

    /// Quoted CSV fields holding what random streams leave out: quotes,
    /// line breaks, invalid UTF-8 and marks inside quotes.
    @Test(arguments: [
        // (input, expected output)
        ("\"1234\",5678\n", "\"1234\",\"5,678\"\n"),
        ("a,\"1234\"\n", "a,\"1,234\"\n"),
        (
            "a,\"12\n34\"\nb,5678\n",
            "error\t1\t2\tinvalid-character\t'\\n' at offset 2 is not a digit, grouping separator or decimal point\ta,\"12\\n34\"\nb,\"5,678\"\n"
        ),
        (
            "a,\"1\"\"2\"\nb,1234\n",
            "error\t1\t2\tinvalid-character\t'\"' at offset 1 is not a digit, grouping separator or decimal point\ta,\"1\"\"2\"\nb,\"1,234\"\n"
        ),
        (
            "a,\"12\"34\nb,1234\n",
            "error\t1\t2\tinvalid-csv\tquoted field 2 at offset 2 has text after its closing quote\ta,\"12\"34\nb,\"1,234\"\n"
        ),
        (
            "a,\"\u{FEFF}1234\"\r\nb,\"1234\"\r\n",
            "error\t1\t2\tinvalid-character\tU+FEFF ZERO WIDTH NO-BREAK SPACE at offset 0 is not a digit, grouping separator or decimal point\ta,\"\u{FEFF}1234\"\r\nb,\"1,234\"\r\n"
        ),
        ("\"x\ty\",1234\nb,\"\",1\n", "\"x\ty\",\"1,234\"\nb,\"\",1\n"),
        ("a,\"  \"\n", "a,\"  \"\n"),
        (
            "\"a\r\nb\",\"\u{202E}12\"\r\n",
            "error\t1\t2\tinvalid-character\tU+202E RIGHT-TO-LEFT OVERRIDE at offset 0 is not a digit, grouping separator or decimal point\t\"a\\r\\nb\",\"\u{202E}12\"\r\n"
        ),
    ])
    func quotedCSVFields(input: String, expected: String) throws {
        let result = try ToolProcess.run("numgroup", ["--csv", "-f", "2"], input: input)
        #expect(result.out == expected, "\(result)")
        #expect(result.err == "")
    }

    @Test func invalidUTF8InsideQuotes() throws {
        let input: [UInt8] = Array("a,\"1".utf8) + [0xC0, 0x80, 0x0A] + Array("2\"\nb,1234\n".utf8)
        let result = try ToolProcess.run("numgroup", ["--csv", "-f", "2"], input: input)
        #expect(
            result.out
                == "error\t1\t2\tinvalid-utf8\tbyte 0xC0 at offset 1 is not valid UTF-8\ta,\"1\\xC0\\x80\\n2\"\nb,\"1,234\"\n"
        )
    }

    // MARK: Operands that are not UTF-8

    /// A shell word whose value is exactly `bytes` (printf's octal escapes).
    static func shellWord(_ bytes: some Sequence<UInt8>) -> String {
        "\"$(printf '" + bytes.map { "\\" + String($0, radix: 8) }.joined() + "')\""
    }

    /// Operands give what the same records give on standard input, bytes that
    /// are not UTF-8 included (they were replaced with U+FFFD, so a record
    /// was `invalid-character` instead of `invalid-utf8`, and ORIGINAL lost
    /// its bytes).
    @Test(arguments: ToolUnderTest.all)
    func hostileOperands(tool: ToolUnderTest) throws {
        let fixed: [[UInt8]] = [[0x31, 0x32, 0xFF], [0xC0, 0x80], [0x2D, 0xFF], [0xED, 0xA0, 0x80], [0xE2, 0x82]]
        let random = records(hostileStream(seed: 4242)).filter { !$0.contains(0) && $0.last != 0x0D }.prefix(60)
        let values = fixed + random.map(Array.init)
        let command = "\(tool.command) -- " + values.map { Self.shellWord($0) }.joined(separator: " ")
        let fromOperands = try ToolProcess.shell(command)
        let fromInput = try ToolProcess.run(
            tool.tool, tool.arguments, input: Array(values.map { $0 + [0x0A] }.joined()))
        #expect(fromOperands.exited(1), "\(fromOperands)")
        #expect(fromOperands.out == fromInput.out)
        #expect(
            fromOperands.out.hasPrefix(
                "error\t1\t0\tinvalid-utf8\tbyte 0xFF at offset 2 is not valid UTF-8\t12\\xFF\n"))
    }

    // MARK: A 100 MB single line

    /// `12345,67890 é€😀<TAB>\x`: multibyte sequences and escapes fall across every read boundary.
    static let longLineUnit = Array("12345,67890 é€😀\t\\x".utf8)
    static let longLineEscaped = Array("12345,67890 é€😀\\t\\\\x".utf8)
    static let longLineUnits = 100 * (1 << 20) / longLineUnit.count + 1

    /// Writes the 100 MB line to a temporary file in 1 MiB blocks.
    static func writeLongLine(named name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(name)-\(getpid()).txt")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        let perBlock = (1 << 20) / longLineUnit.count
        let block = Data(Array([[UInt8]](repeating: longLineUnit, count: perBlock).joined()))
        var left = longLineUnits
        while left > 0 {
            let n = min(left, perBlock)
            handle.write(n == perBlock ? block : block.prefix(n * longLineUnit.count))
            left -= n
        }
        try handle.close()
        return url
    }

    /// The line is a `record-too-long` error record holding all of it, read
    /// through in bounded memory; the next record is intact.
    @Test(arguments: ToolUnderTest.all)
    func hundredMegabyteLine(tool: ToolUnderTest) throws {
        let file = try Self.writeLongLine(named: tool.tool)
        defer { try? FileManager.default.removeItem(at: file) }
        let running = try RunningTool(tool.tool, tool.arguments)
        let fed = DispatchSemaphore(value: 0)
        Thread {
            // Fed from the file a block at a time; standard input then stays
            // open, so the tool is still there to be measured.
            if let handle = try? FileHandle(forReadingFrom: file) {
                while let data = try? handle.read(upToCount: 1 << 20), !data.isEmpty { running.write(Array(data)) }
                try? handle.close()
            }
            running.write("\r\n" + tool.record + "\n")
            fed.signal()
        }.start()

        let prefix = Array(
            "error\t1\t0\trecord-too-long\trecord is longer than the limit of 1048576 bytes\t".utf8)
        let suffix = Array(("\r\n" + tool.transformed + "\n").utf8)
        let unit = Self.longLineEscaped
        let bodyLength = Self.longLineUnits * unit.count
        let total = prefix.count + bodyLength + suffix.count
        // The body, compared a read at a time against the escaped unit repeated.
        let periodic = Array([[UInt8]](repeating: unit, count: (1 << 17) / unit.count + 2).joined())
        var head: [UInt8] = []
        var tail: [UInt8] = []
        var seen = 0
        var bodyMatches = true
        let fd = running.output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Date().addingTimeInterval(ToolProcess.patience)
        while seen < total, Date() < deadline {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 1000) <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            var i = 0
            while i < n {
                if seen < prefix.count {
                    head.append(buffer[i])
                    i += 1
                    seen += 1
                } else if seen < prefix.count + bodyLength {
                    let offset = seen - prefix.count
                    let k = min(n - i, prefix.count + bodyLength - seen)
                    let same = buffer.withUnsafeBytes { b in
                        periodic.withUnsafeBytes { e in
                            memcmp(b.baseAddress! + i, e.baseAddress! + offset % unit.count, k)
                        }
                    }
                    if same != 0 { bodyMatches = false }
                    i += k
                    seen += k
                } else {
                    tail.append(buffer[i])
                    i += 1
                    seen += 1
                }
            }
        }
        // The tool has written the next record and waits for more input: its peak is final.
        let peak = peakResidentKiB(running.pid)
        fed.wait()
        running.closeInput()
        let result = running.finish()
        #expect(head == prefix, "\(String(decoding: head, as: UTF8.self))")
        #expect(bodyMatches, "ORIGINAL holds the whole line, escaped")
        #expect(tail == suffix, "\(String(decoding: tail, as: UTF8.self).debugDescription)")
        #expect(result.stdout.isEmpty, "nothing after the next record")
        #expect(result.exited(1), "\(result)")
        #expect(result.stderr.isEmpty)
        let bound = 64 << 10
        #expect(peak != nil && peak! < bound, "peak RSS \(peak.map(String.init) ?? "?") KiB, bound \(bound) KiB")
    }

    // MARK: 100,000-digit numbers

    static let hugeDigits: String = {
        var rng = SplitMix64(seed: 100_000)
        var digits = "9"
        for _ in 1..<100_000 { digits.append(Character(String(Int.random(in: 0...9, using: &rng)))) }
        return digits
    }()

    @Test func hugeNumberNumgroup() throws {
        let result = try ToolProcess.run("numgroup", [], input: Self.hugeDigits + "\n")
        #expect(result.exited(0), "\(result.err)")
        let out = result.out.dropLast()
        #expect(Bool(out.filter { $0 != "," } == Self.hugeDigits), "digits lost or changed")
        #expect(out.filter { $0 == "," }.count == (100_000 - 1) / 3)
        #expect(out.hasPrefix("9,") && result.out.hasSuffix("\n"))
    }

    @Test func hugeNumberNumconv() throws {
        let digits = Self.hugeDigits
        let result = try ToolProcess.run(
            "numconv", ["--from", "en_US", "--to", "de_DE"],
            input: digits + "\n" + digits.prefix(60_000) + "." + digits.suffix(40_000) + "\n")
        #expect(result.exited(0), "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 2, "\(result.out.prefix(300))")
        guard lines.count == 2 else { return }
        #expect(Bool(lines[0].filter { $0 != "." } == digits), "digits lost or changed")
        #expect(!lines[0].contains(","))
        let parts = lines[1].split(separator: ",")
        #expect(parts.count == 2)
        #expect(Bool(parts.first.map { $0.filter { $0 != "." } } == digits.prefix(60_000)), "integer digits")
        #expect(Bool(parts.last.map(String.init) == String(digits.suffix(40_000))), "fraction digits")
    }

    @Test func hugeNumberCoinfmt() throws {
        let digits = Self.hugeDigits
        // 2 fraction digits for USD; the third is below 5, so nothing rounds up.
        let result = try ToolProcess.run(
            "coinfmt", ["-c", "USD"],
            input: digits + "\n" + digits.prefix(50_000) + ".123" + digits.suffix(49_997) + "\n")
        #expect(result.exited(0), "\(result.err)")
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 2, "\(result.out.prefix(300))")
        guard lines.count == 2 else { return }
        #expect(lines[0].filter(\.isNumber).count == 100_000 + 2)
        #expect(Bool(lines[0].filter(\.isNumber) == digits + "00"), "\(lines[0].prefix(100))")
        #expect(Bool(lines[1].filter(\.isNumber) == digits.prefix(50_000) + "12"), "\(lines[1].prefix(100))")
    }

    @Test func hugeNumberPhonefmt() throws {
        let result = try ToolProcess.run("phonefmt", ["-r", "KR"], input: Self.hugeDigits + "\n010-1234-5678\n")
        #expect(result.exited(1))
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("error\t1\t0\ttoo-long\t") == true, "\(result.out.prefix(200))")
        #expect(lines.first?.hasSuffix("\t" + Self.hugeDigits) == true, "ORIGINAL")
        #expect(lines.first.map { $0.filter { $0 == "\t" }.count } == 5)
        #expect(lines.dropFirst().first == "010-1234-5678")
    }

    // MARK: An unterminated quote at the end of a CSV file

    @Test(
        arguments: ToolUnderTest.all.flatMap { tool in
            [
                // (what follows the good records, the error's field, the quote's offset)
                ("c,\"", 2, 2),
                ("c,\"12,\n34\r\nrest of the file, with \"\" quotes\\ and\ta tab\n", 2, 2),
                ("\"never closed", 1, 0),
                ("é,x,\"€ and\n😀", 3, 4),
            ].map { (tool, $0.0, $0.1, $0.2) }
        })
    func unterminatedQuoteAtEndOfFile(tool: ToolUnderTest, rest: String, field: Int, offset: Int) throws {
        let good = "a,\(tool.record)\r\nb,\"\(tool.record)\",x\n"
        let result = try ToolProcess.run(tool.tool, tool.arguments + ["--csv", "-f", "2"], input: good + rest)
        #expect(result.exited(1), "\(result)")
        let field2 = csvField(tool.transformed)
        #expect(
            result.out
                == "a,\(field2)\r\nb,\(field2),x\n"
                + "error\t3\t\(field)\tunterminated-quote\tquoted field \(field) opened at offset \(offset) is not closed at end of input\t"
                + escaped(rest))
        #expect(result.err == "")
    }

    // MARK: A million fields

    @Test(
        arguments: ToolUnderTest.all.flatMap { tool in
            [(999_999, ""), (2, ""), (999_999, "7"), (2, "7")].map { (tool, $0.0, $0.1) }
        })
    func millionFields(tool: ToolUnderTest, field: Int, filler: String) throws {
        func record(_ value: String) -> String {
            var fields = [String](repeating: filler, count: 1_000_000)
            fields[field - 1] = value
            return fields.joined(separator: "\t")
        }
        let input = record(tool.record) + "\n" + tool.record + "\n"
        let expected = record(tool.transformed) + "\n" + tool.record + "\n"
        let result = try ToolProcess.run(
            tool.tool, tool.arguments + ["-f", String(field), "--max-record-bytes", "4194304"], input: input)
        // Compared as a whole, not printed: a failure would print megabytes.
        #expect(result.exited(0), "\(result.err)")
        #expect(Bool(result.stdout == Array(expected.utf8)), "output differs from the input beyond field \(field)")
        #expect(result.err == "")
        if filler.isEmpty {
            // A million empty fields fit the default limit too.
            let plain = try ToolProcess.run(tool.tool, tool.arguments + ["-f", String(field)], input: input)
            #expect(Bool(plain.stdout == Array(expected.utf8)), "\(plain.err)")
        }
    }

    @Test func millionCSVFields() throws {
        var fields = [String](repeating: "x", count: 1_000_000)
        fields[999_998] = "\"1234567\""
        let input = fields.joined(separator: ",") + "\n"
        fields[999_998] = "\"1,234,567\""
        let result = try ToolProcess.run(
            "numgroup", ["--csv", "-f", "999999", "--max-record-bytes", "4194304"], input: input)
        #expect(result.exited(0), "\(result.err)")
        #expect(
            Bool(result.stdout == Array((fields.joined(separator: ",") + "\n").utf8)),
            "output differs beyond field 999999")
    }
}
