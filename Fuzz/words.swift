// libFuzzer target: numconv's readers of words, numerals and amounts in
// words (SpelloutReader, NumeralReader, CurrencyWordsReader). Invariants:
// any bytes are answered (a number or an error record, within the
// reader's bounds); a number read from words in a language whose rules
// the reader holds writes back, by coinfmt's writer, as words that read
// as the same number; the byte fold is the fold by scalars; the words'
// arithmetic (WordTable) guesses only what the complete walk reads; and
// coinfmt's words of an input that is a plain number (written into 1 KiB
// on the stack, BufferOutput, or past it into an array) are the writer's.
import Foundation

/// The languages whose words the target reads and writes.
let wordLanguages = ["en_US", "de_DE", "ga", "ru", "ko_KR", "zh_CN"]
let wordReaders: [(NumeralReader, SpelloutFormatter)] =
    wordLanguages
    .map { (NumeralReader.words(locale: LocaleID(identifier: $0))!, SpelloutFormatter.words(locale: $0)!) }
    + ["roman", "grek", "hans"].map { (NumeralReader.numerals($0)!, NumeralSystems.formatter($0)!) }
/// coinfmt's words of each language of `wordReaders` (nil for the numbering systems).
nonisolated(unsafe) var wordWriters: [CoinFormatter?] =
    wordLanguages
    .map { CoinFormatStyle(style: .words, locale: LocaleID(identifier: $0)).formatter() } + [nil, nil, nil]
let amountReaders: [CurrencyWordsReader] = [
    ("en_US", "USD"), ("fr_FR", "EUR"), ("ko_KR", "KRW"), ("zh_CN", "CNY"), ("ja_JP", "JPY"),
].map { try! CurrencyWordsReader(locale: LocaleID(identifier: $0.0), code: $0.1) }

func fuzzWords(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    if selector & 1 == 1 {
        let reader = amountReaders[(selector >> 1) % amountReaders.count]
        if let amount = try? reader.read(value) {
            check(!amount.isEmpty && amount.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }, "not an amount")
        }
        return 0
    }
    let index = (selector >> 1) % wordReaders.count
    let (reader, writer) = wordReaders[index]
    if wordWriters[index] != nil, value.allSatisfy({ $0 == 0x2D || $0 == 0x2E || ($0 >= 0x30 && $0 <= 0x39) }),
        let decimal = try? ExactDecimal(parsing: value)
    {
        var general: [UInt8] = []
        if (try? writer.format(decimal, into: &general)) != nil {
            let fast = try? wordWriters[index]!.format(parsing: value) { out, _ in Array(out) }
            check(
                fast == general, "coinfmt's words differ from the writer's: \(String(decoding: value, as: UTF8.self))")
        }
    }
    let rules = reader.rules
    let folded = SpelloutReader.fold(value, dropping: rules.dropped)
    check(folded == SpelloutReader.foldByScalars(value, dropping: rules.dropped), "the byte fold differs")
    if folded.count <= SpelloutReader.maximumLength, let guess = rules.guess(folded) {
        let walk = rules.walk(folded, pruning: false)
        check(walk.steps > SpelloutReader.maximumSteps || walk.found == [guess], "a guess the walk does not read")
    }
    guard let number = try? reader.read(value) else { return 0 }
    let text = String(decoding: number, as: UTF8.self)
    guard let decimal = try? ExactDecimal(text) else {
        check(false, "read a number that does not parse: \(text)")
        return 0
    }
    var words: [UInt8] = []
    guard (try? writer.format(decimal, into: &words)) != nil else { return 0 }
    let back = words.withUnsafeBufferPointer { try? reader.read($0) }
    check(
        back.flatMap { try? ExactDecimal(String(decoding: $0, as: UTF8.self)) } == decimal,
        "words do not read back: \(text)")
    return 0
}
