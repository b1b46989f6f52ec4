import Foundation
import Testing

@testable import NumToolsCore

/// numconv's `--style words` and `--style numerals` (issue 29): what coinfmt
/// writes reads back as the number written, in every language with rules and
/// every numbering system; the variants people write are read; anything
/// else is an error record with a code.
@Suite struct NumeralReaderTests {
    static func read(_ text: String, _ reader: NumeralReader) -> String { readWithMessage(text, reader).0 }

    /// What the reader gives, and the error's message.
    static func readWithMessage(_ text: String, _ reader: NumeralReader) -> (String, String) {
        let bytes = Array(text.utf8)
        do throws(ValueError) {
            let digits = try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try reader.read(b) }
            return (String(decoding: digits, as: UTF8.self), "")
        } catch {
            return ("error \(error.code)", error.message)
        }
    }

    static func write(_ value: String, _ formatter: SpelloutFormatter) -> String? {
        var out: [UInt8] = []
        do throws(SpelloutFormatter.Failure) {
            try formatter.format(try! ExactDecimal(value), into: &out)
        } catch {
            return nil
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Integers of every length with places and groups left empty, negatives and fractions.
    static let values: [String] = {
        var values = (0...130).map(String.init) + ["1000", "1001", "10000", "10001", "100000", "1000000"]
        var state: UInt64 = 7
        for digits in 3...19 {
            for k in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                var text = String((state >> 33) % 9 + 1)
                for _ in 1..<digits {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    // Zeros often: empty places and groups.
                    text += k % 2 == 0 && (state >> 40) % 3 == 0 ? "0" : String((state >> 37) % 10)
                }
                values.append(text)
            }
        }
        return values + ["-12", "-100000001", "12.25", "0.5", "1.05", "-3.14159", "100.001", "7.0125"]
    }()

    /// The number `value` stands for, as the reader writes it.
    static func machine(_ value: String) -> String { (try! ExactDecimal(value)).description }

    /// The values whose words do not read back as the value. Where the
    /// writer writes two numbers alike (grek `ΡΜ´` is 140 and 1,000,000;
    /// km's fraction digits run together, `ប្រាំបួន` is nine and five four),
    /// the reader must say so, naming the value among the readings.
    static func roundTrip(_ formatter: SpelloutFormatter, _ reader: NumeralReader) -> [String] {
        var failures: [String] = []
        for value in values {
            guard let text = write(value, formatter) else { continue }
            let (back, message) = readWithMessage(text, reader)
            if back == machine(value) { continue }
            if back == "error ambiguous-notation" && message.contains("as \(machine(value)) ") { continue }
            failures.append("\(value): \(text) → \(back) \(message)")
            if failures.count > 5 { break }
        }
        return failures
    }

    @Test(arguments: SpelloutDifferentialTests.locales)
    func wordsRoundTrip(_ locale: String) {
        let formatter = SpelloutFormatter.words(locale: locale)!
        let reader = NumeralReader.words(locale: LocaleID(identifier: locale))!
        let failures = Self.roundTrip(formatter, reader)
        #expect(failures.isEmpty, "\(locale): \(failures)")
    }

    @Test(arguments: NumeralSystems.names)
    func numeralsRoundTrip(_ system: String) {
        let formatter = NumeralSystems.formatter(system)!
        let reader = NumeralReader.numerals(system)!
        let failures = Self.roundTrip(formatter, reader)
        #expect(failures.isEmpty, "\(system): \(failures)")
    }

    @Test func everySystemIsRead() {
        #expect(NumeralSystems.names.count >= 15)
        #expect(NumeralSystems.names.allSatisfy { NumeralReader.numerals($0) != nil })
        #expect(NumeralReader.numerals("latn") == nil)
    }

    /// (locale, text, what the reader gives).
    static let variants: [(String, String, String)] = [
        // Case, hyphens or spaces, "and", blanks.
        ("en_US", "twenty-one", "21"),
        ("en_US", "Twenty One", "21"),
        ("en_US", "TWENTY\u{2011}ONE", "21"),
        ("en_US", "one hundred and five", "105"),
        ("en_GB", "One thousand, two hundred", "error not-words"),
        ("en_US", "  one   hundred five ", "105"),
        ("en_US", "minus twelve point two five", "-12.25"),
        ("en_US", "zero point five", "0.5"),
        ("en_US", "one million two hundred thirty-four thousand five hundred sixty-seven", "1234567"),
        ("en_US", "eighteen quintillion", "error not-words"),
        (
            "en_US",
            "nine hundred ninety-nine quadrillion nine hundred ninety-nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine",
            "999999999999999999"
        ),
        // Not what the rules write: never a guess.
        ("en_US", "twenty-one hundred", "error not-words"),
        ("en_US", "one one", "error not-words"),
        ("en_US", "five hundred hundred", "error not-words"),
        // Digits as said, as numconv keeps them (`12.20`, `-0`).
        ("en_US", "twelve point two zero", "12.20"),
        ("en_US", "minus zero", "-0"),
        ("en_US", "and", "error no-digits"),
        ("en_US", "apple", "error not-words"),
        ("en_US", "", "error no-digits"),
        // Soft hyphens are ICU's typesetting hints: read with or without them.
        ("de_DE", "zweihundertvierunddreißig", "234"),
        ("de_DE", "einundzwanzigtausend", "21000"),
        ("pt_PT", "cinco mil trezentos e oitenta e oito", "5388"),
        ("ru", "двенадцать целых двадцать пять сотых", "12.25"),
        ("th", "เก้าล้านสองแสนสองหมื่นสามพันสามสิบเอ็ดล้าน", "9223031000000"),
        ("de_DE", "zwei\u{AD}hundert\u{AD}vier\u{AD}und\u{AD}dreißig", "234"),
        ("de_DE", "eine Million", "1000000"),
        ("fr_FR", "quatre-vingt-dix-sept", "97"),
        ("fr_FR", "vingt et un", "21"),
        ("fr_FR", "mille deux cent trente-quatre", "1234"),
        ("es_ES", "mil doscientos treinta y cuatro", "1234"),
        // East Asian: the rules' form, and the variants people write.
        ("ko", "천이백삼십사만 오천육백칠십팔", "12345678"),
        ("ko", "일억", "100000000"),
        ("ko", "천", "1000"),
        ("ko", "일천", "1000"),
        ("ko", "1억", "error invalid-character"),
        ("zh", "两千", "2000"),
        ("zh", "二千", "2000"),
        ("zh", "兩千", "2000"),
        ("zh", "一千零五", "1005"),
        ("zh", "〇", "0"),
        ("zh", "零", "0"),
        ("zh", "壹仟贰佰叁拾肆", "1234"),
        ("zh", "壹仟二百三十肆", "1234"),
        ("zh", "一万亿", "1000000000000"),
        ("ja", "壱萬弐阡参百四拾伍", "12345"),
        ("ja", "十二・二五", "12.25"),
        ("zh", "负十二点二五", "-12.25"),
        ("ko", "만 억", "error misplaced-unit"),
        ("ko", "삼삼", "error misplaced-unit"),
        ("zh", "一千千", "error misplaced-unit"),
        ("zh", "十百", "error misplaced-unit"),
        ("zh", "一万一万", "error misplaced-unit"),
        ("zh", "零零五", "error misplaced-unit"),
        ("zh", "一千零零五", "error misplaced-unit"),
        ("zh", "苹果", "error invalid-character"),
        ("zh", "点五", "error no-digits"),
    ]

    @Test func variantsAndErrors() {
        for (locale, text, expected) in Self.variants {
            let got = Self.read(text, NumeralReader.words(locale: LocaleID(identifier: locale))!)
            #expect(got == expected, "\(locale) \(text)")
        }
    }

    @Test func numeralVariantsAndErrors() {
        let roman = NumeralReader.numerals("roman")!
        #expect(Self.read("MCMXCIV", roman) == "1994")
        #expect(Self.read("mcmxciv", roman) == "1994")
        #expect(Self.read("IIII", roman) == "error not-words")
        #expect(Self.read("IC", roman) == "error not-words")
        #expect(Self.read("MCMXCIVZ", roman) == "error not-words")
        let hans = NumeralReader.numerals("hans")!
        #expect(Self.read("一千二百三十四万五千六百七十八", hans) == "12345678")
        #expect(Self.read("两千", hans) == "2000")
        let hebrew = NumeralReader.numerals("hebr")!
        #expect(Self.read(Self.write("5786", NumeralSystems.formatter("hebr")!)!, hebrew) == "5786")
    }

    /// Issue 44 item 12: Chinese shortened numbers. A single digit right
    /// after a unit, with no `零` before it and no unit of its own, is the
    /// next unit down, in words, in numerals (ordinary and financial) and
    /// in amounts (`--currency CNY`).
    static let shortened: [(String, String)] = [
        ("一千五", "1500"), ("两万五", "25000"), ("一万二", "12000"), ("一百二", "120"), ("三万五", "35000"),
        ("一亿五", "150000000"), ("十五", "15"), ("二十五", "25"), ("一千零五", "1005"), ("一千五百", "1500"),
        ("一万零五", "10005"), ("一万五千", "15000"), ("一百零二", "102"), ("五万五千", "55000"),
        ("一千五万", "15000000"), ("二十五万", "250000"), ("一亿五万", "100050000"), ("一亿零五", "100000005"),
        ("一万亿五", "1500000000000"), ("一千二百五", "1250"), ("负一千五", "-1500"), ("一千五点二五", "1500.25"),
        ("壹仟伍", "1500"), ("贰万伍", "25000"), ("壹佰贰", "120"), ("壹仟零伍", "1005"), ("壹亿伍", "150000000"),
        ("兩萬五", "25000"), ("一萬二", "12000"), ("一億五", "150000000"),
        ("一千五五", "error misplaced-unit"), ("一千零零五", "error misplaced-unit"),
    ]

    @Test(arguments: shortened)
    func chineseShortenedNumbers(text: String, expected: String) {
        for locale in ["zh", "zh_CN", "zh_Hant_TW", "yue"] {
            let reader = NumeralReader.words(locale: LocaleID(identifier: locale))!
            #expect(Self.read(text, reader) == expected, "words \(locale)")
        }
        for system in ["hans", "hansfin", "hant", "hantfin"] {
            #expect(Self.read(text, NumeralReader.numerals(system)!) == expected, "numerals \(system)")
        }
        // An amount is a whole number of yuan before 元.
        guard !expected.contains("."), !expected.hasPrefix("-") else { return }
        let amount = try! CurrencyWordsReader(locale: LocaleID(identifier: "zh_CN"), code: "CNY")
        #expect(CurrencyWordsReaderTests.read(text + "元", amount) == expected, "CNY \(text)元")
        #expect(CurrencyWordsReaderTests.read("人民币" + text + "元整", amount) == expected, "CNY 人民币\(text)元整")
    }

    /// Issue 44 item 14: units past 10^12 as cn2an's rmb form and coinfmt's
    /// cheque write them (a myriad unit after smaller ones takes them as its
    /// coefficient; 万亿 and 亿亿 are units of their own), and what stays an error.
    static let largeUnits: [(String, String)] = [
        ("壹万贰仟亿", "1200000000000"), ("一万二千亿", "1200000000000"), ("一万亿", "1000000000000"),
        ("壹拾万亿", "10000000000000"), ("一千万亿", "1000000000000000"), ("一亿亿", "10000000000000000"),
        ("壹万零壹佰零壹亿零壹佰零壹万零壹佰零壹", "1010101010101"), ("壹万亿零壹", "1000000000001"),
        ("壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍", "123456789012345"),
        ("一万亿二千亿", "1200000000000"), ("一兆二千亿", "1200000000000"), ("五千万万", "500000000000"),
        ("一万零五亿", "1000500000000"), ("一万五亿", "1500000000000"),
        ("一万零亿", "error misplaced-unit"), ("一亿一万亿", "error misplaced-unit"),
        ("一万亿一万二千亿", "error misplaced-unit"), ("一亿一亿", "error misplaced-unit"),
        ("一万二万", "error misplaced-unit"), ("一亿五千万万", "error misplaced-unit"),
    ]

    @Test(arguments: largeUnits)
    func chineseUnitsPastTenToTheTwelve(text: String, expected: String) {
        #expect(Self.read(text, NumeralReader.words(locale: LocaleID(identifier: "zh"))!) == expected, "words")
        #expect(Self.read(text, NumeralReader.numerals("hansfin")!) == expected, "hansfin")
    }

    /// Long or hostile text is answered, within the reader's bounds.
    @Test func boundedOnHostileText() {
        let en = NumeralReader.words(locale: LocaleID(identifier: "en_US"))!
        #expect(Self.read(String(repeating: "one ", count: 400), en) == "error not-words")
        #expect(Self.read(String(repeating: "one hundred ", count: 300), en) == "error not-words")
        #expect(Self.read(String(repeating: "x", count: 5000), en) == "error not-words")
        let zh = NumeralReader.words(locale: LocaleID(identifier: "zh"))!
        #expect(Self.read(String(repeating: "一", count: 3000), zh).hasPrefix("error"))
    }
}

/// numconv's `--style words --currency`: the amounts coinfmt writes in
/// words, in both forms, read back; the variants of the East Asian forms;
/// and what is not an amount, an error record.
@Suite struct CurrencyWordsReaderTests {
    static func read(_ text: String, _ reader: CurrencyWordsReader) -> String {
        let bytes = Array(text.utf8)
        do throws(ValueError) {
            let digits = try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try reader.read(b) }
            return String(decoding: digits, as: UTF8.self)
        } catch {
            return "error \(error.code)"
        }
    }

    /// (locale, currency, form): every form coinfmt writes.
    static let forms: [(String, String, WordsForm)] = [
        ("en_US", "USD", .plain), ("en_US", "USD", .cheque), ("en_GB", "GBP", .plain), ("fr_FR", "EUR", .plain),
        ("de_DE", "EUR", .plain), ("es_ES", "EUR", .plain), ("it_IT", "EUR", .plain), ("pt_PT", "EUR", .plain),
        ("ko_KR", "KRW", .plain), ("ko_KR", "KRW", .cheque), ("zh_CN", "CNY", .cheque), ("zh_CN", "CNY", .plain),
        ("zh_TW", "CNY", .plain), ("ja_JP", "JPY", .plain), ("ja_JP", "JPY", .cheque),
    ]

    static let amounts = [
        "0", "1", "2", "5", "10", "11", "21", "100", "101", "1000", "1001", "1234.56", "0.05", "0.5", "0.01", "1.01",
        "1000000", "2000000", "1000000.01", "50000000", "123456789.99", "100000000", "1000000000", "2500000000.25",
    ]

    @Test(arguments: 0..<forms.count)
    func roundTrip(_ index: Int) throws {
        let (locale, code, form) = Self.forms[index]
        let writer = try CurrencyWords(
            locale: LocaleID(identifier: locale), code: code, form: form, rounding: .halfEven)
        let reader = try CurrencyWordsReader(locale: LocaleID(identifier: locale), code: code)
        for amount in Self.amounts {
            let value = try ExactDecimal(amount)
            var out: [UInt8] = []
            guard (try? writer.write(value, into: &out)) != nil else { continue }
            let text = String(decoding: out, as: UTF8.self)
            let got = Self.read(text, reader)
            // The amount said, the minor digits written only when the words say them.
            let back = try? ExactDecimal(got)
            #expect(back == writer.rounded(value), "\(locale) \(code) \(form): \(text) → \(got)")
            if form == .cheque && locale.hasPrefix("en") {
                #expect(got.split(separator: ".").last?.count == writer.digits, "\(text) → \(got)")
            }
        }
    }

    /// Issue 44 item 14: what coinfmt writes in words, in every form, numconv
    /// reads back at every magnitude the writer names (the rmb cheque form
    /// up to 16 digits, `壹万贰仟亿元整` past 10^12; ICU's words past it) and on
    /// random amounts with zeros in every place.
    @Test(arguments: 0..<forms.count)
    func roundTripAtEveryMagnitude(_ index: Int) throws {
        let (locale, code, form) = Self.forms[index]
        let writer = try CurrencyWords(
            locale: LocaleID(identifier: locale), code: code, form: form, rounding: .halfEven)
        let reader = try CurrencyWordsReader(locale: LocaleID(identifier: locale), code: code)
        var rng = SplitMix64(seed: 44 + UInt64(index))
        var amounts: [String] = []
        for length in 1...22 {
            let zeros = String(repeating: "0", count: length - 1)
            amounts += ["1" + zeros, String(repeating: "9", count: length), "12" + zeros.dropFirst()]
            if length > 1 { amounts.append("1" + zeros.dropFirst() + "1") }
            for k in 0..<8 {
                var digits = String(Int.random(in: 1...9, using: &rng))
                for _ in 1..<length {
                    digits +=
                        k % 2 == 0 && Int.random(in: 0..<3, using: &rng) == 0
                        ? "0" : String(Int.random(in: 0...9, using: &rng))
                }
                if k % 4 == 3 { digits += "." + String(Int.random(in: 0...99, using: &rng)) }
                amounts.append(digits)
            }
        }
        var failures: [String] = []
        var written = 0
        for amount in amounts {
            let value = try ExactDecimal(amount)
            var out: [UInt8] = []
            guard (try? writer.write(value, into: &out)) != nil else { continue }
            written += 1
            let text = String(decoding: out, as: UTF8.self)
            let got = Self.read(text, reader)
            if (try? ExactDecimal(got)) != writer.rounded(value) { failures.append("\(amount): \(text) → \(got)") }
        }
        // Every amount below 10^16 is written (the rmb form's last unit is 仟万亿).
        #expect(written >= 16 * 11, "\(locale) \(code) \(form): \(written) written")
        #expect(failures.isEmpty, "\(locale) \(code) \(form): \(failures.count) of \(written): \(failures.prefix(8))")
    }

    /// What cn2an writes (Tests/Fixtures/currency-words-rmb.tsv, past 10^12
    /// included), numconv reads back as the amount.
    @Test func readsCn2an() throws {
        let rows = try phoneFixtureRows("currency-words-rmb.tsv")
        let reader = try CurrencyWordsReader(locale: LocaleID(identifier: "zh_CN"), code: "CNY")
        #expect(rows.count > 60)
        var failures: [String] = []
        for row in rows {
            let got = Self.read("人民币" + row[1], reader)
            if (try? ExactDecimal(got)) != (try ExactDecimal(row[0])) {
                failures.append("\(row[1]): \(got) want \(row[0])")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) rows: \(failures.prefix(10))")
    }

    /// (locale, currency, text, what the reader gives).
    static let variants: [(String, String, String, String)] = [
        ("ko_KR", "KRW", "일금 오천만원정", "50000000"),
        ("ko_KR", "KRW", "일금오천만원정", "50000000"),
        ("ko_KR", "KRW", "금 천원", "1000"),
        ("ko_KR", "KRW", "일금 일천이백삼십오원정", "1235"),
        ("ko_KR", "KRW", "오천만원", "50000000"),
        ("ko_KR", "KRW", "일금 오천만", "error not-words"),
        ("ko_KR", "KRW", "일금 원정", "error no-digits"),
        ("ko_KR", "KRW", "일금 만 억원정", "error misplaced-unit"),
        ("zh_CN", "CNY", "人民币壹仟贰佰叁拾肆元伍角陆分", "1234.56"),
        ("zh_CN", "CNY", "壹仟贰佰叁拾肆元整", "1234"),
        ("zh_CN", "CNY", "人民币壹元零陆分", "1.06"),
        ("zh_CN", "CNY", "人民币伍角", "0.50"),
        ("zh_CN", "CNY", "人民币壹元伍角整", "1.50"),
        ("zh_CN", "CNY", "人民币壹元伍", "error not-words"),
        ("zh_CN", "CNY", "人民币壹元伍角陆分柒厘", "error not-words"),
        // Issue 44 items 12 and 14: shortened numbers, and units past 10^12.
        ("zh_CN", "CNY", "人民币壹仟伍元整", "1500"),
        ("zh_CN", "CNY", "一千五元", "1500"),
        ("zh_CN", "CNY", "两万五元", "25000"),
        ("zh_CN", "CNY", "人民币壹万贰仟亿元整", "1200000000000"),
        ("zh_CN", "CNY", "人民币壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元整", "123456789012345"),
        ("zh_CN", "CNY", "人民币玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分", "9999999999999999.99"),
        ("ja_JP", "JPY", "金壱萬弐阡参百四拾伍円也", "12345"),
        ("ja_JP", "JPY", "金一万二千三百四十五円", "12345"),
        ("ja_JP", "JPY", "金壱萬弐阡参百四拾伍", "error not-words"),
        ("en_US", "USD", "One thousand two hundred thirty-four and 56/100 dollars", "1234.56"),
        ("en_US", "USD", "one thousand two hundred thirty-four dollars and fifty-six cents", "1234.56"),
        ("en_US", "USD", "ONE HUNDRED AND FIVE DOLLARS", "105"),
        ("en_US", "USD", "one dollars", "error not-words"),
        ("en_US", "USD", "fifty dollar", "error not-words"),
        ("en_US", "USD", "one thousand two hundred thirty-four and 56/100", "error not-words"),
        ("en_US", "USD", "twelve euros", "error not-words"),
        ("fr_FR", "EUR", "mille deux cent trente-quatre euros et cinquante-six centimes", "1234.56"),
        ("fr_FR", "EUR", "cinquante millions d'euros", "50000000"),
        ("es_ES", "EUR", "cincuenta millones de euros", "50000000"),
        ("de_DE", "EUR", "eintausendzweihundertvierunddreißig Euro und sechsundfünfzig Cent", "1234.56"),
    ]

    @Test func variantsAndErrors() throws {
        for (locale, code, text, expected) in Self.variants {
            let reader = try CurrencyWordsReader(locale: LocaleID(identifier: locale), code: code)
            #expect(Self.read(text, reader) == expected, "\(locale) \(text)")
        }
    }
}

/// numconv's words converter reads each distinct text once (``ReadingCache``):
/// what it writes for a text met again, and for texts past the cache's
/// bound (so that it starts again), is what the reader gives afresh.
@Suite struct WordsReadingCacheTests {
    static func convert(_ text: String, _ converter: inout WordsConverter) -> String {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        do throws(ValueError) {
            try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try converter.transform(b, into: &out) }
        } catch {
            return "error \(error.code): \(error.message)"
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func repeatedAndEvictedTextsReadAsAfresh() throws {
        let locale = LocaleID(identifier: "en_US")
        let reader = try #require(NumeralReader.words(locale: locale))
        let formatter = try #require(SpelloutFormatter.words(locale: "en_US"))
        let machine = LocaleNumberFormat(locale: LocaleID(identifier: LocaleSupport.machineIdentifier), style: .number)
        let de = LocaleNumberFormat(locale: LocaleID(identifier: "de_DE"), style: .number)
        var converter = WordsConverter(reader: reader, writer: NumberConverter(from: machine, to: [de]))
        // A small cache, as numconv's but with fewer entries: more distinct
        // texts than it holds, each met while cached and again after the
        // cache started over, and errors among them.
        converter.cache = ReadingCache(maximumEntries: 64, maximumBytes: 64 * 1024)
        let count = 150
        var texts: [String] = []
        for k in 0..<count {
            let n = UInt64(k) &* 7919 % 10_000_000
            texts.append(try #require(NumeralReaderTests.write(String(n), formatter)))
            if k % 20 == 0 { texts.append("twenty-one hundred \(k)") }
        }
        var mismatches: [String] = []
        for text in texts + texts.prefix(40) + texts {
            let fresh: String
            let bytes = Array(text.utf8)
            do throws(ValueError) {
                let digits = try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try reader.read(b) }
                var out: [UInt8] = []
                var writer = NumberConverter(from: machine, to: [de])
                try digits.withUnsafeBufferPointer { (b) throws(ValueError) in try writer.transform(b, into: &out) }
                fresh = String(decoding: out, as: UTF8.self)
            } catch {
                fresh = "error \(error.code): \(error.message)"
            }
            let cached = Self.convert(text, &converter)
            if cached != fresh && mismatches.count < 5 { mismatches.append("\(text): \(cached) != \(fresh)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(Self.convert("one thousand two hundred thirty-four", &converter) == "1.234")
        #expect(Self.convert("one thousand two hundred thirty-four", &converter) == "1.234")
        #expect(Self.convert("twenty-one hundred", &converter).hasPrefix("error not-words"))
        #expect(Self.convert("twenty-one hundred", &converter).hasPrefix("error not-words"))
    }

    /// What is kept is found again, numbers and errors, texts of any length
    /// and texts whose hashes collide; a full cache starts again empty.
    @Test func keepsAndFinds() throws {
        var cache = ReadingCache(maximumEntries: 8, maximumBytes: 1 << 20)
        func known(_ text: [UInt8], _ hash: UInt64? = nil) -> String? {
            text.withUnsafeBufferPointer { t -> String? in
                switch cache.reading(of: t, hash: hash ?? ReadingCache.hash(t)) {
                case .number(let start, let count)?:
                    var out = ""
                    try? cache.withNumber(start, count) { out = String(decoding: $0, as: UTF8.self) }
                    return out
                case .error(let index)?: return "error " + cache.error(index).message
                case nil: return nil
                }
            }
        }
        func keep(_ text: [UInt8], _ result: Result<[UInt8], ValueError>, _ hash: UInt64? = nil) {
            text.withUnsafeBufferPointer { t in cache.keep(result, for: t, hash: hash ?? ReadingCache.hash(t)) }
        }
        keep([], .success(Array("0".utf8)))
        keep(Array("twenty-one".utf8), .success(Array("21".utf8)))
        keep(Array("twenty-one hundred".utf8), .failure(ValueError(.number(.notWords), "no")))
        keep(Array(repeating: 0x61, count: 300), .success(Array("7".utf8)))
        // Two texts given the same hash are told apart by their bytes.
        keep(Array("one".utf8), .success(Array("1".utf8)), 42)
        keep(Array("two".utf8), .success(Array("2".utf8)), 42)
        #expect(known([]) == "0")
        #expect(known(Array("twenty-one".utf8)) == "21")
        #expect(known(Array("twenty-one hundred".utf8)) == "error no")
        #expect(known(Array(repeating: 0x61, count: 300)) == "7")
        #expect(known(Array(repeating: 0x61, count: 299)) == nil)
        #expect(known(Array("one".utf8), 42) == "1")
        #expect(known(Array("two".utf8), 42) == "2")
        #expect(known(Array("six".utf8), 42) == nil)
        // Eight entries: the next starts the cache again.
        keep(Array("x".utf8), .success(Array("9".utf8)))
        keep(Array("y".utf8), .success(Array("8".utf8)))
        keep(Array("z".utf8), .success(Array("5".utf8)))
        #expect(known(Array("z".utf8)) == "5")
        #expect(known(Array("twenty-one".utf8)) == nil)
    }

    /// After a window of distinct texts, the cache rests for
    /// ``ReadingCache/restLength`` texts and then is used again; with texts
    /// met again, it never rests.
    @Test func restsOnDistinctTextsOnly() {
        func use(_ cache: inout ReadingCache, _ k: Int) -> Bool {
            if cache.rests() { return false }
            let text = Array("text \(k)".utf8)
            text.withUnsafeBufferPointer { t in
                let hash = ReadingCache.hash(t)
                if cache.reading(of: t, hash: hash) == nil { cache.keep(.success([0x31]), for: t, hash: hash) }
            }
            return true
        }
        var distinct = ReadingCache(maximumEntries: 16, maximumBytes: 1 << 20)
        #expect(distinct.window == 8 && distinct.restLength == 256)
        var used = 0
        for k in 0..<(8 + 256 + 5) where use(&distinct, k) { used += 1 }
        #expect(used == 8 + 5, "\(used)")
        // Met again: one text in two repeats, so the cache keeps working when full.
        var repeated = ReadingCache(maximumEntries: 16, maximumBytes: 1 << 20)
        used = 0
        for k in 0..<400 where use(&repeated, k / 2) { used += 1 }
        #expect(used == 400)
    }
}

/// The reader's first walk leaves out the rules whose words are not in the
/// text from a place on; it must find exactly what the complete walk finds,
/// on what the writer writes and on texts one word away from it.
@Suite struct SpelloutPruningTests {
    static let locales = [
        "en_US", "de_DE", "fr_FR", "es_ES", "ru_RU", "pl_PL", "ga_IE", "ko_KR", "ja_JP", "zh_CN", "th_TH",
    ]

    @Test(arguments: locales)
    func prunedWalkFindsWhatTheCompleteWalkFinds(_ locale: String) throws {
        let formatter = try #require(SpelloutFormatter.words(locale: locale))
        let reader = try #require(SpelloutReader.words(locale: LocaleID(identifier: locale)))
        var texts: [[UInt8]] = []
        for value in NumeralReaderTests.values.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            guard let words = NumeralReaderTests.write(value, formatter) else { continue }
            let folded = SpelloutReader.fold(Array(words.utf8), dropping: reader.dropped)
            texts.append(folded)
            // One word away: a word left out, and the first word doubled.
            let parts = folded.split(separator: 0x20).map(Array.init)
            if parts.count > 1 {
                texts.append(Array(parts.dropLast().joined(separator: [0x20])))
                texts.append(Array(([parts[0]] + parts).joined(separator: [0x20])))
            }
        }
        var differ: [String] = []
        for text in texts {
            let pruned = reader.walk(text, pruning: true)
            let complete = reader.walk(text, pruning: false)
            if pruned.found != complete.found || pruned.steps > complete.steps {
                differ.append(String(decoding: text, as: UTF8.self))
            }
        }
        #expect(differ.isEmpty, "\(locale): \(differ.prefix(5))")
        #expect(texts.count > 50)
    }
}

/// The words' arithmetic (``WordTable``) against the walk: where a guess
/// writes back, the complete walk reads the text as that number and nothing
/// else, in every language with rules and every numbering system, on the
/// writer's texts and on texts one word off; and the guess is what reads
/// most of the writer's texts where the words are plain arithmetic.
@Suite struct SpelloutTableTests {
    /// The texts to try: each written value, one word left out, the first word doubled.
    static func texts(_ formatter: SpelloutFormatter, _ reader: SpelloutReader, every step: Int) -> [[UInt8]] {
        var texts: [[UInt8]] = []
        for value in NumeralReaderTests.values.enumerated().filter({ $0.offset % step == 0 }).map(\.element) {
            guard let words = NumeralReaderTests.write(value, formatter) else { continue }
            let folded = SpelloutReader.fold(Array(words.utf8), dropping: reader.dropped)
            texts.append(folded)
            let parts = folded.split(separator: 0x20).map(Array.init)
            if parts.count > 1 {
                texts.append(Array(parts.dropLast().joined(separator: [0x20])))
                texts.append(Array(([parts[0]] + parts).joined(separator: [0x20])))
            }
        }
        return texts
    }

    /// The texts where the guess writes back but the walk reads otherwise, and how many the guess took.
    static func differences(_ reader: SpelloutReader, _ texts: [[UInt8]]) -> (differ: [String], taken: Int) {
        var differ: [String] = []
        var taken = 0
        for text in texts {
            guard let guess = reader.guess(text) else { continue }
            taken += 1
            let found = reader.walk(text, pruning: false).found
            if found != [guess] {
                differ.append(
                    "\(String(decoding: text, as: UTF8.self)): guess \(String(decoding: guess.machine, as: UTF8.self)), walk \(found.map { String(decoding: $0.machine, as: UTF8.self) })"
                )
            }
        }
        return (differ, taken)
    }

    @Test(arguments: SpelloutDifferentialTests.locales)
    func guessIsWhatTheWalkReads(_ locale: String) throws {
        let formatter = try #require(SpelloutFormatter.words(locale: locale))
        let reader = try #require(SpelloutReader.words(locale: LocaleID(identifier: locale)))
        let (differ, _) = Self.differences(reader, Self.texts(formatter, reader, every: 3))
        #expect(differ.isEmpty, "\(locale): \(differ.prefix(5))")
    }

    @Test(arguments: NumeralSystems.names)
    func guessIsWhatTheWalkReadsInNumerals(_ system: String) throws {
        let formatter = try #require(NumeralSystems.formatter(system))
        let reader = try #require(SpelloutReader.numerals(system))
        let (differ, _) = Self.differences(reader, Self.texts(formatter, reader, every: 1))
        #expect(differ.isEmpty, "\(system): \(differ.prefix(5))")
    }

    /// Looking up each word between spaces whole, and reading word by word
    /// where no word begins another, give what cutting the text gives,
    /// wherever they apply, in every language with rules.
    @Test(arguments: SpelloutDifferentialTests.locales)
    func wholeWordsAreTheCuts(_ locale: String) throws {
        let formatter = try #require(SpelloutFormatter.words(locale: locale))
        let reader = try #require(SpelloutReader.words(locale: LocaleID(identifier: locale)))
        var differ: [String] = []
        var applied = 0
        for text in Self.texts(formatter, reader, every: 1) {
            let cuts = reader.table.guessesByCuts(text)
            if let whole = reader.table.wholeWords(text) {
                applied += 1
                if whole != cuts { differ.append("whole: " + String(decoding: text, as: UTF8.self)) }
            }
            if reader.table.prefixFree, let one = reader.table.wordByWord(text) {
                applied += 1
                if one != cuts { differ.append("word by word: " + String(decoding: text, as: UTF8.self)) }
            }
        }
        #expect(differ.isEmpty, "\(locale): \(differ.prefix(5))")
        if locale.hasPrefix("en") || locale.hasPrefix("ko") { #expect(applied > 300, "\(applied)") }
        if locale.hasPrefix("ko") { #expect(reader.table.prefixFree) }
    }

    /// Where the words are plain arithmetic, the guess reads the writer's texts.
    @Test(arguments: ["en_US", "ko_KR", "de_DE", "es_ES", "ja_JP", "zh_CN", "it_IT", "nl_NL"])
    func guessReadsTheWritersTexts(_ locale: String) throws {
        let formatter = try #require(SpelloutFormatter.words(locale: locale))
        let reader = try #require(SpelloutReader.words(locale: LocaleID(identifier: locale)))
        var written: [[UInt8]] = []
        for value in NumeralReaderTests.values {
            guard let words = NumeralReaderTests.write(value, formatter) else { continue }
            written.append(SpelloutReader.fold(Array(words.utf8), dropping: reader.dropped))
        }
        let taken = written.filter { reader.guess($0) != nil }
        #expect(taken.count * 10 >= written.count * 9, "\(locale): \(taken.count) of \(written.count)")
        #expect(reader.table.count >= 10)
    }

    /// (text, guesses): the arithmetic, and the texts it leaves to the walk.
    @Test func arithmetic() throws {
        let en = try #require(SpelloutReader.words(locale: LocaleID(identifier: "en_US")))
        let ko = try #require(SpelloutReader.words(locale: LocaleID(identifier: "ko_KR")))
        let cases: [(SpelloutReader, String, [String])] = [
            (en, "one million two hundred thirty four thousand five hundred sixty seven", ["1234567"]),
            (en, "minus twelve point two five", ["-12.25"]),
            (en, "zero", ["0"]),
            (en, "one hundred thousand", ["100000"]),
            (en, "twelve point", []),
            (en, "point five", []),
            (en, "twelve minus", []),
            (en, "twenty one hundred", ["2100"]),  // a guess; it does not write back, so the walk decides
            (en, "twelve point twelve", []),
            (en, "eighteen quintillion", []),
            (en, "quarter", []),
            (en, String(repeating: "nine hundred ninety nine quadrillion ", count: 20), []),  // past UInt64
            (ko, "천이백삼십사만 오천육백칠십팔", ["12345678"]),
            (ko, "마이너스 십이점이오", ["-12.25"]),
            (ko, "십만", ["100000"]),
        ]
        for (reader, text, expected) in cases {
            let folded = SpelloutReader.fold(Array(text.utf8), dropping: reader.dropped)
            let got = reader.table.guesses(folded).map { String(decoding: $0.machine, as: UTF8.self) }
            #expect(got == expected, "\(text)")
        }
    }
}

/// ``SpelloutReader/fold(_:dropping:trim:)``'s byte pass gives what folding by
/// Unicode scalars gives: on every language's words, cased or not, with
/// blanks, hyphens, soft hyphens and dropped words, and on malformed UTF-8.
@Suite struct SpelloutFoldTests {
    static func samples() -> [[UInt8]] {
        var texts: [String] = [
            "", " ", "-", "  One  Hundred-And Five ", "and", "and and", "one and", "AND one", "thousand band andy",
            "thousand and-and sand", "andand and",
            "ΣΊΓΜΑ ΤΕΛΙΚΌΣ", "İstanbul", "ǅ", "Ꙁ", "Ꜳ", "ꭰ", "Ａ", "ﬀ", "ა", "Ꭰ", "ᲀ",
            "천\u{00A0}이백\u{2011}삼", "vier\u{00AD}und\u{200B}zwanzig", "一千〇一\u{3000}", "\t마이너스 십 ",
        ]
        for locale in [
            "en_US", "de_DE", "ru_RU", "el_GR", "ko_KR", "ja_JP", "th_TH", "ar_EG", "hi_IN", "he_IL", "ka_GE", "am_ET",
            "tr_TR",
        ] {
            guard let formatter = SpelloutFormatter.words(locale: locale) else { continue }
            for value in ["21", "1234567", "-12.25", "1000001"] {
                guard let words = NumeralReaderTests.write(value, formatter) else { continue }
                texts += [words, words.uppercased(), words.capitalized, " " + words + " - "]
            }
        }
        // The eight-byte pass's edges: runs of letters, spaces and hyphens
        // of every length, doubled at every place, other bytes among them.
        let pieces = [
            "a", "z", "q", " ", "-", "  ", "- ", " -", "\t", "A", "Z", "é", "천", "\u{00A0}", "`", "{", "@", "0",
        ]
        var generator = SplitMix64(seed: 29)
        for _ in 0..<3000 {
            let count = Int(generator.next() % 40)
            texts.append((0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        return texts.map { Array($0.utf8) } + [
            [0xFF, 0x41], [0xE3, 0x80], [0x41, 0xC3], [0xED, 0xA0, 0x80], [0xE0, 0x98, 0x80], [0xC1, 0x81],
            [0xEA, 0xB0], Array("abcdefg".utf8) + [0xFF] + Array("hijklmnop".utf8),
            Array("abcdefghijklmn".utf8) + [0xC3], Array("one two-three".utf8) + [0xE3, 0x80],
            [0xF0, 0x8A, 0xB0, 0x80],
            [0xED, 0xA0, 0x80, 0x41], [0xEA, 0xB0, 0x80, 0xE2, 0xBA, 0x80, 0xED, 0x9E, 0xA3, 0xEA, 0x99, 0x80],
        ]
    }

    @Test func bytePassIsTheScalarFold() {
        var differ: [String] = []
        for text in Self.samples() {
            for dropping in [[], [Array("and".utf8)]] {
                for trim in [true, false] where trim || dropping.isEmpty {
                    let fast = SpelloutReader.fold(text, dropping: dropping, trim: trim)
                    let slow = SpelloutReader.foldByScalars(text, dropping: dropping, trim: trim)
                    if fast != slow { differ.append("\(text) \(dropping) \(trim)") }
                    guard trim else { continue }
                    // `folds(_:to:dropping:)` is the comparison of the folded texts.
                    for other in [slow, slow + [0x61], Array(slow.dropLast()), Array("one".utf8)] {
                        if SpelloutReader.folds(text, to: other, dropping: dropping) != (slow == other) {
                            differ.append("folds \(text) \(other) \(dropping)")
                        }
                    }
                }
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(5))")
    }
}
