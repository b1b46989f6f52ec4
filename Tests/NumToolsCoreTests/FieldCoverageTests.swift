import Testing

@testable import NumToolsCore

/// Whether a run with `-f` met a record that had a selected field: a job
/// that selected no field of any record transformed nothing, and the
/// command line reports it (exit 1) instead of succeeding.
@Suite struct FieldCoverageTests {
    /// Runs `input` through ``StreamRun`` on `jobs` threads, in blocks of
    /// `blockBytes`, and returns the coverage it reports.
    static func coverage(
        _ input: String, _ configuration: StreamConfiguration, jobs: Int, blockBytes: Int = 1 << 18,
        operands: [String]? = nil
    ) throws -> FieldCoverage {
        try coverage(bytes(input), configuration, jobs: jobs, blockBytes: blockBytes, operands: operands)
    }

    static func coverage(
        _ input: [UInt8], _ configuration: StreamConfiguration, jobs: Int, blockBytes: Int = 1 << 18,
        operands: [String]? = nil
    ) throws -> FieldCoverage {
        var stream = StreamRun(
            configuration: configuration, operands: operands.map { $0.map { Array($0.utf8) } },
            input: MemorySource(input, chunkSize: 3), output: MemorySink(), diagnostics: MemorySink())
        stream.jobs = jobs
        stream.jobBlockBytes = blockBytes
        stream.inputReady = { true }
        _ = try StreamRun.engine(Bracket(), &stream)
        return stream.coverage
    }

    static func covered(_ seen: Bool, widest: Int) -> FieldCoverage {
        var c = FieldCoverage()
        c.selectedSeen = seen
        c.widestWithoutSelected = widest
        return c
    }

    @Test(arguments: [
        // (name, input, configuration, selected seen, widest record without a selected field)
        ("a ; CSV read with TAB", "a;1234;5\nb;1;2\n", config(fields: "2"), false, 1),
        ("fields split by spaces", "Filesystem 1K-blocks Used\n/dev/sda1 100 50\n", config(fields: "2-4"), false, 1),
        ("past the end of every record", "1\t2\t3\n4\t5\n", config(fields: "4-"), false, 3),
        ("one record has it", "1\n2\t3\n4\n", config(fields: "2"), true, 1),
        ("every record has it", "1\t2\n", config(fields: "2"), true, 0),
        ("a blank selected field is there", "a\t\nb\t  \n", config(fields: "2"), true, 0),
        ("an empty record has field 1", "\n\n", config(fields: "1"), true, 0),
        ("an empty record lacks field 2", "\n\n", config(fields: "2"), false, 1),
        ("headers do not count", "h\tx\n1\n", config(fields: "2", header: 1), false, 1),
        ("only headers", "h\tx\n", config(fields: "2", header: 1), false, 0),
        ("error records passing through do not count", "error\t1\t0\tc\tm\to\n1\n", config(fields: "7"), false, 1),
        ("only error records", "error\t1\t0\tc\tm\to\n", config(fields: "7"), false, 0),
        ("no input", "", config(fields: "2"), false, 0),
        ("a failing selected value has it", "1\tx\n", config(fields: "2"), true, 0),
        ("CSV", "a,\"1,2\"\nb\n", config(fields: "3", csv: true), false, 2),
        ("CSV, quoted field has it", "a,\"1,2\"\n", config(fields: "2", csv: true), true, 0),
        ("a ; delimiter given", "a;1234\n", config(fields: "2", delimiter: ";"), true, 0),
        (
            "too long: may have it", "1\n" + String(repeating: "9", count: 40) + "\n", config(fields: "2", max: 10),
            true, 1
        ),
        (
            "too long, read through", "1\n" + String(repeating: "9", count: 400) + "\n", config(fields: "2", max: 10),
            true, 1
        ),
        ("unclosed quote at the end", "1\n\"a,b", config(fields: "2", csv: true), true, 1),
        ("no -f: not counted", "1\t2\n", config(), false, 0),
    ])
    func coverage(name: String, input: String, configuration: StreamConfiguration, seen: Bool, widest: Int) throws {
        let expected = Self.covered(seen, widest: widest)
        #expect(try Self.coverage(input, configuration, jobs: 1) == expected, "\(name)")
        // Across threads and blocks the same: added up by the front.
        for blockBytes in [1, 5, 1 << 18] {
            #expect(
                try Self.coverage(input, configuration, jobs: 2, blockBytes: blockBytes) == expected,
                "\(name), -j 2, blocks of \(blockBytes)")
        }
    }

    /// One record with the field, last of many blocks: not one thread's
    /// view, but the run's.
    @Test func lastBlockHasTheField() throws {
        let input = String(repeating: "1\n", count: 500) + "1\t2\n" + String(repeating: "3\t4\t5\n", count: 20)
        let c = try Self.coverage(input, config(fields: "2"), jobs: 3, blockBytes: 16)
        #expect(c == Self.covered(true, widest: 1))
        let none = try Self.coverage(
            String(repeating: "1\n", count: 500) + "1\t2\t3\n", config(fields: "4"), jobs: 3, blockBytes: 16)
        #expect(none == Self.covered(false, widest: 3))
        #expect(none.noneSelected)
    }

    /// A selected value that is not UTF-8 fails in its field: the record had it.
    @Test func invalidUTF8InASelectedField() throws {
        let input: [UInt8] = [0x31, 0x09, 0xFF, 0x0A, 0x31, 0x0A]
        for jobs in [1, 2] {
            #expect(
                try Self.coverage(input, config(fields: "2"), jobs: jobs, blockBytes: 1)
                    == Self.covered(true, widest: 1))
            #expect(
                try Self.coverage(input, config(fields: "3"), jobs: jobs, blockBytes: 1)
                    == Self.covered(false, widest: 2))
        }
    }

    @Test func operands() throws {
        #expect(try Self.coverage("", config(fields: "2"), jobs: 1, operands: ["1234"]).noneSelected)
        #expect(try !Self.coverage("", config(fields: "2"), jobs: 1, operands: ["1234", "1\t2"]).noneSelected)
    }

    @Test(arguments: [
        (config(fields: "2-4"), 1, "no record had field 2-4 (delimiter TAB; the widest record has 1 field)"),
        (
            config(fields: "3", csv: true), 2,
            "no record had field 3 (delimiter ',', CSV; the widest record has 2 fields)"
        ),
        (
            config(fields: "4,2", delimiter: ";"), 1,
            "no record had field 2,4 (delimiter ';'; the widest record has 1 field)"
        ),
        (
            config(fields: "2", delimiter: " "), 1,
            "no record had field 2 (delimiter SPACE; the widest record has 1 field)"
        ),
        (
            config(fields: "2", delimiter: "\u{A0}"), 1,
            "no record had field 2 (delimiter U+00A0; the widest record has 1 field)"
        ),
        (
            config(fields: "9-", delimiter: "|"), 8,
            "no record had field 9- (delimiter '|'; the widest record has 8 fields)"
        ),
    ])
    func message(configuration: StreamConfiguration, widest: Int, message: String) {
        #expect(configuration.noSelectedFieldMessage(widest: widest) == message)
    }
}
