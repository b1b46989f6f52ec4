import Synchronization

/// numconv's `--from auto`: a value read in every candidate notation with
/// the strict parser (``LocaleNumberParser``), never guessed.
///
/// - Every reading that succeeds gives the same number: it is converted.
///   "The same number" is the same sign, integer value and fraction digits
///   as read, that is the same output: `0,000` (0 in en_US, 0.000 in de_DE)
///   is two readings. (One input's readings hold the same digits in the
///   same order, so two readings of it that differ only in trailing zeros
///   are those of an integer part that is all zeros, as there.)
/// - They give different numbers: an `ambiguous-notation` error that lists
///   each distinct reading and the notations that read it, unless the
///   preferred candidate (`--prefer`) read the value: then its reading is taken.
/// - None succeeds: the error of the reading that got furthest, the one
///   whose parser had read the most bytes of the value when it found its
///   error (the whole value for an error of the whole, such as a grouping
///   that does not fit); a tie goes to the earlier candidate.
///
/// Candidates that share a notation (en_US and en_GB) read alike, so they
/// never make a value ambiguous: readings are grouped by number.
public struct AutoNumberConverter: ValueTransform, Sendable {
    /// numconv's default candidates, before the environment's locale: one
    /// for each way of writing separators in wide use (see numconv(1)).
    public static let defaultCandidates = ["en_US", "de_DE", "fr_FR", "de_CH", "en_IN"]
    /// The most candidates (a reading's notations are a 64-bit set).
    public static let maximumCandidates = 64

    /// The parsers of the candidate notations, in order, one a locale.
    public let candidates: [LocaleNumberParser]
    /// The index in `candidates` of the notation that settles an ambiguous value, if any.
    public let preferred: Int?
    /// Writes the number read in the targets (its own parser is not used).
    var writer: NumberConverter
    /// `--report`: where every copy of the transform counts, and this copy's counts.
    let report: AutoReadingReport?
    var tally: AutoReadingTally?

    public var outputLimit: Int {
        get { writer.outputLimit }
        set { writer.outputLimit = newValue }
    }
    public var separator: ValueSeparator {
        get { writer.separator }
        set { writer.separator = newValue }
    }
    public var mayWriteSeveralValues: Bool { writer.mayWriteSeveralValues }
    public var outputNames: [String] { writer.outputNames }

    /// Reads in each of `candidates` (same style; a locale given twice counts
    /// once), settling ambiguity with `preferred` (one of them) if given,
    /// and writes in each of `targets`; counts what it reads in `report`.
    /// For each target, whether it writes a ratio (see ``NumberConverter/ratioTargets``).
    public var ratioTargets: [Bool]? {
        get { writer.ratioTargets }
        set { writer.ratioTargets = newValue }
    }

    public init(
        from candidates: [LocaleNumberFormat], to targets: [LocaleNumberFormat], preferring preferred: String? = nil,
        minimumFraction: Int? = nil, maximumFraction: Int? = nil, report: AutoReadingReport? = nil
    ) {
        let unique = Self.unique(candidates)
        precondition(
            (1...Self.maximumCandidates).contains(unique.count), "\(unique.count) candidates for --from auto")
        self.candidates = unique.map { LocaleNumberParser(format: $0) }
        self.preferred = preferred.map { id in
            guard let k = unique.firstIndex(where: { $0.localeIdentifier == id }) else {
                preconditionFailure("the preferred notation \(id) is not a candidate")
            }
            return k
        }
        writer = NumberConverter(
            from: unique[0], to: targets, minimumFraction: minimumFraction, maximumFraction: maximumFraction)
        self.report = report
        tally = report?.newTally()
    }

    /// `formats` less those of a locale that came before.
    public static func unique(_ formats: [LocaleNumberFormat]) -> [LocaleNumberFormat] {
        var seen = Set<String>()
        return formats.filter { seen.insert($0.localeIdentifier).inserted }
    }

    /// One candidate's successful reading: its digits in that candidate's slot.
    struct Reading {
        var candidate: Int
        var negative: Bool
        var digits: DigitString

        /// The same number: sign, integer value and fraction digits as read.
        func reads(like other: Reading) -> Bool {
            guard negative == other.negative, digits.fractionCount == other.digits.fractionCount,
                digits.fraction.elementsEqual(other.digits.fraction)
            else { return false }
            return digits.integer.drop { $0 == 48 }.elementsEqual(other.digits.integer.drop { $0 == 48 })
        }
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        // One slot a candidate, each laid out as NumberConverter lays out
        // its digits: a free byte, then room for the value's digits, the
        // parser's eight-byte stores and --min-fraction's zeros.
        let slot = 1 + value.count + max(LocaleNumberParser.scratchSlack, writer.minimumFraction ?? 0)
        let k = candidates.count
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: slot * k) { (buffer) throws(ValueError) in
            try withUnsafeTemporaryAllocation(of: Reading.self, capacity: k) { (readings) throws(ValueError) in
                let base = buffer.baseAddress!
                var count = 0
                var failure: ValueError? = nil
                var furthest = -1
                for c in 0..<k {
                    var reach = 0
                    do throws(ValueError) {
                        let (negative, digits) = try candidates[c].scan(value, into: base + c * slot + 1, reach: &reach)
                        readings[count] = Reading(candidate: c, negative: negative, digits: digits)
                        count += 1
                    } catch {
                        if reach > furthest { (failure, furthest) = (error, reach) }
                    }
                }
                guard count > 0, let first = readings.first else {
                    tally?.unread += 1
                    throw failure!
                }
                var notations: UInt64 = 0
                var alike = true
                for r in 0..<count {
                    if readings[r].reads(like: first) {
                        notations |= 1 << UInt64(readings[r].candidate)
                    } else {
                        alike = false
                    }
                }
                if alike {
                    tally?.count(notations)
                    try writer.write(negative: first.negative, digits: first.digits, into: &output)
                    return
                }
                if let preferred, let r = (0..<count).first(where: { readings[$0].candidate == preferred }) {
                    tally?.settled += 1
                    try writer.write(negative: readings[r].negative, digits: readings[r].digits, into: &output)
                    return
                }
                tally?.ambiguous += 1
                throw ambiguity(UnsafeBufferPointer(rebasing: readings[..<count]))
            }
        }
    }

    /// The `ambiguous-notation` error: each distinct reading, with the
    /// notations that read it, in candidate order. Its length is bounded:
    /// a long part of a number is shortened (see ``Self/text(_:)``), and
    /// there are at most ``maximumCandidates`` notations.
    func ambiguity(_ readings: UnsafeBufferPointer<Reading>) -> ValueError {
        var done = [Bool](repeating: false, count: readings.count)
        var parts: [String] = []
        for r in readings.indices where !done[r] {
            var names: [String] = []
            for s in r..<readings.count where !done[s] && readings[s].reads(like: readings[r]) {
                done[s] = true
                names.append(candidates[readings[s].candidate].localeIdentifier)
            }
            parts.append("\(Self.text(readings[r])) (\(names.joined(separator: ", ")))")
        }
        var message = "notations disagree: " + parts.joined(separator: " or ")
        if let preferred {
            message += "; --prefer \(candidates[preferred].localeIdentifier) does not read it"
        }
        return ValueError(.number(.ambiguousNotation), message)
    }

    /// A reading in machine notation (`-`, ASCII digits, `.`), each part of
    /// more than 16 digits shortened to its first 8 and its length: the
    /// readings of one value differ in where their decimal separator falls,
    /// which the lengths show.
    static func text(_ reading: Reading) -> String {
        func part(_ digits: some Collection<UInt8>) -> String {
            let text = String(decoding: digits, as: UTF8.self)
            return digits.count > 16 ? "\(text.prefix(8))...(\(digits.count) digits)" : text
        }
        let integer = reading.digits.integer.drop { $0 == 48 }
        var text = (reading.negative ? "-" : "") + (integer.isEmpty ? "0" : part(integer))
        if reading.digits.fractionCount > 0 { text += "." + part(reading.digits.fraction) }
        return text
    }

    /// Converts a value held in a string (library use).
    public mutating func callAsFunction(_ value: String) throws(ValueError) -> String {
        var out: [UInt8] = []
        let bytes = Array(value.utf8)
        try bytes.withUnsafeBufferPointer { (b) throws(ValueError) in try transform(b, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

extension AutoNumberConverter: ThreadCopyable, StreamSummarizing {
    /// A copy that counts on its own (`-j`): no two threads write one tally.
    public func copyForThread() -> AutoNumberConverter {
        var copy = self
        copy.tally = report?.newTally()
        return copy
    }

    /// `--report`: the counts of every copy, summed, one line a bucket (see
    /// ``AutoReadingReport/lines(names:preferred:)``); none without a report.
    public func summaryLines() -> [String] {
        report?.lines(names: candidates.map(\.localeIdentifier), preferred: preferred) ?? []
    }
}

/// One copy's `--report` counts; only the thread that runs that copy writes them.
final class AutoReadingTally: @unchecked Sendable {
    // @unchecked Sendable, safely: a tally is written by the one thread that
    // runs its transform's copy, and read by ``AutoReadingReport`` once every
    // thread has ended (the run's end orders the two).
    /// Values read alike by exactly the candidates of a set (bit k: candidate k).
    var byNotations: [UInt64: Int] = [:]
    var ambiguous = 0
    var settled = 0
    var unread = 0

    /// A value read alike by the candidates of `notations`.
    @inline(__always)
    func count(_ notations: UInt64) { byNotations[notations, default: 0] += 1 }
}

/// `numconv --from auto --report`: what the values read as, summed over every
/// copy of the transform (one a thread with `-j`).
public final class AutoReadingReport: @unchecked Sendable {
    // @unchecked Sendable, safely: `tallies` is read and written under `lock`.
    private let lock = Mutex(())
    private var tallies: [AutoReadingTally] = []

    public init() {}

    func newTally() -> AutoReadingTally {
        let tally = AutoReadingTally()
        lock.withLock { _ in tallies.append(tally) }
        return tally
    }

    /// The summary, one line a bucket that holds a value, each value in one:
    /// `N values read as de_DE` (read by that candidate alone), `N values
    /// read as en_US and en_IN alike` (by exactly those), `N values read
    /// alike in every notation`, `N values ambiguous`, `N ambiguous values
    /// read as L (--prefer)`, `N values not read in any notation`. Buckets of
    /// one notation come first, in candidate order; `no values read` when
    /// there were none.
    public func lines(names: [String], preferred: Int?) -> [String] {
        return lock.withLock { _ in
            var byNotations: [UInt64: Int] = [:]
            var (ambiguous, settled, unread) = (0, 0, 0)
            for tally in tallies {
                byNotations.merge(tally.byNotations, uniquingKeysWith: +)
                ambiguous += tally.ambiguous
                settled += tally.settled
                unread += tally.unread
            }
            func values(_ n: Int) -> String { n == 1 ? "1 value" : "\(n) values" }
            let every: UInt64 = names.count == 64 ? ~0 : (1 << UInt64(names.count)) - 1
            var lines: [String] = []
            func members(_ set: UInt64) -> [Int] { names.indices.filter { set & (1 << UInt64($0)) != 0 } }
            // Fewest notations first, then in candidate order.
            let sets = byNotations.keys.map { (set: $0, members: members($0)) }.sorted {
                $0.members.count != $1.members.count
                    ? $0.members.count < $1.members.count : $0.members.lexicographicallyPrecedes($1.members)
            }
            for (set, indices) in sets where set != every || names.count == 1 {
                let members = indices.map { names[$0] }
                let alike = members.count > 1 ? " alike" : ""
                lines.append("\(values(byNotations[set]!)) read as \(members.joined(separator: " and "))\(alike)")
            }
            if names.count > 1, let n = byNotations[every] { lines.append("\(values(n)) read alike in every notation") }
            if ambiguous > 0 { lines.append("\(values(ambiguous)) ambiguous") }
            if settled > 0, let preferred {
                lines.append(
                    "\(settled == 1 ? "1 ambiguous value" : "\(settled) ambiguous values") read as \(names[preferred]) (--prefer)"
                )
            }
            if unread > 0 { lines.append("\(values(unread)) not read in any notation") }
            return lines.isEmpty ? ["no values read"] : lines
        }
    }
}

/// numconv's transform: from one notation (``NumberConverter``) or from
/// several (``AutoNumberConverter``). The command line builds one of the two;
/// ``runStream(_:)`` chooses once, and the engine runs specialised for the
/// one chosen, so `--from LOCALE` does per value what it did without this.
public enum NumberConversion: ValueTransform, Sendable, StreamSummarizing {
    case fixed(NumberConverter)
    case auto(AutoNumberConverter)
    /// `--style currency|accounting|compact|scientific|auto`.
    case amounts(AmountConverter)
    /// `--style words|numerals`.
    case words(WordsConverter)

    public var outputLimit: Int {
        get {
            switch self {
            case .fixed(let c): c.outputLimit
            case .auto(let c): c.outputLimit
            case .amounts(let c): c.outputLimit
            case .words(let c): c.outputLimit
            }
        }
        set {
            switch self {
            case .fixed(var c):
                c.outputLimit = newValue
                self = .fixed(c)
            case .auto(var c):
                c.outputLimit = newValue
                self = .auto(c)
            case .amounts(var c):
                c.outputLimit = newValue
                self = .amounts(c)
            case .words(var c):
                c.outputLimit = newValue
                self = .words(c)
            }
        }
    }

    public var mayWriteSeveralValues: Bool {
        switch self {
        case .fixed(let c): c.mayWriteSeveralValues
        case .auto(let c): c.mayWriteSeveralValues
        case .amounts(let c): c.mayWriteSeveralValues
        case .words(let c): c.mayWriteSeveralValues
        }
    }

    public var outputNames: [String] {
        switch self {
        case .fixed(let c): c.outputNames
        case .auto(let c): c.outputNames
        case .amounts(let c): c.outputNames
        case .words(let c): c.outputNames
        }
    }

    public var separator: ValueSeparator {
        get {
            switch self {
            case .fixed(let c): c.separator
            case .auto(let c): c.separator
            case .amounts(let c): c.separator
            case .words(let c): c.separator
            }
        }
        set {
            switch self {
            case .fixed(var c):
                c.separator = newValue
                self = .fixed(c)
            case .auto(var c):
                c.separator = newValue
                self = .auto(c)
            case .amounts(var c):
                c.separator = newValue
                self = .amounts(c)
            case .words(var c):
                c.separator = newValue
                self = .words(c)
            }
        }
    }

    public mutating func transform<Output: ByteOutput & ~Copyable>(
        _ value: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) throws(ValueError) {
        switch self {
        case .fixed(var c):
            defer { self = .fixed(c) }
            try c.transform(value, into: &output)
        case .auto(var c):
            defer { self = .auto(c) }
            try c.transform(value, into: &output)
        case .amounts(var c):
            defer { self = .amounts(c) }
            try c.transform(value, into: &output)
        case .words(var c):
            defer { self = .words(c) }
            try c.transform(value, into: &output)
        }
    }

    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        switch self {
        case .fixed(let c): try c.runStream(&run)
        case .auto(let c): try c.runStream(&run)
        case .amounts(let c): try StreamRun.engine(c, &run)
        case .words(let c): try StreamRun.engine(c, &run)
        }
    }

    public func summaryLines() -> [String] {
        switch self {
        case .fixed, .amounts, .words: []
        case .auto(let c): c.summaryLines()
        }
    }
}

extension AutoNumberConverter {
    public func runStream(_ run: inout StreamRun) throws(IOFailure) -> StreamOutcome {
        try StreamRun.engine(self, &run)
    }
}
