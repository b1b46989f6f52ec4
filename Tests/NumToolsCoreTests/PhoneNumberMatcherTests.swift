import Testing

@testable import NumToolsCore

/// libphonenumber's matcher rules, one case each (expected values from
/// `phonenumbers.PhoneNumberMatcher` at leniency VALID): `start,end,e164`,
/// UTF-8 byte offsets.
@Suite struct PhoneNumberMatcherTests {
    @Test(arguments: [
        ("KR", "call me at 010-1234-5678 or +1 650 253 0000 tomorrow", ["11,24,+821012345678", "28,43,+16502530000"]),
        ("KR", "15/01/2024 010-1234-5678", []),
        ("KR", "3/10/2011", []),
        ("US", "2012-01-02 08:00 or 650-253-0000", ["20,32,+16502530000"]),
        ("US", "2012-01-02 08 650-253-0000", ["14,26,+16502530000"]),
        ("US", "Chen Li. VLDB J. 12(3): 211-227 (2003).", []),
        ("KR", "abc01012345678", []),
        ("KR", "01012345678def", []),
        ("KR", "₩01012345678", []),
        ("KR", "01012345678%", []),
        ("KR", "é01012345678", []),
        ("KR", "전화:010-1234-5678번", ["7,20,+821012345678"]),
        ("KR", "10 1234 5678", []),
        ("KR", "+82 10 1234 5678", ["0,16,+821012345678"]),
        ("US", "650-253-0000/650-253-0001", ["0,12,+16502530000", "13,25,+16502530001"]),
        ("US", "(650) 253-0000 (650) 253-0001", ["0,14,+16502530000", "15,29,+16502530001"]),
        ("US", "12345 - 650-253-0000 is mine", ["8,20,+16502530000"]),
        ("US", "12345. 650-253-0000 is mine", ["7,19,+16502530000"]),
        ("US", "3324451234 8002341234", ["0,10,+13324451234", "11,21,+18002341234"]),
        ("KR", "02 123 4567 02 765 4321", []),
        ("KR", "(010) 1234-5678)", ["0,15,+821012345678"]),
        ("KR", "[010] 1234 5678", ["0,15,+821012345678"]),
        ("KR", "０１０－１２３４－５６７８", ["0,39,+821012345678"]),
        ("KR", "+++82 10 1234 5678", ["1,18,+821012345678"]),
        ("KR", "010-1234-5678/x12", ["0,13,+821012345678"]),
        ("US", "1-800-FLOWERS 650 253 0000", ["14,26,+16502530000"]),
        ("DE", "030 123456, +49 1512 3456789", ["0,10,+4930123456", "12,28,+4915123456789"]),
    ])
    func matcherRules(_ region: String, _ text: String, _ expected: [String]) {
        #expect(phoneFindVerdict(text, region: region) == expected)
    }

    /// `--type` keeps the numbers of those types; `--replace` leaves the others as written.
    @Test func typeFilterAfterFinding() throws {
        func run(_ t: PhoneTransform, _ text: String) -> String { t.output(text) }
        let text = "m 010-1234-5678, o 02-123-4567, free 080-123-4567"
        let mobile = try #require(PhoneTransform(region: "KR", types: [.mobile], find: .list))
        #expect(run(mobile, text) == "010-1234-5678")
        let all = try #require(PhoneTransform(region: "KR", format: .e164, find: .list))
        #expect(run(all, text) == "+821012345678\t+8221234567\t+82801234567")
        let replace = try #require(
            PhoneTransform(region: "KR", format: .e164, types: [.fixedLine, .tollFree], find: .replace))
        #expect(run(replace, text) == "m 010-1234-5678, o +8221234567, free +82801234567")
        #expect(run(all, "nothing to see") == "")
    }

    /// `--replace` keeps a found number's extension: as the format writes it
    /// (national, international, RFC 3966), or as RFC 3966's `;ext=` after
    /// E.164 and digits, which write none; `--no-extension` drops it, and
    /// the list of `--find` writes each number as the format does alone.
    @Test(arguments: [
        (PhoneNumberFormat.e164, PhoneFind.replace, true, "call +12179776317;ext=066 today"),
        (.digits, .replace, true, "call 2179776317;ext=066 today"),
        (.national, .replace, true, "call (217) 977-6317 ext. 066 today"),
        (.international, .replace, true, "call +1 217-977-6317 ext. 066 today"),
        (.rfc3966, .replace, true, "call tel:+1-217-977-6317;ext=066 today"),
        (.e164, .replace, false, "call +12179776317 today"),
        (.e164, .list, true, "+12179776317"),
    ])
    func replaceKeepsTheExtension(_ format: PhoneNumberFormat, _ find: PhoneFind, _ ext: Bool, _ expected: String)
        throws
    {
        let t = try #require(PhoneTransform(region: "US", format: format, find: find, writesExtension: ext))
        #expect(t.output("call 217-977-6317x066 today") == expected)
    }

    /// The `;ext=` that `--replace` writes after E.164 is found again with the extension.
    @Test func replacedExtensionIsFoundAgain() throws {
        let t = try #require(PhoneTransform(region: "US", format: .e164, find: .replace))
        let again = try #require(PhoneTransform(region: "US", format: .international, find: .list))
        #expect(again.output(t.output("217-977-6317x066")) == "+1 217-977-6317 ext. 066")
    }

    /// libphonenumber gives up after 65535 candidates that are not numbers:
    /// a number after that many is not found, one before them is.
    @Test func maxTriesBoundsTheWork() {
        let junk = String(repeating: "1 a ", count: PhoneNumberMatcher.maxTries + 10)
        #expect(phoneFindVerdict("010-1234-5678 " + junk, region: "KR").count == 1)
        #expect(phoneFindVerdict(junk + "010-1234-5678", region: "KR").isEmpty)
    }
}
