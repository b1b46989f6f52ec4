import NumToolsCLI
import NumToolsCore

extension Numconv {
    /// `--from auto` on plain numbers or percents: the candidate notations,
    /// at most ``AutoNumberConverter/maximumCandidates``, and `--prefer` among them.
    static func auto(
        _ locales: [LocaleID], style: LocaleNumberFormat.Style, to targets: [LocaleNumberFormat], ratio: [Bool]?,
        prefer: LocaleID?,
        report: Bool, fraction: FractionRange
    ) throws(UsageError) -> NumberConversion {
        let candidates = AutoNumberConverter.unique(locales.map { LocaleNumberFormat(locale: $0, style: style) })
        let names = candidates.map(\.localeIdentifier)
        guard names.count <= AutoNumberConverter.maximumCandidates else {
            throw UsageError(
                "--from auto takes at most \(AutoNumberConverter.maximumCandidates) notations, not \(names.count)")
        }
        let preferred = prefer.map { LocaleNumberFormat(locale: $0, style: style).localeIdentifier }
        if let preferred, !names.contains(preferred) {
            throw UsageError(
                "--prefer \(preferred) is not one of the notations of --from: \(names.joined(separator: ", "))")
        }
        var converter = AutoNumberConverter(
            from: candidates, to: targets, preferring: preferred, minimumFraction: fraction.minimum,
            maximumFraction: fraction.maximum, report: report ? AutoReadingReport() : nil)
        converter.ratioTargets = ratio
        return NumberConversion.auto(converter)
    }
}
