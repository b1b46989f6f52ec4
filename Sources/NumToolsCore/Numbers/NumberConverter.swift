/// numconv's value transformation: a number in one locale's notation,
/// written in one or more other locales' notations, digit for digit.
public struct NumberConverter: ValueTransform, Sendable {
    /// With `--width`: the padding of each value of its record runs
    /// (``padRecordRuns(_:)``), done where the value is written.
    var runPadding: Padding? = nil
    /// ``minimumFraction`` and ``maximumFraction``, `Int32.min` for none:
    /// two `Int32`s after ``runPadding``'s bytes, where two `Int?` took 32
    /// bytes. (The engine and ``AmountConverter`` copy a converter a value,
    /// and the copy's cost grows with its size.)
    let minimumFractionStorage: Int32
    let maximumFractionStorage: Int32
    public let parser: LocaleNumberParser
    public let targets: [LocaleNumberFormat]
    /// Pad the fraction with zeros to at least this many digits.
    public var minimumFraction: Int? {
        minimumFractionStorage == .min ? nil : Int(minimumFractionStorage)
    }
    /// Round half-even to at most this many fraction digits.
    public var maximumFraction: Int? {
        maximumFractionStorage == .min ? nil : Int(maximumFractionStorage)
    }
    /// `numconv --style percent --ratio`: for each target, whether it
    /// writes the value read as a ratio (19 % is 0.19) rather than as
    /// percent points; nil: none does.
    public var ratioTargets: [Bool]? = nil
    /// The targets' plans, for the hot path (`targets` keeps them valid).
    let plans: [FormatPlan]
    /// The most bytes one value's output may take (see ``ValueTransform/outputLimit``):
    /// native digits, separators and several targets make it longer than the value.
    public var outputLimit = Int.max
    /// Written between the targets when there are several (TAB unless the engine sets it).
    public var separator = ValueSeparator()
    /// Several targets are several values.
    public var mayWriteSeveralValues: Bool { targets.count > 1 }
    /// The targets' locale identifiers (`de_DE`).
    public var outputNames: [String] {
        targets.map { $0.localeIdentifier == LocaleSupport.machineIdentifier ? "C" : $0.localeIdentifier }
    }

    /// Converts from `source`'s notation to each of `targets`' (same style).
    public init(
        from source: LocaleNumberFormat, to targets: [LocaleNumberFormat], minimumFraction: Int? = nil,
        maximumFraction: Int? = nil
    ) {
        parser = LocaleNumberParser(format: source)
        self.targets = targets
        plans = targets.map(\.storage.plan)
        // (A count beyond Int32 is clamped: no output holds 2^31 digits.)
        minimumFractionStorage = minimumFraction.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? .min
        maximumFractionStorage = maximumFraction.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? .min
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        try convert(value, into: &output)
    }

    /// The conversion itself, on a borrowed `self` (from a mutating method,
    /// the closure below would copy the parser for every value).
    func convert<Output: ByteOutput & ~Copyable>(_ value: UnsafeBufferPointer<UInt8>, into output: inout Output)
        throws(ValueError)
    {
        // The digits on the stack: a free byte before them for a carry, room
        // after them for the zeros that --min-fraction pads with and for the
        // parser's eight-byte stores.
        let capacity = 1 + value.count + max(LocaleNumberParser.scratchSlack, minimumFraction ?? 0)
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { (buffer) throws(ValueError) in
            let (negative, digits) = try parser.scan(value, into: buffer.baseAddress! + 1)
            try write(negative: negative, digits: digits, into: &output)
        }
    }

    /// Writes a number read (its digits in memory laid out as ``convert(_:into:)``
    /// lays them out) in every target: the canonical form, rounded or padded
    /// to the fraction options. `numconv --from auto` writes its reading with it.
    @inline(__always)
    func write<Output: ByteOutput & ~Copyable>(negative: Bool, digits: DigitString, into output: inout Output)
        throws(ValueError)
    {
        if ratioTargets != nil {
            try writeWithRatio(negative: negative, digits: digits, into: &output)
            return
        }
        let points = prepared(digits)
        try emit(negative: negative, points, ratio: points, into: &output)
    }

    /// ``write(negative:digits:into:)`` for a converter without
    /// ``ratioTargets`` (``AmountConverter``'s writers): with no branch to
    /// ``writeWithRatio(negative:digits:into:)``, which takes `self` whole,
    /// the caller need not copy the converter to call it.
    @inline(__always)
    func writePoints<Output: ByteOutput & ~Copyable>(negative: Bool, digits: DigitString, into output: inout Output)
        throws(ValueError)
    {
        assert(ratioTargets == nil, "writePoints on a converter with ratio targets")
        let points = prepared(digits)
        try emit(negative: negative, points, ratio: points, into: &output)
    }

    /// The canonical form of `digits`: rounded or padded to the fraction
    /// options, no leading zeros. The sign is the input's, on zero too
    /// (`-0` stays `-0`): no sign changes, as no digit does.
    @inline(__always)
    func prepared(_ digits: DigitString) -> DigitString {
        var digits = digits
        var target = digits.fractionCount
        if let minimumFraction { target = max(target, minimumFraction) }
        if let maximumFraction { target = min(target, maximumFraction) }
        if target != digits.fractionCount { digits.roundHalfEven(fractionDigits: target) }
        digits.trimLeadingZeros()
        return digits
    }

    /// ``write(negative:digits:into:)`` with ``ratioTargets``: the points
    /// read, and the ratio (the point two places left: 19 is 0.19, 12.5 is
    /// 0.125; the zeros the move brings into the fraction of a whole number
    /// dropped: 50 is 0.5, 100 is 1), each rounded or padded to the fraction
    /// options, for the targets that write it. (Not inlined: its closure
    /// holds `self`, which would make every caller copy the converter.)
    @inline(never)
    func writeWithRatio<Output: ByteOutput & ~Copyable>(
        negative: Bool, digits: DigitString, into output: inout Output
    ) throws(ValueError) {
        let n = digits.integerCount + digits.fractionCount
        let pad = max(0, minimumFraction ?? 0)
        // A free byte, two zeros, the digits and the zeros --min-fraction pads with.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 + n + pad) { (buffer) throws(ValueError) in
            let start = buffer.baseAddress! + 1
            start[0] = 48
            start[1] = 48
            (start + 2).update(from: digits.start, count: n)
            var ratio = DigitString(
                start: start, integerCount: digits.integerCount, fractionCount: digits.fractionCount + 2)
            if digits.fractionCount == 0 {
                while ratio.fractionCount > 0 && start[ratio.integerCount + ratio.fractionCount - 1] == 48 {
                    ratio.fractionCount -= 1
                }
            }
            try emit(negative: negative, prepared(digits), ratio: prepared(ratio), into: &output)
        }
    }

    /// Writes `points` in every target (`ratio` in those of ``ratioTargets``),
    /// separated by ``separator``, straight into the output. Its length
    /// first: longer than the limit, it is an error before any of it is written.
    @inline(__always)
    func emit<Output: ByteOutput & ~Copyable>(
        negative: Bool, _ points: DigitString, ratio: DigitString, into output: inout Output
    ) throws(ValueError) {
        let (integer, fraction) = (points.integer, points.fraction)
        let plans = self.plans
        if plans.count == 1 {
            let (i, f) = ratioTargets?[0] == true ? (ratio.integer, ratio.fraction) : (integer, fraction)
            let length = plans[0].length(
                negative: negative, showPlus: false, integerCount: i.count, fractionCount: f.count)
            guard length <= outputLimit else { throw ValueError.outputTooLong(outputLimit) }
            output.appendWithUnsafeMutableBytes(maximumCount: length) { buffer in
                plans[0].write(negative: negative, integer: i, fraction: f, showPlus: false, to: buffer.baseAddress!)
            }
            return
        }
        let ratioTargets = self.ratioTargets
        let separator = self.separator
        var length = (plans.count &- 1) &* separator.bytes.count  // the separators between targets
        for k in plans.indices {
            let d = ratioTargets?[k] == true ? ratio : points
            length &+= plans[k].length(
                negative: negative, showPlus: false, integerCount: d.integerCount, fractionCount: d.fractionCount)
        }
        guard length <= outputLimit else { throw ValueError.outputTooLong(outputLimit) }
        let base = output.count
        output.appendWithUnsafeMutableBytes(maximumCount: length) { buffer in
            let start = buffer.baseAddress!
            var q = start
            for k in plans.indices {
                if k > 0 {
                    separator.record(at: base &+ (q - start))
                    q += separator.write(to: q)
                }
                let d = ratioTargets?[k] == true ? ratio : points
                q += plans[k].write(
                    negative: negative, integer: d.integer, fraction: d.fraction, showPlus: false, to: q)
            }
            return q - start
        }
    }

    /// Converts a value held in a string (library use).
    public mutating func callAsFunction(_ value: String) throws(ValueError) -> String {
        var out: [UInt8] = []
        let bytes = Array(value.utf8)
        try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try transform(b, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A number's ASCII digits in raw memory: the integer digits, then the
/// fraction digits right after them. The caller owns the memory and keeps
/// one byte free before `start` (for a carry out of the integer part, or
/// the `0` of an empty one) and room after the digits for the zeros that
/// ``roundHalfEven(fractionDigits:)`` pads with.
struct DigitString {
    /// The first integer digit (where it would be, when there is none).
    var start: UnsafeMutablePointer<UInt8>
    var integerCount: Int
    var fractionCount: Int

    /// The integer digits.
    var integer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: integerCount) }
    /// The fraction digits.
    var fraction: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start + integerCount, count: fractionCount) }

    /// Pads with zeros or rounds half-even to exactly `digits` fraction
    /// digits, in place; a carry out of the integer part takes the free byte.
    mutating func roundHalfEven(fractionDigits digits: Int) {
        let fraction = start + integerCount
        if fractionCount <= digits {
            (fraction + fractionCount).initialize(repeating: 48, count: digits - fractionCount)
            fractionCount = digits
            return
        }
        // ExactDecimal's kernel, on the digits as they stand (leading and
        // trailing zeros included): half-even, as FormatStyle rounds.
        let carry = ExactDecimal.roundDigits(
            start, count: integerCount + fractionCount, keep: integerCount + digits, rule: .halfEven, negative: false)
        fractionCount = digits
        if carry {
            start -= 1
            start[0] = 49
            integerCount += 1
        }
    }

    /// Removes leading zeros of the integer part, keeping one digit; an
    /// empty integer part becomes `0` (in the free byte).
    mutating func trimLeadingZeros() {
        if integerCount == 0 {
            start -= 1
            start[0] = 48
            integerCount = 1
            return
        }
        while integerCount > 1 && start[0] == 48 {
            start += 1
            integerCount -= 1
        }
    }
}

extension ParsedNumber {
    /// Pads with zeros or rounds half-even to exactly `digits` fraction digits.
    public mutating func roundHalfEven(fractionDigits digits: Int) {
        withDigitString(padding: max(0, digits - fraction.count)) { $0.roundHalfEven(fractionDigits: digits) }
    }

    /// Removes leading zeros of the integer part, keeping one digit.
    public mutating func trimLeadingZeros() {
        withDigitString(padding: 0) { $0.trimLeadingZeros() }
    }

    /// Runs `body` on the digits copied to a ``DigitString`` on the stack,
    /// then stores its digits back.
    mutating func withDigitString(padding: Int, _ body: (inout DigitString) -> Void) {
        let (ni, nf) = (integer.count, fraction.count)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + ni + nf + padding) { buffer in
            let start = buffer.baseAddress! + 1
            for (k, d) in integer.enumerated() { start[k] = d }
            for (k, d) in fraction.enumerated() { start[ni + k] = d }
            var digits = DigitString(start: start, integerCount: ni, fractionCount: nf)
            body(&digits)
            integer = Array(digits.integer)
            fraction = Array(digits.fraction)
        }
    }
}

extension NumberConverter {
    /// Whole records at once, value by value (see ``ValueTransform/transformEachRecord(_:terminator:maxLength:flushAt:into:failure:padding:)``).
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
}
