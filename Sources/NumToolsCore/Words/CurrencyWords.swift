/// How `--style words` writes an amount of a currency.
public enum WordsForm: String, Sendable, Hashable, CaseIterable {
    /// The amount as a sentence says it: the number in words, its unit, and
    /// the minor part with its own (`one thousand two hundred thirty-four
    /// dollars and fifty-six cents`).
    case plain
    /// As a cheque's amount line is written where the language has a
    /// convention for it (en, and ko, zh, ja for their own currency); the
    /// plain form elsewhere.
    case cheque
}

/// num2words' currency words, by language and code (the table is
/// `Generated/CurrencyWordsData.swift`, from `scripts/gen_currency_words.py`).
enum CurrencyWordsData {
    /// One currency's unit names ("": none) and the gender the number before each takes.
    struct Forms: Sendable {
        let majorSingular: String
        let majorPlural: String
        let minorSingular: String
        let minorPlural: String
        let majorFeminine: Bool
        let minorFeminine: Bool

        init(_ a: String, _ b: String, _ c: String, _ d: String, _ e: Bool, _ f: Bool) {
            (majorSingular, majorPlural, minorSingular, minorPlural, majorFeminine, minorFeminine) = (a, b, c, d, e, f)
        }
    }
}

/// An amount of one currency in words, in one language and form: the
/// amount rounded to the currency's fraction digits, then the integer part
/// and the minor part written by ICU's spell-out rules (``SpelloutFormatter``)
/// with num2words' unit names, or the cheque forms of en, ko, zh and ja.
struct CurrencyWords: Sendable {
    /// Why an amount cannot be written.
    enum Failure: Error, Equatable {
        /// Below zero: a cheque or an invoice writes no negative amount.
        case negative
        /// Past the largest number the form names.
        case pastNames
    }

    enum Writer: Sendable {
        case plain(Plain)
        /// US check writing: `One thousand two hundred thirty-four and 56/100 dollars`.
        case englishCheque(Plain)
        /// 금액 한글 표기: `일금 일백이십삼만사천오백육십칠원정` (CLDR's financial rules).
        case korean(SpelloutFormatter)
        /// cn2an's `rmb` form after `人民币`: `人民币壹仟贰佰叁拾肆元伍角陆分`.
        case chinese
        /// The same units with ICU's ordinary numerals (小写), as prices and
        /// receipts write an amount in words: `一千二百三十四元五角六分`.
        case chinesePlain(SpelloutFormatter)
        /// 大字: `金壱萬弐阡参百四拾伍円也` (CLDR's financial rules, 壱 before 拾, 阡 for 千).
        case japanese(SpelloutFormatter)
    }

    /// The words and units of the plain form.
    struct Plain: Sendable {
        let major: SpelloutFormatter
        let minor: SpelloutFormatter
        let forms: CurrencyWordsData.Forms
        let joiner: String
        let spaced: Bool
        /// The word put between a round million and its unit (`un millón de euros`), by language.
        let partitive: Partitive?
    }

    /// es `de`, fr `de`/`d'`, it `di`, pt `de` after the nouns of a million and above.
    struct Partitive: Sendable {
        let word: String
        /// `de` → `d'` before a vowel (fr).
        let elides: Bool
        /// The endings of the nouns (`millón`, `millones`).
        let endings: [String]

        func follows(_ word: Substring) -> Bool { endings.contains { word.hasSuffix($0) } }
    }

    let code: String
    /// The currency's fraction digits (ICU's): the amount is rounded to them.
    let digits: Int
    let rounding: DecimalRoundingRule
    let writer: Writer

    /// The currency words of `code` in `locale`'s language, in `form`; a
    /// usage error naming what is missing where there are none.
    init(locale: LocaleID, code: String, form: WordsForm, rounding: DecimalRoundingRule) throws(UsageError) {
        let language = LocaleSubtags(locale).language
        self.code = code
        self.rounding = rounding
        digits = CurrencyCatalog.fractionDigits(code)
        if form == .cheque {
            let financial = SpelloutFormatter.words(locale: locale.identifier, ruleSet: "%spellout-cardinal-financial")
            switch (language, code) {
            case ("ko", "KRW"), ("ja", "JPY"):
                guard let financial else {
                    throw UsageError("--words cheque: ICU has no financial numerals for \(locale.identifier)")
                }
                writer = language == "ko" ? .korean(financial) : .japanese(financial)
                return
            case ("zh", "CNY"):
                writer = .chinese
                return
            default: break
            }
        }
        if language == "zh" && code == "CNY" {
            guard let rules = SpelloutFormatter.words(locale: locale.identifier) else {
                throw UsageError("--style words: ICU has no spell-out rules for \(locale.identifier)'s language")
            }
            writer = .chinesePlain(rules)
            return
        }
        if language == "zh" {
            throw UsageError("--style words --currency: no words for \(code) in zh (zh writes CNY alone)")
        }
        guard let table = CurrencyWordsData.forms[language], let shape = CurrencyWordsData.languages[language] else {
            let cheque = form == .cheque ? "; --words cheque writes KRW in ko, CNY in zh and JPY in ja" : ""
            throw UsageError(
                "--style words --currency: no currency words for \(locale.identifier)'s language (\(CurrencyWordsData.source) has en, fr, de, es, it, pt, ko, ja\(cheque))"
            )
        }
        guard let forms = table[code] else {
            throw UsageError(
                "--style words --currency: no words for \(code) in \(language) (\(CurrencyWordsData.source) has \(table.keys.sorted().joined(separator: ", ")))"
            )
        }
        if digits > 0 && forms.minorSingular.isEmpty {
            throw UsageError(
                "--style words --currency: no words for \(code)'s minor unit in \(language) (\(CurrencyWordsData.source) has none)"
            )
        }
        func rules(_ feminine: Bool) throws(UsageError) -> SpelloutFormatter {
            // The cardinal of the unit's gender (`un euro`, `una libra`); ko's Sino-Korean cardinal (`영`, not `공`).
            let names =
                switch language {
                case "en", "ja": ["%spellout-numbering"]
                case "ko": ["%spellout-cardinal-sinokorean", "%spellout-numbering"]
                default:
                    [feminine ? "%spellout-cardinal-feminine" : "%spellout-cardinal-masculine", "%spellout-numbering"]
                }
            for name in names {
                if let rules = SpelloutFormatter.words(locale: locale.identifier, ruleSet: name) { return rules }
            }
            throw UsageError("--style words: ICU has no spell-out rules for \(locale.identifier)'s language")
        }
        let plain = Plain(
            major: try rules(forms.majorFeminine), minor: try rules(forms.minorFeminine), forms: forms,
            joiner: shape.joiner, spaced: shape.spaced, partitive: Self.partitive(language))
        writer = form == .cheque && language == "en" ? .englishCheque(plain) : .plain(plain)
    }

    static func partitive(_ language: String) -> Partitive? {
        switch language {
        case "es": Partitive(word: "de", elides: false, endings: ["llón", "llones"])
        case "pt": Partitive(word: "de", elides: false, endings: ["ão", "ões"])
        case "fr": Partitive(word: "de", elides: true, endings: ["llion", "llions", "lliard", "lliards"])
        case "it": Partitive(word: "di", elides: false, endings: ["lione", "lioni", "liardo", "liardi"])
        default: nil
        }
    }

    /// The amount the words say: rounded to the currency's digits.
    func rounded(_ amount: ExactDecimal) -> ExactDecimal {
        amount.rounded(fractionDigits: digits, rule: rounding)
    }

    /// The integer part and the minor units of `amount` rounded to the
    /// currency's digits; an error below zero or past 19 integer digits.
    func parts(_ amount: ExactDecimal) throws(Failure) -> (integer: UInt64, minor: UInt64) {
        let value = rounded(amount)
        if value.isNegative && !value.isZero { throw .negative }
        guard value.magnitude < SpelloutFormatter.maximumIntegerDigits else { throw .pastNames }
        var integer: UInt64 = 0
        for d in value.integerDigits {
            let (m, o1) = integer.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d &- 0x30))
            guard !o1 && !o2 else { throw .pastNames }
            integer = s
        }
        var minor: UInt64 = 0
        for d in value.fractionDigits(minimumLength: digits).prefix(digits) { minor = minor * 10 + UInt64(d &- 0x30) }
        return (integer, minor)
    }

    /// Appends `amount` (rounded to the currency's digits first) in words.
    func write(_ amount: ExactDecimal, into out: inout [UInt8]) throws(Failure) {
        let (integer, minor) = try parts(amount)
        var text: String
        switch writer {
        case .plain(let plain): text = try Self.plain(plain, integer, minor)
        case .englishCheque(let plain):
            text = try Self.words(plain.major, integer)
            text = text.prefix(1).uppercased() + text.dropFirst()
            if digits > 0 {
                let fraction = String(minor)
                text += " and " + String(repeating: "0", count: digits - fraction.count) + fraction + "/1"
                text += String(repeating: "0", count: digits)
            }
            text += " " + plain.forms.majorPlural
        case .korean(let rules): text = "일금 " + (try Self.words(rules, integer)) + "원정"
        case .chinese:
            // cn2an's units end at 仟万亿 (16 digits).
            guard integer < 10_000_000_000_000_000 else { throw .pastNames }
            text = "人民币" + Self.rmb(integer, jiao: minor / 10, fen: minor % 10)
        case .chinesePlain(let rules):
            text = try Self.yuan(rules, integer, jiao: minor / 10, fen: minor % 10)
        case .japanese(let rules): text = "金" + Self.daiji(try Self.words(rules, integer)) + "円也"
        }
        out.append(contentsOf: text.utf8)
    }

    /// ICU's words of `n`, without the soft hyphens German and Italian
    /// rules put between their parts (a typesetting hint, not a character of the amount).
    static func words(_ rules: SpelloutFormatter, _ n: UInt64) throws(Failure) -> String {
        var bytes: [UInt8] = []
        do throws(SpelloutFormatter.Failure) {
            try rules.format(SpelloutFormatter.Value(integer: n), into: &bytes)
        } catch {
            throw .pastNames
        }
        var i = 0
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        while i < bytes.count {
            if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xAD {
                i += 2
                continue
            }
            kept.append(bytes[i])
            i += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// `<integer> <unit>[ <joiner> <minor> <unit>]`; ko and ja unspaced.
    static func plain(_ plain: Plain, _ integer: UInt64, _ minor: UInt64) throws(Failure) -> String {
        try plain.text(integer, minor) { (n, isMinor) throws(Failure) in
            try words(isMinor ? plain.minor : plain.major, n)
        }
    }
    /// CLDR's Japanese financial numerals (`壱萬弐千参百四拾伍`) as
    /// receipts write them: 阡 for 千, and 壱 before a 拾 that has no
    /// digit of its own (`拾萬` → `壱拾萬`), so that no digit can be put before it.
    static func daiji(_ financial: String) -> String {
        var out = ""
        var previous: Character = " "
        for c in financial {
            if c == "拾" && !"壱弐参四伍六七八九".contains(previous) { out.append("壱") }
            out.append(c == "千" ? "阡" : c)
            previous = c
        }
        return out
    }

    static let rmbDigits = ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"]
    static let rmbUnits = ["", "拾", "佰", "仟", "万", "拾", "佰", "仟", "亿", "拾", "佰", "仟", "万", "拾", "佰", "仟"]

    /// cn2an's `an2cn(amount, "rmb")`, step by step as it does it (its
    /// integer conversion, then 元, 角, 分, 整 by the two fraction digits).
    static func rmb(_ integer: UInt64, jiao: UInt64, fen: UInt64) -> String {
        yuanJiaoFen(rmbInteger(integer), integer, jiao: jiao, fen: fen, whole: "整") { rmbDigits[Int($0)] }
    }

    /// The units and zeros of a Chinese amount, as cn2an's rmb form sets
    /// them: `int` (the integer in words) and `元`, then `digit` of the jiao
    /// and `角` and of the fen and `分`; `零` for no jiao before fen; no
    /// `int元` for an integer of zero with a fraction; `whole` after `元`
    /// without one.
    static func yuanJiaoFen<E: Error>(
        _ int: String, _ integer: UInt64, jiao: UInt64, fen: UInt64, whole: String,
        _ digit: (UInt64) throws(E) -> String
    ) throws(E) -> String {
        switch (jiao, fen) {
        case (0, 0): return int + "元" + whole
        case (_, 0): return (integer == 0 ? "" : int + "元") + (try digit(jiao)) + "角"
        case (0, _): return (integer == 0 ? "" : int + "元零") + (try digit(fen)) + "分"
        default: return (integer == 0 ? "" : int + "元") + (try digit(jiao)) + "角" + (try digit(fen)) + "分"
        }
    }

    /// The plain Chinese amount: the rmb form's units and zeros
    /// (``yuanJiaoFen(_:_:jiao:fen:whole:_:)``) with ICU's ordinary numerals
    /// and no `整`, the integer as ICU writes it (`一千〇五元`, `五角`, `十元零六分`).
    static func yuan(_ rules: SpelloutFormatter, _ integer: UInt64, jiao: UInt64, fen: UInt64) throws(Failure)
        -> String
    {
        try yuanJiaoFen(try words(rules, integer), integer, jiao: jiao, fen: fen, whole: "") {
            (n) throws(Failure) in try words(rules, n)
        }
    }

    /// cn2an's `__integer_convert(_, "up")` (at most 16 digits).
    static func rmbInteger(_ n: UInt64) -> String {
        let digits = Array(String(n)).map { Int($0.asciiValue! - 0x30) }
        var out: [Character] = []
        for (i, d) in digits.enumerated() {
            let place = digits.count - i - 1
            if d != 0 {
                out += rmbDigits[d] + rmbUnits[place]
            } else {
                if place % 4 == 0 { out += rmbDigits[0] + rmbUnits[place] }
                if i > 0 && out.last != "零" { out += rmbDigits[0] }
            }
        }
        var text = String(out)
        for (from, to) in [("零零", "零"), ("零万", "万"), ("零亿", "亿"), ("亿万", "亿")] {
            text = text.replacing(from, with: to)
        }
        var chars = Array(text)
        while chars.first == "零" { chars.removeFirst() }
        while chars.last == "零" { chars.removeLast() }
        // re.sub(r"([万亿])零([壹-玖][仟])", r"\1\2"): left to right, past each match.
        var result: [Character] = []
        var i = 0
        while i < chars.count {
            if i + 3 < chars.count, "万亿".contains(chars[i]), chars[i + 1] == "零",
                chars[i + 2] != "零", rmbDigits.contains(String(chars[i + 2])), chars[i + 3] == "仟"
            {
                result += [chars[i], chars[i + 2], chars[i + 3]]
                i += 4
                continue
            }
            result.append(chars[i])
            i += 1
        }
        return result.isEmpty ? "零" : String(result)
    }
}

extension CurrencyWords.Plain {
    /// The plain form of `integer` and `minor` with each number written by
    /// `words` (its second argument: whether it is the minor part).
    func text(
        _ integer: UInt64, _ minor: UInt64, words: (UInt64, Bool) throws(CurrencyWords.Failure) -> String
    ) throws(CurrencyWords.Failure) -> String {
        var major = try words(integer, false)
        let unit = integer == 1 ? forms.majorSingular : forms.majorPlural
        let minorUnit = minor == 1 ? forms.minorSingular : forms.minorPlural
        guard spaced else {
            var text = major.filter { $0 != " " } + unit
            if minor != 0 { text += " " + (try words(minor, true)).filter { $0 != " " } + minorUnit }
            return text
        }
        let minorPart = minor == 0 ? "" : joiner + " " + (try words(minor, true)) + " " + minorUnit
        if let partitive, let last = major.split(separator: " ").last, partitive.follows(last) {
            if partitive.elides, let first = unit.first, "aeiouéèêhAEIOUÉ".contains(first) {
                return major + " " + partitive.word.dropLast() + "'" + unit + minorPart
            }
            major += " " + partitive.word
        }
        return major + " " + unit + minorPart
    }
}
