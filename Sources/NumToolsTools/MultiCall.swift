import NumToolsCLI
import NumToolsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `numtools` multi-call binary: one executable holding every tool. Run
/// by a link named after a tool (`numgroup -> numtools`), it is that tool;
/// run as `numtools TOOL ARGUMENTS...`, it is TOOL. Either way the tool
/// sees only its own arguments and names itself in its messages, and
/// nothing of another tool is set up.
public enum MultiCall {
    /// The tools, in the order `numtools --help` lists them, each with one
    /// line saying what it does.
    static let tools: [(name: String, summary: String)] = [
        ("numgroup", "insert or remove digit grouping: 1234567.891 -> 1,234,567.891"),
        ("numconv", "convert numbers and amounts between locales' notations, exactly"),
        ("phonefmt", "validate phone numbers and write them in one format"),
        ("coinfmt", "format machine numbers: prices, percents, compact, scientific"),
    ]

    /// Runs the tool called `name` on the arguments after the first `count`;
    /// returns only when no tool has that name.
    static func run(_ name: String, argumentsAfter count: Int) {
        switch name {
        case "numgroup": Numgroup.main(argumentsAfter: count)
        case "numconv": Numconv.main(argumentsAfter: count)
        case "phonefmt": Phonefmt.main(argumentsAfter: count)
        case "coinfmt": Coinfmt.main(argumentsAfter: count)
        default: return
        }
    }

    /// The last component of a path: the name a program was started by.
    static func baseName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// `numtools --help`.
    static func helpText(_ program: String) -> String {
        let width = tools.map(\.name.count).max()!
        var text = """
            Usage: \(program) TOOL [OPTIONS] [VALUE...]
               or: TOOL [OPTIONS] [VALUE...]   (run by a link named after the tool)
            One executable holding the numtools stream filters; each reads records (or
            takes values as arguments) and writes one transformed record per record.

            Tools:

            """
        for tool in tools {
            let first = "  " + tool.name + String(repeating: " ", count: width - tool.name.count + 3)
            let words = tool.summary.split(separator: " ").map(String.init)
            text +=
                HelpLayout.fill(words, first: first, indent: String(repeating: " ", count: first.count))
                .joined(separator: "\n") + "\n"
        }
        text +=
            "\n" + HelpLayout.paragraph("'\(program) TOOL --help' shows a tool's options. See numtools(7) and TOOL(1).")
        return text
    }

    /// Runs the tool the program was started as, or the one its first
    /// argument names; `--help` (or no argument) lists the tools, `--version`
    /// prints the version. Anything else is a usage error (exit 2).
    public static func main() -> Never {
        let arguments = CommandLine.arguments
        let program = baseName(arguments.first ?? "numtools")
        run(program, argumentsAfter: 1)

        var stdout = FileDescriptorStream(fd: 1, name: "standard output")
        var stderr = FileDescriptorStream(fd: 2, name: "standard error")
        func write(_ text: String, to stream: inout FileDescriptorStream) {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { b in try? stream.write(b) }
        }
        func usageFailure(_ message: String) -> Never {
            write("\(program): \(message)\nTry '\(program) --help' for more information.\n", to: &stderr)
            exit(2)
        }

        guard arguments.count > 1 else {
            write(helpText(program), to: &stdout)
            exit(0)
        }
        let first = arguments[1]
        switch first {
        case "--help", "-h":
            write(helpText(program), to: &stdout)
            exit(0)
        case "--version":
            write(NumTools.versionText(program), to: &stdout)
            exit(0)
        default:
            if first.hasPrefix("-") { usageFailure("unrecognized option '\(first)'") }
            run(first, argumentsAfter: 2)
            usageFailure(
                "unknown tool '\(first)'" + didYouMean(closeMatches(first, among: tools.map(\.name))))
        }
    }
}
