/// phonefmt's value transformation for the stream engine: each value is a
/// phone number to validate and reformat, or (with ``asYouType``) a partial
/// input to show as libphonenumber's AsYouTypeFormatter would.
public struct PhoneTransform: ValueTransform, Sendable {
    /// The region assumed for numbers without a country code (with
    /// ``regionField``, in records whose region field is empty); nil when
    /// none was named: then such a number is an `unknown-region` error
    /// (there is no fallback region).
    public let region: String?
    /// The 1-based field of each record that names the region of its other
    /// fields (`--region-field`): an ISO 3166 code in any case or an alias
    /// (``PhoneMetadata/regionAliases``); empty is ``region``; anything
    /// else is the record's `unknown-region` error.
    public let regionField: Int?
    /// The output format.
    public let format: PhoneNumberFormat
    /// The accepted types; empty accepts every valid number (`--type any`).
    public let types: Set<PhoneNumberType>
    /// Whether values are partial inputs for the as-you-type formatter.
    public let asYouType: Bool
    /// The fields written, TAB-separated, for a `--format` list; empty when
    /// only ``format`` is written (the common case, on its own path).
    public let fields: [PhoneField]
    /// The language of the `carrier` and `location` fields.
    public let language: PhoneLanguage
    /// Whether values are free text whose numbers are listed or replaced.
    public let find: PhoneFind?
    /// Whether the region's valid short numbers (`112`, `114`, `1330`) are
    /// accepted beside full numbers, and written as dialled (`--short`, or
    /// a `--type` or field of short numbers).
    public let acceptsShort: Bool
    /// Whether each record's two selected fields are compared (`--match`):
    /// the second's value stays as read, and libphonenumber's match type is
    /// written after it.
    public let match: Bool
    /// With ``match``: the number of the record's first field.
    private var matchFirst: PhoneNumber?
    /// Whether an extension is written (in the formats that write one);
    /// false drops it (`--no-extension`).
    public let writesExtension: Bool
    /// The region calls are placed from, for the `out-of-country` and
    /// `mobile-dialing` fields (`--from-region`; ``region`` unless given).
    public let fromRegion: String?
    /// Written between the fields of a `--format` list and between the
    /// numbers `--find` lists (TAB unless the engine sets it).
    public var separator = ValueSeparator()

    private var parser: PhoneNumberParser
    /// The short numbers of the parser's region (nil when it has none).
    private var shortPlan: PhoneShortNumbers.Plan?
    private let dialing: PhoneDialing
    /// With ``find``: the one field each number found is written in.
    private let findField: PhoneField
    private var typing: PhoneAsYouTypeFormatter
    /// With ``regionField``: the region code the current record's fields
    /// are read in, as two ASCII capitals in one word (0 for ``region``),
    /// and the regions seen so far, by that key.
    private var currentRegion: UInt16 = 0
    /// `--find` with ``regionField`` and no ``region``: a record whose
    /// region field is empty has no region to find numbers in.
    private let findNeedsRecordRegion: Bool
    private var regionCache: [UInt16: Regional] = [:]
    /// The matcher and its buffers, with ``find``.
    private var finder: PhoneFinder?
    /// ``types`` as bits of `PhoneNumberType.allCases` indices, with
    /// fixed-line-or-mobile accepted by fixed-line and by mobile.
    private let acceptedMask: UInt32
    /// With ``fields``: whether they hold `valid` or `possible`, so that an
    /// invalid number is a row saying so rather than an error (unless a
    /// ``types`` filter is given).
    private let reportsValidity: Bool
    /// With ``fields``: the time zone, carrier and location mappers, from
    /// NumToolsPhonePrefixes (``PhoneFactsSources``) when a field needs them.
    private let facts: (any PhoneFactsSource)?
    /// Which of the four paths a value takes, decided once: the plain path
    /// of one format then touches no optional or array of the others (each
    /// `if let` on them copied and released their storage per record).
    private let mode: Mode

    private enum Mode { case format, asYouType, find, fields, match }

    /// What depends on the default region.
    private struct Regional {
        let parser: PhoneNumberParser
        let typing: PhoneAsYouTypeFormatter
        let matcher: PhoneNumberMatcher?
    }

    /// A transform for numbers of `region` (upper-case ISO 3166 code, or
    /// nil for none: numbers must then carry their country code); nil
    /// when the metadata has no such region (or no region `fromRegion`),
    /// or when the out-of-country or mobile-dialing field, `--find` or
    /// as-you-type needs a region and none is named; nil too when `fields`
    /// holds `timezone`, `carrier` or `location` and their data (the
    /// library NumToolsPhonePrefixes) is not installed: a program that
    /// writes them links it and calls `PhonePrefixes.install()` first.
    /// `fields` (a `--format` list) writes several TAB-separated fields
    /// instead of ``format`` alone; a list of one format is that format.
    /// With `find`, `fields` is the one field each number found is written
    /// in (``PhoneField/writesNumber``), ``format`` when empty.
    public init?(
        region: String?, format: PhoneNumberFormat = .national, types: Set<PhoneNumberType> = [],
        asYouType: Bool = false, fields: [PhoneField] = [], language: PhoneLanguage = .english,
        find: PhoneFind? = nil, writesExtension: Bool = true, regionField: Int? = nil, fromRegion: String? = nil,
        shortNumbers: Bool = false, match: Bool = false
    ) {
        let dials = fields.contains(.outOfCountry) || fields.contains(.mobileDialing)
        if region == nil && (asYouType || (find != nil && regionField == nil) || (dials && fromRegion == nil)) {
            return nil
        }
        // (Without a region, the typing formatter, matcher and dialing
        // region are placeholders that the checks above keep unused.)
        let placeholder = region ?? fromRegion ?? "US"
        guard let parser = region.map({ PhoneNumberParser(region: $0) }) ?? PhoneNumberParser.withoutRegion(),
            let typing = PhoneAsYouTypeFormatter(region: placeholder),
            let dialing = PhoneDialing(region: fromRegion ?? placeholder)
        else { return nil }
        self.region = region
        findNeedsRecordRegion = region == nil && find != nil
        self.fromRegion = fromRegion ?? region
        self.dialing = dialing
        self.regionField = regionField
        self.types = types
        self.asYouType = asYouType
        self.find = find
        finder = find == nil ? nil : PhoneFinder(PhoneNumberMatcher(region: placeholder)!)
        self.writesExtension = writesExtension
        self.match = match
        acceptsShort =
            shortNumbers || types.contains(where: \.isShort)
            || (find == nil && fields.contains { $0 == .short || $0 == .emergency || $0 == .cost })
        self.parser = parser
        shortPlan = region.flatMap { PhoneShortNumbers.plan($0) }
        self.typing = typing
        self.language = language
        if fields.count == 1, let only = fields[0].format {
            self.format = only
            self.fields = []
        } else if find != nil {
            self.format = format
            self.fields = []
        } else {
            self.format = format
            self.fields = fields
        }
        findField = find != nil && fields.count == 1 && fields[0].writesNumber ? fields[0] : PhoneField(self.format)
        reportsValidity = fields.contains(.valid) || fields.contains(.possible) || fields.contains(.reason)
        if self.fields.contains(where: \.needsPrefixData) {
            guard let made = PhoneFactsSources.make(fields: self.fields, language: language) else { return nil }
            facts = made
        } else {
            facts = nil
        }
        mode =
            match ? .match : asYouType ? .asYouType : find != nil ? .find : !self.fields.isEmpty ? .fields : .format
        var mask: UInt32 = 0
        for (i, t) in PhoneNumberType.allCases.enumerated()
        where types.isEmpty || types.contains(where: { t.isAccepted(by: $0) }) {
            mask |= 1 << UInt32(i)
        }
        acceptedMask = mask & ~(1 << UInt32(PhoneNumberType.allCases.firstIndex(of: .unknown)!))
    }

    /// As-you-type values are typed with the spaces and tabs around them, as
    /// AsYouTypeFormatter is fed every character (` 7012` shows ` 7012`,
    /// `+49 ` shows `+49 `).
    public var keepsSurroundingWhitespace: Bool { asYouType }

    /// ``regionField``: the engine hands its value to ``recordContext(_:)``.
    public var contextField: Int? { regionField }

    /// ``match``: the first of the two selected fields is the context of the second.
    public var pairsFields: Bool { mode == .match }

    /// Reads the fields of the record that comes next in the region its
    /// ``regionField`` names (`value`): switching costs nothing while the
    /// region stays the same, and a dictionary look-up once each region
    /// has been seen.
    public mutating func recordContext(_ value: UnsafeBufferPointer<UInt8>) throws(ValueError) {
        if mode == .match {
            matchFirst = nil
            do {
                matchFirst = try parser.parse(value)
            } catch {
                throw ValueError(.phone(error.code), error.message)
            }
            return
        }
        var key: UInt16 = 0
        if value.count == 2 {
            let (a, b) = (value[0] & 0xDF, value[1] & 0xDF)
            if a &- 0x41 < 26 && b &- 0x41 < 26 { key = UInt16(a) << 8 | UInt16(b) }
        }
        if key == 0 && value.isEmpty && findNeedsRecordRegion { throw Self.noRecordRegion }
        if key == currentRegion && (key != 0 || value.isEmpty) { return }
        try switchRegion(key, value)
    }

    /// The error of a record `--find` has no region for.
    static let noRecordRegion = ValueError(
        .phone(.unknownRegion), "the region field is empty and no region is named: give a default region with -r REGION"
    )

    @inline(never)
    private mutating func switchRegion(_ key: UInt16, _ value: UnsafeBufferPointer<UInt8>) throws(ValueError) {
        let unknown = ValueError(
            .phone(.unknownRegion),
            "region '\(String(decoding: value, as: UTF8.self))' is not a region code of libphonenumber's numbering plans"
        )
        if key == 0 && !value.isEmpty { throw unknown }
        var regional = regionCache[key]
        if regional == nil {
            let code = key == 0 ? region : PhoneMetadata.region(named: String(decoding: value, as: UTF8.self))
            let parser =
                code == nil && key == 0
                ? PhoneNumberParser.withoutRegion() : code.flatMap { PhoneNumberParser(region: $0) }
            guard let parser, let typing = PhoneAsYouTypeFormatter(region: code ?? "US") else { throw unknown }
            regional = Regional(
                parser: parser, typing: typing, matcher: find == nil ? nil : PhoneNumberMatcher(region: code ?? "US"))
            regionCache[key] = regional
        }
        parser = regional!.parser
        shortPlan = parser.requiresCountryCode ? nil : PhoneShortNumbers.plan(parser.region)
        typing = regional!.typing
        if let matcher = regional!.matcher { finder!.matcher = matcher }
        currentRegion = key
    }

    /// A `--format` list writes several values, `--find` as many as it finds.
    public var mayWriteSeveralValues: Bool { mode == .fields || (mode == .find && find == .list) }

    /// The names of the fields of a `--format` list (`e164`, `type`,
    /// `country_code`), else the format's (`--find`'s too), or `as_you_type`.
    public var outputNames: [String] {
        switch mode {
        case .fields: fields.map(\.columnName)
        case .asYouType: ["as_you_type"]
        case .match: ["match"]
        case .format: [format.rawValue]
        case .find: [findField.columnName]
        }
    }

    /// Writes the number in ``format``, the as-you-type display, or throws
    /// the reason the value is not an acceptable number.
    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        switch mode {
        case .format:
            break
        case .asYouType:
            var f = typing
            var i = 0
            while i < value.count {
                let (scalar, length) = PhoneInput.decode(value, i)
                i += length
                f.enter(scalar)
            }
            f.appendOutput(to: &output)
            return
        case .find:
            finder!.transform(
                value, find!, field: findField, dialing: dialing, extension: writesExtension, accepted: acceptedMask,
                separator: separator, into: &output)
            return
        case .fields:
            try appendFields(value, facts, into: &output)
            return
        case .match:
            let second: PhoneNumber
            do {
                second = try parser.parse(value)
            } catch {
                throw ValueError(.phone(error.code), error.message)
            }
            guard let first = matchFirst else {
                throw ValueError(
                    .phone(.invalidCharacter), "--match compares two fields: the record's first is missing")
            }
            Self.append(PhoneMatch.of(first, second).rawValue, to: &output)
            return
        }
        let number: PhoneNumber
        do {
            number = try parser.parse(value)
        } catch {
            throw ValueError(.phone(error.code), error.message)
        }
        if !number.isValid {
            if let kind = shortKind(number, value) {
                try checkShort(kind, number)
                // A short number is written as dialled, in every format.
                for d in number.nsn { output.append(d &+ 0x30) }
                return
            }
            let error = parser.invalidError(number)
            throw ValueError(.phone(error.code), error.message)
        }
        if acceptedMask & (1 << UInt32(number.type.index)) == 0 {
            let error = parser.wrongTypeError(number, types)
            throw ValueError(.phone(error.code), error.message)
        }
        PhoneNumberFormatter.append(number, format, extension: writesExtension, to: &output)
    }

    /// ``fields`` of the number in `value`, separated by ``separator``. A value that does
    /// not parse is an error; so is an invalid number, unless the fields
    /// report validity (`valid`, `possible`) and no ``types`` filter is given.
    private mutating func appendFields<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, _ facts: (any PhoneFactsSource)?, into output: inout Output
    ) throws(ValueError) {
        let number: PhoneNumber
        do {
            number = try parser.parse(value)
        } catch {
            throw ValueError(.phone(error.code), error.message)
        }
        var short: PhoneNumberType? = nil
        if !number.isValid {
            if let kind = shortKind(number, value) {
                // A short number without --short is an error, unless the fields report validity.
                if acceptsShort || !(reportsValidity && types.isEmpty) { try checkShort(kind, number) }
                short = acceptsShort ? kind : nil
            } else if !reportsValidity || !types.isEmpty {
                let error = parser.invalidError(number)
                throw ValueError(.phone(error.code), error.message)
            }
        }
        if number.isValid && acceptedMask & (1 << UInt32(number.type.index)) == 0 {
            let error = parser.wrongTypeError(number, types)
            throw ValueError(.phone(error.code), error.message)
        }
        for (i, field) in fields.enumerated() {
            if i > 0 { separator.append(to: &output) }
            switch field {
            case .e164, .international, .national, .rfc3966, .digits:
                if short != nil {
                    for d in number.nsn { output.append(d &+ 0x30) }
                } else {
                    PhoneNumberFormatter.append(number, field.format!, extension: writesExtension, to: &output)
                }
            case .type:
                Self.append((short ?? number.type).rawValue, to: &output)
            case .short:
                Self.append(isValidShort(number) ? "yes" : "no", to: &output)
            case .emergency:
                Self.append(isEmergency(value) ? "yes" : "no", to: &output)
            case .cost:
                let cost = number.countryCode == parser.meta.countryCode ? shortPlan?.cost(number.nsn) : nil
                Self.append((cost ?? .unknown).rawValue, to: &output)
            case .region:
                Self.append(number.regionCode ?? "", to: &output)
            case .countryCode:
                for d in PhoneNumberParser.digitValues(number.countryCode) { output.append(d &+ 0x30) }
            case .valid:
                Self.append(number.isValid ? "true" : "false", to: &output)
            case .possible:
                Self.append(Self.isPossible(number) ? "true" : "false", to: &output)
            case .timezone:
                facts!.appendTimeZones(number, to: &output)
            case .carrier:
                facts!.appendCarrier(number, to: &output)
            case .location:
                facts!.appendLocation(number, to: &output)
            case .reason:
                Self.append(PhoneDialing.reason(number).rawValue, to: &output)
            case .outOfCountry:
                dialing.appendOutOfCountry(number, extension: writesExtension, to: &output)
            case .mobileDialing:
                do {
                    try dialing.appendMobileDialing(number, to: &output)
                } catch {
                    throw ValueError(.phone(error.code), error.message)
                }
            case .key:
                PhoneDialing.appendKey(number, extension: writesExtension, to: &output)
            }
        }
    }

    /// `is_possible_number`: the length fits the country code's plan.
    static func isPossible(_ number: PhoneNumber) -> Bool {
        guard let meta = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode) else { return false }
        switch PhoneNumberParser.testLength(number.nsn.count, meta) {
        case .possible, .possibleLocalOnly: return true
        default: return false
        }
    }

    /// The type of `value` (which parsed as `number`, no valid full
    /// number) as a short number of the record's region: `emergency` or
    /// `short` when it is a valid one, else nil. Only invalid values come
    /// here: the cost of the check is theirs, never a valid number's.
    private func shortKind(_ number: PhoneNumber, _ value: UnsafeBufferPointer<UInt8>) -> PhoneNumberType? {
        guard isValidShort(number) else { return nil }
        return isEmergency(value) ? .emergency : .short
    }

    /// `is_valid_short_number_for_region` in the parser's region, with the
    /// plan the transform holds (``shortPlan``).
    private func isValidShort(_ number: PhoneNumber) -> Bool {
        number.countryCode == parser.meta.countryCode && shortPlan?.isValidShort(number.nsn) == true
    }

    /// `is_emergency_number` of `value` as dialled in the parser's region.
    private func isEmergency(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let plan = shortPlan, let digits = PhoneShortNumbers.dialledDigits(value) else { return false }
        return plan.isEmergency(digits: digits)
    }

    /// Throws unless short numbers are accepted and one of `kind` passes
    /// the ``types`` filter: without `--short`, the error says what the
    /// number is (`119 is a KR emergency number; use --short to accept
    /// short numbers`), with it a filter that does not take it is `wrong-type`.
    private func checkShort(_ kind: PhoneNumberType, _ number: PhoneNumber) throws(ValueError) {
        let digits = number.nationalNumber
        let what = kind == .emergency ? "emergency number" : "short number"
        guard acceptsShort else {
            throw ValueError(
                .phone(parser.invalidError(number).code),
                "\(digits) is a \(parser.region) \(what); use --short to accept short numbers")
        }
        if acceptedMask & (1 << UInt32(kind.index)) == 0 {
            let wanted = types.map(\.rawValue).sorted().joined(separator: " or ")
            throw ValueError(.phone(.wrongType), "\(digits) is a \(parser.region) \(what), not \(wanted)")
        }
    }

    private static func append<Output: ByteOutput & ~Copyable>(_ text: String, to output: inout Output) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// The same transform made again (for a thread of its own).
    func remade() -> PhoneTransform? {
        PhoneTransform(
            region: region, format: format, types: types, asYouType: asYouType,
            fields: find != nil ? [findField] : fields, language: language, find: find,
            writesExtension: writesExtension, regionField: regionField, fromRegion: fromRegion,
            shortNumbers: acceptsShort, match: match)
    }
}

extension PhoneTransform {
    /// Whole records at once, value by value (see ``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun {
        transformEachRecord(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &output, failure: &failure)
    }
}
