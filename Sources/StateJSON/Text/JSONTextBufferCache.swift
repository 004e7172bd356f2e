#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// One spare text buffer per thread, kept between serializations so that the next one on the same
/// thread starts with room.
///
/// Serializing a large state into a fresh buffer pays for the buffer twice: growing it by doubling
/// (each step a `realloc` that may copy), and, once it is freed, the allocator handing the pages back
/// to the system, so that the next serialization faults them in again. Keeping the last buffer (up to
/// ``largestKept`` bytes) avoids both: on the benchmark's 70 KB state, serializing takes about a
/// fifth less time.
///
/// The spare lives in thread-specific storage, so no buffer is ever shared between threads: a writer
/// takes its own thread's spare, and gives it back to the thread it ends on. Nothing here is global
/// mutable state; the cache holds only the key that names each thread's slot, and a thread's spare is
/// freed when the thread ends. A writer that finds the slot empty allocates as before, and a buffer
/// given back while the slot is full is freed.
///
/// A buffer is a block of `malloc`ed memory whose first ``headerSize`` bytes hold its capacity.
///
/// Built with `-D STATEJSON_UNCACHED_TEXT_BUFFERS` (as CI's address-sanitizer run is), the cache
/// writers use keeps nothing, so every writer's buffer is freed when the writer ends and the sanitizer
/// catches any use of it afterwards.
final class JSONTextBufferCache: Sendable {
    /// The cache every ``JSONTextWriter`` uses unless handed another.
    #if STATEJSON_UNCACHED_TEXT_BUFFERS
    static let perThread = JSONTextBufferCache(keeps: false)
    #else
    static let perThread = JSONTextBufferCache()
    #endif

    /// Bytes before the text: the capacity, padded to keep the text 16-byte aligned.
    static let headerSize = 16
    /// The largest buffer kept for reuse (1 MiB); a larger one is freed.
    static let largestKept = 1 << 20

    /// Names each thread's slot; the value stored under it is the spare block, or `nil`.
    private let key: pthread_key_t
    /// Whether buffers given back are kept at all.
    private let keeps: Bool
    /// Whether creating the key failed, so that nothing can be kept.
    private let unkeyed: Bool

    /// A cache with its own per-thread slots. Every writer uses ``perThread``; tests make their own.
    init(keeps: Bool = true) {
        self.keeps = keeps
        var key = pthread_key_t()
        // The destructor frees the spare of a thread that ends holding one. Only running out of keys
        // (PTHREAD_KEYS_MAX, at least 128) fails; then nothing is kept.
        unkeyed = pthread_key_create(&key) { block in free(block) } != 0
        self.key = key
    }

    // Safe because a block is in a thread's slot or with one writer, never both: take empties the slot, give fills it
    // only when it is empty and frees otherwise.
    /// This thread's spare block with its capacity, if it has one; the slot is empty afterwards.
    func take() -> (block: UnsafeMutableRawPointer, capacity: Int)? {
        guard !unkeyed, let block = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return (block, block.load(as: Int.self))
    }

    // Safe because the writer giving a block back stops using it, and the slot takes it only when empty.
    /// Keeps `block` (with room for `capacity` bytes of text) for this thread's next writer, or frees
    /// it when this thread already keeps one or the block is larger than ``largestKept``.
    func give(_ block: UnsafeMutableRawPointer, capacity: Int) {
        guard keeps, !unkeyed, capacity <= JSONTextBufferCache.largestKept, pthread_getspecific(key) == nil else {
            return free(block)
        }
        block.storeBytes(of: capacity, as: Int.self)
        if pthread_setspecific(key, block) != 0 { free(block) }
    }

    deinit {
        // Only tests' caches end; they are used from one thread, whose spare is freed here. Deleting
        // the key does not run the destructor for other threads.
        guard !unkeyed else { return }
        if let block = pthread_getspecific(key) { free(block) }
        pthread_key_delete(key)
    }
}
