/// The names `--append` gives the field each single-value tool adds (see
/// ``ValueTransform/outputNames``): `price_grouped`, `price_currency`.
extension DigitGrouper {
    /// `ungrouped` with `--ungroup`, else `grouped`.
    public var outputNames: [String] {
        if case .ungroup = mode { return ["ungrouped"] }
        return ["grouped"]
    }
}

extension CoinTransform {
    /// The style's name: `currency`, `percent`, `number`, `compact`.
    public var outputNames: [String] { [formatter.style.style.rawValue] }
}
