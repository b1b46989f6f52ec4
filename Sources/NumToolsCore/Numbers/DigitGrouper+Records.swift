/// numgroup's record lane: runs of plain numbers grouped in one in-place
/// block (SIMD classification), and failing values' error records in it.

extension DigitGrouper {
    // MARK: The record lane

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
    func plainRecords<Output: ByteOutput & ~Copyable, Pad: RunPadding>(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, terminator: UInt8, maxLength: Int, budget: Int,
        ungroup: Bool, lane: inout ErrorRecordLane, recordsBefore: Int, padding: Pad, into out: inout Output
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
        //
        // With `--width` (``runPadding``) each record is padded where it is
        // written (``Padding/padInPlace(_:_:terminatorLength:width:)``): it
        // is taken only when the block also holds its padding and the 32
        // bytes the padding may store past it (`padRoom`), and the block
        // grows by the padding of the records the budget lets in (a record
        // takes two bytes at least).
        let padRoom = padding.recordRoom
        let room =
            2 &* (n &- start) &+ 64 &+ (Pad.pads ? min(budget, ((n &- start) / 2 &+ 1) &* padRoom) &+ padRoom : 0)
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
                    if wide, n &- done >= 64, room &- (q - o) >= 128 &+ padRoom {
                        let recordStart = q
                        let next = wideRecord(
                            p, done, terminator: terminator, maxLength: maxLength, limit: limit, ungroup: ungroup,
                            &q)
                        if next > 0 {
                            if Pad.pads {
                                // (ASCII: a sign, digits, a one-byte separator and point.)
                                let terminatorLength = terminator == 0x0A && p[next &- 2] == 0x0D ? 2 : 1
                                padding.padInPlace(
                                    recordStart, &q, terminatorLength: terminatorLength,
                                    width: q - recordStart &- terminatorLength)
                            }
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
                    guard added <= limit &- (end &- done),
                        (end &- done) &+ added &+ 2 &+ padRoom <= room &- (q - o)
                    else {
                        break
                    }
                    let next = end &+ terminatorLength
                    let recordStart = q
                    if added == 0 {
                        // Nothing to insert: the record and its terminator as they are.
                        copy(p, done, next &- done, n, &q)
                    } else {
                        writeNumber(
                            p, done, integerStart, integerEnd, end, digits: integerEnd - integerStart, plain: true,
                            ungroup: ungroup, readable: n, &q)
                        copy(p, end, terminatorLength, n, &q)
                    }
                    if Pad.pads {
                        // As wide as long when it is ASCII: the sign, then digits, separators and point.
                        let length = q - recordStart &- terminatorLength
                        let ascii =
                            (added == 0 || separatorSpan.count == 1)
                            && (integerStart == done || integerStart == done &+ 1 && p[done] < 0x80)
                        padding.padInPlace(
                            recordStart, &q, terminatorLength: terminatorLength,
                            width: ascii ? length : DisplayWidth.of(recordStart, 0, length))
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
    /// record is one that ``ValueTransform/transformRecord(_:_:_:terminator:maxLength:into:failure:padding:)``
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

    /// One record of ``plainRecords(_:_:_:terminator:maxLength:budget:ungroup:lane:recordsBefore:padding:into:)``
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
}
