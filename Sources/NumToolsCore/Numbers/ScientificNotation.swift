/// How a locale writes the exponent of a number in scientific notation
/// (`Decimal.FormatStyle` with `.notation(.scientific)`): the exponent
/// symbol and the exponent's minus sign, read off FormatStyle's output for
/// probe values. The mantissa is written with the locale's
/// ``NumberNotation`` (its digits and decimal separator; one integer digit,
/// so never grouped), and the exponent's digits are the same digits:
/// `6.022E23`, `1.23E-4` (en_US), `٦٫٠٢٢أس٢٣`, `١٫٢٣أس؜-٤` (ar_EG),
/// `۶٫۰۲۲×۱۰^۲۳` (fa_IR), `6,022×10^23` (sv_SE).
///
/// The text around the whole number (the sign of the mantissa) is the
/// formatter's template, as for every other notation.
struct ScientificNotation: Sendable, Hashable {
    /// UTF-8 of what stands between the mantissa and the exponent (`E`, `أس`, `×۱۰^`).
    let exponentSymbol: [UInt8]
    /// UTF-8 of the sign before a negative exponent (`-`, `؜-`, `‎−`); a
    /// positive exponent has none.
    let exponentMinus: [UInt8]

    /// The scientific notation of `probe`'s locale (a scientific number
    /// probe), whose digits are `digits`; derived once a process and locale.
    static func of(_ probe: FoundationProbe, digits: [[UInt8]]) -> ScientificNotation {
        if let known = cache[probe] { return known }
        // Numbers and percents from the generated CLDR data (ICU writes the
        // exponential symbol, then the minus sign of a negative exponent);
        // a currency, or a locale name the data has no entry for, is probed.
        if !probe.compact, probe.kind == .number || probe.kind == .percent,
            let data = NumberSymbols.of(probe.locale.identifier)
        {
            return cache.insert(ScientificNotation(symbols: data), for: probe)
        }
        return cache.insert(ScientificNotation(probe: probe, digits: digits), for: probe)
    }

    /// The notation the generated data `data` gives: its exponential symbol and minus sign.
    init(symbols data: NumberSymbols) {
        exponentSymbol = Array(data.exponential.utf8)
        exponentMinus = Array(data.minus.utf8)
    }

    private static let cache = ProbeCache<ScientificNotation>()

    /// Reads the notation off four renderings with no fraction digits:
    /// 2e4 and 3e4 differ in the mantissa only, so what they share before it
    /// is the text before the number; 2e4 and 2e5 differ in the exponent
    /// only, so what they share before it ends with the exponent symbol, and
    /// what they share after it is the text after the number; 2e-4 holds
    /// the exponent's minus where 2e4 has nothing. (One-digit exponents:
    /// with digits beyond the BMP, ICU fails on longer ones, and FormatStyle
    /// writes the plain ASCII number instead: `20000000000` for 2e10 in ccp.)
    init(probe: FoundationProbe, digits: [[UInt8]]) {
        func scalars(_ value: String) -> [Unicode.Scalar] {
            Array(probe.render(value, fraction: 0, form: .positive).unicodeScalars)
        }
        func digit(_ d: Int) -> [Unicode.Scalar] { Array(String(decoding: digits[d], as: UTF8.self).unicodeScalars) }
        func utf8(_ part: ArraySlice<Unicode.Scalar>) -> [UInt8] {
            Array(String(String.UnicodeScalarView(part)).utf8)
        }
        let (a, b, c, d) = (scalars("2e4"), scalars("3e4"), scalars("2e5"), scalars("2e-4"))
        let before = commonPrefixLength([a, b])
        let upToExponent = commonPrefixLength([a, c])
        let after = commonSuffixLength([a, c])
        let two = digit(2)
        let four = digit(4)
        let mantissaEnd = min(before + two.count, upToExponent)
        exponentSymbol = utf8(a[mantissaEnd..<upToExponent])
        // 2e-4: the same up to the exponent symbol, then the minus, then 4 and the same text after.
        let minusEnd = d.count - after - four.count
        if minusEnd >= upToExponent, Array(d[..<upToExponent]) == Array(a[..<upToExponent]) {
            exponentMinus = utf8(d[upToExponent..<minusEnd])
        } else {
            exponentMinus = []
        }
    }

    /// Appends the exponent part of `exponent`: the symbol, the minus of a
    /// negative exponent and its digits in `digits` (`digits[d]` is digit `d`).
    func appendExponent(_ exponent: Int, digits: [[UInt8]], into out: inout [UInt8]) {
        out += exponentSymbol
        if exponent < 0 { out += exponentMinus }
        var ascii: [UInt8] = []
        var rest = exponent.magnitude
        repeat {
            ascii.append(UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        for d in ascii.reversed() { out += digits[Int(d)] }
    }

    /// The bytes ``appendExponent(_:digits:into:)`` writes, for digits of `digitWidth` bytes each.
    func exponentByteCount(_ exponent: Int, digitWidth: Int) -> Int {
        var count = 1
        var rest = exponent.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return exponentSymbol.count + (exponent < 0 ? exponentMinus.count : 0) + count * digitWidth
    }
}
