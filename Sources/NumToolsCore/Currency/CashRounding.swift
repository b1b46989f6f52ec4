/// CLDR's cash rounding (`coinfmt --cash`): the step a currency's cash
/// amounts round to, where it is not the currency's smallest unit (CHF and
/// CAD to 0.05, DKK to 0.50, SEK and CZK to whole units). The
/// table is generated from the toolchain ICU's CLDR (numtools-datagen
/// cash-rounding, by scripts/gen_locale_data.sh).
public enum CashRounding {
    /// The step cash amounts in `code` round to: `0.05` for CHF; for a
    /// currency without a cash rule of its own, one unit of its last
    /// fraction digit (`0.01` for USD, `1` for JPY).
    public static func increment(_ code: String) -> ExactDecimal {
        let upper = code.uppercased()
        if let rule = table.first(where: { $0.code == upper }) {
            let units = UInt64(max(1, rule.rounding))
            return ExactDecimal(units).scaled(byPowerOfTen: -rule.digits)
        }
        return ExactDecimal(1).scaled(byPowerOfTen: -CurrencyCatalog.fractionDigits(upper))
    }

    /// The fraction digits cash amounts in `code` show (2 for DKK's steps of
    /// 0.50, 0 for SEK): CLDR's cash digits, or the currency's own.
    public static func fractionDigits(_ code: String) -> Int {
        let upper = code.uppercased()
        return table.first { $0.code == upper }?.digits ?? CurrencyCatalog.fractionDigits(upper)
    }
}
