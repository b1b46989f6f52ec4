#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Somewhere a ``ValueTransform`` appends bytes: the engine's
/// ``OutputBuffer`` on the hot path, a `[UInt8]` for library use and tests.
public protocol ByteOutput: ~Copyable {
    /// Bytes written so far.
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Appends what `body` writes in place, at most `maximumCount` bytes.
    ///
    /// `body` is given a buffer of exactly `maximumCount + InPlaceWrite.slack`
    /// bytes, writes its output at the buffer's start and returns how many
    /// bytes that is, from 0 to `maximumCount` (more traps). It may also
    /// store into the rest of the buffer, the slack (a writer that stores
    /// whole words does), but those bytes are not appended. The caller works
    /// out `maximumCount` from the worst case of what it writes.
    mutating func appendWithUnsafeMutableBytes(
        maximumCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int)
    /// Drops everything from byte `mark` on.
    mutating func truncate(to mark: Int)
    /// Pads the value written from byte `mark` on (to the end) with spaces
    /// to `padding`'s display columns (``Padding``, `--width`).
    mutating func padValue(from mark: Int, _ padding: Padding)
}

/// The contract of in-place writes to a ``ByteOutput``
/// (``ByteOutput/appendWithUnsafeMutableBytes(maximumCount:_:)``).
public enum InPlaceWrite {
    /// How many bytes past its stated maximum an in-place writer is given:
    /// room to store whole 8-byte words up to its last byte, so that it
    /// need not finish with narrower stores. What it stores there is scratch,
    /// never output.
    @inlinable public static var slack: Int { 8 }
}

extension ByteOutput where Self: ~Copyable {
    /// Appends the bytes of an array.
    @inlinable
    public mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func padValue(from mark: Int, _ padding: Padding) {
        let width = withUnsafeBufferPointer { b in DisplayWidth.of(b.baseAddress!, mark, b.count) }
        let spaces = padding.columns - width
        guard spaces > 0 else { return }
        let blanks = [UInt8](repeating: 0x20, count: spaces)
        if padding.alignment == .right { insert(contentsOf: blanks, at: mark) } else { append(contentsOf: blanks) }
    }

    public mutating func appendWithUnsafeMutableBytes(
        maximumCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        // A buffer of its own, of exactly the stated size: a store past it
        // is caught by the address sanitizer (the fuzzers run under it),
        // which the spare capacity of the array would hide.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: maximumCount + InPlaceWrite.slack)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 0)
        let written = body(buffer)
        precondition((0...maximumCount).contains(written), "wrote past the stated count")
        append(contentsOf: buffer.prefix(written))
    }

    public mutating func truncate(to mark: Int) { removeSubrange(mark...) }
}

/// The engine's output: a growable run of bytes in one allocation, appended
/// to without the uniqueness and capacity bookkeeping of `Array` on every
/// call. It cannot be copied, so its memory has exactly one owner.
public struct OutputBuffer: ~Copyable, ByteOutput {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// Bytes written so far.
    public var count: Int { written }

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether nothing has been written.
    public var isEmpty: Bool { count == 0 }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0 else { return }
        if capacity - count < n { grow(toHold: n) }
        (base + count).update(from: bytes.baseAddress!, count: n)
        written += n
    }

    @inlinable @inline(__always)
    public mutating func appendWithUnsafeMutableBytes(
        maximumCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        let room = maximumCount + InPlaceWrite.slack
        if capacity - count < room { grow(toHold: room) }
        let n = body(UnsafeMutableBufferPointer(start: base + count, count: room))
        precondition(n >= 0 && n <= maximumCount, "wrote past the stated count")
        written += n
    }

    /// Counts `n` more bytes, to be written through
    /// ``withUnsafeMutableBytes(_:)`` (a field widened in place).
    mutating func extend(by n: Int) {
        if capacity - count < n { grow(toHold: n) }
        written += n
    }

    /// Pads in place (``Padding/padInPlace(_:_:terminatorLength:width:)``,
    /// given the room it may store in).
    @inline(__always)
    public mutating func padValue(from mark: Int, _ padding: Padding) {
        let n = written
        let width = DisplayWidth.of(base, mark, n)
        guard width < padding.columns else { return }
        if capacity - n < padding.columns + 32 { grow(toHold: padding.columns + 32) }
        var q = base + n
        padding.padInPlace(base + mark, &q, terminatorLength: 0, width: width)
        written = q - base
    }

    /// Puts `first`, then `second`, at byte `mark`, after the bytes before
    /// it and before those from it on (which move up).
    mutating func insert(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, at mark: Int) {
        precondition(mark >= 0 && mark <= count, "insert past the end")
        let n = first.count &+ second.count
        if capacity &- written < n { grow(toHold: n) }
        memmove(base + mark + n, base + mark, written &- mark)
        if let f = first.baseAddress { (base + mark).update(from: f, count: first.count) }
        if let b = second.baseAddress { (base + mark + first.count).update(from: b, count: second.count) }
        written &+= n
    }

    /// Drops everything from byte `mark` on.
    public mutating func truncate(to mark: Int) {
        precondition(mark >= 0 && mark <= count, "truncate past the end")
        written = mark
    }

    /// Drops everything, keeping the memory.
    public mutating func removeAll() { written = 0 }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the bytes written so far, writable in place.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    /// Hands the bytes written so far over to a ``ByteChunk`` without
    /// copying them, and starts again empty in new memory of `capacity`
    /// bytes (a parallel run's worker, whose output the front writes later).
    mutating func detach(capacity newCapacity: Int) -> ByteChunk {
        let chunk = ByteChunk(owning: base, count: count, capacity: capacity)
        capacity = max(16, newCapacity)
        base = .allocate(capacity: capacity)
        written = 0
        return chunk
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @usableFromInline @inline(never)
    mutating func grow(toHold n: Int) {
        let larger = max(capacity * 2, count + n)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        memory.update(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = larger
    }
}

/// Bytes in memory of their own, freed with the chunk: output recorded by a
/// parallel run's worker (``ParallelStream``) until the front writes it.
final class ByteChunk: @unchecked Sendable {
    // @unchecked Sendable, safely: the bytes are written before the chunk
    // is shared and only read after.
    let base: UnsafeMutablePointer<UInt8>
    let count: Int
    /// The memory the chunk holds, which counts against the bound of what a
    /// worker may hold.
    let capacity: Int

    /// A chunk that owns `base`, of `capacity` bytes, `count` of them written.
    init(owning base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
        self.base = base
        self.count = count
        self.capacity = capacity
    }

    /// A copy of `bytes`.
    convenience init(copying bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, n))
        if n > 0 { memory.initialize(from: bytes.baseAddress!, count: n) }
        self.init(owning: memory, count: n, capacity: n)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
