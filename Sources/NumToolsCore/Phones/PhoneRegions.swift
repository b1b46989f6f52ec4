/// The regions phonefmt's `--region` takes, for `--list-regions`.
public enum PhoneRegions {
    /// One row of `--list-regions`.
    public struct Row: Hashable, Sendable {
        /// Region code: `KR`.
        public let code: String
        /// Country calling code: 82.
        public let countryCode: Int
        /// English name: `South Korea` (ICU's, generated: Generated/RegionNamesData.swift).
        public let name: String
        /// The metadata's example number in international format: `+82 2-212-3456`.
        public let example: String
    }

    /// Every region of the metadata, sorted by code.
    public static var rows: [Row] {
        PhoneMetadata.regionCodes.map { code in
            let parser = PhoneNumberParser(region: code)!
            let meta = parser.meta
            var example = ""
            let kinds: [PhoneNumberType] = [.fixedLine, .mobile] + PhoneNumberType.allCases
            for t in kinds {
                guard let nsn = PhoneMetadata.exampleNumber(region: code, type: t),
                    let n = try? parser.parse("+\(meta.countryCode)\(nsn)")
                else { continue }
                example = PhoneNumberFormatter(format: .international).string(for: n)
                break
            }
            let name = RegionNamesData.englishName(code) ?? code
            return Row(code: code, countryCode: meta.countryCode, name: name, example: example)
        }
    }

    /// `--list-regions`: `CC <TAB> COUNTRY CODE <TAB> ENGLISH NAME <TAB> EXAMPLE NUMBER`, one a line.
    public static var list: String {
        rows.map { "\($0.code)\t\($0.countryCode)\t\($0.name)\t\($0.example)\n" }.joined()
    }
}
