// The stream harness's checks of a transform's run of whole records and of its error-record lane.
import Foundation

/// A transform's run of whole records (``ValueTransform/transformRecords(_:terminator:maxLength:into:failure:)``)
/// on `input`: writes no more than it states (the array's `appendWithUnsafeMutableBytes`
/// traps past its limit), consumes whole records only (with LF, a CR before
/// it is a CRLF's, written back), writes what the transform writes for them
/// one by one, and, when it stops at a value that failed, that value fails
/// value by value with the same error.
func checkTransformRecords<T: ValueTransform>(
    _ transform: T, _ input: [UInt8], terminator: UInt8, maxLength: Int, outputLimit: Int
) {
    // The output limit as the engine sets it: without it a run of
    // `1e999999` is formatted whole, a megabyte a record, under ASan.
    var limited = transform
    limited.outputLimit = outputLimit
    let transform = limited
    var fast = transform
    var out: [UInt8] = []
    var failure = ValueError(.engine(.empty), "no failure")
    let run = input.withUnsafeBufferPointer {
        fast.transformRecords($0, terminator: terminator, maxLength: maxLength, into: &out, failure: &failure)
    }
    let (bytes, count) = (run.bytes, run.records)
    check(bytes >= 0 && bytes <= input.count, "transformRecords consumed \(bytes) of \(input.count) bytes")
    check(bytes == 0 || input[bytes - 1] == terminator, "transformRecords stopped inside a record")
    let consumed = input[..<bytes].split(separator: terminator, omittingEmptySubsequences: false).dropLast()
    check(consumed.count == count, "transformRecords consumed \(consumed.count) records, says \(count)")
    var general = transform
    var expected: [UInt8] = []
    /// The value of a record the run may take: without the CR of a CRLF, and none of the engine's cases.
    func value(_ record: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let value = terminator == 0x0A && record.last == 0x0D ? record.dropLast() : record
        check(
            !value.isEmpty && value.count <= maxLength && !isBlank(value.prefix(1)) && !isBlank(value.suffix(1))
                && (terminator != 0x0A || value.last != 0x0D), "transformRecords took \(text(value))")
        check(String(validating: value, as: UTF8.self) != nil, "transformRecords took invalid UTF-8 \(text(value))")
        check(!isErrorRecord(value), "transformRecords took an error record \(text(value))")
        return value
    }
    for record in consumed {
        let value = value(record)
        do {
            try Array(value).withUnsafeBufferPointer { (p) throws(ValueError) in
                try general.transform(p, into: &expected)
            }
        } catch {
            check(false, "transformRecords took \(text(value)), which is an error: \(error.code)")
        }
        if value.count < record.count { expected.append(0x0D) }
        expected.append(terminator)
    }
    check(out == expected, "transformRecords wrote \(text(out)), value by value \(text(expected))")
    guard run.failed else { return }
    // The record after those consumed failed in the run: whole, and its value fails alone with that error.
    guard let end = input[bytes...].firstIndex(of: terminator) else {
        return check(false, "transformRecords failed at a record that is not whole")
    }
    let failed = value(input[bytes..<end])
    var scratch: [UInt8] = []
    do {
        try Array(failed).withUnsafeBufferPointer { (p) throws(ValueError) in try general.transform(p, into: &scratch) }
        check(false, "transformRecords failed at \(text(failed)), which transforms: \(failure.code)")
    } catch {
        check(
            error == failure,
            "transformRecords failed at \(text(failed)) with \(failure.code): \(failure.message); value by value \(error.code): \(error.message)"
        )
    }
}

/// The run of records with its error-record lane enabled
/// (``ErrorRecordLane``, numgroup's error records written in its in-place
/// block) against the general path: each record it consumed is, value by
/// value, the transformed value and its terminator, or the error record the
/// engine writes for it (RECORD numbered after `recordsBefore`), and the
/// lane counted the error records.
func checkErrorLane<T: ValueTransform>(
    _ transform: T, _ input: [UInt8], terminator: UInt8, maxLength: Int, outputLimit: Int, escapesNUL: Bool
) {
    var fast = transform
    fast.outputLimit = outputLimit
    var general = fast
    var out: [UInt8] = []
    var failure = ValueError(.engine(.empty), "no failure")
    let recordsBefore = 1000
    var lane = ErrorRecordLane(enabled: true, escapesNUL: escapesNUL, recordsBefore: recordsBefore)
    let run = input.withUnsafeBufferPointer {
        fast.transformRecords(
            $0, terminator: terminator, maxLength: maxLength, flushAt: .max, into: &out, failure: &failure,
            errorRecords: &lane)
    }
    let bytes = run.bytes
    check(bytes >= 0 && bytes <= input.count, "the lane's run consumed \(bytes) of \(input.count) bytes")
    check(bytes == 0 || input[bytes - 1] == terminator, "the lane's run stopped inside a record")
    let consumed = Array(input[..<bytes].split(separator: terminator, omittingEmptySubsequences: false).dropLast())
    check(consumed.count == run.records, "the lane's run consumed \(consumed.count) records, says \(run.records)")
    var expected: [UInt8] = []
    var errors = 0
    for (k, record) in consumed.enumerated() {
        let crlf = terminator == 0x0A && record.last == 0x0D
        let value = Array(crlf ? record.dropLast() : record)
        let mark = expected.count
        do {
            try value.withUnsafeBufferPointer { (p) throws(ValueError) in try general.transform(p, into: &expected) }
            if crlf { expected.append(0x0D) }
            expected.append(terminator)
        } catch {
            expected.removeSubrange(mark...)
            errors += 1
            value.withUnsafeBufferPointer { p in
                RecordWriter<MemorySink, MemorySink>.appendErrorRecord(
                    record: recordsBefore + k + 1, field: 0, error, p.baseAddress ?? UnsafePointer(bitPattern: 1)!, 0,
                    p.count, crlf ? .crlf : .byte(terminator), escapesNUL: escapesNUL, into: &expected)
            }
        }
    }
    check(out == expected, "the lane's run wrote \(text(out)), value by value \(text(expected))")
    check(lane.written == errors, "the lane counted \(lane.written) error records of \(errors)")
}

/// A transform as the engine sees one that has no run of its own: value by
/// value, padded by the engine. It writes what `inner` writes, several values
/// for one too (numconv's `--to a --to b`: the engine pads each of them).
struct EachValue<Inner: ValueTransform>: ValueTransform {
    var inner: Inner
    var keepsSurroundingWhitespace: Bool { inner.keepsSurroundingWhitespace }
    var outputLimit: Int {
        get { inner.outputLimit }
        set { inner.outputLimit = newValue }
    }
    var separator: ValueSeparator {
        get { inner.separator }
        set { inner.separator = newValue }
    }
    var mayWriteSeveralValues: Bool { inner.mayWriteSeveralValues }
    var outputNames: [String] { inner.outputNames }
    mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        try inner.transform(value, into: &output)
    }
}

/// `--width`: the transform pads the records of its own run where it writes
/// them (``ValueTransform/padRecordRuns(_:)``, ``Padding/padInPlace(_:_:terminatorLength:width:)``
/// through raw pointers); the engine pads each value of a transform that
/// does not. Both must write the same bytes and diagnostics.
func checkPadding<T: ValueTransform>(
    _ transform: T, _ c: StreamConfiguration, _ input: [UInt8], chunk: Int, policy: ErrorPolicy
) {
    let own = engineRun(transform, c, input, chunk: chunk, policy: policy)
    let each = engineRun(EachValue(inner: transform), c, input, chunk: chunk, policy: policy)
    check(
        own.outcome == each.outcome,
        "--width: outcome \(String(describing: own.outcome)), value by value \(String(describing: each.outcome))")
    check(own.output == each.output, "--width: wrote \(text(own.output)), value by value \(text(each.output))")
    check(
        own.diagnostics == each.diagnostics,
        "--width: diagnostics \(text(own.diagnostics)), value by value \(text(each.diagnostics))")
}
