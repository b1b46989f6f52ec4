// CLDR's cash rounding (`coinfmt --cash`) as the toolchain's ICU carries it
// (issue 46): what Generated/CashRoundingData.swift holds and
// CashRoundingDataTests compares it with.
#if canImport(_FoundationICU)
    import _FoundationICU

    /// Each ISO currency's cash rule, where it is not its standard one.
    package enum CashRoundingOracle {
        /// A currency's cash rule: fraction digits, and the rounding step in
        /// units of the last of them (0: none; CHF is 2 digits, 5).
        package struct Rule: Equatable, Sendable {
            package var code: String
            package var digits: Int
            package var rounding: Int
            package init(code: String, digits: Int, rounding: Int) {
                (self.code, self.digits, self.rounding) = (code, digits, rounding)
            }
        }

        /// Every ISO 4217 code ICU knows (current and historic), sorted.
        package static var currencies: [String] {
            var status = U_ZERO_ERROR
            guard let list = swift_ucurr_openISOCurrencies(UInt32(Int32.max), &status), status.rawValue <= 0 else {
                return []
            }
            defer { swift_uenum_close(list) }
            var codes: [String] = []
            while true {
                var length: Int32 = 0
                guard let code = swift_uenum_next(list, &length, &status), status.rawValue <= 0 else { break }
                codes.append(String(cString: code))
            }
            return Array(Set(codes)).sorted()
        }

        /// `code`'s fraction digits and rounding step for a usage (standard or cash).
        static func rule(_ code: String, _ usage: UCurrencyUsage) -> (digits: Int, rounding: Int) {
            let units = Array(code.utf16) + [0]
            var status = U_ZERO_ERROR
            let digits = Int(swift_ucurr_getDefaultFractionDigitsForUsage(units, usage, &status))
            let increment = swift_ucurr_getRoundingIncrementForUsage(units, usage, &status)
            guard status.rawValue <= 0 else { return (0, 0) }
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            return (digits, Int((increment * scale).rounded()))
        }

        /// `code`'s cash rule, or nil when it pays cash as it is written
        /// (its cash digits are its standard ones and there is no cash step).
        package static func cashRule(_ code: String) -> Rule? {
            let standard = rule(code, UCURR_USAGE_STANDARD)
            let cash = rule(code, UCURR_USAGE_CASH)
            guard cash.digits != standard.digits || cash.rounding != 0 else { return nil }
            return Rule(code: code, digits: cash.digits, rounding: cash.rounding)
        }

        /// The rules of every currency that has one of its own.
        package static var rules: [Rule] { currencies.compactMap(cashRule) }

        /// Generated/CashRoundingData.swift.
        package static func source() -> String {
            var out = """
                // CLDR's cash rules: only currencies whose cash rule differs from their
                // standard one (a cash rounding, or other cash digits) are listed; every
                // other currency pays cash as it is written.

                extension CashRounding {
                    /// ISO 4217 code, cash fraction digits, cash rounding (in units of the last digit; 0: none).
                    static let table: [(code: String, digits: Int, rounding: Int)] = [

                """
            for r in rules { out += "        (\"\(r.code)\", \(r.digits), \(r.rounding)),\n" }
            out += "    ]\n}\n"
            return out
        }
    }
#endif
