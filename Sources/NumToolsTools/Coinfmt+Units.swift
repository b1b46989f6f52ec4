import NumToolsCLI
import NumToolsCore

extension Coinfmt {
    /// The options of the unit styles (si, iec, iec-i): numfmt's `--suffix`,
    /// `--unit-separator`, `--from-unit` and `--to-unit`.
    enum UnitOptions {
        static let suffix: Option<String?> = .string(
            "suffix", "STR", help: "unit styles: write STR after the number and its prefix (1.5KB)")
        static let unitSeparator: Option<String?> = .value(
            "unit-separator", "STR", help: "unit styles: write STR between the number and its prefix or suffix"
        ) { text throws(UsageError) in text }
        static let fromUnit: Option<UInt64?> = .value(
            "from-unit", "N", help: "unit styles: the input counts units of N (1024, 1K, 1Ki)"
        ) { text throws(UsageError) in try unitSize(text, option: "from-unit", exactDivisor: false) }
        static let toUnit: Option<UInt64?> = .value(
            "to-unit", "N", help: "unit styles: the output counts units of N (N's prime factors 2 and 5)"
        ) { text throws(UsageError) in try unitSize(text, option: "to-unit", exactDivisor: true) }

        static let bytes: Option<CoinFormatStyle.ByteUnits?> = .choice(
            "bytes", "UNITS", help: "--style bytes: decimal (default: 1.7 MB, as Foundation) or binary (1.6 MiB)")

        static let all = [suffix.spec, unitSeparator.spec, fromUnit.spec, toUnit.spec]
    }

    /// The unit styles' options applied to `style`; a usage error when one
    /// is given with another style.
    static func applyUnitOptions(_ style: CoinFormatStyle, _ invocation: ToolInvocation) throws(UsageError)
        -> CoinFormatStyle
    {
        if invocation.has(UnitOptions.bytes) && style.style != .bytes {
            throw UsageError("--bytes applies only to --style bytes")
        }
        if style.style == .bytes {
            if let given = [UnitOptions.suffix.spec, UnitOptions.unitSeparator.spec].first(where: {
                invocation.arguments.has($0.long)
            }) {
                throw UsageError(
                    "--\(given.long) applies only to --style si, iec or iec-i: bytes have the locale's units")
            }
            if let given = ["min-fraction", "max-fraction", "significant"].first(where: { invocation.arguments.has($0) }
            ) {
                throw UsageError(
                    "--\(given) does not apply to --style bytes: it writes Foundation's digits (none in bytes and kB, up to one in MB, two above)"
                )
            }
        } else if !style.style.isUnitPrefix {
            if let given = UnitOptions.all.first(where: { invocation.arguments.has($0.long) }) {
                throw UsageError(
                    "--\(given.long) applies only to --style si, iec or iec-i: --style \(style.style.rawValue) writes no unit"
                )
            }
            return style
        }
        var style = style
        if let units = try invocation.value(UnitOptions.bytes) { style = style.byteUnits(units) }
        if let suffix = try invocation.value(UnitOptions.suffix) { style = style.suffix(suffix) }
        if let separator = try invocation.value(UnitOptions.unitSeparator) { style = style.unitSeparator(separator) }
        style = style.units(
            from: try invocation.value(UnitOptions.fromUnit) ?? 1, to: try invocation.value(UnitOptions.toUnit) ?? 1)
        return style
    }
}

/// A unit size as numfmt takes it: a whole number from 1, or one with a
/// prefix (`1K` is 1000, `1Ki` 1024, `4M`), at most 10^18; for `--to-unit`
/// (`exactDivisor`) its prime factors must be 2 and 5.
@Sendable func unitSize(_ text: String, option: String, exactDivisor: Bool) throws(UsageError) -> UInt64 {
    guard let size = UnitPrefixes.unitSize(text), size >= 1, size <= 1_000_000_000_000_000_000 else {
        throw UsageError(
            "invalid value '\(text)' for --\(option): expected a whole number from 1 to 10^18, with an optional prefix (1024, 1K, 1Ki)"
        )
    }
    if exactDivisor && !UnitPrefixes.dividesExactly(size) {
        throw UsageError(
            "invalid value '\(text)' for --\(option): the output unit must be a product of 2s and 5s (1000, 1024, 512), so that the quotient is exact"
        )
    }
    return size
}
