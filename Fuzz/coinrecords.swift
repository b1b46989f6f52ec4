// libFuzzer target: coinfmt through the stream engine on values of any
// magnitude (`1e999999`, `-9.99e-999999`): the stream contract as the
// records target checks it (checkStream in Support/StreamContract.swift),
// with no value growing past the output limit (16 × --max-record-bytes, at
// least 64 KiB: StreamConfiguration.outputLimit), and memory bounded by it:
// many records of large values must not pile up unwritten (no write larger
// than writeBound in Support/EngineRun.swift; without that bound
// `yes 1e999999 | head -n 2000 | coinfmt` holds 2.7 GB, past -rss_limit_mb,
// but takes minutes to get there).
//
// Layout: 2 option bytes, then the body (bytes F8 to FE stand for the
// pieces below), repeated up to 5000 times (at most 256 KiB).
import Foundation

let coinPieces: [[UInt8]] = [
    "e999999", "e-999999", "1e999999", "-9.99e-999999", "99999999999999999999", "\n", "0.",
].map { Array($0.utf8) }

let coinTransforms: [CoinTransform] =
    fuzzCoinStyles.map { CoinTransform(formatter: $0.formatter(), colored: false) }
    + [CoinTransform(style: CoinFormatStyle(style: .currency, locale: LocaleID(identifier: "en_US")), colored: true)]

let coinMaxRecordBytes = [16, 64, 256, 4096]
let coinRepeats = [1, 2, 16, 300, 1000, 2000, 5000, 5000]
let coinChunks = [7, 4096, 1 << 16, 1 << 20]

func fuzzCoinrecords(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 2 else { return 0 }
    let (o0, o1) = (data[0], data[1])
    var body: [UInt8] = []
    for b in UnsafeBufferPointer(start: data + 2, count: size - 2) {
        if b >= 0xF8 && b <= 0xFE { body += coinPieces[Int(b - 0xF8)] } else { body.append(b) }
    }
    let times = max(1, min(coinRepeats[Int(o1 >> 2 & 7)], (1 << 18) / max(1, body.count)))

    var c = StreamConfiguration(toolName: "fuzz")
    c.csv = o0 & 8 != 0
    c.fields = o0 & 16 != 0 ? try? FieldList("2") : nil
    c.maxRecordBytes = coinMaxRecordBytes[Int(o1 & 3)]
    let policy = ErrorPolicy.allCases[Int(o0 >> 5 & 3)]
    let transform = coinTransforms[Int(o0 & 7) % coinTransforms.count]
    let input = repeated(body, times, transform, c)
    let chunk = max(coinChunks[Int(o1 >> 5 & 3)], input.count / 1024)
    let heavy = checkStream(
        transform, c, input, chunk: chunk, policy: policy, signalAfter: nil, valueBound: c.outputLimit)
    if !heavy && !c.csv && c.fields == nil {
        checkTransformRecords(
            transform, input, terminator: 0x0A, maxLength: c.maxRecordBytes,
            outputLimit: c.outputLimit)
    }
    return 0
}
