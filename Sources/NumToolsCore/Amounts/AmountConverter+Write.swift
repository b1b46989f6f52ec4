extension AmountConverter {
    /// Writes a reading in every target, then its code (`--code`): the
    /// machine number for `C`, the target's notation of the kind read for
    /// another locale (coinfmt's formatter, for the same currency).
    func write<Output: ByteOutput & ~Copyable>(_ r: Reading, into output: inout Output) throws(ValueError) {
        var code: Int32 = -1
        if writesCode || (!allPlain && (r.kind == .currency || r.kind == .accounting)) {
            code = try currencyCode(of: r)
        }
        if allPlain {
            try plain.writePoints(negative: r.negative, digits: r.digits, into: &output)
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
    /// without a mark; under `--from auto`, the one currency every
    /// candidate's marks give the mark; `ambiguous-currency`, naming the
    /// candidates, when none of these fixes one.
    func currencyCode(of r: Reading) throws(ValueError) -> Int32 {
        if r.currency >= 0 { return r.currency }
        if r.currency == AmountShape.noCurrency {
            if currency >= 0 { return currency }
            throw ValueError(
                .number(.ambiguousCurrency),
                "the currency cannot be known: the value has no currency mark and no -c names the column's currency")
        }
        let candidates = candidates(of: r.mark)
        if readers.count > 1 && candidates.count == 1 { return candidates[0] }
        let text = String(decoding: r.mark, as: UTF8.self)
        let names = candidates.map { CurrencyCatalog.codes[Int($0)] }.joined(separator: ", ")
        let notations = readers.map(\.identifier).joined(separator: ", ")
        throw ValueError(
            .number(.ambiguousCurrency),
            "the currency cannot be known: '\(text)' stands for \(names) in \(notations); name the column's with -c")
    }

    /// Every currency `mark` stands for in the notations read, sorted (the
    /// last mark's kept: a column repeats its mark).
    func candidates(of mark: UnsafeBufferPointer<UInt8>) -> [Int32] {
        if !mark.isEmpty && formatters.lastMark.elementsEqual(mark) { return formatters.lastCandidates }
        let key = Array(mark)
        var found = Set<Int32>()
        for r in readers { if let marks = r.marks { found.formUnion(marks.currencies(key)) } }
        formatters.lastMark = key
        formatters.lastCandidates = found.sorted()
        return formatters.lastCandidates
    }

    /// Writes a reading in target `t`.
    func writeTarget<Output: ByteOutput & ~Copyable>(
        _ t: Int, _ r: Reading, code: Int32, into output: inout Output
    ) throws(ValueError) {
        let target = targets[t]
        if target.identifier == LocaleSupport.machineIdentifier || r.kind == .number {
            let single = plainWriters[t]
            try single.writePoints(negative: r.negative, digits: r.digits, into: &output)
            return
        }
        // The digits as read (or as --min-fraction/--max-fraction make them).
        var fraction = r.digits.fractionCount
        if let minimum = plain.minimumFraction { fraction = max(fraction, minimum) }
        if let maximum = plain.maximumFraction { fraction = min(fraction, maximum) }
        let key = FormatterKey(
            target: t, kind: r.kind, currency: code,
            fraction: r.kind == .scientific ? Self.significantDigits(r) : fraction)
        var formatter: CoinFormatter
        if let known = formatters.table[key] {
            formatter = known
        } else {
            var style: CoinFormatStyle
            switch r.kind {
            case .scientific:
                // The target's scientific notation of the digits read, all of them.
                let significant = max(1, Self.significantDigits(r))
                style = CoinFormatStyle(style: .scientific, locale: target).significantDigits(significant...significant)
            case .compact:
                style = CoinFormatStyle(style: .compact, locale: target)
                if code >= 0 { style = style.currency(CurrencyCatalog.codes[Int(code)]) }
            default:
                style = CoinFormatStyle(style: .currency, locale: target)
                    .currency(CurrencyCatalog.codes[Int(code)])
                    .fractionLength(min: fraction, max: fraction)
                if r.kind == .accounting { style = style.sign(.accounting) }
            }
            formatter = CoinFormatter(style)
            if formatters.table.count > 256 { formatters.table.removeAll() }
        }
        let number = ExactDecimal(
            negative: r.negative, digits: Array(r.digits.integer) + Array(r.digits.fraction),
            exponent: -r.digits.fractionCount)
        var bytes: [UInt8] = []
        formatter.format(number, into: &bytes)
        formatters.table[key] = formatter
        guard bytes.count <= outputLimit else { throw ValueError.outputTooLong(outputLimit) }
        bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }
}

extension AmountConverter {
    /// The significant digits of a reading as written (`6.022E23`: 4), at most 999.
    static func significantDigits(_ r: Reading) -> Int {
        var all = Array(r.digits.integer) + Array(r.digits.fraction)
        while all.first == 48 { all.removeFirst() }
        // Trailing zeros of the integer part come from the shift, not the writer.
        if r.digits.fractionCount == 0 { while all.last == 48 && all.count > 1 { all.removeLast() } }
        return min(999, max(1, all.count))
    }
}
