/// numconv's `--style words --currency CODE`: an amount in words, as
/// `coinfmt --style words --currency CODE` writes it in either form, read
/// back to its exact number (`일금 오천만원정` → `50000000`,
/// `One thousand two hundred thirty-four and 56/100 dollars` → `1234.56`).
///
/// The East Asian forms are read by their grammar, with the variants
/// people write: `일금`/`금` or nothing before a Korean amount, `원정` or
/// `원` after it; `人民币` or nothing, `元`/`圆`, `整`/`正`, `角`, `分`; `金`
/// or nothing, `円也`/`円`. The other languages' forms are split at the
/// currency's unit words, each number read by the rules the writer used,
/// and the amount counts only when the writer writes it back as the text
/// (letter case, spaces and hyphens aside): so `fifty dollar` or
/// `one dollars and five` is an error record, never a guess.
///
/// The number written has the minor digits only when the words say them
/// (`and 00/100`, `et cinq centimes`): the words carry no digits otherwise.
public struct CurrencyWordsReader: Sendable {
    enum Form: Sendable {
        case korean(NumeralReader)
        case chinese(NumeralReader)
        case japanese(NumeralReader)
        case plain(CurrencyWords.Plain, major: NumeralReader, minor: NumeralReader, cheque: Bool)
    }

    let form: Form
    let words: CurrencyWords
    /// en's cheque form, read as well as the plain one.
    let chequeWords: CurrencyWords?
    let digits: Int
    let name: String

    /// The reader of `code`'s amounts in words in `locale`'s language; a
    /// usage error where coinfmt writes none.
    public init(locale: LocaleID, code: String) throws(UsageError) {
        let language = LocaleSubtags(locale).language
        name = "\(code) words in \(locale.identifier)"
        let eastAsian: Bool
        switch (language, code) {
        case ("ko", "KRW"), ("ja", "JPY"), ("zh", "CNY"): eastAsian = true
        default: eastAsian = false
        }
        if eastAsian {
            words = try CurrencyWords(locale: locale, code: code, form: .cheque, rounding: .halfEven)
            guard let reader = NumeralReader.words(locale: locale) else {
                throw UsageError("--style words: ICU has no spell-out rules for \(locale.identifier)'s language")
            }
            form = language == "ko" ? .korean(reader) : language == "ja" ? .japanese(reader) : .chinese(reader)
        } else {
            words = try CurrencyWords(locale: locale, code: code, form: .plain, rounding: .halfEven)
            guard case .plain(let plain) = words.writer else {
                throw UsageError("--style words --currency: no currency words for \(locale.identifier)")
            }
            let dropped = language == "en" ? ["and"] : []
            func reader(_ formatter: SpelloutFormatter) -> NumeralReader {
                NumeralReader(
                    rules: SpelloutReader(formatter: formatter, name: "\(locale.identifier) words", dropping: dropped),
                    eastAsian: NumeralReader.eastAsianLanguages.contains(language),
                    chinese: NumeralReader.chineseLanguages.contains(language))
            }
            form = .plain(plain, major: reader(plain.major), minor: reader(plain.minor), cheque: language == "en")
        }
        chequeWords =
            language == "en" ? try? CurrencyWords(locale: locale, code: code, form: .cheque, rounding: .halfEven) : nil
        digits = words.digits
    }

    /// The amount `text` says, as a machine number (`1234.56`), or the error.
    public func read(_ text: UnsafeBufferPointer<UInt8>) throws(ValueError) -> [UInt8] {
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        var s = scalars[...]
        while s.first.map(NumeralReader.isBlank) == true { s = s.dropFirst() }
        while s.last.map(NumeralReader.isBlank) == true { s = s.dropLast() }
        guard !s.isEmpty else { throw ValueError(.number(.noDigits), "no amount: no words") }
        switch form {
        case .korean(let reader):
            if s.starts(with: "일금".unicodeScalars) {
                s = s.dropFirst(2)
            } else if s.first == "금" {
                s = s.dropFirst()
            }
            for suffix in ["원정", "원整", "원"] {
                let u = Array(suffix.unicodeScalars)
                if s.suffix(u.count).elementsEqual(u) { return try integer(reader, s.dropLast(u.count), unit: "원") }
            }
            throw missingUnit("원")
        case .japanese(let reader):
            if s.first == "金" { s = s.dropFirst() }
            if s.last == "也" { s = s.dropLast() }
            guard let last = s.last, last == "円" || last == "圓" else { throw missingUnit("円") }
            return try integer(reader, s.dropLast(), unit: "円")
        case .chinese(let reader):
            for prefix in ["人民币", "人民幣"] where s.starts(with: prefix.unicodeScalars) {
                s = s.dropFirst(prefix.unicodeScalars.count)
            }
            return try chinese(reader, s)
        case .plain(let plain, let major, let minor, let cheque):
            return try self.plain(text, plain, major, minor, cheque: cheque)
        }
    }

    private func missingUnit(_ unit: String) -> ValueError {
        ValueError(.number(.notWords), "not an amount in \(name): no '\(unit)' after the number")
    }

    /// The number before the unit, read by the language's grammar.
    private func integer(_ reader: NumeralReader, _ s: ArraySlice<Unicode.Scalar>, unit: String) throws(ValueError)
        -> [UInt8]
    {
        var trimmed = s
        while trimmed.last.map(NumeralReader.isBlank) == true { trimmed = trimmed.dropLast() }
        while trimmed.first.map(NumeralReader.isBlank) == true { trimmed = trimmed.dropFirst() }
        guard !trimmed.isEmpty else {
            throw ValueError(.number(.noDigits), "no number before '\(unit)' in \(name)")
        }
        let bytes = Array(String(String.UnicodeScalarView(trimmed)).utf8)
        let number = try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try reader.read(b) }
        guard !number.contains(0x2D), !number.contains(0x2E) else {
            throw ValueError(.number(.notWords), "not an amount in \(name): a whole number comes before '\(unit)'")
        }
        return number
    }

    /// cn2an's rmb form and its variants: `壹仟贰佰叁拾肆元伍角陆分`,
    /// `…元整`, `…元零陆分`, `伍角`, `陆分`.
    private func chinese(_ reader: NumeralReader, _ s: ArraySlice<Unicode.Scalar>) throws(ValueError) -> [UInt8] {
        var integerPart: [UInt8] = [0x30]
        var tail = s
        if let yuan = s.firstIndex(where: { $0 == "元" || $0 == "圆" || $0 == "圓" }) {
            integerPart = try integer(reader, s[..<yuan], unit: "元")
            tail = s[(yuan + 1)...]
            if tail.isEmpty || tail.elementsEqual(["整"]) || tail.elementsEqual(["正"]) { return integerPart }
            if tail.first == "零" { tail = tail.dropFirst() }
        }
        var jiao: UInt8 = 0x30
        var fen: UInt8 = 0x30
        var said = false
        func digit(_ c: Unicode.Scalar) throws(ValueError) -> UInt8 {
            guard let d = EastAsianNumber.digits[c] else {
                throw ValueError(.number(.notWords), "not an amount in \(name): '\(c)' is not a digit before 角 or 分")
            }
            return 0x30 + UInt8(d)
        }
        if tail.count >= 2, tail[tail.startIndex + 1] == "角" {
            jiao = try digit(tail.first!)
            tail = tail.dropFirst(2)
            said = true
            if tail.first == "零" { tail = tail.dropFirst() }
        }
        if tail.count >= 2, tail[tail.startIndex + 1] == "分" {
            fen = try digit(tail.first!)
            tail = tail.dropFirst(2)
            said = true
        }
        if said && (tail.elementsEqual(["整"]) || tail.elementsEqual(["正"])) { tail = [] }
        guard said, tail.isEmpty else {
            throw ValueError(
                .number(.notWords),
                "not an amount in \(name): expected 元, then 整, 角 or 分 (as in 人民币壹仟贰佰叁拾肆元伍角陆分)")
        }
        return integerPart + [0x2E, jiao, fen]
    }

    /// The plain form (`… dollars and fifty-six cents`) or en's cheque form
    /// (`… and 56/100 dollars`): split at the unit words, read, written back.
    private func plain(
        _ text: UnsafeBufferPointer<UInt8>, _ plain: CurrencyWords.Plain, _ major: NumeralReader,
        _ minor: NumeralReader, cheque: Bool
    ) throws(ValueError) -> [UInt8] {
        let t = SpelloutReader.fold(text, dropping: [])
        guard t.count <= SpelloutReader.maximumLength else {
            throw ValueError(.number(.notWords), "\(text.count) bytes: longer than any amount in \(name)")
        }
        var readings: [(integer: [UInt8], minor: [UInt8]?)] = []
        var lastError: ValueError?
        func number(_ reader: NumeralReader, _ bytes: ArraySlice<UInt8>) -> [UInt8]? {
            let a = Array(bytes)
            do throws(ValueError) {
                let n = try a.withUnsafeBufferPointer { (b) throws(ValueError) in try reader.read(b) }
                guard !n.contains(0x2D), !n.contains(0x2E) else { return nil }
                return n
            } catch {
                lastError = error
                return nil
            }
        }
        let forms = plain.forms
        let units = Set(
            [forms.majorSingular, forms.majorPlural].map { SpelloutReader.fold(Array($0.utf8), dropping: []) })
        let minorUnits = [forms.minorSingular, forms.minorPlural].filter { !$0.isEmpty }.map {
            SpelloutReader.fold(Array($0.utf8), dropping: [])
        }
        if cheque, let readingCheque = chequeReading(t, units, major) {
            readings.append(readingCheque)
        }
        for unit in units where !unit.isEmpty {
            var from = 0
            while let r = Self.find(unit, in: t, from: from) {
                from = r.lowerBound + 1
                let after = t[r.upperBound...]
                guard after.isEmpty || after.first == 0x20 else { continue }
                var left = t[..<r.lowerBound]
                if plain.spaced {
                    if left.last == 0x27 {  // fr `d'euros`
                        left = left.dropLast()
                        guard left.last == 0x64 else { continue }
                        left = left.dropLast()
                    } else {
                        guard left.last == 0x20 else { continue }
                        left = left.dropLast()
                        if let partitive = plain.partitive {
                            let word = Array(partitive.word.utf8)
                            if left.count > word.count, left.suffix(word.count).elementsEqual(word),
                                left[left.endIndex - word.count - 1] == 0x20
                            {
                                left = left.dropLast(word.count + 1)
                            }
                        }
                    }
                }
                guard let integer = number(major, left) else { continue }
                if after.isEmpty {
                    readings.append((integer, nil))
                    continue
                }
                // The minor part: ` <joiner> <words> <unit>` (unspaced: ` <words><unit>`).
                var rest = after.dropFirst()
                if plain.spaced {
                    let joiner = SpelloutReader.fold(Array(plain.joiner.utf8), dropping: []) + [0x20]
                    guard rest.starts(with: joiner) else { continue }
                    rest = rest.dropFirst(joiner.count)
                }
                for minorUnit in minorUnits
                where rest.count > minorUnit.count && rest.suffix(minorUnit.count).elementsEqual(minorUnit) {
                    var words = rest.dropLast(minorUnit.count)
                    if plain.spaced {
                        guard words.last == 0x20 else { continue }
                        words = words.dropLast()
                    }
                    if let m = number(minor, words) { readings.append((integer, m)) }
                }
            }
        }
        var found: [[UInt8]] = []
        for (integer, minorDigits) in readings {
            guard let amount = self.amount(integer, minorDigits), !found.contains(amount) else { continue }
            if writesBack(amount, t) { found.append(amount) }
        }
        guard let amount = found.first else {
            if let lastError, lastError.code != .number(.notWords) { throw lastError }
            throw ValueError(
                .number(.notWords),
                "not an amount in \(name): no number and unit words the writer writes")
        }
        if found.count > 1 {
            let all = found.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " and as ")
            throw ValueError(.number(.ambiguousNotation), "the words read as \(all) in \(name)")
        }
        return amount
    }

    /// en `one thousand two hundred thirty-four and 56/100 dollars`.
    private func chequeReading(_ t: [UInt8], _ units: Set<[UInt8]>, _ major: NumeralReader)
        -> (integer: [UInt8], minor: [UInt8]?)?
    {
        for unit in units where t.count > unit.count + 1 && t.suffix(unit.count + 1).elementsEqual([0x20] + unit) {
            var left = t.dropLast(unit.count + 1)
            var minorDigits: [UInt8]? = nil
            if digits > 0 {
                let denominator = Array("/1\(String(repeating: "0", count: digits))".utf8)
                guard left.suffix(denominator.count).elementsEqual(denominator) else { return nil }
                left = left.dropLast(denominator.count)
                let m = Array(left.suffix(digits))
                guard m.count == digits, m.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                left = left.dropLast(digits)
                guard left.suffix(5).elementsEqual(Array(" and ".utf8)) else { return nil }
                left = left.dropLast(5)
                minorDigits = m
            }
            let a = Array(left)
            guard
                let n = try? a.withUnsafeBufferPointer({ (b) throws(ValueError) in try major.read(b) }),
                !n.contains(0x2D), !n.contains(0x2E)
            else { return nil }
            return (n, minorDigits)
        }
        return nil
    }

    /// `integer` with the minor digits (words: `fifty-six` → `56`, padded to the currency's places).
    private func amount(_ integer: [UInt8], _ minor: [UInt8]?) -> [UInt8]? {
        guard let minor else { return integer }
        guard digits > 0, minor.count <= digits else { return nil }
        return integer + [0x2E] + [UInt8](repeating: 0x30, count: digits - minor.count) + minor
    }

    /// Whether the writer, in either form, writes `amount` as the folded
    /// text `t` (en `and` aside: `one hundred and five dollars`).
    private func writesBack(_ amount: [UInt8], _ t: [UInt8]) -> Bool {
        guard let value = try? ExactDecimal(String(decoding: amount, as: UTF8.self)) else { return false }
        let dropped: [[UInt8]] = chequeWords == nil ? [] : [Array("and".utf8)]
        let text = SpelloutReader.fold(t, dropping: dropped)
        var out: [UInt8] = []
        guard (try? words.write(value, into: &out)) != nil else { return false }
        if SpelloutReader.fold(out, dropping: dropped) == text { return true }
        guard let cheque = chequeWords else { return false }
        out = []
        guard (try? cheque.write(value, into: &out)) != nil else { return false }
        return SpelloutReader.fold(out, dropping: dropped) == text
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) {
                return i..<(i + needle.count)
            }
            i += 1
        }
        return nil
    }
}
