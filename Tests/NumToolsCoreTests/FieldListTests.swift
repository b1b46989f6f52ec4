import Testing

@testable import NumToolsCore

@Suite struct FieldListTests {
    @Test(arguments: [
        ("3", [3], [1, 2, 4]),
        ("2,5", [2, 5], [1, 3, 4, 6]),
        ("2-4", [2, 3, 4], [1, 5]),
        ("5-", [5, 6, 1000, Int.max], [1, 4]),
        ("-3", [1, 2, 3], [4]),
        ("1,3-4,7-", [1, 3, 4, 7, 8], [2, 5, 6]),
        ("4,2", [2, 4], [3]),
        ("2,2", [2], [1, 3]),
        ("1-1", [1], [2]),
    ])
    func selects(list: String, selected: [Int], unselected: [Int]) throws {
        let fields = try FieldList(list)
        for n in selected { #expect(fields.contains(n), "\(n)") }
        for n in unselected { #expect(!fields.contains(n), "\(n)") }
    }

    @Test(arguments: [("3", 3), ("2,5", 5), ("2-4", 4), ("5-", Int.max), ("-3", 3), ("4,1-2", 4)])
    func upperBound(list: String, expected: Int) throws {
        #expect(try FieldList(list).upperBound == expected)
    }

    @Test(arguments: [
        ("", "invalid field list '': '' is not a field number or range"),
        ("0", "invalid field list '0': fields are numbered from 1"),
        ("0-2", "invalid field list '0-2': fields are numbered from 1"),
        ("a", "invalid field list 'a': 'a' is not a field number or range"),
        ("1,,2", "invalid field list '1,,2': '' is not a field number or range"),
        ("3-2", "invalid field list '3-2': decreasing range '3-2'"),
        ("-", "invalid field list '-': '-' needs at least one end"),
        ("1-2-3", "invalid field list '1-2-3': '1-2-3' is not a field number or range"),
        (" 1", "invalid field list ' 1': ' 1' is not a field number or range"),
        ("+1", "invalid field list '+1': '+1' is not a field number or range"),
        ("١", "invalid field list '١': '١' is not a field number or range"),
        (
            "99999999999999999999",
            "invalid field list '99999999999999999999': '99999999999999999999' is not a field number or range"
        ),
    ])
    func rejects(list: String, message: String) {
        #expect(throws: UsageError(message)) { try FieldList(list) }
    }
}
