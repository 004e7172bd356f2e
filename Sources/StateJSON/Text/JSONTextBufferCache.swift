import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One spare text buffer, kept between serializations so that the next one starts with room.
///
/// Serializing a large state into a fresh buffer pays for the buffer twice: growing it by doubling
/// (each step a `realloc` that may copy), and, once it is freed, the allocator handing the pages back
/// to the system, so that the next serialization faults them in again. Keeping the last buffer (up to
/// ``largestKept`` bytes) avoids both: on the benchmark's 70 KB state, serializing takes about a
/// fifth less time. The slot is one atomic word, so writers on any thread take and return it without
/// a lock; a writer that finds the slot empty allocates as before, and a buffer returned while the
/// slot is full is freed.
///
/// A buffer is a block of `malloc`ed memory whose first ``headerSize`` bytes hold its capacity.
///
/// Built with `-D STATEJSON_UNCACHED_TEXT_BUFFERS` (as CI's address-sanitizer run is), the shared
/// cache keeps nothing, so every writer's buffer is freed when the writer ends and the sanitizer
/// catches any use of it afterwards.
final class JSONTextBufferCache: Sendable {
    /// The cache every ``JSONTextWriter`` uses.
    #if STATEJSON_UNCACHED_TEXT_BUFFERS
    static let shared = JSONTextBufferCache(keeps: false)
    #else
    static let shared = JSONTextBufferCache()
    #endif

    /// Bytes before the text: the capacity, padded to keep the text 16-byte aligned.
    static let headerSize = 16
    /// The largest buffer kept for reuse (1 MiB); a larger one is freed.
    static let largestKept = 1 << 20

    private let slot = Atomic<UInt>(0)
    /// Whether buffers given back are kept at all.
    private let keeps: Bool

    init(keeps: Bool = true) {
        self.keeps = keeps
    }

    /// The spare block with its capacity, if there is one; the slot is empty afterwards.
    func take() -> (block: UnsafeMutableRawPointer, capacity: Int)? {
        let bits = slot.exchange(0, ordering: .acquiring)
        guard let block = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
        return (block, block.load(as: Int.self))
    }

    /// Keeps `block` (with room for `capacity` bytes of text) for the next writer, or frees it when
    /// the slot is taken or the block is larger than ``largestKept``.
    func give(_ block: UnsafeMutableRawPointer, capacity: Int) {
        guard keeps, capacity <= JSONTextBufferCache.largestKept else { return free(block) }
        block.storeBytes(of: capacity, as: Int.self)
        if !slot.compareExchange(expected: 0, desired: UInt(bitPattern: block), ordering: .acquiringAndReleasing).exchanged {
            free(block)
        }
    }

    deinit {
        if let block = UnsafeMutableRawPointer(bitPattern: slot.load(ordering: .acquiring)) { free(block) }
    }
}
