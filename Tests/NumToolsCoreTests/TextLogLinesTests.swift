import Foundation
import Testing

@testable import NumToolsCore

/// The input and expected output pairs of Tests/Fixtures/numgroup-text-logs.txt
/// (hand-written log lines, `<` input, `>` expected, `#` comments).
func textLogLines() -> [(input: String, expected: String)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/numgroup-text-logs.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var pairs: [(String, String)] = []
    var pending: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("< ") {
            pending = String(line.dropFirst(2))
        } else if line.hasPrefix("> "), let input = pending {
            pairs.append((input, String(line.dropFirst(2))))
            pending = nil
        }
    }
    return pairs
}

private func groupText(_ input: String, locale id: String? = nil) -> String {
    let style = id.map { GroupingStyle(locale: LocaleID(identifier: $0), identifier: $0) } ?? GroupingStyle()
    var g = DigitGrouper(style: style, mode: .text(minimumDigits: 5))
    do throws(ValueError) {
        return try g(input)
    } catch {
        return "error: " + error.code.name
    }
}

@Suite struct TextLogLinesTests {
    @Test func theTableIsThere() {
        #expect(textLogLines().count >= 60)
    }

    /// nginx, syslog, JSON logs, Windows and Unix paths, ranges, Go and Java
    /// stack traces and SQL, each with its hand-written expected output.
    @Test(arguments: textLogLines().map { [$0.input, $0.expected] })
    func logLine(pair: [String]) {
        #expect(groupText(pair[0]) == pair[1])
    }

    /// Paths, ranges and JSON values are left alone whatever the locale's
    /// separators: in de_DE `.` is the grouping separator and `,` the decimal.
    @Test(arguments: [
        ("de_DE", "12345..67890 und 1..100000", "12345..67890 und 1..100000"),
        ("de_DE", "{\"bytes\":1234567,\"n\": 12345}", "{\"bytes\":1234567,\"n\": 12345}"),
        ("de_DE", "[123456, 234567] /srv/123456 C:\\x\\123456", "[123456, 234567] /srv/123456 C:\\x\\123456"),
        ("de_DE", "Summe 1234567,89 EUR", "Summe 1.234.567,89 EUR"),
        ("de_DE", "[1234567,89]", "[1234567,89]"),
        ("fr_FR", "{\"a\": 123456} et 123456", "{\"a\": 123456} et 123\u{202F}456"),
        ("en_IN", "[1234567, 7654321] and 1234567", "[1234567, 7654321] and 12,34,567"),
    ])
    func inLocales(id: String, input: String, expected: String) {
        #expect(groupText(input, locale: id) == expected)
    }

    /// Only separators are added and a second pass changes nothing, on random
    /// text made of digits and the characters the path, range and JSON rules read.
    @Test(arguments: ["en_US", "de_DE", "fr_FR"])
    func onlySeparatorsAddedAndIdempotent(id: String) {
        var rng = SplitMix64(seed: 18)
        let style = GroupingStyle(locale: LocaleID(identifier: id), identifier: id)
        let separator = String(decoding: style.separator, as: UTF8.self)
        let alphabet = Array("01234567890123456789 .,-:/\\[]\"{}\ta=+@#")
        var failures: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<30, using: &rng) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
            }
            let once = groupText(text, locale: id)
            if once.replacingOccurrences(of: separator, with: "") != text.replacingOccurrences(of: separator, with: "")
            {
                failures.append("changed more than separators: \(text.debugDescription) -> \(once.debugDescription)")
            }
            let twice = groupText(once, locale: id)
            if twice != once {
                failures.append("not idempotent: \(text.debugDescription) -> \(once.debugDescription) -> \(twice)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(8))")
    }
}
