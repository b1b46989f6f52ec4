/// A phone number that parsed, as libphonenumber's `PhoneNumber` holds it.
public struct PhoneNumber: Hashable, Sendable {
    /// The country calling code (82 for Korea).
    public let countryCode: Int
    /// The national significant number as decimal digit values 0...9,
    /// leading zeros included (libphonenumber's
    /// `national_significant_number`).
    package let nsn: [UInt8]
    /// The region the number belongs to (`region_code_for_number`): `KR`,
    /// `CA` for a valid Canadian `+1` number, `001` for non-geographic
    /// entities; nil when no region's plan takes it.
    public let regionCode: String?
    /// The number's type per the plan of ``regionCode``; ``PhoneNumberType/unknown``
    /// when the number is not valid.
    public let type: PhoneNumberType
    /// The extension's digits (`123` of `ext. 123`); empty when the number
    /// has none. Held inline, so that a number without one costs nothing.
    var extensionDigits = PhoneExtensionDigits()

    /// The extension (`123` of `+1 650 253 0000 ext. 123`), in ASCII
    /// digits; nil when the number has none.
    public var phoneExtension: String? {
        extensionDigits.isEmpty ? nil : String(decoding: extensionDigits.ascii, as: UTF8.self)
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

/// An extension's digits, held inline as four-bit values: no storage of its
/// own to allocate, retain or release, as most numbers have no extension.
/// Holds up to ``capacity`` digits, more than the 20 libphonenumber reads
/// after any marker (a longer extension is `extension-too-long` before one
/// is made).
struct PhoneExtensionDigits: Hashable, Sendable {
    /// The most digits held.
    static let capacity = 32
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// How many digits are held.
    private(set) var count: UInt8 = 0

    init() {}

    /// The digit values 0...9 of `values`; at most ``capacity`` of them.
    init(values: some Sequence<UInt8>) {
        for v in values { append(v) }
    }

    var isEmpty: Bool { count == 0 }

    /// Appends the digit value `v` (0...9).
    mutating func append(_ v: UInt8) {
        precondition(count < Self.capacity && v < 10, "extension digit out of range")
        let shift = UInt64(count & 15) * 4
        if count < 16 { low |= UInt64(v) << shift } else { high |= UInt64(v) << shift }
        count += 1
    }

    /// The digit value at `i` (0 ..< count).
    subscript(i: Int) -> UInt8 {
        let word = i < 16 ? low : high
        return UInt8(truncatingIfNeeded: word >> (UInt64(i & 15) * 4)) & 0xF
    }

    /// The digit values 0...9.
    var values: [UInt8] { (0..<Int(count)).map { self[$0] } }

    /// The digits in ASCII.
    var ascii: [UInt8] { (0..<Int(count)).map { self[$0] &+ 0x30 } }

    /// Appends the digits in ASCII to `out`.
    func append<Output: ByteOutput & ~Copyable>(to out: inout Output) {
        for i in 0..<Int(count) { out.append(self[i] &+ 0x30) }
    }
}
