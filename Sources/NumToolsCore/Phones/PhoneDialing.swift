/// What a parsed number looks like dialled from a region (`--from-region`),
/// as libphonenumber writes it: `format_out_of_country_calling_number`
/// (`--format out-of-country`) and `format_number_for_mobile_dialing` with
/// formatting (`--format mobile-dialing`); with the canonical key of
/// `--format key` and `is_possible_number_with_reason` (`reason`).
public struct PhoneDialing: Sendable {
    /// The region the call is placed from (upper-case ISO 3166 code).
    public let region: String
    let meta: PhoneRegionMetadata
    /// What to dial before the country code: the region's preferred
    /// international prefix, else its international prefix when that is one
    /// prefix (`011`, `8~10`: libphonenumber's `_SINGLE_INTERNATIONAL_PREFIX`),
    /// else nothing (the number is written with `+`).
    let internationalPrefix: [UInt8]

    /// Dialling from `region`; nil when the metadata has no such region.
    public init?(region: String) {
        guard let meta = PhoneMetadataStore.shared.region(region) else { return nil }
        self.region = region
        self.meta = meta
        if let preferred = meta.preferredInternationalPrefix {
            internationalPrefix = Array(preferred.utf8)
        } else if let source = meta.internationalPrefixSource, Self.isSinglePrefix(source) {
            internationalPrefix = Array(source.utf8)
        } else {
            internationalPrefix = []
        }
    }

    /// `[\d]+(?:[~⁓∼～][\d]+)?`, the whole of `text`.
    static func isSinglePrefix(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func digits(_ i: inout Int) -> Bool {
            let start = i
            while i < scalars.count, scalars[i].properties.numericType == .decimal { i += 1 }
            return i > start
        }
        var i = 0
        guard digits(&i) else { return false }
        if i == scalars.count { return true }
        guard ["~", "\u{2053}", "\u{223C}", "\u{FF5E}"].contains(scalars[i]) else { return false }
        i += 1
        return digits(&i) && i == scalars.count
    }

    /// `format_out_of_country_calling_number(number, region)`: the national
    /// format within the number's country calling code (`1` and the national
    /// format between regions of the North American plan), else the
    /// international prefix, a space and the international format without
    /// its `+` (the international format itself when the region has no one
    /// prefix). The extension as the formats write it, unless `extension` is false.
    func appendOutOfCountry<Output: ByteOutput & ~Copyable>(
        _ number: PhoneNumber, extension: Bool, to out: inout Output
    ) {
        if number.countryCode == 1 && meta.countryCode == 1 {
            out.append(UInt8(ascii: "1"))
            out.append(UInt8(ascii: " "))
            PhoneNumberFormatter.append(number, .national, extension: `extension`, to: &out)
            return
        }
        if number.countryCode != 1 && number.countryCode == meta.countryCode {
            PhoneNumberFormatter.append(number, .national, extension: `extension`, to: &out)
            return
        }
        guard !internationalPrefix.isEmpty else {
            PhoneNumberFormatter.append(number, .international, extension: `extension`, to: &out)
            return
        }
        out.append(bytes: internationalPrefix)
        out.append(UInt8(ascii: " "))
        PhoneNumberFormatter.append(number, .international, extension: `extension`, plus: false, to: &out)
    }

    /// `format_number_for_mobile_dialing(number, region, True)`: the format
    /// to dial from a mobile phone in the region, never with an extension.
    /// Throws where libphonenumber answers nothing: a Brazilian fixed-line or
    /// mobile number dialled in Brazil (it needs a carrier code), or, from
    /// another country, a number that is not valid or cannot be dialled from
    /// abroad.
    func appendMobileDialing<Output: ByteOutput & ~Copyable>(
        _ number: PhoneNumber, to out: inout Output
    ) throws(PhoneNumberError) {
        let home = PhoneMetadataStore.shared.mainRegion(countryCode: number.countryCode)
        let fixedOrMobile = number.type == .fixedLine || number.type == .mobile || number.type == .fixedLineOrMobile
        let format: PhoneNumberFormat
        if home == region {
            if region == "BR" && fixedOrMobile {
                throw PhoneNumberError(
                    .notDiallable,
                    "+55 \(number.nationalNumber) is dialled in BR with a carrier code; libphonenumber gives no mobile-dialing form"
                )
            } else if number.countryCode == 1 {
                format =
                    Self.canBeDialledFromAbroad(number)
                        && PhoneNumberParser.testLength(number.nsn.count, meta) != .tooShort
                    ? .international : .national
            } else {
                let international =
                    (home == "001" || ((home == "MX" || home == "CL" || home == "UZ") && fixedOrMobile))
                    && Self.canBeDialledFromAbroad(number)
                format = international ? .international : .national
            }
        } else if number.isValid && Self.canBeDialledFromAbroad(number) {
            format = .international
        } else {
            throw PhoneNumberError(
                .notDiallable,
                number.isValid
                    ? "+\(number.countryCode) \(number.nationalNumber) cannot be dialled from outside its country, so not from \(region)"
                    : "+\(number.countryCode) \(number.nationalNumber) is not a valid number to dial from \(region)")
        }
        PhoneNumberFormatter.append(number, format, extension: false, to: &out)
    }

    /// `can_be_internationally_dialled`: false when the plan of the region
    /// the number belongs to lists it among the numbers only dialled from
    /// inside (true for non-geographic entities and numbers no region takes).
    static func canBeDialledFromAbroad(_ number: PhoneNumber) -> Bool {
        guard let id = number.regionCode, id != "001", let meta = PhoneMetadataStore.shared.region(id) else {
            return true
        }
        return !number.nsn.withUnsafeBufferPointer { meta.matches(.noInternationalDialling, $0) }
    }

    /// `--format key`: the number's E.164 form, with `;ext=` and the
    /// extension when it has one (unless `extension` is false,
    /// `--no-extension`): two values are one number exactly when their keys
    /// are equal (libphonenumber's exact match).
    static func appendKey<Output: ByteOutput & ~Copyable>(
        _ number: PhoneNumber, extension: Bool = true, to out: inout Output
    ) {
        PhoneNumberFormatter.append(number, .e164, to: &out)
        if `extension` && !number.extensionDigits.isEmpty {
            (";ext=" as StaticString).withUTF8Buffer { out.append(contentsOf: $0) }
            number.extensionDigits.append(to: &out)
        }
    }

    /// `is_possible_number_with_reason`, in kebab case.
    public enum Reason: String, CaseIterable, Sendable {
        case isPossible = "is-possible"
        case localOnly = "local-only"
        case invalidCountryCode = "invalid-country-code"
        case tooShort = "too-short"
        case invalidLength = "invalid-length"
        case tooLong = "too-long"
    }

    /// Why the length of `number` is or is not possible in its country
    /// calling code's plan.
    static func reason(_ number: PhoneNumber) -> Reason {
        guard let meta = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode) else {
            return .invalidCountryCode
        }
        return reason(PhoneNumberParser.testLength(number.nsn.count, meta))
    }

    static func reason(_ length: PhoneNumberParser.LengthResult) -> Reason {
        switch length {
        case .possible: .isPossible
        case .possibleLocalOnly: .localOnly
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .invalidLength: .invalidLength
        }
    }
}
