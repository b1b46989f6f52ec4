import NumToolsCore

/// What libphonenumber's offline mappers say about a parsed number: its
/// time zones (`timezone.time_zones_for_number`), carrier
/// (`carrier.name_for_number`) and location
/// (`geocoder.description_for_number`), in a ``PhoneLanguage``. The data
/// (`Generated/PhonePrefixData.swift`) is decoded on the first use of each.
struct PhoneFacts: PhoneFactsSource {
    let language: PhoneLanguage
    /// The geocoder's tables of the language's candidates, in `_find_lang`'s order.
    private let geocoderTables: [PhonePrefixBlob.Table]
    /// The carrier tables of the language's candidates.
    private let carrierTables: [PhonePrefixBlob.Table]

    /// Facts for `fields`: only the data they need is decoded.
    init(fields: [PhoneField], language: PhoneLanguage) {
        self.language = language
        let candidates = language.candidates
        geocoderTables =
            fields.contains(.location) ? candidates.compactMap { PhonePrefixData.geocoder.tables[$0] } : []
        carrierTables = fields.contains(.carrier) ? candidates.compactMap { PhonePrefixData.carrier.tables[$0] } : []
        if fields.contains(.timezone) { _ = PhonePrefixData.timeZones.tables.count }
    }

    /// `is_number_type_geographical`.
    static func isGeographical(_ type: PhoneNumberType, countryCode: Int) -> Bool {
        type == .fixedLine || type == .fixedLineOrMobile
            || (type == .mobile && phoneGeoMobileCountryCodes.contains(countryCode))
    }

    /// `time_zones_for_number`: IANA zones, comma-separated; `Etc/Unknown`
    /// when the number is invalid or the data has nothing.
    func appendTimeZones<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output) {
        let blob = PhonePrefixData.timeZones
        let table = blob.tables[""]!
        var id: Int?
        if number.type == .unknown {
            id = nil
        } else if !Self.isGeographical(number.type, countryCode: number.countryCode) {
            // `_country_level_time_zones_for_number` tries the country code,
            // then (for a three-digit one) its first two digits.
            let cc = number.countryCode
            id = blob.find(table, cc, length: cc < 10 ? 1 : cc < 100 ? 2 : 3)
            if id == nil && cc >= 100 { id = blob.find(table, cc / 10, length: 2) }
        } else {
            id = blob.lookup([table], PhoneDigits(countryCode: number.countryCode, nsn: number.nsn))
        }
        if let id {
            blob.append(id, to: &out)
        } else {
            ("Etc/Unknown" as StaticString).withUTF8Buffer { out.append(contentsOf: $0) }
        }
    }

    /// `carrier.name_for_number`: the carrier the number was first given to,
    /// for mobile, fixed-line-or-mobile and pager numbers; nothing otherwise
    /// or when the data has no name.
    func appendCarrier<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output) {
        switch number.type {
        case .mobile, .fixedLineOrMobile, .pager: break
        default: return
        }
        let blob = PhonePrefixData.carrier
        if let id = blob.lookup(carrierTables, PhoneDigits(countryCode: number.countryCode, nsn: number.nsn)) {
            blob.append(id, to: &out)
        }
    }

    /// `geocoder.description_for_number` (no user region): the area of a
    /// geographic number, else its country's name; nothing for an invalid
    /// number or a country code several countries share that the number does
    /// not single out.
    func appendLocation<Output: ByteOutput & ~Copyable>(_ number: PhoneNumber, to out: inout Output) {
        let blob = PhonePrefixData.geocoder
        if number.type == .unknown { return }
        if Self.isGeographical(number.type, countryCode: number.countryCode) {
            var geocoded = number
            // `description_for_valid_number`: a mobile token (Argentina's 9)
            // is dropped and the rest read again as a national number.
            if let token = phoneMobileTokens[number.countryCode], number.nsn.first == token,
                let main = PhoneMetadataStore.shared.mainRegion(countryCode: number.countryCode),
                let parser = PhoneNumberParser(region: main)
            {
                let national = String(decoding: number.nsn.dropFirst().map { $0 &+ 0x30 }, as: UTF8.self)
                if let n = try? parser.parse(national) { geocoded = n }
            }
            let digits = PhoneDigits(countryCode: geocoded.countryCode, nsn: geocoded.nsn)
            if let id = blob.lookup(geocoderTables, digits), id != 0 {
                blob.append(id, to: &out)
                return
            }
        }
        blob.append(countryName(number), to: &out)
    }

    /// `country_name_for_number`: the string id of the name of the one
    /// region the number belongs to (0, the empty string, when several
    /// regions of its country code take it or none does).
    private func countryName(_ number: PhoneNumber) -> Int {
        let regions = PhoneMetadataStore.shared.regionsMetadata(countryCode: number.countryCode)
        var region = "ZZ"
        if regions.count == 1 {
            region = regions[0].id
        } else {
            for m in regions where PhoneNumberParser.numberType(number.nsn[...], m) != .unknown {
                if region != "ZZ" { return 0 }
                region = m.id
            }
        }
        return PhonePrefixData.geocoder.regionName(region, language: language.language)
    }
}
