// The English names of the regions phonefmt lists (`--list-regions`), as the
// toolchain's ICU gives them (issue 46): what Generated/RegionNamesData.swift
// holds and RegionNamesDataTests compares it with.
#if canImport(_FoundationICU)
    import NumToolsCore
    import _FoundationICU

    /// The English name of each region of the phone metadata.
    package enum RegionNamesOracle {
        /// The regions: those of the phone metadata, sorted.
        package static var regions: [String] { PhoneMetadata.regionCodes }

        /// ICU's English name of region `code`, as Foundation's
        /// `localizedString(forRegionCode:)` asks for it
        /// (`uloc_getDisplayCountry` of `en_CODE` in `en`), or nil where
        /// ICU has none of its own (`U_USING_DEFAULT_WARNING`).
        package static func name(_ code: String) -> String? {
            var buffer = [UInt16](repeating: 0, count: 256)
            var status = U_ZERO_ERROR
            let n = swift_uloc_getDisplayCountry("en_" + code, "en", &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= 0, status != U_USING_DEFAULT_WARNING, n > 0, Int(n) <= buffer.count else {
                return nil
            }
            return String(decoding: buffer[..<Int(n)], as: UTF16.self)
        }

        /// Generated/RegionNamesData.swift.
        package static func source() -> String {
            var out = """
                // The English name of every region phonefmt lists (the regions of
                // the phone metadata), as ICU gives it (`uloc_getDisplayCountry` of
                // `en_CODE` in `en`, what Foundation's localizedString(forRegionCode:)
                // asks); a region ICU names none of is left out.

                enum RegionNamesData {
                    /// The English name of region `code`, or nil.
                    static func englishName(_ code: String) -> String? {
                        switch code {

                """
            for code in regions {
                guard let name = name(code) else { continue }
                out += "        case \"\(code)\": \"\(LocaleOracle.escaped(name, asciiOnly: false))\"\n"
            }
            out += """
                        default: nil
                        }
                    }
                }

                """
            return out
        }
    }
#endif
