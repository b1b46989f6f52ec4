import Foundation
import Testing

/// phonefmt with `arguments` is a usage error: status 2, nothing on
/// standard output, and standard error starting with `message`.
private func expectUsageError(_ arguments: [String], _ message: String) throws {
    let r = try ToolProcess.runInKorea("phonefmt", arguments, input: "")
    #expect(r.exited(2), "\(r)")
    #expect(r.out.isEmpty, "\(r)")
    #expect(r.err.hasPrefix(message), "\(r)")
}

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
        let r = try ToolProcess.runInKorea("phonefmt", arguments, input: value + "\n")
        #expect(r.out == expected, "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// No mobile-dialing form is an error record (`not-diallable`), and
    /// the rest of the stream goes on.
    @Test func notDiallableIsAnErrorRecord() throws {
        let r = try ToolProcess.runInKorea(
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
        let r = try ToolProcess.runInKorea(
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
        let list = try ToolProcess.runInKorea("phonefmt", ["-r", "BR", "--find", "--format", "key"], input: line)
        #expect(list.out == "+5511961234567\t+16502530000;ext=4\n", "\(list)")
        let replace = try ToolProcess.runInKorea(
            "phonefmt", ["-r", "BR", "--find", "--replace", "--format", "mobile-dialing"], input: line)
        #expect(replace.out == "call 11 96123-4567 or +1 650-253-0000;ext=4\n", "\(replace)")
        let abroad = try ToolProcess.runInKorea(
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
        try expectUsageError(arguments + ["010"], message)
    }
}

/// `--short`, the `short`, `emergency` and `cost` fields and the types
/// `emergency` and `short`, through the built phonefmt (the answers
/// themselves are held to libphonenumber by PhoneShortNumberTests).
@Suite struct PhonefmtShortCLITests {
    /// Without --short a valid short number is an error that says so.
    @Test func shortNumbersNeedTheOption() throws {
        let r = try ToolProcess.runInKorea("phonefmt", [], input: "119\n114\n02-123-4567\n")
        #expect(
            r.out
                == "error\t1\t0\tinvalid-number\t119 is a KR emergency number; use --short to accept short numbers\t119\nerror\t2\t0\tinvalid-number\t114 is a KR short number; use --short to accept short numbers\t114\n02-123-4567\n",
            "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    @Test(arguments: [
        (["--short"], "119\n1 1 4\n+82 119\n02-123-4567\n", "119\n114\n119\n02-123-4567\n"),
        (["--short", "--format", "e164"], "1330\n", "1330\n"),
        (
            ["--short", "--format", "national,type,short,emergency,cost"], "119\n1330\n010-1234-5678\n",
            "119\temergency\tyes\tyes\ttoll-free\n1330\tshort\tyes\tno\ttoll-free\n010-1234-5678\tmobile\tno\tno\tunknown\n"
        ),
        (["--type", "emergency"], "112\n", "112\n"),
        (["--type", "short"], "112\n114\n", "112\n114\n"),
        (["-r", "FR", "--short"], "15\n3949\n", "15\n3949\n"),
        (["-r", "US", "--short", "--format", "emergency,cost"], "911\n", "yes\ttoll-free\n"),
    ])
    func accepts(_ arguments: [String], _ input: String, _ expected: String) throws {
        let r = try ToolProcess.runInKorea("phonefmt", arguments, input: input)
        #expect(r.out == expected, "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// A type filter sorts full and short numbers apart.
    @Test func typesFilterShortNumbers() throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--type", "emergency", "--on-error=skip"], input: "119\n114\n010-1234-5678\n")
        #expect(r.out == "119\n", "\(r)")
        #expect(
            r.err
                == "phonefmt: record 2, field 0: wrong-type: 114 is a KR short number, not emergency\nphonefmt: record 3, field 0: wrong-type: +82 1012345678 is a mobile number, not emergency\n",
            "\(r)")
        let mobile = try ToolProcess.runInKorea("phonefmt", ["--short", "--type", "mobile"], input: "119\n")
        #expect(
            mobile.out.hasPrefix("error\t1\t0\twrong-type\t119 is a KR emergency number, not mobile\t"), "\(mobile)")
    }

    /// The record's region with --region-field; CSV fields.
    @Test func regionFieldAndCSV() throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "-f", "2", "--region-field", "3", "--short", "--format", "national,emergency"],
            input: "a,15,FR\nb,119,KR\nc,911,us\nd,\"02-123-4567\",KR\n")
        #expect(r.out == "a,15,yes,FR\nb,119,yes,KR\nc,911,yes,us\nd,02-123-4567,no,KR\n", "\(r)")
    }

    @Test(arguments: [
        (["--find", "--short"], "phonefmt: --find finds full numbers"),
        (["--find", "--type", "emergency"], "phonefmt: --find finds full numbers"),
        (["--as-you-type", "--short"], "phonefmt: --as-you-type cannot be used with --short"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        try expectUsageError(arguments + ["010"], message)
    }
}

/// `--match`: the numbers of two fields of each record compared, through
/// the built phonefmt (the match types are held to libphonenumber by
/// PhoneDialingTests).
@Suite struct PhonefmtMatchCLITests {
    @Test func matchTypesAreAppended() throws {
        let input =
            "Kim\t010-1234-5678\t+82 10 1234 5678\nLee\t02-123-4567\t02 123 4568\nPark\t010-1234-5678 ext. 1\t1234-5678\nYu\t010-1234-5678 ext. 1\t010-1234-5678 ext. 2\n"
        let r = try ToolProcess.runInKorea("phonefmt", ["-f", "2,3", "--match"], input: input)
        #expect(
            r.out
                == "Kim\t010-1234-5678\t+82 10 1234 5678\texact\nLee\t02-123-4567\t02 123 4568\tnone\nPark\t010-1234-5678 ext. 1\t1234-5678\tshort-nsn\nYu\t010-1234-5678 ext. 1\t010-1234-5678 ext. 2\tnone\n",
            "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// Fields apart, by header name with CSV (both written as read, quotes
    /// and all), and with -j 2.
    @Test func namesCSVAndJobs() throws {
        let csv = "phone,name,mobile\n010-1234-5678,Kim,+82 10 1234 5678\n\"02-123-4567\",Lee,+1 650 253 0000\n"
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "phone,mobile", "--match"], input: csv)
        #expect(
            r.out
                == "phone,name,mobile,mobile_match\n010-1234-5678,Kim,+82 10 1234 5678,exact\n\"02-123-4567\",Lee,+1 650 253 0000,none\n",
            "\(r)")
        let jobs = try ToolProcess.runInKorea(
            "phonefmt", ["-j", "2", "-f", "1,3", "--match"], input: "010-1234-5678\tx\t01012345678\n")
        #expect(jobs.out == "010-1234-5678\tx\t01012345678\texact\n", "\(jobs)")
    }

    /// A field that is no number is the record's error, naming that field.
    @Test func aFieldThatDoesNotParseIsAnError() throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["-f", "2,3", "--match"], input: "a\tabc\t010-1234-5678\nb\t010-1234-5678\txyz\n")
        #expect(r.out.hasPrefix("error\t1\t2\tinvalid-character\t"), "\(r)")
        #expect(r.out.contains("\nerror\t2\t3\tinvalid-character\t"), "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    @Test(arguments: [
        (["--match"], "phonefmt: --match compares the numbers of two fields"),
        (["-f", "2", "--match"], "phonefmt: --match compares the numbers of two fields"),
        (["-f", "2-4", "--match"], "phonefmt: --match compares the numbers of two fields"),
        (["-f", "2,2", "--match"], "phonefmt: --match compares the numbers of two fields"),
        (["-f", "2,3", "--match", "--format", "e164"], "phonefmt: --match writes the match type alone"),
        (["-f", "2,3", "--match", "--region-field", "4"], "phonefmt: --match writes the match type alone"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        try expectUsageError(arguments, message)
    }
}
