#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, read and changed only while holding its lock; a thread may also wait,
/// with the lock released, until the value is ready for it.
///
/// ```swift
/// let hits = Locked(0)
/// DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
///     hits.withLock { $0 += 1 }
/// }
/// print(hits.withLock { $0 })
/// ```
///
/// ```text
/// 1000
/// ```
///
/// A thread that needs the value in some state waits for it with ``withLock(when:_:)`` (or
/// ``withLock(when:timeout:_:)``); whoever changes the value so that a waiter may go on calls
/// ``wakeWaiters()``, inside or after its ``withLock(_:)``:
///
/// ```swift
/// let queue = Locked<[Int]>([])
/// // The consumer:
/// let first = queue.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
/// // A producer:
/// queue.withLock { $0.append(7) }
/// queue.wakeWaiters()
/// ```
///
/// It is a `pthread_mutex_t` and a `pthread_cond_t` on every platform: `Synchronization.Mutex` does not
/// exist before iOS 18 and macOS 15, and on Linux it hands a contended lock from thread to thread inside
/// the kernel (a priority-inheriting futex), where ThreadSanitizer cannot see it, so that every contended
/// section looks like a data race. ThreadSanitizer intercepts the pthread calls: a race it reports around
/// a `Locked` value is a real one.
public struct Locked<Value: ~Copyable>: ~Copyable {
    // Safe because the block is allocated once in init, holds the three parts at their offsets, and is freed once in
    // deinit, when no other owner can remain (Locked is ~Copyable).
    /// One allocation: the `pthread_mutex_t` and the `pthread_cond_t` (which must never move), then the value.
    @usableFromInline let _base: UnsafeMutableRawPointer

    @usableFromInline
    static var _conditionOffset: Int {
        let size = MemoryLayout<pthread_mutex_t>.stride
        let alignment = MemoryLayout<pthread_cond_t>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    @usableFromInline
    static var _valueOffset: Int {
        let size = _conditionOffset + MemoryLayout<pthread_cond_t>.stride
        let alignment = MemoryLayout<Value>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    // Safe because the block is sized and aligned for its three parts and bound to their types here, once.
    /// Creates a lock guarding `initialValue`.
    @inlinable
    public init(_ initialValue: consuming sending Value) {
        let offset = Self._valueOffset
        _base = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<Value>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment,
                           MemoryLayout<Value>.alignment)
        )
        let mutex = _base.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        let condition = (_base + Self._conditionOffset).bindMemory(to: pthread_cond_t.self, capacity: 1)
        condition.initialize(to: pthread_cond_t())
        _lockedInitCondition(condition)
        (_base + offset).bindMemory(to: Value.self, capacity: 1).initialize(to: initialValue)
    }

    // Safe because nothing else holds the lock or the value once the last owner is gone (Locked is ~Copyable).
    @inlinable
    deinit {
        pthread_cond_destroy(_condition)
        pthread_mutex_destroy(_mutex)
        _ = (_base + Self._valueOffset).assumingMemoryBound(to: Value.self).move()
        _base.deallocate()
    }

    // Safe because the memory was bound to pthread_mutex_t in init and is freed only in deinit.
    @inlinable
    var _mutex: UnsafeMutablePointer<pthread_mutex_t> { _base.assumingMemoryBound(to: pthread_mutex_t.self) }

    // Safe because the memory was bound to pthread_cond_t in init and is freed only in deinit.
    @inlinable
    var _condition: UnsafeMutablePointer<pthread_cond_t> {
        (_base + Self._conditionOffset).assumingMemoryBound(to: pthread_cond_t.self)
    }

    // Safe because the memory was bound to Value in init, and callers touch it only between lock and unlock.
    @inlinable
    var _value: UnsafeMutablePointer<Value> { (_base + Self._valueOffset).assumingMemoryBound(to: Value.self) }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// Blocks while another thread holds the lock. Not reentrant: calling `withLock` on the same value
    /// from inside `body` deadlocks.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(_mutex)
        defer { pthread_mutex_unlock(_mutex) }
        return try body(&_value.pointee)
    }

    /// Runs `body` with exclusive access to the value when no other thread holds the lock, and returns
    /// what it returns; returns `nil` at once otherwise.
    ///
    /// For a thread that must not wait for whoever holds the lock: one that serves a signal handler,
    /// while the thread that took the lock may be the one that crashed.
    @inlinable
    public borrowing func withLockIfAvailable<Result>(_ body: (inout Value) -> Result) -> Result? {
        guard pthread_mutex_trylock(_mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(_mutex) }
        return body(&_value.pointee)
    }

    /// Waits until `isReady` holds for the value, then runs `body` with exclusive access to it.
    ///
    /// While it waits the lock is free; `isReady` runs with the lock held, first at once and then each
    /// time ``wakeWaiters()`` is called (and sometimes without, as condition variables do), so it may
    /// note in the value that a thread waits. Blocks for as long as the value is not ready.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        when isReady: (inout Value) -> Bool,
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(_mutex)
        defer { pthread_mutex_unlock(_mutex) }
        while !isReady(&_value.pointee) { pthread_cond_wait(_condition, _mutex) }
        return try body(&_value.pointee)
    }

    /// Waits until `isReady` holds for the value or `timeout` has passed, then runs `body` with exclusive
    /// access to it, telling it which: `true` when the value is ready.
    ///
    /// As ``withLock(when:_:)``, with a limit: the time is measured on the monotonic clock, which
    /// neither a change of the wall clock nor a suspended machine moves.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        when isReady: (inout Value) -> Bool, timeout: Duration,
        _ body: (inout sending Value, _ isReady: Bool) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let deadline = _LockedDeadline(after: timeout)
        pthread_mutex_lock(_mutex)
        defer { pthread_mutex_unlock(_mutex) }
        var ready = isReady(&_value.pointee)
        while !ready, deadline.wait(on: _condition, _mutex) {
            ready = isReady(&_value.pointee)
        }
        return try body(&_value.pointee, ready)
    }

    /// Wakes every thread waiting in ``withLock(when:_:)`` or ``withLock(when:timeout:_:)`` on this value,
    /// to look at it again. Call it once the value changed in a way a waiter may wait for, from inside a
    /// `withLock` body or after it.
    @inlinable
    public borrowing func wakeWaiters() {
        pthread_cond_broadcast(_condition)
    }
}

// Safe because, as for `Mutex`, the value crosses threads only under the lock, and `sending` keeps callers from holding
// on to a non-Sendable value after handing it in or out.
extension Locked: @unchecked Sendable where Value: ~Copyable {}

// Safe because the condition is a Locked's own, bound and initialized memory, used only during the call.
/// Prepares a condition variable whose timed waits measure the monotonic clock.
@usableFromInline
func _lockedInitCondition(_ condition: UnsafeMutablePointer<pthread_cond_t>) {
    #if canImport(Darwin)
    // Timed waits on Apple platforms are relative (pthread_cond_timedwait_relative_np): no clock to set.
    pthread_cond_init(condition, nil)
    #else
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
    #endif
}

/// When a timed wait of ``Locked`` ends, on the monotonic clock.
@usableFromInline
struct _LockedDeadline {
    @usableFromInline var nanoseconds: Int64

    @usableFromInline
    init(after timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        // A timeout past what the clock can count (centuries) waits as long as it can.
        var total = Int64.max
        let span = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if !span.overflow {
            let sum = span.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
            if !sum.overflow { total = max(0, sum.partialValue) }
        }
        let deadline = Self.now().addingReportingOverflow(total)
        nanoseconds = deadline.overflow ? Int64.max : deadline.partialValue
    }

    /// The monotonic clock, in nanoseconds.
    @usableFromInline
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    // Safe because both pointers are a Locked's own initialized mutex and condition, used only during the call.
    /// Waits on `condition` (with `mutex` held) until woken or the deadline; `false` once it has passed.
    @usableFromInline
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Bool {
        let remaining = nanoseconds - Self.now()
        guard remaining > 0 else { return false }
        #if canImport(Darwin)
        var relative = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, mutex, &relative)
        #else
        var absolute = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &absolute)
        #endif
        return true
    }
}
