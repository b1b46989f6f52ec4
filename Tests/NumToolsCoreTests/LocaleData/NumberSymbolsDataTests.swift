#if canImport(_FoundationICU)
    import Foundation
    import NumToolsLocaleOracle
    import Testing

    @testable import NumToolsCore

    /// Generated/NumberSymbolsData.swift against the toolchain's ICU it was
    /// generated from (NumberSymbolsOracle), and the notation built from it
    /// against the one read off FormatStyle's renderings. A failure after a
    /// toolchain upgrade means the data changed: rerun
    /// `scripts/gen_locale_data.sh number-symbols`.
    @Suite struct NumberSymbolsDataTests {
        /// The locales the data covers: those `--list-locales` lists.
        static let locales = NumberSymbolsOracle.locales

        /// What the data gives `identifier`, in the oracle's terms: the
        /// symbols and then the ten digits, the patterns, the minimum grouping.
        static func generated(_ identifier: String) -> (symbols: [String], patterns: [String], grouping: Int)? {
            guard let data = NumberSymbols.decode(identifier) else { return nil }
            let digits = data.digits.map { String(decoding: $0, as: UTF8.self) }
            return (data.symbols + digits, data.patterns, data.minimumGrouping)
        }

        /// The differences between the data and live ICU for `identifier`.
        static func differences(_ identifier: String) -> [String] {
            guard let data = generated(identifier) else { return ["\(identifier): no entry"] }
            var found: [String] = []
            let symbols = NumberSymbolsOracle.symbols(identifier)
            if data.symbols != symbols { found.append("\(identifier) symbols: \(data.symbols) != ICU \(symbols)") }
            let patterns = NumberSymbolsOracle.patterns(identifier)
            if data.patterns != patterns { found.append("\(identifier) patterns: \(data.patterns) != ICU \(patterns)") }
            let grouping = NumberSymbolsOracle.minimumGrouping(identifier)
            if data.grouping != grouping {
                found.append("\(identifier) minimum grouping: \(data.grouping) != ICU \(grouping)")
            }
            return found
        }

        @Test func numberingSystemsAreThoseLocaleNamesTake() {
            #expect(NumberSymbolsOracle.numberingSystems == LocaleSupport.numberingSystems)
        }

        /// Every listed locale: its numbering system, digits, symbols,
        /// patterns and minimum grouping digits as ICU resolves them.
        @Test func everyLocaleEqualsICU() {
            var failures: [String] = []
            for id in Self.locales {
                failures += Self.differences(id)
                let system = NumberSymbolsOracle.numberingSystem(id)
                let entry = NumberSymbolsData.entry(id)?.split(separator: " ").first.map(String.init)
                if entry != system { failures.append("\(id) numbering system: \(entry ?? "none") != ICU \(system)") }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// Listed locales with each numbering system (`@numbers=`): the data
        /// keeps a system's sets only where they differ from latn's, and the
        /// rule (those sets, else latn's with the system's digits; latn's
        /// digits too for an algorithmic system) gives what ICU resolves. A
        /// third of the locales for each system, every one with NUMTOOLS_FULL_SWEEP=1.
        @Test(arguments: LocaleSupport.numberingSystems)
        func everyNumberingSystemEqualsICU(system: String) {
            var failures: [String] = []
            let sample = Sweep.sample(
                Self.locales, "number symbols \(system)", fraction: 0.33, minimum: 150,
                always: { ["ar_EG", "fa_IR", "en_US_POSIX", "hi_IN", "ccp", "ar", "ur_IN"].contains($0) })
            for id in sample {
                failures += Self.differences(NumberSymbolsOracle.identifier(id, numbers: system))
            }
            #expect(failures.isEmpty, "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// A notation's fields, to compare two.
        static func describe(_ n: NumberNotation) -> String {
            func t(_ b: [UInt8]) -> String {
                String(decoding: b, as: UTF8.self).unicodeScalars.map { "\($0.value)" }.joined(separator: ".")
            }
            return "digits \(n.digits.map(t)) decimal \(t(n.decimalSeparator)) group \(t(n.groupingSeparator)) "
                + "grouping \(n.grouping) positive \(t(n.positive.prefix))|\(t(n.positive.suffix)) "
                + "negative \(t(n.negative.prefix))|\(t(n.negative.suffix)) plus \(t(n.plus.prefix))|\(t(n.plus.suffix))"
        }

        /// The differences between the notation built from the data and the
        /// one read off FormatStyle's renderings, for `identifier`.
        static func notationDifferences(_ identifier: String) -> [String] {
            var found: [String] = []
            let locale = LocaleID(identifier: identifier)
            for percent in [false, true] {
                guard let data = NumberSymbols.decode(identifier) else { return ["\(identifier): no entry"] }
                let probe = FoundationProbe(locale: locale, kind: percent ? .percent : .number, compact: false)
                let fromData = describe(NumberNotation(symbols: data, percent: percent))
                let probed = describe(NumberNotation(probe: probe))
                if fromData != probed {
                    found.append(
                        "\(identifier) \(percent ? "percent" : "number"): data \(fromData) != FormatStyle \(probed)")
                }
            }
            return found
        }

        /// Every listed locale: numbers and percents written from the data
        /// as FormatStyle writes them.
        @Test func notationEqualsFormatStyleForEveryLocale() {
            var failures: [String] = []
            for id in Self.locales { failures += Self.notationDifferences(id) }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// Every listed locale: the exponent of scientific numbers and
        /// percents written from the data as FormatStyle writes it.
        @Test func scientificEqualsFormatStyleForEveryLocale() {
            var failures: [String] = []
            for id in Self.locales {
                guard let data = NumberSymbols.decode(id) else {
                    failures.append("\(id): no entry")
                    continue
                }
                for kind in [FoundationProbe.Kind.number, .percent] {
                    let probe = FoundationProbe(
                        locale: LocaleID(identifier: id), kind: kind, compact: false, scientific: true)
                    let probed = ScientificNotation(probe: probe, digits: data.digits)
                    let fromData = ScientificNotation(symbols: data)
                    if probed != fromData {
                        failures.append("\(id) \(kind): data \(fromData) != FormatStyle \(probed)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// A sample of locales (every one with NUMTOOLS_FULL_SWEEP=1) with
        /// every numbering system.
        @Test func notationEqualsFormatStyleForEveryNumberingSystem() {
            var failures: [String] = []
            let sample = Sweep.sample(
                Self.locales, "number symbols @numbers=", fraction: 0.01, minimum: 8,
                always: { ["ar_EG", "fa_IR", "en_US_POSIX", "hi_IN", "ccp"].contains($0) })
            for id in sample {
                for system in LocaleSupport.numberingSystems {
                    failures += Self.notationDifferences(NumberSymbolsOracle.identifier(id, numbers: system))
                }
            }
            #expect(failures.isEmpty, "\(Sweep.replay) \(failures.count) differences, first: \(failures.prefix(5))")
        }

        /// What the pattern reader makes of ICU's pattern syntax.
        @Test(arguments: [
            ("#,##0.###", 3, 3, "", ""),
            ("#,##,##0.###", 3, 2, "", ""),
            ("0.######", 0, 0, "", ""),
            ("#,##0\u{A0}%", 3, 3, "", "\u{A0}%"),
            ("\u{A4}#,##0.00;(\u{A4}#,##0.00)", 3, 3, "\u{A4}", ""),
            ("'#'#,##0", 3, 3, "#", ""),
        ])
        func readsPatterns(pattern: String, primary: Int, secondary: Int, prefix: String, suffix: String) {
            let read = NumberPattern(pattern)
            #expect(read.primary == primary && read.secondary == secondary)
            func text(_ parts: [NumberPattern.Part]) -> String {
                parts.map {
                    switch $0 {
                    case .text(let t): t
                    case .percent: "%"
                    case .currency: "\u{A4}"
                    case .minus: "-"
                    case .plus: "+"
                    case .perMille: "\u{2030}"
                    }
                }.joined()
            }
            #expect(text(read.positivePrefix) == prefix && text(read.positiveSuffix) == suffix)
        }
    }
#endif
