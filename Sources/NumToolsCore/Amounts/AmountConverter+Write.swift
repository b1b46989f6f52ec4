import Foundation

extension AmountConverter {
    /// Writes a reading in every target, then its code (`--code`): the
    /// machine number for `C`, the target's notation of the kind read for
    /// another locale (coinfmt's formatter, for the same currency).
    mutating func write<Output: ByteOutput & ~Copyable>(_ r: Reading, into output: inout Output) throws(ValueError) {
        var code: Int32 = -1
        if writesCode || (!allPlain && (r.kind == .currency || r.kind == .accounting)) {
            code = try currencyCode(of: r)
        }
        if allPlain {
            try plain.write(negative: r.negative, digits: r.digits, into: &output)
        } else {
            let separator = self.separator
            for t in targets.indices {
                if t > 0 { separator.append(to: &output) }
                try writeTarget(t, r, code: code, into: &output)
            }
        }
        if writesCode {
            separator.append(to: &output)
            for b in CurrencyCatalog.codes[Int(code)].utf8 { output.append(b) }
        }
    }

    /// The ISO 4217 code of a reading: its mark's, or `-c`'s for a value
    /// without a mark; `ambiguous-currency` when neither fixes one.
    func currencyCode(of r: Reading) throws(ValueError) -> Int32 {
        if r.currency >= 0 { return r.currency }
        if r.currency == AmountShape.noCurrency && currency >= 0 { return currency }
        let why =
            r.currency == AmountShape.noCurrency
            ? "the value has no currency mark and no -c names the column's currency"
            : "its mark stands for several currencies here; name the column's with -c"
        throw ValueError(.number(.ambiguousCurrency), "the currency cannot be known: \(why)")
    }

    /// Writes a reading in target `t`.
    mutating func writeTarget<Output: ByteOutput & ~Copyable>(
        _ t: Int, _ r: Reading, code: Int32, into output: inout Output
    ) throws(ValueError) {
        let target = targets[t]
        if target.identifier == LocaleSupport.machineIdentifier || r.kind == .number || r.kind == .scientific {
            let single = plainWriters[t]
            try single.write(negative: r.negative, digits: r.digits, into: &output)
            return
        }
        // The digits as read (or as --min-fraction/--max-fraction make them).
        var fraction = r.digits.fractionCount
        if let minimum = plain.minimumFraction { fraction = max(fraction, minimum) }
        if let maximum = plain.maximumFraction { fraction = min(fraction, maximum) }
        let key = FormatterKey(target: t, kind: r.kind, currency: code, fraction: fraction)
        var formatter: CoinFormatter
        if let known = formatters[key] {
            formatter = known
        } else {
            var style: CoinFormatStyle
            switch r.kind {
            case .compact:
                style = CoinFormatStyle(style: .compact, locale: target)
                if code >= 0 { style = style.currency(CurrencyCatalog.codes[Int(code)]) }
            default:
                style = CoinFormatStyle(style: .currency, locale: target)
                    .currency(CurrencyCatalog.codes[Int(code)])
                    .fractionLength(min: fraction, max: fraction)
                if r.kind == .accounting { style = style.sign(CoinFormatStyle.SignDisplay.accountingSign) }
            }
            formatter = CoinFormatter(style)
            if formatters.count > 256 { formatters.removeAll() }
        }
        let number = ExactDecimal(
            negative: r.negative, digits: Array(r.digits.integer) + Array(r.digits.fraction),
            exponent: -r.digits.fractionCount)
        var bytes: [UInt8] = []
        formatter.format(number, into: &bytes)
        formatters[key] = formatter
        guard bytes.count <= outputLimit else { throw ValueError.outputTooLong(outputLimit) }
        bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }
}

extension CoinFormatStyle.SignDisplay {
    /// The sign an accounting amount is written with.
    static var accountingSign: Self { .automatic }
}
