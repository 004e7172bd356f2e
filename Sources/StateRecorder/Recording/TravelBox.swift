import StateSync

/// Holds a recorder's ``TravelState`` behind the lock that orders its steps, shared by the recorder
/// and its time travel.
///
/// Not nested in the generic `Recorder`: a type nested there is generic too, and would cost the
/// dispatching thread a runtime metadata lookup on every step.
final class TravelBox: Sendable {
    private let state: Locked<TravelState>

    init(_ state: TravelState) {
        self.state = Locked(state)
    }

    func withLock<T>(_ body: (inout TravelState) -> T) -> T {
        state.withLock { body(&$0) }
    }

    /// Runs `body` under the lock when it is free; `nil` when another thread holds it.
    func withLockIfAvailable<T>(_ body: (inout TravelState) -> T) -> T? {
        state.withLockIfAvailable { body(&$0) }
    }
}
