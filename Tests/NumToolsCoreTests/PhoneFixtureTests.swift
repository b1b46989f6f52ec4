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
        return [n.type.rawValue]
            + [PhoneNumberFormat.national, .international, .e164, .rfc3966, .digits].map {
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
                failures.append(
                    "\(row[0])\t\(row[1])\twant \(want.joined(separator: " | "))\tgot \(got.joined(separator: " | "))")
            }
        }
        if !failures.isEmpty {
            print("phone fixture: \(rows.count - failures.count)/\(rows.count) agree")
            for f in failures.prefix(60) { print("  " + f) }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) fixture rows disagree")
    }
}

@Suite struct PhoneExtensionVanityFixtureTests {
    /// The reasons phonefmt may differ from libphonenumber's parse of the
    /// whole value, each a rule of man/phonefmt.1 (EXTENSIONS, VANITY
    /// NUMBERS): text after the number is ignored, one or two letters
    /// between digits are refused, a marker with too many digits is an
    /// error, `내선` is an extension marker, and of two extensions
    /// (`x302/x2303`) the second is read, so the first is letters inside.
    static let documentedReasons: Set<String> = [
        "trailing-words", "letters-inside", "extension-too-long", "korean-extension", "second-extension",
    ]

    /// Extensions in every marker form, vanity numbers, letters after the
    /// digits and trailing words, in every region: phonefmt writes what
    /// libphonenumber does on every row marked `-`, and on the others what
    /// the named rule says (libphonenumber's own verdict is the row's last
    /// field).
    @Test func extensionVanityFixtureAgrees() throws {
        let rows = try phoneFixtureRows("phone-ext-vanity.tsv")
        #expect(rows.count > 10000)
        var failures: [String] = []
        var reasons: [String: Int] = [:]
        for row in rows {
            let reason = row[2]
            reasons[reason, default: 0] += 1
            if reason != "-" && !Self.documentedReasons.contains(reason) {
                failures.append("\(row[0])\t\(row[1])\tundocumented reason \(reason)")
            }
            let want = Array(row[3...]).filter { !$0.hasPrefix("libphonenumber: ") }
            let got = phoneVerdict(row[0], region: row[1])
            if got != want {
                failures.append(
                    "\(row[0])\t\(row[1])\t\(reason)\twant \(want.joined(separator: " | "))\tgot \(got.joined(separator: " | "))"
                )
            }
        }
        if !failures.isEmpty {
            print("extension/vanity fixture: \(rows.count - failures.count)/\(rows.count) agree")
            for f in failures.prefix(60) { print("  " + f) }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) rows disagree")
        // Every region is in it, and most rows are libphonenumber's own verdict.
        #expect(Set(rows.map { $0[1] }).count >= PhoneMetadata.regionCodes.count)
        #expect(reasons["-", default: 0] > rows.count * 8 / 10)
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

/// Whether `written` starts with an international prefix of `parser`'s
/// region (and a digit other than 0 after it), so that the region reads it
/// as an international number: the national form of Bulgaria's `00800`
/// and Thailand's `001800` freephone numbers, as libphonenumber writes and
/// reads them too. Such a national form does not read back as the number.
func readsAsInternational(_ written: String, _ parser: PhoneNumberParser) -> Bool {
    let digits = written.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.map { $0 - 0x30 }
    guard let idd = parser.meta.internationalPrefix, let m = idd.match(digits) else { return false }
    return m.end < digits.count && digits[m.end] != 0
}

@Suite struct PhoneRoundTripTests {
    /// What phonefmt writes for a valid number parses back to it (country
    /// code and national number): E.164, international and RFC 3966 in the
    /// region it was read with, national and digits in the number's own
    /// region, unless that region reads them as international numbers (as
    /// libphonenumber does: see ``readsAsInternational(_:_:)``). Every valid
    /// number of the corpus (the fuzz target `phone` checks the same on its
    /// inputs).
    @Test func everyFormatParsesBack() throws {
        let rows = try phoneFixtureRows("phone-parse.tsv")
        var failures: [String] = []
        var checked = 0
        var international: Set<String> = []
        for row in rows {
            guard let parser = PhoneNumberParser(region: row[1]), let number = try? parser.validNumber(row[0]) else {
                continue
            }
            let own = number.regionCode.flatMap { $0 == "001" ? nil : PhoneNumberParser(region: $0) }
            for format in PhoneNumberFormat.allCases {
                guard let reader = format == .national || format == .digits ? own : parser else { continue }
                let written = PhoneNumberFormatter(format: format).string(for: number)
                if (format == .national || format == .digits) && readsAsInternational(written, reader) {
                    international.insert("\(reader.region) \(written)")
                    continue
                }
                checked += 1
                let back = try? reader.parse(written)
                if back?.countryCode != number.countryCode || back?.nationalNumber != number.nationalNumber {
                    failures.append(
                        "\(row[0]) \(row[1]): \(format) \(written) reads back in \(reader.region) as "
                            + (back.map { "+\($0.countryCode) \($0.nationalNumber)" } ?? "an error"))
                }
            }
        }
        #expect(checked > 10000)
        // The only ones of the corpus, and nothing else escapes that way.
        #expect(international == ["BG 008000530300", "TH 0018004694173"])
        #expect(failures.isEmpty, "\(failures.count) of \(checked): \(failures.prefix(20))")
    }
}

@Suite struct PhoneAsYouTypeSpacesFixtureTests {
    /// Inputs with spaces before or after them, every region: the stream
    /// (which keeps the whitespace around other tools' values) shows exactly
    /// what phonenumbers' AsYouTypeFormatter shows, fed every character.
    @Test func spacesAroundAgreeWithLibphonenumber() throws {
        let rows = try phoneFixtureRows("phone-asyoutype-spaces.tsv")
        #expect(rows.count > 10000)
        var byRegion: [String: [[String]]] = [:]
        for row in rows { byRegion[row[1], default: []].append(row) }
        #expect(byRegion.count > 200)
        var failures: [String] = []
        for (region, rows) in byRegion.sorted(by: { $0.key < $1.key }) {
            let transform = try #require(PhoneTransform(region: region, asYouType: true))
            let input = rows.map { $0[0] + "\n" }.joined()
            let result = try runEngine(Array(input.utf8), config(), chunkSize: 4096, transform: transform)
            let lines = String(decoding: result.output, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (i, row) in rows.enumerated() {
                let got = i < lines.count ? String(lines[i]) : "(missing)"
                if got != row[2] {
                    failures.append(
                        "\(row[0].debugDescription) \(region): want \(row[2].debugDescription), got \(got.debugDescription)"
                    )
                }
                if PhoneAsYouTypeFormatter.format(row[0], region: region) != row[2] {
                    failures.append("\(row[0].debugDescription) \(region): the formatter differs")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(rows.count) rows disagree: \(failures.prefix(10))")
    }

    /// With `--trim` the spaces around are dropped before typing.
    @Test func trimTypesTheValueAlone() throws {
        let transform = try #require(PhoneTransform(region: "DE", asYouType: true))
        let result = try runEngine(
            Array(" 030123\n+49 \n".utf8), config(trim: true), chunkSize: 3, transform: transform)
        #expect(String(decoding: result.output, as: UTF8.self) == "030 123\n+49 \n")
        let kept = try runEngine(Array(" 030123\n+49 \n".utf8), config(), chunkSize: 3, transform: transform)
        #expect(String(decoding: kept.output, as: UTF8.self) == " 030123\n+49 \n")
    }
}
