/// phonefmt's value transformation for the stream engine: each value is a
/// phone number to validate and reformat, or (with ``asYouType``) a partial
/// input to show as libphonenumber's AsYouTypeFormatter would.
public struct PhoneTransform: ValueTransform, Sendable {
    /// The region assumed for numbers without a country code.
    public let region: String
    /// The output format.
    public let format: PhoneNumberFormat
    /// The accepted types; empty accepts every valid number (`--type any`).
    public let types: Set<PhoneNumberType>
    /// Whether values are partial inputs for the as-you-type formatter.
    public let asYouType: Bool
    /// Whether an extension is written (in the formats that write one);
    /// false drops it (`--no-extension`).
    public let writesExtension: Bool

    private let parser: PhoneNumberParser
    private let typing: PhoneAsYouTypeFormatter
    /// ``types`` as bits of `PhoneNumberType.allCases` indices, with
    /// fixed-line-or-mobile accepted by fixed-line and by mobile.
    private let acceptedMask: UInt32
    /// A transform for numbers of `region` (upper-case ISO 3166 code); nil
    /// when the metadata has no such region.
    public init?(
        region: String = "KR", format: PhoneNumberFormat = .national, types: Set<PhoneNumberType> = [],
        asYouType: Bool = false, writesExtension: Bool = true
    ) {
        guard let parser = PhoneNumberParser(region: region), let typing = PhoneAsYouTypeFormatter(region: region)
        else { return nil }
        self.region = region
        self.format = format
        self.types = types
        self.asYouType = asYouType
        self.writesExtension = writesExtension
        self.parser = parser
        self.typing = typing
        var mask: UInt32 = 0
        for (i, t) in PhoneNumberType.allCases.enumerated()
        where types.isEmpty || types.contains(where: { t.isAccepted(by: $0) }) {
            mask |= 1 << UInt32(i)
        }
        acceptedMask = mask & ~(1 << UInt32(PhoneNumberType.allCases.firstIndex(of: .unknown)!))
    }

    /// Writes the number in ``format``, the as-you-type display, or throws
    /// the reason the value is not an acceptable number.
    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        if asYouType {
            var f = typing
            var i = 0
            while i < value.count {
                let (scalar, length) = PhoneInput.decode(value, i)
                i += length
                f.enter(scalar)
            }
            f.appendOutput(to: &output)
            return
        }
        let number: PhoneNumber
        do {
            number = try parser.validNumber(value)
        } catch {
            throw ValueError(.phone(error.code), error.message)
        }
        if acceptedMask & (1 << UInt32(number.type.index)) == 0 {
            let error = parser.wrongTypeError(number, types)
            throw ValueError(.phone(error.code), error.message)
        }
        PhoneNumberFormatter.append(number, format, extension: writesExtension, to: &output)
    }
}

extension PhoneTransform {
    /// Whole records at once, value by value (see ``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:)``).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun {
        transformEachRecord(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &output, failure: &failure)
    }
}
