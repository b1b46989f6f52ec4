// libFuzzer target: numconv's amount reader (--style currency, accounting,
// compact, scientific, auto), the digits it shifts through raw memory
// included. Invariants: a value gives output or a known error code; the
// output is a machine number, never longer than the output limit; a value
// read in one style reads the same in auto, or auto refuses it as ambiguous
// (but for the byte units, which auto reads first);
// the reader's shortcuts give what its general reading gives, byte for byte.
import Foundation

let amountCodes = Set(
    NumberErrorCode.allCases.map(ValueError.Code.number) + [.engine(.outputTooLong)])
let amountLocales = ["en_US", "de_DE", "ko_KR", "ja_JP", "ar_EG", "pt_CV"]
let machine = LocaleID(identifier: LocaleSupport.machineIdentifier)
let amountStyles: [AmountStyle] = [.currency, .accounting, .compact, .scientific, .auto]
let amountLimit = 4096

/// Derives every locale's marks (all tiers) before the first input, so
/// that no input pays the once-per-process derivation under -timeout.
func initializeAmounts() {
    let none: [UInt8] = [0xFF]
    for id in amountLocales {
        let locale = LocaleID(identifier: id)
        _ = none.withUnsafeBufferPointer { CurrencyMarks.of(locale).lookup($0) }
        _ = CompactUnits.of(locale)
    }
}

func fuzzAmounts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 2 else { return 0 }
    let locale = LocaleID(identifier: amountLocales[Int(data[0]) % amountLocales.count])
    let style = amountStyles[Int(data[1]) % amountStyles.count]
    let value = UnsafeBufferPointer(start: data + 2, count: size - 2)
    guard UTF8Bytes.isValid(value) else { return 0 }
    func run(_ style: AmountStyle, _ sources: [LocaleID], fast: Bool = true) -> Result<[UInt8], ValueError> {
        var converter = AmountConverter(
            from: sources, style: style, to: [machine], currency: nil, writesCode: data[1] & 0x80 != 0,
            preferring: nil, minimumFraction: nil, maximumFraction: nil, fastPaths: fast)
        converter.outputLimit = amountLimit
        var out: [UInt8] = []
        do throws(ValueError) {
            try converter.transform(value, into: &out)
            return .success(out)
        } catch { return .failure(error) }
    }
    let result = run(style, [locale])
    switch (result, run(style, [locale], fast: false)) {
    case (.success(let a), .success(let b)):
        check(a == b, "the shortcuts read another number: \(String(decoding: a, as: UTF8.self))")
    case (.failure(let a), .failure(let b)):
        check(a == b, "the shortcuts fail otherwise: \(a.message) / \(b.message)")
    default:
        check(false, "the shortcuts and the general reading disagree on whether the value reads")
    }
    switch result {
    case .failure(let error):
        check(amountCodes.contains(error.code), "unknown error code \(error.code)")
    case .success(let out):
        check(out.count <= amountLimit + 8, "output of \(out.count) bytes past the limit")
        let number = out.prefix { $0 != 9 }
        check(
            number.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 },
            "not a machine number: \(String(decoding: out, as: UTF8.self))")
        // (Under auto a byte unit after the number is a byte count, where
        // another style may take the letters for a currency's mark.)
        let autoReader = AmountReader(locale: locale, style: .auto)
        let unitUnderAuto = autoReader.endsWithByteUnit(value, 0, value.count)
        if style != .auto, !unitUnderAuto, case .success(let auto) = run(.auto, [locale]) {
            check(
                auto.prefix { $0 != 9 }.elementsEqual(number),
                "auto reads another number: \(String(decoding: auto, as: UTF8.self))")
        }
    }
    _ = run(.auto, [locale, LocaleID(identifier: "en_US")])
    return 0
}
