// The exponent symbols numconv reads (AmountReader.exponentSymbols), taken
// from the generated number symbols (issue 46), against what FormatStyle
// writes: the computation they replaced is the oracle here.
#if canImport(_FoundationICU)
    import Foundation
    import Testing
    import NumToolsLocaleOracle

    @testable import NumToolsCore

    @Suite struct ExponentSymbolsDataTests {
        /// The exponent symbol FormatStyle writes in `locale`: what stands
        /// between the mantissa's last digit and the exponent in `1.5E3`,
        /// without bidi marks and spaces (the symbol may hold digits: `×۱۰^`).
        static func formatStyleSymbols(_ locale: LocaleID) -> [[UInt8]] {
            let text = Array(
                Decimal.FormatStyle(locale: locale.foundation).notation(.scientific).format(Decimal(string: "1.5e3")!)
                    .unicodeScalars)
            let digits = text.indices.filter { text[$0].properties.numericType == .decimal }
            guard digits.count >= 3 else { return [] }
            let symbol = text[(digits[1] + 1)..<digits[digits.count - 1]].filter { !CurrencyMarks.isBidiOrSpace($0) }
            let bytes = Array(String(String.UnicodeScalarView(symbol)).utf8)
            return bytes.isEmpty ? [] : [bytes]
        }

        /// Every name the tools take (`--list-locales`, the short forms,
        /// the languages ICU only inherits), in its own numbering system,
        /// `latn` and each other one CLDR names for it.
        @Test(arguments: CompactUnitsOracle.names)
        func symbolsAreFormatStyles(_ name: String) {
            var identifiers = [name]
            var systems = Set(Locale(identifier: name).availableNumberingSystems.map(\.identifier))
            systems.insert("latn")
            identifiers += systems.sorted().map { name + "@numbers=" + $0 }
            for id in identifiers {
                let locale = LocaleID(identifier: id)
                // What the reader takes: these, and `E` and `e`.
                func read(_ symbols: [[UInt8]]) -> [String] {
                    var all = symbols
                    for e: [UInt8] in [[0x45], [0x65]] where !all.contains(e) { all.append(e) }
                    return all.map { String(decoding: $0, as: UTF8.self) }
                }
                let derived = AmountReader.exponentSymbols(locale)
                let written = Self.formatStyleSymbols(locale)
                #expect(read(derived) == read(written), "\(id): \(read(derived)), FormatStyle's \(read(written))")
                // (A numbering system whose digits are no decimal digits, `hanidec`,
                // hides the symbol from the old reading; the data has it.)
                if !written.isEmpty { #expect(derived == written, "\(id)") }
            }
        }

        /// Every name the tools take that ICU does not list reads the listed
        /// locale ICU's aliases give, as generated.
        @Test func aliasesAreICUs() {
            for name in NumberAliasesOracle.names {
                let actual = NumberAliasesOracle.actual(name)
                #expect(NumberAliasesData.listed(name) == (actual == name ? nil : actual), "\(name)")
            }
        }

        /// The examples.
        @Test(arguments: [
            ("en_US", "E"), ("ar_EG", "أس"), ("sv_SE", "×10^"), ("fa_IR", "×۱۰^"), ("ar_EG@numbers=latn", "E"),
        ])
        func examples(_ id: String, _ symbol: String) {
            #expect(AmountReader.exponentSymbols(LocaleID(identifier: id)) == [Array(symbol.utf8)])
        }
    }
#endif
