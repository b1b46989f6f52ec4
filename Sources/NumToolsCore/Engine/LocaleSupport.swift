import Foundation

/// Locale identifiers as the stream contract takes them: ICU (`de_CH`) or
/// BCP 47 (`de-CH`, `th-TH-u-nu-thai`), checked against Foundation's list.
public enum LocaleSupport {
    /// Every identifier Foundation lists as available.
    public static let availableIdentifiers: Set<String> = Set(Locale.availableIdentifiers)

    /// The locale for an identifier given on the command line, or a usage
    /// error naming the option and up to three close matches.
    public static func resolve(_ text: String, option: String) throws(UsageError) -> Locale {
        let canonical = Locale.identifier(.icu, from: text)
        let base = String(canonical.split(separator: "@", maxSplits: 1).first ?? "")
        guard !text.isEmpty, availableIdentifiers.contains(base) else {
            let close = closeMatches(base.isEmpty ? text : base, among: Array(availableIdentifiers))
            throw UsageError("unknown locale '\(text)' for \(option)" + didYouMean(close))
        }
        return Locale(identifier: canonical)
    }

    /// The default locale identifier from the environment: `LC_ALL`, then
    /// `category` (such as `LC_NUMERIC`), then `LANG`, charset and modifier
    /// removed; `C`, `POSIX`, empty or unset means `en_US`. Returns the
    /// identifier and the variable it came from.
    public static func environmentIdentifier(_ environment: [String: String], category: String) -> (
        identifier: String, variable: String?
    ) {
        for variable in ["LC_ALL", category, "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            var id = Substring(value)
            if let dot = id.firstIndex(of: ".") { id = id[..<dot] }
            if let at = id.firstIndex(of: "@") { id = id[..<at] }
            if id == "C" || id == "POSIX" || id.isEmpty { return ("en_US", variable) }
            return (String(id), variable)
        }
        return ("en_US", nil)
    }

    /// The locale named by `value` if the option was given, else by the environment.
    public static func resolve(
        option: String, value: String?, environment: [String: String], category: String
    ) throws(UsageError) -> Locale {
        if let value { return try resolve(value, option: option) }
        let (id, variable) = environmentIdentifier(environment, category: category)
        return try resolve(id, option: variable.map { "$" + $0 } ?? option)
    }

    /// The `--list-locales` listing: `ID <TAB> ENGLISH NAME <TAB> SAMPLE`,
    /// SAMPLE being 1234567.891 written in that locale, sorted by ID.
    public static func listing() -> String {
        let english = Locale(identifier: "en")
        var text = ""
        for id in availableIdentifiers.sorted() {
            let format = LocaleNumberFormat(locale: Locale(identifier: id))
            var sample: [UInt8] = []
            format.format(negative: false, integer: Array("1234567".utf8), fraction: Array("891".utf8), into: &sample)
            let name = english.localizedString(forIdentifier: id) ?? id
            text += id + "\t" + name + "\t" + String(decoding: sample, as: UTF8.self) + "\n"
        }
        return text
    }
}
