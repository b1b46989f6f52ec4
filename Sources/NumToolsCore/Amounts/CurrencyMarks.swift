import Synchronization

// @unchecked Sendable, safely: `own` and `ownSymbolIsPrefix` are set in
// `init` and never written again; `table` and `tier` change only under `lock`.
/// The currency marks one locale writes, and reads back: for every currency
/// CLDR knows, its symbol, its narrow symbol, its ISO 4217 code and its display
/// names (every plural form), each with the currencies it stands for there.
///
/// The marks come from the writer's own description: each is what
/// Foundation's FormatStyle writes around the number for that currency in
/// this locale, the number removed. They are derived in tiers, each the
/// first time a value needs it: the locale's own currency (and `-c`'s) and the
/// ISO codes at once; every currency's symbols when a value carries a mark
/// that is none of those; the display names when it is not a symbol either.
/// A column in one currency never pays for the other 300.
package final class CurrencyMarks: @unchecked Sendable {
    /// How a mark names its currency; where it may stand depends on it.
    enum Kind: UInt8, Sendable {
        /// The symbol or narrow symbol (`€`, `US$`, `$`): where the locale writes it.
        case symbol
        /// A display name (`US dollars`, `Euro`): where the locale writes it.
        case name
        /// The ISO 4217 code (`EUR`): before or after the number.
        case code
    }

    /// What a mark stands for.
    struct Entry: Sendable {
        var kind: Kind
        /// Indexes into ``CurrencyCatalog/codes``, sorted; more than one when
        /// the locale writes several currencies with this mark (narrow `$`).
        var currencies: [Int32]
        /// Whether the locale writes the mark before the number, after it (a code: both).
        var before = false
        var after = false
    }

    let locale: LocaleID
    /// The index of the locale's own currency in ``CurrencyCatalog/codes``.
    let own: Int32
    /// Whether the locale writes a currency symbol before the number (`$1`, `CHF 1`, `R$ 1`).
    let symbolIsPrefix: Bool
    /// Whether the locale writes a negative amount with a minus after it (`€ 1.234,56-` in fy).
    let trailingMinus: Bool
    /// The locale's own currency's symbol and narrow symbol, for the first
    /// look before any table (the common case: a column in the locale's currency).
    private(set) var ownSymbols: [(mark: [UInt8], entry: Entry)] = []

    private let lock = Mutex(())
    private var table: [[UInt8]: Entry] = [:]
    /// The length of the longest mark in ``table``, in bytes.
    private var longest = 0
    /// 0: own and `extra` currencies and ISO codes; 1: every symbol; 2: every name.
    private var tier = 0

    private static let shared = IdentifierCache<CurrencyMarks>()

    /// The marks of `locale`, derived once per process; with `currency`
    /// (`-c`, an index of ``CurrencyCatalog/codes``), that currency's marks
    /// and names are read from the start. A table with a named currency is
    /// its own: the marks `-c` adds early must not decide what a reader
    /// that named none finds first (`C$` is CAD's and NIO's).
    static func of(_ locale: LocaleID, including currency: Int32 = -1) -> CurrencyMarks {
        let key = currency >= 0 ? "\(locale.identifier)\u{0}\(currency)" : locale.identifier
        return shared.value(for: key) { CurrencyMarks(locale: locale, including: currency) }
    }

    static let codeIndex: [String: Int32] = {
        var index: [String: Int32] = [:]
        for (k, code) in CurrencyCatalog.codes.enumerated() { index[code] = Int32(k) }
        return index
    }()

    /// The index of `code` (upper case) in ``CurrencyCatalog/codes``, or -1.
    static func index(of code: String) -> Int32 { codeIndex[code.uppercased()] ?? -1 }

    private init(locale: LocaleID, including currency: Int32) {
        self.locale = locale
        let ownCode = CurrencyCatalog.defaultCurrency(for: locale)
        own = Self.index(of: ownCode)
        let symbol = Self.mark(ownCode, locale: locale, display: .symbol, value: "1")
        let narrow = Self.mark(ownCode, locale: locale, display: .narrow, value: "1")
        symbolIsPrefix = symbol.prefix
        let probe = FoundationProbe(locale: locale, kind: .currency(code: ownCode, display: .symbol), compact: false)
        let negative = Array(Self.trimmed(probe.render("1", fraction: 0, form: .negative)).unicodeScalars)
        trailingMinus = negative.last.map { "-\u{2212}".unicodeScalars.contains($0) } ?? false
        for code in CurrencyCatalog.codes {
            add(Array(code.utf8), .code, Self.index(of: code), before: true, after: true)
        }
        addCurrency(own, names: true)
        // What people type for the local currency where CLDR's symbol is
        // another (`12,000원`, `100元`): a named tolerance, the locale's own currency only.
        if let word = Self.typedWords[LocaleSubtags(locale).language] {
            add(Array(word.utf8), .name, own, before: false, after: true)
        }
        ownSymbols = [symbol.mark, narrow.mark].filter { !$0.isEmpty }.compactMap { m in table[m].map { (m, $0) } }
        // (After the own symbols: what they stand for is the locale's alone.)
        if currency != own { addCurrency(currency, names: true) }
    }

    /// CLDR's root locale, whose symbols (`US$`) every locale reads.
    static let root = LocaleID(identifier: "root")

    /// Words for the local currency that people type and CLDR does not list
    /// as its symbol (Korean `원`, Chinese `元`): read after the number, for
    /// the locale's own currency; coinfmt's myriad style writes them.
    static let typedWords = ["ko": "원", "zh": "元", "yue": "元", "ja": "円"]

    /// Adds `currency`'s symbols (and its names) to the table; call before
    /// sharing or under the lock.
    private func addCurrency(_ currency: Int32, names: Bool, symbols: Bool = true) {
        guard currency >= 0 else { return }
        let code = CurrencyCatalog.codes[Int(currency)]
        if symbols { addSymbols(currency, code) }
        if names { addNames(currency, code) }
    }

    private func addSymbols(_ currency: Int32, _ code: String) {
        for display in [CoinFormatStyle.CurrencyDisplay.symbol, .narrow] {
            let (m, prefix) = Self.mark(code, locale: locale, display: display, value: "1")
            if !m.isEmpty { add(m, .symbol, currency, before: prefix, after: !prefix) }
        }
        // CLDR's root symbol (`US$`, `CA$`, `JP¥`), which locales that give
        // a currency no symbol of their own write, read in every locale.
        let root = Self.mark(code, locale: Self.root, display: .symbol, value: "1").mark
        if !root.isEmpty { add(root, .symbol, currency, before: symbolIsPrefix, after: !symbolIsPrefix) }
        // The forms people write (`C$`, `Rs`, `yen`: ``CurrencyForms``), read in every locale.
        for (form, place) in CurrencyForms.forms(of: code) {
            let before = place == .either || (place == .symbol && symbolIsPrefix)
            let after = place != .symbol || !symbolIsPrefix
            add(Array(form.utf8), .symbol, currency, before: before, after: after)
        }
    }

    private func addNames(_ currency: Int32, _ code: String) {
        // The name of every plural category, as FormatStyle writes it.
        let probe = FoundationProbe(locale: locale, kind: .currency(code: code, display: .name), compact: false)
        for value in Self.pluralValues {
            let (before, after) = Self.split(
                probe.render(value, precision: .fraction(0, 1), rule: nil, form: .positive))
            // Some locales write the symbol before and the name after (`CHF 1 234,56 francs suisses`).
            if !before.isEmpty { add(before, .name, currency, before: true, after: false) }
            if !after.isEmpty { add(after, .name, currency, before: false, after: true) }
        }
    }

    /// One value of every plural category of every CLDR language (one, two,
    /// few, many, other; integers and fractions).
    static let pluralValues = [
        "0", "1", "2", "3", "4", "5", "6", "9", "11", "14", "21", "22", "25", "101", "1000000", "0.5", "1.5", "1.4",
        "1.6", "1.9", "0.25", "1.05",
    ]

    private func add(
        _ mark: [UInt8], _ kind: Kind, _ currency: Int32, before: Bool, after: Bool
    ) {
        guard currency >= 0 else { return }
        longest = max(longest, mark.count)
        if var entry = table[mark] {
            entry.before = entry.before || before
            entry.after = entry.after || after
            if !entry.currencies.contains(currency) {
                entry.currencies.append(currency)
                entry.currencies.sort()
            }
            // A code is also a symbol in some locales (`CHF`): the symbol's place wins.
            if kind == .symbol { entry.kind = .symbol }
            table[mark] = entry
        } else {
            table[mark] = Entry(kind: kind, currencies: [currency], before: before, after: after)
        }
    }

    private var separatorsByCurrency: [Int64: (decimal: [UInt8], grouping: [UInt8])] = [:]

    /// The decimal and grouping separators of `currency`'s amounts here:
    /// CLDR may give a currency its own (`1.234,56 €` but `1,234.56 US$` in
    /// en_150; `1234$56` for escudos in pt_CV).
    /// (With `name`, of its amounts written with its display name.)
    func separators(of currency: Int32, name: Bool = false) -> (decimal: [UInt8], grouping: [UInt8]) {
        return lock.withLock { _ in
            let key = Int64(currency) << 1 | (name ? 1 : 0)
            if let known = separatorsByCurrency[key] { return known }
            let code = CurrencyCatalog.codes[Int(currency >= 0 ? currency : own)]
            let notation = NumberNotation.of(
                FoundationProbe(
                    locale: locale, kind: .currency(code: code, display: name ? .name : .symbol), compact: false))
            let found = (notation.decimalSeparator, notation.groupingSeparator)
            separatorsByCurrency[key] = found
            return found
        }
    }

    /// What `mark` stands for among the marks derived so far, or nil.
    func loaded(_ mark: [UInt8]) -> Entry? {
        return lock.withLock { _ in
            return table[mark]
        }
    }

    /// What `mark` stands for in this locale, or nil: derives the next
    /// tiers of the table until it is found or there are none.
    func lookup(_ mark: UnsafeBufferPointer<UInt8>) -> Entry? {
        let key = Array(mark)
        return lock.withLock { _ in
            return find(key, from: 0)
        }
    }

    /// Every currency `mark` stands for in this locale (the table derived
    /// at least to every symbol, so that a mark found among the locale's own
    /// is not taken for its currency alone), sorted; empty when none.
    func currencies(_ mark: [UInt8]) -> [Int32] {
        return lock.withLock { _ in
            return find(mark, from: 1)?.currencies ?? []
        }
    }

    /// The currencies whose symbol, narrow symbol, root symbol or form
    /// (``CurrencyForms``) `mark` is here (not a name), sorted.
    func symbolCurrencies(_ mark: [UInt8]) -> [Int32] {
        return lock.withLock { _ in
            load(upTo: 1)
            guard let entry = table[mark], entry.kind != .name else { return [] }
            return entry.currencies
        }
    }

    /// `key`'s entry once the table is derived to at least `minimum`,
    /// deriving the next tiers until it is found; under the lock.
    private func find(_ key: [UInt8], from minimum: Int) -> Entry? {
        load(upTo: minimum)
        while true {
            if let entry = table[key] { return entry }
            guard tier < 2 else { return nil }
            load(upTo: tier + 1)
        }
    }

    /// Derives the tiers up to `wanted`; under the lock.
    private func load(upTo wanted: Int) {
        while tier < wanted {
            tier += 1
            for k in CurrencyCatalog.codes.indices {
                addCurrency(Int32(k), names: tier == 2, symbols: tier == 1)
            }
        }
    }

    /// The length in bytes of the longest mark derived so far (of every
    /// mark, once ``lookup(_:)`` has found none).
    var longestMark: Int {
        return lock.withLock { _ in
            return longest
        }
    }

    /// What `mark` stands for as a symbol or ISO code (not a display name),
    /// or nil: derives the symbols' tier when needed, never the names'.
    func symbolLookup(_ mark: UnsafeBufferPointer<UInt8>) -> Entry? {
        let key = Array(mark)
        return lock.withLock { _ in
            if table[key] == nil && tier == 0 {
                tier = 1
                for k in CurrencyCatalog.codes.indices { addCurrency(Int32(k), names: false) }
            }
            guard let entry = table[key], entry.kind != .name else { return nil }
            return entry
        }
    }

    /// The text FormatStyle writes before and after the number for `code`
    /// in `locale` (`value` in the display), bidi marks and the spaces next
    /// to the number removed: what stands outside the first and last digit.
    static func marks(_ code: String, locale: LocaleID, display: CoinFormatStyle.CurrencyDisplay, value: String) -> (
        before: [UInt8], after: [UInt8]
    ) {
        let fraction = value.contains(".") ? 1 : 0
        let probe = FoundationProbe(locale: locale, kind: .currency(code: code, display: display), compact: false)
        return split(probe.render(value, fraction: fraction, form: .positive))
    }

    /// The text before the first digit and after the last, trimmed.
    static func split(_ text: String) -> (before: [UInt8], after: [UInt8]) {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.properties.numericType == .decimal }),
            let last = scalars.lastIndex(where: { $0.properties.numericType == .decimal })
        else { return ([], []) }
        let before = trimmed(String(String.UnicodeScalarView(scalars[..<first])))
        let after = trimmed(String(String.UnicodeScalarView(scalars[(last + 1)...])))
        return (Array(before.utf8), Array(after.utf8))
    }

    /// The mark of `code` in `display` and whether it stands before the number.
    static func mark(_ code: String, locale: LocaleID, display: CoinFormatStyle.CurrencyDisplay, value: String) -> (
        mark: [UInt8], prefix: Bool
    ) {
        let (before, after) = marks(code, locale: locale, display: display, value: value)
        return before.isEmpty ? (after, false) : (before, true)
    }

    /// Spaces and bidi marks around a mark (trimmed off it; also what the
    /// compact units' generator trims off a unit).
    package static func isBidiOrSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0xA0, 0x202F, 0x2009, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    package static func trimmed(_ s: String) -> String { trimmed(s, where: isBidiOrSpace) }

    /// `s` without the scalars around it that `isTrimmed` takes.
    static func trimmed(_ s: String, where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(scalars[first...last])
    }
}
