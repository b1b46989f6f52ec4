import NumToolsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ToolRunner {
    /// `-f NAME`: the names resolved from the header read before the run
    /// (see ``StreamRun/resolveFieldNames()``); an unknown name is a usage
    /// error (exit 2), before anything is written.
    static func resolveFieldNames(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome? {
        do throws(FieldNameFailure) {
            return try run.resolveFieldNames()
        } catch {
            switch error {
            case .io(let failure): throw failure
            case .usage(let usage):
                var stderr = FileDescriptorStream(fd: 2, name: "standard error")
                write("\(toolName): \(usage.message)\nTry '\(toolName) --help' for more information.\n", to: &stderr)
                exit(2)
            }
        }
    }
}

extension StreamOptions {
    /// `--names` gives one name a result the transform writes for a value
    /// (one for them all with `--output-delimiter`).
    public static func checkNames<T: ValueTransform>(_ configuration: StreamConfiguration, _ transform: T)
        throws(UsageError)
    {
        guard let names = configuration.appendNames else { return }
        let outputs =
            configuration.outputDelimiter != nil && transform.mayWriteSeveralValues ? 1 : transform.outputNames.count
        guard names.count == outputs else {
            throw UsageError(
                "--names gives \(names.count) name\(names.count == 1 ? "" : "s") for \(outputs) new field\(outputs == 1 ? "" : "s") (\(transform.outputNames.joined(separator: ", ")))"
            )
        }
    }
}
