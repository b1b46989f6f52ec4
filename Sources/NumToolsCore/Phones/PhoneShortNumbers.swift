/// libphonenumber's ShortNumberInfo: the short numbers a region dials
/// (`112`, `119`, `1330`), from its short-number metadata
/// (`Generated/PhoneShortData.swift`, decoded per region on first use).
enum PhoneShortNumbers {
    /// The descriptions of a region's short numbers, in the data's order.
    enum DescKind: Int, CaseIterable {
        case general = 0, tollFree, premiumRate, emergency, shortCode, standardRate, carrierSpecific, smsServices
    }

    /// `ShortNumberCost`, in kebab case.
    enum Cost: String, Sendable {
        case tollFree = "toll-free"
        case standardRate = "standard-rate"
        case premiumRate = "premium-rate"
        case unknown = "unknown"
    }

    /// One region's short-number plan.
    struct Plan: Sendable {
        let descs: [PhoneNumberDesc?]

        init(records: StaticString) {
            var descs = [PhoneNumberDesc?](repeating: nil, count: DescKind.allCases.count)
            let text = String(
                decoding: UnsafeBufferPointer(start: records.utf8Start, count: records.utf8CodeUnitCount), as: UTF8.self
            )
            for line in text.split(separator: "\n") {
                let f = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                precondition(f.count == 6 && f[0] == "D", "short-number data: bad record \(line)")
                let lengths = f[3].split(separator: ",").map { Int($0)! }.sorted()
                descs[Int(f[1])!] = PhoneNumberDesc(
                    pattern: PhonePattern(f[2]), possibleLengths: lengths, localOnlyLengths: [],
                    example: f[5] == "@" ? nil : f[5])
            }
            self.descs = descs
        }

        /// `_matches_possible_number_and_national_number`.
        func matches(_ kind: DescKind, _ nsn: [UInt8]) -> Bool {
            guard let d = descs[kind.rawValue] else { return false }
            return nsn.withUnsafeBufferPointer { d.matches($0) }
        }

        /// `is_valid_short_number_for_region` for a national number of the
        /// region's country code.
        func isValidShort(_ nsn: [UInt8]) -> Bool { matches(.general, nsn) && matches(.shortCode, nsn) }

        /// Whether `digits` are one of the region's emergency numbers.
        func isEmergency(digits: [UInt8]) -> Bool {
            guard let pattern = descs[DescKind.emergency.rawValue]?.pattern else { return false }
            return pattern.fullMatch(digits)
        }

        /// `expected_cost_for_region` for a national number of the region's country code.
        func cost(_ nsn: [UInt8]) -> Cost {
            guard let general = descs[DescKind.general.rawValue], general.possibleLengths.contains(nsn.count) else {
                return .unknown
            }
            if matches(.premiumRate, nsn) { return .premiumRate }
            if matches(.standardRate, nsn) { return .standardRate }
            if matches(.tollFree, nsn) { return .tollFree }
            if isEmergency(digits: nsn) { return .tollFree }
            return .unknown
        }
    }

    private static let plans = IdentifierCache<Plan?>()

    /// The short-number plan of `region`; nil when it has none.
    static func plan(_ region: String) -> Plan? {
        plans.value(for: region) { phoneShortRecords(region: region).map(Plan.init) }
    }

    /// `_region_dialing_from_matches_number`: the region is one of the
    /// number's country code (a region has one country code).
    private static func dialledFrom(_ number: PhoneNumber, _ region: String) -> Bool {
        PhoneMetadataStore.shared.region(region)?.countryCode == number.countryCode
    }

    /// `is_valid_short_number_for_region(number, region)`.
    static func isValid(_ number: PhoneNumber, region: String) -> Bool {
        guard let plan = plan(region), dialledFrom(number, region) else { return false }
        return plan.isValidShort(number.nsn)
    }

    /// `expected_cost_for_region(number, region)`.
    static func cost(_ number: PhoneNumber, region: String) -> Cost {
        guard dialledFrom(number, region), let plan = plan(region) else { return .unknown }
        return plan.cost(number.nsn)
    }

    /// `is_emergency_number(value, region)`: the digits of the value as
    /// dialled (from its first digit or `+`; none when that is a `+`) are
    /// one of the region's emergency numbers.
    static func isEmergency(_ value: UnsafeBufferPointer<UInt8>, region: String) -> Bool {
        guard let plan = plan(region), let digits = dialledDigits(value) else { return false }
        return plan.isEmergency(digits: digits)
    }

    /// `normalize_digits_only(_extract_possible_number(value))` as digit
    /// values; nil when the possible number starts with a plus sign.
    static func dialledDigits(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // ASCII, byte by byte; anything else through its scalars.
        if value.allSatisfy({ $0 < 0x80 }) {
            guard let start = value.firstIndex(where: { $0 == UInt8(ascii: "+") || $0 &- 0x30 < 10 }) else {
                return []
            }
            if value[start] == UInt8(ascii: "+") { return nil }
            var digits: [UInt8] = []
            var i = start
            while i < value.count {
                let b = value[i]
                if b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") {
                    var j = i + 1
                    while j < value.count && value[j] == 0x20 { j += 1 }
                    if j < value.count && value[j] == UInt8(ascii: "x") { break }
                }
                if b &- 0x30 < 10 { digits.append(b &- 0x30) }
                i += 1
            }
            return digits
        }
        let text = String(decoding: value, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { $0 == "+" || $0 == "\u{FF0B}" || decimal($0) != nil }) else {
            return []
        }
        if scalars[start] == "+" || scalars[start] == "\u{FF0B}" { return nil }
        var digits: [UInt8] = []
        var i = start
        while i < scalars.count {
            // `_SECOND_NUMBER_START_PATTERN`: a slash or backslash, spaces, then x.
            if scalars[i] == "/" || scalars[i] == "\\" {
                var j = i + 1
                while j < scalars.count && scalars[j] == " " { j += 1 }
                if j < scalars.count && scalars[j] == "x" { break }
            }
            if let d = decimal(scalars[i]) { digits.append(d) }
            i += 1
        }
        return digits
    }

    private static func decimal(_ s: Unicode.Scalar) -> UInt8? {
        guard s.properties.numericType == .decimal, let v = s.properties.numericValue else { return nil }
        return UInt8(v)
    }
}
