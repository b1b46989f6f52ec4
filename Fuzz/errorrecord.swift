// libFuzzer target: the error record written in one in-place block
// (RecordWriter.appendErrorRecord: the prefix, the message's template with
// its holes filled in place, the ORIGINAL escaped eight bytes at a time,
// the terminator) against the general path it stands for
// (appendErrorPrefix, UTF8Bytes.appendEscaped, the terminator), under
// AddressSanitizer: the in-place block is the output buffer's first
// append, so the buffer is exactly the stated bound and its slack, and the
// ORIGINAL is an allocation of its own size.
//
// Layout: byte 0 picks the template, byte 1 the code, the terminator, -z
// and the detail; bytes 2-3 where the quoted character starts; bytes 4-11
// and 12-19 the two numbers (the record number is the first's magnitude);
// the rest is the ORIGINAL and the quoted character's source.
import Foundation

let templates: [StaticString] = [
    "", "\u{1}", "\u{2}", "x\u{3}", "value has no digits",
    "\u{1} at offset \u{2} is not a digit, grouping separator or decimal point",
    "second decimal point at offset \u{2}; the first is at offset \u{3}",
    "grouping separator at offset \u{2} does not fit \u{4}", "1234567\u{1}", "12345678\u{2}abcdefgh\u{1}",
    "\u{5}: \u{1}\u{1}\u{2}\u{2}\u{3}\u{5}", "expected \u{5} at offset \u{2}, found \u{1} (more text past eight)",
    "\u{0}\u{0}\u{5}", "\u{1}\u{1}\u{1}\u{1}\u{1}\u{1}\u{1}\u{1}\u{1}",
]
let details: [StaticString] = ["a digit", "", "a long detail past twenty bytes, to widen the bound"]
let codes: [ValueError.Code] = [.number(.invalidCharacter), .engine(.invalidUTF8), .number(.noDigits), .engine(.empty)]

func fuzzErrorrecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 20 else { return 0 }
    let o = Array(UnsafeBufferPointer(start: data, count: 20))
    let first = UnsafeRawPointer(data + 4).loadUnaligned(as: Int.self)
    let second = UnsafeRawPointer(data + 12).loadUnaligned(as: Int.self)
    let count = size - 20
    let original = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
    defer { original.deallocate() }
    original.update(from: data + 20, count: count)
    let body = UnsafeBufferPointer(start: UnsafePointer(original), count: count)

    var text = ErrorText(template: templates[Int(o[0]) % templates.count], first, second)
    text.quote(body, at: (Int(o[2]) | Int(o[3]) << 8) % (count + 1))
    if o[1] & 0x40 != 0 { text.detail(details[Int(o[1] >> 7)]) }
    let error = ValueError(codes[Int(o[1] & 3)], text)
    let terminator = [Terminator.none, .byte(0x0A), .byte(0), .crlf][Int(o[1] >> 2 & 3)]
    let escapesNUL = o[1] & 0x10 != 0
    let record = Int(first.magnitude % (1 << 62))
    let field = Int(o[1] >> 5 & 1)

    typealias Writer = RecordWriter<MemorySink, MemorySink>
    var general = OutputBuffer(capacity: 16)
    Writer.appendErrorPrefix(record: record, field: field, error, escapesNUL: escapesNUL, into: &general)
    UTF8Bytes.appendEscaped(UnsafePointer(original), 0, count, escapingNUL: escapesNUL, into: &general)
    Writer.append(terminator, to: &general)
    var inPlace = OutputBuffer(capacity: 16)
    Writer.appendErrorRecord(
        record: record, field: field, error, UnsafePointer(original), 0, count, terminator, escapesNUL: escapesNUL,
        into: &inPlace)
    check(general.bytes == inPlace.bytes, "in-place error record differs: \(inPlace.bytes) vs \(general.bytes)")
    return 0
}
