extension PatternRenderer {
    /// The number compact notation shows and the pattern it is written
    /// with (nil: the standard pattern, below a thousand), as ICU's
    /// `CompactHandler` and `chooseMultiplierAndApply` work: the pattern of
    /// the value's magnitude scales it (`0K`: by 10^-3), the precision
    /// rounds the scaled value (by default to an integer, keeping two
    /// significant digits: `1.2K`, `12K`), and should rounding reach the
    /// next magnitude (999.9K) the scale is chosen again from there.
    func compactForm(
        _ number: ExactDecimal, precision: Precision?, rule: DecimalRoundingRule,
        currency: CoinFormatStyle.CurrencyDisplay?
    ) -> (shown: ExactDecimal, scale: Int, patterns: CompactPatterns?, magnitude: Int) {
        let kind: CompactPatterns.Kind = currency == nil || currency == .name ? .decimalShort : .currencyShort
        func round(_ value: ExactDecimal) -> ExactDecimal {
            if let precision { return Self.rounded(value, precision, rule) }
            // Precision::integer().withMinDigits(2).
            let magnitude = value.isZero ? 0 : value.magnitude
            return value.rounded(toMagnitude: min(0, magnitude - 1), rule: rule)
        }
        guard let patterns = Self.compactPatterns(base, symbols.system, kind), !number.isZero else {
            return (round(number), 0, nil, 0)
        }
        func multiplier(_ magnitude: Int) -> Int {
            guard magnitude >= 0 else { return 0 }
            return patterns.multiplier(magnitude: magnitude)
        }
        let magnitude = number.magnitude
        var scale = multiplier(magnitude)
        var shown = round(number.scaled(byPowerOfTen: scale))
        if !shown.isZero && shown.magnitude != magnitude + scale {
            let next = multiplier(magnitude + 1)
            if next != scale {
                scale = next
                shown = round(number.scaled(byPowerOfTen: scale))
            }
        }
        return (shown, scale, patterns, (shown.isZero ? 0 : shown.magnitude) - scale)
    }

    /// ``CompactPatterns/of(_:system:kind:)``, decoded once a process.
    static func compactPatterns(_ locale: String, _ system: String, _ kind: CompactPatterns.Kind) -> CompactPatterns? {
        let key = "\(locale) \(system) \(kind == .decimalShort ? "d" : kind == .decimalLong ? "l" : "c")"
        return compactCache.value(for: key) { CompactPatterns.of(locale, system: system, kind: kind) }
    }

    private static let compactCache = IdentifierCache<CompactPatterns?>()

    /// The compact pattern of the number shown (`shownText`, plain ASCII with
    /// its visible fraction digits) at pattern magnitude `magnitude`, as
    /// ICU's `CompactData::getPattern` picks it: an explicit `0` or `1`
    /// form for an integer 0 or 1, else the plural form's, else `other`'s.
    func compactPattern(_ patterns: CompactPatterns, magnitude: Int, shownText: String) -> String? {
        guard magnitude >= 0 else { return nil }
        let m = min(magnitude, patterns.largestMagnitude)
        // ICU's hasIntegerValue: 1.0 is the integer 1.
        let trimmed =
            shownText.contains(".")
            ? String(shownText.reversed().drop { $0 == "0" }.drop { $0 == "." }.reversed()) : shownText
        if trimmed == "0" || trimmed == "1", let exact = patterns.pattern(magnitude: m, keyword: trimmed) {
            return exact
        }
        return patterns.pattern(magnitude: m, keyword: pluralKeyword(shownText))
    }
}
