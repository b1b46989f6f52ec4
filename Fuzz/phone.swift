// libFuzzer target: phone extraction, parsing and as-you-type formatting.
// Invariants: a value is a valid number or one of the documented error
// codes; a valid number written as E.164 parses back to the same number in
// every format; the as-you-type formatter always answers.

let regions = ["KR", "US", "GB", "DE", "JP", "IN", "BR", "FR", "CN", "AU", "IT", "RU"]
let parsers = regions.map { PhoneNumberParser(region: $0)! }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let parser = parsers[Int(data[0]) % parsers.count]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard UTF8Bytes.isValid(value) else { return 0 }
    do {
        let number = try parser.validNumber(value)
        check(number.isValid, "validNumber returned an invalid number")
        let e164 = PhoneNumberFormatter(format: .e164).string(for: number)
        let again = try parser.validNumber(e164)
        for format in PhoneNumberFormat.allCases {
            let f = PhoneNumberFormatter(format: format)
            check(f.string(for: again) == f.string(for: number), "\(format) differs after an E.164 round trip")
        }
    } catch {
        check(PhoneNumberError.Code.allCases.contains(error.code), "unknown error code")
    }
    let text = String(decoding: value, as: UTF8.self)
    check(PhoneAsYouTypeFormatter.format(text, region: parser.region) != nil, "as-you-type gave no answer")
    return 0
}
