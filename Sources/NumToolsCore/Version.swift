public enum NumTools {
    public static let version = "0.1.0"

    /// What `--version` prints: the tool's name and version on the first
    /// line (what scripts parse), then the versions of the data the tools
    /// carry: the CLDR and Unicode of the generated locale data (and the ICU
    /// they were read from) and the libphonenumber metadata.
    public static func versionText(_ name: String) -> String {
        """
        \(name) \(version)
        CLDR \(LocaleDataVersion.cldr) (ICU \(LocaleDataVersion.icu))
        Unicode \(LocaleDataVersion.unicode)
        libphonenumber \(PhoneMetadata.version)

        """
    }
}
