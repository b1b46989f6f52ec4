import Synchronization

/// Values derived once per key and shared among the threads of a process
/// (and the tests, which run in parallel), behind a `Mutex`: the one cache
/// type of NumToolsCore (issue 46: no `NSLock`, which FoundationEssentials
/// lacks).
///
/// A list, not a dictionary: a process derives a few values, and a
/// dictionary keyed by a type of this module costs start-up a runtime
/// conformance lookup that is dearer than searching a few entries.
final class LockedCache<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[(key: Key, value: Value)]>([])

    init() {}

    /// The value stored for `key`, or nil.
    subscript(key: Key) -> Value? {
        entries.withLock { list in list.first { $0.key == key }?.value }
    }

    /// Stores `value` unless another thread stored one first; returns the stored one.
    @discardableResult
    func insert(_ value: Value, for key: Key) -> Value {
        entries.withLock { list in
            if let first = list.first(where: { $0.key == key }) { return first.value }
            list.append((key, value))
            return value
        }
    }

    /// The value of `key`, made by `make` on first use (outside the lock:
    /// two threads may both make it; the first one stored is kept).
    func value(for key: Key, make: () -> Value) -> Value {
        if let known = self[key] { return known }
        return insert(make(), for: key)
    }
}

/// Values derived once per probe (see ``FoundationProbe``).
typealias ProbeCache<Value: Sendable> = LockedCache<FoundationProbe, Value>

/// Values derived once per locale identifier.
typealias IdentifierCache<Value: Sendable> = LockedCache<String, Value>
