import NumToolsCLI
import NumToolsCore

extension Numconv {
    /// numconv's `--from` and `--to` name locales: numfmt's units given to
    /// them (`--from=iec`, `--to=iec-i`, `none`) are a usage error naming
    /// numconv's spelling, never a locale's close match. (`si` is Sinhala,
    /// `auto` numconv's own.)
    static func checkNumfmtUnits(_ invocation: ToolInvocation) throws(UsageError) {
        for long in ["from", "to"] {
            guard let given = invocation.arguments.last(long), ["iec", "iec-i", "none"].contains(given.lowercased())
            else { continue }
            let style = given.lowercased() == "none" ? "number" : given.lowercased()
            throw UsageError(
                "invalid value '\(given)' for --\(long): numconv's --\(long) names a locale (numfmt's --\(long)=\(given) is numconv --style \(style) --from LOCALE --to LOCALE)"
            )
        }
    }
}

extension Numconv {
    /// The targets of a plain or percent style. A percent written in
    /// machine notation (`--to C`) is the number alone: the points (`19 %`
    /// is 19), or with `--ratio` the ratio (0.19); each other target writes
    /// its locale's percent. For each target, whether it writes the ratio
    /// (nil without `--ratio`).
    static func percentTargets(_ invocation: ToolInvocation, style: LocaleNumberFormat.Style) throws(UsageError)
        -> ([LocaleNumberFormat], [Bool]?)
    {
        let locales = try invocation.value(Options.to)
        let machine = locales.map { $0.identifier == LocaleSupport.machineIdentifier }
        if invocation.has(Options.ratio) {
            guard style == .percent else {
                throw UsageError("--ratio applies only to --style percent: --style \(style.rawValue) reads no percent")
            }
            guard machine.contains(true) else {
                throw UsageError("--ratio applies only to --to C: a locale's percent writes the points")
            }
        }
        let targets = locales.indices.map { k in
            LocaleNumberFormat(locale: locales[k], style: style == .percent && machine[k] ? .number : style)
        }
        return (targets, invocation.has(Options.ratio) ? machine : nil)
    }
}
