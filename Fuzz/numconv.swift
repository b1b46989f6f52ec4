// libFuzzer target: numconv's strict parser over a set of locales.
// Invariants: a value gives output or a known error code, and converting
// A to B and back to A gives A's canonical form; `--from auto:A,B` gives the
// reading of A or B when those that succeed agree, ambiguous-notation when
// they differ (A's reading with --prefer A), A's or B's error when both fail.
// A percent written to C with --ratio (NumberConverter.ratioTargets, which
// copies the digits into a buffer of its own) is the points over 100.
import Foundation

let convCodes = Set(NumberErrorCode.allCases.map(ValueError.Code.number))
let localeIDs = [
    "en_US", "de_DE", "fr_FR", "de_CH", "en_IN", "ar_EG", "fa", "ne", "es_ES", "th-TH-u-nu-thai", "sv", "he",
]
let formats = localeIDs.flatMap { id in
    LocaleNumberFormat.Style.allCases.map { LocaleNumberFormat(locale: LocaleID(identifier: id), style: $0) }
}

func fuzzNumconv(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let a = formats[Int(data[0]) % formats.count]
    let candidates = formats.filter { $0.style == a.style }
    let b = candidates[Int(data[1]) % candidates.count]
    let value = UnsafeBufferPointer(start: data + 2, count: size - 2)
    guard !value.isEmpty, UTF8Bytes.isValid(value) else { return 0 }
    checkAuto(value, a, b)
    if a.style == .percent { checkRatio(value, a, fraction: Int(data[1] % 5)) }
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

/// `--from auto:A,B` against A and B alone, written in A.
func checkAuto(_ value: UnsafeBufferPointer<UInt8>, _ a: LocaleNumberFormat, _ b: LocaleNumberFormat) {
    func run(_ transform: inout some ValueTransform) -> Result<[UInt8], ValueError> {
        var out: [UInt8] = []
        do throws(ValueError) {
            try transform.transform(value, into: &out)
            return .success(out)
        } catch { return .failure(error) }
    }
    var fromA = NumberConverter(from: a, to: [a])
    var fromB = NumberConverter(from: b, to: [a])
    var auto = AutoNumberConverter(from: [a, b], to: [a])
    var preferring = AutoNumberConverter(from: [a, b], to: [a], preferring: a.localeIdentifier)
    let (readA, readB, got, preferred) = (run(&fromA), run(&fromB), run(&auto), run(&preferring))
    switch (readA, readB, got) {
    case (.success(let x), .success(let y), .success(let z)): check(x == y && z == x, "auto gave another number")
    case (.success(let x), .success(let y), .failure(let e)):
        check(x != y && e.code == .number(.ambiguousNotation), "auto: \(e.code) for two readings")
    case (.success(let x), .failure, .success(let z)), (.failure, .success(let x), .success(let z)):
        check(z == x, "auto gave another number than its one reading")
    case (.failure(let e1), .failure(let e2), .failure(let e)):
        check(e == e1 || e == e2, "auto's error is neither reading's")
    default: check(false, "auto and the readings disagree")
    }
    if case .success(let x) = readA, case .success(let z) = preferred {
        check(z == x, "--prefer A gave another number")
    }
    if case .success = readA, case .failure = preferred { check(false, "--prefer A failed where A reads") }
}

/// `--style percent --to C,C --ratio` (the first target the ratio) against
/// `--to C`: the second value is the points, the first the points over 100,
/// with `fraction` as --min-fraction (0: none) on both.
func checkRatio(_ value: UnsafeBufferPointer<UInt8>, _ a: LocaleNumberFormat, fraction: Int) {
    let machine = LocaleNumberFormat(locale: LocaleID(identifier: LocaleSupport.machineIdentifier), style: .number)
    let minimum = fraction == 0 ? nil : fraction
    var points = NumberConverter(from: a, to: [machine])
    var both = NumberConverter(from: a, to: [machine, machine], minimumFraction: minimum)
    both.ratioTargets = [true, false]
    var plain: [UInt8] = []
    var out: [UInt8] = []
    do {
        try points.transform(value, into: &plain)
    } catch { return }
    do {
        try both.transform(value, into: &out)
    } catch {
        check(false, "the ratio failed where the points are read: \(error.code)")
    }
    let parts = out.split(separator: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    check(parts.count == 2, "not two values")
    guard let r = try? ExactDecimal(parts[0]), let p = try? ExactDecimal(parts[1]),
        let q = try? ExactDecimal(String(decoding: plain, as: UTF8.self))
    else { return check(false, "not machine numbers: \(parts)") }
    check(p.multiplied(by: 1) == q.multiplied(by: 1), "the points differ")
    check(r.multiplied(by: 100) == p, "the ratio is not the points over 100: \(parts)")
}
