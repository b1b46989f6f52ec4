// libFuzzer target: `phonefmt --find` (PhoneNumberMatcher) on free text.
// Invariants: the numbers found are in order, do not overlap, lie inside the
// text on scalar boundaries, and are valid numbers that their own text parses
// to; each found number's E.164 form, alone, is found again as that number
// (without its extension; with it after `;ext=`, as `--replace` writes it);
// `--replace` writes every byte outside the numbers as read (an extension
// kept as `;ext=` after the E.164 form) and `--find` as
// many numbers as were found; the work is bounded (the fuzzer's time limit).

let findRegions = ["KR", "US", "GB", "DE", "JP", "IN", "BR", "FR", "CN", "AU", "IT", "RU"]
let matchers = findRegions.map { PhoneNumberMatcher(region: $0)! }

func fuzzFind(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let k = Int(data[0]) % matchers.count
    let matcher = matchers[k]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    guard UTF8Bytes.isValid(value) else { return 0 }
    let found = matcher.matches(in: value)
    var last = 0
    for m in found {
        check(m.range.lowerBound >= last && m.range.lowerBound < m.range.upperBound, "matches overlap or are empty")
        check(m.range.upperBound <= value.count, "match past the text")
        check(value[m.range.lowerBound] & 0xC0 != 0x80, "match starts inside a scalar")
        check(
            m.range.upperBound == value.count || value[m.range.upperBound] & 0xC0 != 0x80, "match ends inside a scalar")
        last = m.range.upperBound
        check(m.number.isValid, "an invalid number was found")
        let alone = UnsafeBufferPointer(rebasing: value[m.range])
        check((try? matcher.parser.parse(alone)) == m.number, "the found text does not parse to the number")
        // E.164 writes no extension: alone, it is found as the number without one.
        let e164 = PhoneNumberFormatter(format: .e164).string(for: m.number)
        var withoutExtension = m.number
        withoutExtension.extensionDigits = PhoneExtensionDigits()
        check(
            matcher.matches(in: e164).map(\.number) == [withoutExtension], "\(e164) alone is not found as itself")
        // What --replace writes for it (E.164, then `;ext=` and the extension) is found as the number itself.
        if !m.number.extensionDigits.isEmpty {
            let replacedForm = e164 + ";ext=" + String(decoding: m.number.extensionDigits.ascii, as: UTF8.self)
            check(
                matcher.matches(in: replacedForm).map(\.number) == [m.number],
                "\(replacedForm) alone is not found as the number with its extension")
        }
    }
    var transform = PhoneTransform(region: findRegions[k], format: .e164, find: .replace)!
    var replaced: [UInt8] = []
    var listed: [UInt8] = []
    do {
        try transform.transform(value, into: &replaced)
        var list = PhoneTransform(region: findRegions[k], format: .e164, find: .list)!
        try list.transform(value, into: &listed)
    } catch {
        check(false, "--find threw \(error.code)")
    }
    // Every byte outside the numbers, as read and in order.
    var expected: [UInt8] = []
    var written = 0
    for m in found {
        expected += value[written..<m.range.lowerBound]
        expected += Array(PhoneNumberFormatter(format: .e164).string(for: m.number).utf8)
        // (--replace keeps the extension that E.164 does not write, as RFC 3966's `;ext=`.)
        if !m.number.extensionDigits.isEmpty {
            expected += Array(";ext=".utf8)
            m.number.extensionDigits.append(to: &expected)
        }
        written = m.range.upperBound
    }
    expected += value[written...]
    check(replaced == expected, "--replace changed bytes outside the numbers")
    let tabs = listed.filter { $0 == 0x09 }.count
    check(found.isEmpty ? listed.isEmpty : tabs == found.count - 1, "--find listed another count of numbers")
    return 0
}
