#if canImport(Darwin)
import Synchronization
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that threads share, read and changed only while holding its lock.
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
/// The API is that of `Synchronization.Mutex`, and on Apple platforms it is one. On Linux it is a
/// `pthread_mutex_t` instead, because `Mutex` there hands a contended lock from thread to thread
/// inside the kernel (a priority-inheriting futex), where ThreadSanitizer cannot see it: every
/// contended section then looks like a data race. ThreadSanitizer intercepts the pthread calls, so
/// a race it reports around a `Locked` value is a real one. Uncontended, both cost about the same.
public struct Locked<Value: ~Copyable>: ~Copyable {
    #if canImport(Darwin)
    @usableFromInline let _mutex: Mutex<Value>

    /// Creates a lock guarding `initialValue`.
    @inlinable
    public init(_ initialValue: consuming sending Value) {
        _mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// Blocks while another thread holds the lock. Not reentrant: calling `withLock` on the same value
    /// from inside `body` deadlocks.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try _mutex.withLock(body)
    }
    // Safe because the block is allocated once with the alignment of both parts, holds the mutex at 0 and the value at
    // _valueOffset, is bound to those types at init, and the value is touched only with the mutex held.
    #else
    /// One allocation: the `pthread_mutex_t` (which must never move), then the value.
    @usableFromInline let _base: UnsafeMutableRawPointer

    @usableFromInline
    static var _valueOffset: Int {
        let size = MemoryLayout<pthread_mutex_t>.stride
        let alignment = MemoryLayout<Value>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    // Safe because the block is sized and aligned for both parts and bound to their types here, once.
    /// Creates a lock guarding `initialValue`.
    @inlinable
    public init(_ initialValue: consuming sending Value) {
        let offset = Self._valueOffset
        _base = UnsafeMutableRawPointer.allocate(
            byteCount: offset + MemoryLayout<Value>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment)
        )
        let mutex = _base.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        (_base + offset).bindMemory(to: Value.self, capacity: 1).initialize(to: initialValue)
    }

    // Safe because nothing else holds the lock or the value once the last owner is gone (Locked is ~Copyable).
    @inlinable
    deinit {
        let mutex = _base.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_destroy(mutex)
        _ = (_base + Self._valueOffset).assumingMemoryBound(to: Value.self).move()
        _base.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// Blocks while another thread holds the lock. Not reentrant: calling `withLock` on the same value
    /// from inside `body` deadlocks.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        // Safe because the memory was bound to these types in init, and the value is touched only between lock and
        // unlock.
        let mutex = _base.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let value = (_base + Self._valueOffset).assumingMemoryBound(to: Value.self)
        return try body(&value.pointee)
    }
    #endif
}

// Like `Mutex`: the value only ever crosses threads under the lock, and `sending` keeps callers from
// holding on to a non-Sendable value after handing it in or out.
// Safe because as Mutex: the value crosses threads only under the lock, and sending keeps callers from keeping it.
extension Locked: @unchecked Sendable where Value: ~Copyable {}
