// The byte units of Foundation's ByteCountFormatStyle, as the toolchain's ICU
// writes them (issue 46): what Generated/ByteUnitsData.swift holds and
// ByteUnitsDataTests compares it with.
//
// swift-foundation's ByteCountFormatStyle asks ICU's number formatter for the
// skeleton `measure-unit/digital-byte unit-width-full-name` (bytes: `1 byte`,
// `2 bytes`) or `measure-unit/digital-kilobyte` ... `digital-petabyte` (short
// width: `1.5 MB`), with the precision `.`, `.#` or `.##`; ICU picks the unit
// pattern by the plural keyword of the number as shown. Zero is the kilobyte
// pattern around 0, whose digit Foundation replaces by the locale's spelled-out
// zero in the languages it lists (`Zero kB`).
#if canImport(_FoundationICU)
    import Foundation
    import NumToolsCore
    import _FoundationICU

    /// An ICU number formatter for a skeleton that also tells the plural
    /// keyword ICU chose its text by (`uplrules_selectFormatted`).
    final class ICUKeywordFormatter {
        private let formatter: OpaquePointer
        private let result: OpaquePointer
        private let rules: OpaquePointer

        init?(skeleton: String, locale: String) {
            var status = U_ZERO_ERROR
            let units = Array(skeleton.utf16)
            guard let f = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), locale, &status),
                status.rawValue <= 0
            else { return nil }
            guard let r = swift_unumf_openResult(&status), status.rawValue <= 0 else {
                swift_unumf_close(f)
                return nil
            }
            guard let p = swift_uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &status), status.rawValue <= 0
            else {
                swift_unumf_closeResult(r)
                swift_unumf_close(f)
                return nil
            }
            (formatter, result, rules) = (f, r, p)
        }

        deinit {
            swift_uplrules_close(rules)
            swift_unumf_closeResult(result)
            swift_unumf_close(formatter)
        }

        /// The plural keywords of the locale (`uplrules_getKeywords`).
        var keywords: [String] {
            var status = U_ZERO_ERROR
            guard let e = swift_uplrules_getKeywords(rules, &status), status.rawValue <= 0 else { return [] }
            defer { swift_uenum_close(e) }
            var out: [String] = []
            while true {
                var length: Int32 = 0
                guard let k = swift_uenum_next(e, &length, &status), status.rawValue <= 0 else { break }
                out.append(String(cString: k))
            }
            return out
        }

        /// `value` (a plain decimal string) formatted, and its plural keyword.
        func format(_ value: String) -> (text: String, keyword: String)? {
            var status = U_ZERO_ERROR
            let bytes = Array(value.utf8)
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { c in
                    swift_unumf_formatDecimal(formatter, c.baseAddress, Int32(c.count), result, &status)
                }
            }
            guard status.rawValue <= 0 else { return nil }
            var buffer = [UInt16](repeating: 0, count: 256)
            let n = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= 0, n >= 0, Int(n) <= buffer.count else { return nil }
            var keyword = [UInt16](repeating: 0, count: 32)
            let k = swift_uplrules_selectFormatted(rules, result, &keyword, Int32(keyword.count), &status)
            guard status.rawValue <= 0, k > 0, k <= 32 else { return nil }
            return (
                String(decoding: buffer[..<Int(n)], as: UTF16.self),
                String(decoding: keyword[..<Int(k)], as: UTF16.self)
            )
        }
    }

    /// Each locale's byte units as ICU writes them for ByteCountFormatStyle.
    package enum ByteUnitsOracle {
        /// ICU's digital units, smallest first (ByteCountFormatStyle's `unitNames`).
        static let unitNames = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte", "petabyte"]

        /// The skeleton ByteCountFormatStyle formats `unit` with (its precision left out).
        static func skeleton(_ unit: Int) -> String {
            "measure-unit/digital-\(unitNames[unit])" + (unit == 0 ? " unit-width-full-name" : "")
        }

        /// Numbers of every plural keyword of every locale: the integers
        /// to 200, powers of ten (`many` of fr is a multiple of a million),
        /// and decimals of one, two and three fraction digits.
        static let samples: [String] =
            (0...200).map(String.init) + ["1000", "1001", "10000", "100000", "1000000", "1000001", "2000000"]
            + ["0.1", "0.2", "0.5", "1.1", "1.2", "1.5", "2.1", "2.5", "3.5", "5.5", "10.1", "11.1", "21.1"]
            + ["0.01", "0.02", "1.01", "1.25", "2.11", "0.001", "1.001", "1.011"]

        /// The names generated: those of the compact units (every name
        /// `--list-locales` lists, the short forms and ICU-only languages
        /// the tools take) and `root`, which a name of none of them reads.
        package static var names: [String] { CompactUnitsOracle.names + ["root"] }

        /// One locale's data: per unit (bytes, kB, MB, GB, TB, PB) the
        /// pattern of each plural keyword (`{0} kB`), and the text of zero's
        /// number when Foundation spells it out (`Zero`), else "".
        package struct Entry: Equatable, Sendable {
            package var patterns: [[String: String]]
            package var zero: String

            package init(patterns: [[String: String]], zero: String) {
                self.patterns = patterns
                self.zero = zero
            }
        }

        /// The entry of ICU locale identifier `name`, or why there is none.
        package static func entry(_ name: String) -> Result<Entry, OracleError> {
            guard let plain = ICUKeywordFormatter(skeleton: "", locale: name) else {
                return .failure(OracleError("\(name): no ICU number formatter"))
            }
            var patterns: [[String: String]] = []
            for unit in 0..<6 {
                guard let f = ICUKeywordFormatter(skeleton: skeleton(unit), locale: name) else {
                    return .failure(OracleError("\(name): no formatter for \(skeleton(unit))"))
                }
                let keywords = Set(f.keywords)
                var found: [String: String] = [:]
                for sample in samples where found.count < keywords.count {
                    guard let (text, keyword) = f.format(sample), found[keyword] == nil,
                        let number = plain.format(sample)?.text
                    else { continue }
                    // The number stands once in the text: the rest is the pattern.
                    guard let range = text.range(of: number), text[range.upperBound...].range(of: number) == nil
                    else { return .failure(OracleError("\(name): \(sample) \(unitNames[unit]) is '\(text)'")) }
                    found[keyword] = text.replacingCharacters(in: range, with: "{0}")
                }
                guard found.count == keywords.count else {
                    let missing = keywords.subtracting(found.keys).sorted()
                    return .failure(OracleError("\(name): no sample of \(missing) for \(unitNames[unit])"))
                }
                patterns.append(found)
            }
            // Zero: Foundation's text, the kilobyte pattern of 0's keyword around its number.
            let zeroText = ByteCountFormatStyle(
                style: .file, allowedUnits: .all, spellsOutZero: true, includesActualByteCount: false,
                locale: Locale(identifier: name)
            ).format(0)
            guard let kB = ICUKeywordFormatter(skeleton: skeleton(1), locale: name), let (_, keyword) = kB.format("0"),
                let pattern = patterns[1][keyword], let digit = plain.format("0")?.text
            else { return .failure(OracleError("\(name): no zero")) }
            let parts = pattern.components(separatedBy: "{0}")
            guard parts.count == 2 else { return .failure(OracleError("\(name): kB pattern '\(pattern)'")) }
            let (prefix, suffix) = (Array(parts[0].unicodeScalars), Array(parts[1].unicodeScalars))
            let text = Array(zeroText.unicodeScalars)
            guard text.count > prefix.count + suffix.count, text.starts(with: prefix),
                text.reversed().starts(with: suffix.reversed())
            else { return .failure(OracleError("\(name): zero '\(zeroText)' is not the pattern '\(pattern)'")) }
            var number = String.UnicodeScalarView()
            number.append(contentsOf: text[prefix.count..<(text.count - suffix.count)])
            let zero = String(number)
            return .success(Entry(patterns: patterns, zero: zero == digit ? "" : zero))
        }

        /// An entry encoded as ByteUnitsData keeps it: the six units and
        /// the zero, separated by U+001E; a unit's `other` pattern, then
        /// each keyword whose pattern differs and that pattern, separated
        /// by U+001F.
        package static func encoded(_ entry: Entry) -> String {
            var fields: [String] = []
            for unit in entry.patterns {
                let other = unit["other"] ?? ""
                var field = other
                for (keyword, pattern) in unit.sorted(by: { $0.key < $1.key }) where pattern != other {
                    field += "\u{1F}\(keyword)\u{1F}\(pattern)"
                }
                fields.append(field)
            }
            fields.append(entry.zero)
            return fields.joined(separator: "\u{1E}")
        }

        /// Generated/ByteUnitsData.swift.
        package static func source() -> String {
            var ids: [String: Int] = [:]
            var tables: [String] = []
            var namesOf: [[String]] = []
            for name in names {
                let entry: Entry
                switch self.entry(name) {
                case .success(let found): entry = found
                case .failure(let error): fatalError(error.message)
                }
                let text = encoded(entry)
                let id = ids[text] ?? tables.count
                if id == tables.count {
                    ids[text] = id
                    tables.append(text)
                    namesOf.append([])
                }
                namesOf[id].append(name)
            }
            var out = """
                // The byte units of every locale --list-locales lists (and the short
                // forms and ICU-only languages the tools take, and root), as ICU
                // writes them for Foundation's ByteCountFormatStyle: per unit (bytes
                // in full, kB, MB, GB, TB, PB in short) its `other` pattern, then each
                // plural keyword whose pattern differs and that pattern (U+001F
                // between), the units and then the spelled-out zero (`Zero`, or
                // nothing where zero is the digit) separated by U+001E. Each distinct
                // table once, decoded the first time a locale is asked for (ByteUnits).

                enum ByteUnitsData {
                    /// The table of a generated locale name, or nil.
                    static func index(_ name: String) -> Int? {
                        switch name {

                """
            for (id, names) in namesOf.enumerated() {
                var line = "        case "
                var cases: [String] = []
                for name in names {
                    let item = "\"\(name)\""
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
                    static func table(_ id: Int) -> String {
                        switch id {

                """
            for (id, text) in tables.enumerated() {
                out += "        case \(id): \"\(LocaleOracle.escaped(text, asciiOnly: false))\"\n"
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

    /// Why the oracle has no answer.
    package struct OracleError: Error, Sendable {
        package let message: String
        init(_ message: String) { self.message = message }
    }
#endif
