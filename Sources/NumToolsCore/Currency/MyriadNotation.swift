/// How a locale that counts in myriads writes an amount in unit groups of
/// four digits, largest first (coinfmt's `--style myriad`): `1억 2,345만
/// 6,789` in Korean, `1亿2345万6789` in Chinese, `1億2345万6789` in Japanese.
///
/// The units are the locale's CLDR compact units at 10^4, 10^8, 10^12, ...
/// (``CompactUnits/myriadUnits``), so numconv reads back what is written.
/// Groups that are zero are left out (`1억 6,789`); the largest unit takes
/// all the digits above it (`12345조`). Korean puts a space after each
/// unit and groups the digits of a group (Korean orthography, 한글 맞춤법
/// 제44항: numbers are spaced at each 만); Chinese and Japanese write the
/// groups together, ungrouped.
struct MyriadNotation: Sendable {
    /// The units, largest first.
    let units: [(power: Int, text: [UInt8])]
    /// Whether a space follows each unit that is not last.
    let spaced: Bool
    /// Whether the digits of a group are grouped as the locale groups them.
    let grouped: Bool
    /// The unit word the locale writes its own currency with (`원`, `円`,
    /// `元`, ``CurrencyMarks/typedWords``), after the number; nil when the
    /// amount takes the currency style's text around it instead (another
    /// currency, or none).
    let ownCurrencyUnit: [UInt8]?
    /// The plain number's text around the digits, for each sign, used with ``ownCurrencyUnit``.
    let plain: NumberNotation

    /// The notation of `style`'s locale, or nil when the locale does not count in myriads.
    init?(_ style: CoinFormatStyle) {
        let compact = CompactUnits.of(style.locale)
        guard Self.applies(compact) else { return nil }
        units = compact.myriadUnits
        let language = LocaleSubtags(style.locale).language
        spaced = language == "ko"
        grouped = language == "ko"
        if let code = style.resolvedCurrencyCode, style.symbol == nil,
            code == CurrencyCatalog.defaultCurrency(for: style.locale), let word = CurrencyMarks.typedWords[language]
        {
            ownCurrencyUnit = Array(word.utf8)
        } else {
            ownCurrencyUnit = nil
        }
        plain = NumberNotation.of(FoundationProbe(locale: style.locale, kind: .number, compact: false))
    }

    /// Whether `locale` counts in myriads, so that the myriad style applies.
    /// (A unit of its own at 10^4 and at 10^8: Thai has one at 10^4,
    /// `หมื่น`, but counts on in millions.)
    static func applies(to locale: LocaleID) -> Bool { applies(CompactUnits.of(locale)) }

    private static func applies(_ compact: CompactUnits) -> Bool {
        compact.myriad && compact.myriadUnits.contains { $0.power == 4 }
            && compact.myriadUnits.contains { $0.power == 8 }
    }

    /// The text around the number for `form`, when the currency is written with its own unit word.
    func ownAffixes(_ form: FoundationProbe.Form, unitAfterSpace: Bool) -> Template.Affixes? {
        guard let word = ownCurrencyUnit else { return nil }
        let sign: NumberNotation.Affixes
        switch form {
        case .positive, .unsigned: sign = plain.positive
        case .negative: sign = plain.negative
        case .plus: sign = plain.plus
        }
        return Template.Affixes(prefix: sign.prefix, suffix: sign.suffix + (unitAfterSpace ? [0x20] : []) + word)
    }

    /// The fewest bytes the digits of an integer of magnitude `magnitude`
    /// take: those above the largest unit, at least one.
    func minimumByteCount(magnitude: Int) -> Int {
        max(1, magnitude + 1 - (units.first?.power ?? 0))
    }

    /// Appends the integer `integer` (ASCII digits, maybe with leading
    /// zeros) and `fraction` (ASCII digits, maybe empty) in unit groups, in
    /// `notation`'s digits and separators. Returns whether the last thing
    /// written is a unit (`1억 2,345만`), not a digit. Zero groups are left
    /// out, and so is a last group of zeros whose fraction is zeros.
    @discardableResult
    func append(
        integer: some Collection<UInt8>, fraction: some Collection<UInt8>, notation: NumberNotation,
        into out: inout [UInt8]
    ) -> Bool {
        let digits = Array(integer.drop { $0 == 48 })
        let n = digits.count
        var wrote = false
        var end = 0
        var endsWithUnit = false
        for unit in units where n > unit.power {
            let group = digits[end..<(n - unit.power)].drop { $0 == 48 }
            end = n - unit.power
            guard !group.isEmpty else { continue }
            if wrote && spaced { out.append(0x20) }
            appendGroup(Array(group), notation: notation, into: &out)
            out.append(contentsOf: unit.text)
            wrote = true
            endsWithUnit = true
        }
        let last = digits[end...].drop { $0 == 48 }
        // A fraction of zeros alone after the units is left out (`1亿元`, not `1亿0.00元`).
        if !last.isEmpty || fraction.contains(where: { $0 != 48 }) || !wrote {
            if wrote && spaced { out.append(0x20) }
            appendGroup(last.isEmpty ? [48] : Array(last), notation: notation, into: &out)
            if !fraction.isEmpty {
                out.append(contentsOf: notation.decimalSeparator)
                for d in fraction { out.append(contentsOf: notation.digits[Int(d &- 48)]) }
            }
            endsWithUnit = false
        }
        return endsWithUnit
    }

    private func appendGroup(_ group: [UInt8], notation: NumberNotation, into out: inout [UInt8]) {
        if grouped {
            notation.appendGroupedInteger(group, into: &out)
        } else {
            for d in group { out.append(contentsOf: notation.digits[Int(d &- 48)]) }
        }
    }
}
