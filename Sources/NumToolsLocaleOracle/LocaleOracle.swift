// The development-time side of the locale data (issue 46): what the
// toolchain's ICU says, asked live. Nothing here is linked into a tool:
// `numtools-datagen` writes it into Sources/NumToolsCore/Generated/, and the
// tests compare every generated table with it, so that a toolchain upgrade
// shows at once what changed (then rerun scripts/gen_locale_data.sh).
//
// Only where the toolchain carries its ICU as `_FoundationICU` (Linux);
// elsewhere this module is empty and the generator says so.
#if canImport(_FoundationICU)
    import NumToolsCore
    import _FoundationICU

    /// The ICU the oracle asks, and the CLDR and Unicode versions it carries.
    public enum LocaleOracle {
        /// ICU's version (`76.1`).
        public static var icuVersion: String { version(swift_u_getVersion) }

        /// Every name a table of locale data is generated for: the locales
        /// `--list-locales` lists, `root`, and the other names a locale option
        /// takes (the short, long and inherited forms, `zh_CN`, `en_Latn_US`,
        /// `ht`), which ICU resolves each kind of data for in its own way
        /// (`ff_GH` has root's number symbols but ff's currency names): each
        /// name's data is asked of ICU under that name, and deduplicated.
        public static var dataNames: [String] {
            let inherited = LocaleIndexOracle.inheritedLanguages()
            let names =
                LocaleIndexOracle.identifiers + ["root"] + LocaleIndexOracle.shortForms
                + LocaleIndexOracle.longForms + LocaleIndexOracle.inheritedForms(inherited) + inherited
            return Array(Set(names)).sorted()
        }

        /// The CLDR version of ICU's locale data (`46.0`).
        public static var cldrVersion: String {
            version { v in
                var status = U_ZERO_ERROR
                swift_ulocdata_getCLDRVersion(v, &status)
            }
        }

        /// The Unicode version of ICU's character properties (`16.0`).
        public static var unicodeVersion: String { version(swift_u_getUnicodeVersion) }

        /// `text` as the inside of a Swift string literal, for the generated
        /// sources: `\` and `"` escaped; with `asciiOnly` every scalar outside
        /// printable ASCII as `\u{…}`, else only controls, format characters,
        /// separators but the space, and unassigned, private-use and surrogate
        /// code points (`\n` and `\t` as such).
        public static func escaped(_ text: String, asciiOnly: Bool) -> String {
            var out = ""
            for s in text.unicodeScalars {
                switch s {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case " "..."~": out.unicodeScalars.append(s)
                case "\n" where !asciiOnly: out += "\\n"
                case "\t" where !asciiOnly: out += "\\t"
                default:
                    switch s.properties.generalCategory {
                    case _ where asciiOnly, .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
                        .unassigned, .privateUse, .surrogate:
                        out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
                    default: out.unicodeScalars.append(s)
                    }
                }
            }
            return out
        }

        /// A version array as ICU writes it (`46.0`; trailing zeros after the
        /// second part dropped).
        private static func version(_ get: (UnsafeMutablePointer<UInt8>) -> Void) -> String {
            var parts = [UInt8](repeating: 0, count: 4)
            parts.withUnsafeMutableBufferPointer { get($0.baseAddress!) }
            while parts.count > 2 && parts.last == 0 { parts.removeLast() }
            return parts.map(String.init).joined(separator: ".")
        }
    }
#endif
