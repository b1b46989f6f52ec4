import Foundation
import Testing

@testable import NumToolsCore

/// The round trip of issue 28: what coinfmt writes in the unit styles
/// (si, iec, iec-i, engineering), numconv reads back as the value written
/// (a count a prefix scaled made whole, as numfmt reads it), in every locale of the amounts' sample (`AMOUNT_LOCALES=all`: every one).
@Suite struct UnitRoundTripTests {
    static let values = [
        "0", "7", "999", "1000", "1536", "-1500", "9999", "999999", "1048064", "123456789", "-0.4", "1e30", "1e33",
        "12345678901234567890123", "0.001",
    ]

    /// The value `text` stands for: the rounded mantissa times base^p.
    static func written(_ formatter: CoinFormatter, _ value: ExactDecimal) -> ExactDecimal {
        let units = formatter.units!
        let (r, p, _) = units.layout(value)
        return units.base == 1000 ? r.multiplied(by: 1000, power: p) : r.multiplied(by: 1024, power: p)
    }

    @Test(arguments: AmountRoundTripTests.locales)
    func unitPrefixes(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        let settings: [(CoinFormatStyle) -> CoinFormatStyle] = [
            { $0 }, { $0.fractionLength(min: 3, max: 3) }, { $0.significantDigits(2...4).rounded(.floor) },
            { $0.unitSeparator(" ").suffix("B") }, { $0.units(from: 1024).rounded(.up) },
        ]
        for kind in [CoinFormatStyle.Style.si, .iec, .iecI] {
            let reading: AmountStyle = kind == .si ? .si : kind == .iec ? .iec : .iecI
            for (n, setting) in settings.enumerated() {
                var formatter = setting(CoinFormatStyle(style: kind, locale: locale)).formatter()
                let suffix = formatter.style.suffix
                // Under auto a letter the locale has as its own currency's
                // mark or as a compact unit is read as that (`K`, kyats, in
                // my_MM; `M`, miliar, in id): auto is checked elsewhere.
                // Any other prefix is refused under auto.
                let compact = CompactUnits.of(locale)
                let marks = CurrencyMarks.of(locale)
                let taken = UnitFormatter.letters.contains { letter in
                    compact.units[Array(letter.utf8)] != nil
                        || marks.ownSymbols.contains { $0.mark == Array(letter.utf8) }
                }
                let auto = kind == .iec || suffix != "" || taken ? [] : [AmountStyle.auto]
                for styleRead in [reading] + auto {
                    var converter = AmountConverter(
                        from: [locale], style: styleRead, to: [LocaleID(identifier: LocaleSupport.machineIdentifier)],
                        suffix: suffix)
                    for value in Self.values {
                        let number = try ExactDecimal(value)
                        let text = formatter.string(number)
                        let got = AmountRoundTripTests.read(text, with: &converter)
                        var expected = Self.written(formatter, number)
                        // Auto reads no unit prefix (issue 44): refused, or a
                        // currency's letter read as the currency (`1,5K` in de_DE,
                        // as --style currency reads it), or the same number where
                        // there is no prefix (`999`).
                        if styleRead == .auto && text.contains(where: \.isLetter)
                            && (got.hasPrefix("error ") || got == AmountRoundTripTests.read(text, locale, .currency))
                        {
                            continue
                        }
                        // A count a prefix scaled is read as a whole one, away
                        // from zero, as numfmt --from does (issue 44).
                        if styleRead != .auto, formatter.units!.layout(number).power > 0 {
                            expected = expected.rounded(fractionDigits: 0, rule: .up)
                        }
                        if !AmountRoundTripTests.same(got, expected) {
                            failures.append(
                                "\(id) \(kind) #\(n) read as \(styleRead): '\(text)' → \(got), not \(expected)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Byte counts, decimal and binary, read back with `--style bytes`
    /// (and the ASCII units under auto, where the locale writes them).
    @Test(arguments: AmountRoundTripTests.locales)
    func bytes(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        for units in CoinFormatStyle.ByteUnits.allCases {
            var formatter = CoinFormatStyle(style: .bytes, locale: locale).byteUnits(units).formatter()
            var converter = AmountConverter(
                from: [locale], style: .bytes, to: [LocaleID(identifier: LocaleSupport.machineIdentifier)])
            for value in Self.values + ["1700000", "4280000000000", "278340000000000", "1048064", "-2500", "1"] {
                let number = try ExactDecimal(value)
                let text = formatter.string(number)
                let got = AmountRoundTripTests.read(text, with: &converter)
                let bytes = formatter.bytes!
                let (unit, shown) = bytes.layout(number)
                var expected = number.isZero ? number : shown.multiplied(by: bytes.binary ? 1024 : 1000, power: unit)
                // A count a unit scaled is read as a whole one, away from zero (issue 44).
                if unit > 0 { expected = expected.rounded(fractionDigits: 0, rule: .up) }
                if !AmountRoundTripTests.same(got, expected) {
                    failures.append("\(id) bytes \(units): '\(text)' → \(got), not \(expected)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Engineering notation reads back as scientific notation (and under auto).
    @Test(arguments: AmountRoundTripTests.locales)
    func engineering(_ id: String) throws {
        let locale = LocaleID(identifier: id)
        var failures: [String] = []
        var formatter = CoinFormatStyle(style: .engineering, locale: locale).formatter()
        for value in ["1500", "15000", "-150000", "0.00015", "6.022e23", "1", "12.5", "-999.5"] {
            let number = try ExactDecimal(value)
            let text = formatter.string(number)
            for style in [AmountStyle.scientific, .auto] {
                let got = AmountRoundTripTests.read(text, locale, style)
                if !AmountRoundTripTests.same(got, number) {
                    failures.append("\(id) engineering read as \(style): '\(text)' → \(got)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(12).joined(separator: "\n"))")
    }
}
