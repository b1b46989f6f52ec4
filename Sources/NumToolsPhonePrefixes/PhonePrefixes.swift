import NumToolsCore

/// libphonenumber's geocoder, carrier and time zone prefix data
/// (`Generated/PhonePrefixData.swift`, about 5 MB, written by
/// `scripts/gen_phone_prefix_data.py`) and the mappers that read it: the
/// `timezone`, `carrier` and `location` fields of ``PhoneTransform``. A
/// library of its own, so that a program that only formats numbers with
/// NumToolsCore does not carry the data; phonefmt links it.
public enum PhonePrefixes {
    /// Lets ``PhoneTransform`` write the `timezone`, `carrier` and
    /// `location` fields (without it, a transform asked for them is nil).
    /// Decodes nothing: each table is decoded the first time a transform
    /// that needs it is made.
    public static func install() {
        PhoneFactsSources.install { fields, language in PhoneFacts(fields: fields, language: language) }
    }
}

extension PhoneLanguage {
    /// The languages the carrier and location data hold (geocoder, carrier
    /// and country names), sorted: what `--lang` completes with. Decodes the
    /// data (about 40 ms): for a completion script, never for a record.
    public static var available: [String] {
        Set(PhonePrefixData.geocoder.languages + PhonePrefixData.carrier.languages).filter { !$0.isEmpty }.sorted()
    }
}
