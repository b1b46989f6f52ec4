/// The five output formats of phonefmt.
public enum PhoneNumberFormat: String, CaseIterable, Hashable, Sendable {
    /// As dialled inside the country: `010-1234-5678`.
    case national
    /// `+82 10-1234-5678`.
    case international
    /// `+821012345678`.
    case e164
    /// `tel:+82-10-1234-5678`.
    case rfc3966
    /// The national format's digits only: `01012345678`.
    case digits
}
