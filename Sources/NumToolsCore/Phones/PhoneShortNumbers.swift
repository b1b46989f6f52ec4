import Foundation

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
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var plans: [String: Plan?] = [:]

    /// The short-number plan of `region`; nil when it has none.
    static func plan(_ region: String) -> Plan? {
        lock.lock()
        defer { lock.unlock() }
        if let known = plans[region] { return known }
        let plan = phoneShortRecords(region: region).map(Plan.init)
        plans[region] = plan
        return plan
    }

    /// `_region_dialing_from_matches_number`.
    private static func dialledFrom(_ number: PhoneNumber, _ region: String) -> Bool {
        PhoneMetadataStore.shared.regionsMetadata(countryCode: number.countryCode).contains { $0.id == region }
    }

    /// `is_valid_short_number_for_region(number, region)`.
    static func isValid(_ number: PhoneNumber, region: String) -> Bool {
        guard dialledFrom(number, region), let plan = plan(region) else { return false }
        return plan.matches(.general, number.nsn) && plan.matches(.shortCode, number.nsn)
    }

    /// `expected_cost_for_region(number, region)`.
    static func cost(_ number: PhoneNumber, region: String) -> Cost {
        guard dialledFrom(number, region), let plan = plan(region),
            let general = plan.descs[DescKind.general.rawValue], general.possibleLengths.contains(number.nsn.count)
        else { return .unknown }
        if plan.matches(.premiumRate, number.nsn) { return .premiumRate }
        if plan.matches(.standardRate, number.nsn) { return .standardRate }
        if plan.matches(.tollFree, number.nsn) { return .tollFree }
        if isEmergency(digits: number.nsn, region: region) { return .tollFree }
        return .unknown
    }

    /// `is_emergency_number(value, region)`: the digits of the value as
    /// dialled (from its first digit or `+`; none when that is a `+`) are
    /// one of the region's emergency numbers.
    static func isEmergency(_ value: UnsafeBufferPointer<UInt8>, region: String) -> Bool {
        guard let digits = dialledDigits(value) else { return false }
        return isEmergency(digits: digits, region: region)
    }

    static func isEmergency(digits: [UInt8], region: String) -> Bool {
        guard let plan = plan(region), let d = plan.descs[DescKind.emergency.rawValue], let pattern = d.pattern else {
            return false
        }
        return pattern.fullMatch(digits)
    }

    /// `normalize_digits_only(_extract_possible_number(value))` as digit
    /// values; nil when the possible number starts with a plus sign.
    static func dialledDigits(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
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
