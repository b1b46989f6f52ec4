// libFuzzer target: numgroup's value parser in every mode. Invariants: a
// value gives output or a known error code; grouping is idempotent;
// ungrouping undoes grouping; no digit is added, dropped or changed. And
// numgroup's run of whole records (transformRecords, with its SIMD
// classification where 64 bytes are readable): the value as records, LF and
// CRLF, at eight alignments, repeated past 64 bytes, against the value alone,
// and with its error-record lane enabled (the error records written in its
// in-place block), against the value's error record as the engine writes it.
import Foundation

// Every number code but mixed-digits: numgroup reads ASCII digits only.
let groupCodes = Set(NumberErrorCode.allCases.filter { $0 != .mixedDigits }.map(ValueError.Code.number))
let styles = [
    GroupingStyle(),
    GroupingStyle(separator: " ", decimal: ",", grouping: Grouping(primary: 3, secondary: 2)),
    GroupingStyle(separator: "\u{202F}", decimal: ".", grouping: Grouping(primary: 4)),
    GroupingStyle(separator: "’", decimal: ".", grouping: Grouping(primary: 3, minimumDigits: 2)),
]

func digits(_ bytes: [UInt8]) -> [UInt8] { bytes.filter { $0 &- 48 < 10 } }

func fuzzNumgroup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let style = styles[Int(data[0]) % styles.count]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard !value.isEmpty, UTF8Bytes.isValid(value) else { return 0 }
    var group = DigitGrouper(style: style, mode: .group)
    var ungroup = DigitGrouper(style: style, mode: .ungroup)
    var text = DigitGrouper(style: style, mode: .text(minimumDigits: 5))
    var sanitize = DigitGrouper(style: style, mode: .sanitize)
    var out: [UInt8] = []
    do {
        try group.transform(value, into: &out)
        check(digits(out) == digits(Array(value)), "grouping changed the digits")
        var again: [UInt8] = []
        try out.withUnsafeBufferPointer { (b) throws(ValueError) in try group.transform(b, into: &again) }
        check(again == out, "grouping is not idempotent")
        var plain: [UInt8] = []
        try out.withUnsafeBufferPointer { (b) throws(ValueError) in try ungroup.transform(b, into: &plain) }
        var regrouped: [UInt8] = []
        try plain.withUnsafeBufferPointer { (b) throws(ValueError) in try group.transform(b, into: &regrouped) }
        check(regrouped == out, "ungroup does not undo group")
    } catch {
        check(groupCodes.contains(error.code), "unknown error code \(error.code)")
    }
    if !value.contains(0x0A) {
        var records: [UInt8] = Array(repeating: UInt8(ascii: "7"), count: Int(data[0] >> 2) % 8) + [0x0A]
        for k in 0..<max(2, 200 / (value.count + 1)) { records += Array(value) + (k % 3 == 2 ? [0x0D, 0x0A] : [0x0A]) }
        let limit = StreamConfiguration(toolName: "fuzz").outputLimit
        for t in [group, ungroup] {
            checkTransformRecords(t, records, terminator: 0x0A, maxLength: 1 << 20, outputLimit: limit)
            // The same run writing its error records itself (the engine's lane).
            checkErrorLane(
                t, records, terminator: 0x0A, maxLength: 1 << 20, outputLimit: limit, escapesNUL: data[0] & 2 != 0)
        }
    }
    var textOut: [UInt8] = []
    do { try text.transform(value, into: &textOut) } catch { check(false, "--text threw \(error.code)") }
    check(digits(textOut) == digits(Array(value)), "--text changed the digits")
    var clean: [UInt8] = []
    do {
        try sanitize.transform(value, into: &clean)
        // A sanitized value is a number of the style: grouping it again changes nothing.
        var again: [UInt8] = []
        try clean.withUnsafeBufferPointer { (b) throws(ValueError) in try group.transform(b, into: &again) }
        check(again == clean, "--sanitize wrote what group changes")
    } catch {
        let codes: [ValueError.Code] = [
            .number(.noDigits), .number(.ambiguousDecimalMark), .number(.misplacedSign), .number(.invalidCharacter),
            .number(.misplacedGrouping), .engine(.outputTooLong),
        ]
        check(codes.contains(error.code), "--sanitize threw \(error.code)")
    }
    return 0
}
