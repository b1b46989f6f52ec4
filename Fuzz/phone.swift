// libFuzzer target: phone extraction, parsing and as-you-type formatting.
// Invariants: a value is a valid number or one of the documented error
// codes; what phonefmt writes for a valid number parses back to the same
// number (country code and national number), in every format: E.164,
// international and RFC 3966 with the default region, national and digits
// in the number's own region (unless that region reads it as international,
// see readsAsInternational), its extension too where the format writes one;
// the E.164 form (which has no extension) gives the same text in every
// format as the number without its extension; the as-you-type formatter
// always answers.

let regions = ["KR", "US", "GB", "DE", "JP", "IN", "BR", "FR", "CN", "AU", "IT", "RU"]
let parsers = regions.map { PhoneNumberParser(region: $0)! }
/// `--format` with every field, in languages with and without data.
/// (Their timezone, carrier and location data installed first, as phonefmt does.)
let fieldTransforms: [PhoneTransform] = {
    PhonePrefixes.install()
    return ["en", "ko", "zh_TW", "xx"].flatMap { tag in
        regions.map { PhoneTransform(region: $0, fields: PhoneField.allCases, language: PhoneLanguage(tag)!)! }
    }
}()

/// `text` parsed by `parser`, or the error code, for the messages.
func reparse(_ text: String, _ parser: PhoneNumberParser) -> Result<PhoneNumber, PhoneNumberError> {
    Result { () throws(PhoneNumberError) in try parser.parse(text) }
}

/// Whether `written` starts with an international prefix of `parser`'s
/// region (and a digit other than 0 after it), so that the region reads it
/// as an international number: the national form of Bulgaria's `00800`
/// and Thailand's `001800` freephone numbers, as libphonenumber writes and
/// reads them too. Such a national form does not read back as the number.
func readsAsInternational(_ written: String, _ parser: PhoneNumberParser) -> Bool {
    let digits = written.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.map { $0 - 0x30 }
    guard let idd = parser.meta.internationalPrefix, let m = idd.match(digits) else { return false }
    return m.end < digits.count && digits[m.end] != 0
}

func fuzzPhone(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let parser = parsers[Int(data[0]) % parsers.count]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard UTF8Bytes.isValid(value) else { return 0 }
    do {
        let number = try parser.validNumber(value)
        check(number.isValid, "validNumber returned an invalid number")
        let e164 = PhoneNumberFormatter(format: .e164).string(for: number)
        let again = try parser.validNumber(e164)
        check(again.extensionDigits.isEmpty, "E.164 wrote an extension")
        for format in PhoneNumberFormat.allCases {
            let f = PhoneNumberFormatter(format: format, writesExtension: false)
            check(f.string(for: again) == f.string(for: number), "\(format) differs after an E.164 round trip")
        }
        let own = number.regionCode.flatMap { $0 == "001" ? nil : PhoneNumberParser(region: $0) }
        for format in PhoneNumberFormat.allCases {
            let national = format == .national || format == .digits
            guard let reader = national ? own : parser else { continue }
            let written = PhoneNumberFormatter(format: format).string(for: number)
            if national && readsAsInternational(written, reader) { continue }
            switch reparse(written, reader) {
            case .success(let back):
                // libphonenumber 9.0.43 does the same for a few regions: GA's
                // +241 4402000 is written 04 40 20 00, which it (and so
                // phonefmt) reads back as +241 04402000, the zero kept as an
                // italian leading zero. Only that zero may differ.
                let keptZero =
                    back.italianLeadingZero && !number.italianLeadingZero
                    && back.nationalNumber.drop { $0 == "0" } == number.nationalNumber.drop { $0 == "0" }
                let extensionWritten = format == .national || format == .international || format == .rfc3966
                check(
                    back.extensionDigits == (extensionWritten ? number.extensionDigits : PhoneExtensionDigits()),
                    "\(format) \(written) parses back with extension \(back.phoneExtension ?? "none")")
                check(
                    back.countryCode == number.countryCode
                        && (back.nationalNumber == number.nationalNumber || keptZero),
                    "\(format) \(written) (of +\(number.countryCode) \(number.nationalNumber)) parses back in "
                        + "\(reader.region) as +\(back.countryCode) \(back.nationalNumber)")
            case .failure(let error)
            where error.code == .extensionTooLong && number.extensionDigits.count > 9 && format != .rfc3966:
                // As libphonenumber writes it: GB's ` x`, TW's `#` and RO's
                // ` int ` prefixes take 9 digits when read back.
                break
            case .failure(let error):
                check(
                    false,
                    "\(format) \(written) (of +\(number.countryCode) \(number.nationalNumber)) does not parse in "
                        + "\(reader.region): \(error.code)")
            }
        }
    } catch {
        check(PhoneNumberError.Code.allCases.contains(error.code), "unknown error code")
    }
    var fields = fieldTransforms[(Int(data[0]) / parsers.count) % 4 * parsers.count + Int(data[0]) % parsers.count]
    var out: [UInt8] = []
    do {
        try fields.transform(value, into: &out)
        let columns = out.split(separator: 0x09, omittingEmptySubsequences: false)
        check(columns.count == PhoneField.allCases.count, "a field list wrote \(columns.count) fields")
        if let number = try? parser.parse(value) {
            // The list holds short, emergency and cost, which accept the
            // region's valid short numbers: those are written as dialled.
            let short = !number.isValid && PhoneShortNumbers.isValid(number, region: parser.region)
            let e164 = short ? number.nationalNumber : PhoneNumberFormatter(format: .e164).string(for: number)
            check(String(decoding: columns[0], as: UTF8.self) == e164, "the e164 field differs from the formatter's")
            let shortColumn = PhoneField.allCases.firstIndex(of: .short)!
            check(
                String(decoding: columns[shortColumn], as: UTF8.self)
                    == (PhoneShortNumbers.isValid(number, region: parser.region) ? "yes" : "no"),
                "the short field differs from ShortNumberInfo's")
        }
    } catch {
        if case .phone = error.code {} else { check(false, "a field list wrote a non-phone error") }
    }
    let text = String(decoding: value, as: UTF8.self)
    check(PhoneAsYouTypeFormatter.format(text, region: parser.region) != nil, "as-you-type gave no answer")
    return 0
}
