import Foundation

/// numconv's `--style currency|accounting|compact|scientific|auto`: an amount
/// as people write it (`1.234,56 €`, `($1,234.56)`, `1,2 Mio.`, `1억 2,345만`,
/// `6.022E23`) read strictly by an ``AmountReader`` per source notation, and
/// written exactly: `--to C` the machine number, another locale the same
/// amount in its notation of the style read (coinfmt's, for the same currency).
///
/// With several source notations (`--from auto`), every notation reads the
/// value; readings of different numbers are `ambiguous-notation`, as for
/// plain numbers, and the currency is the one they agree on.
public struct AmountConverter: ValueTransform, Sendable, ThreadCopyable {
    /// With `--width`: the padding of each value of its record runs
    /// (``padRecordRuns(_:)``), done where the value is written.
    var runPadding: Padding? = nil
    let readers: [AmountReader]
    /// The first of ``readers`` (the only one but for `--from auto`), held
    /// apart so that reading a value takes no reference to it.
    let reader: AmountReader
    /// The index of the notation that settles an ambiguous value (`--prefer`).
    var preferred: Int? { preferredIndex >= 0 ? Int(preferredIndex) : nil }
    /// The targets in machine or plain number notation, written as numconv writes plain numbers.
    var plain: NumberConverter
    /// One writer a target, for targets written one by one.
    var plainWriters: [NumberConverter]
    /// Whether every target is written by `plain` (`--to C`, or `--style number`).
    let allPlain: Bool
    let targets: [Locale]
    let style: AmountStyle
    /// `--code`: one more value, the ISO 4217 code of the amount.
    let writesCode: Bool
    /// `-c`: the column's currency, or -1.
    let currency: Int32
    /// ``preferred``, or -1. (An `Int32` beside ``currency``: the engine
    /// copies the converter a value, and past 256 bytes the copy costs
    /// twice as much.)
    let preferredIndex: Int32
    /// coinfmt's formatters for the targets, by target, kind, currency and
    /// fraction digits: this copy's own (``copyForThread()`` makes another).
    let formatters = FormatterCache()

    final class FormatterCache: @unchecked Sendable {
        var table: [FormatterKey: CoinFormatter] = [:]
        /// The last mark whose currencies were looked up, and them (``candidates(of:)``).
        var lastMark: [UInt8] = []
        var lastCandidates: [Int32] = []
        /// The memory one value's reading is written to, when its slot fits
        /// (``slotCapacity`` bytes, allocated once a copy); a larger slot
        /// takes memory of its own.
        let slot = UnsafeMutablePointer<UInt8>.allocate(capacity: FormatterCache.slotCapacity)
        static let slotCapacity = 4096
        deinit { slot.deallocate() }
    }

    /// `--style bytes`: the locale's byte labels, found the first time a
    /// value starts with no digit (``ByteLabels/of(_:)`` is a few hundred
    /// Foundation calls the first time, and a lookup by the locale's name
    /// after): this copy's own, as ``formatters``.
    let byteLabels = ByteLabelsCache()

    final class ByteLabelsCache: @unchecked Sendable {
        var labels: ByteLabels? = nil
    }

    /// Whether `value` is the locale's zero (``ByteLabels/isZero(_:)``).
    func isByteZero(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if byteLabels.labels == nil { byteLabels.labels = ByteLabels.of(reader.locale) }
        return byteLabels.labels!.isZero(value)
    }

    struct FormatterKey: Hashable {
        var target: Int
        var kind: AmountKind
        var currency: Int32
        var fraction: Int
    }

    public var outputLimit: Int {
        get { plain.outputLimit }
        set {
            plain.outputLimit = newValue
            for t in plainWriters.indices { plainWriters[t].outputLimit = newValue }
        }
    }
    public var separator: ValueSeparator {
        get { plain.separator }
        set { plain.separator = newValue }
    }
    public var mayWriteSeveralValues: Bool { targets.count > 1 || writesCode }
    public var outputNames: [String] { plain.outputNames + (writesCode ? ["code"] : []) }

    /// Reads in `style` in each of `sources` (one for `--from LOCALE`),
    /// in the currency `currencyCode` when given (`-c`), and writes in each of `targets`.
    public init(
        from sources: [Locale], style: AmountStyle, to targets: [Locale], currency currencyCode: String? = nil,
        writesCode: Bool = false, preferring preferred: Int? = nil, minimumFraction: Int? = nil,
        maximumFraction: Int? = nil, suffix: String = ""
    ) {
        self.init(
            from: sources, style: style, to: targets, currency: currencyCode, writesCode: writesCode,
            preferring: preferred, minimumFraction: minimumFraction, maximumFraction: maximumFraction,
            fastPaths: true, suffix: suffix)
    }

    /// The converter, with its readers' fast paths or (`fastPaths` false:
    /// the tests that hold them to the general reading) without.
    init(
        from sources: [Locale], style: AmountStyle, to targets: [Locale], currency currencyCode: String?,
        writesCode: Bool, preferring preferred: Int?, minimumFraction: Int?, maximumFraction: Int?, fastPaths: Bool,
        suffix: String = ""
    ) {
        let currency = currencyCode.map(CurrencyMarks.index(of:)) ?? -1
        self.currency = currency
        readers = sources.map {
            AmountReader(
                locale: $0, style: style, currency: currency, anySide: sources.count > 1, fastPaths: fastPaths,
                unitSuffix: Array(suffix.utf8), others: sources.count > 1 ? sources : [])
        }
        reader = readers[0]
        self.preferredIndex = preferred.map { Int32(clamping: $0) } ?? -1
        self.targets = targets
        self.style = style
        self.writesCode = writesCode
        let formats = targets.map { LocaleNumberFormat(locale: $0, style: .number) }
        plain = NumberConverter(
            from: formats[0], to: formats, minimumFraction: minimumFraction, maximumFraction: maximumFraction)
        plainWriters = formats.map {
            NumberConverter(from: $0, to: [$0], minimumFraction: minimumFraction, maximumFraction: maximumFraction)
        }
        allPlain = style == .number || targets.allSatisfy { $0.identifier == LocaleSupport.machineIdentifier }
    }

    public func copyForThread() -> AmountConverter {
        AmountConverter(copying: self)
    }

    /// A copy with a formatter cache of its own.
    init(copying other: AmountConverter) {
        (readers, reader, preferredIndex, plain, plainWriters, allPlain) = (
            other.readers, other.reader, other.preferredIndex, other.plain, other.plainWriters, other.allPlain
        )
        (targets, style, writesCode, currency) = (other.targets, other.style, other.writesCode, other.currency)
    }

    /// One reading of a value: its sign, its digits (in the slot's memory), its currency and kind.
    struct Reading {
        var negative: Bool
        var digits: DigitString
        var currency: Int32
        var kind: AmountKind
        /// The currency mark in the value (empty when none), for the
        /// currencies it may stand for when ``currency`` is -1.
        var mark = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        func reads(like other: Reading) -> Bool {
            guard negative == other.negative, digits.fractionCount == other.digits.fractionCount,
                digits.fraction.elementsEqual(other.digits.fraction)
            else { return false }
            return digits.integer.drop { $0 == 48 }.elementsEqual(other.digits.integer.drop { $0 == 48 })
        }
    }

    /// Whole records at once, value by value, as plain numbers are (see
    /// ``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
    public mutating func transformRecords<Output: ByteOutput & ~Copyable>(
        _ records: UnsafeBufferPointer<UInt8>, terminator: UInt8, maxLength: Int, flushAt: Int,
        into output: inout Output, failure: inout ValueError
    ) -> RecordRun {
        transformEachRecord(
            records, terminator: terminator, maxLength: maxLength, flushAt: flushAt, into: &output, failure: &failure,
            padding: runPadding)
    }

    /// Pads each value of its runs as it writes it (``runPadding``).
    public mutating func padRecordRuns(_ padding: Padding) -> Bool {
        runPadding = padding
        return true
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        try convert(value, into: &output)
    }

    /// The conversion, on a borrowed `self` (from a mutating method, the
    /// closures below would copy the converter for every value).
    func convert<Output: ByteOutput & ~Copyable>(_ value: UnsafeBufferPointer<UInt8>, into output: inout Output)
        throws(ValueError)
    {
        let k = readers.count
        if reader.style == .bytes, value.count > 0, value[0] &- 48 >= 10, isByteZero(value) {
            // `Zero kB`, as Foundation and coinfmt write zero bytes.
            var zero = UInt8(ascii: "0")
            try withUnsafeMutablePointer(to: &zero) { (digit) throws(ValueError) in
                let reading = Reading(
                    negative: false, digits: DigitString(start: digit, integerCount: 1, fractionCount: 0),
                    currency: AmountShape.noCurrency, kind: .number)
                try write(reading, into: &output)
            }
            return
        }
        if k == 1 {
            let shape = try reader.shape(value)
            let slot = try slotSize(value, shape)
            // The slot: this copy's memory, or (a value whose slot is larger)
            // memory of its own. (No closure: the reading stays in registers,
            // and ``read`` is inlined here.)
            let own = slot > FormatterCache.slotCapacity
            let base = own ? UnsafeMutablePointer<UInt8>.allocate(capacity: slot) : formatters.slot
            defer { if own { base.deallocate() } }
            let reading = try read(value, shape, reader, into: base, slot: slot)
            try write(reading, into: &output)
            return
        }
        // --from auto: every notation reads the value.
        var shapes: [AmountShape?] = []
        shapes.reserveCapacity(k)
        var failure: ValueError? = nil
        var slot = 0
        for r in readers {
            do throws(ValueError) {
                let s = try r.shape(value)
                slot = max(slot, try slotSize(value, s))
                shapes.append(s)
            } catch {
                // A notation that finds two readings of the value (`1 K`:
                // thousands, or kina?) makes it ambiguous, whatever the others read.
                if error.code == .engine(.outputTooLong) || error.code == .number(.ambiguousNotation) { throw error }
                if failure == nil { failure = error }
                shapes.append(nil)
            }
        }
        guard slot > 0 else { throw failure! }
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: slot * k) { (buffer) throws(ValueError) in
            var readings: [(Int, Reading)] = []
            for c in 0..<k {
                guard let shape = shapes[c] else { continue }
                do throws(ValueError) {
                    readings.append(
                        (c, try read(value, shape, readers[c], into: buffer.baseAddress! + c * slot, slot: slot)))
                } catch {
                    if failure == nil || shapes.prefix(c).allSatisfy({ $0 == nil }) { failure = error }
                }
            }
            guard let first = readings.first?.1 else { throw failure! }
            if readings.allSatisfy({ $0.1.reads(like: first) }) {
                var chosen = first
                if let marked = readings.first(where: { $0.1.currency != AmountShape.noCurrency })?.1 {
                    // The currency: `-c`'s (every reading took it), else none
                    // yet: one only when every candidate's marks agree on one
                    // (``currencyCode(of:)``), not the reading of one of them.
                    chosen.currency = currency >= 0 ? currency : -1
                    chosen.mark = marked.mark
                }
                try write(chosen, into: &output)
                return
            }
            if let preferred, let r = readings.first(where: { $0.0 == preferred }) {
                try write(r.1, into: &output)
                return
            }
            var parts: [String] = []
            var done = [Bool](repeating: false, count: readings.count)
            for a in readings.indices where !done[a] {
                var names: [String] = []
                for b in a..<readings.count where !done[b] && readings[b].1.reads(like: readings[a].1) {
                    done[b] = true
                    names.append(readers[readings[b].0].identifier)
                }
                parts.append("\(Self.text(readings[a].1)) (\(names.joined(separator: ", ")))")
            }
            throw ValueError(.number(.ambiguousNotation), "notations disagree: " + parts.joined(separator: " or "))
        }
    }

    static func text(_ reading: Reading) -> String {
        let integer = reading.digits.integer.drop { $0 == 48 }
        var text = (reading.negative ? "-" : "") + (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self))
        if reading.digits.fractionCount > 0 { text += "." + String(decoding: reading.digits.fraction, as: UTF8.self) }
        return text.count > 40 ? String(text.prefix(40)) + "..." : text
    }

    /// The bytes a reading of `value` with `shape` needs: a free byte, the
    /// zeros a negative shift puts before the digits, the digits, the
    /// parser's slack, and the zeros a positive shift or --min-fraction puts
    /// after them. A shift that would write more digits than the output may
    /// hold is an error here, before any is written.
    @inline(__always)
    func slotSize(_ value: UnsafeBufferPointer<UInt8>, _ shape: AmountShape) throws(ValueError) -> Int {
        let digits = shape.myriadDigits >= 0 ? shape.myriadDigits : value.count
        guard shape.shift.magnitude <= UInt(outputLimit), shape.shift.magnitude < 1 << 32 else {
            throw ValueError.outputTooLong(outputLimit)
        }
        let pad = max(0, plain.minimumFraction ?? 0)
        // Each factor 1024 adds at most four digits (before the number).
        return 2 + shape.shift.magnitude.toInt + 4 * shape.binaryPower + digits + LocaleNumberParser.scratchSlack + pad
    }

    /// Reads the number of `shape` into `base` and scales it by its shift.
    @_transparent
    func read(
        _ value: UnsafeBufferPointer<UInt8>, _ shape: AmountShape, _ reader: AmountReader,
        into base: UnsafeMutablePointer<UInt8>, slot: Int
    ) throws(ValueError) -> Reading {
        let lead = max(0, -shape.shift) + 4 * shape.binaryPower
        let start = base + 1 + lead
        var negative: Bool
        var digits: DigitString
        if shape.myriadDigits >= 0 {
            let big = try reader.myriadDigits(value, shape.core)
            for (k, d) in big.enumerated() { start[k] = d }
            negative = false
            digits = DigitString(
                start: start, integerCount: big.count - shape.myriadFraction, fractionCount: shape.myriadFraction)
        } else {
            let core = UnsafeBufferPointer(rebasing: value[shape.core])
            do throws(ValueError) {
                (negative, digits) = try reader.scanNumber(
                    core, into: start, currency: shape.currency, name: shape.markIsName)
            } catch {
                var error = error
                error.text.shiftOffsets(by: UTF8Bytes.scalarOffset(value, shape.core.lowerBound))
                throw error
            }
        }
        if shape.negative {
            if negative {
                throw ValueError(
                    .number(.misplacedSign), "a sign inside an amount already negative by its notation")
            }
            negative = true
        }
        if shape.shift > 0 {
            let k = shape.shift
            if k <= digits.fractionCount {
                digits.integerCount += k
                digits.fractionCount -= k
            } else {
                let zeros = k - digits.fractionCount
                (digits.start + digits.integerCount + digits.fractionCount).initialize(repeating: 48, count: zeros)
                digits.integerCount += digits.fractionCount + zeros
                digits.fractionCount = 0
            }
        } else if shape.shift < 0 {
            let k = -shape.shift
            if k <= digits.integerCount {
                digits.integerCount -= k
                digits.fractionCount += k
            } else {
                let zeros = k - digits.integerCount
                digits.start -= zeros
                digits.start.initialize(repeating: 48, count: zeros)
                digits.fractionCount += digits.integerCount + zeros
                digits.integerCount = 0
            }
        }
        if shape.binaryPower > 0 { digits.multiplyByPowerOf1024(shape.binaryPower) }
        if shape.shift > 0 || shape.binaryPower > 0, reader.countsUnits { digits.roundToWholeAwayFromZero() }
        return Reading(
            negative: negative, digits: digits, currency: shape.currency, kind: shape.kind,
            // (The shape's mark lies within the value: no check again.)
            mark: UnsafeBufferPointer(
                start: value.baseAddress.map { $0 + shape.mark.lowerBound }, count: shape.mark.count))
    }
}

extension AmountStyle {
    /// The unit styles (si, iec, iec-i, bytes): a count of units, which a
    /// unit prefix makes whole (``DigitString/roundToWholeAwayFromZero()``).
    @inline(__always) var countsUnits: Bool { self == .si || self == .iec || self == .iecI || self == .bytes }
}

extension DigitString {
    /// Rounds to a whole number away from zero, in place, as numfmt
    /// `--from=si|iec|iec-i` rounds a number it scaled by a prefix (its
    /// default `--round=from-zero`: 7.1M is 7444890 bytes, not
    /// 7444889.6); a carry out of the integer part takes the free byte
    /// before ``start`` (the reading's slot keeps one).
    mutating func roundToWholeAwayFromZero() {
        guard fractionCount > 0 else { return }
        let dropsDigits = fraction.contains { $0 != 48 }
        if dropsDigits,
            ExactDecimal.roundDigits(
                start, count: integerCount + fractionCount, keep: integerCount, rule: .up, negative: false)
        {
            start -= 1
            start[0] = 49
            integerCount += 1
        }
        fractionCount = 0
    }
}

extension UInt {
    fileprivate var toInt: Int { Int(truncatingIfNeeded: self) }
}
