// @unchecked Sendable, safely: `lead` and `tokens` are filled in `init`,
// before the table can be shared, only read afterwards and freed in `deinit`.
/// A parser's tokens in raw memory, with a 256-entry table from a byte to the
/// first token that starts with it: the hot loop reads both through plain
/// pointers, with no reference counting or bounds checks per byte.
final class TokenTable: @unchecked Sendable {
    /// Per byte value: 1 + the index of the first token starting with it, or 0.
    let lead: UnsafeMutablePointer<UInt8>
    /// The tokens, in priority order.
    let tokens: UnsafeMutablePointer<LocaleNumberParser.Token>
    let count: Int

    /// Immutable after init; freed with the table.
    init(_ tokens: [LocaleNumberParser.Token]) {
        precondition(tokens.count < 255, "\(tokens.count) tokens")
        count = tokens.count
        self.tokens = .allocate(capacity: max(1, tokens.count))
        self.tokens.initialize(from: tokens, count: tokens.count)
        lead = .allocate(capacity: 256)
        lead.initialize(repeating: 0, count: 256)
        for (k, t) in tokens.enumerated().reversed() { lead[Int(t.b0)] = UInt8(k + 1) }
    }

    deinit {
        tokens.deinitialize(count: count)
        tokens.deallocate()
        lead.deallocate()
    }
}
