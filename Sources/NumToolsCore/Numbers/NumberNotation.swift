/// How a locale writes numbers in one FormatStyle: its digits, decimal and
/// grouping separators, group sizes and the text around the digits of each
/// sign. For numbers and percents it is built from the generated CLDR data
/// (``init(symbols:percent:)``); for currencies (and a locale name the data
/// has no entry for) read off Foundation's output for probe values
/// (``init(probe:digits:)``, which the tests keep as the oracle of the first).
///
/// This is the one derivation of a locale's notation: numgroup `--locale`,
/// numconv (through ``LocaleNumberFormat``) and coinfmt (``CoinFormatter``)
/// all read it, and ``of(_:)`` derives it once per process for each locale
/// and style.
struct NumberNotation: Sendable {
    /// Text before and after the digits of a number.
    struct Affixes: Sendable, Hashable {
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
    }

    /// UTF-8 of the ten digits `0` to `9` in the locale's numbering system.
    let digits: [[UInt8]]
    /// Recognises ``digits`` in UTF-8.
    let digitTable: DigitTable
    /// UTF-8 of the decimal separator.
    let decimalSeparator: [UInt8]
    /// UTF-8 of the grouping separator (empty when the locale never groups).
    let groupingSeparator: [UInt8]
    /// Group sizes and minimum grouping digits (compact notation raises the latter).
    var grouping: Grouping
    /// The text around the digits of a positive number, a negative one and
    /// one with an explicit plus sign. Read for numbers and percents; empty
    /// for currencies, whose text coinfmt reads per template.
    let positive: Affixes
    let negative: Affixes
    let plus: Affixes

    /// The notation of `probe` (not compact), derived on first use and then
    /// shared by every caller in the process.
    static func of(_ probe: FoundationProbe) -> NumberNotation {
        if let known = cache[probe] { return known }
        let notation: NumberNotation
        switch probe.kind {
        case .number, .percent:
            // From the generated CLDR data; a locale name it has no entry
            // for (one ICU does not list, as `zh_CN`) is still probed.
            if !probe.compact, !probe.scientific, let data = NumberSymbols.of(probe.locale.identifier) {
                notation = NumberNotation(symbols: data, percent: probe.kind == .percent)
            } else {
                notation = NumberNotation(probe: probe)
            }
        case .currency:
            // A currency's text around the number may hold digits (`Albanian
            // lekë (1946–1965)`), so the digits come from the locale's numbers.
            let numbers = of(FoundationProbe(locale: probe.locale, kind: .number, compact: false))
            notation = NumberNotation(probe: probe, digits: numbers.digits)
        }
        return cache.insert(notation, for: probe)
    }

    private static let cache = ProbeCache<NumberNotation>()

    /// The notation of numbers (or, with `percent`, percents) in the
    /// locale whose generated data `data` is: its digits and symbols, and
    /// the affixes and group sizes of its decimal (or percent) pattern as
    /// ICU's number formatter applies them. Equal to ``init(probe:digits:)``
    /// for the same locale and kind (NumberSymbolsDataTests checks every locale).
    init(symbols data: NumberSymbols, percent: Bool) {
        let pattern = NumberPattern(data.patterns[percent ? 1 : 0])
        digits = data.digits
        digitTable = DigitTable(data.digits)
        decimalSeparator = Array(data.decimal.utf8)
        (positive, negative, plus) = pattern.affixes(data)
        if pattern.primary > 0 && !data.group.isEmpty {
            groupingSeparator = Array(data.group.utf8)
            grouping = Grouping(
                primary: pattern.primary, secondary: pattern.secondary,
                minimumDigits: (1...4).contains(data.minimumGrouping) ? data.minimumGrouping : 1)
        } else {
            groupingSeparator = []
            grouping = Grouping(primary: 0, secondary: 0, minimumDigits: 1)
        }
    }

    /// Reads the notation off `probe`'s renderings: the digits (unless
    /// given) from 0 to 9 written alone, the decimal separator from 1.5, the
    /// grouping from a 19-digit integer.
    init(probe: FoundationProbe, digits known: [[UInt8]]? = nil) {
        // Currency names keep years in parentheses: they are no part of the number.
        let isCurrency = if case .currency = probe.kind { true } else { false }
        func text(_ value: String, fraction: Int, form: FoundationProbe.Form = .positive) -> [UInt8] {
            let rendered = probe.render(value, fraction: fraction, form: form)
            return isCurrency ? withoutParentheses(rendered) : Array(rendered.utf8)
        }
        var positive = Affixes()
        if let known {
            digits = known
        } else {
            func utf8(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt8] {
                Array(String(String.UnicodeScalarView(scalars)).utf8)
            }
            func ungrouped(_ value: String) -> [Unicode.Scalar] {
                Array(probe.render(value, fraction: 0, form: .positive, grouping: false).unicodeScalars)
            }
            // 0 alone and the other nine in one number, 1023456789, whose first
            // and last digits differ from 0: the text the two share at their
            // ends is the affixes (compared by scalar: native digits share
            // leading UTF-8 bytes), and what stands between them the digits,
            // one scalar each in every numbering system CLDR has. Two
            // renderings instead of ten; should the nine not come out as nine
            // scalars and a 0, each digit is rendered alone.
            let pair = [ungrouped("0"), ungrouped("1023456789")]
            var prefixLength = commonPrefixLength(pair)
            var suffixLength = commonSuffixLength(pair)
            var single: [ArraySlice<Unicode.Scalar>] = []
            let zero = pair[0][prefixLength..<(pair[0].count - suffixLength)]
            let nine = pair[1][prefixLength..<(pair[1].count - suffixLength)]
            if zero.count == 1, nine.count == 10, nine[nine.startIndex + 1] == zero.first {
                single =
                    [zero]
                    + [1, 2, 3, 4, 5, 6, 7, 8, 9].map { d in
                        let at = nine.startIndex + (d == 1 ? 0 : d)
                        return nine[at..<(at + 1)]
                    }
            } else {
                let each = (0...9).map { ungrouped(String($0)) }
                prefixLength = commonPrefixLength(each)
                suffixLength = commonSuffixLength(each)
                single = each.map { $0[prefixLength..<($0.count - suffixLength)] }
            }
            digits = single.map(utf8)
            positive = Affixes(
                prefix: utf8(pair[0][..<prefixLength]), suffix: utf8(pair[0][(pair[0].count - suffixLength)...]))
        }
        let table = DigitTable(digits)
        digitTable = table
        self.positive = positive
        negative = known == nil ? table.affixes(around: text("1", fraction: 0, form: .negative)) : Affixes()
        plus = known == nil ? table.affixes(around: text("1", fraction: 0, form: .plus)) : Affixes()
        // Decimal separator: what stands between the digits of 1.5.
        let half = text("1.5", fraction: 1)
        let halfSpans = table.digitSpans(half)
        decimalSeparator = halfSpans.count >= 2 ? Array(half[halfSpans[0].upperBound..<halfSpans[1].lowerBound]) : []
        // Grouping: the runs of digits in a long integer, read from the right.
        let read = table.readGrouping(text("1234567890123456789", fraction: 0)) { digits in
            text("1e\(digits - 1)", fraction: 0)
        }
        groupingSeparator = read.separator
        grouping = Grouping(primary: read.primary, secondary: read.secondary, minimumDigits: read.minimumDigits)
    }

    /// The text around `body` (the number as this notation writes it) in
    /// `rendered`: at its first occurrence that is neither next to another
    /// digit nor inside parentheses (currency names may hold years), else
    /// inside them (accounting negatives). Without a body, or when it does
    /// not occur, the text before the first digit and after the last.
    func affixes(of rendered: String, body: [UInt8]? = nil) -> Affixes {
        if let body, let found = locate(body, in: rendered) { return found }
        return digitTable.affixes(around: Array(rendered.utf8))
    }

    /// The text around `body` in `rendered`, or nil when `body` does not
    /// stand there on its own (see ``affixes(of:body:)``); where it stands
    /// only inside parentheses, there (an accounting pattern's `($1.00)`).
    func locate(_ body: [UInt8], in rendered: String) -> Affixes? {
        locate(body, in: rendered, insideParentheses: false) ?? locate(body, in: rendered, insideParentheses: true)
    }

    private func locate(_ body: [UInt8], in rendered: String, insideParentheses: Bool) -> Affixes? {
        let bytes = Array(rendered.utf8)
        guard !body.isEmpty, bytes.count >= body.count else { return nil }
        func isDigit(_ at: Int) -> Bool {
            guard at >= 0 && at < bytes.count else { return false }
            if bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") { return true }
            // The byte might end a multi-byte digit: look back to its start.
            var start = at
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            return digitTable.digit(in: bytes, at: start) != nil
        }
        var depth = 0
        for start in 0...(bytes.count - body.count) {
            if start > 0 {
                if bytes[start - 1] == UInt8(ascii: "(") { depth += 1 }
                if bytes[start - 1] == UInt8(ascii: ")") { depth = max(0, depth - 1) }
            }
            guard depth == 0 || insideParentheses, bytes[start] == body[0],
                Array(bytes[start..<(start + body.count)]) == body
            else {
                continue
            }
            if isDigit(start - 1) || isDigit(start + body.count) { continue }
            return Affixes(prefix: Array(bytes[..<start]), suffix: Array(bytes[(start + body.count)...]))
        }
        return nil
    }

    /// How many digits `text` shows outside parentheses.
    func shownDigitCount(_ text: String) -> Int {
        let bytes = withoutParentheses(text)
        return digitTable.digitSpans(bytes).reduce(0) { $0 + digitTable.digitCount(bytes[$1]) }
    }

    /// Appends ASCII integer digits in this notation's digits, grouped.
    func appendGroupedInteger<Output: ByteOutput & ~Copyable>(_ integer: [UInt8], into out: inout Output) {
        grouping.appendGrouped(integer, digits: digits, separator: groupingSeparator, into: &out)
    }
}

/// Recognises a numbering system's digits in UTF-8.
struct DigitTable: Sendable {
    let digits: [[UInt8]]

    init(_ digits: [[UInt8]]) { self.digits = digits }

    /// The digit value at `index` of `bytes` and its length, or nil.
    func digit<C: RandomAccessCollection<UInt8>>(in bytes: C, at index: Int) -> (value: Int, length: Int)?
    where C.Index == Int {
        for (value, d) in digits.enumerated() where index + d.count <= bytes.endIndex {
            var match = true
            for k in 0..<d.count where bytes[index + k] != d[k] {
                match = false
                break
            }
            if match { return (value, d.count) }
        }
        return nil
    }

    /// The byte ranges of the maximal runs of digits in `bytes`.
    func digitSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var i = 0
        var start: Int? = nil
        while i < bytes.count {
            if let (_, length) = digit(in: bytes, at: i) {
                if start == nil { start = i }
                i += length
            } else {
                if let s = start { spans.append(s..<i) }
                start = nil
                i += 1
            }
        }
        if let s = start { spans.append(s..<i) }
        return spans
    }

    /// The text before the first digit of `bytes` and after the last (all
    /// of it the prefix when there is no digit).
    func affixes(around bytes: [UInt8]) -> NumberNotation.Affixes {
        let spans = digitSpans(bytes)
        guard let first = spans.first, let last = spans.last else {
            return NumberNotation.Affixes(prefix: bytes, suffix: [])
        }
        return NumberNotation.Affixes(
            prefix: Array(bytes[..<first.lowerBound]), suffix: Array(bytes[last.upperBound...]))
    }

    /// The grouping a notation uses, read off `long` (a 19-digit integer as it
    /// writes it): the group sizes from the right, the separator between the
    /// last two groups, and the minimum grouping digits, the smallest extra
    /// length at which `render(digits)` (an integer of that many digits as
    /// the notation writes it) shows a separator.
    func readGrouping(_ long: [UInt8], render: (Int) -> [UInt8]) -> (
        primary: Int, secondary: Int, separator: [UInt8], minimumDigits: Int
    ) {
        let runs = digitSpans(long)
        guard runs.count >= 2 else { return (0, 0, [], 1) }
        let counts = runs.map { digitCount(long[$0]) }
        let primary = counts[counts.count - 1]
        let secondary = counts.count > 2 ? counts[counts.count - 2] : primary
        let separator = Array(long[runs[runs.count - 2].upperBound..<runs[runs.count - 1].lowerBound])
        for extra in 1...4 where digitSpans(render(primary + extra)).count > 1 {
            return (primary, secondary, separator, extra)
        }
        return (primary, secondary, separator, 1)
    }

    /// How many digits a run of digit bytes holds.
    func digitCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var i = bytes.startIndex
        var n = 0
        while i < bytes.endIndex, let (_, length) = digit(in: bytes, at: i) {
            i += length
            n += 1
        }
        return n
    }
}

/// UTF-8 of `text` without its parenthesized parts, where currency names keep years.
func withoutParentheses(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    var depth = 0
    for b in text.utf8 {
        if b == UInt8(ascii: "(") {
            depth += 1
        } else if b == UInt8(ascii: ")") && depth > 0 {
            depth -= 1
        } else if depth == 0 {
            out.append(b)
        }
    }
    return out
}

/// How many leading scalars all of `strings` share.
func commonPrefixLength(_ strings: [[Unicode.Scalar]]) -> Int {
    var n = 0
    while strings.allSatisfy({ $0.count > n && $0[n] == strings[0][n] }) { n += 1 }
    return n
}

/// How many trailing scalars all of `strings` share.
func commonSuffixLength(_ strings: [[Unicode.Scalar]]) -> Int {
    var n = 0
    while strings.allSatisfy({ $0.count > n && $0[$0.count - 1 - n] == strings[0][strings[0].count - 1 - n] }) {
        n += 1
    }
    return n
}
