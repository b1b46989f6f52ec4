import Foundation

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
    /// ``plainRecords(_:_:_:terminator:maxLength:budget:ungroup:into:)``);
    /// a record that is anything else is given to `transform` on its own
    /// (``ValueTransform/transformRecord(_:_:_:terminator:maxLength:into:failure:)``),
    /// up to the first that fails (its error is the run's `failure`) or that
    /// the engine must see. Sanitize and text take their records one by one
    /// (``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:)``).
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
            let (next, taken) = plainRecords(
                p, done, n, terminator: terminator, maxLength: maxLength, budget: flushAt &- out.count,
                ungroup: ungroup, lane: &lane, recordsBefore: lane.recordsBefore &+ count, into: &out)
            done = next
            count &+= taken
            guard done < n, out.count < flushAt else { break }
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

    /// Writes the plain numbers (see ``scanPlain(_:_:_:)``) of at most
    /// `maxLength` bytes from `p[start]` on (the buffer ends at `n`), each
    /// followed by the terminator (or, when it is LF, CRLF), with their
    /// terminators, in one in-place block, until one is not, or `budget`
    /// bytes are written; returns where it stopped and how many records it
    /// wrote. Where the lane is enabled, a record whose value fails as
    /// ``errorRecordInBlock(_:_:_:_:to:room:_:)``
    /// finds is written as its error record (numbered after
    /// `recordsBefore` and the records before it in this call) and counted
    /// among them and in the lane.
    @inline(__always)
    func plainRecords<Output: ByteOutput & ~Copyable>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, terminator: UInt8, maxLength: Int, budget: Int,
        ungroup: Bool, lane: inout ErrorRecordLane, recordsBefore: Int, into out: inout Output
    ) -> (Int, Int) {
        // One block for the run: twice what is left of the slice. A record
        // grows by its separators and by nothing else, and is taken only
        // when it fits, with its terminator (two bytes at most), in what is
        // left of the block (the eight bytes `writeNumber` may store past
        // its end are the block's slack, `InPlaceWrite.slack`), and in
        // `outputLimit`; the first that does not (`-g 1` with a long
        // separator) is left to `transform`, which reserves for it alone.
        // An error record is written in it only where its bound and
        // `InPlaceWrite.slack` fit in what is left (`errorRecordInBlock`).
        let room = 2 &* (n &- start) &+ 64
        let separatorLength = separatorSpan.count
        let limit = outputLimit
        var done = start
        var count = 0
        // What the error records need, in memory: no register of the loop's.
        var errors = BlockErrors(
            enabled: lane.enabled, escapesNUL: lane.escapesNUL, recordsBefore: recordsBefore, terminator: terminator,
            maxLength: maxLength)
        // (With a separator of more than one byte the SIMD path groups
        // nothing: half the records would be classified twice.)
        let wide = decimalByte != nil && (ungroup || separatorLength == 1)
        out.appendWithUnsafeMutableBytes(maximumCount: room) { block in
            let o = block.baseAddress!
            var q = o
            while true {
                while q - o < budget {
                    // Most records: classified 32 bytes at a time (see `wideRecord`),
                    // where 64 bytes may be read and 128 written.
                    if wide, n &- done >= 64, room &- (q - o) >= 128 {
                        let next = wideRecord(
                            p, done, terminator: terminator, maxLength: maxLength, limit: limit, ungroup: ungroup,
                            &q)
                        if next > 0 {
                            done = next
                            count &+= 1
                            continue
                        }
                    }
                    guard let (integerStart, integerEnd, end) = scanPlain(p, done, n), end < n,
                        end - done <= maxLength
                    else { break }
                    // The terminator, or (with LF) CR LF.
                    var terminatorLength = 1
                    if p[end] != terminator {
                        guard terminator == 0x0A, p[end] == 0x0D, end &+ 1 < n, p[end &+ 1] == 0x0A else { break }
                        terminatorLength = 2
                    }
                    // What the separators add: a product, not a division a record
                    // (it cannot overflow: at most a separator a digit of the buffer).
                    let added = ungroup ? 0 : separatorCount(digits: integerEnd - integerStart) &* separatorLength
                    guard added <= limit &- (end &- done), (end &- done) &+ added &+ 2 <= room &- (q - o) else {
                        break
                    }
                    let next = end &+ terminatorLength
                    if added == 0 {
                        // Nothing to insert: the record and its terminator as they are.
                        copy(p, done, next &- done, n, &q)
                    } else {
                        writeNumber(
                            p, done, integerStart, integerEnd, end, digits: integerEnd - integerStart, plain: true,
                            ungroup: ungroup, readable: n, &q)
                        copy(p, end, terminatorLength, n, &q)
                    }
                    done = next
                    count &+= 1
                }
                // Stopped before the budget at a record that is no plain
                // number (or does not fit): its error record, when its value
                // is one that fails and the record and the block allow.
                guard q - o < budget else { break }
                let (next, written) = errorRecordInBlock(p, done, n, count, to: q, room: room &- (q - o), &errors)
                guard next > 0 else { break }
                q += written
                done = next
                count &+= 1
            }
            return q - o
        }
        lane.written &+= errors.written
        return (done, count)
    }

    /// The error record of the record at `p[start]` (the buffer ends at
    /// `n`; the block's record `index`, numbered after `errors.recordsBefore`), written at `q`, where `room` bytes may be stored, when the
    /// record is one that ``ValueTransform/transformRecord(_:_:_:terminator:maxLength:into:failure:)``
    /// would hand to ``transform(_:into:)`` whole (terminated, not empty,
    /// not beginning with `e`, valid UTF-8, no space or tab to trim, at
    /// most `maxLength` bytes) and whose value ``regroup(_:ungroup:into:)``
    /// rejects at a character: after the sign and the integer digits,
    /// neither the decimal point nor a separator, or after the point and
    /// the fraction's digits, anything. That is the error it throws
    /// (``characterError(_:_:decimalAt:)``, the same call), written as the
    /// engine writes it (``RecordWriter/writeErrorRecord(record:field:_:_:_:_:_:escapesNUL:name:to:)``,
    /// RECORD `record`, FIELD 0). Returns where the next record starts and
    /// how many bytes were written, or (0, 0), having written nothing, for
    /// any other record (left to the general path), an ORIGINAL over
    /// ``RecordWriter/inPlaceOriginal`` bytes, or when the record's bound
    /// and ``InPlaceWrite/slack`` exceed `room`.
    @inline(never)
    func errorRecordInBlock(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ index: Int, to q: UnsafeMutablePointer<UInt8>, room: Int,
        _ errors: inout BlockErrors
    ) -> (Int, Int) {
        typealias Writer = RecordWriter<MemorySink, MemorySink>
        guard errors.enabled else { return (0, 0) }
        let (terminator, maxLength) = (errors.terminator, errors.maxLength)
        let (next, ascii) = UTF8Bytes.findByte(terminator, p, start, n)
        guard next > start else { return (0, 0) }
        let crlf = terminator == 0x0A && p[next &- 1] == 0x0D
        let end = crlf ? next &- 1 : next
        guard end > start, end &- start <= maxLength, end &- start <= Writer.inPlaceOriginal else { return (0, 0) }
        let (first, last) = (p[start], p[end &- 1])
        guard first != 0x65, first != 0x20, first != 0x09, last != 0x20, last != 0x09,
            last != 0x0D || terminator != 0x0A,
            ascii || UTF8Bytes.firstInvalid(p, start, end) == nil && !UTF8Bytes.hasSpaceSeparatorAround(p, start, end)
        else { return (0, 0) }
        // `regroup`'s first pass up to its first throw, when it has one.
        let point = decimalByte.unsafelyUnwrapped
        var i = first &- 48 < 10 ? start : start &+ signLength(p, start, end)
        i = UTF8Bytes.digitsEnd(p, i, end)
        var decimalAt = -1
        if i < end, p[i] == point {
            decimalAt = i &- start
            i = UTF8Bytes.digitsEnd(p, i &+ 1, end)
        } else if i < end, acceptedSeparatorLength(p, i, end) > 0 {
            return (0, 0)
        }
        guard i < end else { return (0, 0) }
        let error = characterError(
            UnsafeBufferPointer(start: p + start, count: end &- start), i &- start, decimalAt: decimalAt)
        guard let messageBound = error.text.inPlaceBound else { return (0, 0) }
        var code = error.code.name
        return code.withUTF8 { name in
            let bound = Writer.inPlaceBound(name: name.count, message: messageBound, original: end &- start)
            guard bound &+ InPlaceWrite.slack <= room else { return (0, 0) }
            let written = Writer.writeErrorRecord(
                record: errors.recordsBefore &+ index &+ 1, field: 0, error, p, start, end,
                crlf ? .crlf : .byte(terminator), escapesNUL: errors.escapesNUL, name: name, to: q)
            errors.written &+= 1
            return (next &+ 1, written)
        }
    }

    /// What ``errorRecordInBlock(_:_:_:_:to:room:_:)`` needs besides the
    /// record: the lane (see ``ErrorRecordLane``), the number of the record
    /// before the block's first, the terminator and `maxLength`; and how
    /// many error records it wrote.
    struct BlockErrors {
        let enabled: Bool
        let escapesNUL: Bool
        let recordsBefore: Int
        let terminator: UInt8
        let maxLength: Int
        var written = 0
    }

    /// One record of ``plainRecords(_:_:_:terminator:maxLength:budget:ungroup:into:)``
    /// from `p[start]` on, classified with SIMD: a plain number (see
    /// ``scanPlain(_:_:_:)``) and its terminator (or, with LF, CRLF) in the
    /// first 32 bytes. Writes it to `q` (advancing it) grouped, or, with no
    /// separator to insert, copied whole with its terminator, and returns
    /// where the next record starts; returns 0, having written nothing, for
    /// anything else (then the scalar path takes the record).
    ///
    /// Bounds: it reads `p[start..<start + 64]`, which the caller guarantees
    /// (`n - start >= 64`). It writes at most 128 bytes from `q`, which the
    /// caller guarantees are in its block (`room - (q - o) >= 128`): a record
    /// of at most 32 bytes and at most 30 one-byte separators (a separator a
    /// digit, `-g 1`), the last store 16 bytes wide (15 past the output's end),
    /// and group copies 8 bytes wide. The bytes it appends are within
    /// `limit` (``outputLimit``), as the scalar path checks.
    @inline(__always)
    func wideRecord(
        _ p: UnsafePointer<UInt8>, _ start: Int, terminator: UInt8, maxLength: Int, limit: Int, ungroup: Bool,
        _ q: inout UnsafeMutablePointer<UInt8>
    ) -> Int {
        let point = decimalByte.unsafelyUnwrapped
        let r = p + start
        let raw = UnsafeRawPointer(r)
        let low = raw.loadUnaligned(as: SIMD16<UInt8>.self)
        let high = raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        // Bit k set: byte k is no ASCII digit.
        var rest = Self.nonDigitBits(low) | Self.nonDigitBits(high) &<< 16
        let first = r[0]
        let sign = first == UInt8(ascii: "+") || first == UInt8(ascii: "-") ? 1 : 0
        rest &= ~UInt32(truncatingIfNeeded: sign)
        let integerEnd = rest.trailingZeroBitCount
        guard integerEnd < 32 else { return 0 }
        var end = integerEnd
        if r[integerEnd] == point {
            rest &= rest &- 1
            end = rest.trailingZeroBitCount
            if integerEnd == sign && end == integerEnd &+ 1 { return 0 }  // a point alone
        } else if integerEnd == sign {
            return 0
        }
        guard end < 32, end <= maxLength, end <= limit else { return 0 }
        var next = end &+ 1
        if r[end] != terminator {
            guard terminator == 0x0A, r[end] == 0x0D, end < 31, r[end &+ 1] == 0x0A else { return 0 }
            next = end &+ 2
        }
        let digits = integerEnd &- sign
        let separators = ungroup ? 0 : Int(bytes.base[separatorCountSpan.offset &+ digits])
        if separators == 0 {
            // The record and its terminator as they are: the two loaded blocks.
            UnsafeMutableRawPointer(q).storeBytes(of: low, as: SIMD16<UInt8>.self)
            if next > 16 { UnsafeMutableRawPointer(q + 16).storeBytes(of: high, as: SIMD16<UInt8>.self) }
            q += next
            return start &+ next
        }
        guard separatorSpan.count == 1, separators <= limit &- end else { return 0 }
        let separatorByte = bytes.base[separatorSpan.offset]
        let lead = Int(bytes.base[leadGroupSpan.offset &+ digits])
        var o = q
        o.pointee = first
        o += sign
        let digitsAt = raw + sign
        style.grouping.forEachGroup(digits: digits, lead: lead) { from, to in
            UnsafeMutableRawPointer(o).storeBytes(
                of: digitsAt.loadUnaligned(fromByteOffset: from, as: UInt64.self), as: UInt64.self)
            if to &- from > 8 {
                UnsafeMutableRawPointer(o + 8).storeBytes(
                    of: digitsAt.loadUnaligned(fromByteOffset: from &+ 8, as: UInt64.self), as: UInt64.self)
                if to &- from > 16 {
                    UnsafeMutableRawPointer(o + 16).storeBytes(
                        of: digitsAt.loadUnaligned(fromByteOffset: from &+ 16, as: SIMD16<UInt8>.self),
                        as: SIMD16<UInt8>.self)
                }
            }
            o += to &- from
        } separator: {
            o.pointee = separatorByte
            o += 1
        }
        // The point, the fraction and the terminator: at most 32 bytes.
        let tail = raw + integerEnd
        UnsafeMutableRawPointer(o).storeBytes(of: tail.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        if next &- integerEnd > 16 {
            UnsafeMutableRawPointer(o + 16).storeBytes(
                of: tail.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        }
        q = o + (next &- integerEnd)
        return start &+ next
    }

    /// Bit k set where byte k of `v` is no ASCII digit.
    ///
    /// Lane-wise arithmetic only: the stdlib's SIMD comparisons (`.>=`)
    /// compile to a loop over the lanes, these to one instruction each.
    @inline(__always)
    static func nonDigitBits(_ v: SIMD16<UInt8>) -> UInt32 {
        // x = byte - '0' is a digit below 10: its high bit, or the high bit
        // of its low seven bits plus 118 (no carry leaves a lane), is set otherwise.
        let x = v &- SIMD16(repeating: 48)
        let high = ((x & SIMD16(repeating: 0x7F)) &+ SIMD16(repeating: 0x76) | x) & SIMD16(repeating: 0x80)
        // 0x80 in each lane that is no digit, then eight lanes a word to eight bits.
        let words = unsafeBitCast(high, to: SIMD2<UInt64>.self)
        let magic: UInt64 = 0x0102_0408_1020_4080
        let lowBits = ((words[0] &>> 7) &* magic) &>> 56
        let highBits = ((words[1] &>> 7) &* magic) &>> 56
        return UInt32(truncatingIfNeeded: lowBits | highBits &<< 8)
    }

    /// Reads a plain number from `p[start]` on, before `end`: an optional
    /// sign, ASCII digits and, when the decimal point is one byte, the point
    /// and more digits, with at least one digit. Returns where its integer
    /// digits start and end and where it stops (the first byte that is not
    /// part of it), or nil when there is no such number at `start`.
    @inline(__always)
    func scanPlain(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int, Int)? {
        guard start < end, let point = decimalByte else { return nil }
        var i = p[start] == UInt8(ascii: "+") || p[start] == UInt8(ascii: "-") ? start &+ 1 : start
        let integerStart = i
        i = UTF8Bytes.digitsEnd(p, i, end)
        let integerEnd = i
        if i < end, p[i] == point {
            i = UTF8Bytes.digitsEnd(p, i &+ 1, end)
            if integerEnd == integerStart && i == integerEnd &+ 1 { return nil }  // a point alone
        } else if integerEnd == integerStart {
            return nil
        }
        return (integerStart, integerEnd, i)
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

    /// Throws unless each separator in the integer part `value[start..<end]`
    /// (of `digits` digits) sits where the group sizes put one, and every
    /// place they put one has one: a grouped value is grouped whole
    /// (`1234567,891` is an error, not 1,234,567,891). The minimum grouping
    /// digits is a rule for writing, not for reading: a separator may stand
    /// wherever the group sizes put one (`1.234` in es_ES).
    @inline(never)
    func checkSeparators(
        _ value: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ digits: Int, separators: Int
    ) throws(ValueError) {
        let p = value.baseAddress!
        var seen = 0
        var k = start
        while k < end {
            if p[k] &- 48 < 10 {
                seen += 1
                k += 1
                continue
            }
            let next = k + acceptedSeparatorLength(p, k, value.count)
            let fits =
                seen > 0 && next < end && p[next] &- 48 < 10
                && style.grouping.isBoundary(digitsToTheRight: digits - seen)
            if !fits { throw misplacedGroupingError(value, at: k) }
            k = next
        }
        // Each fits, at a place of its own: all are there when they are as
        // many as the group sizes put in `digits` digits (with minimum
        // grouping digits 1: a rule for the writer).
        let g = style.grouping
        if separators != Grouping(primary: g.primary, secondary: g.secondary).separatorCount(digits: digits) {
            throw missingSeparator(value, start, end, digits)
        }
    }

    /// The error of a value whose separators in `value[start..<end]` (an
    /// integer part of `digits` digits) all fit but some are missing: it
    /// names the first digit a separator should precede.
    @inline(never)
    func missingSeparator(_ value: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ digits: Int) -> ValueError {
        let p = value.baseAddress!
        var seen = 0
        var k = start
        var afterSeparator = false
        while k < end {
            guard p[k] &- 48 < 10 else {
                afterSeparator = true
                k += acceptedSeparatorLength(p, k, value.count)
                continue
            }
            if seen > 0, !afterSeparator, style.grouping.isBoundary(digitsToTheRight: digits - seen) { break }
            afterSeparator = false
            seen += 1
            k += 1
        }
        // A machine number (`1234567.891` under -l de_DE): the message also
        // says what -l does, as for `5840.4` (misplacedGroupingError).
        if let locale = style.localeIdentifier, let dot = value.firstIndex(of: UInt8(ascii: ".")),
            isMachineNumber(value, pointAt: dot)
        {
            var text = ErrorText(
                template: """
                    grouping separator missing at offset \u{2}, where \u{4} grouping puts one; -l sets how input is \
                    read too: for a machine number, use numconv --from C --to \u{4}
                    """, UTF8Bytes.scalarOffset(value, k))
            text.name(locale)
            return ValueError(.number(.misplacedGrouping), text)
        }
        var text = ErrorText(
            template: "grouping separator missing at offset \u{2}, where \u{4} puts one",
            UTF8Bytes.scalarOffset(value, k))
        text.name(style.name)
        return ValueError(.number(.misplacedGrouping), text)
    }

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

    /// The length of a sign at `p[i]` (before `end`): one of the style's
    /// signs, with any bidi marks before and after it; 0 when there is none.
    func signLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        func marks(_ from: Int) -> Int {
            var k = from
            outer: while k < end {
                for span in bidiSpans {
                    let length = bytes.match(span, p, k, end)
                    if length > 0 {
                        k &+= length
                        continue outer
                    }
                }
                break
            }
            return k
        }
        let at = marks(i)
        for span in signSpans {
            let length = bytes.match(span, p, at, end)
            if length > 0 { return marks(at &+ length) &- i }
        }
        return 0
    }

    /// The length of an accepted grouping separator at `p[i]`, or 0.
    @inline(__always)
    func acceptedSeparatorLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        for span in acceptedSpans {
            let length = bytes.match(span, p, i, end)
            if length > 0 { return length }
        }
        return 0
    }

    /// The error for the byte at `i`, which is no digit and, before the
    /// decimal point (`decimalAt` < 0), neither a decimal point nor a separator.
    @inline(never)
    func characterError(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, decimalAt: Int) -> ValueError {
        let b = p[i]
        // Messages from templates: no String an error (see ErrorText).
        let offset = UTF8Bytes.scalarOffset(p, i)
        if decimalAt >= 0, match(p, i, style.decimal) > 0 {
            return ValueError(
                .number(.multipleDecimalSeparators),
                ErrorText(
                    template: "second decimal point at offset \u{2}; the first is at offset \u{3}", offset,
                    UTF8Bytes.scalarOffset(p, decimalAt)))
        }
        if decimalAt >= 0, acceptedSeparatorLength(p.baseAddress!, i, p.count) > 0 {
            return ValueError(
                .number(.misplacedGrouping),
                ErrorText(template: "grouping separator at offset \u{2} is in the fraction", offset))
        }
        var text: ErrorText
        if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || signLength(p.baseAddress!, i, p.count) > 0 {
            text = ErrorText(template: "sign \u{1} at offset \u{2}; a sign may only lead the number", offset)
            text.quote(p, at: i)
            return ValueError(.number(.misplacedSign), text)
        }
        if let error = machineNumberCharacterError(p, at: i) { return error }
        text = ErrorText(template: "\u{1} at offset \u{2} is not a digit, grouping separator or decimal point", offset)
        text.quote(p, at: i)
        return ValueError(.number(.invalidCharacter), text)
    }

    // MARK: Sanitize

    /// Drops what is no part of the number (currency, units, letters,
    /// spaces), then groups what is left, never changing the number: a value
    /// is an error, saying why, when a character that could be the decimal
    /// mark (the style's decimal point, `.`, `,` or its grouping separator)
    /// is not known to be it or a grouping separator, when it holds
    /// parentheses (an accounting negative), a sign that does not lead the
    /// number, or a dash that could be a minus sign. A sign is written as given.
    mutating func sanitize<Output: ByteOutput & ~Copyable>(_ p: UnsafeBufferPointer<UInt8>, into out: inout Output)
        throws(ValueError)
    {
        let n = p.count
        guard let base = p.baseAddress else { throw Self.noDigits }
        scratch.removeAll(keepingCapacity: true)
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < n && p[k] &- 48 < 10 }
        func quoted(_ template: StaticString, _ at: Int, _ other: Int = 0) -> ErrorText {
            var text = ErrorText(template: template, UTF8Bytes.scalarOffset(p, at), other)
            text.quote(p, at: at)
            text.name(style.name)
            return text
        }
        var seenNumber = false  // a digit or a mark: a sign after it does not lead
        var signEnd = 0
        var decimalAt = -1  // the first decimal point
        var decimalMarks = 0
        var separatorAfterDecimal = -1
        var firstSeparator = -1
        var i = 0
        while i < n {
            let b = p[i]
            if b &- 48 < 10 {
                scratch.append(b)
                seenNumber = true
                i &+= 1
                continue
            }
            if b == UInt8(ascii: "(") || b == UInt8(ascii: ")") {
                throw ValueError(
                    .number(.invalidCharacter),
                    quoted(
                        "\u{1} at offset \u{2}: parentheses may mark a negative amount, which --sanitize cannot keep",
                        i))
            }
            let sign = signLength(base, i, n)
            if sign > 0 {
                if seenNumber || signEnd > 0 {
                    throw ValueError(
                        .number(.misplacedSign),
                        quoted("sign \u{1} at offset \u{2}; a sign may only lead the number", i))
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ sign)]))
                signEnd = scratch.count
                i &+= sign
                continue
            }
            if Self.isDash(p, i) {
                throw ValueError(
                    .number(.invalidCharacter),
                    quoted("\u{1} at offset \u{2} could be a minus sign; --sanitize reads '-' and '\u{2212}'", i))
            }
            let d = match(p, i, style.decimal)
            let s = d > 0 ? 0 : acceptedSeparatorLength(base, i, n)
            let other = d > 0 || s > 0 ? 0 : (b == UInt8(ascii: ".") || b == UInt8(ascii: ",") ? 1 : 0)
            let length = max(d, s, other)
            guard length > 0 else {
                // An exponent (`1.5e3`, `2E-7`): dropping it would change the
                // number a thousandfold or more.
                if b | 0x20 == UInt8(ascii: "e"), isDigit(i &- 1),
                    isDigit(i &+ 1) || (i &+ 2 < n && (p[i &+ 1] == 0x2B || p[i &+ 1] == 0x2D) && isDigit(i &+ 2))
                {
                    throw ValueError(
                        .number(.invalidCharacter),
                        quoted(
                            "\u{1} at offset \u{2} starts an exponent, which --sanitize cannot keep; numconv reads scientific notation",
                            i))
                }
                i &+= UTF8Bytes.sequenceLength(base, i, n) > 0 ? UTF8Bytes.sequenceLength(base, i, n) : 1
                continue
            }
            // A separator that cannot be a decimal mark (a space, an
            // apostrophe) groups only between digits; elsewhere it is dropped.
            let couldBeDecimal = d > 0 || other > 0 || p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",")
            let between = isDigit(i &- 1) && isDigit(i &+ length)
            if !couldBeDecimal {
                if between {
                    if firstSeparator < 0 { firstSeparator = i }
                    if decimalAt >= 0 && separatorAfterDecimal < 0 { separatorAfterDecimal = i }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ length)]))
                }
                i &+= length
                continue
            }
            if !between {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted("\u{1} at offset \u{2} is not between digits: it could be a decimal mark", i))
            }
            if other > 0 {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted(
                        "\u{1} at offset \u{2} is neither the decimal point nor the grouping separator: it could be a decimal mark",
                        i))
            }
            if d > 0 {
                decimalMarks &+= 1
                if decimalMarks > 1 {
                    throw ValueError(
                        .number(.ambiguousDecimalMark),
                        quoted(
                            "\u{1} at offset \u{3} and at offset \u{2}: more than one character could be the decimal mark",
                            i, UTF8Bytes.scalarOffset(p, decimalAt)))
                }
                decimalAt = i
            } else {
                if firstSeparator < 0 { firstSeparator = i }
                if decimalAt >= 0 && separatorAfterDecimal < 0 { separatorAfterDecimal = i }
            }
            seenNumber = true
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i &+ length)]))
            i &+= length
        }
        guard scratch.count > signEnd else { throw Self.noDigits }
        if separatorAfterDecimal >= 0 {
            throw ValueError(
                .number(.ambiguousDecimalMark),
                quoted(
                    "\u{1} at offset \u{2} follows the decimal point at offset \u{3}: more than one character could be the decimal mark",
                    separatorAfterDecimal, UTF8Bytes.scalarOffset(p, decimalAt)))
        }
        let clean = scratch
        do {
            try clean.withUnsafeBufferPointer { (b) throws(ValueError) in try regroup(b, ungroup: false, into: &out) }
        } catch  where error.code == .number(.misplacedGrouping) && firstSeparator >= 0 {
            // Separators that are no grouping of the style: without a decimal
            // point, one that could be a decimal mark may be one (`70,48`).
            let couldBeDecimal = p[firstSeparator] == UInt8(ascii: ".") || p[firstSeparator] == UInt8(ascii: ",")
            if decimalAt < 0 && couldBeDecimal {
                throw ValueError(
                    .number(.ambiguousDecimalMark),
                    quoted(
                        "\u{1} at offset \u{2} does not fit \u{4} and there is no decimal point: it could be a decimal mark",
                        firstSeparator))
            }
            throw ValueError(
                .number(.misplacedGrouping),
                quoted("grouping separators from offset \u{2} do not fit \u{4}", firstSeparator))
        }
    }

    /// Whether `p[i]` is a dash that could be meant as a minus or plus sign
    /// but is none the style reads: U+2010 to U+2014 (hyphens and dashes),
    /// U+FE62, U+FE63, U+FF0B and U+FF0D (small and fullwidth signs).
    static func isDash(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i + 2 < p.count else { return false }
        let (b0, b1, b2) = (p[i], p[i + 1], p[i + 2])
        if b0 == 0xE2, b1 == 0x80, (0x90...0x94).contains(b2) { return true }
        if b0 == 0xEF, b1 == 0xB9, b2 == 0xA2 || b2 == 0xA3 { return true }
        if b0 == 0xEF, b1 == 0xBC, b2 == 0x8B || b2 == 0x8D { return true }
        return false
    }
}
