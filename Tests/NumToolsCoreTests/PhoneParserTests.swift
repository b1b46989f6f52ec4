import Foundation
import Testing

@testable import NumToolsCore

/// Expected verdicts, computed with phonenumbers (libphonenumber) by the same
/// rules as the fixture: an error code, or type | national | international |
/// e164 | rfc3966 | digits.
enum PhoneCases {
    static let extraction: [(String, String, String)] = [
        (
            "Tel: 010 1234 5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "(02) 123-4567", "KR",
            "fixed-line | 02-123-4567 | +82 2-123-4567 | +8221234567 | tel:+82-2-123-4567 | 021234567"
        ),
        (
            "+82 (0)10-1234-5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "０１０－１２３４－５６７８", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "전화: 010-1234-5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "٠١٠-١٢٣٤-٥٦٧٨", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "۰۱۰۱۲۳۴۵۶۷۸", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "००१ ८२ १० १२३४ ५६७८", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "001 82 10 1234 5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "00700 82 10 1234 5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "002-82-10-1234-5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010.1234.5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010/1234/5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010\u{A0}1234\u{A0}5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010\u{2013}1234\u{2014}5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "＋８２\u{3000}１０\u{3000}１２３４\u{3000}５６７８", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "mobile 010-1234-5678 (home)", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010-1234-5678 연락주세요", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "82 10 1234 5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "tel:+82-10-1234-5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "+82 010 1234 5678", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "[02] 123 4567", "KR",
            "fixed-line | 02-123-4567 | +82 2-123-4567 | +8221234567 | tel:+82-2-123-4567 | 021234567"
        ),
        // International prefixes: KR's are 001, 002, 005, 00700, ...; "00" alone is DE's, GB's.
        (
            "0082 10 1234 5678", "DE",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "00 82 10 1234 5678", "GB",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        ("00 82 2 123 4567", "KR", "too-short"),
        ("0082 10 1234 5678", "KR", "invalid-country-code"),
        (
            "011 82 2 123 4567", "US",
            "fixed-line | 02-123-4567 | +82 2-123-4567 | +8221234567 | tel:+82-2-123-4567 | 021234567"
        ),
        (
            "010 82 2 123 4567", "JP",
            "fixed-line | 02-123-4567 | +82 2-123-4567 | +8221234567 | tel:+82-2-123-4567 | 021234567"
        ),
        (
            "810 82 2 123 4567", "RU",
            "fixed-line | 02-123-4567 | +82 2-123-4567 | +8221234567 | tel:+82-2-123-4567 | 021234567"
        ),
    ]
    static let types: [(String, String, String)] = [
        ("1588-1234", "KR", "uan | 1588-1234 | +82 1588-1234 | +8215881234 | tel:+82-1588-1234 | 15881234"),
        (
            "070-1234-5678", "KR",
            "voip | 070-1234-5678 | +82 70-1234-5678 | +827012345678 | tel:+82-70-1234-5678 | 07012345678"
        ),
        (
            "050-1234-5678", "KR",
            "personal-number | 050-1234-5678 | +82 50-1234-5678 | +825012345678 | tel:+82-50-1234-5678 | 05012345678"
        ),
        (
            "080-123-4567", "KR",
            "toll-free | 080-123-4567 | +82 80-123-4567 | +82801234567 | tel:+82-80-123-4567 | 0801234567"
        ),
        ("060-2345-6789", "KR", "invalid-number"),
        (
            "011-123-4567", "KR",
            "mobile | 011-123-4567 | +82 11-123-4567 | +82111234567 | tel:+82-11-123-4567 | 0111234567"
        ),
        (
            "016-1234-5678", "KR",
            "mobile | 016-1234-5678 | +82 16-1234-5678 | +821612345678 | tel:+82-16-1234-5678 | 01612345678"
        ),
        (
            "019-1234-5678", "KR",
            "mobile | 019-1234-5678 | +82 19-1234-5678 | +821912345678 | tel:+82-19-1234-5678 | 01912345678"
        ),
        (
            "031-123-4567", "KR",
            "fixed-line | 031-123-4567 | +82 31-123-4567 | +82311234567 | tel:+82-31-123-4567 | 0311234567"
        ),
        (
            "02-2123-4567", "KR",
            "fixed-line | 02-2123-4567 | +82 2-2123-4567 | +82221234567 | tel:+82-2-2123-4567 | 0221234567"
        ),
        (
            "015-2345-6789", "KR",
            "pager | 015-2345-6789 | +82 15-2345-6789 | +821523456789 | tel:+82-15-2345-6789 | 01523456789"
        ),
        (
            "+1 650-253-0000", "KR",
            "fixed-line-or-mobile | (650) 253-0000 | +1 650-253-0000 | +16502530000 | tel:+1-650-253-0000 | 6502530000"
        ),
        (
            "+800 1234 5678", "KR",
            "toll-free | 1234 5678 | +800 1234 5678 | +80012345678 | tel:+800-1234-5678 | 12345678"
        ),
        (
            "+39 06 1234 5678", "KR",
            "fixed-line | 06 1234 5678 | +39 06 1234 5678 | +390612345678 | tel:+39-06-1234-5678 | 0612345678"
        ),
    ]
    static let errors: [(String, String, String)] = [
        ("010-1234-56789", "KR", "invalid-number"),
        ("0101234567890123456", "KR", "too-long"),
        ("010-12a4-5678", "KR", "invalid-character"),
        ("010*1234*5678", "KR", "invalid-character"),
        ("02-123-4567 ext. 123456789012345678901", "KR", "extension-too-long"),
        ("+1 650 253 0000 x1234567890", "US", "extension-too-long"),
        ("650 253 0000,,1234567890123456", "US", "extension-too-long"),
        ("(530) 583-6985 x302/x2303", "US", "invalid-character"),
        ("2HKPO", "AC", "invalid-character"),
        ("010-1234-56ab78", "KR", "invalid-character"),
        ("+999 10 1234 5678", "KR", "invalid-country-code"),
        ("+0 10 1234 5678", "KR", "invalid-country-code"),
        ("02-0123-4567", "KR", "invalid-number"),
        ("060-123-4567", "KR", "invalid-number"),
        ("1", "KR", "invalid-character"),
        ("12", "KR", "too-short"),
        ("+82", "KR", "invalid-character"),
        ("1-2", "KR", "invalid-character"),
        ("00 82", "KR", "too-short"),
        ("abc", "KR", "invalid-character"),
        ("Tel:", "KR", "invalid-character"),
        ("1234", "US", "too-short"),
        ("(650) 253-000", "US", "too-short"),
        ("(650) 253-00000", "US", "too-long"),
    ]
    /// Extensions, vanity numbers and letters after the digits (each
    /// verdict is libphonenumber's on the whole value, except where said).
    static let extensionsAndLetters: [(String, String, String)] = [
        (
            "010-1234-5678 ext. 12", "KR",
            "mobile | 010-1234-5678 ext. 12 | +82 10-1234-5678 ext. 12 | +821012345678 | tel:+82-10-1234-5678;ext=12 | 01012345678"
        ),
        // 내선 is phonefmt's own marker (libphonenumber: not a number).
        (
            "02-123-4567 내선 123", "KR",
            "fixed-line | 02-123-4567 ext. 123 | +82 2-123-4567 ext. 123 | +8221234567 | tel:+82-2-123-4567;ext=123 | 021234567"
        ),
        (
            "+1 650 253 0000 x123", "US",
            "fixed-line-or-mobile | (650) 253-0000 ext. 123 | +1 650-253-0000 ext. 123 | +16502530000 | tel:+1-650-253-0000;ext=123 | 6502530000"
        ),
        (
            "+1 650 253 0000;ext=123", "US",
            "fixed-line-or-mobile | (650) 253-0000 ext. 123 | +1 650-253-0000 ext. 123 | +16502530000 | tel:+1-650-253-0000;ext=123 | 6502530000"
        ),
        (
            "+1 650 253 0000 #123", "US",
            "fixed-line-or-mobile | (650) 253-0000 ext. 123 | +1 650-253-0000 ext. 123 | +16502530000 | tel:+1-650-253-0000;ext=123 | 6502530000"
        ),
        (
            "650 253 0000 - 503#", "US",
            "fixed-line-or-mobile | (650) 253-0000 ext. 503 | +1 650-253-0000 ext. 503 | +16502530000 | tel:+1-650-253-0000;ext=503 | 6502530000"
        ),
        (
            "+7 495 123-45-67 ДОБ. 12", "RU",
            "fixed-line | 8 (495) 123-45-67 ext. 12 | +7 495 123-45-67 ext. 12 | +74951234567 | tel:+7-495-123-45-67;ext=12 | 84951234567"
        ),
        // The region's own extension prefix: GB ` x`.
        (
            "020 7031 3000 extension 12", "GB",
            "fixed-line | 020 7031 3000 x12 | +44 20 7031 3000 x12 | +442070313000 | tel:+44-20-7031-3000;ext=12 | 02070313000"
        ),
        // Twenty digits after an explicit label is the most.
        (
            "02-123-4567 ext. 12345678901234567890", "KR",
            "fixed-line | 02-123-4567 ext. 12345678901234567890 | +82 2-123-4567 ext. 12345678901234567890 | +8221234567 | tel:+82-2-123-4567;ext=12345678901234567890 | 021234567"
        ),
        (
            "1-800-FLOWERS", "US",
            "toll-free | (800) 356-9377 | +1 800-356-9377 | +18003569377 | tel:+1-800-356-9377 | 8003569377"
        ),
        (
            "877-cash-now", "US",
            "toll-free | (877) 227-4669 | +1 877-227-4669 | +18772274669 | tel:+1-877-227-4669 | 8772274669"
        ),
        (
            "02 1234 LNSV", "IT",
            "fixed-line | 02 1234 5678 | +39 02 1234 5678 | +390212345678 | tel:+39-02-1234-5678 | 0212345678"
        ),
        (
            "800 12DGLN", "AE",
            "toll-free | 800 123456 | +971 800 123456 | +971800123456 | tel:+971-800-123456 | 800123456"
        ),
        (
            "4413701-CEH", "BM",
            "mobile | (441) 370-1234 | +1 441-370-1234 | +14413701234 | tel:+1-441-370-1234 | 4413701234"
        ),
        // One or two letters after the digits are dropped, as libphonenumber drops them.
        (
            "02 1234 LN", "IT",
            "fixed-line | 02 1234 | +39 02 1234 | +39021234 | tel:+39-02-1234 | 021234"
        ),
        // Trailing words are not letters of the number (libphonenumber: too long).
        (
            "010-1234-5678 call me", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "010-1234-5678 (home)", "KR",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "031-123-4567 ext. 12 (사무실)", "KR",
            "fixed-line | 031-123-4567 ext. 12 | +82 31-123-4567 ext. 12 | +82311234567 | tel:+82-31-123-4567;ext=12 | 0311234567"
        ),
    ]
    static let regions: [(String, String, String)] = [
        (
            "(650) 253-0000", "US",
            "fixed-line-or-mobile | (650) 253-0000 | +1 650-253-0000 | +16502530000 | tel:+1-650-253-0000 | 6502530000"
        ),
        (
            "011 82 10 1234 5678", "US",
            "mobile | 010-1234-5678 | +82 10-1234-5678 | +821012345678 | tel:+82-10-1234-5678 | 01012345678"
        ),
        (
            "1-650-253-0000", "US",
            "fixed-line-or-mobile | (650) 253-0000 | +1 650-253-0000 | +16502530000 | tel:+1-650-253-0000 | 6502530000"
        ),
        (
            "(416) 555-0123", "CA",
            "fixed-line-or-mobile | (416) 555-0123 | +1 416-555-0123 | +14165550123 | tel:+1-416-555-0123 | 4165550123"
        ),
        (
            "020 7031 3000", "GB",
            "fixed-line | 020 7031 3000 | +44 20 7031 3000 | +442070313000 | tel:+44-20-7031-3000 | 02070313000"
        ),
        (
            "+44 (0)20 7031 3000", "GB",
            "fixed-line | 020 7031 3000 | +44 20 7031 3000 | +442070313000 | tel:+44-20-7031-3000 | 02070313000"
        ),
        (
            "07400 123456", "GB",
            "mobile | 07400 123456 | +44 7400 123456 | +447400123456 | tel:+44-7400-123456 | 07400123456"
        ),
        ("030 123456", "DE", "fixed-line | 030 123456 | +49 30 123456 | +4930123456 | tel:+49-30-123456 | 030123456"),
        (
            "0151 12345678", "DE",
            "mobile | 01511 2345678 | +49 1511 2345678 | +4915112345678 | tel:+49-1511-2345678 | 015112345678"
        ),
        (
            "01 23 45 67 89", "FR",
            "fixed-line | 01 23 45 67 89 | +33 1 23 45 67 89 | +33123456789 | tel:+33-1-23-45-67-89 | 0123456789"
        ),
        (
            "03-1234-5678", "JP",
            "fixed-line | 03-1234-5678 | +81 3-1234-5678 | +81312345678 | tel:+81-3-1234-5678 | 0312345678"
        ),
        (
            "090-1234-5678", "JP",
            "mobile | 090-1234-5678 | +81 90-1234-5678 | +819012345678 | tel:+81-90-1234-5678 | 09012345678"
        ),
        (
            "010 1234 5678", "CN",
            "fixed-line | 010 1234 5678 | +86 10 1234 5678 | +861012345678 | tel:+86-10-1234-5678 | 01012345678"
        ),
        (
            "138 0013 8000", "CN",
            "mobile | 138 0013 8000 | +86 138 0013 8000 | +8613800138000 | tel:+86-138-0013-8000 | 13800138000"
        ),
        (
            "98765 43210", "IN",
            "mobile | 098765 43210 | +91 98765 43210 | +919876543210 | tel:+91-98765-43210 | 09876543210"
        ),
        (
            "(11) 91234-5678", "BR",
            "mobile | (11) 91234-5678 | +55 11 91234-5678 | +5511912345678 | tel:+55-11-91234-5678 | 11912345678"
        ),
        (
            "0412 345 678", "AU",
            "mobile | 0412 345 678 | +61 412 345 678 | +61412345678 | tel:+61-412-345-678 | 0412345678"
        ),
        (
            "06 1234 5678", "IT",
            "fixed-line | 06 1234 5678 | +39 06 1234 5678 | +390612345678 | tel:+39-06-1234-5678 | 0612345678"
        ),
        (
            "8 (495) 123-45-67", "RU",
            "fixed-line | 8 (495) 123-45-67 | +7 495 123-45-67 | +74951234567 | tel:+7-495-123-45-67 | 84951234567"
        ),
        (
            "011 15 2345-6789", "AR",
            "mobile | 011 15-2345-6789 | +54 9 11 2345-6789 | +5491123456789 | tel:+54-9-11-2345-6789 | 0111523456789"
        ),
        ("9123 4567", "SG", "mobile | 9123 4567 | +65 9123 4567 | +6591234567 | tel:+65-9123-4567 | 91234567"),
        ("2123 4567", "HK", "fixed-line | 2123 4567 | +852 2123 4567 | +85221234567 | tel:+852-2123-4567 | 21234567"),
        (
            "0912 345 678", "TW",
            "mobile | 0912 345 678 | +886 912 345 678 | +886912345678 | tel:+886-912-345-678 | 0912345678"
        ),
        ("010 1234 5678", "US", "too-long"),
        ("02-123-4567", "JP", "invalid-number"),
    ]
}

func verdictLine(_ input: String, _ region: String) -> String {
    phoneVerdict(input, region: region).joined(separator: " | ")
}

@Suite struct PhoneParserTests {
    @Test(arguments: PhoneCases.extraction)
    func pastedShapes(_ input: String, _ region: String, _ expected: String) {
        #expect(verdictLine(input, region) == expected)
    }

    @Test(arguments: PhoneCases.types)
    func numberTypes(_ input: String, _ region: String, _ expected: String) {
        #expect(verdictLine(input, region) == expected)
    }

    @Test(arguments: PhoneCases.errors)
    func errorCodes(_ input: String, _ region: String, _ expected: String) {
        #expect(verdictLine(input, region) == expected)
    }

    @Test(arguments: PhoneCases.extensionsAndLetters)
    func extensionsAndLetters(_ input: String, _ region: String, _ expected: String) {
        #expect(verdictLine(input, region) == expected)
    }

    /// The extension is a field of the parsed number, for every writer.
    @Test func extensionField() throws {
        let us = try #require(PhoneNumberParser(region: "US"))
        #expect(try us.validNumber("(650) 253-0000 x123").phoneExtension == "123")
        #expect(try us.validNumber("(650) 253-0000 x１２３").phoneExtension == "123")
        #expect(try us.validNumber("(650) 253-0000").phoneExtension == nil)
        #expect(try us.validNumber("(650) 253-0000 x123").nationalNumber == "6502530000")
        #expect(
            PhoneNumberFormatter(format: .e164).string(for: try us.validNumber("(650) 253-0000 ext 9"))
                == "+16502530000")
    }

    /// The general reading is linear in the value's length: long runs of
    /// what may sit between a number and its extension (commas, spaces,
    /// dashes), of letters and of notes end in an answer, not in a search
    /// that tries every split (which took minutes on these).
    @Test func longMarkerRunsAreLinear() throws {
        let kr = try #require(PhoneNumberParser(region: "KR"))
        let run = 200_000
        let cases: [(String, PhoneErrorCode?)] = [
            ("02-123-4567" + String(repeating: ",", count: run) + "12", .tooLong),
            ("02-123-4567" + String(repeating: ", -", count: run) + "12", .tooLong),
            ("02-123-4567 ext" + String(repeating: " ", count: run) + "12", .tooLong),
            ("02-123-4567" + String(repeating: "A", count: run), .tooLong),
            ("02-123-4567 " + String(repeating: "note ", count: run), nil),
        ]
        for (value, code) in cases {
            do {
                _ = try kr.validNumber(value)
                #expect(code == nil, "accepted \(value.prefix(20))...")
            } catch {
                #expect(error.code == code, "\(value.prefix(20))...: \(error.message)")
            }
        }
    }

    /// No silent truncation: a valid number with letters appended (1 to 6,
    /// either case, glued or after a space, `-` or `.`) is either written
    /// with all its digits (then some) or an error; never a shorter number.
    /// The numbers are the example numbers of every region's plan.
    @Test func lettersAfterANumberNeverShortenIt() throws {
        var rng = SplitMix64(seed: 16)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var checked = 0
        var shortened: [String] = []
        for region in PhoneMetadata.regionCodes {
            let parser = try #require(PhoneNumberParser(region: region))
            for desc in parser.meta.descs.dropFirst() {
                guard let example = desc?.example,
                    let number = try? parser.validNumber("+\(parser.meta.countryCode)\(example)")
                else {
                    continue
                }
                let original = PhoneNumberFormatter(format: .e164).string(for: number)
                let written = PhoneNumberFormatter(format: .national).string(for: number)
                for _ in 0..<4 {
                    let count = Int.random(in: 1...6, using: &rng)
                    let word = String((0..<count).map { _ in letters.randomElement(using: &rng)! })
                    let input = written + ["", " ", "-", "."].randomElement(using: &rng)! + word
                    checked += 1
                    guard let got = try? parser.validNumber(input) else { continue }
                    let e164 = PhoneNumberFormatter(format: .e164).string(for: got)
                    if !e164.hasPrefix(original) {
                        shortened.append("\(region) \(input) -> \(e164), not \(original)...")
                    }
                }
            }
        }
        #expect(checked > 2000)
        #expect(shortened.isEmpty, "\(shortened.count): \(shortened.prefix(20))")
    }

    @Test(arguments: PhoneCases.regions)
    func regions(_ input: String, _ region: String, _ expected: String) {
        #expect(verdictLine(input, region) == expected)
    }

    /// The same digits mean different numbers in different regions.
    @Test func regionSwitching() throws {
        let kr = try #require(PhoneNumberParser(region: "KR"))
        let us = try #require(PhoneNumberParser(region: "US"))
        let jp = try #require(PhoneNumberParser(region: "JP"))
        #expect(try kr.validNumber("02-123-4567").countryCode == 82)
        #expect(throws: PhoneNumberError.self) { try us.validNumber("02-123-4567") }
        #expect(try jp.validNumber("090-1234-5678").countryCode == 81)
        #expect(try kr.validNumber("+81 90-1234-5678").regionCode == "JP")
        #expect(try us.validNumber("+82 10-1234-5678").nationalNumber == "1012345678")
        #expect(PhoneNumberParser(region: "XX") == nil)
        #expect(PhoneNumberParser(region: "001") == nil)
    }

    @Test func wrongType() throws {
        let kr = try #require(PhoneNumberParser(region: "KR"))
        #expect(try kr.validNumber("010-1234-5678", types: [.mobile]).type == .mobile)
        do {
            _ = try kr.validNumber("02-123-4567", types: [.mobile])
            Issue.record("fixed line accepted as mobile")
        } catch {
            #expect(error.code == .wrongType)
            #expect(error.message == "+82 21234567 is a fixed-line number, not mobile")
        }
        // fixed-line-or-mobile counts for both.
        let us = try #require(PhoneNumberParser(region: "US"))
        #expect(try us.validNumber("(650) 253-0000", types: [.mobile]).type == .fixedLineOrMobile)
        #expect(try us.validNumber("(650) 253-0000", types: [.fixedLine]).type == .fixedLineOrMobile)
        #expect(throws: PhoneNumberError.self) { try us.validNumber("(650) 253-0000", types: [.tollFree]) }
    }

    @Test func errorMessagesSayWhatAndWhere() throws {
        let kr = try #require(PhoneNumberParser(region: "KR"))
        func message(_ s: String) -> String {
            do {
                _ = try kr.validNumber(s)
                return ""
            } catch { return "\(error.code.rawValue): \(error.message)" }
        }
        #expect(
            message("010-12a4-5678") == "invalid-character: character 'a' at offset 6 is not part of a phone number")
        #expect(
            message("0101234567890123456")
                == "too-long: number has 18 digits; phone numbers have at most 17 after the country code")
        #expect(message("+82 10") == "too-short: number has 2 digits; KR numbers have at least 5")
        #expect(
            message("02-0123-4567")
                == "invalid-number: +82 201234567 does not fit the KR numbering plan (length: is-possible)")
        #expect(
            message("+999 1234 5678") == "invalid-country-code: no country has the calling code at the start of +999")
        #expect(message("abc") == "invalid-character: value holds no digit")
    }

    @Test func parsedNumberFields() throws {
        let it = try #require(PhoneNumberParser(region: "IT"))
        let n = try it.validNumber("06 1234 5678")
        #expect(n.countryCode == 39)
        #expect(n.nationalNumber == "0612345678")
        #expect(n.italianLeadingZero)
        #expect(n.numberOfLeadingZeros == 1)
        #expect(n.regionCode == "IT")
        #expect(n.isValid)
        let kr = try #require(PhoneNumberParser(region: "KR"))
        let m = try kr.parse("010-1234")  // parses, but is no valid number
        #expect(!m.isValid)
        #expect(m.type == .unknown)
    }

    @Test func bytesAndStringAgree() throws {
        let kr = try #require(PhoneNumberParser(region: "KR"))
        var bytes = Array("전화: 010 1234 5678".utf8)
        let fromBytes = try bytes.withUnsafeMutableBufferPointer { b in
            try kr.validNumber(UnsafeBufferPointer(b))
        }
        #expect(fromBytes == (try kr.validNumber("전화: 010 1234 5678")))
    }

    /// Every example number in the metadata validates as its own type.
    @Test func everyExampleNumberValidatesAsItsType() throws {
        var checked = 0
        for region in PhoneMetadata.regionCodes {
            let parser = try #require(PhoneNumberParser(region: region))
            let cc = try #require(PhoneMetadata.countryCode(forRegion: region))
            for type in PhoneNumberType.allCases where type != .fixedLineOrMobile {
                guard let example = PhoneMetadata.exampleNumber(region: region, type: type) else { continue }
                let n = try parser.parse("+\(cc)\(example)")
                #expect(
                    n.type.isAccepted(by: type), "\(region) \(type.rawValue) example \(example) is \(n.type.rawValue)")
                #expect(n.nationalNumber == example)
                checked += 1
            }
        }
        for cc in [800, 808, 870, 878, 881, 882, 883, 888, 979] {
            let parser = try #require(PhoneNumberParser(region: "US"))
            for (type, example) in PhoneMetadata.nonGeographicExamples(countryCode: cc) {
                let n = try parser.parse("+\(cc)\(example)")
                #expect(n.type.isAccepted(by: type), "+\(cc) \(type.rawValue) example \(example) is \(n.type.rawValue)")
                #expect(n.regionCode == "001")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func metadataVersionIsRecorded() {
        #expect(PhoneMetadata.version.split(separator: ".").count == 3)
        #expect(PhoneMetadata.regionCodes.count > 240)
        #expect(PhoneMetadata.countryCode(forRegion: "KR") == 82)
        #expect(PhoneMetadata.regions(forCountryCode: 1).first == "US")
    }
}

/// PhoneInput's digit classification: the ASCII and full-width fast paths and
/// the Unicode property lookup for every other scalar must agree.
@Suite struct PhoneDigitClassificationTests {
    static let cases: [(UInt32, UInt8?)] = [
        (0x30, 0), (0x35, 5), (0x39, 9), (0x2F, nil), (0x3A, nil), (0x2B, nil), (0x20, nil), (0x41, nil),
        (0x7F, nil),
        // Full-width digits and their neighbours.
        (0xFF10, 0), (0xFF19, 9), (0xFF0F, nil), (0xFF1A, nil), (0xFF0B, nil), (0xFF0D, nil),
        // Other scripts' decimal digits go through the Unicode properties.
        (0x0660, 0), (0x0669, 9), (0x06F4, 4), (0x0966, 0), (0x0E53, 3), (0x1D7CE, 0), (0x1D7FF, 9),
        // Numeric but not decimal digits, and punctuation.
        (0x00B2, nil), (0x2460, nil), (0x4E00, nil), (0x00BD, nil), (0xA0, nil), (0x2010, nil), (0x3000, nil),
        (0x30FC, nil), (0xFF08, nil), (0xAC00, nil),
    ]

    @Test(arguments: cases)
    func digitValue(_ c: (UInt32, UInt8?)) {
        let scalar = Unicode.Scalar(c.0)!
        #expect(PhoneInput.digitValue(scalar) == c.1)
        // The fast paths agree with the general Unicode rule.
        #expect(PhoneInput.otherDigitValue(scalar) == c.1)
    }

    static let punctuation: [(UInt32, Bool)] = [
        (0x20, true), (0x2D, true), (0x2E, true), (0x28, true), (0x2F, true), (0x5B, true), (0x5D, true),
        (0xA0, true), (0x2015, true), (0x3000, true), (0xFF0D, true), (0xFF0E, true),
        (0x2A, false), (0x23, false), (0x7E, false), (0x78, false), (0x30, false), (0xFF10, false), (0xFF5E, false),
    ]

    @Test(arguments: punctuation)
    func isPunctuation(_ c: (UInt32, Bool)) {
        #expect(PhoneInput.isPunctuation(Unicode.Scalar(c.0)!) == c.1)
    }

    /// Full-width, Arabic-Indic and ASCII spellings of one number parse alike.
    @Test(arguments: ["010-1234-5678", "０１０－１２３４－５６７８", "٠١٠-١٢٣٤-٥٦٧٨", "010\u{3000}1234\u{3000}5678"])
    func scriptsParseAlike(_ text: String) throws {
        let parser = try #require(PhoneNumberParser(region: "KR"))
        #expect(try parser.validNumber(text).nationalNumber == "1012345678")
    }
}
