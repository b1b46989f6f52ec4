/// A transform that sums up what it read once its input is done
/// (`numconv --from auto --report`): the command line writes each line on
/// standard error, after the tool's name, when the run reached the end of
/// its input (not after `--on-error=abort` or a signal).
public protocol StreamSummarizing {
    /// The summary's lines, without the tool's name or a line end.
    func summaryLines() -> [String]
}
