import NumToolsCLI
import NumToolsCore

/// `--group`'s sizes: `N`, or `N,M` for the groups after the first.
struct GroupSizes: Sendable {
    var primary: Int
    var secondary: Int

    init(_ text: String) throws(UsageError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil && (1...64).contains($0!) }) else {
            throw UsageError("invalid value '\(text)' for --group: expected N or N,M with sizes from 1 to 64")
        }
        primary = parts[0]!
        secondary = parts.count > 1 ? parts[1]! : parts[0]!
    }
}

extension GroupingStyle {
    /// numgroup's notation: `base` (a locale's, or the default) with the
    /// separator, decimal point and group sizes the options give in place of
    /// its own. The grouping's name goes with its sizes: the style starts
    /// unnamed, and takes the locale's name only with the locale's sizes,
    /// so messages never name a locale's grouping for sizes `--group` gave.
    init(_ base: GroupingStyle, separator: String?, decimal: String?, sizes: GroupSizes?) {
        let given = sizes.map {
            Grouping(primary: $0.primary, secondary: $0.secondary, minimumDigits: base.grouping.minimumDigits)
        }
        self.init(grouping: given ?? base.grouping)
        self.separator = separator.map { Array($0.utf8) } ?? base.separator
        self.decimal = decimal.map { Array($0.utf8) } ?? base.decimal
        if given == nil { localeIdentifier = base.localeIdentifier }
        signs = base.signs
    }

    /// A usage error when the separator and the decimal point cannot be told
    /// apart from each other or from a number's digits and signs.
    func checkSymbols() throws(UsageError) {
        if separator == decimal {
            throw UsageError(
                "the grouping separator and the decimal point are both '\(String(decoding: decimal, as: UTF8.self))'")
        }
        func isDigitOrSign(_ symbol: [UInt8]) -> Bool {
            symbol.first.map { $0 &- 48 < 10 } == true
                || (signs + SignForms.bidiMarks).contains { symbol.starts(with: $0) }
        }
        if isDigitOrSign(decimal) || isDigitOrSign(separator) {
            throw UsageError("the grouping separator and decimal point cannot be digits or signs")
        }
    }
}
