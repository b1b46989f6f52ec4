// The units of CLDR's compact notation, short and long, as the toolchain's
// ICU writes them (issue 46): what Generated/CompactUnitsData.swift holds and
// CompactUnitsDataTests compares it with.
#if canImport(_FoundationICU)
    import Foundation
    import NumToolsCore
    import _FoundationICU

    /// An ICU number formatter for a skeleton (`compact-long`), for the
    /// derivations FormatStyle does not expose; freed with the object.
    public final class ICUNumberFormatter {
        private let formatter: OpaquePointer
        private let result: OpaquePointer

        public init?(skeleton: String, locale: String) {
            var status = U_ZERO_ERROR
            let units = Array(skeleton.utf16)
            guard let f = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), locale, &status),
                status.rawValue <= 0
            else { return nil }
            guard let r = swift_unumf_openResult(&status), status.rawValue <= 0 else {
                swift_unumf_close(f)
                return nil
            }
            (formatter, result) = (f, r)
        }

        deinit {
            swift_unumf_closeResult(result)
            swift_unumf_close(formatter)
        }

        /// `value` (a plain decimal string) formatted, or nil.
        public func format(_ value: String) -> String? {
            var status = U_ZERO_ERROR
            let bytes = Array(value.utf8)
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { c in
                    swift_unumf_formatDecimal(formatter, c.baseAddress, Int32(c.count), result, &status)
                }
            }
            guard status.rawValue <= 0 else { return nil }
            var buffer = [UInt16](repeating: 0, count: 256)
            status = U_ZERO_ERROR
            let n = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= 0, n >= 0, Int(n) <= buffer.count else { return nil }
            return String(decoding: buffer[..<Int(n)], as: UTF16.self)
        }
    }

    /// Each locale's compact units, derived from what ICU writes for probe values.
    package enum CompactUnitsOracle {
        /// Powers of ten probed: CLDR's compact patterns end at 10^14 in most
        /// locales (10^19 in ja, whose `京` is 10^16); larger ones use the largest.
        static let magnitudes = 3...19
        /// Mantissas probed at each power: plural categories one, two/few, many, other.
        static let mantissas = ["1", "2", "5", "1.5"]

        /// The facts of an ICU locale identifier (`de_CH`, `ar_EG@numbers=latn`).
        package static func facts(_ identifier: String) -> CompactUnitFacts {
            let locale = Locale(identifier: identifier)
            var facts = CompactUnitFacts()
            let decimal = Array(
                Decimal(string: "1.5")!.formatted(
                    Decimal.FormatStyle(locale: locale).precision(.fractionLength(1...1))
                ).unicodeScalars
            ).filter { !CurrencyMarks.isBidiOrSpace($0) && $0.properties.numericType == nil }
            var shortUnits: [[UInt8]: Int] = [:]
            for skeleton in ["compact-short", "compact-long"] {
                if skeleton == "compact-long" { shortUnits = facts.units }
                guard let formatter = ICUNumberFormatter(skeleton: skeleton, locale: identifier) else { continue }
                for m in magnitudes {
                    for mantissa in mantissas {
                        let value = times(mantissa, power: m)
                        guard let text = formatter.format(value) else { continue }
                        guard let (unit, isPrefix, shownIntegerDigits) = split(text, decimal: decimal) else {
                            continue
                        }
                        let power = m - (shownIntegerDigits - 1)
                        // The short forms (what FormatStyle and coinfmt write) win
                        // over a long form CLDR gives the same text another power
                        // (`करोड` is 10^7 short and 10^6 long in ne).
                        if skeleton == "compact-long", let short = shortUnits[unit], short != power {
                            facts.overridden.insert(unit)
                            continue
                        }
                        if let zero = unit.firstIndex(of: 0) {
                            let pair = CompactUnitFacts.Wrapped(
                                before: Array(unit[..<zero]), after: Array(unit[(zero + 1)...]), power: power)
                            if power > 0
                                && !facts.wrapped.contains(where: { $0.before == pair.before && $0.after == pair.after }
                                )
                            {
                                facts.wrapped.append(pair)
                            }
                            continue
                        }
                        guard power > 0 else { continue }
                        if skeleton == "compact-short" && mantissa == "1" && shownIntegerDigits == 1 && power % 4 == 0
                            && !isPrefix
                        {
                            facts.myriadCandidates[power] = unit
                        }
                        if let known = facts.units[unit], known != power {
                            facts.units[unit] = -1
                        } else {
                            facts.units[unit] = power
                        }
                        if isPrefix { facts.prefixUnits.insert(unit) }
                    }
                }
            }
            return facts
        }

        /// `mantissa` × 10^power, as a plain decimal string.
        static func times(_ mantissa: String, power: Int) -> String {
            if let dot = mantissa.firstIndex(of: ".") {
                let integer = mantissa[..<dot]
                let fraction = mantissa[mantissa.index(after: dot)...]
                return integer + fraction + String(repeating: "0", count: power - fraction.count)
            }
            return mantissa + String(repeating: "0", count: power)
        }

        /// The unit of a compact text, whether it is a prefix, and how many
        /// integer digits the number shown has.
        static func split(_ text: String, decimal: [Unicode.Scalar]) -> ([UInt8], Bool, Int)? {
            let scalars = Array(text.unicodeScalars)
            func isDigit(_ s: Unicode.Scalar) -> Bool { s.properties.numericType == .decimal }
            guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
                return nil
            }
            let before = CurrencyMarks.trimmed(String(String.UnicodeScalarView(scalars[..<first])))
                .unicodeScalars.filter { !"-+\u{2212}".unicodeScalars.contains($0) }
            let after = CurrencyMarks.trimmed(String(String.UnicodeScalarView(scalars[(last + 1)...])))
            let isPrefix = !before.isEmpty
            var unit = Array((isPrefix ? String(String.UnicodeScalarView(before)) : after).utf8)
            guard !unit.isEmpty else { return nil }
            // Text on both sides: both, a NUL between them.
            if isPrefix && !after.isEmpty { unit += [0] + Array(after.utf8) }
            // Integer digits: those before the decimal separator.
            var integerDigits = 0
            var i = first
            while i <= last {
                if !decimal.isEmpty, i + decimal.count <= scalars.count,
                    Array(scalars[i..<(i + decimal.count)]) == decimal
                {
                    break
                }
                if isDigit(scalars[i]) { integerDigits += 1 }
                i += 1
            }
            return (unit, isPrefix, integerDigits)
        }

        /// The locale names facts are generated for: every name
        /// `--list-locales` lists, the short forms the tools take for them
        /// (`zh_TW` for `zh_Hant_TW`: ICU's alias, not the truncation parent
        /// `zh`), and the languages ICU has data for but does not list (`ht`,
        /// `ht_HT`).
        package static var names: [String] {
            var names = LocaleSupport.availableIdentifiers
            names.insert(LocaleSupport.machineIdentifier)
            for id in LocaleSupport.availableIdentifiers {
                let parts = id.split(separator: "_")
                guard parts.count == 3, parts[1].count == 4 else { continue }
                let short = "\(parts[0])_\(parts[2])"
                if LocaleSupport.identifier(for: short) == short { names.insert(short) }
            }
            let languages = Set(LocaleSupport.availableIdentifiers.map { String($0.prefix { $0 != "_" }) })
            for code in Locale.LanguageCode.isoLanguageCodes.map(\.identifier) where !languages.contains(code) {
                guard LocaleSupport.identifier(for: code) == code else { continue }
                names.insert(code)
                let likely = Locale.Language(identifier: code).maximalIdentifier.split(separator: "-")
                if likely.count == 3, case let withRegion = "\(code)_\(likely[2])",
                    LocaleSupport.identifier(for: withRegion) == withRegion
                {
                    names.insert(withRegion)
                }
            }
            return names.sorted()
        }

        /// The numbering systems generated for every locale: those some
        /// locale names its default, native, traditional or finance one, and
        /// `latn`. Any other has the locale's `latn` forms.
        package static var systems: [String] {
            var systems: Set<String> = ["latn"]
            for id in LocaleSupport.availableIdentifiers {
                for system in Locale(identifier: id).availableNumberingSystems { systems.insert(system.identifier) }
            }
            return systems.sorted()
        }

        /// Every generated key with its facts: a name (its own numbering
        /// system); a name and `@numbers=` a system whose facts differ from
        /// the name's; or `@numbers=` a system alone, whose facts are the
        /// same in every locale and differ from a locale's own (`hanidec`,
        /// whose digits ICU's compact forms do not write as decimal digits).
        package static func table() -> [(key: String, facts: CompactUnitFacts)] {
            let systems = systems
            let names = names
            var rows: [(key: String, facts: CompactUnitFacts)] = []
            var bySystem: [String: [(name: String, facts: CompactUnitFacts)]] = [:]
            var common: [String: CompactUnitFacts?] = [:]
            for name in names {
                let base = facts(name)
                rows.append((name, base))
                for system in systems {
                    let own = facts(name + "@numbers=" + system)
                    if let shared = common[system], shared != own {
                        common[system] = .some(nil)
                    } else if common[system] == nil {
                        common[system] = own
                    }
                    if own != base { bySystem[system, default: []].append((name, own)) }
                }
            }
            for system in systems {
                guard let differing = bySystem[system] else { continue }
                if let shared = common[system], let shared {
                    rows.append(("@numbers=" + system, shared))
                } else {
                    rows += differing.map { ($0.name + "@numbers=" + system, $0.facts) }
                }
            }
            return rows
        }

        /// Generated/CompactUnitsData.swift: each distinct table once,
        /// returned by a switch on its number, and each key's number.
        package static func source() -> String {
            let rows = table()
            var ids: [String: Int] = [:]
            var tables: [String] = []
            var keysOf: [[String]] = []
            for row in rows {
                let text = row.facts.encoded
                let id = ids[text] ?? tables.count
                if id == tables.count {
                    ids[text] = id
                    tables.append(text)
                    keysOf.append([])
                }
                keysOf[id].append(row.key)
            }
            var out = """
                // The units of CLDR's compact notation per locale, short and long
                // (CompactUnits): each distinct table once, as the text of
                // CompactUnitFacts.encoded (a record a line: `u` power and text, a unit;
                // `p` a unit before the number; `m` power and text, a myriad unit; `o`
                // an overridden long form; `w` power, text before and after, a wrapped
                // unit), decoded the first time a locale is asked for.

                extension CompactUnitFacts {
                    /// The numbering systems generated for every locale (any
                    /// other has the locale's `latn` forms).
                    static let compactUnitsSystems: Set<String> = [
                \(systems.map { "        \"\($0)\"," }.joined(separator: "\n"))
                    ]

                    /// The table of a generated key (a locale name, or one with
                    /// `@numbers=` a system whose forms differ from its own).
                    static func compactUnitsIndex(_ key: String) -> Int? {
                        switch key {

                """
            for (id, keys) in keysOf.enumerated() {
                var line = "        case "
                var cases: [String] = []
                for key in keys {
                    let item = "\"\(key)\""
                    if line.count + item.count + 2 > 116 {
                        cases.append(line)
                        line = "            "
                    }
                    line += item + ", "
                }
                line.removeLast(2)
                cases.append(line + ": \(id)")
                out += cases.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }.joined(separator: "\n") + "\n"
            }
            out += """
                        default: nil
                        }
                    }

                    /// A table's text.
                    static func compactUnitsTable(_ id: Int) -> String {
                        switch id {

                """
            for (id, text) in tables.enumerated() {
                out += "        case \(id):\n            \"\(LocaleOracle.escaped(text, asciiOnly: false))\"\n"
            }
            out += """
                        default: ""
                        }
                    }
                }

                """
            return out
        }
    }
#endif
