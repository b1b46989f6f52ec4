// A lock and condition variable over POSIX threads (issue 46: Foundation's
// NSCondition is not in FoundationEssentials). pthread_mutex and
// pthread_cond are spelt alike by glibc, musl and Darwin's libc.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What ``JobPipeline`` waits on: a mutex and a condition variable, as
/// Foundation's `NSCondition` (lock, unlock, wait, wait(until:), broadcast).
// @unchecked Sendable, safely: the two pointers are set in `init`, freed in
// `deinit`, and used only through pthread calls, which are thread-safe.
// Each pointer holds exactly one value (allocated with capacity 1).
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }

    /// Waits (the lock held) until woken.
    func wait() { pthread_cond_wait(cond, mutex) }

    /// Waits (the lock held) until woken or `deadline` (wall-clock time, as
    /// `pthread_cond_timedwait` takes it); whether it was woken before.
    @discardableResult
    func wait(until deadline: Date) -> Bool {
        let seconds = max(0, deadline.timeIntervalSince1970)
        let whole = seconds.rounded(.down)
        var time = timespec()
        time.tv_sec = .init(whole)
        time.tv_nsec = .init(min(999_999_999, (seconds - whole) * 1_000_000_000))
        return pthread_cond_timedwait(cond, mutex, &time) == 0
    }
}
