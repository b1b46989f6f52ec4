import Foundation
import Testing

@testable import NumToolsCore

/// Rows of a fixture TSV under Tests/Fixtures, comments skipped.
func phoneFixtureRows(_ name: String) throws -> [[String]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: true)
        .filter { !$0.hasPrefix("#") }
        .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
}

/// phonefmt's verdict in the fixture's shape: an error code, or type and the five formats.
func phoneVerdict(_ input: String, region: String) -> [String] {
    guard let parser = PhoneNumberParser(region: region) else { return ["no-region"] }
    do {
        let n = try parser.validNumber(input)
        return [n.type.rawValue] + [PhoneNumberFormat.national, .international, .e164, .rfc3966, .digits].map {
            PhoneNumberFormatter(format: $0).string(for: n)
        }
    } catch {
        return [error.code.rawValue]
    }
}

@Suite struct PhoneFixtureTests {
    /// Every row of the phonenumbers-generated corpus: verdict, type and all formats agree.
    @Test func parseFixtureAgreesWithLibphonenumber() throws {
        let rows = try phoneFixtureRows("phone-parse.tsv")
        #expect(rows.count > 10000)
        var failures: [String] = []
        for row in rows {
            let got = phoneVerdict(row[0], region: row[1])
            let want = Array(row[2...])
            if got != want {
                failures.append("\(row[0])\t\(row[1])\twant \(want.joined(separator: " | "))\tgot \(got.joined(separator: " | "))")
            }
        }
        if !failures.isEmpty {
            print("phone fixture: \(rows.count - failures.count)/\(rows.count) agree")
            for f in failures.prefix(60) { print("  " + f) }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) fixture rows disagree")
    }
}

@Suite struct PhoneAsYouTypeFixtureTests {
    /// Every prefix of typed numbers: the output equals phonenumbers' AsYouTypeFormatter.
    @Test func asYouTypeFixtureAgreesWithLibphonenumber() throws {
        let rows = try phoneFixtureRows("phone-asyoutype.tsv")
        #expect(rows.count > 1000)
        var failures: [String] = []
        for row in rows {
            let got = PhoneAsYouTypeFormatter.format(row[0], region: row[1]) ?? "no-region"
            if got != row[2] { failures.append("\(row[0])\t\(row[1])\twant \(row[2])\tgot \(got)") }
        }
        if !failures.isEmpty {
            print("as-you-type fixture: \(rows.count - failures.count)/\(rows.count) agree")
            for f in failures.prefix(40) { print("  " + f) }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) as-you-type rows disagree")
    }
}
