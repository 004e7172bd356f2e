import Foundation
import StateJSON
import StateEncoding
import StateSync
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// Time sources for recorders, and the timestamp format of journal headers.
public enum RecordingClock {
    /// The wall clock, in milliseconds since 1970-01-01 UTC, rounded to the nearest.
    public static let wall: @Sendable () -> Int64 = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Android)
        // Read straight from the system: a recorder reads the clock on every step, and going through
        // `Date` costs several times as much.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + (Int64(now.tv_nsec) + 500_000) / 1_000_000
        #else
        return Int64((Date().timeIntervalSince1970 * 1000).rounded())
        #endif
    }

    /// A clock that starts at `start` and advances `step` milliseconds on every reading: reproducible files.
    public static func fixed(start: Int64 = 1_767_225_600_000, step: Int64 = 1000) -> @Sendable () -> Int64 {
        let counter = Counter(start: start, step: step)
        return { counter.next() }
    }

    /// `2026-11-21T22:40:00.000Z` for a number of milliseconds since 1970.
    package static func iso8601(milliseconds: Int64) -> String {
        ISO8601Timestamp.format(milliseconds: milliseconds)
    }

    private final class Counter: Sendable {
        private let value: Locked<Int64>
        private let step: Int64

        init(start: Int64, step: Int64) {
            value = Locked(start)
            self.step = step
        }

        func next() -> Int64 {
            value.withLock { current in
                defer { current += step }
                return current
            }
        }
    }
}
