/// A phone number that parsed, as libphonenumber's `PhoneNumber` holds it.
public struct PhoneNumber: Hashable, Sendable {
    /// The country calling code (82 for Korea).
    public let countryCode: Int
    /// The national significant number as decimal digit values 0...9,
    /// leading zeros included (libphonenumber's
    /// `national_significant_number`).
    let nsn: [UInt8]
    /// The region the number belongs to (`region_code_for_number`): `KR`,
    /// `CA` for a valid Canadian `+1` number, `001` for non-geographic
    /// entities; nil when no region's plan takes it.
    public let regionCode: String?
    /// The number's type per the plan of ``regionCode``; ``PhoneNumberType/unknown``
    /// when the number is not valid.
    public let type: PhoneNumberType

    /// The national significant number in ASCII digits (`1012345678`):
    /// no national prefix, leading zeros kept (Italy's `06...`).
    public var nationalNumber: String {
        String(decoding: nsn.map { $0 &+ 0x30 }, as: UTF8.self)
    }

    /// Whether the national significant number starts with a zero that is
    /// part of the number (libphonenumber's `italian_leading_zero`).
    public var italianLeadingZero: Bool { nsn.count > 1 && nsn[0] == 0 }

    /// How many leading zeros the national significant number has (at least
    /// 1 when ``italianLeadingZero``; the last digit never counts).
    public var numberOfLeadingZeros: Int {
        guard italianLeadingZero else { return 0 }
        var n = 1
        while n < nsn.count - 1 && nsn[n] == 0 { n += 1 }
        return n
    }

    /// Whether the number matches its plan (libphonenumber's `is_valid_number`).
    public var isValid: Bool { type != .unknown }
}

/// A number's type, libphonenumber's `PhoneNumberType`; the raw value is the
/// kebab-case name `--type` takes.
public enum PhoneNumberType: String, CaseIterable, Hashable, Sendable {
    case fixedLine = "fixed-line"
    case mobile = "mobile"
    /// Fixed line and mobile numbers look alike in the plan (the US, ...).
    case fixedLineOrMobile = "fixed-line-or-mobile"
    case tollFree = "toll-free"
    case premiumRate = "premium-rate"
    case sharedCost = "shared-cost"
    case voip = "voip"
    case personalNumber = "personal-number"
    case pager = "pager"
    /// Universal access number (Korea's `1588-1234`).
    case uan = "uan"
    case voicemail = "voicemail"
    /// Not a valid number.
    case unknown = "unknown"

    var descKind: PhoneDescKind? {
        switch self {
        case .fixedLine, .fixedLineOrMobile: .fixedLine
        case .mobile: .mobile
        case .tollFree: .tollFree
        case .premiumRate: .premiumRate
        case .sharedCost: .sharedCost
        case .voip: .voip
        case .personalNumber: .personalNumber
        case .pager: .pager
        case .uan: .uan
        case .voicemail: .voicemail
        case .unknown: nil
        }
    }

    /// Whether a number of this type passes a `--type wanted` filter:
    /// `fixed-line-or-mobile` numbers count as both fixed-line and mobile.
    public func isAccepted(by wanted: PhoneNumberType) -> Bool {
        if self == wanted { return true }
        return self == .fixedLineOrMobile && (wanted == .fixedLine || wanted == .mobile)
    }
}

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

/// Why a value is not an acceptable phone number.
public struct PhoneNumberError: Error, Hashable, Sendable {
    /// The stable error codes; the raw value goes into error records.
    public enum Code: String, CaseIterable, Hashable, Sendable {
        /// Letters or symbols inside the number, or no digit at all.
        case invalidCharacter = "invalid-character"
        /// Fewer digits than any number of the plan.
        case tooShort = "too-short"
        /// More digits than any number of the plan.
        case tooLong = "too-long"
        /// A possible length, but no number of the plan.
        case invalidNumber = "invalid-number"
        /// A `+` or international prefix followed by no known country code.
        case invalidCountryCode = "invalid-country-code"
        /// Valid, but not of the wanted types.
        case wrongType = "wrong-type"
    }

    /// The error code.
    public let code: Code
    /// A short English sentence naming the problem and where it is.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
