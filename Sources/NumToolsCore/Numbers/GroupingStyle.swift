/// The notation numgroup writes: separator, decimal point and group sizes.
public struct GroupingStyle: Sendable, Hashable {
    /// UTF-8 of the grouping separator written (default `,`).
    public var separator: [UInt8]
    /// UTF-8 of the decimal point, read and written (default `.`).
    public var decimal: [UInt8]
    /// Group sizes and minimum grouping digits.
    public var grouping: Grouping
    /// The locale the style came from, if any; messages name its grouping.
    public var localeIdentifier: String?
    /// UTF-8 of the signs read before the digits, bidi marks aside: ASCII
    /// `-` and `+`, U+2212 and the locale's own minus and plus signs (see
    /// ``SignForms``). A value's sign is written back as it was given.
    public var signs: [[UInt8]] = SignForms.common

    /// How messages name the grouping: `en_US grouping`, `3-digit grouping`.
    public var name: String {
        if let localeIdentifier { return "\(localeIdentifier) grouping" }
        return grouping.secondary == grouping.primary
            ? "\(grouping.primary)-digit grouping" : "\(grouping.primary),\(grouping.secondary) grouping"
    }

    /// Explicit separator, decimal point and group sizes.
    public init(separator: String = ",", decimal: String = ".", grouping: Grouping = Grouping(primary: 3)) {
        self.separator = Array(separator.utf8)
        self.decimal = Array(decimal.utf8)
        self.grouping = grouping
    }

    /// The separator, decimal point and grouping of a locale, as FormatStyle applies them.
    public init(locale: LocaleID, identifier: String? = nil) {
        // numgroup writes ASCII digits, so it takes the symbols the locale
        // uses with Latin digits: Arabic-script locales, for one, write
        // `1,234.5` with them but `١٬٢٣٤٫٥` with their native digits.
        let format = LocaleNumberFormat(locale: Self.latinDigits(locale))
        separator = format.groupingSeparator
        decimal = format.decimalSeparator
        grouping = Grouping(
            primary: format.primaryGroupSize, secondary: format.secondaryGroupSize,
            minimumDigits: format.minimumGroupingDigits)
        localeIdentifier = identifier ?? locale.identifier
        signs = SignForms.of(format)
    }

    /// The locale with the Latin numbering system. (Editing the identifier
    /// keeps variants such as POSIX, which `Locale.Components` loses.)
    static func latinDigits(_ locale: LocaleID) -> LocaleID {
        let icu = LocaleNames.canonical(locale.identifier)
        let parts = icu.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        var keywords = parts.count > 1 ? parts[1].split(separator: ";").map(String.init) : []
        keywords.removeAll { $0.lowercased().hasPrefix("numbers=") }
        keywords.append("numbers=latn")
        return LocaleID(identifier: parts[0] + "@" + keywords.joined(separator: ";"))
    }

    /// Returns a copy that groups only integer parts of at least `digits` digits.
    public func minimumIntegerDigits(_ digits: Int) -> GroupingStyle {
        var copy = self
        copy.grouping.minimumDigits = max(1, digits - grouping.primary)
        return copy
    }
}

/// Separators that stand for one another when read: the three spaces of
/// CLDR grouping (U+0020, U+00A0, U+202F), and the two apostrophes (U+2019, U+0027).
enum SeparatorVariants {
    static let spaces: [[UInt8]] = [[0x20], [0xC2, 0xA0], [0xE2, 0x80, 0xAF]]
    static let apostrophes: [[UInt8]] = [[0xE2, 0x80, 0x99], [0x27]]

    /// Every spelling accepted on input for `separator`.
    static func accepted(for separator: [UInt8]) -> [[UInt8]] {
        if separator.isEmpty { return [] }
        if spaces.contains(separator) { return spaces }
        if apostrophes.contains(separator) { return apostrophes }
        return [separator]
    }
}

/// The signs a number may lead with, as numconv reads them
/// (``LocaleNumberParser``): ASCII `-` and `+`, U+2212, and the minus and
/// plus signs FormatStyle writes for a locale, less their bidi marks
/// (U+200E, U+200F, U+061C), which may stand on either side of a sign.
public enum SignForms {
    /// `-`, `+` and U+2212 MINUS SIGN, read in every notation.
    public static let common: [[UInt8]] = [[0x2D], [0x2B], [0xE2, 0x88, 0x92]]
    /// The bidi marks FormatStyle writes around signs.
    public static let bidiMarks: [[UInt8]] = LocaleNumberParser.bidiMarks

    /// The common signs and `format`'s own.
    static func of(_ format: LocaleNumberFormat) -> [[UInt8]] {
        var signs = common
        for affix in [format.negativePrefix, format.plusPrefix] {
            let text = LocaleNumberParser.strip(affix, bidiMarks + SeparatorVariants.spaces)
            // A sign, not text around one: no digit in it.
            guard !text.isEmpty, text.count <= 8, !text.contains(where: { $0 &- 48 < 10 }), !signs.contains(text)
            else { continue }
            signs.append(text)
        }
        return signs
    }
}

/// Length of `pattern` matched at `i`, or 0.
@inline(__always)
func match(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ pattern: [UInt8]) -> Int {
    guard !pattern.isEmpty, i + pattern.count <= p.count else { return 0 }
    for k in 0..<pattern.count where p[i + k] != pattern[k] { return 0 }
    return pattern.count
}
