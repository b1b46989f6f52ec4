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

    /// The list is normalised once: sorted, overlaps and neighbours merged,
    /// so that a long explicit list is the few ranges it covers.
    @Test(arguments: [
        ("3", [3...3]),
        ("4,2", [2...2, 4...4]),
        ("1,2,3", [1...3]),
        ("5-,2-6", [2...Int.max]),
        ("7-9,1-3,4", [1...4, 7...9]),
        ("2,2,2", [2...2]),
        ("-3,10-,5", [1...3, 5...5, 10...Int.max]),
    ])
    func normalises(list: String, ranges: [ClosedRange<Int>]) throws {
        let fields = try FieldList(list)
        #expect(fields.ranges == ranges)
        #expect(fields.lowerBound == ranges.first!.lowerBound)
        #expect(try FieldList(fields.description) == fields, "\(fields.description)")
    }

    @Test func longExplicitListIsOneRange() throws {
        let fields = try FieldList((1...16000).map(String.init).joined(separator: ","))
        #expect(fields.ranges == [1...16000])
        #expect(fields.description == "1-16000")
    }

    /// Random lists against the plain model (a field is selected when a
    /// part of the list names it): `contains`, and the in-order walk the
    /// engine uses (`selects(_:at:)`), over every field up to past the end.
    @Test func matchesMembershipModel() throws {
        var rng = SplitMix64(seed: 25)
        for _ in 0..<2000 {
            var parts: [String] = []
            var model: [ClosedRange<Int>] = []
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let a = Int.random(in: 1...30, using: &rng)
                let b = Int.random(in: a...40, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    parts.append("\(a)-")
                    model.append(a...Int.max)
                case 1:
                    parts.append("-\(b)")
                    model.append(1...b)
                case 2:
                    parts.append("\(a)-\(b)")
                    model.append(a...b)
                default:
                    parts.append("\(a)")
                    model.append(a...a)
                }
            }
            let text = parts.joined(separator: ",")
            let fields = try FieldList(text)
            func selected(_ n: Int) -> Bool { model.contains { $0.contains(n) } }
            #expect(fields.upperBound == model.map(\.upperBound).max())
            #expect(fields.lowerBound == model.map(\.lowerBound).min())
            var index = 0
            for n in 1...45 {
                #expect(fields.contains(n) == selected(n), "\(text): \(n)")
                #expect(fields.selects(n, at: &index) == selected(n), "\(text): walk at \(n)")
            }
            // A walk may start at any field, and skip fields.
            var sparse = 0
            var n = Int.random(in: 1...5, using: &rng)
            while n <= 45 {
                #expect(fields.selects(n, at: &sparse) == selected(n), "\(text): sparse walk at \(n)")
                n += Int.random(in: 1...7, using: &rng)
            }
            for ranges in [model, model.reversed()] {
                #expect(FieldList(normalizing: ranges) == fields, "\(text)")
            }
        }
    }
}
