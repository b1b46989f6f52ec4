import Foundation
import Testing

/// `--from-region` with `out-of-country` and `mobile-dialing`, the `reason`
/// field and `--format key`, through the built phonefmt and real pipes
/// (the values themselves are held to libphonenumber by PhoneDialingTests).
@Suite struct PhonefmtDialingCLITests {
    @Test(arguments: [
        (["--format", "out-of-country", "--from-region", "US"], "010-1234-5678", "011 82 10-1234-5678\n"),
        (["--format", "out-of-country", "--from-region", "jp"], "010-1234-5678", "010 82 10-1234-5678\n"),
        // The default: calls placed from the --region region.
        (["--format", "out-of-country"], "010-1234-5678", "010-1234-5678\n"),
        (["-r", "US", "--format", "out-of-country"], "+82 2 123 4567 ext. 7", "011 82 2-123-4567 ext. 7\n"),
        (
            ["--format", "out-of-country", "--from-region", "US", "--no-extension"], "02 123 4567 ext. 7",
            "011 82 2-123-4567\n"
        ),
        (["--format", "mobile-dialing"], "+82 10 1234 5678", "010-1234-5678\n"),
        (["--format", "mobile-dialing", "--from-region", "US"], "010-1234-5678 ext. 9", "+82 10-1234-5678\n"),
        (["--format", "key"], "010 1234 5678", "+821012345678\n"),
        (["--format", "key"], "+82 10-1234-5678 ext. 12", "+821012345678;ext=12\n"),
        (["--format", "key", "--no-extension"], "+82 10-1234-5678 ext. 12", "+821012345678\n"),
        (["--format", "e164,reason,valid"], "010-1234", "+82101234\tis-possible\tfalse\n"),
        (["--format", "reason"], "1234567", "local-only\n"),
        (["--format", "reason"], "+82 101234567899999", "too-long\n"),
    ])
    func writes(_ arguments: [String], _ value: String, _ expected: String) throws {
        let r = try ToolProcess.run("phonefmt", arguments, input: value + "\n")
        #expect(r.out == expected, "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// No mobile-dialing form is an error record (`not-diallable`), and
    /// the rest of the stream goes on.
    @Test func notDiallableIsAnErrorRecord() throws {
        let r = try ToolProcess.run(
            "phonefmt", ["-r", "BR", "--format", "mobile-dialing"], input: "11 96123-4567\n+82 10 1234 5678\n")
        #expect(
            r.out
                == "error\t1\t0\tnot-diallable\t+55 11961234567 is dialled in BR with a carrier code; libphonenumber gives no mobile-dialing form\t11 96123-4567\n+82 10-1234-5678\n",
            "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    /// The key of a CSV column, appended, finds the duplicates however the
    /// numbers were written.
    @Test func keyDeduplicatesACSVColumn() throws {
        let csv =
            "name,phone\nKim,+82 10-1234-5678\nKim M.,010 1234 5678\nLee,02-123-4567\n\"Lee, office\",+82 2 123 4567 x7\n"
        let r = try ToolProcess.run(
            "phonefmt", ["--csv", "--header", "-f", "phone", "--format", "key", "--append"], input: csv)
        #expect(
            r.out
                == "name,phone,phone_key\nKim,+82 10-1234-5678,+821012345678\nKim M.,010 1234 5678,+821012345678\nLee,02-123-4567,+8221234567\n\"Lee, office\",+82 2 123 4567 x7,+8221234567;ext=7\n",
            "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// `--find` writes the numbers it finds in the new forms too; a number
    /// with no mobile-dialing form is left as written.
    @Test func findWritesTheNewForms() throws {
        let line = "call 11 96123-4567 or +1 650 253 0000 ext. 4\n"
        let list = try ToolProcess.run("phonefmt", ["-r", "BR", "--find", "--format", "key"], input: line)
        #expect(list.out == "+5511961234567\t+16502530000;ext=4\n", "\(list)")
        let replace = try ToolProcess.run(
            "phonefmt", ["-r", "BR", "--find", "--replace", "--format", "mobile-dialing"], input: line)
        #expect(replace.out == "call 11 96123-4567 or +1 650-253-0000;ext=4\n", "\(replace)")
        let abroad = try ToolProcess.run(
            "phonefmt", ["-r", "BR", "--find", "--format", "out-of-country", "--from-region", "DE"], input: line)
        #expect(abroad.out == "00 55 11 96123-4567\t00 1 650-253-0000 ext. 4\n", "\(abroad)")
    }

    @Test(arguments: [
        (["--from-region", "US"], "phonefmt: --from-region names where calls are placed from"),
        (["--from-region", "ZZ", "--format", "mobile-dialing"], "phonefmt: unknown region 'ZZ' for --from-region"),
        (["--find", "--format", "reason"], "phonefmt: --find writes each number found in one format"),
        (
            ["--no-extension", "--format", "mobile-dialing"],
            "phonefmt: --no-extension drops the extension of a formatted number"
        ),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try ToolProcess.run("phonefmt", arguments + ["010"], input: "")
        #expect(r.exited(2), "\(r)")
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix(message), "\(r)")
    }
}
