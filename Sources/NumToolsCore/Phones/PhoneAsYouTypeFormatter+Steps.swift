// libphonenumber's AsYouTypeFormatter steps, run by
// ``PhoneAsYouTypeFormatter/enter(_:)`` in its formatting phase: extracting an
// international prefix, a country code and a national prefix, choosing the
// formats whose leading digits fit, and filling a format's template digit by
// digit. The names follow phonenumbers' Python code, so that the two can be
// read side by side.

extension PhoneAsYouTypeFormatter {
    /// The fewest national digits a format is chosen on.
    private static let minLeadingDigitsLength = 3

    /// One character through libphonenumber's steps (its
    /// `_input_digit_with_option`): what to show after it.
    mutating func step(_ next: Unicode.Scalar) -> Display {
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
    /// Digit values for pattern matching; 255 for anything else (never matches).
    private static func values(_ s: some Collection<Unicode.Scalar>) -> [UInt8] {
        s.map { $0.value >= 0x30 && $0.value <= 0x39 ? UInt8($0.value - 0x30) : 255 }
    }

    /// Python's `str.isdigit`: decimal digits and other digits (superscripts).
    static func digitValue(_ s: Unicode.Scalar) -> Int? {
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

    /// Whether ``attemptToExtractIDD()`` would find an international prefix
    /// (a `+`, or the region's prefix at the start of the digits), reading at
    /// most `limit` digits: no prefix is longer.
    func canExtractIDD(_ limit: Int) -> Bool {
        if accruedDigits.first == "+" { return true }
        guard let idd = currentMetadata.internationalPrefix else { return true }
        return idd.match(Self.values(accruedDigits.prefix(limit))) != nil
    }

    /// Whether ``removeNationalPrefixFromNationalNumber()`` would take a
    /// national prefix now, reading at most `limit` digits: no prefix for
    /// parsing is longer.
    func canExtractNationalPrefix(_ limit: Int) -> Bool {
        if isNANPANumberWithNationalPrefix() { return true }
        guard let npp = currentMetadata.nationalPrefixForParsing else { return false }
        return (npp.match(Self.values(nationalNumber.prefix(limit)))?.end ?? 0) > 0
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
