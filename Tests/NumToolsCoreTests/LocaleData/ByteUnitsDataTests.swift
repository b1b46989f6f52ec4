// Generated/ByteUnitsData.swift against the toolchain's ICU it came from
// (issue 46), and the ByteFormatter built from it against Foundation's
// ByteCountFormatStyle, in every locale the tools take. A failure after a
// toolchain upgrade means the data changed: rerun
// scripts/gen_locale_data.sh byte-units.
import Foundation

@testable import NumToolsCore

#if canImport(_FoundationICU)
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct ByteUnitsDataTests {
        static let names = ByteUnitsOracle.names
        /// The locale names the tools take (root is no name of theirs).
        static let localeNames = names.filter { $0 != "root" }

        /// What differs between the generated units and ICU's.
        static func differences(_ generated: ByteUnits, _ live: ByteUnitsOracle.Entry) -> [String] {
            var out: [String] = []
            for unit in 0..<6 {
                for (keyword, pattern) in live.patterns[unit] where generated.pattern(unit, keyword: keyword) != pattern
                {
                    out.append(
                        "unit \(unit) \(keyword): '\(generated.pattern(unit, keyword: keyword))', ICU '\(pattern)'")
                }
                for keyword in generated.patterns[unit].keys where live.patterns[unit][keyword] == nil {
                    out.append("unit \(unit): keyword \(keyword), which ICU has not")
                }
            }
            if generated.zero != live.zero { out.append("zero '\(generated.zero)', Foundation '\(live.zero)'") }
            return out
        }

        /// Every generated table equals ICU's units and Foundation's zero.
        @Test(arguments: names)
        func generatedIsLive(_ name: String) throws {
            let live = try ByteUnitsOracle.entry(name).get()
            let found = Self.differences(ByteUnits.of(name), live)
            #expect(found.isEmpty, "\(name): \(found.joined(separator: "; "))")
        }

        /// Names the resolver takes in other forms than those generated (a
        /// variant, a script written out, keywords), read by their parents.
        @Test(arguments: [
            "ca_ES@valencia", "en_Latn_US", "sr_RS@latin", "zh_TW", "zh-HK", "ht_HT", "th-TH-u-nu-thai",
            "ar_EG@numbers=latn", "fa_IR@numbers=latn", "de_CH@numbers=deva;currency=EUR", "C",
        ])
        func resolvedNames(_ text: String) throws {
            let id = try #require(LocaleSupport.identifier(for: text))
            let live = try ByteUnitsOracle.entry(id).get()
            let found = Self.differences(ByteUnits.of(id), live)
            #expect(found.isEmpty, "\(text) (\(id)): \(found.joined(separator: "; "))")
        }

        /// Counts of every unit, plural forms, bounds, ties and negatives.
        static let counts: [Int64] = [
            0, 1, 2, 5, 21, 101, 999, 1000, 1023, 1024, 1500, 2500, 21_000, 101_000, 1_048_064, 1_100_000,
            1_234_567, 1_700_000, 2_000_000, 999_950_000, 1_000_000_001, 1_500_000_000, 22_000_000_000,
            1_000_000_000_000, 1_010_000_000_000, 4_280_000_000_000, 278_340_000_000_000,
            1_000_000_000_000_000, 1_125_899_906_842_624, 9_000_000_000_000_000_000, -1, -1500, -2_500_000,
        ]

        /// Foundation's text of `count` (`.memory` for binary), binary
        /// relabelled as ``ByteFormatter`` defines it: the unit's label (as
        /// `.file` writes 1 of it), with the letters a plural adds, is IEC's.
        static func foundation(_ count: Int64, binary: Bool, locale: LocaleID, notation: NumberNotation) -> String {
            var expected = Array(ByteFormatter.foundation(binary: binary, locale: locale).format(count).utf8)
            guard binary else { return String(decoding: expected, as: UTF8.self) }
            let labels = (1...5).map { unit -> [UInt8] in
                var one: Int64 = 1
                for _ in 0..<unit { one *= 1000 }
                var body: [UInt8] = []
                notation.appendGroupedInteger([UInt8(ascii: "1")], into: &body)
                let text = ByteFormatter.foundation(binary: false, locale: locale).format(one)
                let affixes = notation.affixes(of: text, body: body)
                return ByteFormatter.label(affixes.prefix) + ByteFormatter.label(affixes.suffix)
            }
            if let unit = (1...5).reversed().first(where: { ByteFormatter.find(labels[$0 - 1], in: expected) != nil }),
                let at = ByteFormatter.find(labels[unit - 1], in: expected)
            {
                func letter(_ c: Unicode.Scalar) -> Bool {
                    c.properties.numericType == nil && !c.properties.isWhitespace
                        && c.properties.generalCategory != .format && c != "-"
                }
                var tail = Array(
                    String(decoding: expected[at...], as: UTF8.self).unicodeScalars.dropFirst(
                        String(decoding: labels[unit - 1], as: UTF8.self).unicodeScalars.count))
                while let first = tail.first, letter(first) { tail.removeFirst() }
                var head = Array(String(decoding: expected[..<at], as: UTF8.self).unicodeScalars)
                while let last = head.last, letter(last) { head.removeLast() }
                var view = String.UnicodeScalarView(head)
                view.append(contentsOf: ByteFormatter.iecLabels[unit].unicodeScalars)
                view.append(contentsOf: tail)
                expected = Array(String(view).utf8)
            }
            return String(decoding: expected, as: UTF8.self)
        }

        /// The byte labels numconv read before the generated data: the
        /// text around the number Foundation writes for counts showing
        /// each sample in each unit (of bytes, whole samples only).
        static func foundationLabels(_ locale: LocaleID, _ formatter: ByteFormatter) -> [(label: [UInt8], power: Int)] {
            var found: [(label: [UInt8], power: Int)] = []
            let samples = (0...25).map(String.init) + ["100", "101", "111", "1.5", "2.1", "1.25", "0.5"]
            let style = ByteFormatter.foundation(binary: false, locale: locale, spellsOutZero: false)
            for unit in 0...5 {
                for sample in samples where unit > 0 || !sample.contains(".") {
                    let number = try! ExactDecimal(sample)
                    let count = number.multiplied(by: 1000, power: unit).rounded(fractionDigits: 0, rule: .halfEven)
                    var body: [UInt8] = []
                    formatter.appendBody(number, into: &body)
                    let affixes = formatter.notation.affixes(of: style.format(Int64(count.description)!), body: body)
                    let label = ByteFormatter.label(affixes.prefix) + ByteFormatter.label(affixes.suffix)
                    if !label.isEmpty && !found.contains(where: { $0.label == label }) { found.append((label, unit)) }
                }
            }
            return found
        }

        /// The ByteFormatter the data builds writes what Foundation's
        /// ByteCountFormatStyle writes (`.file`; binary, `.memory`
        /// relabelled in IEC units), and the labels numconv reads are those
        /// it read off Foundation (their order aside: a label is matched whole).
        @Test(arguments: localeNames)
        func formatterIsFoundation(_ name: String) {
            let locale = LocaleID(identifier: name)
            var failures: [String] = []
            var decimal: ByteFormatter? = nil
            for binary in [false, true] {
                var style = CoinFormatStyle(style: .bytes, locale: locale)
                if binary { style = style.byteUnits(.binary) }
                let formatter = ByteFormatter(style)
                if !binary { decimal = formatter }
                for count in Self.counts {
                    var out: [UInt8] = []
                    _ = formatter.format(ExactDecimal(UInt64(count.magnitude), negative: count < 0), into: &out)
                    let written = String(decoding: out, as: UTF8.self)
                    let expected = Self.foundation(count, binary: binary, locale: locale, notation: formatter.notation)
                    if written != expected {
                        failures.append("\(binary ? "binary " : "")\(count): '\(written)', Foundation '\(expected)'")
                    }
                }
            }
            let labels = ByteLabels.of(locale)
            let old = Self.foundationLabels(locale, decimal!)
            func pairs(_ list: [(label: [UInt8], power: Int)]) -> Set<[UInt8]> {
                Set(list.map { $0.label + [0, UInt8($0.power)] })
            }
            if pairs(labels.localized) != pairs(old) || labels.localized.count != old.count {
                failures.append("labels \(labels.localized), Foundation's \(old)")
            }
            #expect(failures.isEmpty, "\(name): \(failures.prefix(10).joined(separator: "\n"))")
        }

        /// Plural operands of the number shown, as ICU's of the same decimal.
        @Test(arguments: ["0", "1", "1.5", "2.11", "1.01", "100", "21.3", "1000000", "1.0", "0.25"])
        func operands(_ text: String) throws {
            let parts = text.split(separator: ".")
            let x = ByteUnits.operands(
                integer: Array(parts[0].utf8), fraction: parts.count > 1 ? Array(parts[1].utf8) : [])
            #expect(x == PluralOperands(decimal: text))
        }
    }
#endif

// Foundation's ByteCountFormatStyle, the oracle of the bytes style
// (ByteStyleTests, and the suite above): no longer called by ByteFormatter.
extension ByteFormatter {
    /// Foundation's ByteCountFormatStyle (`.memory` for binary).
    static func foundation(binary: Bool, locale: LocaleID, spellsOutZero: Bool = true) -> ByteCountFormatStyle {
        ByteCountFormatStyle(
            style: binary ? .memory : .file, allowedUnits: .all, spellsOutZero: spellsOutZero,
            includesActualByteCount: false, locale: locale.foundation)
    }
}
