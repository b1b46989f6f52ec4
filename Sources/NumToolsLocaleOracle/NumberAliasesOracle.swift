// Which listed locale's number data a name the tools take but ICU does not
// list reads (issue 46): what Generated/NumberAliasesData.swift holds and
// ExponentSymbolsDataTests compares it with.
#if canImport(_FoundationICU)
    import NumToolsCore
    import _FoundationICU

    /// The locale ICU's data of a name comes from, resolved through ICU's
    /// aliases (`pa_PK` is `pa_Arab_PK`, `ars` is `ar_SA`).
    package enum NumberAliasesOracle {
        /// The names the tools take that the number symbols have no entry of
        /// (short forms, languages ICU only inherits), sorted.
        package static var names: [String] {
            CompactUnitsOracle.names.filter {
                !LocaleSupport.availableIdentifiers.contains($0) && $0 != LocaleSupport.machineIdentifier
            }
        }

        /// The locale of the resource bundle ICU opens for `name`
        /// (`ures_open`, its actual locale), or nil.
        package static func actual(_ name: String) -> String? {
            var status = U_ZERO_ERROR
            guard let bundle = swift_ures_open(nil, name, &status), status.rawValue <= 0 else { return nil }
            defer { swift_ures_close(bundle) }
            guard let locale = swift_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &status), status.rawValue <= 0
            else { return nil }
            return String(cString: locale)
        }

        /// Generated/NumberAliasesData.swift.
        package static func source() -> String {
            var out = """
                // The listed locale whose number data each name the tools take but ICU
                // does not list reads: the actual locale of the resource bundle ICU
                // opens for it (`ures_open`), through ICU's aliases (`pa_PK` is
                // `pa_Arab_PK`, `ars` is `ar_SA`).

                enum NumberAliasesData {
                    /// The listed locale of name `name`, or nil.
                    static func listed(_ name: String) -> String? {
                        switch name {

                """
            for name in names {
                guard let actual = actual(name), actual != name else { continue }
                out += "        case \"\(name)\": \"\(actual)\"\n"
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
