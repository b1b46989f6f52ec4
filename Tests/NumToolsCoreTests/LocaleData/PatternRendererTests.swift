#if canImport(_FoundationICU)
    import Foundation
    import NumToolsLocaleOracle
    import Testing

    @testable import NumToolsCore

    /// PatternRenderer (the generated data) against FormatStyle, every
    /// listed locale: the probes every derivation renders.
    @Suite struct PatternRendererTests {
        static let locales = Sweep.sample(
            LocaleSupport.availableIdentifiers.sorted(), "PatternRendererTests", fraction: 0.1, minimum: 40)

        static let values = [
            "0", "1", "2", "1.5", "0.25", "12", "999.95", "1234567.891", "1023456789", "1e-7", "123456789012345",
            "999999", "1500", "1049",
        ]
        static let precisions: [PatternRenderer.Precision?] = [
            nil, .fraction(0, 0), .fraction(2, 2), .fraction(0, 3), .significant(2, 4), .significant(1, 1),
        ]
        static let forms: [FoundationProbe.Form] = [.positive, .negative, .plus, .unsigned]

        static func mismatches(_ probe: FoundationProbe, limit: inout Int) -> [String] {
            guard let renderer = PatternRenderer(probe) else { return ["\(probe.locale.identifier): no data"] }
            var found: [String] = []
            for value in values where !(probe.scientific && value.count > 10) {
                for precision in precisions {
                    for form in forms {
                        for grouping in [true, false] where grouping || precision == nil && !probe.isCurrency {
                            let ours = renderer.render(
                                value, precision: precision, rule: .halfEven, form: form, grouping: grouping)
                            var theirs = probe.formatStyleRender(
                                value,
                                precision: precision.map {
                                    switch $0 {
                                    case .fraction(let lo, let hi): .fractionLength(lo...hi)
                                    case .significant(let lo, let hi): .significantDigits(lo...hi)
                                    }
                                }, rule: nil, form: form, grouping: grouping)
                            if probe.isCurrency, ours != theirs {
                                // A fresh ICU formatter may misplace a name until it compiles itself.
                                theirs = probe.formatStyleRender(
                                    value,
                                    precision: precision.map {
                                        switch $0 {
                                        case .fraction(let lo, let hi): .fractionLength(lo...hi)
                                        case .significant(let lo, let hi): .significantDigits(lo...hi)
                                        }
                                    }, rule: nil, form: form, grouping: grouping)
                            }
                            if ours != theirs && limit > 0 && found.isEmpty {
                                limit -= 1
                                found.append(
                                    "\(probe.locale.identifier) \(probe.kind) c\(probe.compact) s\(probe.scientific) a\(probe.accounting) \(value) \(String(describing: precision)) \(form) g\(grouping): ours [\(ours ?? "nil")] theirs [\(theirs)]"
                                )
                            }
                        }
                    }
                }
            }
            return found
        }

        @Test func numbersAndPercents() {
            var limit = 60
            var found: [String] = []
            for locale in Self.locales {
                for kind in [FoundationProbe.Kind.number, .percent] {
                    for (compact, scientific) in [(false, false), (false, true)] {
                        let probe = FoundationProbe(
                            locale: LocaleID(identifier: locale), kind: kind, compact: compact, scientific: scientific)
                        found += Self.mismatches(probe, limit: &limit)
                    }
                }
            }
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }

        /// The names a locale option takes that ICU does not list, read
        /// with the data of the listed locale ICU reads for them.
        @Test func unlistedNames() {
            var limit = 60
            var found: [String] = []
            let listed = LocaleSupport.availableIdentifiers
            for name in NumberSymbolsOracle.locales where !listed.contains(name) {
                for kind in [FoundationProbe.Kind.number, .percent, .currency(code: "EUR", display: .code)] {
                    let probe = FoundationProbe(locale: LocaleID(identifier: name), kind: kind, compact: false)
                    found += Self.mismatches(probe, limit: &limit)
                }
            }
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }

        /// Every presentation of a few currencies (among them ones with a
        /// format of their own somewhere, and names holding digits).
        @Test func currencyPresentations() {
            var limit = 60
            var found: [String] = []
            for locale in Self.locales {
                let own = CurrencyCodes.currency(ofLocale: locale) ?? "XXX"
                for code in ["USD", "EUR", "JPY", "CVE", "ALK", "CLE", own] {
                    for display in [CoinFormatStyle.CurrencyDisplay.symbol, .narrow, .name] {
                        for accounting in [false, true] where !accounting || display == .symbol {
                            let probe = FoundationProbe(
                                locale: LocaleID(identifier: locale), kind: .currency(code: code, display: display),
                                compact: false, accounting: accounting)
                            found += Self.mismatches(probe, limit: &limit)
                        }
                    }
                }
            }
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }

        /// Compact notation (FormatStyle's `.compactName`), numbers and currencies.
        @Test func compact() {
            var limit = 60
            var found: [String] = []
            for locale in Self.locales {
                var kinds: [FoundationProbe.Kind] = [.number]
                for display in [CoinFormatStyle.CurrencyDisplay.symbol, .narrow, .code, .name] {
                    kinds.append(.currency(code: "USD", display: display))
                }
                kinds.append(.currency(code: CurrencyCodes.currency(ofLocale: locale) ?? "XXX", display: .symbol))
                for kind in kinds {
                    let probe = FoundationProbe(locale: LocaleID(identifier: locale), kind: kind, compact: true)
                    found += Self.mismatches(probe, limit: &limit)
                }
            }
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }

        @Test func currencyCodes() {
            var limit = 60
            var found: [String] = []
            for locale in Self.locales {
                for code in ["USD", "JPY"] {
                    for accounting in [false, true] {
                        let probe = FoundationProbe(
                            locale: LocaleID(identifier: locale), kind: .currency(code: code, display: .code),
                            compact: false, accounting: accounting)
                        found += Self.mismatches(probe, limit: &limit)
                    }
                }
            }
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }
#endif

extension FoundationProbe {
    var isCurrency: Bool { if case .currency = kind { true } else { false } }
}
