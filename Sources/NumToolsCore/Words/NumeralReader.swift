/// Reads numbers written in words or traditional numerals back to their
/// exact digits (numconv's `--style words` and `--style numerals`).
///
/// What the writer writes is read by ``SpelloutReader``, from the same
/// rules (every language and numbering system the writer has). Chinese,
/// Japanese and Korean numbers are also read by their grammar
/// (``EastAsianNumber``), for the variants people write that the rules do
/// not: `일천` and `천`, `两千` and `二千`, `〇` and `零`, financial and
/// ordinary characters mixed.
public struct NumeralReader: Sendable {
    /// The reader of what the writer writes.
    let rules: SpelloutReader
    /// Whether the East Asian grammar reads what the rules do not.
    let eastAsian: Bool
    /// Whether that grammar is Chinese's (``EastAsianNumber/read(_:chinese:)``):
    /// shortened numbers (`一千五` 1500) and units past 10^12 as cn2an writes them (`壹万贰仟亿`).
    let chinese: Bool

    init(rules: SpelloutReader, eastAsian: Bool, chinese: Bool = false) {
        self.rules = rules
        self.eastAsian = eastAsian
        self.chinese = eastAsian && chinese
    }

    /// The languages whose numbers the East Asian grammar reads.
    static let eastAsianLanguages: Set<String> = ["zh", "ja", "ko", "yue"]
    /// The numbering systems the East Asian grammar reads.
    static let eastAsianSystems: Set<String> = ["hans", "hansfin", "hant", "hantfin", "jpan", "jpanfin"]
    /// The languages and numbering systems among those that write Chinese.
    static let chineseLanguages: Set<String> = ["zh", "yue"]
    static let chineseSystems: Set<String> = ["hans", "hansfin", "hant", "hantfin"]

    /// The reader of `--style words` in `locale`, or nil when ICU has no spell-out rules for its language.
    public static func words(locale: LocaleID) -> NumeralReader? {
        guard let rules = SpelloutReader.words(locale: locale) else { return nil }
        let language = LocaleSubtags(locale).language
        return NumeralReader(
            rules: rules, eastAsian: eastAsianLanguages.contains(language),
            chinese: chineseLanguages.contains(language))
    }

    /// The reader of `--style numerals` for the system `name`, or nil.
    public static func numerals(_ name: String) -> NumeralReader? {
        guard let rules = SpelloutReader.numerals(name) else { return nil }
        return NumeralReader(
            rules: rules, eastAsian: eastAsianSystems.contains(name), chinese: chineseSystems.contains(name))
    }

    /// The systems ``numerals(_:)`` reads: every one the writer writes.
    public static var readableSystems: [String] { NumeralSystems.names }

    /// The exact number `text` writes, as a machine number (`-1234.5`), or the error.
    public func read(_ text: UnsafeBufferPointer<UInt8>) throws(ValueError) -> [UInt8] {
        do throws(ValueError) {
            return try rules.read(text)
        } catch {
            guard eastAsian && error.code != .number(.ambiguousNotation) else { throw error }
            let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
            var trimmed = scalars[...]
            while trimmed.first.map(Self.isBlank) == true { trimmed = trimmed.dropFirst() }
            while trimmed.last.map(Self.isBlank) == true { trimmed = trimmed.dropLast() }
            guard !trimmed.isEmpty else { throw error }
            return try EastAsianNumber.read(Array(trimmed), chinese: chinese)
        }
    }

    static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\u{3000}" }
}

/// The grammar of Chinese, Japanese and Korean numbers.
enum EastAsianNumber {
    /// Digits, ordinary and financial, Chinese, Japanese and Hangul.
    static let digits: [Unicode.Scalar: UInt64] = {
        var table: [Unicode.Scalar: UInt64] = [:]
        let rows: [(String, UInt64)] = [
            ("〇零영공", 0), ("一壹弌壱일", 1), ("二贰貳弐两兩이", 2), ("三叁參参弎삼", 3), ("四肆사", 4), ("五伍오", 5),
            ("六陆陸육륙", 6), ("七柒칠", 7), ("八捌팔", 8), ("九玖구", 9),
        ]
        for (chars, value) in rows { for c in chars.unicodeScalars { table[c] = value } }
        return table
    }()

    /// The units within a myriad: 10, 100, 1000.
    static let smallUnits: [Unicode.Scalar: Int] = {
        var table: [Unicode.Scalar: Int] = [:]
        for c in "十拾십".unicodeScalars { table[c] = 1 }
        for c in "百佰陌백".unicodeScalars { table[c] = 2 }
        for c in "千仟阡천".unicodeScalars { table[c] = 3 }
        return table
    }()

    /// The myriad units: 10^4, 10^8, 10^12, 10^16.
    static let myriadUnits: [Unicode.Scalar: Int] = {
        var table: [Unicode.Scalar: Int] = [:]
        for c in "万萬만".unicodeScalars { table[c] = 4 }
        for c in "亿億억".unicodeScalars { table[c] = 8 }
        for c in "兆조".unicodeScalars { table[c] = 12 }
        for c in "京경".unicodeScalars { table[c] = 16 }
        return table
    }()

    static let points: Set<Unicode.Scalar> = ["点", "點", "점", "・"]
    static let minusWords: [[Unicode.Scalar]] = ["负", "負", "マイナス", "마이너스", "-", "\u{2212}"].map {
        Array($0.unicodeScalars)
    }

    static func error(_ code: NumberErrorCode, _ message: String) -> ValueError {
        ValueError(.number(code), message)
    }

    /// A myriad group read: `coefficient × 10^power`, its groups of four
    /// digits by the power of their lowest place (`groups[8] = 2000`: 2000亿).
    struct Myriad {
        /// The unit's power: what follows must be below `10^power`.
        var power: Int
        var groups: [Int: UInt64]
        /// The highest place's group.
        var top: Int { groups.keys.max() ?? power }
    }

    /// Reads the number `s` writes (see ``NumeralReader/Kind/eastAsian``).
    ///
    /// With `chinese`, two things Chinese writes and Japanese and Korean do not:
    /// - a single digit right after a unit, with no `零` before it and no unit
    ///   of its own, is the next unit down (`一千五` 1500, `两万五` 25000,
    ///   `一亿五` 150000000, `一百二` 120; `十五` 15; `一千零五` 1005);
    /// - a myriad unit after smaller ones takes them as its coefficient, as
    ///   cn2an and coinfmt's rmb form write past 10^12 (`壹万贰仟亿` 1.2×10^12,
    ///   `一万亿`, `一亿亿` 10^16), the coefficient below the unit before it.
    static func read(_ s: [Unicode.Scalar], chinese: Bool = false) throws(ValueError) -> [UInt8] {
        var i = 0
        var negative = false
        for word in minusWords where s.count > word.count && Array(s[0..<word.count]) == word {
            negative = true
            i = word.count
            while i < s.count && s[i] == " " { i += 1 }
            break
        }
        // The myriad groups read, their powers falling.
        var stack: [Myriad] = []
        var section: UInt64 = 0
        var sectionHasDigits = false
        var lastSmall = Int.max
        var pendingDigit: UInt64? = nil
        // The power of the unit just before the pending digit (Chinese shortened numbers).
        var digitAfterUnit: Int? = nil
        // The power of the unit just read, while nothing but blanks follows it.
        var lastUnit: Int? = nil
        var afterMyriad = false
        var sawZero = false
        var wroteAnything = false
        func place(_ k: Int) -> String { "at offset \(k)" }
        /// Adds the pending digit to the section, or, shortened (Chinese,
        /// right after a unit of power `u`, closed by the end, the point or a
        /// myriad unit above `u`), as the next unit down.
        func closeDigit(before closing: Int?) {
            guard let d = pendingDigit else { return }
            pendingDigit = nil
            guard chinese, let u = digitAfterUnit, closing.map({ $0 > u }) ?? true else {
                section += d
                return
            }
            if u <= 4 {
                section += d * [1, 1, 10, 100, 1000][u]
            } else {
                // d × 10^(u-1): the top place of the group below the unit's.
                let power = (u - 1) / 4 * 4
                var value = d
                for _ in 0..<(u - 1 - power) { value *= 10 }
                stack.append(Myriad(power: power, groups: [power: value]))
            }
        }
        while i < s.count {
            let c = s[i]
            if let d = digits[c] {
                if pendingDigit != nil {
                    throw error(.misplacedUnit, "'\(c)' \(place(i)) follows a digit without a unit between them")
                }
                if d == 0 {
                    // 零 marks skipped places (一千零五): not twice, not at the end of a section's units.
                    if sawZero { throw error(.misplacedUnit, "'\(c)' \(place(i)): a zero said twice") }
                    sawZero = true
                    if !wroteAnything && !sectionHasDigits {
                        // The number zero itself.
                        if i + 1 == s.count { return [0x30] }
                        if i + 1 < s.count && points.contains(s[i + 1]) {
                            i += 1
                            return try fraction(s, &i, integer: [0x30], negative: negative)
                        }
                        throw error(.misplacedUnit, "'\(c)' \(place(i)): a number does not start with zero")
                    }
                    digitAfterUnit = nil
                } else {
                    pendingDigit = d
                    digitAfterUnit = sawZero ? nil : lastUnit
                }
                lastUnit = nil
                afterMyriad = false
                wroteAnything = true
                i += 1
                continue
            }
            if let unit = smallUnits[c] {
                guard unit < lastSmall else {
                    throw error(.misplacedUnit, "'\(c)' \(place(i)) is out of order: the units fall (千百十)")
                }
                if pendingDigit == 0 { throw error(.misplacedUnit, "'\(c)' \(place(i)) after a zero") }
                section += (pendingDigit ?? 1) * [1, 10, 100, 1000][unit]
                pendingDigit = nil
                sawZero = false
                sectionHasDigits = true
                lastSmall = unit
                lastUnit = unit
                afterMyriad = false
                wroteAnything = true
                i += 1
                continue
            }
            if var power = myriadUnits[c] {
                var width = 1
                var myriad: Myriad
                if chinese, afterMyriad, let previous = stack.last, power >= previous.power {
                    // 万亿, 亿亿: one unit, the product of the two (一万亿 10^12, 一亿亿 10^16).
                    stack.removeLast()
                    power += previous.power
                    myriad = Myriad(power: power, groups: [:])
                    for (p, v) in previous.groups { myriad.groups[p + power - previous.power] = v }
                } else {
                    // 万亿, 萬億: one unit of 10^12 (Chinese reads it as a product, above).
                    if !chinese, power == 4, i + 1 < s.count, myriadUnits[s[i + 1]] == 8 {
                        power = 12
                        width = 2
                    }
                    closeDigit(before: power)
                    // Chinese: the groups below the unit are its coefficient (壹万贰仟亿).
                    var coefficient: [Int: UInt64] = [:]
                    while chinese, let last = stack.last, last.power < power {
                        stack.removeLast()
                        for (p, v) in last.groups { coefficient[p] = v }
                    }
                    if !sectionHasDigits && section == 0 {
                        if sawZero { throw error(.misplacedUnit, "'\(c)' \(place(i)) after a zero") }
                        // `만`, `万`: one of the unit.
                        if coefficient.isEmpty { section = 1 }
                    }
                    if section > 0 { coefficient[0] = section }
                    myriad = Myriad(power: power, groups: [:])
                    for (p, v) in coefficient { myriad.groups[p + power] = v }
                }
                if let above = stack.last, above.power <= power || myriad.top >= above.power {
                    throw error(.misplacedUnit, "'\(c)' \(place(i)) is out of order: the units fall (京兆亿万)")
                }
                stack.append(myriad)
                section = 0
                sectionHasDigits = false
                lastSmall = Int.max
                sawZero = false
                wroteAnything = true
                lastUnit = power
                afterMyriad = true
                i += width
                // Korean spaces the groups.
                while i < s.count && s[i] == " " { i += 1 }
                continue
            }
            if points.contains(c) {
                closeDigit(before: nil)
                guard wroteAnything else { throw error(.noDigits, "'\(c)' \(place(i)) with no number before it") }
                i += 1
                return try fraction(s, &i, integer: integer(stack, section), negative: negative)
            }
            throw error(.invalidCharacter, "'\(c)' \(place(i)) is not part of a number")
        }
        closeDigit(before: nil)
        guard wroteAnything else { throw error(.noDigits, "no number") }
        if sawZero && !sectionHasDigits && section == 0 && stack.isEmpty {
            return [0x30]
        }
        let digits = integer(stack, section)
        return (negative ? [0x2D] : []) + digits
    }

    /// The fraction after the point: one digit a character.
    static func fraction(_ s: [Unicode.Scalar], _ i: inout Int, integer: [UInt8], negative: Bool) throws(ValueError)
        -> [UInt8]
    {
        var out = (negative ? [0x2D] : []) + integer + [0x2E]
        let start = i
        while i < s.count {
            guard let d = digits[s[i]] else {
                throw error(.invalidCharacter, "'\(s[i])' at offset \(i) is not a digit of the fraction")
            }
            out.append(0x30 + UInt8(d))
            i += 1
        }
        guard i > start else { throw error(.noDigits, "no digit after the point") }
        return out
    }

    /// The digits of the myriad groups read and the last section.
    static func integer(_ stack: [Myriad], _ last: UInt64) -> [UInt8] {
        var groups: [Int: UInt64] = [:]
        for myriad in stack { for (p, v) in myriad.groups { groups[p] = v } }
        let top = groups.keys.max() ?? 0
        var digits: [UInt8] = []
        for power in stride(from: top, through: 0, by: -4) {
            let value = power == 0 ? last : groups[power] ?? 0
            let block = Array(String(value).utf8)
            if digits.isEmpty {
                if value > 0 || power == 0 { digits += block }
            } else {
                digits += [UInt8](repeating: 0x30, count: 4 - block.count) + block
            }
        }
        return digits.isEmpty ? [0x30] : digits
    }
}
