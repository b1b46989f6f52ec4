import Foundation
import Testing

/// `phonefmt --find` and `--find --replace` through real pipes.
@Suite struct PhonefmtFindCLITests {
    @Test func listsEveryNumberOfEachRecord() throws {
        let input = """
            call me at 010-1234-5678 or +1 650 253 0000 tomorrow
            no number here
            2024-01-15 12:30:45 from 192.168.0.1 v1.2.3, 15/01/2024
            전화 02-123-4567, 휴대폰 010.9876.5432번

            """
        let r = try ToolProcess.runInKorea("phonefmt", ["--find", "--format", "e164"], input: input)
        #expect(r.out == "+821012345678\t+16502530000\n\n\n+8221234567\t+821098765432\n", "\(r)")
        #expect(r.exited(0), "\(r)")
        #expect(r.err.isEmpty)
    }

    @Test func replaceKeepsEveryOtherByte() throws {
        let input = "2024-01-15 12:30:45 order 4711: call 010-1234-5678 (v1.2.3)\r\nabc01012345678 ₩01012345678\r\n"
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--find", "--replace", "--format", "international"], input: input)
        #expect(
            r.out
                == "2024-01-15 12:30:45 order 4711: call +82 10-1234-5678 (v1.2.3)\r\nabc01012345678 ₩01012345678\r\n",
            "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    /// The command: the extension stays in the text, as `;ext=`.
    @Test func replaceInE164KeepsTheExtension() throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["-r", "US", "--find", "--replace", "--format", "e164", "call 217-977-6317x066 today"])
        #expect(r.out == "call +12179776317;ext=066 today\n", "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    @Test(arguments: [
        (["--find", "--type", "mobile"], "010-1234-5678"),
        (["--find", "--type", "fixed-line"], "02-123-4567"),
        (["--find", "--type", "mobile", "--replace", "--format", "e164"], "m +821012345678, o 02-123-4567"),
    ])
    func typeKeepsOnlyThoseTypes(_ arguments: [String], _ expected: String) throws {
        let r = try ToolProcess.runInKorea("phonefmt", arguments, input: "m 010-1234-5678, o 02-123-4567\n")
        #expect(r.out == expected + "\n", "\(r)")
        #expect(r.exited(0), "\(r)")
    }

    @Test func csvNumbersFoundAreFieldsOfTheirOwn() throws {
        let csv = "name,memo\n김민준,\"휴대폰 010-1234-5678, 사무실 02-123-4567\"\n이서연,연락처 없음\n"
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--csv", "--header", "-f", "2", "--find", "--format", "e164"], input: csv)
        #expect(r.out == "name,memo\n김민준,+821012345678,+8221234567\n이서연,\n", "\(r)")
        #expect(r.exited(0), "\(r)")
        let replaced = try ToolProcess.runInKorea("phonefmt", ["--csv", "-f", "2", "--find", "--replace"], input: csv)
        #expect(replaced.out == "name,memo\n김민준,\"휴대폰 010-1234-5678, 사무실 02-123-4567\"\n이서연,연락처 없음\n")
    }

    @Test func regionReadsNationalNumbers() throws {
        let line = "Call +44 20 7031 3000 or (650) 253-0000, fax 650.253.0001; not 15/01/2024\n"
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--region", "US", "--find", "--format", "international"], input: line)
        #expect(r.out == "+44 20 7031 3000\t+1 650-253-0000\t+1 650-253-0001\n", "\(r)")
    }

    @Test(arguments: [
        (["--replace"], "phonefmt: --replace needs --find\n"),
        (["--find", "--as-you-type"], "phonefmt: --find cannot be used with --as-you-type\n"),
        (["--as-you-type", "--find"], "phonefmt: --find cannot be used with --as-you-type\n"),
        (["--find", "--format", "e164,type"], "phonefmt: --find writes each number found in one format"),
        (["--find", "--format", "location"], "phonefmt: --find writes each number found in one format"),
        (["--no-extension", "--as-you-type"], "phonefmt: --no-extension drops the extension of a formatted number"),
        (
            ["--no-extension", "--format", "type,region"],
            "phonefmt: --no-extension drops the extension of a formatted number"
        ),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try ToolProcess.runInKorea("phonefmt", arguments + ["010"], input: "")
        #expect(r.exited(2), "\(r)")
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix(message), "\(r)")
    }

    @Test func invalidUTF8IsAnErrorRecord() throws {
        let input: [UInt8] = Array("call 010-1234-5678 ".utf8) + [0xFF] + [0x0A]
        let r = try ToolProcess.runInKorea("phonefmt", ["--find"], input: input)
        #expect(r.out.hasPrefix("error\t1\t0\tinvalid-utf8\t"), "\(r)")
        #expect(r.exited(1), "\(r)")
    }

    /// Long hostile records finish (bounded by construction, not timed): the
    /// matcher scans without backtracking and gives up after libphonenumber's
    /// 65535 failing candidates.
    @Test func hostileRecordsFinish() throws {
        // One record near the 1 MiB limit: an extension label after a run of
        // spaces makes the whole run one candidate, whose inner matches start
        // at every space (libphonenumber reads the rest of the run from each).
        let long = 1 << 20 - 64
        let unit = 1 << 18
        let records: [String] = [
            String(repeating: "(", count: unit),
            String(repeating: "1 ", count: unit / 2),
            "555 1234" + String(repeating: " ", count: long - 20) + "x12",
            String(repeating: "0", count: unit),
            String(repeating: "02-123-4567/", count: 4000),
            String(repeating: "(1)-", count: unit / 4),
        ]
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--find", "--format", "e164"], input: records.joined(separator: "\n") + "\n")
        #expect(r.exited(0), "\(r.err)")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == records.count + 1)
        #expect(lines[4] == Substring(Array(repeating: "+8221234567", count: 4000).joined(separator: "\t")))
    }
}

/// The three parts of issue 16 together: an extension in every field of a
/// `--format` list and in `--find`, and `--no-extension` in both.
@Suite struct PhonefmtExtensionInFieldsAndFindTests {
    @Test(arguments: [
        ([] as [String], "+82311234567\t031-123-4567 ext. 12\ttel:+82-31-123-4567;ext=12\tfixed-line\n"),
        (["--no-extension"], "+82311234567\t031-123-4567\ttel:+82-31-123-4567\tfixed-line\n"),
    ])
    func fieldListWritesTheExtension(_ extra: [String], _ expected: String) throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--format", "e164,national,rfc3966,type"] + extra, input: "031-123-4567 ext. 12\n")
        #expect(r.exited(0), "\(r)")
        #expect(r.out == expected, "\(r)")
    }

    @Test(arguments: [
        ([] as [String], "031-123-4567 ext. 12\t(650) 253-0000 ext. 123\n"),
        (["--no-extension"], "031-123-4567\t(650) 253-0000\n"),
    ])
    func findWritesTheExtension(_ extra: [String], _ expected: String) throws {
        let r = try ToolProcess.runInKorea(
            "phonefmt", ["--find", "--format", "national"] + extra,
            input: "call 031-123-4567 ext. 12 or +1 650 253 0000 x123 now\n")
        #expect(r.exited(0), "\(r)")
        #expect(r.out == expected, "\(r)")
    }
}
