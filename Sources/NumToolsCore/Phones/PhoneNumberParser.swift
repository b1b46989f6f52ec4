/// Reads phone numbers written for a default region the way libphonenumber's
/// `parse`, `is_valid_number` and `number_type` do, and judges them the way a
/// sign-up form reports them.
///
/// What counts as the number in a pasted value: everything before the first
/// `+` or digit is a label and is ignored (`Tel:`, `전화:`). In the number,
/// only digits of any script and libphonenumber's punctuation (spaces, `-`,
/// `.`, `(`, `)`, `/`, `[`, `]`, NBSP, dashes and their full-width forms)
/// may appear, plus:
/// - an extension at its end, in every form libphonenumber's parser reads
///   (`ext. 12`, `x12`, `;ext=12`, `#12`, `доб. 12`, `,,12`, ...) and the
///   Korean `내선 12`; a marker followed by more digits than libphonenumber
///   takes after it is `extension-too-long`;
/// - ASCII letters: three or more make a vanity number, converted with the
///   telephone keypad (`1-800-FLOWERS`); one or two letters between digits
///   are `invalid-character`, and one or two after the last digit are
///   dropped, as libphonenumber drops them.
///
/// Letters after the last digit continue the number when they follow it
/// directly or after one `-` or `.` (`12DGLN`, `-CEH`), or after spaces when
/// written in capitals (`02 1234 LNSV`), or in any case after a `)` closing
/// the number's `(` (`(201) JJK-JMLZ`); any other text after the last digit
/// (`(home)`, `call me`, `홍길동`) is a trailing word and is ignored. Anything
/// else inside the number (`*`, `~`, other letters) is `invalid-character`.
public struct PhoneNumberParser: Sendable {
    /// The region assumed for numbers written without a country code.
    public private(set) var region: String
    let meta: PhoneRegionMetadata
    /// Whether no other region shares the default region's country code.
    private(set) var isOnlyRegionOfCountryCode: Bool
    /// Whether no default region was named: a number must then carry its
    /// country code after a `+` (libphonenumber's unknown region, `ZZ`),
    /// and any other is an `unknown-region` error.
    public private(set) var requiresCountryCode: Bool

    /// A parser for numbers of `region` (upper-case ISO 3166 code, such as
    /// `KR`); nil when the metadata has no such region.
    public init?(region: String) {
        guard let meta = PhoneMetadataStore.shared.region(region) else { return nil }
        self.region = region
        self.meta = meta
        isOnlyRegionOfCountryCode = PhoneMetadataStore.shared.countryCodeToRegions[meta.countryCode]?.count == 1
        requiresCountryCode = false
    }

    /// A parser for a stream that names no region (libphonenumber's `ZZ`):
    /// it reads numbers written with `+` and their country code, and every
    /// other number is an `unknown-region` error saying how to name one.
    /// (It borrows a region's metadata for the fields a number of its own
    /// country code never reads; ``region`` is `ZZ`.)
    public static func withoutRegion() -> PhoneNumberParser {
        var parser = PhoneNumberParser(region: "US")!
        parser.region = "ZZ"
        parser.isOnlyRegionOfCountryCode = false
        parser.requiresCountryCode = true
        return parser
    }

    /// The message of the `unknown-region` error of a number without a
    /// country code when no region is named.
    public static let noRegionMessage =
        "the number has no country code and no region is named: give the region with -r REGION (such as -r DE), --region-field N, or a locale with a territory in LC_ALL, LC_TELEPHONE or LANG; or write the number with + and its country code"

    // MARK: - Public entry points

    /// Parses `text` as libphonenumber's `parse` does: the result may still
    /// be an invalid number (see ``PhoneNumber/isValid``).
    public func parse(_ text: String) throws(PhoneNumberError) -> PhoneNumber {
        var text = text
        return try text.withUTF8 { buf in Result { () throws(PhoneNumberError) in try parse(buf) } }.get()
    }

    /// Parses UTF-8 `bytes` (which must be valid UTF-8) as libphonenumber's
    /// `parse` does.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError) -> PhoneNumber {
        let input = try PhoneInput(bytes)
        return try parse(input)
    }

    /// The form's verdict on `text`: a valid number of one of `types`
    /// (all types when empty), or the reason it is not.
    public func validNumber(_ text: String, types: Set<PhoneNumberType> = []) throws(PhoneNumberError)
        -> PhoneNumber
    {
        var text = text
        return try text.withUTF8 { buf in
            Result { () throws(PhoneNumberError) in try validNumber(buf, types: types) }
        }.get()
    }

    /// The form's verdict on UTF-8 `bytes` (valid UTF-8): a valid number of
    /// one of `types` (all types when empty), or the reason it is not.
    public func validNumber(_ bytes: UnsafeBufferPointer<UInt8>, types: Set<PhoneNumberType> = [])
        throws(PhoneNumberError) -> PhoneNumber
    {
        let number = try parse(bytes)
        if !number.isValid { throw invalidError(number) }
        if !types.isEmpty && !types.contains(where: { number.type.isAccepted(by: $0) }) {
            throw wrongTypeError(number, types)
        }
        return number
    }

    /// Why `number`, which parsed, is not valid: `too-short`, `too-long` or
    /// `invalid-number` (``validNumber(_:types:)``'s error).
    func invalidError(_ number: PhoneNumber) -> PhoneNumberError {
        let main = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode)!
        let name = main.id == "001" ? "+\(number.countryCode)" : main.id
        switch Self.testLength(number.nsn.count, main) {
        case .tooShort:
            return PhoneNumberError(
                .tooShort,
                "number has \(number.nsn.count) digits; \(name) numbers have at least \(main.general.possibleLengths.first ?? 0)"
            )
        case .tooLong:
            return PhoneNumberError(
                .tooLong,
                "number has \(number.nsn.count) digits; \(name) numbers have at most \(main.general.possibleLengths.last ?? 0)"
            )
        case let length:
            // (With libphonenumber's is_possible_number_with_reason: is-possible, local-only or invalid-length.)
            return PhoneNumberError(
                .invalidNumber,
                "+\(number.countryCode) \(number.nationalNumber) does not fit the \(name) numbering plan (length: \(PhoneDialing.reason(length).rawValue))"
            )
        }
    }

    func wrongTypeError(_ number: PhoneNumber, _ types: Set<PhoneNumberType>) -> PhoneNumberError {
        let wanted = types.map(\.rawValue).sorted().joined(separator: " or ")
        return PhoneNumberError(
            .wrongType,
            "+\(number.countryCode) \(number.nationalNumber) is a \(number.type.rawValue) number, not \(wanted)")
    }

    // MARK: - libphonenumber's parse

    func parse(_ input: PhoneInput) throws(PhoneNumberError) -> PhoneNumber {
        if input.scalarCount > 250 {
            throw PhoneNumberError(.tooLong, "value is \(input.scalarCount) characters long; at most 250 are read")
        }
        // libphonenumber's viability check: two bare digits, or at least
        // three; otherwise it is NOT_A_NUMBER, which a form calls invalid.
        let viable = input.digits.count >= 3 || (input.digits.count == 2 && !input.plus && !input.hasPunctuation)
        if !viable {
            let count = input.digits.count == 1 ? "1 digit" : "\(input.digits.count) digits"
            throw PhoneNumberError(.invalidCharacter, "value is not a phone number: it has only \(count)")
        }
        if requiresCountryCode && !input.plus {
            throw PhoneNumberError(.unknownRegion, Self.noRegionMessage)
        }
        let digits = input.digits[...]
        var meta = self.meta
        var countryCode: Int
        var national: ArraySlice<UInt8>
        do {
            (countryCode, national) = try extractCountryCode(digits, plus: input.plus)
        } catch let e where e.code == .invalidCountryCode && input.plus && !requiresCountryCode {
            // libphonenumber retries without the plus sign.
            (countryCode, national) = try extractCountryCode(digits, plus: false)
            if countryCode == 0 { throw e }
        }
        if countryCode != 0 {
            let numberRegion = PhoneMetadataStore.shared.mainRegion(countryCode: countryCode)!
            if numberRegion != region {
                meta = PhoneMetadataStore.shared.metadata(region: numberRegion, countryCode: countryCode)!
            }
        } else {
            national = digits
            countryCode = meta.countryCode
        }
        if national.count < 2 {
            throw PhoneNumberError(.tooShort, "number has \(national.count) digits after the country code")
        }
        let (stripped, _) = Self.stripNationalPrefix(national, meta)
        switch Self.testLength(stripped.count, meta) {
        case .tooShort, .possibleLocalOnly, .invalidLength: break
        default: national = stripped
        }
        if national.count < 2 {
            throw PhoneNumberError(.tooShort, "number has \(national.count) digits after the prefixes")
        }
        if national.count > 17 {
            throw PhoneNumberError(
                .tooLong, "number has \(national.count) digits; phone numbers have at most 17 after the country code")
        }
        let numberRegion: String?
        var type = PhoneNumberType.unknown
        if countryCode == self.meta.countryCode && isOnlyRegionOfCountryCode {
            // The common case: a number of the default region's own plan.
            numberRegion = region
            type = Self.numberType(national, self.meta)
        } else if let (m, t) = Self.regionForNumber(countryCode: countryCode, nsn: national) {
            numberRegion = m.id
            type = t
        } else {
            numberRegion = nil
        }
        return PhoneNumber(
            countryCode: countryCode, nsn: Array(national), regionCode: numberRegion, type: type,
            extensionDigits: input.extensionDigits)
    }

    /// `_maybe_extract_country_code`: (0, []) when the number has no country code.
    func extractCountryCode(_ digits: ArraySlice<UInt8>, plus: Bool) throws(PhoneNumberError) -> (
        Int, ArraySlice<UInt8>
    ) {
        if digits.isEmpty { return (0, []) }
        var full = digits
        var international = plus
        if !plus, let idd = meta.internationalPrefix, let m = digits.withUnsafeBufferPointer({ idd.match($0) }) {
            // Country codes never start with 0, so 0 after the prefix means it was not one.
            let end = digits.startIndex + m.end
            if end >= digits.endIndex || digits[end] != 0 {
                full = digits[end...]
                international = true
            }
        }
        if international {
            if full.count <= 2 {
                throw PhoneNumberError(.tooShort, "only \(full.count) digits follow the international prefix")
            }
            if let (cc, rest) = Self.leadingCountryCode(full) { return (cc, rest) }
            let shown = full.prefix(3).map { String($0) }.joined()
            throw PhoneNumberError(.invalidCountryCode, "no country has the calling code at the start of +\(shown)")
        }
        let ccDigits = meta.countryCodeDigits
        if full.starts(with: ccDigits) {
            let potential = full.dropFirst(ccDigits.count)
            let (stripped, _) = Self.stripNationalPrefix(potential, meta)
            let before = Self.fullMatch(meta.generalPattern, full)
            let after = Self.fullMatch(meta.generalPattern, stripped)
            if (!before && after) || Self.testLength(full.count, meta) == .tooLong {
                return (meta.countryCode, stripped)
            }
        }
        return (0, [])
    }

    @inline(__always)
    private static func fullMatch(_ pattern: PhonePattern, _ digits: ArraySlice<UInt8>) -> Bool {
        digits.withUnsafeBufferPointer { pattern.fullMatch($0) }
    }

    package static func digitValues(_ n: Int) -> [UInt8] {
        String(n).utf8.map { $0 - 0x30 }
    }

    /// `_extract_country_code`: a known calling code of 1 to 3 digits at the start.
    static func leadingCountryCode(_ digits: ArraySlice<UInt8>) -> (Int, ArraySlice<UInt8>)? {
        if digits.isEmpty || digits.first == 0 { return nil }
        var cc = 0
        for i in digits.indices.prefix(3) {
            cc = cc * 10 + Int(digits[i])
            if PhoneMetadataStore.shared.countryCodeToRegions[cc] != nil {
                return (cc, digits[(i + 1)...])
            }
        }
        return nil
    }

    // MARK: - Plan helpers shared with the formatters

    /// `_maybe_strip_national_prefix_carrier_code`: the number without its
    /// national prefix (and carrier code), and whether one was removed.
    static func stripNationalPrefix(_ number: ArraySlice<UInt8>, _ meta: PhoneRegionMetadata) -> (
        ArraySlice<UInt8>, Bool
    ) {
        guard !number.isEmpty, let npp = meta.nationalPrefixForParsing,
            let m = number.withUnsafeBufferPointer({ npp.match($0) })
        else {
            return (number, false)
        }
        let general = meta.generalPattern
        let viableOriginal = fullMatch(general, number)
        let lastGroupMissing = npp.groupCount == 0 || m.range(npp.groupCount) == nil
        let rest = number.dropFirst(m.end)
        if let rule = meta.nationalPrefixTransformRule, !lastGroupMissing {
            var transformed: [UInt8] = []
            number.withUnsafeBufferPointer { digits in
                rule.withUnsafeBufferPointer { npp.expand($0, m, digits, into: &transformed) }
            }
            for i in transformed.indices { transformed[i] &-= 0x30 }
            transformed.append(contentsOf: rest)
            if viableOriginal && !general.fullMatch(transformed) { return (number, false) }
            return (transformed[...], true)
        }
        if viableOriginal && !fullMatch(general, rest) { return (number, false) }
        return (rest, true)
    }

    enum LengthResult { case possible, possibleLocalOnly, tooShort, tooLong, invalidLength }

    /// `_test_number_length` against the general description.
    static func testLength(_ length: Int, _ meta: PhoneRegionMetadata) -> LengthResult {
        let bit: UInt64 = length >= 0 && length < 64 ? 1 << UInt64(length) : 0
        if meta.generalLocalOnlyMask & bit != 0 { return .possibleLocalOnly }
        guard let minimum = meta.generalMinLength, let maximum = meta.generalMaxLength else { return .invalidLength }
        if minimum == length { return .possible }
        if minimum > length { return .tooShort }
        if maximum < length { return .tooLong }
        // Lengths in the description's range are below 64, and its mask
        // holds exactly its possible lengths when it lists some.
        return meta.lengthMasks[PhoneDescKind.general.rawValue] & bit != 0 ? .possible : .invalidLength
    }

    /// `region_code_for_number` (nil when no region takes the number), with
    /// the number's type in that region's plan.
    static func regionForNumber(countryCode: Int, nsn: ArraySlice<UInt8>) -> (PhoneRegionMetadata, PhoneNumberType)? {
        let regions = PhoneMetadataStore.shared.regionsMetadata(countryCode: countryCode)
        if regions.count == 1 { return (regions[0], numberType(nsn, regions[0])) }
        for m in regions {
            if let ld = m.leadingDigits {
                if nsn.withUnsafeBufferPointer({ ld.matchesPrefix($0) }) { return (m, numberType(nsn, m)) }
            } else {
                let t = numberType(nsn, m)
                if t != .unknown { return (m, t) }
            }
        }
        return nil
    }

    /// `_number_type_helper`.
    package static func numberType(_ nsn: ArraySlice<UInt8>, _ meta: PhoneRegionMetadata) -> PhoneNumberType {
        nsn.withUnsafeBufferPointer { buf in
            func matches(_ kind: PhoneDescKind) -> Bool { meta.matches(kind, buf) }
            if !matches(.general) { return .unknown }
            if matches(.premiumRate) { return .premiumRate }
            if matches(.tollFree) { return .tollFree }
            if matches(.sharedCost) { return .sharedCost }
            if matches(.voip) { return .voip }
            if matches(.personalNumber) { return .personalNumber }
            if matches(.pager) { return .pager }
            if matches(.uan) { return .uan }
            if matches(.voicemail) { return .voicemail }
            if matches(.fixedLine) {
                if meta.sameMobileAndFixedLinePattern || matches(.mobile) { return .fixedLineOrMobile }
                return .fixedLine
            }
            if !meta.sameMobileAndFixedLinePattern && matches(.mobile) { return .mobile }
            return .unknown
        }
    }
}

/// The number part of a pasted value, normalized: see ``PhoneNumberParser``.
struct PhoneInput {
    /// Whether the number starts with `+` (or `＋`).
    var plus = false
    /// Every digit, as values 0...9.
    var digits: [UInt8] = []
    /// Whether punctuation appears between the first and the last digit.
    var hasPunctuation = false
    /// Unicode scalars from the number's start to its last digit.
    var scalarCount = 0
    /// The extension's digits; empty when there is none.
    var extensionDigits = PhoneExtensionDigits()

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError) {
        digits.reserveCapacity(20)
        var i = 0
        var started = false
        var plusRun = true
        // Offsets of the pending punctuation since the last digit: only
        // punctuation followed by a digit is inside the number.
        var pendingPunctuation = false
        var pendingScalars = 0
        while i < bytes.count {
            let (scalar, length) = Self.decode(bytes, i)
            i += length
            if let d = Self.digitValue(scalar) {
                started = true
                plusRun = false
                take(digit: d, pendingScalars: &pendingScalars, pendingPunctuation: &pendingPunctuation)
                continue
            }
            if !started {
                if scalar == "+" || scalar == "\u{FF0B}" {
                    started = true
                    plus = true
                    scalarCount = 1
                }
                continue
            }
            pendingScalars += 1
            if plusRun && (scalar == "+" || scalar == "\u{FF0B}") { continue }
            plusRun = false
            if Self.isPunctuation(scalar) {
                pendingPunctuation = true
            } else {
                // A letter, extension mark or other text: the general reading
                // (PhoneInput+Text.swift) decides what it is.
                self = try PhoneInput(general: bytes)
                return
            }
        }
        if digits.isEmpty {
            throw PhoneNumberError(.invalidCharacter, "value holds no digit")
        }
    }

    /// Takes the digit value `d` into the number: the scalars and the
    /// punctuation pending since the last digit become part of it.
    @inline(__always)
    mutating func take(digit d: UInt8, pendingScalars: inout Int, pendingPunctuation: inout Bool) {
        digits.append(d)
        if pendingPunctuation { hasPunctuation = true }
        scalarCount += pendingScalars + 1
        pendingScalars = 0
        pendingPunctuation = false
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        s.value < 0x21 || (s.value >= 0x7F && s.value < 0xA0)
            ? "U+\(String(s.value, radix: 16, uppercase: true))" : "'\(Character(s))'"
    }

    /// Decodes one scalar of valid UTF-8 at `i`.
    @inline(__always)
    static func decode(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Unicode.Scalar, Int) {
        let c0 = UInt32(b[i])
        if c0 < 0x80 { return (Unicode.Scalar(UInt8(c0)), 1) }
        func cont(_ k: Int) -> UInt32 { i + k < b.count ? UInt32(b[i + k] & 0x3F) : 0 }
        var v: UInt32
        var n: Int
        if c0 < 0xE0 {
            v = (c0 & 0x1F) << 6 | cont(1)
            n = 2
        } else if c0 < 0xF0 {
            v = (c0 & 0x0F) << 12 | cont(1) << 6 | cont(2)
            n = 3
        } else {
            v = (c0 & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3)
            n = 4
        }
        return (Unicode.Scalar(v) ?? "\u{FFFD}", n)
    }

    /// The value of a decimal digit of any script (Unicode category Nd).
    /// ASCII, the full-width digits and libphonenumber's punctuation are
    /// told apart without looking up Unicode properties.
    @inline(__always)
    static func digitValue(_ s: Unicode.Scalar) -> UInt8? {
        if s.value < 0x80 {
            return s.value &- 0x30 < 10 ? UInt8(truncatingIfNeeded: s.value &- 0x30) : nil
        }
        if s.value &- 0xFF10 < 10 { return UInt8(truncatingIfNeeded: s.value &- 0xFF10) }
        if isPunctuation(s) { return nil }
        return otherDigitValue(s)
    }

    /// ``digitValue(_:)`` for the scalars its fast paths do not decide.
    static func otherDigitValue(_ s: Unicode.Scalar) -> UInt8? {
        let p = s.properties
        guard p.numericType == .decimal, let v = p.numericValue else { return nil }
        return UInt8(v)
    }

    /// libphonenumber's punctuation, less `x` and the tildes (which it reads
    /// as extension marks).
    static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x28, 0x29, 0x2D, 0x2E, 0x2F, 0x5B, 0x5D: true
        case 0xA0, 0xAD, 0x2010...0x2015, 0x200B, 0x2060, 0x2053, 0x2212, 0x223C, 0x3000, 0x30FC: true
        case 0xFF08, 0xFF09, 0xFF0D, 0xFF0E, 0xFF0F, 0xFF3B, 0xFF3D: true
        default: false
        }
    }
}
