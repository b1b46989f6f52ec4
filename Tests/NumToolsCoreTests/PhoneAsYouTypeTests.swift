import Testing

@testable import NumToolsCore

@Suite struct PhoneAsYouTypeTests {
    /// What libphonenumber's AsYouTypeFormatter shows after each character.
    static let sequences: [(String, String, [String])] = [
        (
            "01012345678", "KR",
            ["0", "01", "010", "0101", "010-12", "010-123", "010-1234", "010-1234-5", "010-1234-56", "010-123-4567",
             "010-1234-5678"]
        ),
        (
            "0212345678", "KR",
            ["0", "02", "021", "02-12", "02-123", "02-1234", "02-1234-5", "02-1234-56", "02-123-4567", "02-1234-5678"]
        ),
        ("15881234", "KR", ["1", "15", "158", "1588", "1588-1", "1588-12", "1588-123", "1588-1234"]),
        (
            "+821012345678", "KR",
            ["+", "+8", "+82 ", "+82 1", "+82 10", "+82 101", "+82 1012", "+82 1012-3", "+82 1012-34", "+82 1012-345",
             "+82 1012-3456", "+82 10-123-4567", "+82 10-1234-5678"]
        ),
        (
            "00182212345678", "KR",
            ["0", "00", "001 ", "001 8", "001 82 ", "001 82 2", "001 82 21", "001 82 2-12", "001 82 2-123",
             "001 82 2-1234", "001 82 2-1234-5", "001 82 2-1234-56", "001 82 2-123-4567", "001 82 2-1234-5678"]
        ),
        (
            "６５０２５３００００", "US",
            ["６", "６５", "650", "650-2", "650-25", "650-253", "650-2530", "(650) 253-00", "(650) 253-000",
             "(650) 253-0000"]
        ),
        (
            "16502530000", "US",
            ["1", "16", "1 65", "1 (650", "1 (650) 2", "1 (650) 25", "1 (650) 253", "1 (650) 253-0", "1 (650) 253-00",
             "1 (650) 253-000", "1 (650) 253-0000"]
        ),
        ("010-1234", "KR", ["0", "01", "010", "010-", "010-1", "010-12", "010-123", "010-1234"]),
        (
            "02012345678", "GB",
            ["0", "02", "020", "020 1", "020 12", "020 123", "020 1234", "020 1234 5", "020 1234 56", "020 1234 567",
             "020 1234 5678"]
        ),
    ]

    @Test(arguments: sequences)
    func typedOneByOne(_ typed: String, _ region: String, _ shown: [String]) throws {
        var f = try #require(PhoneAsYouTypeFormatter(region: region))
        let got = typed.unicodeScalars.map { f.input($0) }
        #expect(got == shown)
        // Each prefix as its own record gives the same.
        for (i, expected) in shown.enumerated() {
            let prefix = String(String.UnicodeScalarView(typed.unicodeScalars.prefix(i + 1)))
            #expect(PhoneAsYouTypeFormatter.format(prefix, region: region) == expected)
        }
    }

    @Test func briefExamples() {
        #expect(PhoneAsYouTypeFormatter.format("01012", region: "KR") == "010-12")
        #expect(PhoneAsYouTypeFormatter.format("0101234", region: "KR") == "010-1234")
        #expect(PhoneAsYouTypeFormatter.format("0101234567", region: "KR") == "010-123-4567")
    }

    @Test func clearStartsOver() throws {
        var f = try #require(PhoneAsYouTypeFormatter(region: "KR"))
        for c in "+16502530000".unicodeScalars { _ = f.input(c) }
        f.clear()
        var last = ""
        for c in "0212345678".unicodeScalars { last = f.input(c) }
        #expect(last == "02-1234-5678")
    }
}
