/// A locale, as the tools and the library name one: its identifier (ICU's
/// form or any form ``LocaleNames/canonical(_:)`` reads: `de_DE`,
/// `th-TH-u-nu-thai`, `sr_Latn`, `root`), carried as given and resolved
/// against the generated locale data where it is used.
///
/// The core imports no Foundation (issue 46), and Foundation's `Locale`
/// would not do: in a process that links FoundationEssentials without
/// FoundationInternationalization, `Locale(identifier: "de_DE")` finds no
/// ICU behind it and reads as `en_001`. An app that holds a Foundation
/// `Locale` passes `LocaleID(identifier: locale.identifier)`.
public struct LocaleID: Hashable, Sendable, CustomStringConvertible {
    /// The name as given.
    public let identifier: String

    /// The locale named `identifier` (nothing is checked here: the tools'
    /// locale options check names against the generated list,
    /// ``LocaleSupport``; a name with no data reads as en_US_POSIX's data,
    /// as ICU does).
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The language subtag of the name in ICU's canonical form (`de` of
    /// `de_DE`, `he` of `iw_IL`, `root`), or empty.
    public var languageCode: String { LocaleSubtags(identifier).language }

    public var description: String { identifier }
}
