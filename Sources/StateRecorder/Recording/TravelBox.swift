import StateSync

/// Holds a recording store's ``TravelState`` behind a lock, so the store's observer closures can share it.
///
/// Not nested in the generic `RecordingStore`: a type nested there is generic too, and would cost the
/// dispatching thread a runtime metadata lookup on every step.
final class TravelBox: Sendable {
    private let state: Locked<TravelState>

    init(_ state: TravelState) {
        self.state = Locked(state)
    }

    func withLock<T>(_ body: (inout TravelState) -> T) -> T {
        state.withLock { body(&$0) }
    }
}
