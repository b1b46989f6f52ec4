// The display width of every code point (`--width`), from the toolchain's
// ICU character properties (issue 46): what Generated/DisplayWidthData.swift
// holds and DisplayWidthDataTests compares it with.
#if canImport(_FoundationICU)
    import _FoundationICU

    /// The rules (those of wcwidth(3) as glibc and terminals apply them):
    ///
    /// - width 0: combining marks (general category Mn, Me), format
    ///   characters (Cf: the bidi marks U+200E, U+200F, U+061C,
    ///   U+2066..U+2069, ZWJ, ZWNJ, U+FEFF, U+200B), control characters
    ///   (Cc), and the Hangul Jamo vowels and final consonants
    ///   (U+1160..U+11FF, U+D7B0..U+D7FF), which a terminal draws into the
    ///   syllable of the consonant before them; but U+00AD SOFT HYPHEN and
    ///   the prepended concatenation marks (U+0600..U+0605 and the like),
    ///   which are drawn, stay 1;
    /// - width 2: East Asian Wide and Fullwidth (EastAsianWidth W, F): CJK,
    ///   kana, Hangul syllables and leading consonants, fullwidth forms,
    ///   emoji with emoji presentation; and the unassigned code points that
    ///   EastAsianWidth.txt defaults to W (CJK ideograph blocks, planes 2
    ///   and 3), as ICU gives them;
    /// - width 1: everything else (U+20A9 WON SIGN is narrow: EastAsianWidth H).
    ///
    /// A mark that is also wide (U+302A..U+302D, U+3099) counts 0: combining
    /// wins. Surrogates (no UTF-8 holds one) count 1.
    package enum DisplayWidthOracle {
        /// The width of `cp`: 0, 1 or 2.
        package static func width(_ cp: UInt32) -> Int {
            if (0xD800...0xDFFF).contains(cp) { return 1 }
            let c = Int32(bitPattern: cp)
            if cp == 0xAD || swift_u_hasBinaryProperty(c, UCHAR_PREPENDED_CONCATENATION_MARK) != 0 { return 1 }
            let category = Int32(swift_u_charType(c))
            let zero = [U_NON_SPACING_MARK, U_ENCLOSING_MARK, U_FORMAT_CHAR, U_CONTROL_CHAR].map { Int32($0.rawValue) }
            if zero.contains(category) || (0x1160...0x11FF).contains(cp) || (0xD7B0...0xD7FF).contains(cp) {
                return 0
            }
            let eaw = swift_u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)
            return eaw == Int32(U_EA_WIDE.rawValue) || eaw == Int32(U_EA_FULLWIDTH.rawValue) ? 2 : 1
        }

        /// The code points whose width is not 1, as sorted, disjoint,
        /// inclusive ranges, adjacent ranges of one width merged.
        package static var ranges: [(lo: UInt32, hi: UInt32, width: Int)] {
            var out: [(lo: UInt32, hi: UInt32, width: Int)] = []
            for cp in UInt32(0)...0x10FFFF {
                let w = width(cp)
                if w == 1 { continue }
                if let last = out.last, last.hi == cp - 1, last.width == w {
                    out[out.count - 1].hi = cp
                } else {
                    out.append((cp, cp, w))
                }
            }
            return out
        }

        /// The ranges packed as ``displayWidthRanges`` holds them: the first
        /// code point in bits 32...52, the last in bits 1...21, bit 0 set for 2.
        package static var packed: [UInt64] {
            ranges.map { UInt64($0.lo) << 32 | UInt64($0.hi) << 1 | ($0.width == 2 ? 1 : 0) }
        }

        /// Generated/DisplayWidthData.swift.
        package static func source(unicodeVersion: String) -> String {
            let table = ranges
            // Everything below U+0300 but the controls is 1: the code's fast
            // path relies on it (checked here, so that a new table cannot break it).
            for r in table where r.lo < 0x300 {
                precondition(r.width == 0 && (r.hi <= 0x1F || (0x7F <= r.lo && r.hi <= 0x9F)), "U+\(r.lo) below U+0300")
            }
            var out = """
                // The code points whose display width is not 1 (the rules: DisplayWidthOracle
                // in Sources/NumToolsLocaleOracle/DisplayWidthOracle.swift).

                /// The Unicode version of ``displayWidthRanges``.
                let displayWidthUnicodeVersion = "\(unicodeVersion)"

                /// The code points whose display width is not 1, as sorted, disjoint,
                /// inclusive ranges: each packs its first code point in bits 32...52, its
                /// last in bits 1...21 and its width, 0 or 2, as bit 0 (1 for 2).
                let displayWidthRanges: [UInt64] = [  // \(table.count) ranges

                """
            var row: [String] = []
            for p in packed {
                row.append("0x" + String(p, radix: 16, uppercase: true))
                if row.count == 6 {
                    out += "    " + row.joined(separator: ", ") + ",\n"
                    row = []
                }
            }
            if !row.isEmpty { out += "    " + row.joined(separator: ", ") + ",\n" }
            out += "]\n"
            return out
        }
    }
#endif
