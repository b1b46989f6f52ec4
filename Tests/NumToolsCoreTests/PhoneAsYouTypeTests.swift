import Testing

@testable import NumToolsCore

@Suite struct PhoneAsYouTypeTests {
    /// What libphonenumber's AsYouTypeFormatter shows after each character.
    static let sequences: [(String, String, [String])] = [
        (
            "01012345678", "KR",
            [
                "0", "01", "010", "0101", "010-12", "010-123", "010-1234", "010-1234-5", "010-1234-56", "010-123-4567",
                "010-1234-5678",
            ]
        ),
        (
            "0212345678", "KR",
            ["0", "02", "021", "02-12", "02-123", "02-1234", "02-1234-5", "02-1234-56", "02-123-4567", "02-1234-5678"]
        ),
        ("15881234", "KR", ["1", "15", "158", "1588", "1588-1", "1588-12", "1588-123", "1588-1234"]),
        (
            "+821012345678", "KR",
            [
                "+", "+8", "+82 ", "+82 1", "+82 10", "+82 101", "+82 1012", "+82 1012-3", "+82 1012-34",
                "+82 1012-345",
                "+82 1012-3456", "+82 10-123-4567", "+82 10-1234-5678",
            ]
        ),
        (
            "00182212345678", "KR",
            [
                "0", "00", "001 ", "001 8", "001 82 ", "001 82 2", "001 82 21", "001 82 2-12", "001 82 2-123",
                "001 82 2-1234", "001 82 2-1234-5", "001 82 2-1234-56", "001 82 2-123-4567", "001 82 2-1234-5678",
            ]
        ),
        (
            "６５０２５３００００", "US",
            [
                "６", "６５", "650", "650-2", "650-25", "650-253", "650-2530", "(650) 253-00", "(650) 253-000",
                "(650) 253-0000",
            ]
        ),
        (
            "16502530000", "US",
            [
                "1", "16", "1 65", "1 (650", "1 (650) 2", "1 (650) 25", "1 (650) 253", "1 (650) 253-0",
                "1 (650) 253-00",
                "1 (650) 253-000", "1 (650) 253-0000",
            ]
        ),
        ("010-1234", "KR", ["0", "01", "010", "010-", "010-1", "010-12", "010-123", "010-1234"]),
        (
            "02012345678", "GB",
            [
                "0", "02", "020", "020 1", "020 12", "020 123", "020 1234", "020 1234 5", "020 1234 56", "020 1234 567",
                "020 1234 5678",
            ]
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

    // MARK: - Long inputs

    /// Long typed inputs, a head then a part repeated, and what libphonenumber
    /// shows once all of it is typed: a head then a part repeated as often.
    static let longInputs:
        [(region: String, head: String, repeated: String, shownHead: String, shownRepeated: String)] = [
            // Given up: too long for any format; what was typed.
            ("KR", "", "5", "", "5"),
            ("US", "+1650", "2", "+1650", "2"),
            // Given up at once: formatting typed.
            ("KR", "010-", "1", "010-", "1"),
            ("GB", "", "1 ", "", "1 "),
            // An international prefix and no country code: the prefix, then the
            // digits normalised.
            ("KR", "+0", "5", "+0", "5"),
            ("KR", "００１０", "１", "001 0", "1"),
            ("KR", "0019", "9", "001 9", "9"),
            // The same, then something that is not a digit: what was typed.
            ("KR", "+0555-", "5", "+0555-", "5"),
        ]

    /// Typing costs O(1) a character: the work done, counted in scalars the
    /// steps read or copy (no clock), stays within a constant times the
    /// input's length, where it was about n²/2 when every character re-ran the
    /// steps on all typed so far. Checked as it goes, so a quadratic formatter
    /// fails within the first thousand characters instead of taking minutes.
    @Test(arguments: 0..<longInputs.count)
    func typingIsLinear(_ index: Int) throws {
        let (region, head, repeated, shownHead, shownRepeated) = Self.longInputs[index]
        var f = try #require(PhoneAsYouTypeFormatter(region: region))
        let n = 100_000
        var typed = 0
        func type(_ s: String) -> Bool {
            for c in s.unicodeScalars {
                f.enter(c)
                typed += 1
                if f.scalarsTouched > 2 * typed + 20_000 {
                    Issue.record("\(f.scalarsTouched) scalars touched for \(typed) typed (\(head)...)")
                    return false
                }
            }
            return true
        }
        guard type(head) else { return }
        for _ in 0..<n { guard type(repeated) else { return } }
        let shown = shownHead + String(repeating: shownRepeated, count: n)
        #expect(f.output == shown)
        var bytes: [UInt8] = []
        f.appendOutput(to: &bytes)
        #expect(bytes == Array(shown.utf8))
    }

    /// The metadata's patterns are all finite, so a formatter that has given
    /// up stops running the steps after a bounded number of digits.
    @Test func givenUpIsBounded() throws {
        let limit = try #require(PhoneAsYouTypeFormatter.givenUpDigits)
        #expect(limit >= 15 && limit < 100)
        #expect(PhonePattern.maxMatchLength(#"(\d{3})(\d{4})"#) == 7)
        #expect(PhonePattern.maxMatchLength("0|90(?:1[245])?") == 4)
        #expect(PhonePattern.maxMatchLength(#"(\d{3})(\d{4,})"#) == nil)
        #expect(PhonePattern.maxMatchLength(#"0\d*"#) == nil)
        #expect(PhonePattern.maxMatchLength("(?:0|$)") == 1)
    }

    /// Characters that only extend the display (the shortcuts) show exactly
    /// what running libphonenumber's steps for each of them shows: random
    /// inputs around every way of giving up, compared after each character.
    @Test(arguments: ["KR", "US", "GB", "DE", "JP", "BR", "AU", "RU", "AR", "MX", "UZ", "BY"])
    func shortcutsShowWhatTheStepsShow(_ region: String) throws {
        var rng = SplitMix64(seed: UInt64(region.unicodeScalars.reduce(0) { $0 * 131 + Int($1.value) }))
        let heads = [
            "", "+", "+1", "+0", "+8", "+82", "+44", "+7", "+54", "+800", "+979", "+888", "00", "001", "0011", "011",
            "010", "0", "1", "8", "810", "0082", "00882", "＋", "９", "0１", "9",
        ]
        let digits = Array("0123456789".unicodeScalars)
        let others = Array("0123456789-() .+＋０１２３４５６７８９x٣".unicodeScalars)
        var failures: [String] = []
        for _ in 0..<150 {
            var typed = Array(heads.randomElement(using: &rng)!.unicodeScalars)
            let length = [Int.random(in: 0...20, using: &rng), Int.random(in: 20...90, using: &rng)].randomElement(
                using: &rng)!
            let pool = Int.random(in: 0..<4, using: &rng) == 0 ? others : digits
            for _ in 0..<length { typed.append(pool.randomElement(using: &rng)!) }
            if Bool.random(using: &rng), !typed.isEmpty {
                typed.insert(others.randomElement(using: &rng)!, at: Int.random(in: 0...typed.count, using: &rng))
            }
            var fast = try #require(PhoneAsYouTypeFormatter(region: region))
            var steps = fast
            steps.takesShortcuts = false
            for (i, c) in typed.enumerated() {
                fast.enter(c)
                steps.enter(c)
                if fast.output != steps.output {
                    failures.append(
                        "\(String(String.UnicodeScalarView(typed[...i]))): \(fast.output) != \(steps.output)")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// Found by the asyoutype fuzz target: the shortcut gave up on AE `00`
    /// and forty `1`s, then `311`, where libphonenumber's steps take the
    /// international prefix, country code 1 and national prefixes in turn
    /// and format again (`00 1 1 1 ... 1  311`, as python phonenumbers'
    /// AsYouTypeFormatter shows). Long digit runs after every kind of
    /// prefix, in several regions: the shortcuts show what the steps show,
    /// up to ``PhoneAsYouTypeFormatter/typedLimit`` characters, and past it
    /// that or what was typed.
    @Test(arguments: ["AE", "US", "KR", "DE", "IN"])
    func shortcutsAgreeWithTheStepsOnLongDigitRuns(region: String) throws {
        var rng = SplitMix64(seed: UInt64(region.unicodeScalars.reduce(0) { $0 * 31 + Int($1.value) }))
        var failures: [String] = []
        for prefix in ["", "0", "00", "011", "001", "+1", "1"] {
            for k in [30, 45, 60, 98] {
                for tail in ["311", "1234567"] {
                    let digit = ["1", "0", "5", "9"].randomElement(using: &rng)!
                    let text = prefix + String(repeating: digit, count: k) + tail
                    let typed = Array(text.unicodeScalars)
                    var fast = try #require(PhoneAsYouTypeFormatter(region: region))
                    var steps = fast
                    steps.takesShortcuts = false
                    for (i, c) in typed.enumerated() {
                        fast.enter(c)
                        steps.enter(c)
                        // Past the limit: what was typed, where the steps would format.
                        let agrees =
                            fast.output == steps.output
                            || (i >= PhoneAsYouTypeFormatter.typedLimit
                                && fast.output == String(String.UnicodeScalarView(typed[...i])))
                        if !agrees {
                            failures.append("\(text) at \(i + 1): \(fast.output) != \(steps.output)")
                            break
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(4))")
        var ae = try #require(PhoneAsYouTypeFormatter(region: "AE"))
        for c in ("00" + String(repeating: "1", count: 40) + "311").unicodeScalars { ae.enter(c) }
        #expect(ae.output.hasPrefix("00 1 1 1 ") && ae.output.hasSuffix(" 1 1  311"), "\(ae.output)")
    }
}
