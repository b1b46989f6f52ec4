import NumToolsCore

/// The parsed command line and environment, as a tool sees them while
/// building its transform.
public struct ToolInvocation: Sendable {
    public let arguments: ParsedArguments
    public let environment: [String: String]

    public init(arguments: ParsedArguments, environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// The option's value, parsed as its declaration says (or a usage error).
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        try option.read(self)
    }

    /// Whether the option was given at all.
    public func has(_ option: some OptionDeclaration) -> Bool {
        arguments.has(option.spec.long)
    }

    /// The option's last value as the command line gave it.
    public func text(_ option: some OptionDeclaration) -> String? {
        arguments.last(option.spec.long)
    }

    /// A fraction-digit range from a minimum and a maximum option (each
    /// optional): a usage error when the minimum is above the maximum.
    public func fractionRange(_ minimum: Option<Int?>, _ maximum: Option<Int?>) throws(UsageError) -> FractionRange {
        let range = FractionRange(minimum: try value(minimum), maximum: try value(maximum))
        if let low = range.minimum, let high = range.maximum, low > high {
            throw UsageError("--\(minimum.spec.long) \(low) is greater than --\(maximum.spec.long) \(high)")
        }
        return range
    }
}

/// The fraction digits a tool was asked for: at least `minimum`, at most
/// `maximum`, either left to the format when nil.
public struct FractionRange: Sendable, Equatable {
    public var minimum: Int?
    public var maximum: Int?

    /// Whether neither bound was given.
    public var isEmpty: Bool { minimum == nil && maximum == nil }
}
