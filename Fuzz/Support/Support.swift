// What every fuzz target shares (the stream harness is in the other files of Fuzz/Support/).
import Foundation

// Shared by the fuzz targets: an invariant failure is a crash libFuzzer records.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

/// The coinfmt styles the coin and coinrecords targets format with: a
/// currency with a fraction range, percent in Arabic digits with a sign,
/// number rounded up with an apostrophe, compact short and compact currency,
/// a currency in the accounting pattern, scientific notation in Arabic digits.
let fuzzCoinStyles: [CoinFormatStyle] = [
    CoinFormatStyle(style: .currency, locale: LocaleID(identifier: "en_US"), currencyCode: "USD")
        .fractionLength(min: 2, max: 6),
    CoinFormatStyle(style: .percent, locale: LocaleID(identifier: "ar_EG")).sign(.always),
    CoinFormatStyle(style: .number, locale: LocaleID(identifier: "de_CH")).rounded(.up),
    CoinFormatStyle(style: .compact, locale: LocaleID(identifier: "ko_KR")),
    CoinFormatStyle(style: .compact, locale: LocaleID(identifier: "en_US"), currencyCode: "USD")
        .significantDigits(3...3),
    CoinFormatStyle(style: .currency, locale: LocaleID(identifier: "nl_NL")).sign(.accounting),
    CoinFormatStyle(style: .scientific, locale: LocaleID(identifier: "ar_EG")).significantDigits(2...8),
]

/// The fuzz input's bytes with each byte 0xF8...0xFE replaced by the piece
/// of `pieces` it names (index byte - 0xF8): whole tokens (CRLF, quotes,
/// error records) the fuzzer would seldom spell out byte by byte.
func expandPieces(_ bytes: UnsafeBufferPointer<UInt8>, _ pieces: [[UInt8]]) -> [UInt8] {
    var body: [UInt8] = []
    for b in bytes {
        if b >= 0xF8 && b <= 0xFE { body += pieces[Int(b - 0xF8)] } else { body.append(b) }
    }
    return body
}
