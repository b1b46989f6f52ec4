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
    /// The extension's digits in ASCII (`123` of `ext. 123`); empty when
    /// the number has none.
    var extensionDigits: [UInt8] = []

    /// The extension (`123` of `+1 650 253 0000 ext. 123`), in ASCII
    /// digits; nil when the number has none.
    public var phoneExtension: String? {
        extensionDigits.isEmpty ? nil : String(decoding: extensionDigits, as: UTF8.self)
    }

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
