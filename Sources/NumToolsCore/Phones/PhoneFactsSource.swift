import Synchronization

/// What libphonenumber's offline mappers say about a parsed number: its
/// time zones, carrier and location (the `timezone`, `carrier` and
/// `location` fields). Their data, about 5 MB of prefix tables, is not in
/// NumToolsCore but in the library NumToolsPhonePrefixes, so that a program
/// that formats numbers does not carry it; that library provides the
/// mappers (``PhoneFactsSources/install(_:)``, called by its
/// `PhonePrefixes.install()`).
package protocol PhoneFactsSource: Sendable {
    /// `time_zones_for_number`: IANA zones, comma-separated.
    func appendTimeZones<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output)
    /// `carrier.name_for_number`.
    func appendCarrier<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output)
    /// `geocoder.description_for_number`.
    func appendLocation<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output)
}

/// Where ``PhoneTransform`` gets its time zone, carrier and location
/// mappers: the maker NumToolsPhonePrefixes installs; none until it does.
package enum PhoneFactsSources {
    /// Makes the mappers of `fields` in `language` (only the data the fields
    /// need is decoded).
    package typealias Maker = @Sendable (_ fields: [PhoneField], _ language: PhoneLanguage) -> any PhoneFactsSource

    private static let installed = Mutex<Maker?>(nil)

    /// Installs `maker` (again: the last one stays).
    package static func install(_ maker: @escaping Maker) {
        installed.withLock { $0 = maker }
    }

    /// The mappers of `fields`, nil when no maker is installed.
    static func make(fields: [PhoneField], language: PhoneLanguage) -> (any PhoneFactsSource)? {
        installed.withLock { $0 }?(fields, language)
    }
}
