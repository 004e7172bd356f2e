/// How long an app that dials out waits before it dials its debugger again: ``first`` after the first
/// failure, twice as long after each failure that follows, never longer than ``limit``; after a session
/// the debugger was welcomed to, from ``first`` again.
///
/// ```swift
/// var backoff = LiveBackoff()
/// backoff.fail()    // 0.2 seconds
/// backoff.fail()    // 0.4 seconds
/// backoff.reset()
/// backoff.fail()    // 0.2 seconds
/// ```
package struct LiveBackoff: Sendable, Equatable {
    /// The wait after the first failure.
    package let first: Duration
    /// The longest wait: a debugger that comes back is reached within it.
    package let limit: Duration
    /// The wait after the next failure.
    package private(set) var next: Duration

    /// Waits from `first`, doubling up to `limit`.
    package init(first: Duration = .milliseconds(200), limit: Duration = .seconds(10)) {
        self.first = first
        self.limit = max(first, limit)
        next = first
    }

    /// The wait after another failure; the one after it is twice as long, up to the limit.
    @discardableResult
    package mutating func fail() -> Duration {
        defer { next = min(next * 2, limit) }
        return next
    }

    /// Starts again from ``first``: the debugger was reached.
    package mutating func reset() {
        next = first
    }
}
