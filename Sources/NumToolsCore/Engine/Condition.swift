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

/// What ``JobPipeline`` waits on: a mutex and a condition variable, as
/// Foundation's `NSCondition` (lock, unlock, wait, wait(until:), broadcast),
/// its deadlines on the continuous clock.
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

    /// Waits (the lock held) until woken or `deadline`; whether it was woken
    /// before. `pthread_cond_timedwait` takes wall-clock time: the time
    /// left is added to the wall clock's now.
    @discardableResult
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let left = max(.zero, deadline - .now).components
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let nanoseconds = Int64(time.tv_nsec) + left.attoseconds / 1_000_000_000
        time.tv_sec += .init(left.seconds + nanoseconds / 1_000_000_000)
        time.tv_nsec = .init(nanoseconds % 1_000_000_000)
        return pthread_cond_timedwait(cond, mutex, &time) == 0
    }
}
