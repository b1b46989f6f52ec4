// The in-process Foundation baselines for scripts/bench.sh: what a Swift
// programmer would write with Foundation alone, one FormatStyle call per record.
// Not a tool and not installed; it exists so the benchmark can report how
// numconv and coinfmt compare with the obvious Foundation code.
//
//   numtools-bench numconv FROM TO                  parse with FROM's Decimal.FormatStyle,
//                                                   format with TO's, keeping the fraction digits
//   numtools-bench coinfmt CODE LOCALE MIN MAX      Decimal(string:) then Decimal.FormatStyle.Currency
//                                                   with MIN...MAX fraction digits
//   numtools-bench numgroup LOCALE                  Decimal(string:) then Decimal.FormatStyle,
//                                                   keeping the fraction digits
//
// Records are read from standard input, one a line; each output line is the
// formatted value, or "error<TAB>ORIGINAL" when Foundation cannot parse it.
import Foundation

/// Buffered standard output, so that write(2) calls do not dominate the measurement.
struct Output {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(10)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(1, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { exit(3) }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: numtools-bench numconv FROM TO | coinfmt CODE LOCALE MIN MAX | numgroup LOCALE\n".utf8))
    exit(2)
}

/// The number of digits after the last `decimal` in `text` (0 when there is none).
func fractionDigits(_ text: Substring, decimal: Character) -> Int {
    guard let point = text.lastIndex(of: decimal) else { return 0 }
    return text[text.index(after: point)...].reduce(0) { $1.isNumber ? $0 + 1 : $0 }
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first else { usage() }
var out = Output()

switch mode {
case "numconv":
    guard arguments.count == 3 else { usage() }
    let from = Locale(identifier: arguments[arguments.startIndex + 1])
    let to = Locale(identifier: arguments[arguments.startIndex + 2])
    let decimal = Character(from.decimalSeparator ?? ".")
    while let line = readLine() {
        let value = line.trimmingCharacters(in: .whitespaces)
        guard let number = try? Decimal(value, format: Decimal.FormatStyle(locale: from)) else {
            out.line("error\t\(line)")
            continue
        }
        let n = fractionDigits(Substring(value), decimal: decimal)
        out.line(number.formatted(Decimal.FormatStyle(locale: to).precision(.fractionLength(n))))
    }
case "coinfmt":
    guard arguments.count == 5 else { usage() }
    let code = arguments[arguments.startIndex + 1]
    let locale = Locale(identifier: arguments[arguments.startIndex + 2])
    guard let low = Int(arguments[arguments.startIndex + 3]), let high = Int(arguments[arguments.startIndex + 4]),
        low <= high
    else { usage() }
    while let line = readLine() {
        guard let number = Decimal(string: line.trimmingCharacters(in: .whitespaces), locale: locale) else {
            out.line("error\t\(line)")
            continue
        }
        out.line(
            number.formatted(
                Decimal.FormatStyle.Currency(code: code, locale: locale).precision(.fractionLength(low...high))))
    }
case "numgroup":
    guard arguments.count == 2 else { usage() }
    let locale = Locale(identifier: arguments[arguments.startIndex + 1])
    while let line = readLine() {
        let value = line.trimmingCharacters(in: .whitespaces)
        guard let number = Decimal(string: value, locale: locale) else {
            out.line("error\t\(line)")
            continue
        }
        let n = fractionDigits(Substring(value), decimal: ".")
        out.line(number.formatted(Decimal.FormatStyle(locale: locale).precision(.fractionLength(n))))
    }
default:
    usage()
}
out.flush()
