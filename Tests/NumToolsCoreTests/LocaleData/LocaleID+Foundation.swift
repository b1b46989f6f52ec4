import Foundation
import NumToolsCore

extension LocaleID {
    /// Foundation's locale of the same name, for the oracles (FormatStyle,
    /// `Locale.language`): the test targets link Foundation whole, with its
    /// ICU, where the tools and the library do not.
    var foundation: Locale { Locale(identifier: identifier) }
}
