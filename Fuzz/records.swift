// libFuzzer target: the stream engine, with the options varied by the
// input's first six bytes and a transform of numgroup (any mode, -g 1, 2,
// 3 or 3,2, separators of 1 to 40 bytes), numconv (one target, or forty) or
// coinfmt. Checks the stream contract in every mode, CSV included, against a
// reference splitter of its own (see checkStream in
// Support/StreamContract.swift): one output record per input record in order
// (fewer with skip, a prefix with abort, the records read completely after
// SIGINT), error records of six valid UTF-8 columns numbered as their record
// with ORIGINAL unescaping to it, terminators as read, headers and
// unselected fields byte for byte, no value growing past the output limit;
// and the transform's run of whole records (transformRecords) against the
// transform value by value. With the top bit of the second byte, --width
// instead: the transform padding its own run against the engine padding
// each value (checkPadding in Support/RecordRuns.swift).
//
// Layout: 6 option bytes, then the body (bytes F8 to FE stand for longer
// pieces, see `pieces`), repeated up to 40000 times (at most 256 KiB) so that
// small inputs fill the engine's 64 KiB slices of whole records.
import Foundation

/// Bytes F8...FE of the body: what the mutator would take long to build.
let pieces: [[UInt8]] = [
    Array(repeating: UInt8(ascii: "9"), count: 700), Array("error\t1\t0\tcode\tmessage\t".utf8),
    Array("1e999999".utf8), Array("12345\n".utf8), Array("\"1,234\"".utf8), Array("\r\n".utf8),
    Array("-9.99e-999999".utf8),
]

/// Separator bytes numgroup accepts (none is a delimiter, terminator, CR or quote).
let separatorPieces = [",", " ", "'", "=", "_", "x", "é", "’", "\u{202F}", "\u{00A0}", "\\", "ab", ".", "-", "~~"]
let groupings = [Grouping(primary: 3), Grouping(primary: 1), Grouping(primary: 2), Grouping(primary: 3, secondary: 2)]
let modes: [DigitGrouper.Mode] = [.group, .ungroup, .sanitize, .text(minimumDigits: 5)]
let fieldLists: [FieldList?] = [nil, "2", "2,4-", "1", "-2", "3-", "1,3", nil].map { $0.flatMap { try? FieldList($0) } }
let delimiters: [[UInt8]?] = [nil, Array(";".utf8), Array("€".utf8), Array("|".utf8)]
let maxRecordBytes = [1 << 20, 16, 4, 64, 256, 1, 4096, 40]
let chunkSizes = [1, 2, 3, 7, 64, 4096, 1 << 16, 1 << 20]
let repeats = [1, 1, 2, 3, 16, 300, 5000, 40000]
let signalAfter = [1, 5, 20, 60]

let enUS = LocaleNumberFormat(locale: LocaleID(identifier: "en_US"))
let converter = NumberConverter(from: enUS, to: [LocaleNumberFormat(locale: LocaleID(identifier: "de_DE"))])
/// Forty targets: numconv --to with many locales (its values hold TABs, so only without -f).
let manyTargets = NumberConverter(
    from: enUS,
    to: (0..<40).map { k in
        LocaleNumberFormat(locale: LocaleID(identifier: ["de_DE", "ar_EG", "fr_FR", "en_IN", "de_CH"][k % 5]))
    })
let coin = CoinTransform(
    style: CoinFormatStyle(style: .currency, locale: LocaleID(identifier: "en_US"), currencyCode: "USD"))

func fuzzRecords(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 6 else { return 0 }
    let o = Array(UnsafeBufferPointer(start: data, count: 6))
    let body = expandPieces(UnsafeBufferPointer(start: data + 6, count: size - 6), pieces)
    let times = max(1, min(repeats[Int(o[5] >> 3 & 7)], (1 << 18) / max(1, body.count)))

    var c = StreamConfiguration(toolName: "fuzz")
    c.csv = o[0] & 1 != 0
    c.zeroTerminated = o[0] & 2 != 0
    c.fields = fieldLists[Int(o[0] >> 2 & 7)]
    c.delimiter = delimiters[Int(o[0] >> 5 & 3)]
    c.emptyIsError = o[0] & 0x80 != 0
    let policy = ErrorPolicy.allCases[Int(o[4] & 3)]
    c.headerRecords = Int(o[4] >> 2 & 3)
    c.maxRecordBytes = maxRecordBytes[Int(o[4] >> 4 & 7)]
    let signal = o[4] & 0x80 != 0 ? signalAfter[Int(o[5] >> 6)] : nil
    let bound = c.outputLimit

    func run<T: ValueTransform>(_ transform: T) {
        let input = repeated(body, times, transform, c)
        // (Reads of a few bytes, but no more than about a thousand reads: a run stays fast.)
        let chunk = max(chunkSizes[Int(o[5] & 7)], input.count / 1024)
        if o[1] & 0x80 != 0 {
            // --width of 1 to 72 columns, right or left.
            var padded = c
            padded.padding = Padding(columns: Int(o[3] % 72) + 1, alignment: o[2] & 1 == 0 ? .right : .left)
            return checkPadding(transform, padded, input, chunk: chunk, policy: policy)
        }
        let heavy = checkStream(
            transform, c, input, chunk: chunk, policy: policy, signalAfter: signal, valueBound: bound)
        if !heavy && !c.csv && c.fields == nil {
            checkTransformRecords(
                transform, input, terminator: c.zeroTerminated ? 0 : 0x0A, maxLength: c.maxRecordBytes,
                outputLimit: c.outputLimit)
        }
    }
    switch o[1] & 7 {
    case 5: run(converter)
    case 6 where c.fields == nil: run(manyTargets)
    case 7: run(coin)
    default:
        // numgroup: -s of 1 to 40 bytes (`,` when o[2] is 0), -g, and the mode.
        var separator = ""
        let length = Int(o[2]) % 41
        var k = Int(o[3])
        while separator.utf8.count < length {
            separator += separatorPieces[k % separatorPieces.count]
            k = (k * 7 + Int(o[2]) + 1) % separatorPieces.count
        }
        if separator.isEmpty { separator = "," }
        // As numgroup's options allow: not the decimal point, not starting with a sign.
        if separator == "." || separator.hasPrefix("-") { separator = "_" + separator }
        let style = GroupingStyle(separator: separator, decimal: ".", grouping: groupings[Int(o[1] >> 5 & 3)])
        run(DigitGrouper(style: style, mode: modes[Int(o[1] >> 3 & 3)]))
    }
    return 0
}
