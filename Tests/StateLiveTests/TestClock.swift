import StateSync

/// A clock that moves only when a test moves it, for code that takes the time now as a function.
final class TestClock: Sendable {
    private let start = ContinuousClock.now
    private let elapsed = Locked<Duration>(.zero)

    /// The time now: the moment the clock was made, plus every `advance` since.
    var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }

    /// Moves the clock on.
    func advance(by duration: Duration) {
        elapsed.withLock { $0 += duration }
    }
}
