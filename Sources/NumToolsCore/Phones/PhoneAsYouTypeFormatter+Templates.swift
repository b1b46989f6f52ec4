// What PhoneAsYouTypeFormatter derives from the metadata once, not per
// character typed: each format's template and whether it may be used while
// typing (PhoneFormatRule.TypingInfo holds them, made as the metadata is
// loaded), and the length past which a formatter that gave up stays given up.

extension PhoneAsYouTypeFormatter {
    /// A digit's place in a template (libphonenumber's `DIGIT_PLACEHOLDER`).
    static let placeholder: Unicode.Scalar = "\u{2008}"

    /// The digits typed (counting a leading `+`) past which a formatter that
    /// has given up (`ableToFormat` false) shows what was typed whatever
    /// follows, so that typing may stop running the steps; nil if the
    /// metadata bounds no such length (it does: every pattern it has is finite).
    ///
    /// Why: the national number is what was typed less an international
    /// prefix (at most `idd` digits, or the `+`), a country code (at most 3)
    /// and a national prefix (at most `strip`: the metadata's longest, or
    /// NANPA's `1`), whatever the steps re-extract. Past this many digits it
    /// is longer than any format's pattern can match and than any template
    /// (15 digits), so no format applies, no template is made, the formatter
    /// gives up again in the same step and shows what was typed.
    static let givenUpDigits: Int? = {
        var idd = 1
        var strip = 1
        var format = 15
        func bound(_ field: Substring, _ most: inout Int) -> Bool {
            guard field != "@", !field.isEmpty else { return true }
            guard let n = PhonePattern.maxMatchLength(String(field)) else { return false }
            most = max(most, n)
            return true
        }
        // Every region's and entity's records (decoded here, once, as text).
        let records =
            PhoneMetadataStore.regionCodes.compactMap { phoneMetadataRecords(region: $0) }
            + PhoneMetadataStore.nonGeographicCountryCodes.compactMap { phoneMetadataRecords(nonGeographic: $0) }
        for record in records {
            let text = String(
                decoding: UnsafeBufferPointer(start: record.utf8Start, count: record.utf8CodeUnitCount), as: UTF8.self)
            for line in text.split(separator: "\n") {
                let f = line.split(separator: ";", omittingEmptySubsequences: false)
                switch f[0] {
                case "R":
                    guard bound(f[3], &idd), bound(f[5], &strip) else { return nil }
                case "N", "I":
                    guard bound(f[1], &format) else { return nil }
                default:
                    break
                }
            }
        }
        return format + idd + 3 + strip
    }()

    /// Whether a national prefix formatting rule puts a separator (`-` or a
    /// space) after the prefix.
    static func hasSeparator(_ rule: String?) -> Bool {
        guard let rule else { return false }
        return rule.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }
    }

    /// `_formatting_rule_has_first_group_only`: no rule, or `$1` alone
    /// (perhaps in parentheses).
    static func hasFirstGroupOnly(_ rule: String?) -> Bool {
        guard let rule else { return true }
        return ["$1", "($1)", "($1", "$1)"].contains(rule)
    }

    /// `_ELIGIBLE_FORMAT_PATTERN`: groups `$1`, `$2`, ... with only punctuation between.
    static func isEligibleFormat(_ format: [UInt8]) -> Bool {
        var i = 0
        func skipPunctuation() {
            while i < format.count, PhoneNumberFormatter.isSeparator(format[i]) { i += 1 }
        }
        skipPunctuation()
        guard i + 1 < format.count, format[i] == UInt8(ascii: "$"), format[i + 1] == UInt8(ascii: "1") else {
            return false
        }
        i += 2
        while true {
            skipPunctuation()
            if i == format.count { return true }
            guard i + 1 < format.count, format[i] == UInt8(ascii: "$"), format[i + 1] >= 0x30, format[i + 1] <= 0x39
            else { return false }
            i += 2
        }
    }

    /// The format applied to the longest number the pattern takes (15 nines,
    /// as libphonenumber), its digits turned into placeholders, and how many
    /// digits it holds; empty when the pattern takes no run of nines.
    static func template(for pattern: PhonePattern, format: [UInt8]) -> ([Unicode.Scalar], Int) {
        let nines = [UInt8](repeating: 9, count: 15)
        guard let m = pattern.search(nines) else { return ([], 0) }
        let aPhoneNumber = Array(nines[m.start..<m.end])
        let template = pattern.substitute(aPhoneNumber, template: format)
        return (template.map { $0 == UInt8(ascii: "9") ? placeholder : Unicode.Scalar($0) }, aPhoneNumber.count)
    }
}
