/// The engine's padding (`--width`): each transformed value padded with
/// spaces to a number of display columns, and with `-w` kept in its column.
/// Error records and the cells `--on-error` keeps as they were are never
/// padded: only what the transform wrote is.
extension StreamEngine {
    /// Pads the value the transform just wrote from `mark` on, from the
    /// field `[start, end)`: to ``Padding/columns`` display columns, on the
    /// side ``Padding/alignment`` says, each value of its own when the
    /// transform wrote several (``separatorOffsets`` noted them).
    ///
    /// With `-w` (one value a field, no `--append`), the value keeps the
    /// field's column: it is padded to the field's old width at least, and
    /// when it is wider than that, right-aligned, it takes the spaces it
    /// needs from the blank run before it (``blanksBefore``), left-aligned,
    /// from the run after it (``columnsOver``, which ``transformFields``
    /// gives back), leaving at least one blank between two fields.
    ///
    /// Returns false, having padded nothing, when the padding would grow
    /// the output by more than `room` bytes (what the output limit leaves
    /// the record): the limit is decided from the lengths before any
    /// padding is built, so a wide `--width` on many values never holds
    /// more than the limit in memory.
    @inline(__always)
    mutating func pad(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, from mark: Int, _ padding: Padding, room: Int
    ) -> Bool {
        if let offsets = separatorOffsets, !offsets.list.isEmpty {
            return padValues(from: mark, padding, room: room)
        }
        // (`-w` alone pads only a field that stands in a column: blanks before it.)
        if padding.keepsColumnsOnly && blanksBefore == 0 { return true }
        let n = writer.out.count
        let width = writer.out.withUnsafeBytes { b in DisplayWidth.of(b.baseAddress!, mark, n) }
        var target = max(padding.columns, width)
        var take = 0
        if configuration.whitespace && !configuration.append && !transform.mayWriteSeveralValues {
            let old = DisplayWidth.of(p, start, end)
            if target <= old {
                target = old
            } else if padding.alignment == .right {
                take = spacesBefore(mark, wanted: target - old)
            } else {
                columnsOver = target - old
            }
        }
        let spaces = target - width
        guard spaces > 0 || take > 0 else { return true }
        guard spaces - take <= room else {
            columnsOver = 0
            return false
        }
        switch padding.alignment {
        case .left: appendSpaces(spaces)
        case .right:
            // [mark, n) moves to start `spaces - take` bytes later, the
            // spaces before it (`take` of the run's are among them).
            let shift = spaces - take
            if shift > 0 { writer.out.extend(by: shift) }
            writer.out.withUnsafeMutableBytes { b in
                let base = b.baseAddress!
                (base + mark + shift).update(from: base + mark, count: n - mark)
                (base + mark - take).update(repeating: 0x20, count: spaces)
            }
            if shift < 0 { writer.out.truncate(to: n + shift) }
        }
        return true
    }

    /// How many of the spaces that end the blank run before the output's
    /// `mark` (the ``blanksBefore`` bytes there) a value may take: up to
    /// `wanted`, leaving one blank of a run between two fields.
    func spacesBefore(_ mark: Int, wanted: Int) -> Int {
        let keep = blanksKept
        guard blanksBefore > keep else { return 0 }
        return writer.out.withUnsafeBytes { b in
            var k = 0
            while k < wanted, k < blanksBefore - keep, b[mark - 1 - k] == 0x20 { k += 1 }
            return k
        }
    }

    /// `-w`, left-aligned: drops from the blank run at `i` (after the field
    /// just written, in `[i, end)`; another field follows before `stop`)
    /// as many of its leading spaces as the field grew past its old width
    /// (``columnsOver``), leaving one blank between two fields. Returns
    /// where the copy of the input resumes.
    mutating func giveBackColumns(_ p: UnsafePointer<UInt8>, _ i: Int, _ stop: Int, _ end: Int) -> Int {
        let over = columnsOver
        columnsOver = 0
        let runEnd = i < stop ? scanner.delimiter.skip(p, i, stop) : end
        let keep = i < stop ? 1 : 0
        var j = i
        while j - i < over, j < runEnd - keep, p[j] == 0x20 { j += 1 }
        return j
    }

    /// Appends `n` spaces.
    @inline(__always)
    mutating func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        writer.out.appendWithUnsafeMutableBytes(maximumCount: n) { b in
            b.baseAddress!.update(repeating: 0x20, count: n)
            return n
        }
    }

    /// Appends `[start, end)` padded as `padding` says.
    @inline(__always)
    mutating func appendPadded(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ padding: Padding) {
        let spaces = padding.columns - DisplayWidth.of(p, start, end)
        if padding.alignment == .right { appendSpaces(spaces) }
        writer.out.append(contentsOf: UnsafeBufferPointer(start: p + start, count: end - start))
        if padding.alignment == .left { appendSpaces(spaces) }
    }

    /// The several values written from `mark` on, between the separators
    /// ``separatorOffsets`` noted, each padded; the offsets are moved to
    /// where the separators now stand (``quoteValues(from:)`` reads them).
    mutating func padValues(from mark: Int, _ padding: Padding, room: Int) -> Bool {
        guard let log = separatorOffsets else { return true }
        let n = writer.out.count
        // The growth first, from each value's width: more than `room`, nothing is built.
        let separatorLength = transform.separator.bytes.count
        let growth = writer.out.withUnsafeBytes { b in
            var total = 0
            var from = mark
            for k in 0...log.list.count {
                let to = k < log.list.count ? log.list[k] : n
                total += max(0, padding.columns - DisplayWidth.of(b.baseAddress!, from, to))
                if total > room { break }
                from = to + separatorLength
            }
            return total
        }
        guard growth <= room else { return false }
        splitScratch.removeAll(keepingCapacity: true)
        writer.out.withUnsafeBytes { b in
            splitScratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[mark..<n]))
        }
        writer.out.truncate(to: mark)
        let separator = transform.separator.bytes.count
        let local = splitScratch
        local.withUnsafeBufferPointer { b in
            let p = b.baseAddress!
            var from = 0
            for k in 0...log.list.count {
                let to = k < log.list.count ? log.list[k] - mark : b.count
                appendPadded(p, from, to, padding)
                guard k < log.list.count else { break }
                log.list[k] = writer.out.count
                writer.out.append(contentsOf: UnsafeBufferPointer(rebasing: b[to..<(to + separator)]))
                from = to + separator
            }
        }
        splitScratch = local
        return true
    }

    /// The whole-record lane's run, written to ``laneOutput``: `records`
    /// values, each followed by its terminator (CRLF's CR before it; no
    /// error record: the lane writes none with `--width`), each padded into
    /// the output in one pass (a value grows by at most ``Padding/columns``
    /// bytes).
    mutating func padRecords(records: Int, _ padding: Padding) {
        guard laneOutput.count > 0 else { return }
        let t = scanner.terminator
        let maximum = laneOutput.count + records * padding.columns
        laneOutput.withUnsafeBytes { b in
            // (8 bytes more than it writes: with the slack, room for its 16-byte stores.)
            writer.out.appendWithUnsafeMutableBytes(maximumCount: maximum + 8) { out in
                Self.padLines(b, terminator: t, padding, into: out.baseAddress!)
            }
        }
        laneOutput.removeAll()
    }

    /// Writes the lines of `lines` (each a value and its terminator, a CR
    /// before it with LF) to `q`, each value padded, and returns how many
    /// bytes that is. A line of at most 16 bytes whose value is printable
    /// ASCII (the usual) is found, measured and copied sixteen bytes at once,
    /// any other by ``padLine(_:_:_:terminator:_:into:_:)``. It may store up
    /// to 16 bytes past what it writes: the caller's bound leaves that room.
    static func padLines(
        _ lines: UnsafeBufferPointer<UInt8>, terminator t: UInt8, _ padding: Padding,
        into q: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let p = lines.baseAddress!
        let count = lines.count
        let columns = padding.columns
        let right = padding.alignment == .right
        let ones = SIMD16<UInt8>(repeating: 1)
        let sixties = SIMD16<UInt8>(repeating: 0x60)
        let marks = SIMD16<UInt8>(repeating: 0x80)
        let blanks = SIMD16<UInt8>(repeating: 0x20)
        var i = 0
        var o = 0
        while columns <= 16 && count &- i >= 16 {
            let v = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
            // Lane arithmetic (no lane borrows from another): the high bit
            // of each byte that is not printable ASCII (x + 0x60 has it clear
            // below 0x20, x + 1 has it at 0x7F); the first is the value's end
            // when it is the terminator (or CR LF's CR).
            let odd = unsafeBitCast((v | ~(v &+ sixties) | (v &+ ones)) & marks, to: SIMD2<UInt64>.self)
            let at =
                odd[0] != 0
                ? odd[0].trailingZeroBitCount &>> 3 : odd[1] != 0 ? 8 &+ odd[1].trailingZeroBitCount &>> 3 : 16
            let end = i &+ at
            var next = end
            if at == 16 || p[end] != t {
                guard at < 15, t == 0x0A, p[end] == 0x0D, p[end &+ 1] == 0x0A else {
                    (i, o) = padLine(p, i, count, terminator: t, padding, into: q, o)
                    continue
                }
                next = end &+ 1
            }
            let pad = right && columns > at ? columns &- at : 0
            UnsafeMutableRawPointer(q + o).storeBytes(of: blanks, as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(q + (o &+ pad)).storeBytes(of: v, as: SIMD16<UInt8>.self)
            o &+= pad &+ at
            if !right && columns > at {
                UnsafeMutableRawPointer(q + o).storeBytes(of: blanks, as: SIMD16<UInt8>.self)
                o &+= columns &- at
            }
            if next > end {
                q[o] = 0x0D
                o &+= 1
            }
            q[o] = t
            o &+= 1
            i = next &+ 1
        }
        while i < count { (i, o) = padLine(p, i, count, terminator: t, padding, into: q, o) }
        return o
    }

    /// ``padLines(_:terminator:_:into:)`` for the line at `i` (the lines end
    /// at `count`), written at `q + o`: returns where the next line starts
    /// and the output ends. Eight bytes at a time: the line is searched for
    /// its end and for bytes that are not printable ASCII in one pass (a
    /// value without any is as wide as it is long), and copied in words.
    @inline(never)
    static func padLine(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ count: Int, terminator t: UInt8, _ padding: Padding,
        into q: UnsafeMutablePointer<UInt8>, _ o: Int
    ) -> (Int, Int) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let pattern = UInt64(t) &* ones
        var o = o
        @inline(__always) func spaces(_ k: Int) {
            var j = 0
            while j < k {
                UnsafeMutableRawPointer(q + (o &+ j)).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
                j &+= 8
            }
            o &+= k
        }
        // The terminator (a value never holds it: its record did not; the
        // lane takes only whole records), and whether a byte before it is
        // not printable ASCII (0x20 to 0x7E).
        var next = i
        var special: UInt64 = 0
        while true {
            if count &- next < 8 {
                while next < count && p[next] != t {
                    special |= p[next] < 0x20 || p[next] >= 0x7F ? 1 : 0
                    next &+= 1
                }
                break
            }
            let word = UnsafeRawPointer(p + next).loadUnaligned(as: UInt64.self)
            let x = word ^ pattern
            let hit = (x &- ones) & ~x & high  // (the lowest is exact)
            let low = word & ~high  // (no lane carries below)
            let odd = (word | ~(low &+ 0x6060_6060_6060_6060) | (low &+ ones)) & high
            if hit != 0 {
                let bits = hit.trailingZeroBitCount &- 7
                special |= odd & ((1 &<< UInt64(bits)) &- 1)
                next &+= bits &>> 3
                break
            }
            special |= odd
            next &+= 8
        }
        let cr = t == 0x0A && next > i && p[next &- 1] == 0x0D
        let valueEnd = cr ? next &- 1 : next
        let length = valueEnd &- i
        let pad = padding.columns &- (special == 0 ? length : DisplayWidth.of(p, i, valueEnd))
        let right = padding.alignment == .right
        if right && pad > 0 { spaces(pad) }
        if count &- i >= length &+ 8 {
            // Whole words: what is read past the value is the input's (its
            // terminator, the next line), what is stored past it is written
            // over next.
            var k = 0
            repeat {
                let word = UnsafeRawPointer(p + (i &+ k)).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(q + (o &+ k)).storeBytes(of: word, as: UInt64.self)
                k &+= 8
            } while k < length
        } else {
            (q + o).update(from: p + i, count: length)
        }
        o &+= length
        if !right && pad > 0 { spaces(pad) }
        if cr {
            q[o] = 0x0D
            o &+= 1
        }
        if next < count {
            q[o] = t
            o &+= 1
        }
        return (next &+ 1, o)
    }
}

/// How a transform that pads its own runs (``ValueTransform/padRecordRuns(_:)``)
/// pads each record where it writes it: ``Padding`` pads, ``NoPadding``
/// is nothing at all, so that a lane generic over it costs nothing
/// without `--width`.
protocol RunPadding {
    /// Whether it pads at all.
    static var pads: Bool { get }
    /// What a block must hold past a record's end for its padding: its
    /// spaces and the 32 bytes ``padInPlace(_:_:terminatorLength:width:)``
    /// may store past them.
    var recordRoom: Int { get }
    /// Pads the record at `[start, q)`, as ``Padding/padInPlace(_:_:terminatorLength:width:)``.
    func padInPlace(
        _ start: UnsafeMutablePointer<UInt8>, _ q: inout UnsafeMutablePointer<UInt8>, terminatorLength: Int,
        width: Int)
}

/// No padding: every member is a constant or does nothing.
struct NoPadding: RunPadding {
    static var pads: Bool { false }
    var recordRoom: Int { 0 }
    @inline(__always)
    func padInPlace(
        _ start: UnsafeMutablePointer<UInt8>, _ q: inout UnsafeMutablePointer<UInt8>, terminatorLength: Int,
        width: Int
    ) {}
}

extension Padding: RunPadding {
    static var pads: Bool { true }
    var recordRoom: Int { columns &+ 32 }

    /// Pads, in place, the record just written at `[start, q)` (its value,
    /// `width` display columns wide, then `terminatorLength` bytes of
    /// terminator) to ``columns`` columns on the side ``alignment`` says,
    /// and moves `q` past the padded record: the in-place form of what
    /// ``StreamEngine/padLines(_:terminator:_:into:)`` does after a run, for
    /// a transform that pads its own runs (``ValueTransform/padRecordRuns(_:)``).
    ///
    /// Bounds: it reads `[start, start + 32)` and stores within
    /// `[start, start + (q - start) + columns + 32)` (a record of up to 32
    /// bytes moves as two 16-byte blocks, the spaces are stored sixteen
    /// at a time): the caller's block holds that many bytes from `start`.
    @inline(__always)
    func padInPlace(
        _ start: UnsafeMutablePointer<UInt8>, _ q: inout UnsafeMutablePointer<UInt8>, terminatorLength: Int,
        width: Int
    ) {
        let spaces = columns &- width
        guard spaces > 0 else { return }
        let blanks = SIMD16<UInt8>(repeating: 0x20)
        let total = q - start
        if alignment == .right {
            if total <= 32 {
                let low = UnsafeRawPointer(start).loadUnaligned(as: SIMD16<UInt8>.self)
                let high = UnsafeRawPointer(start + 16).loadUnaligned(as: SIMD16<UInt8>.self)
                var j = 0
                repeat {
                    UnsafeMutableRawPointer(start + j).storeBytes(of: blanks, as: SIMD16<UInt8>.self)
                    j &+= 16
                } while j < spaces
                UnsafeMutableRawPointer(start + spaces).storeBytes(of: low, as: SIMD16<UInt8>.self)
                if total > 16 {
                    UnsafeMutableRawPointer(start + (spaces &+ 16)).storeBytes(of: high, as: SIMD16<UInt8>.self)
                }
            } else {
                (start + spaces).update(from: start, count: total)
                start.update(repeating: 0x20, count: spaces)
            }
        } else {
            let valueEnd = q - terminatorLength
            let first = terminatorLength > 0 ? valueEnd[0] : 0
            let second = terminatorLength > 1 ? valueEnd[1] : 0
            var j = 0
            repeat {
                UnsafeMutableRawPointer(valueEnd + j).storeBytes(of: blanks, as: SIMD16<UInt8>.self)
                j &+= 16
            } while j < spaces
            if terminatorLength > 0 { valueEnd[spaces] = first }
            if terminatorLength > 1 { valueEnd[spaces &+ 1] = second }
        }
        q += spaces
    }
}
