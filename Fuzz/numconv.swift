// libFuzzer target: numconv's strict parser over a set of locales.
// Invariants: a value gives output or a known error code, and converting
// A to B and back to A gives A's canonical form.
import Foundation

let convCodes = Set(NumberErrorCode.allCases.map(ValueError.Code.number))
let localeIDs = [
    "en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "fa", "ne", "es_ES", "th-TH-u-nu-thai", "sv", "he",
]
let formats = localeIDs.flatMap { id in
    LocaleNumberFormat.Style.allCases.map { LocaleNumberFormat(locale: Locale(identifier: id), style: $0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let a = formats[Int(data[0]) % formats.count]
    let candidates = formats.filter { $0.style == a.style }
    let b = candidates[Int(data[1]) % candidates.count]
    let value = UnsafeBufferPointer(start: data + 2, count: size - 2)
    guard !value.isEmpty, UTF8Bytes.isValid(value) else { return 0 }
    var toB = NumberConverter(from: a, to: [b])
    var toA = NumberConverter(from: b, to: [a])
    var canonical = NumberConverter(from: a, to: [a])
    var inB: [UInt8] = []
    do {
        try toB.transform(value, into: &inB)
    } catch {
        check(convCodes.contains(error.code), "unknown error code \(error.code)")
        return 0
    }
    var expected: [UInt8] = []
    var back: [UInt8] = []
    do {
        try canonical.transform(value, into: &expected)
        try inB.withUnsafeBufferPointer { (p) throws(ValueError) in try toA.transform(p, into: &back) }
    } catch {
        check(false, "round trip failed: \(error.code) \(error.message)")
    }
    check(back == expected, "A→B→A is not the identity")
    return 0
}
