/// libphonenumber's `MatchType`, in kebab case: how alike two parsed
/// numbers are (`is_number_match`), for phonefmt `--match`.
public enum PhoneMatch: String, CaseIterable, Sendable {
    /// The same country code, national number and extension.
    case exact
    /// The same national number and extension, one without a country code
    /// (never between two parsed numbers, which both have one).
    case nsn
    /// One national number ends the other (without their leading zeros),
    /// under the same country code, and the extensions do not differ.
    case shortNsn = "short-nsn"
    /// Anything else, or two extensions that differ.
    case none

    /// `is_number_match(a, b)` on two parsed numbers.
    static func of(_ a: PhoneNumber, _ b: PhoneNumber) -> PhoneMatch {
        if !a.extensionDigits.isEmpty && !b.extensionDigits.isEmpty && a.extensionDigits != b.extensionDigits {
            return .none
        }
        if a.countryCode == b.countryCode && a.nsn == b.nsn && a.extensionDigits == b.extensionDigits { return .exact }
        guard a.countryCode == b.countryCode else { return .none }
        // `_is_national_number_suffix_of_other`: the national numbers as integers.
        let x = a.nsn.drop { $0 == 0 }.orZero
        let y = b.nsn.drop { $0 == 0 }.orZero
        return x.ends(with: y) || y.ends(with: x) ? .shortNsn : .none
    }
}

extension ArraySlice<UInt8> {
    /// The digits, or a zero when there are none (`str(0)`).
    fileprivate var orZero: [UInt8] { isEmpty ? [0] : Array(self) }
}

extension Collection where Element: Equatable {
    /// Whether the last elements are `suffix`'s.
    fileprivate func ends<S: Collection<Element>>(with suffix: S) -> Bool {
        count >= suffix.count && zip(self.dropFirst(count - suffix.count), suffix).allSatisfy { $0 == $1 }
    }
}
