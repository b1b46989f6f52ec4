import Foundation
import Testing

@testable import NumToolsCore

/// The amount reader's shortcuts (the own mark read in a few comparisons,
/// the unit handed on from the currency reading, digits at both ends read as
/// unitless) give what the general reading gives, byte for byte, error
/// messages included: on what FormatStyle writes in each locale and on
/// every one-character change of it (a character dropped, doubled, a space
/// or a bidi mark put in, a sign or parentheses around).
@Suite struct AmountFastPathTests {
    static let locales = [
        "en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ko_KR", "ja_JP", "zh_CN", "ar_EG", "he_IL", "pt_BR",
        "nl_NL", "es_ES", "sv_SE", "fa_IR", "hi_IN", "sw_KE", "en_MM", "fy", "bn_BD", "ps_AF", "my_MM",
    ]
    static let values: [Decimal] = [1234.56, -1234.56, 0.5, 12, 1_234_567.891, -7, 1_200_000]

    /// What FormatStyle writes for the values: currency (symbol and code),
    /// accounting, compact.
    static func written(_ locale: LocaleID) -> [String] {
        let code = locale.foundation.currency?.identifier ?? "EUR"
        var texts: [String] = []
        for v in values {
            texts.append(v.formatted(.currency(code: code).locale(locale.foundation)))
            texts.append(v.formatted(.currency(code: code).locale(locale.foundation).presentation(.isoCode)))
            texts.append(v.formatted(.currency(code: code).locale(locale.foundation).sign(strategy: .accounting)))
            texts.append(v.formatted(.number.locale(locale.foundation).notation(.compactName)))
        }
        return texts
    }

    /// `text` and its one-character changes.
    static func variants(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var out: Set<String> = [text, "-" + text, text + "-", "(" + text + ")", " " + text, text + "\u{A0}"]
        func string(_ s: [Unicode.Scalar]) -> String {
            var v = String.UnicodeScalarView()
            v.append(contentsOf: s)
            return String(v)
        }
        for i in scalars.indices {
            var dropped = scalars
            dropped.remove(at: i)
            out.insert(string(dropped))
            var doubled = scalars
            doubled.insert(scalars[i], at: i)
            out.insert(string(doubled))
            for extra: Unicode.Scalar in [" ", "\u{A0}", "\u{200F}", "-"] {
                var put = scalars
                put.insert(extra, at: i)
                out.insert(string(put))
            }
        }
        return out.filter { !$0.isEmpty }.sorted()
    }

    static func converter(_ sources: [LocaleID], _ style: AmountStyle, fast: Bool, code: Bool = true) -> AmountConverter
    {
        AmountConverter(
            from: sources, style: style, to: [LocaleID(identifier: LocaleSupport.machineIdentifier)], currency: nil,
            writesCode: code, preferring: nil, minimumFraction: nil, maximumFraction: nil, fastPaths: fast)
    }

    @Test(arguments: locales)
    func shortcutsReadAsTheGeneralReading(_ id: String) {
        let locale = LocaleID(identifier: id)
        let texts = Self.written(locale).flatMap(Self.variants)
        #expect(texts.count > 100)
        var compared = 0
        for style in [AmountStyle.currency, .accounting, .compact, .auto] {
            var fast = Self.converter([locale], style, fast: true)
            var general = Self.converter([locale], style, fast: false)
            for text in texts {
                let a = AmountRoundTripTests.read(text, with: &fast)
                let b = AmountRoundTripTests.read(text, with: &general)
                #expect(a == b, "\(id) --style \(style) '\(text)'")
                compared += 1
            }
        }
        #expect(compared == texts.count * 4)
    }

    /// `--from auto`: marks on either side of the number.
    @Test func shortcutsReadAsTheGeneralReadingUnderAuto() {
        let sources = ["en_US", "de_DE", "fr_FR"].map(LocaleID.init(identifier:))
        let texts = sources.flatMap(Self.written).flatMap(Self.variants)
        var fast = Self.converter(sources, .auto, fast: true)
        var general = Self.converter(sources, .auto, fast: false)
        var taken = 0
        for text in texts {
            let a = AmountRoundTripTests.read(text, with: &fast)
            #expect(a == AmountRoundTripTests.read(text, with: &general), "--from auto '\(text)'")
            if !a.hasPrefix("error") { taken += 1 }
        }
        // The test reads amounts, not only errors.
        #expect(taken > texts.count / 20)
    }
}

extension AmountFastPathTests {
    /// The shortcut is there to be tested: the common locales have own marks it takes.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ko_KR", "ja_JP", "pt_BR", "de_CH", "en_IN"])
    func commonLocalesHaveFastMarks(_ id: String) {
        let converter = Self.converter([LocaleID(identifier: id)], .currency, fast: true)
        #expect(converter.reader.hasFastMarks)
        #expect(!Self.converter([LocaleID(identifier: id)], .currency, fast: false).reader.hasFastMarks)
    }
}

extension AmountFastPathTests {
    /// Scientific texts: what FormatStyle writes, the usual `E` forms at
    /// the edges of the shortcut (a sign or none, twelve exponent digits
    /// and thirteen, a second `E`, bidi marks, native digits), and their
    /// one-character changes.
    static func scientificTexts(_ locale: LocaleID) -> [String] {
        var texts: [String] = []
        for v in values {
            texts.append(v.formatted(.number.locale(locale.foundation).notation(.scientific)))
        }
        let decimal = locale.foundation.decimalSeparator ?? "."
        for mantissa in ["1", "-1", "12\(decimal)5", "0\(decimal)25", "-7\(decimal)0"] {
            for exponent in [
                "E3", "e3", "E+3", "E-3", "e-12", "E123456789012", "E-123456789012", "E1234567890123", "E", "E+",
                "E-", "E+-3", "E3E3", "E3x", "E\u{200F}3", "E\u{200F}-3", "E\u{2212}3", "E٣", "EE3", "E 3",
            ] {
                texts.append(mantissa + exponent)
            }
        }
        return texts
    }

    /// The shortcut for the usual exponent (``AmountReader/readExponent(_:_:_:_:)``)
    /// reads what the general steps read, error messages included.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ar_EG", "fa_IR", "sv_SE", "hi_IN", "he_IL"])
    func scientificShortcutReadsAsTheGeneralReading(_ id: String) {
        let locale = LocaleID(identifier: id)
        let texts = Self.scientificTexts(locale).flatMap(Self.variants)
        var read = 0
        for style in [AmountStyle.scientific, .auto] {
            var fast = Self.converter([locale], style, fast: true, code: false)
            var general = Self.converter([locale], style, fast: false, code: false)
            for text in texts {
                let a = AmountRoundTripTests.read(text, with: &fast)
                #expect(a == AmountRoundTripTests.read(text, with: &general), "\(id) --style \(style) '\(text)'")
                if !a.hasPrefix("error") { read += 1 }
            }
        }
        // The texts are read, not only refused.
        #expect(read > texts.count / 10)
    }

    /// The shortcut is there to be tested: E and e are one-byte symbols in
    /// the common locales, and none without the fast paths.
    @Test func scientificShortcutIsTaken() {
        for id in ["en_US", "de_DE", "fr_FR"] {
            let locale = LocaleID(identifier: id)
            #expect(Self.converter([locale], .scientific, fast: true).reader.exponentBytes.contains(0x45))
            #expect(Self.converter([locale], .scientific, fast: true).reader.exponentBytes.contains(0x65))
            #expect(!Self.converter([locale], .scientific, fast: false).reader.exponentBytes.contains(0x45))
        }
    }

    /// ``AmountReader/lastDigitEnd(_:_:_:)`` finds what the scalar-by-scalar
    /// walk finds, on random texts of digits (ASCII and the locale's),
    /// letters, signs, spaces, bidi marks and other scalars.
    @Test(arguments: ["en_US", "ar_EG", "fa_IR", "hi_IN", "my_MM", "bn_BD"])
    func lastDigitEndIsTheWalksEnd(_ id: String) {
        let reader = AmountReader(locale: LocaleID(identifier: id), style: .bytes)
        var pieces = [
            "0", "7", "9", "a", "K", "i", "B", " ", "-", ".", ",", "\u{A0}", "\u{200F}", "€", "ГБ", "\u{1F600}",
        ]
        pieces += reader.nativeDigits.map { String(decoding: $0.bytes, as: UTF8.self) }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { p in
                // Every scalar boundary as the start, the end as the end.
                var lo = 0
                while lo <= p.count {
                    var walk = p.count
                    while walk > lo && !reader.digitEnds(p, at: walk, from: lo) {
                        walk = AmountReader.scalarStart(p, before: walk)
                    }
                    #expect(reader.lastDigitEnd(p, lo, p.count) == walk, "\(id) '\(text)' from \(lo)")
                    lo += lo < p.count ? AmountReader.scalarLength(p[lo]) : 1
                }
            }
        }
    }
}
