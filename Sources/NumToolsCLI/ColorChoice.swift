#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a tool colors its output (`--color WHEN`).
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto
    case always
    case never

    /// Whether to color: `auto` colors only when standard output is a terminal.
    public var isOn: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return isatty(STDOUT_FILENO) != 0
        }
    }
}
