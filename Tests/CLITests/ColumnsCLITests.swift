import Foundation
import Testing

/// The columns options through real pipes: several results as CSV fields,
/// `--append` with header names, `-f NAME`, `--on-error field`.
@Suite struct ColumnsCLITests {
    @Test func numconvTargetsAreQuotedCSVFields() throws {
        let r = try ToolProcess.run(
            "numconv", ["--csv", "--header", "-f", "2", "--from", "en_US", "--to", "de_DE,C"],
            input: "id,price\n1,\"1,234.5\"\n")
        #expect(r.out == "id,price\n1,\"1.234,5\",1234.5\n", "\(r)")
        #expect(r.exited(0))
    }

    @Test func phonefmtAppendNamesTheColumns() throws {
        let input = "name,phone\nKim,010-1234-5678\n"
        let r = try ToolProcess.run(
            "phonefmt", ["--csv", "--header", "-f", "phone", "--append", "--format", "e164,type"], input: input)
        #expect(r.out == "name,phone,phone_e164,phone_type\nKim,010-1234-5678,+821012345678,mobile\n", "\(r)")
        #expect(r.exited(0))
        let named = try ToolProcess.run(
            "phonefmt", ["--csv", "--header", "-f", "2", "--append", "--format", "e164,type", "--names", "e164,kind"],
            input: input)
        #expect(named.out == "name,phone,e164,kind\nKim,010-1234-5678,+821012345678,mobile\n", "\(named)")
        let wrong = try ToolProcess.run(
            "phonefmt", ["--csv", "--header", "-f", "2", "--append", "--format", "e164,type", "--names", "e164"],
            input: input)
        #expect(wrong.exited(2) && wrong.out.isEmpty && wrong.err.contains("--names gives 1 name for 2 new fields"))
    }

    /// With --header=2 the last header record names the new fields and the
    /// first gets empty ones.
    @Test func appendWithSeveralHeaderRecords() throws {
        let r = try ToolProcess.run(
            "numgroup", ["--header=2", "-f", "amount", "--append"], input: "export\t\nid\tamount\n1\t1234\n")
        #expect(r.out == "export\t\t\nid\tamount\tamount_grouped\n1\t1234\t1,234\n", "\(r)")
    }

    @Test func unknownFieldNameIsAUsageErrorListingTheNames() throws {
        let r = try ToolProcess.run(
            "coinfmt", ["--csv", "--header", "-f", "prize", "--currency", "USD"], input: "id,price\n1,2\n")
        #expect(r.exited(2), "\(r)")
        #expect(r.out.isEmpty)
        #expect(r.err.contains("unknown field name 'prize' in -f prize: the header has 'id', 'price'"))
        let noHeader = try ToolProcess.run("coinfmt", ["--csv", "-f", "price"], input: "1\n")
        #expect(noHeader.exited(2) && noHeader.err.contains("it needs --header"), "\(noHeader)")
        let byName = try ToolProcess.run("numgroup", ["--csv", "--header", "-f", "n"], input: "id,n\n1,1234\n")
        #expect(byName.out == "id,n\n1,\"1,234\"\n", "\(byName)")
    }

    /// One N/A no longer loses the row: the bad cell stays, the others are
    /// converted; counted (exit 1), reported, or written to --errors, with -j 2 too.
    @Test func onErrorFieldWithErrorsAndJobs() throws {
        let input = "id\ta\tb\n1\t1234\tN/A\n2\t5678\t9\n"
        let r = try ToolProcess.run("numgroup", ["--header", "-f", "2-", "--on-error", "field"], input: input)
        #expect(r.out == "id\ta\tb\n1\t1,234\tN/A\n2\t5,678\t9\n", "\(r)")
        #expect(r.err.hasPrefix("numgroup: record 2, field 3: "))
        #expect(r.exited(1))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cols-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for jobs in ["1", "2"] {
            let file = dir.appendingPathComponent("errors-\(jobs).tsv").path
            let e = try ToolProcess.run(
                "numgroup", ["--header", "-f", "2-", "--on-error", "field", "--errors", file, "-j", jobs],
                input: input, environment: ["NUMTOOLS_TEST_BLOCK_BYTES": "1"])
            #expect(e.out == "id\ta\tb\n1\t1,234\tN/A\n2\t5,678\t9\n", "-j \(jobs): \(e)")
            #expect(e.err.isEmpty)
            #expect(e.exited(1))
            let errors = try String(contentsOfFile: file, encoding: .utf8)
            #expect(errors.hasPrefix("error\t2\t3\t"))
            #expect(errors.hasSuffix("\t1\\t1234\\tN/A\n"))
        }
    }
}
