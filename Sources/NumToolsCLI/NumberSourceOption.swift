import NumToolsCore

/// What numconv's `--from` names: one notation, or `auto` and the
/// candidate notations to read each value in.
public enum NumberSource: Sendable {
    /// One locale's notation (given, or machine notation, C, when not given).
    case locale(LocaleID)
    /// `auto` (the default candidates) or `auto:L1,L2,...` (those alone),
    /// in order, duplicates kept.
    case auto([LocaleID])
}

extension Option where Value == NumberSource {
    /// A locale, `auto` or `auto:LOCALE[,...]`; machine notation (`C`) when
    /// not given, and `auto` tries `defaults` alone: the environment takes no
    /// part in what a value means, so that it means the same interactively
    /// and under cron.
    public static func numberSource(
        _ long: String, _ name: String, defaults: [String], help: String
    ) -> Option<NumberSource> {
        Option<NumberSource>(OptionSpec(long, .required(name), help: help, completion: .numberSources)) {
            invocation throws(UsageError) in
            let option = "--" + long
            let given = invocation.arguments.last(long)
            guard let text = given else { return .locale(LocaleID(identifier: LocaleSupport.machineIdentifier)) }
            guard text.lowercased() == "auto" || text.lowercased().hasPrefix("auto:") else {
                return .locale(try LocaleSupport.resolve(text, option: option))
            }
            if text.count == 4 {
                var locales: [LocaleID] = []
                for id in defaults { locales.append(try LocaleSupport.resolve(id, option: option)) }
                return .auto(locales)
            }
            let names = text.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false)
            guard !names.contains(where: \.isEmpty) else {
                throw UsageError(
                    "invalid value '\(text)' for \(option): expected auto:LOCALE[,LOCALE...], such as auto:en_US,de_DE")
            }
            var locales: [LocaleID] = []
            for id in names { locales.append(try LocaleSupport.resolve(String(id), option: option)) }
            return .auto(locales)
        }
    }
}
