/// Somewhere a ``ValueTransform`` appends bytes: the engine's
/// ``OutputBuffer`` on the hot path, a `[UInt8]` for library use and tests.
public protocol ByteOutput: ~Copyable {
    /// Bytes written so far.
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    /// Appends what `body` writes at the address it is given: at most
    /// `limit` bytes, as many as it returns.
    mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int)
    /// Drops everything from byte `mark` on.
    mutating func truncate(to mark: Int)
}

extension ByteOutput where Self: ~Copyable {
    /// Appends the bytes of an array.
    @inlinable
    public mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let start = count
        append(contentsOf: repeatElement(0, count: limit))
        let written = withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        precondition((0...limit).contains(written), "wrote past the limit")
        removeLast(limit - written)
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

    /// Room for `n` more bytes, to be written at the returned address and
    /// then counted with ``commit(_:)``.
    @inlinable @inline(__always)
    public mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < n { grow(toHold: n) }
        return base + count
    }

    /// Counts `n` bytes written at the address ``reserve(_:)`` returned.
    @inlinable @inline(__always)
    public mutating func commit(_ n: Int) {
        precondition(n >= 0 && written + n <= capacity, "commit past the reserved room")
        written += n
    }

    @inlinable @inline(__always)
    public mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let written = body(reserve(limit))
        commit(written)
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
