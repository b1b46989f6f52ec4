/// A locale's number symbols and patterns in one numbering system, read
/// from the generated CLDR data (Generated/NumberSymbolsData.swift, written
/// by numtools-datagen from the toolchain's ICU), decoded the first time the
/// locale is asked for.
struct NumberSymbols: Sendable {
    /// The numbering system (`latn`, `arab`, ...).
    let system: String
    /// UTF-8 of the ten digits `0` to `9`.
    let digits: [[UInt8]]
    /// The symbols: decimal, group, percent, plus, minus, exponential, per
    /// mille, infinity, NaN, approximately, monetary decimal, monetary
    /// group (as the data keeps them).
    let symbols: [String]
    /// ICU's patterns: decimal, percent, currency, accounting, scientific.
    let patterns: [String]
    /// CLDR's minimum grouping digits.
    let minimumGrouping: Int

    var decimal: String { symbols[0] }
    var group: String { symbols[1] }
    var percent: String { symbols[2] }
    var plus: String { symbols[3] }
    var minus: String { symbols[4] }
    var exponential: String { symbols[5] }
    var perMille: String { symbols[6] }
    /// The separators of currency amounts (CLDR's currencyDecimal and
    /// currencyGroup: `.` and `'` in de_CH, where numbers have `.` and `’`).
    var monetaryDecimal: String { symbols[10] }
    var monetaryGroup: String { symbols[11] }

    /// The data of ICU locale identifier `identifier` (a listed locale,
    /// optionally with `@numbers=` a numbering system and other keywords),
    /// or nil when the data has no entry for it.
    static func of(_ identifier: String) -> NumberSymbols? {
        cache.value(for: identifier) { decode(identifier) }
    }

    private static let cache = IdentifierCache<NumberSymbols?>()

    /// The name whose generated data `base` (no keywords) reads: itself
    /// when the data has it, else its parent by truncation, as ICU falls
    /// back from a variant it has no data for (`ca_ES_VALENCIA`: `ca_ES`);
    /// `C`, `POSIX` and a name with no data at all read `en_US_POSIX`, as ICU
    /// reads them (its canonical `C`, and its default locale under LANG=C).
    static func dataName(_ base: String) -> String {
        var name = Substring(base)
        while NumberSymbolsData.entry(String(name)) == nil, let cut = name.lastIndex(of: "_") {
            name = name[..<cut]
        }
        return NumberSymbolsData.entry(String(name)) == nil ? LocaleSupport.machineIdentifier : String(name)
    }

    /// Decodes the entry of `identifier` (see NumberSymbolsData.swift):
    /// the numbering system `@numbers=` names or the locale's own, and the
    /// sets the entry keeps for it, else latn's.
    static func decode(_ given: String) -> NumberSymbols? {
        // A name in any form (`th-TH-u-nu-thai`) is read in ICU's.
        let identifier = LocaleNames.canonical(given)
        var base = Substring(identifier)
        var system: Substring? = nil
        if let at = identifier.firstIndex(of: "@") {
            base = identifier[..<at]
            for keyword in identifier[identifier.index(after: at)...].split(separator: ";") {
                let pair = keyword.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { return nil }
                if pair[0] == "numbers" { system = pair[1] }
            }
        }
        guard let entry = NumberSymbolsData.entry(dataName(String(base))) else { return nil }
        let fields = entry.split(separator: " ")
        guard fields.count >= 3, let minimumGrouping = Int(fields[1]) else { return nil }
        let name = String(system ?? fields[0])
        guard let digitText = NumberSymbolsData.digits(name) else { return nil }
        var chosen: [Substring]? = nil
        for set in fields[2...] {
            let parts = set.split(separator: ":")
            guard parts.count == 3 else { return nil }
            if parts[0] == "latn" && chosen == nil || parts[0] == name { chosen = parts }
        }
        guard let chosen, let s = Int(chosen[1]), let p = Int(chosen[2]) else { return nil }
        let separator: Character = "\u{1F}"
        let symbols = NumberSymbolsData.symbols(s).split(separator: separator, omittingEmptySubsequences: false)
        let patterns = NumberSymbolsData.patterns(p).split(separator: separator, omittingEmptySubsequences: false)
        guard symbols.count == 12, patterns.count == 5 else { return nil }
        let digits = digitText.unicodeScalars.map { Array(String($0).utf8) }
        guard digits.count == 10 else { return nil }
        return NumberSymbols(
            system: name, digits: digits, symbols: symbols.map(String.init), patterns: patterns.map(String.init),
            minimumGrouping: minimumGrouping)
    }
}

/// One ICU number pattern, read: the text before and after the number of
/// its positive and (when it has one) negative subpattern, still in pattern
/// syntax, and the grouping of its integer digits.
struct NumberPattern: Sendable {
    /// A prefix or suffix: literal text and the symbols the pattern names.
    enum Part: Sendable, Equatable {
        case text(String)
        case minus, plus, percent, perMille, currency
    }

    var positivePrefix: [Part] = []
    var positiveSuffix: [Part] = []
    var negativePrefix: [Part]? = nil
    var negativeSuffix: [Part]? = nil
    /// The group sizes: the one nearest the decimal point and the next (0: no grouping).
    var primary = 0
    var secondary = 0

    /// Reads `pattern` (ICU's syntax: `#,##0.###`, `#,##0 %`, `¤#,##0.00;(¤#,##0.00)`).
    init(_ pattern: String) {
        var subpatterns: [(prefix: [Part], body: String, suffix: [Part])] = []
        var prefix: [Part] = []
        var suffix: [Part] = []
        var body = ""
        var stage = 0  // 0: prefix, 1: number, 2: suffix
        var quoted = false
        var literal = ""
        func flush() {
            guard !literal.isEmpty else { return }
            if stage == 0 { prefix.append(.text(literal)) } else { suffix.append(.text(literal)) }
            literal = ""
        }
        func add(_ part: Part) {
            flush()
            if stage == 0 { prefix.append(part) } else { suffix.append(part) }
        }
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            i += 1
            if quoted {
                if c == "'" {
                    if i < scalars.count && scalars[i] == "'" {
                        literal.unicodeScalars.append("'")
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    literal.unicodeScalars.append(c)
                }
                continue
            }
            let numberScalar = "#0123456789@,.".unicodeScalars.contains(c)
            if stage == 0 && numberScalar { flush(); stage = 1 }
            if stage == 1 {
                if numberScalar || c == "E" || c == "+" && body.contains("E") {
                    body.unicodeScalars.append(c)
                    continue
                }
                stage = 2
            }
            switch c {
            case "'":
                if i < scalars.count && scalars[i] == "'" {
                    literal.unicodeScalars.append("'")
                    i += 1
                } else {
                    quoted = true
                }
            case ";":
                flush()
                subpatterns.append((prefix, body, suffix))
                (prefix, suffix, body, stage) = ([], [], "", 0)
            case "-": add(.minus)
            case "+": add(.plus)
            case "%": add(.percent)
            case "\u{2030}": add(.perMille)
            case "\u{A4}": add(.currency)
            default: literal.unicodeScalars.append(c)
            }
        }
        flush()
        subpatterns.append((prefix, body, suffix))
        positivePrefix = subpatterns[0].prefix
        positiveSuffix = subpatterns[0].suffix
        if subpatterns.count > 1 {
            negativePrefix = subpatterns[1].prefix
            negativeSuffix = subpatterns[1].suffix
        }
        // Group sizes: the digits after the last comma of the integer part, and between the last two.
        let integer = subpatterns[0].body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let groups = integer.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count >= 2 {
            primary = groups[groups.count - 1].count
            secondary = groups.count >= 3 ? groups[groups.count - 2].count : primary
        }
    }

    /// The text around the number for a positive value, a negative one and
    /// one with an explicit plus sign, as ICU's number formatter writes them:
    /// a negative without a subpattern of its own gets the minus before the
    /// positive prefix; the plus form is the negative subpattern with its
    /// minus replaced when it has one, else the positive one with a plus
    /// before it.
    func affixes(_ symbols: NumberSymbols) -> (
        positive: NumberNotation.Affixes, negative: NumberNotation.Affixes, plus: NumberNotation.Affixes
    ) {
        func text(_ parts: [Part], minusAs: String? = nil) -> [UInt8] {
            var out = ""
            for part in parts {
                switch part {
                case .text(let t): out += t
                case .minus: out += minusAs ?? symbols.minus
                case .plus: out += symbols.plus
                case .percent: out += symbols.percent
                case .perMille: out += symbols.perMille
                case .currency: out += "\u{A4}"
                }
            }
            return Array(out.utf8)
        }
        let positive = NumberNotation.Affixes(prefix: text(positivePrefix), suffix: text(positiveSuffix))
        let negative: NumberNotation.Affixes
        let plus: NumberNotation.Affixes
        if let negativePrefix, let negativeSuffix {
            negative = NumberNotation.Affixes(prefix: text(negativePrefix), suffix: text(negativeSuffix))
        } else {
            negative = NumberNotation.Affixes(
                prefix: Array(symbols.minus.utf8) + positive.prefix, suffix: positive.suffix)
        }
        if let negativePrefix, let negativeSuffix, (negativePrefix + negativeSuffix).contains(.minus) {
            plus = NumberNotation.Affixes(
                prefix: text(negativePrefix, minusAs: symbols.plus), suffix: text(negativeSuffix, minusAs: symbols.plus)
            )
        } else {
            plus = NumberNotation.Affixes(prefix: Array(symbols.plus.utf8) + positive.prefix, suffix: positive.suffix)
        }
        return (positive, negative, plus)
    }
}
