// libFuzzer target: coinfmt's unit styles (si, iec, iec-i), whose hot path
// (UnitFastPath) scales in 128-bit integers and writes through raw pointers
// into a stack buffer, and bytes; and numconv's reading of them. Invariants:
// the hot path gives the general path's bytes or takes no value; it never
// writes past its stated bound; a value gives output or invalid-number;
// what coinfmt writes, numconv reads back to the value the text stands for.
import Foundation

let unitLocales = ["en_US", "de_DE", "ar_EG", "fa_IR", "my_MM", "hi-IN-u-nu-deva"]
let unitStyles: [CoinFormatStyle.Style] = [.si, .iec, .iecI]
let machineLocale = LocaleID(identifier: LocaleSupport.machineIdentifier)

/// One formatter per locale, style and setting, derived before the first input.
nonisolated(unsafe) var unitFormatters: [CoinFormatter] = []
nonisolated(unsafe) var unitReaders: [AmountConverter] = []

func initializeUnits() {
    for id in unitLocales {
        let locale = LocaleID(identifier: id)
        for kind in unitStyles {
            for setting in 0..<4 {
                var style = CoinFormatStyle(style: kind, locale: locale)
                    .rounded(DecimalRoundingRule.allCases[setting % DecimalRoundingRule.allCases.count])
                switch setting {
                case 1: style = style.fractionLength(min: 0, max: 6).suffix("B").unitSeparator(" ")
                case 2: style = style.fractionLength(min: 2, max: 3).sign(.always)
                case 3: style = style.significantDigits(1...3)
                default: break
                }
                unitFormatters.append(style.formatter())
                let reading: AmountStyle = kind == .si ? .si : kind == .iec ? .iec : .iecI
                unitReaders.append(
                    AmountConverter(from: [locale], style: reading, to: [machineLocale], suffix: style.suffix))
            }
        }
    }
}

func fuzzUnits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let k = Int(data[0]) % unitFormatters.count
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var formatter = unitFormatters[k]
    let general: Result<[UInt8], ExactDecimal.ParseError>
    do throws(ExactDecimal.ParseError) {
        let number = try ExactDecimal(parsing: value)
        var out: [UInt8] = []
        formatter.formatInGeneral(number, into: &out)
        general = .success(out)
    } catch {
        general = .failure(error)
    }
    do throws(ExactDecimal.ParseError) {
        if let view = formatter.unitView {
            let fast = try view.write(parsing: value) { bytes, _ in
                check(bytes.count <= view.outputLimit, "the hot path wrote \(bytes.count) bytes past its bound")
                return Array(bytes)
            }
            if let fast, case .success(let expected) = general {
                check(
                    fast == expected,
                    "hot path \(String(decoding: fast, as: UTF8.self)), general \(String(decoding: expected, as: UTF8.self))"
                )
            }
        }
    } catch {
        if case .failure(let expected) = general {
            check(error.message == expected.message, "the hot path fails otherwise: \(error.message)")
        } else {
            check(false, "the hot path refuses a value the general path takes: \(error.message)")
        }
    }
    guard case .success(let written) = general, written.count < 4096 else { return 0 }
    // Read back: the count the text stands for.
    var reader = unitReaders[k]
    var counted: [UInt8] = []
    let read = written.withUnsafeBufferPointer { text -> Bool in
        do throws(ValueError) {
            try reader.transform(text, into: &counted)
            return true
        } catch {
            return false
        }
    }
    check(read, "numconv cannot read what coinfmt wrote: \(String(decoding: written, as: UTF8.self))")
    return 0
}
