import Foundation
import Testing

/// coinfmt's `--width N` against numfmt's `--padding=N` on 1,500 cases of
/// Tests/Fixtures/numfmt-padding.tsv (generated with numfmt by
/// scripts/gen_numfmt_fixtures.py): through real pipes, one coinfmt a
/// style, rounding and width, every line numfmt's.
@Suite struct NumfmtPaddingCLITests {
    @Test func widthIsNumfmtsPadding() throws {
        let url = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/numfmt-padding.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
        #expect(rows.count == 1500)
        var groups: [[String]: [(input: String, numfmt: String)]] = [:]
        for r in rows { groups[[r[0], r[1], r[2]], default: []].append((r[3], r[4])) }
        var failures: [String] = []
        for (key, cases) in groups.sorted(by: { $0.key.joined() < $1.key.joined() }) {
            let input = cases.map(\.input).joined(separator: "\n") + "\n"
            let result = try ToolProcess.run(
                "coinfmt", ["--style", key[0], "--rounding", key[1], "--width", key[2]], input: Array(input.utf8))
            let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if lines != cases.map(\.numfmt) {
                let first = zip(lines, cases).first { $0.0 != $0.1.numfmt }
                failures.append("\(key): \(String(describing: first)) (\(lines.count) lines)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(groups.count >= 50)
    }
}
