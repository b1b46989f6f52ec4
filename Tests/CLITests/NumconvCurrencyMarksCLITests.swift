import Foundation
import Testing

/// Issue 44, items 5 and 7, through real pipes: a mark several currencies
/// write needs `-c` or the one locale of `--from`; `-c` takes a code, a
/// symbol or a common form; a mark is no evidence for the notation.
@Suite struct NumconvCurrencyMarksCLITests {
    func numconv(_ arguments: [String], input: String = "") throws -> ToolResult {
        try ToolProcess.run("numconv", arguments, input: input, environment: ["LANG": "C"])
    }

    @Test func oneLocaleSettlesItsOwnMarks() throws {
        let ca = try numconv(["--style", "currency", "--from", "en_CA", "--to", "C", "--code", "C$5", "CA$5", "$5"])
        #expect(ca.exited(0) && ca.out == "5\tCAD\n5\tCAD\n5\tCAD\n", "\(ca)")
        let ja = try numconv(["--style", "auto", "--from", "ja_JP", "--to", "C", "--code", "¥1234"])
        #expect(ja.exited(0) && ja.out == "1234\tJPY\n", "\(ja)")
        let zh = try numconv(["--style", "auto", "--from", "zh_CN", "--to", "C", "--code", "¥1234"])
        #expect(zh.exited(0) && zh.out == "1234\tCNY\n", "\(zh)")
    }

    @Test func autoNeedsCurrencyForASharedMark() throws {
        for (value, names) in [("¥1234", ["CNY", "JPY"]), ("$5.00", ["CAD", "USD"])] {
            let r = try numconv(["--style", "currency", "--from", "auto", "--to", "C", "--code", value])
            #expect(r.exited(1) && r.out.hasPrefix("error\t1\t0\tambiguous-currency\t"), "\(value): \(r)")
            for name in names { #expect(r.out.contains(name), "\(value): \(r)") }
        }
        // Written in another locale, the currency is needed as well.
        let yen = try numconv(["--style", "currency", "--from", "auto", "--to", "en_US", "¥1234"])
        #expect(yen.exited(1) && yen.out.hasPrefix("error\t1\t0\tambiguous-currency\t"), "\(yen)")
        // The machine number alone needs no currency.
        let plain = try numconv(["--style", "currency", "--from", "auto", "--to", "C", "$5.00"])
        #expect(plain.exited(0) && plain.out == "5.00\n", "\(plain)")
        let named = try numconv(["--style", "currency", "--from", "auto", "--to", "C", "--code", "-c", "US$", "$5.00"])
        #expect(named.exited(0) && named.out == "5.00\tUSD\n", "\(named)")
    }

    @Test func sameMarkInOneLocaleIsNotTakenForAnotherCurrency() throws {
        let r = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "--code", "C$5"])
        #expect(r.exited(1) && r.out.hasPrefix("error\t1\t0\tambiguous-currency\t"), "\(r)")
        #expect(r.out.contains("CAD") && r.out.contains("NIO"), "\(r)")
        let c = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "--code", "-c", "C$", "C$5"])
        #expect(c.exited(0) && c.out == "5\tCAD\n", "\(c)")
    }

    @Test(arguments: [
        ("C$", "CAD"), ("CA$", "CAD"), ("cad", "CAD"), ("US$", "USD"), ("A$", "AUD"), ("AU$", "AUD"),
        ("NZ$", "NZD"), ("HK$", "HKD"), ("S$", "SGD"), ("R$", "BRL"), ("TL", "TRY"), ("yen", "JPY"), ("円", "JPY"),
        ("元", "CNY"), ("RMB", "CNY"), ("€", "EUR"),
    ])
    func currencyOptionTakesFormsAndSymbols(_ given: String, _ code: String) throws {
        let r = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "--code", "-c", given, "12"])
        #expect(r.exited(0) && r.out == "12\t\(code)\n", "\(given): \(r)")
    }

    @Test func currencyOptionNamingSeveralIsAUsageError() throws {
        for (given, names) in [("Rs", ["INR", "LKR", "PKR"]), ("$", ["USD", "CAD"]), ("¥", ["CNY", "JPY"])] {
            let r = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "-c", given, "12"])
            #expect(r.exited(2) && r.err.contains("names several currencies"), "\(given): \(r)")
            for name in names { #expect(r.err.contains(name), "\(given): \(r)") }
        }
        let unknown = try numconv(["--style", "currency", "--from", "en_US", "--to", "C", "-c", "XYZ", "12"])
        #expect(unknown.exited(2) && unknown.err.contains("unknown currency 'XYZ'"), "\(unknown)")
    }

    @Test func markSpacingIsNoEvidenceForTheNotation() throws {
        for style in ["currency", "auto"] {
            let r = try numconv(["--style", style, "--from", "auto", "--to", "C", "AU$ 1,175"])
            #expect(r.exited(1) && r.out.hasPrefix("error\t1\t0\tambiguous-notation\t"), "\(style): \(r)")
            let au = try numconv(["--style", style, "--from", "en_AU", "--to", "C", "AU$ 1,175"])
            #expect(au.exited(0) && au.out == "1175\n", "\(style): \(au)")
        }
    }
}
