/// Puts a user's symbol where the pattern has the narrow `$`, with ICU's
/// currency spacing: a no-break space between the symbol and a digit unless
/// the symbol's character next to the number is itself a symbol or a space.
struct SymbolOverride: Sendable, Hashable {
    var symbol: String
    /// The symbol in the probed pattern that `symbol` replaces.
    var placeholder: String
    /// What the locale puts between a letter symbol and a digit (CLDR's
    /// currencySpacing insertBetween: a no-break space, or nothing in ms).
    var insertion: [UInt8]
    /// Whether the pattern has the symbol right next to the digits.
    var patternAdjacent: Bool

    /// Whether `sign` occurs once in the affixes with no letter next to it.
    static func standsAlone(_ sign: String, in affixes: Template.Affixes) -> Bool {
        for part in [affixes.prefix, affixes.suffix] {
            let scalars = Array(String(decoding: part, as: UTF8.self).unicodeScalars)
            let target = Array(sign.unicodeScalars)
            let hits = scalars.indices.filter { i in
                i + target.count <= scalars.count && Array(scalars[i..<(i + target.count)]) == target
            }
            guard let i = hits.first else { continue }
            if hits.count > 1 { return false }
            let before = i > 0 ? scalars[i - 1].properties.isAlphabetic : false
            let after = i + target.count < scalars.count ? scalars[i + target.count].properties.isAlphabetic : false
            return !before && !after
        }
        return false
    }

    /// The text ICU inserted between the ISO code and the digits, given the
    /// same pattern with a currency sign that gets none; nil when the two do
    /// not line up or the symbol is not next to the number.
    static func spacing(narrow: Template.Affixes, iso: Template.Affixes, sign: [UInt8], code: [UInt8]) -> [UInt8]? {
        let prefix = narrow.prefix
        if prefix.count >= sign.count && Array(prefix.suffix(sign.count)) == sign {
            let head = Array(prefix.dropLast(sign.count)) + code
            guard iso.prefix.count >= head.count, Array(iso.prefix.prefix(head.count)) == head else { return nil }
            return Array(iso.prefix.dropFirst(head.count))
        }
        let suffix = narrow.suffix
        if suffix.count >= sign.count && Array(suffix.prefix(sign.count)) == sign {
            let tail = code + Array(suffix.dropFirst(sign.count))
            guard iso.suffix.count >= tail.count, Array(iso.suffix.suffix(tail.count)) == tail else { return nil }
            return Array(iso.suffix.dropLast(tail.count))
        }
        return nil
    }

    func apply(_ affixes: Template.Affixes) -> Template.Affixes {
        var result = affixes
        let target = Array(placeholder.utf8)
        func needsSpace(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            switch scalar.properties.generalCategory {
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                .spaceSeparator, .lineSeparator, .paragraphSeparator:
                return false
            default: return true
            }
        }
        func range(of needle: [UInt8], in haystack: [UInt8], last: Bool) -> Range<Int>? {
            guard haystack.count >= needle.count else { return nil }
            let starts = Array(0...(haystack.count - needle.count))
            for start in last ? starts.reversed() : starts
            where Array(haystack[start..<(start + needle.count)]) == needle {
                return start..<(start + needle.count)
            }
            return nil
        }
        // Where the old symbol needed the spacing, ICU inserted it already;
        // it stays only where the new symbol needs it too.
        if let r = range(of: target, in: affixes.prefix, last: true) {
            var upper = r.upperBound
            if patternAdjacent && needsSpace(placeholder.unicodeScalars.last) && !insertion.isEmpty
                && Array(affixes.prefix[upper...]) == insertion
            {
                upper = affixes.prefix.count
            }
            var replacement = Array(symbol.utf8)
            if upper == affixes.prefix.count && needsSpace(symbol.unicodeScalars.last) { replacement += insertion }
            result.prefix.replaceSubrange(r.lowerBound..<upper, with: replacement)
        } else if let r = range(of: target, in: affixes.suffix, last: false) {
            var lower = r.lowerBound
            if patternAdjacent && needsSpace(placeholder.unicodeScalars.first) && !insertion.isEmpty
                && Array(affixes.suffix[..<lower]) == insertion
            {
                lower = 0
            }
            var replacement = Array(symbol.utf8)
            if lower == 0 && needsSpace(symbol.unicodeScalars.first) { replacement = insertion + replacement }
            result.suffix.replaceSubrange(lower..<r.upperBound, with: replacement)
        }
        return result
    }
}

extension SymbolOverride {
    /// The override of `style`'s own symbol, and the probe of the pattern it
    /// rewrites (`probe`, the currency's own, or a placeholder currency's);
    /// nil when the style sets no symbol for a symbol presentation.
    static func derive(
        for style: CoinFormatStyle, notation: NumberNotation, probe: FoundationProbe
    ) -> (SymbolOverride, FoundationProbe)? {
        guard let symbol = style.symbol, style.resolvedCurrencyCode != nil,
            style.display == .symbol || style.display == .narrow
        else { return nil }
        // The currency's own pattern (EUR has its own in en_AL: `-€1 234,50`
        // but `-1 234,50 $`), with its symbol replaced.
        let own = notation.affixes(of: probe.render("1", fraction: 0, form: .positive))
        let ownSymbol = CurrencyCatalog.trimmingMarkSpace(
            String(decoding: own.prefix + own.suffix, as: UTF8.self))
        let (insertion, adjacent) = currencySpacing(locale: style.locale, notation: notation)
        let (source, placeholder) =
            !ownSymbol.isEmpty && standsAlone(ownSymbol, in: own)
            ? (probe, ownSymbol)
            : (probe.with(kind: .currency(code: "QQQ", display: .symbol)), "QQQ")
        let override = SymbolOverride(
            symbol: symbol, placeholder: placeholder, insertion: insertion, patternAdjacent: adjacent)
        return (override, source)
    }

    /// CLDR's currency spacing in `locale`: what ICU puts between a letter
    /// code and a digit (a no-break space; nothing in ms), and whether the
    /// pattern puts the symbol right next to the digits (then a space after
    /// a letter symbol is ICU's, not the pattern's), read off a currency
    /// whose narrow symbol is one sign standing alone.
    static func currencySpacing(locale: LocaleID, notation: NumberNotation) -> (insertion: [UInt8], adjacent: Bool) {
        var insertion: [UInt8] = [0xC2, 0xA0]
        var adjacent = true
        for (code, sign) in [("USD", "$"), ("EUR", "€"), ("GBP", "£"), ("JPY", "¥")] {
            let narrow = FoundationProbe(locale: locale, kind: .currency(code: code, display: .narrow), compact: false)
            let sample = notation.affixes(of: narrow.render("1", fraction: 0, form: .negative))
            guard standsAlone(sign, in: sample) else { continue }
            let signBytes = Array(sign.utf8)
            adjacent =
                (sample.prefix.count >= signBytes.count && Array(sample.prefix.suffix(signBytes.count)) == signBytes)
                || (sample.suffix.count >= signBytes.count && Array(sample.suffix.prefix(signBytes.count)) == signBytes)
            let iso = FoundationProbe(locale: locale, kind: .currency(code: code, display: .code), compact: false)
            if let found = spacing(
                narrow: sample, iso: notation.affixes(of: iso.render("1", fraction: 0, form: .negative)),
                sign: signBytes, code: Array(code.utf8))
            {
                insertion = found
                break
            }
        }
        return (insertion, adjacent)
    }
}
