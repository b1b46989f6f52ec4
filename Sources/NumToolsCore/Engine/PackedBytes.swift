// @unchecked Sendable, safely: `base` is written only in `init`, before the
// object can be shared, and freed only in `deinit`, when no reference is
// left; `spans` is a `let` array. After `init` every access is a read.
/// Byte strings (separators, signs, affixes) packed into one allocation that
/// hot loops read through raw pointers: no reference counting, no bounds
/// checks, no array copies. Immutable once built.
final class PackedBytes: @unchecked Sendable {
    /// Where one of the strings lies in the allocation.
    struct Span: Sendable, Hashable {
        var offset: Int
        var count: Int
    }

    let base: UnsafeMutablePointer<UInt8>
    /// The spans of the strings given to `init`, in order.
    let spans: [Span]
    /// The strings for a hot loop, which keeps this object alive elsewhere.
    var view: PackedBytesView { PackedBytesView(base: UnsafePointer(base)) }

    init(_ parts: [[UInt8]]) {
        base = .allocate(capacity: max(1, parts.reduce(0) { $0 + $1.count }))
        var offset = 0
        var spans: [Span] = []
        for part in parts {
            for (k, b) in part.enumerated() { base[offset + k] = b }
            spans.append(Span(offset: offset, count: part.count))
            offset += part.count
        }
        self.spans = spans
    }

    deinit { base.deallocate() }
}

// @unchecked Sendable, safely: a read-only pointer to memory that its
// ``PackedBytes`` never writes after `init`; whoever stores a view stores
// its ``PackedBytes`` beside it (`DigitGrouper.packed`), which keeps the
// memory alive for as long as the view can be read.
/// A borrowed view of ``PackedBytes``: a plain pointer, so reading it costs
/// no reference counting. Valid while its ``PackedBytes`` lives.
struct PackedBytesView: @unchecked Sendable {
    let base: UnsafePointer<UInt8>

    /// The length of the string at `span` when it stands at `p[i]` (before
    /// `end`), else 0. An empty string never matches.
    @inline(__always)
    func match(_ span: PackedBytes.Span, _ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let n = span.count
        guard n > 0, end - i >= n else { return 0 }
        let s = base + span.offset
        for k in 0..<n where p[i + k] != s[k] { return 0 }
        return n
    }

    /// Copies the string at `span` to `q` and advances it.
    @inline(__always)
    func put(_ span: PackedBytes.Span, _ q: inout UnsafeMutablePointer<UInt8>) {
        let s = base + span.offset
        for k in 0..<span.count { q[k] = s[k] }
        q += span.count
    }
}
