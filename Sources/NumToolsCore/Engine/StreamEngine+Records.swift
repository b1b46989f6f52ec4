/// The engine's records: the whole-record lane (runs of records handed to
/// the transform at once), the last record, and what is done with one record.

extension StreamEngine {
    // MARK: The whole-record lane

    /// Whether records are values, split on the terminator alone: no CSV,
    /// no fields. (Header records still go through ``processRecord``.)
    /// With `--width`, only for a transform of one value a value (whose
    /// run's output is one value a line, padded after the run).
    var wholeRecordLane: Bool {
        !configuration.csv && configuration.fields == nil
            && (configuration.padding == nil || !transform.mayWriteSeveralValues)
    }

    /// Transforms every complete record the reader holds: runs of records
    /// through the transform's own ``ValueTransform/transformRecords(_:terminator:maxLength:flushAt:into:failure:)``,
    /// each record it leaves through ``processRecord``.
    mutating func wholeRecords(_ reader: inout RecordReader) throws(IOFailure) {
        let t = scanner.terminator
        // (Decided once: the policy and the callback do not change during a run.)
        // (With --width the run writes values only, so that each line of
        // its output is one to pad: a failing value stops it.)
        let lanesWriteErrorRecords = writer.lanesWriteErrorRecords && configuration.padding == nil
        let padding = configuration.padding
        while reader.pos < reader.count {
            if writer.recordNumber >= configuration.headerRecords {
                // The transform's own run of records, a slice at a time.
                // (With --width, a slice small enough that its records padded
                // stay within about 16 flushes: each grows by at most the
                // width, and holds at least one byte.)
                let sliceBytes =
                    padding.map { max(1, min(flushThreshold, 16 * flushThreshold / ($0.columns + 1))) }
                    ?? flushThreshold
                let slice = UnsafeBufferPointer(
                    start: reader.base + reader.pos, count: min(reader.count - reader.pos, sliceBytes))
                var lane = ErrorRecordLane(
                    enabled: lanesWriteErrorRecords, escapesNUL: configuration.zeroTerminated,
                    recordsBefore: writer.recordNumber)
                let run: RecordRun
                if let padding, !transformPadsRuns {
                    // (Written apart, then padded into the output.)
                    run = transform.transformRecords(
                        slice, terminator: t, maxLength: configuration.maxRecordBytes,
                        flushAt: max(1, flushThreshold - writer.out.count), into: &laneOutput, failure: &laneFailure,
                        errorRecords: &lane)
                    padRecords(records: run.records, padding)
                } else {
                    run = transform.transformRecords(
                        slice, terminator: t, maxLength: configuration.maxRecordBytes, flushAt: flushThreshold,
                        into: &writer.out, failure: &laneFailure, errorRecords: &lane)
                }
                reader.skip(run.bytes)
                writer.recordNumber += run.records
                if lane.written > 0 { writer.countLaneErrors(lane.written) }
                if run.failed, let record = reader.nextRecord() {
                    // The value of the next record failed in the run: its
                    // error is written without transforming it again.
                    writer.recordNumber += 1
                    writer.fail(
                        reader.base, record.start, record.contentEnd, record.terminator, field: 0, laneFailure)
                    if writer.aborted { return }
                    if writer.out.count >= flushThreshold { try flush() }
                    continue
                }
                let full = writer.out.count >= flushThreshold
                if full { try flush() }
                // All of it, or a run the output stopped: the next slice.
                if run.bytes == slice.count || (full && run.bytes > 0) { continue }
            }
            guard let record = reader.nextRecord() else { return }
            processRecord(reader.base, record.start, record.contentEnd, record.terminator)
            if writer.aborted { return }
            if writer.out.count >= flushThreshold { try flush() }
        }
    }

    /// The last record, which has no terminator.
    mutating func finishLastRecord(_ reader: borrowing RecordReader) {
        let p = reader.base
        let count = reader.count
        if let quoteOffset = reader.unterminatedQuoteOffset, writer.recordNumber >= configuration.headerRecords,
            count > configuration.maxRecordBytes || !RecordWriter<Output, Diagnostics>.isErrorRecord(p, 0, count)
        {
            writer.recordNumber += 1
            coverage.selectedSeen = true  // (not split into fields: it may have had the field)
            let offset = UTF8Bytes.scalarOffset(UnsafeBufferPointer(start: p, count: count), quoteOffset)
            // FIELD is 0 when the whole record is the value (no -f), as in
            // every other error record; the message then names no field.
            let field = configuration.fields == nil ? 0 : scanner.fieldNumber(p, count, at: quoteOffset)
            let message =
                field == 0
                ? "quote opened at offset \(offset) is not closed at end of input"
                : "quoted field \(field) opened at offset \(offset) is not closed at end of input"
            writer.fail(p, 0, count, .none, field: field, ValueError(.engine(.unterminatedQuote), message))
            return
        }
        processRecord(p, 0, count, .none)
    }

    /// A record longer than ``StreamConfiguration/maxRecordBytes``.
    var recordTooLong: ValueError {
        ValueError(.engine(.recordTooLong), "record is longer than the limit of \(configuration.maxRecordBytes) bytes")
    }

    // MARK: One record

    mutating func processRecord(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ terminator: Terminator) {
        writer.recordNumber += 1
        if writer.recordNumber <= configuration.headerRecords {
            if configuration.append, let fields = configuration.fields {
                appendHeader(p, start, end, fields, naming: writer.recordNumber == configuration.headerRecords)
            } else {
                writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
            }
            writer.appendTerminator(terminator)
            return
        }
        if end - start > configuration.maxRecordBytes {
            // (An error record too: one too long is never held whole, so
            // that what a record is does not depend on how it was read.)
            coverage.selectedSeen = true  // (it may have had the field)
            writer.fail(p, start, end, terminator, field: 0, recordTooLong)
            return
        }
        if RecordWriter<Output, Diagnostics>.isErrorRecord(p, start, end) {
            // An earlier pass's error record: never transformed or wrapped again.
            writer.passErrorRecord(p, start, end, terminator)
            return
        }
        // Only the values transformed must be UTF-8. A valid record (the
        // common case) is checked once, whole, eight bytes at a time; in one
        // that is not, the selected values are (unquoting a CSV field keeps
        // valid UTF-8 valid), before any is transformed.
        if let bad = UTF8Bytes.firstInvalid(p, start, end) {
            if let fields = configuration.fields {
                if let failure = invalidValue(p, start, end, fields) {
                    coverage.selectedSeen = true
                    writer.fail(p, start, end, terminator, field: failure.field, failure.error)
                    return
                }
            } else {
                writer.fail(p, start, end, terminator, field: 0, Self.invalidUTF8(p, start, end, at: bad))
                return
            }
        }
        let mark = writer.out.count
        recordMark = mark
        do throws(FieldFailure) {
            if let fields = configuration.fields {
                if let n = contextField { try recordContext(p, start, end, field: n) }
                try transformFields(p, start, end, fields)
            } else {
                try transformValue(p, start, end, field: 0)
            }
            writer.appendTerminator(terminator)
            if !fieldFailures.isEmpty { reportFieldFailures(p, start, end, terminator) }
        } catch {
            writer.out.truncate(to: mark)
            fieldFailures.removeAll(keepingCapacity: true)
            writer.fail(p, start, end, terminator, field: error.field, error.error)
        }
    }
}
