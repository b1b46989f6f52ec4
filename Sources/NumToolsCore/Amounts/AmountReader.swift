/// How numconv's input is written (`--style`): beside the plain number and
/// the percent, the notations coinfmt writes, and all of them at once.
public enum AmountStyle: String, Sendable, Hashable, CaseIterable {
    /// A plain number in the locale's notation.
    case number
    /// A percent in the locale's notation (percent points).
    case percent
    /// An amount with a currency mark: symbol, narrow symbol, code or name.
    case currency
    /// ``currency``, or a negative in parentheses or with a trailing minus.
    case accounting
    /// The locale's compact forms (`1.2K`, `1,2 Mio.`, `1억 2,345만`), with or without a currency.
    case compact
    /// Scientific notation (`1.5E3`, `1,23E-4`).
    case scientific
    /// Any of the above but percent, decided per value; and numfmt's
    /// `--from=auto` prefixes (`K` a power of 1000, `Ki` of 1024) after a
    /// number no compact unit of the locale's ends.
    case auto
    /// numfmt's `--from=si`: a prefix after the number, a power of 1000 (`1.5K`, `2 M`).
    case si
    /// numfmt's `--from=iec`: the same letters, powers of 1024 (`1.5K` is 1536).
    case iec
    /// numfmt's `--from=iec-i`: IEC's prefixes, powers of 1024 (`1.5Ki`).
    case iecI = "iec-i"
    /// A byte count with its unit (`1.5 GB`, `1.5GiB`, `1536 bytes`, `1,5 MB`
    /// in de_DE, the locale's labels as Foundation writes them).
    case bytes
    /// The mixed digits-and-units form of a locale that counts in myriads
    /// (`1억 2,345만 6,789원`, `1亿2345万6789`, `1.2억`): the compact
    /// reading, with or without a currency, in such a locale only.
    case myriad
    /// Words (`천이백삼십사만 오천육백칠십팔`, `一千二百三十四万五千六百七十八`):
    /// read by ``NumeralReader``, not by the amount reader.
    case words
    /// Traditional numerals (`MCMXCIV`, `壹仟贰佰`), `--system NAME`: read by ``NumeralReader``.
    case numerals

    var readsCurrency: Bool {
        self == .currency || self == .accounting || self == .compact || self == .auto || self == .myriad
    }
    var readsAccounting: Bool { self == .accounting || self == .auto }
    var readsCompact: Bool { self == .compact || self == .auto || self == .myriad }
    var readsScientific: Bool { self == .scientific || self == .auto }
}

/// What an amount was read as, for the writer.
enum AmountKind: UInt8, Sendable {
    case number, currency, accounting, compact, scientific
}

/// The shape of one value: where its number is, what surrounds it and how it
/// scales, worked out before any digit is read.
struct AmountShape {
    // (The small fields after ``unitAfter``, where they share its last
    // word: the shape is copied a value, and smaller is cheaper.)
    /// The number's bytes (for a myriad amount of several groups, unused).
    var core: Range<Int>
    /// The power of ten the number is multiplied by (exponent, compact unit).
    var shift = 0
    /// The power of 1024 the number is multiplied by (an IEC prefix), after ``shift``.
    var binaryPower = 0
    /// A myriad amount of several unit groups: the number of its integer's
    /// digits (``core`` holds the groups, and ``AmountReader/myriadDigits(_:_:)``
    /// works the digits out again); -1 otherwise. (A count, not the digits,
    /// so that the shape of every value is plain memory.)
    var myriadDigits = -1
    /// How many of ``myriadDigits`` are the fraction's (of the last group, without a unit).
    var myriadFraction = 0
    /// The unit after the number as the currency reading found it (the
    /// number's end, the unit's start, its power and the spaces before it),
    /// for the units' reading not to look again; nil when it did not, or
    /// saw a bidi mark there.
    var unitAfter: (end: Int, start: Int, power: Int, blanks: Int)? = nil
    /// Whether the notation around the number makes it negative: parentheses,
    /// a trailing minus or a sign before a prefix currency mark.
    var negative = false
    var kind = AmountKind.number
    /// Whether the mark is a display name (`US dollars`), whose amounts some
    /// locales write with other separators than their symbols'.
    var markIsName = false
    /// The currency: an index into ``CurrencyCatalog/codes``, -1 when the mark
    /// does not fix one, ``AmountShape/noCurrency`` when there is no mark.
    var currency: Int32 = AmountShape.noCurrency
    /// Where the currency mark stands (empty when there is none), for the
    /// currencies it may stand for when ``currency`` does not fix one.
    var mark: Range<Int> = 0..<0

    static let noCurrency: Int32 = -2
}

/// Reads the amounts one locale writes, strictly: the currency marks in the
/// places the locale puts them, its accounting negatives, its compact units
/// in order and its exponent sign, around a number its ``LocaleNumberParser``
/// reads. Every tolerance is named where it is made.
final class AmountReader: Sendable {
    let locale: LocaleID
    let identifier: String
    let style: AmountStyle
    /// The number inside the notation.
    let parser: LocaleNumberParser
    /// The number of an amount in ``parserCurrency`` (`-c`'s, or the
    /// locale's): ``parser`` with the currency's separators where its
    /// amounts have their own, else ``parser`` itself.
    let amountParser: LocaleNumberParser
    let parserCurrency: Int32
    let format: LocaleNumberFormat
    let marks: CurrencyMarks?
    /// `--from auto`: the marks of the other notations read, where a mark
    /// this locale does not write is looked up (a mark is no evidence for
    /// the notation: `AU$ 1,175` is read by every candidate alike).
    let otherMarks: [CurrencyMarks]
    let compact: CompactUnits?
    /// `-c`: the currency the column is in, or -1.
    let currency: Int32
    /// Whether symbols are read on either side of the number (`--from auto`).
    let anySide: Bool
    // The texts the hot loops look for, as inline bytes (``ByteSeq``): no
    // reference counting per comparison.
    /// The locale's exponent symbols (`E`, `أس`), with `e` (a named tolerance).
    let exponents: [ByteSeq]
    /// The first bytes of ``exponents``.
    let exponentLeads: ByteSet
    /// Whether no exponent symbol starts with an ASCII digit (the scan for
    /// one passes digits over first).
    let exponentsSkipDigits: Bool
    /// The exponent symbols of one byte (`E`, `e`) that no longer symbol
    /// starts with: ``readExponent(_:_:_:_:)``'s usual case (none without
    /// the fast paths).
    let exponentBytes: ByteSet
    /// The locale's native digits (empty for ASCII digit locales).
    let nativeDigits: [ByteSeq]
    let decimalSeparator: ByteSeq
    let groupingSeparator: ByteSeq
    /// Minus signs read around the number: `-`, U+2212 and the locale's.
    let minusSigns: [ByteSeq]
    /// ``AmountStyle/readsAccounting``; and whether a trailing minus is read
    /// (accounting, or the locale writes one).
    let readsAccounting: Bool
    let readsTrailingMinus: Bool
    /// The first and the last bytes of ``minusSigns``.
    let minusLeads: ByteSet
    let minusTails: ByteSet
    /// The locale's own currency's symbols, what they say (empty when `-c`
    /// names another currency).
    let ownMarks: [(seq: ByteSeq, info: MarkInfo)]
    /// The own marks ``fastMark(_:_:_:_:)`` may take after the number and
    /// before it: see there.
    let fastAfter: [(seq: ByteSeq, info: MarkInfo)]
    let fastBefore: [(seq: ByteSeq, info: MarkInfo)]
    let hasFastMarks: Bool
    /// Whether the shortcuts (``fastMark(_:_:_:_:)``, the unit the currency
    /// reading hands on, a number with digits at both ends read as unitless)
    /// are taken: false only in the tests that hold them to the general reading.
    let fastPaths: Bool
    /// The compact units that are also a currency mark written after the
    /// number, of the column's currency (`1,235 K` in en_MM: kyats, or
    /// thousands?): read as neither. Only the column's own currency makes a
    /// unit so: `K` is also the narrow symbol of kyats, kina and kwacha
    /// everywhere, which no locale but theirs reads a compact amount as.
    let ambiguousUnits: [[UInt8]]
    /// For the unit prefixes: the column's suffix (`--suffix`: `B`), removed when present.
    let unitSuffix: [UInt8]
    /// The lead bytes of the grouping separators ``parser`` and
    /// ``amountParser`` read, for the scientific mantissa's check
    /// (``checkMantissa(_:_:_:_:)``).
    let groupLeads: ByteSet
    /// The one byte of ``groupLeads`` when it holds one (most notations:
    /// `,`, `.`, or the lead of NBSP), 256 when none, -1 when several:
    /// one comparison for the mantissa's walk (``mayLeadGroup(_:)``).
    let groupLeadOnly: Int
    /// ``style`` counts units (``AmountStyle/countsUnits``), looked up once.
    let countsUnits: Bool

    init(
        locale: LocaleID, style: AmountStyle, currency: Int32 = -1, anySide: Bool = false, fastPaths: Bool = true,
        unitSuffix: [UInt8] = [], others: [LocaleID] = []
    ) {
        self.fastPaths = fastPaths
        self.unitSuffix = unitSuffix
        self.locale = locale
        self.style = style
        self.currency = currency
        self.anySide = anySide
        let format = LocaleNumberFormat(locale: locale, style: .number)
        identifier = format.localeIdentifier
        self.format = format
        parser = LocaleNumberParser(format: format)
        nativeDigits = format.usesASCIIDigits ? [] : format.digits.map(ByteSeq.init)
        decimalSeparator = ByteSeq(format.decimalSeparator)
        groupingSeparator = ByteSeq(format.groupingSeparator)
        var minus: [[UInt8]] = [[0x2D], [0xE2, 0x88, 0x92]]
        let own = LocaleNumberParser.strip(format.negativePrefix, LocaleNumberParser.bidiMarks)
        if !own.isEmpty && !minus.contains(own) { minus.append(own) }
        minusSigns = minus.map(ByteSeq.init)
        minusLeads = ByteSet(minus.compactMap(\.first))
        minusTails = ByteSet(minus.compactMap(\.last))
        if style.readsCurrency {
            let m = CurrencyMarks.of(locale, including: currency)
            marks = m
            parserCurrency = currency >= 0 ? currency : m.own
            ownMarks =
                currency >= 0 && currency != m.own
                ? []
                : m.ownSymbols.map {
                    (
                        ByteSeq($0.mark),
                        MarkInfo(before: $0.entry.before, after: $0.entry.after, isName: false, currency: m.own)
                    )
                }
            amountParser = Self.parser(format, m.separators(of: parserCurrency)) ?? parser
            otherMarks = others.filter { $0.identifier != locale.identifier }.map { CurrencyMarks.of($0) }
        } else {
            marks = nil
            otherMarks = []
            ownMarks = []
            amountParser = parser
            parserCurrency = -1
        }
        compact = style.readsCompact ? CompactUnits.of(locale) : nil
        let leads = Set([parser, amountParser].flatMap { $0.tokens.filter { $0.kind == .group }.map(\.b0) })
        groupLeads = ByteSet(leads)
        countsUnits = style.countsUnits
        groupLeadOnly = leads.count == 1 ? Int(leads.first!) : leads.isEmpty ? 256 : -1
        if style.readsScientific {
            var symbols = Self.exponentSymbols(locale)
            for e: [UInt8] in [[0x45], [0x65]] where !symbols.contains(e) { symbols.append(e) }
            exponents = symbols.map(ByteSeq.init)
        } else {
            exponents = []
        }
        let fast = Self.fastMarks(
            ownMarks, compact: compact, digits: nativeDigits, minus: minusSigns, decimal: decimalSeparator)
        var ambiguous: [[UInt8]] = []
        if let compact, let marks {
            for (unit, power) in compact.units where power > 0 {
                let own = marks.ownSymbols.first { $0.mark == unit }?.entry
                // (`-c`'s marks are in its table from the start.)
                let given = currency >= 0 && currency != marks.own ? marks.loaded(unit) : nil
                if let entry = own ?? given, entry.after || anySide,
                    currency < 0 || entry.currencies.contains(currency)
                {
                    ambiguous.append(unit)
                }
            }
        }
        ambiguousUnits = ambiguous
        readsAccounting = style.readsAccounting
        readsTrailingMinus = style.readsAccounting || marks?.trailingMinus == true
        exponentLeads = ByteSet(exponents.map { $0.byte(0) })
        let symbols = exponents
        exponentsSkipDigits = symbols.allSatisfy { $0.byte(0) &- 48 >= 10 }
        exponentBytes = ByteSet(
            symbols.filter { e in
                fastPaths && e.count == 1 && !symbols.contains { $0.count > 1 && $0.byte(0) == e.byte(0) }
            }.map { $0.byte(0) })
        fastAfter = fast.filter { $0.info.after || anySide }
        fastBefore = fast.filter { $0.info.before || anySide }
        hasFastMarks = fastPaths && !fast.isEmpty
    }

    /// The marks of `own` that no other reading could take for something
    /// else: no digit, minus sign, parenthesis or decimal separator in them,
    /// no space or bidi mark at their ends, no compact unit, each once.
    static func fastMarks(
        _ own: [(seq: ByteSeq, info: MarkInfo)], compact: CompactUnits?, digits: [ByteSeq], minus: [ByteSeq],
        decimal: ByteSeq
    ) -> [(seq: ByteSeq, info: MarkInfo)] {
        let d = decimal.bytes
        guard !d.isEmpty, d.withUnsafeBufferPointer({ space($0, 0, end: $0.count) }) == 0 else { return [] }
        var seen: [ByteSeq] = []
        var fast: [(seq: ByteSeq, info: MarkInfo)] = []
        for m in own where !m.seq.isEmpty && !seen.contains(m.seq) {
            seen.append(m.seq)
            let b = m.seq.bytes
            let clear = b.withUnsafeBufferPointer { q in
                let n = q.count
                func contains(_ x: ByteSeq) -> Bool { (0..<n).contains { x.matches(q, $0, end: n) } }
                return !q.contains { $0 &- 48 < 10 || $0 == 0x28 || $0 == 0x29 }
                    && !digits.contains(where: contains) && !minus.contains(where: contains) && !contains(decimal)
                    && space(q, 0, end: n) == 0 && bidi(q, 0, end: n) == 0 && blankBefore(q, n, start: 0) == 0
            }
            let unit = compact.map { c in
                c.units[b] != nil || c.prefixUnits.contains(b) || c.wrapped.contains { $0.before == b }
            }
            if clear && unit != true { fast.append(m) }
        }
        return fast
    }

    /// The parser of `format` with `separators`, or nil when they are its own.
    static func parser(_ format: LocaleNumberFormat, _ separators: (decimal: [UInt8], grouping: [UInt8]))
        -> LocaleNumberParser?
    {
        if separators.decimal == format.decimalSeparator && separators.grouping == format.groupingSeparator {
            return nil
        }
        return LocaleNumberParser(
            format: format, decimalSeparator: separators.decimal, groupingSeparator: separators.grouping)
    }

    /// The parser of an amount in `currency` (an index, -1 unknown, or
    /// ``AmountShape/noCurrency``).
    func parser(for currency: Int32, name: Bool = false) -> LocaleNumberParser {
        if currency == AmountShape.noCurrency { return parser }
        if !name && (currency < 0 || currency == parserCurrency) { return amountParser }
        guard let marks else { return parser }
        return Self.parser(format, marks.separators(of: currency, name: name)) ?? parser
    }

    /// Reads the number of an amount in `currency` (see ``parser(for:name:)``)
    /// without copying a parser.
    @inline(__always)
    func scanNumber(
        _ core: UnsafeBufferPointer<UInt8>, into start: UnsafeMutablePointer<UInt8>, currency: Int32, name: Bool
    ) throws(ValueError) -> (negative: Bool, digits: DigitString) {
        if currency == AmountShape.noCurrency { return try parser.scan(core, into: start) }
        if !name && (currency < 0 || currency == parserCurrency) {
            return try amountParser.scan(core, into: start)
        }
        return try parser(for: currency, name: name).scan(core, into: start)
    }

    /// The exponent symbols FormatStyle writes in `locale` (`E`; `أس` in
    /// ar_EG, `×۱۰^` in fa_IR): the exponential symbol of its numbering
    /// system in the generated CLDR data (``NumberSymbols``), without the
    /// bidi marks and spaces around it (a positive exponent has no sign).
    /// A name the data lists no entry for reads the locale ICU's aliases
    /// take it to (``numberSymbols(_:)``).
    static func exponentSymbols(_ locale: LocaleID) -> [[UInt8]] {
        guard let data = numberSymbols(locale.identifier) else { return [] }
        let symbol = data.exponential.unicodeScalars.filter { !CurrencyMarks.isBidiOrSpace($0) }
        let bytes = Array(String(String.UnicodeScalarView(symbol)).utf8)
        return bytes.isEmpty ? [] : [bytes]
    }

    /// The generated symbols of ICU identifier `identifier`: its own, else
    /// those of the listed locale ICU's aliases take it to (generated:
    /// `pa_PK` is `pa_Arab_PK`, `ars` is `ar_SA`), else of its nearest
    /// truncation parent the data has (`ca_ES_VALENCIA` is `ca_ES`), its keywords kept.
    static func numberSymbols(_ identifier: String) -> NumberSymbols? {
        var base = Substring(identifier)
        var keywords = ""
        if let at = identifier.firstIndex(of: "@") {
            base = identifier[..<at]
            keywords = String(identifier[at...])
        }
        if let found = NumberSymbols.of(base + keywords) { return found }
        if let listed = NumberAliasesData.listed(String(base)) { base = Substring(listed) }
        while true {
            if let found = NumberSymbols.of(base + keywords) { return found }
            guard let cut = base.lastIndex(of: "_") else { return nil }
            base = base[..<cut]
            while base.hasSuffix("_") { base = base.dropLast() }
        }
    }

    // MARK: Scalars

    @inline(__always)
    static func scalarLength(_ b: UInt8) -> Int { b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4 }

    /// The start of the scalar that ends at `end`.
    @inline(__always)
    static func scalarStart(_ p: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var i = end - 1
        while i > 0 && p[i] & 0xC0 == 0x80 { i -= 1 }
        return i
    }

    /// Whether `bytes` stand at `i`.
    @inline(__always)
    static func has(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ bytes: ByteSeq, end: Int) -> Bool {
        bytes.matches(p, i, end: end)
    }

    /// Whether `bytes` stand at `i`.
    @inline(__always)
    static func has(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ bytes: [UInt8], end: Int) -> Bool {
        guard i + bytes.count <= end else { return false }
        for k in bytes.indices where p[i + k] != bytes[k] { return false }
        return true
    }

    /// Whether a digit (ASCII or the locale's) starts at `i`.
    @inline(__always)
    func isDigit(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Bool {
        if p[i] &- 48 < 10 { return true }
        if p[i] < 0x80 || nativeDigits.isEmpty { return false }
        for d in nativeDigits where Self.has(p, i, d, end: end) { return true }
        return false
    }

    /// Whether a digit ends at `end`.
    @inline(__always)
    func digitEnds(_ p: UnsafeBufferPointer<UInt8>, at end: Int, from start: Int) -> Bool {
        let i = Self.scalarStart(p, before: end)
        return i >= start && isDigit(p, i, end: end)
    }

    /// Where the last digit before `end` ends: `end` when a digit ends
    /// there, else the first byte after the last digit in `lo..<end`, or
    /// `lo` when there is none. ASCII other than digits is passed over a
    /// byte at a time (no digit of the locale's ends in an ASCII byte),
    /// the rest scalar by scalar.
    @inline(__always)
    func lastDigitEnd(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ end: Int) -> Int {
        var k = end
        while k > lo && p[k - 1] < 0x80 && p[k - 1] &- 48 >= 10 { k -= 1 }
        if k > lo && p[k - 1] &- 48 < 10 { return k }
        while k > lo && !digitEnds(p, at: k, from: lo) { k = Self.scalarStart(p, before: k) }
        return k
    }

    /// The length of a bidi mark at `i`, or 0.
    @inline(__always)
    static func bidi(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int {
        // U+200E, U+200F (E2 80 8E/8F), U+061C (D8 9C).
        guard i < end else { return 0 }
        if p[i] == 0xE2, i + 3 <= end, p[i + 1] == 0x80, p[i + 2] == 0x8E || p[i + 2] == 0x8F { return 3 }
        if p[i] == 0xD8, i + 2 <= end, p[i + 1] == 0x9C { return 2 }
        return 0
    }

    /// The length of a space (ASCII, NBSP, NNBSP, thin space) at `i`, or 0.
    @inline(__always)
    static func space(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int {
        if p[i] == 0x20 { return 1 }
        // U+00A0 (C2 A0), U+202F (E2 80 AF), U+2009 (E2 80 89).
        if p[i] == 0xC2, i + 2 <= end, p[i + 1] == 0xA0 { return 2 }
        if p[i] == 0xE2, i + 3 <= end, p[i + 1] == 0x80, p[i + 2] == 0xAF || p[i + 2] == 0x89 { return 3 }
        return 0
    }

    /// The length of a space or bidi mark ending at `end`, or 0.
    @inline(__always)
    static func blankBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        guard end > start else { return 0 }
        let i = scalarStart(p, before: end)
        guard i >= start else { return 0 }
        return space(p, i, end: end) == end - i || bidi(p, i, end: end) == end - i ? end - i : 0
    }

    /// The length of a minus sign at `i`, or 0.
    @inline(__always)
    func minus(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int {
        // The lead byte inline (most texts have no sign there), the signs apart.
        guard i < end, minusLeads.contains(p[i]) else { return 0 }
        return minusSign(p, i, end: end)
    }

    /// The length of the minus sign at `i` whose lead byte is there, or 0.
    @inline(never)
    func minusSign(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int) -> Int {
        for m in minusSigns where Self.has(p, i, m, end: end) { return m.count }
        return 0
    }

    /// The length of a minus sign ending at `end`, or 0.
    @inline(__always)
    func minusBefore(_ p: UnsafeBufferPointer<UInt8>, _ end: Int, start: Int) -> Int {
        guard end > start, end <= p.count, minusTails.contains(p[end - 1]) else { return 0 }
        for m in minusSigns where end - m.count >= start && Self.has(p, end - m.count, m, end: end) { return m.count }
        return 0
    }
}
