import Testing

@testable import NumToolsCore

extension PhoneTransform {
    /// What the transform writes for `value`, or `CODE: MESSAGE` of its error.
    func output(_ value: String) -> String {
        var t = self
        let bytes = Array(value.utf8)
        var out: [UInt8] = []
        do {
            try bytes.withUnsafeBufferPointer { b throws(ValueError) in try t.transform(b, into: &out) }
            return String(decoding: out, as: UTF8.self)
        } catch {
            return "\(error.code): \(error.message)"
        }
    }
}

@Suite struct PhoneTransformTests {
    func run(_ t: PhoneTransform, _ value: String) -> String { t.output(value) }

    @Test(arguments: [
        (PhoneNumberFormat.national, "010-1234-5678"),
        (.international, "+82 10-1234-5678"),
        (.e164, "+821012345678"),
        (.rfc3966, "tel:+82-10-1234-5678"),
        (.digits, "01012345678"),
    ])
    func formats(_ format: PhoneNumberFormat, _ expected: String) throws {
        let t = try #require(PhoneTransform(region: "KR", format: format))
        #expect(run(t, "Tel: 010 1234 5678") == expected)
    }

    /// An extension in every format, and dropped with `writesExtension: false` (`--no-extension`).
    @Test(arguments: [
        (PhoneNumberFormat.national, "02-123-4567 ext. 123", "02-123-4567"),
        (.international, "+82 2-123-4567 ext. 123", "+82 2-123-4567"),
        (.e164, "+8221234567", "+8221234567"),
        (.rfc3966, "tel:+82-2-123-4567;ext=123", "tel:+82-2-123-4567"),
        (.digits, "021234567", "021234567"),
    ])
    func extensions(_ format: PhoneNumberFormat, _ kept: String, _ dropped: String) throws {
        let t = try #require(PhoneTransform(region: "KR", format: format))
        #expect(run(t, "02-123-4567 내선 123") == kept)
        let no = try #require(PhoneTransform(region: "KR", format: format, writesExtension: false))
        #expect(run(no, "02-123-4567 내선 123") == dropped)
        #expect(run(no, "02-123-4567 내선 123456789012345678901").hasPrefix("extension-too-long: "))
    }

    @Test func typeFilter() throws {
        let mobile = try #require(PhoneTransform(region: "KR", types: [.mobile]))
        #expect(run(mobile, "010-1234-5678") == "010-1234-5678")
        #expect(run(mobile, "02-123-4567") == "wrong-type: +82 21234567 is a fixed-line number, not mobile")
        let tollOrVoip = try #require(PhoneTransform(region: "KR", types: [.tollFree, .voip]))
        #expect(run(tollOrVoip, "070-1234-5678") == "070-1234-5678")
        #expect(run(tollOrVoip, "080-123-4567") == "080-123-4567")
        #expect(run(tollOrVoip, "010-1234-5678").hasPrefix("wrong-type: "))
        let us = try #require(PhoneTransform(region: "US", types: [.mobile]))
        #expect(run(us, "650 253 0000") == "(650) 253-0000")
    }

    @Test func typeNames() {
        #expect(PhoneNumberType.filter("any") == [])
        #expect(PhoneNumberType.filter("mobile") == [.mobile])
        #expect(PhoneNumberType.filter("toll-free,voip") == [.tollFree, .voip])
        #expect(PhoneNumberType.filter("cell") == nil)
        #expect(PhoneNumberType.filter("unknown") == nil)
        #expect(PhoneNumberType.filter("emergency,short") == [.emergency, .short])
        // libphonenumber's eleven types, the two of short numbers (--short), and any.
        #expect(PhoneNumberType.filterNames.count == 14)
    }

    @Test func asYouTypeIsNeverAnError() throws {
        let t = try #require(PhoneTransform(region: "KR", asYouType: true))
        #expect(run(t, "01012") == "010-12")
        #expect(run(t, "0101234567") == "010-123-4567")
        #expect(run(t, "abc") == "abc")
        #expect(run(t, "010 12") == "010 12")
    }

    @Test func regionsListing() {
        let rows = PhoneRegions.rows
        #expect(rows.count == PhoneMetadata.regionCodes.count)
        let kr = rows.first { $0.code == "KR" }
        #expect(kr?.countryCode == 82)
        #expect(kr?.name == "South Korea")
        #expect(kr?.example == "+82 2-212-3456")
        #expect(PhoneRegions.list.split(separator: "\n").allSatisfy { $0.split(separator: "\t").count == 4 })
        #expect(PhoneTransform(region: "ZZ") == nil)
    }
}
