extension DigitGrouper {
    // MARK: A machine number read in a locale's notation

    /// The `misplaced-grouping` error of the grouping separator at `k` of
    /// `value`. When the style is a locale's (`-l`) whose grouping separator
    /// is `.` and whose decimal point is not, and `value` is a machine number
    /// (``isMachineNumber(_:pointAt:)``: `5840.4` under `-l de_DE`), the
    /// message also says that `-l` sets how input is read and names
    /// `numconv --from C --to LOCALE`, which converts such numbers.
    func misplacedGroupingError(_ value: UnsafeBufferPointer<UInt8>, at k: Int) -> ValueError {
        let offset = UTF8Bytes.scalarOffset(value, k)
        var text: ErrorText
        if let locale = style.localeIdentifier, isMachineNumber(value, pointAt: k) {
            text = ErrorText(
                template: """
                    grouping separator at offset \u{2} does not fit \u{4} grouping; -l sets how input is read too: \
                    for a machine number, use numconv --from C --to \u{4}
                    """, offset)
            text.name(locale)
        } else {
            text = ErrorText(template: "grouping separator at offset \u{2} does not fit \u{4}", offset)
            text.name(style.name)
        }
        return ValueError(.number(.misplacedGrouping), text)
    }

    /// The `invalid-character` error of the `.` at `i` of `value` when the
    /// style is a locale's (`-l`) that reads `.` as neither grouping
    /// separator nor decimal point and `value` is a machine number
    /// (`5840.4` under `-l fr_FR`), with the words of
    /// ``misplacedGroupingError(_:at:)``; nil otherwise.
    func machineNumberCharacterError(_ value: UnsafeBufferPointer<UInt8>, at i: Int) -> ValueError? {
        guard let locale = style.localeIdentifier, isMachineNumber(value, pointAt: i) else { return nil }
        var text = ErrorText(
            template: """
                \u{1} at offset \u{2} is not a digit, grouping separator or decimal point of \u{4}; -l sets how \
                input is read too: for a machine number, use numconv --from C --to \u{4}
                """, UTF8Bytes.scalarOffset(value, i))
        text.quote(value, at: i)
        text.name(locale)
        return ValueError(.number(.invalidCharacter), text)
    }

    /// Whether `value` is a machine number (C notation: an optional sign,
    /// digits, `.`, digits) whose point is the `.` at `k`, for a style whose
    /// decimal point is not `.`.
    func isMachineNumber(_ value: UnsafeBufferPointer<UInt8>, pointAt k: Int) -> Bool {
        let dot = UInt8(ascii: ".")
        guard style.decimal != [dot], k < value.count, value[k] == dot, let p = value.baseAddress else { return false }
        let start = p[0] == UInt8(ascii: "+") || p[0] == UInt8(ascii: "-") ? 1 : 0
        return k > start && UTF8Bytes.digitsEnd(p, start, k) == k && k + 1 < value.count
            && UTF8Bytes.digitsEnd(p, k + 1, value.count) == value.count
    }
}
