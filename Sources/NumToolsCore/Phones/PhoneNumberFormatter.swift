/// Writes a ``PhoneNumber`` in one of the five formats, as libphonenumber's
/// `format_number` does (the country's own formatting rules; numbers
/// without a rule are written as plain digits).
public struct PhoneNumberFormatter: Sendable {
    /// The format written.
    public var format: PhoneNumberFormat
    /// Whether a number's extension is written, in the formats that have
    /// one (national, international, RFC 3966).
    public var writesExtension: Bool

    /// A formatter for `format`.
    public init(format: PhoneNumberFormat = .national, writesExtension: Bool = true) {
        self.format = format
        self.writesExtension = writesExtension
    }

    /// `number` in ``format``.
    public func string(for number: PhoneNumber) -> String {
        var out: [UInt8] = []
        append(number, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `number` in ``format`` to `out` as UTF-8.
    public func append(_ number: PhoneNumber, to out: inout [UInt8]) {
        Self.append(number, format, extension: writesExtension, to: &out)
    }

    /// `number` in `format`, with its extension where the format writes one
    /// (national and international: the region's extension prefix, ` ext. `
    /// by default; RFC 3966: `;ext=`; E.164 and digits: none), unless
    /// `extension` is false; `plus` false leaves out the international
    /// format's leading `+` (what follows an international call prefix).
    static func append<Output: ByteOutput & ~Copyable>(
        _ number: PhoneNumber, _ format: PhoneNumberFormat, extension: Bool = true, plus: Bool = true,
        to out: inout Output
    ) {
        guard let meta = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode) else {
            appendDigits(number.nsn, to: &out)
            return
        }
        appendNumber(number, format, meta, plus: plus, to: &out)
        if `extension` && !number.extensionDigits.isEmpty {
            switch format {
            case .national, .international:
                out.append(bytes: meta.extensionPrefix)
                number.extensionDigits.append(to: &out)
            case .rfc3966:
                (";ext=" as StaticString).withUTF8Buffer { out.append(contentsOf: $0) }
                number.extensionDigits.append(to: &out)
            case .e164, .digits:
                break
            }
        }
    }

    /// `number` in `format` without its extension.
    private static func appendNumber<Output: ByteOutput & ~Copyable>(
        _ number: PhoneNumber, _ format: PhoneNumberFormat, _ meta: PhoneRegionMetadata, plus: Bool = true,
        to out: inout Output
    ) {
        let cc = meta.countryCodeASCII
        switch format {
        case .e164:
            out.append(UInt8(ascii: "+"))
            out.append(bytes: cc)
            appendDigits(number.nsn, to: &out)
            return
        case .digits:
            var national: [UInt8] = []
            appendNumber(number, .national, meta, to: &national)
            for c in national where c >= 0x30 && c <= 0x39 { out.append(c) }
            return
        case .national:
            break
        case .international:
            if plus { out.append(UInt8(ascii: "+")) }
            out.append(bytes: cc)
            out.append(UInt8(ascii: " "))
        case .rfc3966:
            ("tel:+" as StaticString).withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(bytes: cc)
            out.append(UInt8(ascii: "-"))
        }
        let formats =
            meta.intlNumberFormats.isEmpty || format == .national ? meta.numberFormats : meta.intlNumberFormats
        guard let rule = chooseFormat(formats, number.nsn) else {
            appendDigits(number.nsn, to: &out)
            return
        }
        if format == .rfc3966 {
            var formatted: [UInt8] = []
            formatNSN(number.nsn, rule, national: false, into: &formatted)
            appendRFC3966(formatted, to: &out)
        } else {
            formatNSN(number.nsn, rule, national: format == .national, into: &out)
        }
    }

    /// Digit values written as ASCII digits.
    private static func appendDigits<Output: ByteOutput & ~Copyable>(_ digits: [UInt8], to out: inout Output) {
        for d in digits { out.append(d &+ 0x30) }
    }

    /// `_choose_formatting_pattern_for_number`.
    static func chooseFormat(_ formats: [PhoneFormatRule], _ nsn: [UInt8]) -> PhoneFormatRule? {
        nsn.withUnsafeBufferPointer { buf in
            for f in formats {
                if let ld = f.leadingDigits.last, !ld.matchesPrefix(buf) { continue }
                if f.pattern.fullMatch(buf) { return f }
            }
            return nil
        }
    }

    /// `_format_nsn_using_pattern` without carrier codes.
    static func formatNSN<Output: ByteOutput & ~Copyable>(
        _ nsn: [UInt8], _ rule: PhoneFormatRule, national: Bool, into out: inout Output
    ) {
        let template = national ? rule.nationalFormat : rule.format
        nsn.withUnsafeBufferPointer { digits in
            template.withUnsafeBufferPointer { rule.pattern.substitute(digits, template: $0, into: &out) }
        }
    }

    /// The format with its first `$N` replaced by the national prefix
    /// formatting rule, whose `$1` stands for that `$N`.
    static func replaceFirstGroup(_ format: [UInt8], with npfr: [UInt8]) -> [UInt8] {
        var i = 0
        while i + 1 < format.count {
            if format[i] == UInt8(ascii: "$"), format[i + 1] >= 0x30, format[i + 1] <= 0x39 {
                var expanded: [UInt8] = []
                var j = 0
                while j < npfr.count {
                    if npfr[j] == UInt8(ascii: "$"), j + 1 < npfr.count, npfr[j + 1] == UInt8(ascii: "1") {
                        expanded.append(contentsOf: format[i...(i + 1)])
                        j += 2
                    } else {
                        expanded.append(npfr[j])
                        j += 1
                    }
                }
                return Array(format[..<i]) + expanded + Array(format[(i + 2)...])
            }
            i += 1
        }
        return format
    }

    /// libphonenumber's punctuation (formats are ASCII).
    static func isSeparator(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "-"), UInt8(ascii: "x"), UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "/"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Leading punctuation removed, every other run of it made one `-`.
    static func appendRFC3966<Output: ByteOutput & ~Copyable>(_ formatted: [UInt8], to out: inout Output) {
        var i = 0
        while i < formatted.count && isSeparator(formatted[i]) { i += 1 }
        var inRun = false
        while i < formatted.count {
            let c = formatted[i]
            if isSeparator(c) {
                if !inRun { out.append(UInt8(ascii: "-")) }
                inRun = true
            } else {
                out.append(c)
                inRun = false
            }
            i += 1
        }
    }
}
