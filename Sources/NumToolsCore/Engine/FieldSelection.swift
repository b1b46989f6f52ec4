/// What `-f` selects: a cut(1) list (``FieldList``), header names, or both
/// (`-f price,3`, `-f 1,total-2`).
///
/// A part of the list made only of digits and dashes is a field number or
/// range (so a header named `2024` is field 2024); any other part is a
/// header name, matched exactly against the cells of the last header
/// record (less the spaces and tabs around them, unquoted with `--csv`).
/// A name is resolved once the header is read (``resolve(header:)``); one
/// that no cell holds, or that two cells hold, is a usage error.
public struct FieldSelection: Sendable, Hashable {
    /// The parts that are numbers and ranges, as written (cut syntax).
    public let numbers: [String]
    /// The parts that are header names, in order.
    public let names: [String]
    /// The text given to `-f`.
    public let text: String

    /// Parses a `-f` list; its numbers and ranges must be a valid cut(1) list.
    public init(_ text: String) throws(UsageError) {
        self.text = text
        var numbers: [String] = []
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            if part.allSatisfy({ $0 == "-" || ($0.isASCII && $0.isNumber) }) {
                numbers.append(String(part))
            } else {
                names.append(String(part))
            }
        }
        if !numbers.isEmpty { _ = try FieldList(numbers.joined(separator: ",")) }
        self.numbers = numbers
        self.names = names
    }

    /// The fields, when no part is a name.
    public var fieldList: FieldList? {
        guard names.isEmpty else { return nil }
        return try? FieldList(numbers.joined(separator: ","))
    }

    /// The fields, with each name resolved to the number of the header
    /// cell that holds it (`header`: the cells of the last header record).
    public func resolve(header: [String]) throws(UsageError) -> FieldList {
        var parts = numbers
        for name in names {
            let at = header.indices.filter { header[$0] == name }
            guard let first = at.first else {
                let listed = header.map { "'\($0)'" }.joined(separator: ", ")
                throw UsageError(
                    "unknown field name '\(name)' in -f \(text): the header has \(header.isEmpty ? "no names" : listed)"
                )
            }
            guard at.count == 1 else {
                throw UsageError(
                    "field name '\(name)' in -f \(text) is ambiguous: the header has it as fields \(at.map { String($0 + 1) }.joined(separator: ", ")); use numbers"
                )
            }
            parts.append(String(first + 1))
        }
        return try FieldList(parts.joined(separator: ","))
    }
}
