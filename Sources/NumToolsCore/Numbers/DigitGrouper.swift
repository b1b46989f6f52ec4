/// numgroup's value transformation: group, ungroup, sanitize or group
/// numbers inside text, never changing a digit.
public struct DigitGrouper: ValueTransform, Sendable {
    /// What numgroup does to a value.
    public enum Mode: Sendable, Hashable {
        /// Insert separators (a value already grouped whole is accepted).
        case group
        /// Remove separators, each where the group sizes put one and none missing.
        case ungroup
        /// Drop everything but digits, the first decimal point and a leading sign, then group.
        case sanitize
        /// Group runs of at least `minimumDigits` digits standing alone in free text; never an error.
        case text(minimumDigits: Int)
    }

    public let style: GroupingStyle
    public let mode: Mode
    /// The most bytes one value's output may take (see ``ValueTransform/outputLimit``).
    public var outputLimit = Int.max
    /// With `--width`: the padding of each value of the record lane's runs
    /// (``padRecordRuns(_:)``), done where the value is written.
    var runPadding: Padding? = nil
    let acceptedSeparators: [[UInt8]]
    var scratch: [UInt8] = []
    /// The decimal point, the separator written and the separators read, for the hot path.
    let packed: PackedBytes
    let bytes: PackedBytesView
    let decimalSpan: PackedBytes.Span
    /// Tables by integer length: separators written, digits before the first.
    let separatorCountSpan: PackedBytes.Span
    let leadGroupSpan: PackedBytes.Span
    static let layoutLengths = 64
    let separatorSpan: PackedBytes.Span
    let acceptedSpans: [PackedBytes.Span]
    /// The signs read (``GroupingStyle/signs``) and the bidi marks read around them.
    let signSpans: [PackedBytes.Span]
    let bidiSpans: [PackedBytes.Span]
    /// The decimal point when it is one byte (then ``writePlain(_:ungroup:into:)`` applies).
    let decimalByte: UInt8?

    public init(style: GroupingStyle, mode: Mode = .group) {
        self.style = style
        self.mode = mode
        acceptedSeparators = SeparatorVariants.accepted(for: style.separator)
        // Per integer length below 64: how many separators, and how many
        // digits before the first (a division per value costs more than the rest).
        let g = style.grouping
        let lengths = 0..<DigitGrouper.layoutLengths
        let separatorCounts = lengths.map { UInt8(g.separatorCount(digits: $0)) }
        let leadGroups = lengths.map { UInt8(g.leadingGroup(digits: $0)) }
        packed = PackedBytes(
            [separatorCounts, leadGroups, style.decimal, style.separator] + acceptedSeparators + style.signs
                + SignForms.bidiMarks)
        bytes = packed.view
        (separatorCountSpan, leadGroupSpan) = (packed.spans[0], packed.spans[1])
        (decimalSpan, separatorSpan) = (packed.spans[2], packed.spans[3])
        let signsAt = 4 + acceptedSeparators.count
        acceptedSpans = Array(packed.spans[4..<signsAt])
        signSpans = Array(packed.spans[signsAt..<(signsAt + style.signs.count)])
        bidiSpans = Array(packed.spans[(signsAt + style.signs.count)...])
        decimalByte = style.decimal.count == 1 ? style.decimal[0] : nil
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        switch mode {
        case .group:
            if try !writePlain(value, ungroup: false, into: &output) {
                try regroup(value, ungroup: false, into: &output)
            }
        case .ungroup:
            if try !writePlain(value, ungroup: true, into: &output) { try regroup(value, ungroup: true, into: &output) }
        case .sanitize: try sanitize(value, into: &output)
        case .text(let minimum): try groupText(value, minimumDigits: minimum, into: &output)
        }
    }

    /// Groups a value held in a string (library use).
    public mutating func callAsFunction(_ value: String) throws(ValueError) -> String {
        var out: [UInt8] = []
        let bytes = Array(value.utf8)
        try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try transform(b, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Group and ungroup

    mutating func regroup<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, ungroup: Bool, into out: inout Output
    ) throws(ValueError) {
        let n = value.count
        guard n > 0, let p = value.baseAddress else { throw Self.noDigits }
        let packed = bytes
        // A sign in any form the style reads, written back as it is.
        var i = p[0] &- 48 < 10 ? 0 : signLength(p, 0, n)
        let bodyStart = i
        var integerDigits = 0
        var decimalAt = -1
        var separators = 0
        // Pass 1: digits and separators up to the decimal point, then digits only.
        while i < n {
            let run = UTF8Bytes.digitsEnd(p, i, n)
            if run > i {
                integerDigits &+= run &- i
                i = run
                continue
            }
            let d = packed.match(decimalSpan, p, i, n)
            if d > 0 {
                decimalAt = i
                i &+= d
                break
            }
            let s = acceptedSeparatorLength(p, i, n)
            guard s > 0 else { throw characterError(value, i, decimalAt: -1) }
            separators &+= 1
            i &+= s
        }
        i = UTF8Bytes.digitsEnd(p, i, n)
        if i < n { throw characterError(value, i, decimalAt: decimalAt) }
        let integerEnd = decimalAt >= 0 ? decimalAt : n
        if integerDigits == 0 && integerEnd &+ decimalSpan.count >= n { throw Self.noDigits }
        // Pass 2: each separator present sits where the group sizes put one.
        if separators > 0 { try checkSeparators(value, bodyStart, integerEnd, integerDigits, separators: separators) }
        // Output: sign, digits (grouped unless ungrouping), decimal point and
        // fraction as given, written straight into the output.
        try write(
            p, 0, bodyStart, integerEnd, n, digits: integerDigits, plain: separators == 0, ungroup: ungroup, into: &out)
    }

    /// The common case of group and ungroup, in one pass and with no error
    /// paths: a plain number (see ``scanPlain(_:_:_:)``) and nothing else.
    /// Returns false, having written nothing, for anything else, which
    /// ``regroup(_:ungroup:into:)`` handles.
    @inline(__always)
    func writePlain<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, ungroup: Bool, into out: inout Output
    ) throws(ValueError) -> Bool {
        let n = value.count
        guard let p = value.baseAddress, let (integerStart, integerEnd, end) = scanPlain(p, 0, n), end == n else {
            return false
        }
        try write(
            p, 0, integerStart, integerEnd, n, digits: integerEnd - integerStart, plain: true, ungroup: ungroup,
            into: &out)
        return true
    }

    /// Group and ungroup over a run of records: each plain number (see
    /// ``scanPlain(_:_:_:)``) of at most `maxLength` bytes followed by the
    /// terminator (or CRLF) is written with its terminator (see
    /// ``plainRecords(_:_:_:terminator:maxLength:budget:ungroup:lane:recordsBefore:padding:into:)``);
    /// a record that is anything else is given to `transform` on its own
    /// (``ValueTransform/transformRecord(_:_:_:terminator:maxLength:into:failure:padding:)``),
    /// up to the first that fails (its error is the run's `failure`) or that
    /// the engine must see. Sanitize and text take their records one by one
    /// (``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into out: inout Output, failure: inout ValueError
    ) -> RecordRun {
        var lane = ErrorRecordLane.disabled
        return transformRecords(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &out, failure: &failure,
            errorRecords: &lane)
    }

    /// ``transformRecords(_:terminator:maxLength:flushAt:into:failure:)``, where
    /// the lane allows writing the error record of a failing value in
    /// place and going on (sanitize and text ignore the lane).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into out: inout Output, failure: inout ValueError, errorRecords lane: inout ErrorRecordLane
    ) -> RecordRun {
        let ungroup: Bool
        switch mode {
        case .group: ungroup = false
        case .ungroup: ungroup = true
        case .sanitize, .text:
            return transformEachRecord(
                records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &out, failure: &failure)
        }
        guard let p = records.baseAddress, decimalByte != nil else { return RecordRun(bytes: 0, records: 0) }
        let n = records.count
        var done = 0
        var count = 0
        while out.count < flushAt {
            let (next, taken) =
                if let runPadding {
                    plainRecords(
                        p, done, n, terminator: terminator, maxLength: maxLength, budget: flushAt &- out.count,
                        ungroup: ungroup, lane: &lane, recordsBefore: lane.recordsBefore &+ count,
                        padding: runPadding, into: &out)
                } else {
                    plainRecords(
                        p, done, n, terminator: terminator, maxLength: maxLength, budget: flushAt &- out.count,
                        ungroup: ungroup, lane: &lane, recordsBefore: lane.recordsBefore &+ count,
                        padding: NoPadding(), into: &out)
                }
            done = next
            count &+= taken
            guard done < n, out.count < flushAt else { break }
            // (Padded runs end at the first record that is no plain number:
            // the engine pads it.)
            if runPadding != nil { break }
            // The record the plain numbers stopped at, whatever it is.
            switch transformRecord(
                p, done, n, terminator: terminator, maxLength: maxLength, into: &out, failure: &failure)
            {
            case .taken(let next):
                done = next
                count &+= 1
            case .failed: return RecordRun(bytes: done, records: count, failed: true)
            case .left: return RecordRun(bytes: done, records: count)
            }
        }
        return RecordRun(bytes: done, records: count)
    }

    /// Pads the plain numbers of its runs where it writes them (grouping
    /// and ungrouping, to at most 64 columns); `--sanitize` and `--text`
    /// leave their padding to the engine.
    public mutating func padRecordRuns(_ padding: Padding) -> Bool {
        guard mode == .group || mode == .ungroup, padding.columns <= 64 else { return false }
        runPadding = padding
        return true
    }

    /// How many separators an integer part of `digits` digits is written with.
    @inline(__always)
    func separatorCount(digits: Int) -> Int {
        if digits < DigitGrouper.layoutLengths { return Int(bytes.base[separatorCountSpan.offset + digits]) }
        return style.grouping.separatorCount(digits: digits)
    }

    /// Writes the number `p[start..<end]` checked by ``regroup(_:ungroup:into:)``
    /// or ``scanPlain(_:_:_:)``: its sign (when `integerStart` is past
    /// `start`), the integer digits of `p[integerStart..<integerEnd]` grouped
    /// (or not, when ungrouping), then the decimal point and fraction as
    /// they are. The integer part holds `digits` digits and, unless `plain`,
    /// separators too. Throws `output-too-long`, having written nothing,
    /// when that would take more than ``outputLimit`` bytes.
    @inline(__always)
    func write<Output: ByteOutput & ~Copyable>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ integerStart: Int, _ integerEnd: Int, _ end: Int, digits: Int,
        plain: Bool, ungroup: Bool, into out: inout Output
    ) throws(ValueError) {
        // The input's length (its own separators included) and the separators
        // written: at least the output's length. Compared by division, so
        // that no product can overflow.
        let separators = ungroup ? 0 : separatorCount(digits: digits)
        let separatorLength = max(1, separatorSpan.count)
        guard end - start <= outputLimit, separators <= (outputLimit - (end - start)) / separatorLength else {
            throw ValueError.outputTooLong(outputLimit)
        }
        // `writeNumber`'s eight bytes past its end are the buffer's slack.
        let bound = end - start + separators * separatorSpan.count
        out.appendWithUnsafeMutableBytes(maximumCount: bound) { buffer in
            let o = buffer.baseAddress!
            var q = o
            writeNumber(
                p, start, integerStart, integerEnd, end, digits: digits, plain: plain, ungroup: ungroup, readable: end,
                &q)
            return q - o
        }
    }

    /// ``write(_:_:_:_:_:digits:plain:ungroup:into:)`` to `q`, which it advances.
    ///
    /// `p` may be read up to `readable` (at least `end`), and `q` written
    /// up to 8 bytes past what it writes: then digits are copied eight bytes
    /// at a time.
    @inline(__always)
    func writeNumber(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ integerStart: Int, _ integerEnd: Int, _ end: Int, digits: Int,
        plain: Bool, ungroup: Bool, readable: Int, _ q: inout UnsafeMutablePointer<UInt8>
    ) {
        let grouping = style.grouping
        let packed = bytes
        let separatorSpan = self.separatorSpan
        // Digits before the first separator, from the table below 64 digits
        // (a division per value costs more than the rest).
        let lead =
            ungroup
            ? 0
            : digits < DigitGrouper.layoutLengths
                ? Int(packed.base[leadGroupSpan.offset + digits]) : grouping.leadingGroup(digits: digits)
        // The sign as given (one byte but for U+2212, locale signs and bidi marks).
        var k = start
        while k < integerStart {
            q.pointee = p[k]
            q += 1
            k &+= 1
        }
        if plain {
            // The digits stand together: copy them group by group.
            let separatorByte = separatorSpan.count == 1 ? packed.base[separatorSpan.offset] : nil
            grouping.forEachGroup(digits: digits, lead: lead) { from, to in
                copy(p, integerStart &+ from, to &- from, readable, &q)
            } separator: {
                if let separatorByte {
                    q.pointee = separatorByte
                    q += 1
                } else {
                    packed.put(separatorSpan, &q)
                }
            }
        } else {
            writeRegrouped(p, integerStart, end, digits: digits, lead: lead, &q)
        }
        copy(p, integerEnd, end - integerEnd, readable, &q)
    }

    /// Copies `p[from..<from + count]` to `q` and advances it: up to sixteen
    /// bytes in two eight-byte moves where `p` may be read that far (see
    /// ``writeNumber``: they store up to 7 bytes past `q + count`, in the
    /// writer's slack), more in one block move, otherwise byte by byte.
    @inline(__always)
    func copy(
        _ p: UnsafePointer<UInt8>, _ from: Int, _ count: Int, _ readable: Int, _ q: inout UnsafeMutablePointer<UInt8>
    ) {
        if count <= 16, readable &- from >= 16 {
            let source = UnsafeRawPointer(p + from)
            UnsafeMutableRawPointer(q).storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            if count > 8 {
                UnsafeMutableRawPointer(q + 8).storeBytes(
                    of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), as: UInt64.self)
            }
        } else if count > 16 {
            q.update(from: p + from, count: count)
        } else {
            for k in 0..<count { q[k] = p[from + k] }
        }
        q += count
    }

    static var noDigits: ValueError { ValueError(.number(.noDigits), ErrorText(template: "value has no digits")) }

    /// Writes the `digits` integer digits from `p[start]` on, among
    /// separators (`p` is read before `n`), to `q` grouped as ``Grouping/forEachGroup(digits:lead:_:separator:)``
    /// says (`lead` 0: not grouped).
    func writeRegrouped(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, digits: Int, lead: Int,
        _ q: inout UnsafeMutablePointer<UInt8>
    ) {
        var k = start
        style.grouping.forEachGroup(digits: digits, lead: lead) { from, to in
            var left = to - from
            while left > 0 {
                let b = p[k]
                guard b &- 48 < 10 else {
                    k += acceptedSeparatorLength(p, k, n)
                    continue
                }
                q.pointee = b
                q += 1
                left -= 1
                k += 1
            }
        } separator: {
            bytes.put(separatorSpan, &q)
        }
    }
}
