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
    /// With `--short`: a valid short number of the region that is one of
    /// its emergency numbers (`112`, `119`; ShortNumberInfo).
    case emergency = "emergency"
    /// With `--short`: any other valid short number of the region (`114`,
    /// `1330`). `--type short` takes emergency numbers too.
    case short = "short"

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
        case .unknown, .emergency, .short: nil
        }
    }

    /// Whether the type is one of short numbers (`--short`).
    public var isShort: Bool { self == .emergency || self == .short }

    /// Whether a number of this type passes a `--type wanted` filter:
    /// `fixed-line-or-mobile` numbers count as both fixed-line and mobile.
    public func isAccepted(by wanted: PhoneNumberType) -> Bool {
        if self == wanted { return true }
        if self == .emergency && wanted == .short { return true }
        return self == .fixedLineOrMobile && (wanted == .fixedLine || wanted == .mobile)
    }
}

extension PhoneNumberType {
    /// The position in `allCases`.
    var index: Int {
        switch self {
        case .fixedLine: 0
        case .mobile: 1
        case .fixedLineOrMobile: 2
        case .tollFree: 3
        case .premiumRate: 4
        case .sharedCost: 5
        case .voip: 6
        case .personalNumber: 7
        case .pager: 8
        case .uan: 9
        case .voicemail: 10
        case .unknown: 11
        case .emergency: 12
        case .short: 13
        }
    }

    /// The types a `--type` value names: one kebab-case type name or a
    /// comma-separated list of them, in any case; `any` (the empty set)
    /// accepts every valid number. Nil when a name is unknown.
    public static func filter(_ text: String) -> Set<PhoneNumberType>? {
        var result: Set<PhoneNumberType> = []
        for name in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            if name == "any" { return [] }
            guard let t = PhoneNumberType(rawValue: String(name)), t != .unknown else { return nil }
            result.insert(t)
        }
        return result
    }

    /// The names `--type` accepts, `any` last.
    public static var filterNames: [String] {
        allCases.filter { $0 != .unknown }.map(\.rawValue) + ["any"]
    }
}
