import Foundation
import NumToolsCLI
import NumToolsCore

extension Numconv {
    /// The transform of the amount styles (``AmountConverter``).
    static func amounts(
        _ invocation: ToolInvocation, style: AmountStyle, from: NumberSource, currency: String?, writesCode: Bool,
        prefer: Locale?, report: Bool, fraction: FractionRange
    ) throws(UsageError) -> NumberConversion {
        if report { throw UsageError("--report counts plain numbers: it does not apply to --style \(style.rawValue)") }
        if [.si, .iec, .iecI, .bytes].contains(style), currency != nil || writesCode {
            throw UsageError(
                "--\(writesCode ? "code" : "currency") applies to amounts with a currency: --style \(style.rawValue) reads none"
            )
        }
        let targets = try invocation.value(Options.to)
        let sources: [Locale]
        switch from {
        case .locale(let locale): sources = [locale]
        case .auto(let locales):
            var seen = Set<String>()
            sources = locales.filter { seen.insert(LocaleNumberFormat(locale: $0).localeIdentifier).inserted }
        }
        if style == .myriad, let other = sources.first(where: { !CoinFormatStyle.countsInMyriads($0) }) {
            throw UsageError(
                "--style myriad needs a locale that counts in myriads (ko, ja, zh, yue): \(other.identifier) does not")
        }
        guard sources.count <= AutoNumberConverter.maximumCandidates else {
            throw UsageError("--from auto takes at most \(AutoNumberConverter.maximumCandidates) notations")
        }
        var preferred: Int? = nil
        if let prefer {
            guard case .auto = from else {
                throw UsageError("--prefer settles what --from auto finds ambiguous: it needs --from auto")
            }
            let id = LocaleNumberFormat(locale: prefer).localeIdentifier
            preferred = sources.firstIndex { LocaleNumberFormat(locale: $0).localeIdentifier == id }
            if preferred == nil { throw UsageError("--prefer \(id) is not one of the notations of --from") }
        }
        return .amounts(
            AmountConverter(
                from: sources, style: style, to: targets, currency: currency, writesCode: writesCode,
                preferring: preferred, minimumFraction: fraction.minimum, maximumFraction: fraction.maximum,
                suffix: try invocation.value(Options.suffix) ?? ""))
    }
}
