/// Formats a phone number while it is typed, one character at a time, as
/// libphonenumber's `AsYouTypeFormatter` does: `0`, `01`, `010`, `010-1`,
/// ..., `010-1234-5678`.
///
/// Digits of any script are accepted (and shown as typed until a format
/// applies); a leading `+` starts an international number; any other
/// character (a space, `-`) makes the formatter give up and echo the input,
/// like libphonenumber.
///
/// Typing costs amortised O(1) a character however long the input grows:
/// the steps run on a state that stays a few dozen digits long, and once
/// the display can only grow by what is typed (libphonenumber has given up,
/// or awaits a country code that cannot come), a character is appended and
/// nothing else is done. ``output`` (or ``input(_:)``, which returns it)
/// costs the length of the display.
public struct PhoneAsYouTypeFormatter: Sendable {
    /// The region whose plan is assumed until a country code is typed.
    public let region: String

    private let defaultMetadata: PhoneRegionMetadata
    private var currentMetadata: PhoneRegionMetadata

    /// What the formatter shows: ``Display``, read when asked.
    private var display = Display.typed
    /// The display when it is ``Display/scalars``.
    private var currentOutput: [Unicode.Scalar] = []
    private var phase = Phase.formatting
    /// Whether a phase other than ``Phase/formatting`` may be entered: false
    /// only in tests, which compare the two.
    var takesShortcuts = true
    /// Work done so far, in scalars: for each character that runs
    /// libphonenumber's steps, the length of the state they read and copy
    /// (the typed input, its digits, the national number and what precedes
    /// it), plus one; and one for a character only appended. A deterministic
    /// witness of the time typing takes, for the tests.
    private(set) var scalarsTouched = 0
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

    /// What the formatter shows after a step.
    private enum Display {
        /// The characters typed (``accruedInput``).
        case typed
        /// ``currentOutput``.
        case scalars
        /// The prefix (international prefix) and the national number.
        case prefixAndNational
    }

    /// How the next character is taken.
    private enum Phase {
        /// libphonenumber's steps run for each character.
        case formatting
        /// Given up for good: the display is what was typed, and a character
        /// is only appended to it.
        case echoing
        /// After an international prefix, the first three digits hold no
        /// country code (or start with 0): the display is the prefix and the
        /// national number, which digits extend; anything else starts
        /// ``echoing``.
        case awaitingCountryCode
    }

    /// The digits typed (counting a leading `+`) past which a formatter that
    /// has given up (`ableToFormat` false) shows what was typed whatever
    /// follows, so that typing may stop running the steps; nil if the
    /// metadata bounds no such length (it does: every pattern it has is finite).
    ///
    /// Why: the national number is what was typed less an international
    /// prefix (at most `idd` digits, or the `+`), a country code (at most 3)
    /// and a national prefix (at most `strip`: the metadata's longest, or
    /// NANPA's `1`), whatever the steps re-extract. Past this many digits it
    /// is longer than any format's pattern can match and than any template
    /// (15 digits), so no format applies, no template is made, the formatter
    /// gives up again in the same step and shows what was typed.
    static let givenUpDigits: Int? = {
        let store = PhoneMetadataStore.shared
        var idd = 1
        var strip = 1
        var format = 15
        func bound(_ field: Substring, _ most: inout Int) -> Bool {
            guard field != "@", !field.isEmpty else { return true }
            guard let n = PhonePattern.maxMatchLength(String(field)) else { return false }
            most = max(most, n)
            return true
        }
        for lines in Array(store.rawRegions.values) + Array(store.rawNonGeographic.values) {
            for line in lines {
                let f = line.split(separator: ";", omittingEmptySubsequences: false)
                switch f[0] {
                case "R":
                    guard bound(f[3], &idd), bound(f[5], &strip) else { return nil }
                case "N", "I":
                    guard bound(f[1], &format) else { return nil }
                default:
                    break
                }
            }
        }
        return format + idd + 3 + strip
    }()

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
    public var output: String {
        var out = ""
        switch display {
        case .typed: out.unicodeScalars.append(contentsOf: accruedInput)
        case .scalars: out.unicodeScalars.append(contentsOf: currentOutput)
        case .prefixAndNational:
            out.unicodeScalars.append(contentsOf: prefixBeforeNationalNumber)
            out.unicodeScalars.append(contentsOf: nationalNumber)
        }
        return out
    }

    /// Appends ``output`` to `bytes` as UTF-8.
    func appendOutput<Output: ByteOutput & ~Copyable>(to bytes: inout Output) {
        switch display {
        case .typed: Self.append(accruedInput, to: &bytes)
        case .scalars: Self.append(currentOutput, to: &bytes)
        case .prefixAndNational:
            Self.append(prefixBeforeNationalNumber, to: &bytes)
            Self.append(nationalNumber, to: &bytes)
        }
    }

    private static func append<Output: ByteOutput & ~Copyable>(_ scalars: [Unicode.Scalar], to bytes: inout Output) {
        for scalar in scalars {
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
        switch phase {
        case .echoing:
            scalarsTouched += 1
            if display != .typed {
                display = .typed
                currentOutput = []
            }
            accruedInput.append(next)
            accruedInputCount += 1
        case .awaitingCountryCode:
            scalarsTouched += 1
            accruedInput.append(next)
            accruedInputCount += 1
            if let d = Self.digitValue(next) {
                nationalNumber.append(Unicode.Scalar(UInt8(0x30 + d)))
            } else {
                // What step does with it: give up, show what was typed.
                ableToFormat = false
                inputHasFormatting = true
                startEchoing()
                display = .typed
            }
        case .formatting:
            scalarsTouched +=
                accruedInput.count + accruedDigits.count + nationalNumber.count + prefixBeforeNationalNumber.count + 1
            display = step(next)
            guard takesShortcuts else { return }
            if !ableToFormat {
                if inputHasFormatting {
                    // No step sets ableToFormat again once the input has formatting.
                    startEchoing()
                } else if let limit = Self.givenUpDigits, accruedDigits.count > limit {
                    startEchoing()
                }
            } else if isExpectingCountryCallingCode && nationalNumber.count >= 3 {
                // The step tried the first three digits as a country code
                // and failed; later digits are only appended to the national
                // number, so it fails the same way for each.
                phase = .awaitingCountryCode
                currentOutput = []
            }
        }
    }

    /// Stops running the steps: after this character the display is what
    /// was typed. The state only the steps read is let go.
    private mutating func startEchoing() {
        phase = .echoing
        accruedDigits = []
        nationalNumber = []
        prefixBeforeNationalNumber = []
        formattingTemplate = []
        possibleFormats = []
    }

    private mutating func step(_ next: Unicode.Scalar) -> Display {
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
                return .typed
            } else if attemptToExtractIDD() {
                if attemptToExtractCountryCode() {
                    return shown(attemptToChoosePatternWithPrefixExtracted())
                }
            } else if ableToExtractLongerNDD() {
                prefixBeforeNationalNumber.append(" ")
                return shown(attemptToChoosePatternWithPrefixExtracted())
            }
            return .typed
        }
        switch accruedDigits.count {
        case 0...2:
            return .typed
        case 3:
            if attemptToExtractIDD() {
                isExpectingCountryCallingCode = true
            } else {
                extractedNationalPrefix = removeNationalPrefixFromNationalNumber()
                return shown(attemptToChooseFormattingPattern())
            }
        default:
            break
        }
        if isExpectingCountryCallingCode {
            if attemptToExtractCountryCode() { isExpectingCountryCallingCode = false }
            return .prefixAndNational
        }
        if !possibleFormats.isEmpty {
            let tempNationalNumber = inputDigitHelper(nextChar)
            let formatted = attemptToFormatAccruedDigits()
            if !formatted.isEmpty { return shown(formatted) }
            narrowDownPossibleFormats(nationalNumber)
            if maybeCreateNewTemplate() {
                return shown(inputAccruedNationalNumber())
            }
            return ableToFormat ? shown(appendNationalNumber(tempNationalNumber)) : .typed
        }
        return shown(attemptToChooseFormattingPattern())
    }

    /// `scalars` as the display.
    private mutating func shown(_ scalars: [Unicode.Scalar]) -> Display {
        currentOutput = scalars
        return .scalars
    }

    // MARK: - Steps of libphonenumber's formatter

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
