/// Formats a phone number while it is typed, one character at a time, as
/// libphonenumber's `AsYouTypeFormatter` does: `0`, `01`, `010`, `010-1`,
/// ..., `010-1234-5678`.
///
/// Digits of any script are accepted (and shown as typed until a format
/// applies); a leading `+` starts an international number; any other
/// character (a space, `-`) makes the formatter give up and echo the input,
/// like libphonenumber.
public struct PhoneAsYouTypeFormatter: Sendable {
    /// The region whose plan is assumed until a country code is typed.
    public let region: String

    private let defaultMetadata: PhoneRegionMetadata
    private var currentMetadata: PhoneRegionMetadata

    private var currentOutput: [Unicode.Scalar] = []
    private var accruedInput: [Unicode.Scalar] = []
    private var accruedInputCount = 0
    /// Digits (ASCII) and `+` typed so far.
    private var accruedDigits: [Unicode.Scalar] = []
    private var formattingTemplate: [Unicode.Scalar] = []
    private var lastMatchPosition = 0
    private var currentFormattingPattern = ""
    private var prefixBeforeNationalNumber: [Unicode.Scalar] = []
    private var shouldAddSpaceAfterNationalPrefix = false
    private var extractedNationalPrefix: [Unicode.Scalar] = []
    private var nationalNumber: [Unicode.Scalar] = []
    private var ableToFormat = true
    private var inputHasFormatting = false
    private var isCompleteNumber = false
    private var isExpectingCountryCallingCode = false
    private var possibleFormats: [PhoneFormatRule] = []

    private static let placeholder: Unicode.Scalar = "\u{2008}"
    private static let minLeadingDigitsLength = 3

    /// A formatter for numbers typed in `region` (`KR`); nil when the
    /// metadata has no such region.
    public init?(region: String) {
        guard let meta = Self.metadataForRegion(region) else { return nil }
        self.region = region
        defaultMetadata = meta
        currentMetadata = meta
    }

    /// What the formatter shows after each character of `typed` was entered.
    public static func format(_ typed: String, region: String) -> String? {
        guard var f = PhoneAsYouTypeFormatter(region: region) else { return nil }
        for scalar in typed.unicodeScalars { f.enter(scalar) }
        return f.output
    }

    /// What the formatter shows now.
    public var output: String { string(currentOutput) }

    /// Appends ``output`` to `bytes` as UTF-8.
    func appendOutput<Output: ByteOutput & ~Copyable>(to bytes: inout Output) {
        for scalar in currentOutput {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else {
                for b in UTF8.encode(scalar)! { bytes.append(b) }
            }
        }
    }

    /// The main region's plan for the country code of `region` (the plan
    /// shared by all of `+1`, say).
    private static func metadataForRegion(_ region: String) -> PhoneRegionMetadata? {
        let store = PhoneMetadataStore.shared
        guard let meta = store.region(region), let main = store.mainRegion(countryCode: meta.countryCode) else {
            return nil
        }
        return store.region(main)
    }

    /// Forgets everything typed.
    public mutating func clear() {
        self = PhoneAsYouTypeFormatter(region: region)!
    }

    /// Enters one character and returns what the formatter shows now.
    public mutating func input(_ next: Unicode.Scalar) -> String {
        enter(next)
        return output
    }

    /// Enters one character; ``output`` is then what the formatter shows.
    public mutating func enter(_ next: Unicode.Scalar) {
        currentOutput = step(next)
    }

    private mutating func step(_ next: Unicode.Scalar) -> [Unicode.Scalar] {
        accruedInput.append(next)
        accruedInputCount += 1
        var nextChar = next
        if !isDigitOrLeadingPlus(next) {
            ableToFormat = false
            inputHasFormatting = true
        } else {
            nextChar = normalizeAndAccrue(next)
        }
        if !ableToFormat {
            if inputHasFormatting {
                return accruedInput
            } else if attemptToExtractIDD() {
                if attemptToExtractCountryCode() {
                    return attemptToChoosePatternWithPrefixExtracted()
                }
            } else if ableToExtractLongerNDD() {
                prefixBeforeNationalNumber.append(" ")
                return attemptToChoosePatternWithPrefixExtracted()
            }
            return accruedInput
        }
        switch accruedDigits.count {
        case 0...2:
            return accruedInput
        case 3:
            if attemptToExtractIDD() {
                isExpectingCountryCallingCode = true
            } else {
                extractedNationalPrefix = removeNationalPrefixFromNationalNumber()
                return attemptToChooseFormattingPattern()
            }
        default:
            break
        }
        if isExpectingCountryCallingCode {
            if attemptToExtractCountryCode() { isExpectingCountryCallingCode = false }
            return prefixBeforeNationalNumber + nationalNumber
        }
        if !possibleFormats.isEmpty {
            let tempNationalNumber = inputDigitHelper(nextChar)
            let formatted = attemptToFormatAccruedDigits()
            if !formatted.isEmpty { return formatted }
            narrowDownPossibleFormats(nationalNumber)
            if maybeCreateNewTemplate() {
                return inputAccruedNationalNumber()
            }
            return ableToFormat ? appendNationalNumber(tempNationalNumber) : accruedInput
        }
        return attemptToChooseFormattingPattern()
    }

    // MARK: - Steps of libphonenumber's formatter

    private func string(_ s: [Unicode.Scalar]) -> String {
        var out = ""
        out.unicodeScalars.append(contentsOf: s)
        return out
    }

    /// Digit values for pattern matching; 255 for anything else (never matches).
    private static func values(_ s: some Collection<Unicode.Scalar>) -> [UInt8] {
        s.map { $0.value >= 0x30 && $0.value <= 0x39 ? UInt8($0.value - 0x30) : 255 }
    }

    /// Python's `str.isdigit`: decimal digits and other digits (superscripts).
    private static func digitValue(_ s: Unicode.Scalar) -> Int? {
        if s.value < 0x80 { return s.value >= 0x30 && s.value <= 0x39 ? Int(s.value - 0x30) : nil }
        let p = s.properties
        guard p.numericType == .decimal || p.numericType == .digit, let v = p.numericValue else { return nil }
        return Int(v)
    }

    private func isDigitOrLeadingPlus(_ c: Unicode.Scalar) -> Bool {
        Self.digitValue(c) != nil || (accruedInputCount == 1 && (c == "+" || c == "\u{FF0B}"))
    }

    private mutating func normalizeAndAccrue(_ c: Unicode.Scalar) -> Unicode.Scalar {
        if c == "+" {
            accruedDigits.append(c)
            return c
        }
        var normalized = c
        if let d = Self.digitValue(c) { normalized = Unicode.Scalar(UInt8(0x30 + d)) }
        accruedDigits.append(normalized)
        nationalNumber.append(normalized)
        return normalized
    }

    private mutating func attemptToChoosePatternWithPrefixExtracted() -> [Unicode.Scalar] {
        ableToFormat = true
        isExpectingCountryCallingCode = false
        possibleFormats = []
        lastMatchPosition = 0
        formattingTemplate = []
        currentFormattingPattern = ""
        return attemptToChooseFormattingPattern()
    }

    private mutating func ableToExtractLongerNDD() -> Bool {
        if !extractedNationalPrefix.isEmpty {
            nationalNumber = extractedNationalPrefix + nationalNumber
            // Python's rfind; -1 (not found) cuts the last character.
            let p = prefixBeforeNationalNumber
            let n = extractedNationalPrefix
            var index = -1
            if p.count >= n.count {
                for i in stride(from: p.count - n.count, through: 0, by: -1) where Array(p[i..<(i + n.count)]) == n {
                    index = i
                    break
                }
            }
            if index >= 0 {
                prefixBeforeNationalNumber = Array(p[..<index])
            } else if !p.isEmpty {
                prefixBeforeNationalNumber = Array(p.dropLast())
            }
        }
        let old = extractedNationalPrefix
        return old != removeNationalPrefixFromNationalNumber()
    }

    private mutating func attemptToFormatAccruedDigits() -> [Unicode.Scalar] {
        let digits = Self.values(nationalNumber)
        for f in possibleFormats where f.pattern.fullMatch(digits) {
            shouldAddSpaceAfterNationalPrefix = f.typing.prefixRuleHasSeparator
            let formatted = f.pattern.substitute(digits, template: f.format)
            let full = appendNationalNumber(formatted.map { Unicode.Scalar($0) })
            // normalize_diallable_chars_only: ASCII digits, +, *, #.
            let diallable = full.filter {
                ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "+" || $0 == "*" || $0 == "#"
            }
            if diallable == accruedDigits { return full }
        }
        return []
    }

    static func hasSeparator(_ rule: String?) -> Bool {
        guard let rule else { return false }
        return rule.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }
    }

    private func appendNationalNumber(_ national: [Unicode.Scalar]) -> [Unicode.Scalar] {
        if shouldAddSpaceAfterNationalPrefix, let last = prefixBeforeNationalNumber.last, last != " " {
            return prefixBeforeNationalNumber + [" "] + national
        }
        return prefixBeforeNationalNumber + national
    }

    private mutating func attemptToChooseFormattingPattern() -> [Unicode.Scalar] {
        guard nationalNumber.count >= Self.minLeadingDigitsLength else {
            return appendNationalNumber(nationalNumber)
        }
        getAvailableFormats(nationalNumber)
        let formatted = attemptToFormatAccruedDigits()
        if !formatted.isEmpty { return formatted }
        return maybeCreateNewTemplate() ? inputAccruedNationalNumber() : accruedInput
    }

    private mutating func inputAccruedNationalNumber() -> [Unicode.Scalar] {
        guard !nationalNumber.isEmpty else { return prefixBeforeNationalNumber }
        var temp: [Unicode.Scalar] = []
        for c in nationalNumber { temp = inputDigitHelper(c) }
        return ableToFormat ? appendNationalNumber(temp) : accruedInput
    }

    private func isNANPANumberWithNationalPrefix() -> Bool {
        currentMetadata.countryCode == 1 && nationalNumber.count >= 2 && nationalNumber[0] == "1"
            && nationalNumber[1] != "0" && nationalNumber[1] != "1"
    }

    private mutating func removeNationalPrefixFromNationalNumber() -> [Unicode.Scalar] {
        var start = 0
        if isNANPANumberWithNationalPrefix() {
            start = 1
            prefixBeforeNationalNumber += ["1", " "]
            isCompleteNumber = true
        } else if let npp = currentMetadata.nationalPrefixForParsing,
            let m = npp.match(Self.values(nationalNumber)), m.end > 0
        {
            isCompleteNumber = true
            start = m.end
            prefixBeforeNationalNumber += nationalNumber[..<start]
        }
        let prefix = Array(nationalNumber[..<start])
        nationalNumber = Array(nationalNumber[start...])
        return prefix
    }

    private mutating func attemptToExtractIDD() -> Bool {
        var end: Int?
        if accruedDigits.first == "+" {
            end = 1
        } else if let idd = currentMetadata.internationalPrefix {
            end = idd.match(Self.values(accruedDigits))?.end
        } else {
            end = 0  // "\+|" with no prefix matches the empty string.
        }
        guard let end else { return false }
        isCompleteNumber = true
        nationalNumber = Array(accruedDigits[end...])
        prefixBeforeNationalNumber = Array(accruedDigits[..<end])
        if accruedDigits.first != "+" { prefixBeforeNationalNumber.append(" ") }
        return true
    }

    private mutating func attemptToExtractCountryCode() -> Bool {
        guard !nationalNumber.isEmpty else { return false }
        let values = Self.values(nationalNumber)
        guard values[0] != 0 else { return false }
        var countryCode = 0
        var rest: ArraySlice<Unicode.Scalar> = []
        var cc = 0
        for i in 0..<min(3, values.count) {
            guard values[i] < 10 else { break }
            cc = cc * 10 + Int(values[i])
            if PhoneMetadataStore.shared.countryCodeToRegions[cc] != nil {
                countryCode = cc
                rest = nationalNumber[(i + 1)...]
                break
            }
        }
        if countryCode == 0 { return false }
        nationalNumber = Array(rest)
        let store = PhoneMetadataStore.shared
        let newRegion = store.mainRegion(countryCode: countryCode)!
        if newRegion == "001" {
            currentMetadata = store.nonGeographic(countryCode)!
        } else if newRegion != region {
            currentMetadata = Self.metadataForRegion(newRegion)!
        }
        prefixBeforeNationalNumber += String(countryCode).unicodeScalars
        prefixBeforeNationalNumber.append(" ")
        extractedNationalPrefix = []
        return true
    }

    private mutating func getAvailableFormats(_ leadingDigits: [Unicode.Scalar]) {
        let isInternational = isCompleteNumber && extractedNationalPrefix.isEmpty
        let list =
            isInternational && !currentMetadata.intlNumberFormats.isEmpty
            ? currentMetadata.intlNumberFormats : currentMetadata.numberFormats
        for f in list {
            let firstGroupOnly = f.typing.firstGroupOnly
            if !extractedNationalPrefix.isEmpty && firstGroupOnly && !f.nationalPrefixOptionalWhenFormatting
                && f.carrierCodeFormattingRule == nil
            {
                continue
            } else if extractedNationalPrefix.isEmpty && !isCompleteNumber && !firstGroupOnly
                && !f.nationalPrefixOptionalWhenFormatting
            {
                continue
            }
            if f.typing.isEligible { possibleFormats.append(f) }
        }
        narrowDownPossibleFormats(leadingDigits)
    }

    /// `_formatting_rule_has_first_group_only`: no rule, or `$1` alone
    /// (perhaps in parentheses).
    static func hasFirstGroupOnly(_ rule: String?) -> Bool {
        guard let rule else { return true }
        return ["$1", "($1)", "($1", "$1)"].contains(rule)
    }

    /// `_ELIGIBLE_FORMAT_PATTERN`: groups `$1`, `$2`, ... with only punctuation between.
    static func isEligibleFormat(_ format: [UInt8]) -> Bool {
        var i = 0
        func skipPunctuation() {
            while i < format.count, PhoneNumberFormatter.isSeparator(format[i]) { i += 1 }
        }
        skipPunctuation()
        guard i + 1 < format.count, format[i] == UInt8(ascii: "$"), format[i + 1] == UInt8(ascii: "1") else {
            return false
        }
        i += 2
        while true {
            skipPunctuation()
            if i == format.count { return true }
            guard i + 1 < format.count, format[i] == UInt8(ascii: "$"), format[i + 1] >= 0x30, format[i + 1] <= 0x39
            else { return false }
            i += 2
        }
    }

    private mutating func narrowDownPossibleFormats(_ leadingDigits: [Unicode.Scalar]) {
        let index = leadingDigits.count - Self.minLeadingDigitsLength
        let values = Self.values(leadingDigits)
        possibleFormats.removeAll { f in
            guard !f.leadingDigits.isEmpty else { return false }
            var i = min(index, f.leadingDigits.count - 1)
            if i < 0 { i += f.leadingDigits.count }  // Python's negative index
            guard i >= 0 else { return false }
            return !f.leadingDigits[i].matchesPrefix(values)
        }
    }

    private mutating func maybeCreateNewTemplate() -> Bool {
        // Formats that cannot make a template are dropped for good.
        while let f = possibleFormats.first {
            if currentFormattingPattern == f.pattern.source { return false }
            if let template = formattingTemplate(for: f) {
                formattingTemplate = template
                currentFormattingPattern = f.pattern.source
                shouldAddSpaceAfterNationalPrefix = f.typing.prefixRuleHasSeparator
                lastMatchPosition = 0
                return true
            }
            possibleFormats.removeFirst()
        }
        ableToFormat = false
        return false
    }

    /// The rule's template (see ``PhoneFormatRule/TypingInfo``), nil if
    /// shorter than what was typed.
    private func formattingTemplate(for f: PhoneFormatRule) -> [Unicode.Scalar]? {
        if f.typing.template.isEmpty || f.typing.templateDigits < nationalNumber.count { return nil }
        return f.typing.template
    }

    /// The format applied to the longest number the pattern takes (15 nines,
    /// as libphonenumber), its digits turned into placeholders, and how many
    /// digits it holds; empty when the pattern takes no run of nines.
    static func template(for pattern: PhonePattern, format: [UInt8]) -> ([Unicode.Scalar], Int) {
        let nines = [UInt8](repeating: 9, count: 15)
        guard let m = pattern.search(nines) else { return ([], 0) }
        let aPhoneNumber = Array(nines[m.start..<m.end])
        let template = pattern.substitute(aPhoneNumber, template: format)
        return (template.map { $0 == UInt8(ascii: "9") ? placeholder : Unicode.Scalar($0) }, aPhoneNumber.count)
    }

    private mutating func inputDigitHelper(_ next: Unicode.Scalar) -> [Unicode.Scalar] {
        let hasPlaceholderAfter =
            lastMatchPosition <= formattingTemplate.count
            && formattingTemplate[lastMatchPosition...].contains(Self.placeholder)
        if hasPlaceholderAfter, let first = formattingTemplate.firstIndex(of: Self.placeholder) {
            formattingTemplate[first] = next
            lastMatchPosition = first
            return Array(formattingTemplate[...first])
        }
        if possibleFormats.count == 1 { ableToFormat = false }
        currentFormattingPattern = ""
        return accruedInput
    }
}
