/// One phone number found in free text by ``PhoneNumberMatcher``.
public struct PhoneNumberMatch: Hashable, Sendable {
    /// The UTF-8 byte range of the number's text in the searched text.
    public let range: Range<Int>
    /// The range in Unicode scalars (libphonenumber's `start` and `end`).
    public let scalarRange: Range<Int>
    /// The number.
    public let number: PhoneNumber
}

/// Finds the phone numbers in free text as libphonenumber's
/// `PhoneNumberMatcher` does at leniency `VALID`: a run of digits,
/// punctuation and a leading `+` or bracket is a candidate; dates
/// (`15/01/2024`), time stamps (`2024-01-15 12:30`), publication pages
/// (`211-227 (2003)`), unbalanced brackets and numbers touching Latin
/// letters, `%` or a currency sign are not numbers; a candidate that does not
/// parse as a whole is split at slashes, brackets, spaced dashes, full stops
/// and spaces (its "inner matches"). A number is found when it is valid and,
/// written without a country code, carries the national prefix its plan
/// writes (Korea's `010 1234 5678`, not `10 1234 5678`).
///
/// Bounded work: as in libphonenumber, at most ``maxTries`` candidates and
/// inner candidates that fail are parsed per text, and a parse reads at
/// most 250 characters, so the parsing is bounded per text whatever its
/// length. The scanning is a hand-written automaton over the text's scalars,
/// without backtracking: a candidate is found by one forward scan (its lead
/// part is at most 10 scalars, its digit blocks at most 21 of 20 digits
/// with at most 4 punctuation scalars between them, its extension a run of
/// separators, a label and at most 20 digits), and each check of a candidate
/// (dates, time stamps, pages, brackets, inner matches) reads it a bounded
/// number of times (a run of white space is scanned once, however many
/// inner matches start in it). A candidate is read again only after a number
/// was found inside it, once per number found, so at most 21 times (a number
/// takes at least one of its digit blocks): the work is linear in the text.
public struct PhoneNumberMatcher: Sendable {
    /// The region assumed for numbers written without a country code.
    public let region: String
    /// libphonenumber's `max_tries`: how many failing candidates one text may have.
    public static let maxTries = 65535

    let parser: PhoneNumberParser

    /// A matcher for numbers of `region`; nil when the metadata has no such region.
    public init?(region: String) {
        guard let parser = PhoneNumberParser(region: region) else { return nil }
        self.region = region
        self.parser = parser
    }

    /// The numbers in `text`, in order.
    public func matches(in text: String) -> [PhoneNumberMatch] {
        var text = text
        return text.withUTF8 { matches(in: $0) }
    }

    /// The numbers in UTF-8 `bytes` (valid UTF-8), in order.
    public func matches(in bytes: UnsafeBufferPointer<UInt8>) -> [PhoneNumberMatch] {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var found: [PhoneNumberMatch] = []
        matches(in: bytes, scalars: &scalars, offsets: &offsets, into: &found)
        return found
    }

    /// ``matches(in:)`` with the caller's buffers, reused from text to text.
    func matches(
        in bytes: UnsafeBufferPointer<UInt8>, scalars: inout [Unicode.Scalar], offsets: inout [Int],
        into found: inout [PhoneNumberMatch]
    ) {
        scalars.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        found.removeAll(keepingCapacity: true)
        var i = 0
        while i < bytes.count {
            let (scalar, length) = PhoneInput.decode(bytes, i)
            scalars.append(scalar)
            offsets.append(i)
            i += length
        }
        offsets.append(bytes.count)
        var search = MatchSearch(text: scalars, parser: parser, bytes: bytes, offsets: offsets)
        search.findAll(into: &found)
    }

    /// What `extension` a parsed number carries, as digit values; nil when
    /// it has none.
    static func extensionDigits(_ number: PhoneNumber) -> [UInt8]? {
        number.extensionDigits.isEmpty ? nil : number.extensionDigits.values
    }
}

/// What `phonefmt --find` does with the numbers found in a value.
public enum PhoneFind: String, Hashable, Sendable {
    /// Write the numbers found, TAB-separated (or as the engine's separator
    /// says; nothing when none is).
    case list
    /// Write the value with each number found rewritten in place.
    case replace
}

/// ``PhoneNumberMatcher`` with the buffers it reuses from value to value.
struct PhoneFinder: Sendable {
    var matcher: PhoneNumberMatcher
    private var scalars: [Unicode.Scalar] = []
    private var offsets: [Int] = []
    private var found: [PhoneNumberMatch] = []

    init(_ matcher: PhoneNumberMatcher) {
        self.matcher = matcher
    }

    /// Lists or replaces the numbers in `value` whose type is in `accepted`
    /// (bits of `PhoneNumberType` indices), written as `field` (one that
    /// ``PhoneField/writesNumber``): a number of another type, or one with
    /// no mobile-dialing form, is neither listed nor rewritten.
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, _ mode: PhoneFind, field: PhoneField, dialing: PhoneDialing? = nil,
        extension: Bool = true, accepted: UInt32, separator: ValueSeparator = ValueSeparator(),
        into output: inout Output
    ) {
        matcher.matches(in: value, scalars: &scalars, offsets: &offsets, into: &found)
        var written = 0
        var listed = 0
        for m in found where accepted & (1 << UInt32(m.number.type.index)) != 0 {
            var dialled: [UInt8] = []
            if field == .mobileDialing {
                guard (try? dialing!.appendMobileDialing(m.number, to: &dialled)) != nil else { continue }
            }
            switch mode {
            case .list:
                if listed > 0 { separator.append(to: &output) }
            case .replace:
                output.append(contentsOf: UnsafeBufferPointer(rebasing: value[written..<m.range.lowerBound]))
                written = m.range.upperBound
            }
            switch field {
            case .mobileDialing: output.append(bytes: dialled)
            case .outOfCountry: dialing!.appendOutOfCountry(m.number, extension: `extension`, to: &output)
            case .key: PhoneDialing.appendKey(m.number, extension: `extension`, to: &output)
            default: PhoneNumberFormatter.append(m.number, field.format!, extension: `extension`, to: &output)
            }
            if mode == .replace && `extension` && (field == .e164 || field == .digits || field == .mobileDialing)
                && !m.number.extensionDigits.isEmpty
            {
                // E.164 and digits write no extension; in the text it stays,
                // as RFC 3966's `;ext=` (`call +12179776317;ext=066 today`).
                (";ext=" as StaticString).withUTF8Buffer { output.append(contentsOf: $0) }
                m.number.extensionDigits.append(to: &output)
            }
            listed += 1
        }
        if mode == .replace {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: value[written...]))
        }
    }
}
