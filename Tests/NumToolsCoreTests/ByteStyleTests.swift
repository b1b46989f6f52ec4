import Foundation
import Testing

@testable import NumToolsCore

/// `--style bytes` against Foundation's `ByteCountFormatStyle` (`.file`, and
/// `.memory` relabelled in IEC units) in every locale Foundation knows (a
/// sample of them in `swift test`: see ``Sweep``).
@Suite struct ByteStyleTests {
    static let ids = Sweep.locales("ByteStyleTests")

    /// Counts of every unit, the bounds between units, ties, negatives and zero.
    static func samples(_ rng: inout CoinRandom) -> [Int64] {
        var values: [Int64] = [0, 1, 2, 5, 21, 998, 999, 1000, 1023, 1024, 1500, 2500, 999_499, 999_500, 1_048_063]
        values += [1_048_064, 1_700_000, 1_050_000, 1_150_000, 999_949_999, 999_950_000, 1_015_000_000, -1500, -1]
        values += [4_280_000_000_000, 278_340_000_000_000, 5_000_000_000_000_000, 1_125_899_906_842_624]
        for _ in 0..<12 {
            // Below 2^53, where Foundation's Double holds the count exactly.
            let magnitude = Int64.random(in: 0...15, using: &rng)
            var limit: Int64 = 1
            for _ in 0..<magnitude { limit *= 10 }
            values.append(Int64.random(in: 0...(limit * 9), using: &rng) * (Bool.random(using: &rng) ? 1 : -1))
        }
        return values
    }

    @Test func decimalInEveryLocale() {
        var rng = CoinRandom(seed: 0xB17E5)
        var failures: [String] = []
        for id in Self.ids {
            let locale = LocaleID(identifier: id)
            var formatter = CoinFormatStyle(style: .bytes, locale: locale).formatter()
            let oracle = ByteFormatter.foundation(binary: false, locale: locale)
            for value in Self.samples(&rng) {
                let expected = oracle.format(value)
                let actual = formatter.string(ExactDecimal(UInt64(value.magnitude), negative: value < 0))
                if actual != expected { failures.append("\(id) \(value): \(actual), Foundation \(expected)") }
            }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// Binary: `.memory`'s digits and text, its label replaced by IEC's.
    @Test func binaryInEveryLocale() {
        var rng = CoinRandom(seed: 0xB17E6)
        var failures: [String] = []
        for id in Self.ids {
            let locale = LocaleID(identifier: id)
            var formatter = CoinFormatStyle(style: .bytes, locale: locale).byteUnits(.binary).formatter()
            let oracle = ByteFormatter.foundation(binary: true, locale: locale)
            let labels = (1...5).map { unit -> [UInt8] in
                // Foundation's label of the unit, as `.file` writes 1 of it.
                var count: Int64 = 1
                for _ in 0..<unit { count *= 1000 }
                let one = Array(ByteFormatter.foundation(binary: false, locale: locale).format(count).utf8)
                var body: [UInt8] = []
                formatter.bytes!.notation.appendGroupedInteger([UInt8(ascii: "1")], into: &body)
                let affixes = formatter.bytes!.notation.affixes(of: String(decoding: one, as: UTF8.self), body: body)
                return ByteFormatter.label(affixes.prefix) + ByteFormatter.label(affixes.suffix)
            }
            for value in Self.samples(&rng) {
                var expected = Array(oracle.format(value).utf8)
                let actual = formatter.string(ExactDecimal(UInt64(value.magnitude), negative: value < 0))
                // The unit Foundation chose, by its label; the label as IEC's.
                // (The whole run of letters holding it: a plural may add to it, `KBز` in sd.)
                if let unit = (1...5).reversed().first(where: {
                    ByteFormatter.find(labels[$0 - 1], in: expected) != nil
                }),
                    let at = ByteFormatter.find(labels[unit - 1], in: expected)
                {
                    let before = Array(String(decoding: expected[..<at], as: UTF8.self).unicodeScalars)
                    let rest = String(decoding: expected[at...], as: UTF8.self).unicodeScalars
                    let labelLength = String(decoding: labels[unit - 1], as: UTF8.self).unicodeScalars.count
                    func letter(_ c: Unicode.Scalar) -> Bool {
                        c.properties.numericType == nil && !c.properties.isWhitespace
                            && c.properties.generalCategory != .format
                            && c != "-"
                    }
                    var tail = Array(rest.dropFirst(labelLength))
                    while let first = tail.first, letter(first) { tail.removeFirst() }
                    var head = before
                    while let last = head.last, letter(last) { head.removeLast() }
                    var view = String.UnicodeScalarView(head)
                    view.append(contentsOf: ByteFormatter.iecLabels[unit].unicodeScalars)
                    view.append(contentsOf: tail)
                    expected = Array(String(view).utf8)
                }
                if actual != String(decoding: expected, as: UTF8.self) {
                    failures.append(
                        "\(id) \(value): \(actual), Foundation relabelled \(String(decoding: expected, as: UTF8.self))")
                }
            }
        }
        #expect(
            failures.isEmpty,
            "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    /// The examples, and beyond `Int64`.
    @Test func examples() throws {
        func written(_ value: String, _ id: String, binary: Bool = false) throws -> String {
            var formatter = CoinFormatStyle(style: .bytes, locale: LocaleID(identifier: id))
                .byteUnits(binary ? .binary : .decimal).formatter()
            return formatter.string(try ExactDecimal(value))
        }
        #expect(try written("1700000", "en_US") == "1.7 MB")
        #expect(try written("1500", "en_US") == "2 kB")
        #expect(try written("4280000000000", "pl_PL") == "4,28 TB")
        #expect(try written("278340000000000", "fa_IR") == "۲۷۸٫۳۴ TB")
        #expect(try written("1700000", "en_US", binary: true) == "1.6 MiB")
        #expect(try written("1e21", "en_US") == "1,000,000 PB")
        #expect(try written("12345678901234567890123", "de_DE") == "12.345.678,9 PB")
        #expect(try written("1", "en_US") == "1 byte")
        #expect(try written("0", "en_US") == "Zero kB")
        #expect(try written("0", "en_US", binary: true) == "Zero KiB")
    }
}

/// numconv --style bytes reads the locale's zero label (`Zero kB`) as 0,
/// any of the spaces Foundation may write standing for its space, and
/// nothing else that starts the same.
@Suite struct ByteZeroReadingTests {
    @Test(arguments: [
        ("Zero kB", "0"), ("Zero\u{A0}kB", "0"), ("Zero\u{202F}kB", "0"), ("Zero KiB", "0"),
        ("Zero\u{A0}KiB", "0"), ("-5 GB", "-5000000000"), ("5 GB", "5000000000"),
        ("Zero kB ", "error"), ("Zero k", "error"), ("Zero kBB", "error"), ("Zero KB", "error"),
        ("Zero  kB", "error"), ("Zer", "error"), ("Zero\u{2009}kB", "error"), ("Zero kB\u{A0}", "error"),
    ])
    func zeroLabel(_ text: String, _ expected: String) {
        let got = AmountRoundTripTests.read(text, LocaleID(identifier: "en_US"), .bytes)
        if expected == "error" {
            #expect(got.hasPrefix("error"), "'\(text)' read as \(got)")
        } else {
            #expect(got == expected, "'\(text)'")
        }
    }

    /// In another locale, its own zero label (as coinfmt writes it) is 0.
    @Test(arguments: ["de_DE", "fr_FR", "ja_JP", "ar_EG", "ru_RU"])
    func ownZeroLabel(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        for binary in [false, true] {
            var style = CoinFormatStyle(style: .bytes, locale: locale)
            if binary { style = style.byteUnits(.binary) }
            let zero = ByteFormatter(style).zero
            let text = String(decoding: zero, as: UTF8.self)
            #expect(AmountRoundTripTests.read(text, locale, .bytes) == "0", "\(id) '\(text)'")
        }
    }
}
