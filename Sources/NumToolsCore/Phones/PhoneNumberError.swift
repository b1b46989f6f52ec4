/// Why a value is not an acceptable phone number.
public struct PhoneNumberError: Error, Hashable, Sendable {
    /// The stable error codes; the raw value goes into error records.
    public typealias Code = PhoneErrorCode

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
