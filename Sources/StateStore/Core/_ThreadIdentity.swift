#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cheap identifier for the calling thread, used to tell re-entrant calls from concurrent ones.
///
/// Zero never names a live thread, so stores use it as "no thread".
@usableFromInline
enum _ThreadIdentity {
    @inlinable
    static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
