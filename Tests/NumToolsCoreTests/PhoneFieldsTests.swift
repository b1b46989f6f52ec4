import Testing

@testable import NumToolsCore
@testable import NumToolsPhonePrefixes

/// phonefmt's `--format` field lists and libphonenumber's geocoder, carrier
/// and time zone mappers (`PhoneFacts`), against python `phonenumbers`.
@Suite struct PhoneFieldsTests {
    /// The timezone, carrier and location fields' data, as phonefmt installs it.
    init() { PhonePrefixes.install() }

    func run(_ t: PhoneTransform, _ value: String) -> String { t.output(value) }

    /// Every row of the committed sample (numbers of every country code
    /// that has data, in several languages, valid and not) agrees with
    /// python's `number_type`, `region_code_for_number`, `is_valid_number`,
    /// `is_possible_number`, `time_zones_for_number`,
    /// `carrier.name_for_number` and `geocoder.description_for_number`.
    @Test func fixtureAgreesWithPhonenumbers() throws {
        let rows = try phoneFixtureRows("phone-fields.tsv")
        #expect(rows.count > 5000)
        let fields: [PhoneField] = [.type, .region, .valid, .possible, .timezone, .carrier, .location]
        var transforms: [String: PhoneTransform] = [:]
        var failures: [String] = []
        var countryCodes: Set<Substring> = []
        for row in rows {
            let language = try #require(PhoneLanguage(row[1]))
            if transforms[row[1]] == nil {
                transforms[row[1]] = PhoneTransform(region: "KR", fields: fields, language: language)
            }
            let got = run(transforms[row[1]]!, row[0])
            let want = row[2...].joined(separator: "\t")
            if got != want { failures.append("\(row[0]) \(row[1])\n    want \(want)\n    got  \(got)") }
            countryCodes.insert(row[0].dropFirst().prefix(3))
        }
        for f in failures.prefix(40) { print(f) }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) rows disagree")
        #expect(countryCodes.count > 150)
    }

    @Test(arguments: [
        // number, language, fields (python phonenumbers 9.0.43)
        ("+12042345678", "en", "CA\tAmerica/Winnipeg\t\tManitoba"),
        ("+80012345678", "en", "001\tEtc/Unknown\t\t"),
        ("+821012345678", "ko", "KR\tAsia/Seoul\t\t대한민국"),
        ("+821012345678", "en", "KR\tAsia/Seoul\t\tSouth Korea"),
        ("+886223456789", "zh_Hant", "TW\tAsia/Taipei\t\t臺北"),
        ("+886223456789", "zh-hant", "TW\tAsia/Taipei\t\t臺北"),
        ("+886223456789", "zh_TW", "TW\tAsia/Taipei\t\t臺北"),
        ("+886223456789", "zh", "TW\tAsia/Taipei\t\t台北"),
        ("+4930123456", "de", "DE\tEurope/Berlin\t\tBerlin"),
        ("+819012345678", "ja", "JP\tAsia/Tokyo\t\t日本"),
        ("+5493412497301", "en", "AR\tAmerica/Buenos_Aires\tPersonal\tRosario, Santa Fe"),
        (
            "+61491570156", "en",
            "AU\tAustralia/Adelaide,Australia/Brisbane,Australia/Eucla,Australia/Lord_Howe,Australia/Perth,"
                + "Australia/Sydney,Indian/Christmas,Indian/Cocos\tTelstra\t"
        ),
    ])
    func facts(_ number: String, _ tag: String, _ expected: String) throws {
        let language = try #require(PhoneLanguage(tag))
        let t = try #require(
            PhoneTransform(region: "KR", fields: [.region, .timezone, .carrier, .location], language: language))
        #expect(run(t, number) == expected)
    }

    @Test func fieldListWritesEachFieldTABSeparatedInOrder() throws {
        let t = try #require(
            PhoneTransform(
                region: "KR", fields: [.e164, .type, .region, .countryCode, .national, .e164, .valid, .possible]))
        #expect(run(t, "010 1234 5678") == "+821012345678\tmobile\tKR\t82\t010-1234-5678\t+821012345678\ttrue\ttrue")
        let us = try #require(PhoneTransform(region: "US", fields: [.international, .rfc3966, .digits, .region]))
        #expect(run(us, "(204) 234-5678") == "+1 204-234-5678\ttel:+1-204-234-5678\t2042345678\tCA")
    }

    /// A list of one format is that format, on the common path.
    @Test(arguments: PhoneNumberFormat.allCases)
    func oneFormatIsTheFormat(_ format: PhoneNumberFormat) throws {
        let field = try #require(PhoneField(rawValue: format.rawValue))
        let listed = try #require(PhoneTransform(region: "KR", fields: [field]))
        let plain = try #require(PhoneTransform(region: "KR", format: format))
        #expect(listed.fields.isEmpty && listed.format == format)
        for value in ["010-1234-5678", "+1 650 253 0000", "02 123", "abc"] {
            #expect(run(listed, value) == run(plain, value))
        }
    }

    /// An invalid number is an error record, as with one format, unless
    /// the list reports validity (`valid`, `possible`): then it is a row
    /// saying `false`. A `--type` filter keeps it an error.
    @Test func invalidNumbers() throws {
        let plain = try #require(PhoneTransform(region: "KR", fields: [.e164, .type]))
        #expect(
            run(plain, "010-1234")
                == "invalid-number: +82 101234 does not fit the KR numbering plan (length: is-possible)")
        let valid = try #require(
            PhoneTransform(region: "KR", fields: [.e164, .valid, .type, .region, .timezone, .location]))
        #expect(run(valid, "010-1234") == "+82101234\tfalse\tunknown\tKR\tEtc/Unknown\t")
        #expect(run(valid, "+1 999 999 9999") == "+19999999999\tfalse\tunknown\t\tEtc/Unknown\t")
        let possible = try #require(PhoneTransform(region: "KR", fields: [.e164, .possible]))
        // python: is_possible_number is false, true (local only), true.
        #expect(run(possible, "+82 12") == "+8212\tfalse")
        #expect(run(possible, "+82 2 12") == "+82212\ttrue")
        #expect(run(possible, "+82 2 1234") == "+8221234\ttrue")
        let filtered = try #require(PhoneTransform(region: "KR", types: [.mobile], fields: [.e164, .valid]))
        #expect(run(filtered, "010-1234").hasPrefix("invalid-number: "))
        #expect(run(filtered, "02-123-4567") == "wrong-type: +82 21234567 is a fixed-line number, not mobile")
        #expect(run(filtered, "010-1234-5678") == "+821012345678\ttrue")
        // Not a number at all stays an error.
        #expect(run(valid, "hello").hasPrefix("invalid-character: "))
    }

    @Test(arguments: [
        ("e164,type", [PhoneField.e164, .type]),
        ("country-code", [.countryCode]),
        ("location,location", [.location, .location]),
        ("E164,Country-Code", [.e164, .countryCode]),
    ])
    func fieldLists(_ text: String, _ expected: [PhoneField]) {
        #expect(PhoneField.list(text) == expected)
    }

    @Test(arguments: ["", "e164,", ",e164", "e164 ,type", "zone"])
    func badFieldLists(_ text: String) {
        #expect(PhoneField.list(text) == nil)
    }

    @Test(arguments: [
        ("ko", ["ko"]),
        ("en", ["en"]),
        ("de", ["de", "en"]),
        ("KO", ["ko"]),
        ("zh_Hant", ["zh_Hant", "zh"]),
        ("zh-TW", ["zh_Hant", "zh_TW", "zh"]),
        ("pt_BR", ["pt_BR", "pt", "en"]),
        ("sr_Latn_RS", ["sr_Latn_RS", "sr_Latn", "sr_RS", "sr", "en"]),
    ])
    func languageCandidates(_ tag: String, _ expected: [String]) throws {
        #expect(try #require(PhoneLanguage(tag)).candidates == expected)
    }

    @Test(arguments: ["", "k", "korean", "ko_", "ko_KR_x", "ko_KR_Hang", "1a", "ko.KR", "한국"])
    func badLanguages(_ tag: String) {
        #expect(PhoneLanguage(tag) == nil)
    }

    /// The blobs decode whole and their tables hold what the generator
    /// wrote: Seoul's prefix in English and Korean, Korea's name.
    @Test func dataDecodes() throws {
        let geo = PhonePrefixData.geocoder
        let en = try #require(geo.tables["en"])
        let ko = try #require(geo.tables["ko"])
        let seoul = PhoneDigits(countryCode: 82, nsn: [2, 1, 2, 3, 4, 5, 6, 7])
        #expect(geo.lookup([en], seoul).map(geo.string) == "Seoul")
        #expect(geo.lookup([ko], seoul).map(geo.string) == "서울")
        #expect(geo.string(geo.regionName("KR", language: "ko")) == "대한민국")
        #expect(geo.regionName("ZZ", language: "ko") == 0)
        #expect(geo.regionName("KR", language: "xx") == 0)
        #expect(PhonePrefixData.timeZones.tables[""] != nil)
        #expect(Set(phoneGeocoderLanguages).isSuperset(of: ["en", "ko"]))
    }
}
