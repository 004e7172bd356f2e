/// A ``StoreObserver`` in a box, as a store's listeners snapshot holds it.
///
/// A class so that the draining thread can call it through the snapshot without retaining the
/// observer's closures (see ``_Listeners``).
@usableFromInline
final class _Observer<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let _receive: @Sendable (StoreEvent<State, Action>) -> Void
    @usableFromInline let _applied: (@Sendable (Action, State) -> Void)?

    @usableFromInline
    init(_ observer: StoreObserver<State, Action>) {
        _receive = observer._receive
        _applied = observer._applied
    }
}
