#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A cheap identifier for the calling thread, to tell a re-entrant call from a concurrent one.
///
/// Zero never names a live thread, so an ``AtomicCell`` holding one uses it for "no thread".
public enum ThreadIdentity {
    /// The calling thread's identifier: its `pthread_t`, as a number.
    @inlinable
    public static var current: UInt {
        // `pthread_t` is an integer in Glibc (unsigned long) and Bionic (long), and a pointer on Apple
        // platforms and in Musl; each becomes a UInt its own way.
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
