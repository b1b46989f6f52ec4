// MARK: Derivation steps

extension CoinFormatter {
    /// The kind of probe for the text around the number, and the kind the
    /// notation and compact divisors are read with.
    static func probeKinds(_ style: CoinFormatStyle) -> (own: FoundationProbe.Kind, derivation: FoundationProbe.Kind) {
        let kind: FoundationProbe.Kind
        switch style.style {
        case .number, .scientific, .engineering, .si, .iec, .iecI, .bytes, .words, .numerals: kind = .number
        case .percent: kind = .percent
        case .currency, .compact, .myriad:
            if let currency = style.resolvedCurrencyCode {
                kind = .currency(code: currency, display: style.display)
            } else {
                kind = .number
            }
        }
        // The notation of the name presentation is the currency's own: ICU
        // applies a currency's own separators and pattern to every
        // presentation (EUR in en_150, en_BG and en_CH: "-1.234,50 € euros",
        // where US dollars are "-1,234.50 US dollars"). But currency names may
        // hold digits ("Albanian lekë (1946–1965)", "unités de compte 9
        // européennes"), which the derivation would take for the number's:
        // for those alone, digits, separators and compact divisors are read
        // with US dollars, whose name has none, and only the text around the
        // number with the real currency (found by the number's exact text,
        // see NumberNotation.affixes).
        if case .currency(_, .name) = kind,
            nameHoldsDigits(FoundationProbe(locale: style.locale, kind: kind, compact: false))
        {
            return (kind, .currency(code: "USD", display: .name))
        }
        return (kind, kind)
    }

    /// Whether the currency name of `probe` (name presentation) shows a
    /// digit of its own in any plural form: rendered numbers of each plural
    /// category show more digits than the number has.
    static func nameHoldsDigits(_ probe: FoundationProbe) -> Bool {
        for sample in ["0", "1", "2", "3", "5", "11", "21", "100", "1.5", "0.1"] {
            let fraction = sample.split(separator: ".").dropFirst().first?.count ?? 0
            let rendered = probe.render(
                sample, precision: .fraction(fraction, fraction), rule: nil, form: .positive)
            let shown = rendered.unicodeScalars.count { $0.properties.numericType == .decimal }
            if shown != sample.count(where: { $0 != "." }) { return true }
        }
        return false
    }

    /// Compact's divisor per magnitude: 10^m shown with Foundation's default
    /// compact rounding keeps all integer digits of the mantissa.
    static func compactDivisors(_ compactProbe: FoundationProbe, notation: NumberNotation) -> [Int] {
        (0...CoinFormatter.compactMagnitudes).map { m in
            let shown = notation.shownDigitCount(compactProbe.render("1e\(m)", fraction: nil, form: .positive))
            return m - max(0, shown - 1)
        }
    }

    /// Compact notation groups with at least two digits (ICU's MIN2
    /// strategy): the minimum grouping digits, probed at the top magnitude.
    static func compactMinimumGrouping(_ compactProbe: FoundationProbe, notation: NumberNotation, topDivisor: Int)
        -> Int
    {
        let primary = notation.grouping.primary
        guard primary > 0 else { return notation.grouping.minimumDigits }
        for extra in 1...4 {
            let text = compactProbe.render("1e\(primary + extra - 1 + topDivisor)", fraction: nil, form: .positive)
            if notation.digitTable.digitSpans(withoutParentheses(text)).count > 1 { return extra }
        }
        return notation.grouping.minimumDigits
    }

    /// Per pattern magnitude, the template when the text around the number
    /// does not depend on the number (nil where it does), found by
    /// comparing the templates of the plural samples.
    func findFixedTemplates() -> [Template?] {
        let compact = style.style == .compact
        var fixed: [Template?] = Array(repeating: nil, count: divisors.count)
        var samples: [Set<TemplateKey>] = Array(repeating: [], count: divisors.count)
        for m in 0..<divisors.count {
            for mantissa in compact ? CoinFormatter.compactPluralSamples : CoinFormatter.pluralSamples {
                let value = try! ExactDecimal(mantissa).scaled(byPowerOfTen: compact ? m : 0)
                let (_, key) = layout(value)
                samples[key.bucket].insert(key)
            }
            if !compact { break }
        }
        // Currency names depend on the plural category almost everywhere: never fixed.
        let alwaysKeyed = style.display == .name && style.resolvedCurrencyCode != nil && style.symbol == nil
        for bucket in 0..<divisors.count where !samples[bucket].isEmpty && !alwaysKeyed {
            // Sorted, so the fixed template comes from the same number every
            // time: shortest first, then by text (ASCII digits and '.', so by
            // bytes), each key's text made once rather than at every comparison.
            let keys = samples[bucket].map { ($0, $0.integer + [0x2E] + $0.fraction) }.sorted {
                $0.1.count != $1.1.count ? $0.1.count < $1.1.count : $0.1.lexicographicallyPrecedes($1.1)
            }.map(\.0)
            let first = probeTemplate(keys[0], forms: FoundationProbe.Form.templateForms)
            // Compact patterns may differ in the negative form only: sw_CD writes
            // `-VND 2,8T` but `VND-1T` (plural "one"); ICU builds the plus form
            // like the negative one. Other patterns differ, if at all, in the
            // positive form (the text is the same for every sign).
            let forms: [FoundationProbe.Form] = compact ? [.positive, .negative] : [.positive]
            if keys.dropFirst().allSatisfy({ key in
                let other = probeTemplate(key, forms: forms)
                return other.positive == first.positive && (!compact || other.negative == first.negative)
            }) {
                fixed[bucket] = first
            }
        }
        return fixed
    }

    // MARK: Templates

    /// The precision as FormatStyle takes it (nil: Foundation's compact default).
    var foundationPrecision: PatternRenderer.Precision? {
        switch precision {
        case .fractionLength(let lo, let hi): .fraction(lo, hi)
        case .significantDigits(let lo, let hi): .significant(lo, hi)
        case .compactDefault: nil
        }
    }

    /// The text around a number of this shape in this sign form.
    mutating func affixes(_ key: TemplateKey, _ form: FoundationProbe.Form) -> Template.Affixes {
        if let fixed = fixedTemplates[key.bucket] {
            switch form {
            case .positive, .unsigned: return fixed.positive
            case .negative: return fixed.negative
            case .plus: return fixed.plus
            }
        }
        // Compact currency names are probed with the unscaled value, whose
        // rendering must show exactly these digits: no reduction then.
        var reduced = key.unscaled.isEmpty ? key.pluralShape : key
        if style.style.hasExponent {
            // The text around a number with an exponent depends on its sign
            // alone (see probeTemplate): one entry a sign form.
            reduced.integer = [UInt8(ascii: "1")]
            reduced.fraction = []
            reduced.exponent = max(-1, min(1, reduced.exponent))
        }
        let cacheKey = FormKey(key: reduced, form: form)
        if let cached = cache[cacheKey] { return cached }
        let affixes = probeTemplate(reduced, forms: [form]).affixes(form)
        if cache.count >= CoinFormatter.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[cacheKey] = affixes
        return affixes
    }

    /// Asks Foundation for the text around a number of this shape.
    func probeTemplate(_ exactKey: TemplateKey, forms: [FoundationProbe.Form]) -> Template {
        // Foundation's Decimal holds 38 digits: probe with a number of the same shape.
        var key = exactKey.unscaled.isEmpty ? exactKey.pluralShape : exactKey
        if scientific != nil {
            // The text around a scientific number depends on its sign alone:
            // zero (which Decimal cannot negate) is probed as one, and the
            // exponent with one digit (see ScientificNotation: ICU fails on
            // longer ones with digits beyond the BMP).
            if !(key.integer + key.fraction).contains(where: { $0 != UInt8(ascii: "0") }) {
                key.integer = [UInt8(ascii: "1")]
            }
            key.exponent = max(-9, min(9, key.exponent))
            // Engineering mantissas have up to three integer digits, which
            // FormatStyle's scientific notation never writes: the text
            // around depends on the sign alone, so probe one digit.
            if style.style == .engineering {
                key.integer = [UInt8(ascii: "1")]
                key.fraction = []
            }
        }
        let fraction = key.fraction.count
        let divisor = style.style == .compact ? divisorFor(key.bucket) : key.exponent
        var text = String(decoding: key.integer, as: UTF8.self)
        if fraction > 0 { text += "." + String(decoding: key.fraction, as: UTF8.self) }
        let isZero = !(key.integer + key.fraction).contains { $0 != UInt8(ascii: "0") }
        var result = Template()
        var body: [UInt8] = []
        notation.appendGroupedInteger(key.integer, into: &body)
        if !key.fraction.isEmpty {
            body += notation.decimalSeparator
            for d in key.fraction { body += notation.digits[Int(d &- 48)] }
        }
        scientific?.appendExponent(key.exponent, digits: notation.digits, into: &body)
        for form in forms {
            func render() -> String {
                if !key.unscaled.isEmpty {
                    // Compact currency names: render the unscaled value with the
                    // style's own precision. The positive form of a negative value
                    // (sign never) keeps its sign, so that floor and ceiling pick
                    // the same compact magnitude.
                    var unscaled = String(decoding: key.unscaled, as: UTF8.self)
                    let unscaledZero = !key.unscaled.contains { $0 > UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                    if unscaledZero && key.unscaledNegative, case .fractionLength(_, let hi) = precision {
                        unscaled = "1e-\(hi + 5)"  // a number that rounds to zero
                    }
                    let signed = form == .positive && key.unscaledNegative
                    return probe.render(
                        signed ? "-" + unscaled : unscaled, precision: foundationPrecision,
                        rule: style.rounding == .halfDown ? .halfEven : style.rounding, form: signed ? .unsigned : form)
                } else if form == .negative && isZero {
                    // Decimal has no negative zero: a tiny negative number rounds to it.
                    return probe.render(
                        "1e-\(fraction + 5)", precision: .fraction(fraction, fraction), rule: nil,
                        form: .negative)
                }
                return probe.render(
                    text + "e\(divisor)", precision: .fraction(fraction, fraction), rule: nil, form: form)
            }
            let rendered = render()
            var affixes = notation.affixes(of: rendered, body: body)
            if let symbolOverride { affixes = symbolOverride.apply(affixes) }
            switch form {
            case .positive: result.positive = affixes
            case .negative: result.negative = affixes
            case .plus, .unsigned: result.plus = affixes
            }
        }
        return result
    }
}
