import Testing

@testable import NumToolsCore

/// The numbers ``PhoneNumberMatcher`` finds in `text`, in the fixture's
/// shape: `start,end,e164` with UTF-8 byte offsets.
func phoneFindVerdict(_ text: String, region: String) -> [String] {
    guard let matcher = PhoneNumberMatcher(region: region) else { return ["no-region"] }
    let e164 = PhoneNumberFormatter(format: .e164)
    return matcher.matches(in: text).map {
        "\($0.range.lowerBound),\($0.range.upperBound),\(e164.string(for: $0.number))"
    }
}

/// Rows of a find fixture on which the matcher disagrees with libphonenumber.
func phoneFindFailures(_ name: String, minimumRows: Int) throws -> [String] {
    let rows = try phoneFixtureRows(name)
    #expect(rows.count >= minimumRows)
    var failures: [String] = []
    for row in rows {
        let got = phoneFindVerdict(row[0], region: row[1])
        let want = Array(row[2...])
        if got != want {
            failures.append(
                "\(row[0])\t\(row[1])\twant \(want.joined(separator: " "))\tgot \(got.joined(separator: " "))")
        }
    }
    if !failures.isEmpty {
        print("\(name): \(rows.count - failures.count)/\(rows.count) agree")
        for f in failures.prefix(60) { print("  " + f) }
    }
    return failures
}

@Suite struct PhoneFindFixtureTests {
    /// Free text of every region (numbers in sentences, next to dates, times,
    /// IP addresses, prices, pages, brackets and letters): the same numbers
    /// at the same offsets as libphonenumber's PhoneNumberMatcher (VALID).
    @Test func findFixtureAgreesWithLibphonenumber() throws {
        let failures = try phoneFindFailures("phone-find.tsv", minimumRows: 3000)
        #expect(failures.isEmpty, "\(failures.count) find fixture rows disagree")
    }

    /// Text with extensions (`ext. 123`, `x123`, `;ext=42`, `- 503#`) and `x`
    /// marks: libphonenumber finds the number with its extension, and a
    /// single `x` must be followed by exactly the number's extension
    /// (``PhoneNumberMatcher/extensionDigits(_:)``).
    @Test
    func findExtensionFixtureAgreesWithLibphonenumber() throws {
        let failures = try phoneFindFailures("phone-find-ext.tsv", minimumRows: 500)
        #expect(failures.isEmpty, "\(failures.count) find fixture rows with extensions disagree")
    }
}
