import Foundation

/// The longest sweeps (every locale, every region) run a sample in
/// `swift test`: a different one every run, chosen by a seed that is printed
/// with the sample and named in the sweep's failure messages, so that every
/// run checks other cases and a failure can be replayed:
///
///     NUMTOOLS_TEST_SEED=N swift test --filter SUITE     the same sample
///     NUMTOOLS_FULL_SWEEP=1 swift test                   every case (scripts/check.sh --full)
///
/// Without NUMTOOLS_TEST_SEED the seed is drawn once a process (.ci/run sets
/// and prints it).
enum Sweep {
    /// Whether the sweeps run whole (NUMTOOLS_FULL_SWEEP=1).
    static let full = ProcessInfo.processInfo.environment["NUMTOOLS_FULL_SWEEP"] == "1"

    /// This run's seed: NUMTOOLS_TEST_SEED, or one drawn for this process.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["NUMTOOLS_TEST_SEED"], let n = UInt64(text) { return n }
        return UInt64.random(in: 0..<(1 << 32))
    }()

    /// What a failure message of a sampled sweep starts with: how to replay it.
    static var replay: String {
        full ? "[whole sweep]" : "[sample: NUMTOOLS_TEST_SEED=\(seed); whole: NUMTOOLS_FULL_SWEEP=1]"
    }

    /// `items` whole under NUMTOOLS_FULL_SWEEP=1; else a sample of them, in
    /// their order: `fraction` of them but at least `minimum` (all when there
    /// are fewer), chosen by the seed and `name` (so that two sweeps sample
    /// differently). `always` are kept in every sample (the cases a sweep is
    /// known to need). Prints what it runs.
    static func sample<T>(
        _ items: [T], _ name: String, fraction: Double = 0.2, minimum: Int = 150, always: (T) -> Bool = { _ in false }
    ) -> [T] {
        let count = min(items.count, max(minimum, Int((Double(items.count) * fraction).rounded(.up))))
        if full || count == items.count {
            print("sweep \(name): all \(items.count)")
            return items
        }
        var state = seed ^ fnv1a(name)
        var indices = Array(items.indices)
        // Fisher-Yates with SplitMix64: the first `count` indices are the sample.
        for i in stride(from: indices.count - 1, to: 0, by: -1) {
            let j = Int(splitMix(&state) % UInt64(i + 1))
            indices.swapAt(i, j)
        }
        var chosen = Set(indices.prefix(count))
        for (i, item) in items.enumerated() where always(item) { chosen.insert(i) }
        print(
            "sweep \(name): \(chosen.count) of \(items.count) (NUMTOOLS_TEST_SEED=\(seed); all: NUMTOOLS_FULL_SWEEP=1)")
        return items.indices.filter { chosen.contains($0) }.map { items[$0] }
    }

    /// Every locale Foundation knows, sorted, or this run's sample of them.
    static func locales(
        _ name: String, fraction: Double = 0.2, minimum: Int = 150, always: (String) -> Bool = { _ in false }
    ) -> [String] {
        sample(Locale.availableIdentifiers.sorted(), name, fraction: fraction, minimum: minimum, always: always)
    }

    private static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
