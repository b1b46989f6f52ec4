/// Why a value is not an acceptable phone number.
public struct PhoneNumberError: Error, Hashable, Sendable {
    /// The stable error codes; the raw value goes into error records.
    public enum Code: String, CaseIterable, Hashable, Sendable {
        /// Letters or symbols inside the number, or no digit at all.
        case invalidCharacter = "invalid-character"
        /// Fewer digits than any number of the plan.
        case tooShort = "too-short"
        /// More digits than any number of the plan.
        case tooLong = "too-long"
        /// A possible length, but no number of the plan.
        case invalidNumber = "invalid-number"
        /// A `+` or international prefix followed by no known country code.
        case invalidCountryCode = "invalid-country-code"
        /// Valid, but not of the wanted types.
        case wrongType = "wrong-type"
    }

    /// The error code.
    public let code: Code
    /// A short English sentence naming the problem and where it is.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
