import StateSync

// Safe because `queued` is read and written only while `lock` is held, and `held` is atomic (hence `@unchecked`).
/// Holds a store's dispatches while a debugger has paused the app, and lets them through in order on
/// resume. Dispatch pays one relaxed atomic load while the gate is open.
@usableFromInline
final class _DispatchGate<Action>: @unchecked Sendable {
    @usableFromInline
    let _held = AtomicCell<Bool>(false)
    /// Guards `queued`, whose actions pass from the app's threads to the debugger's.
    private let lock = Locked(())
    private var queued: [(Action, CallSite?)] = []

    init() {}

    /// Whether dispatches are being held.
    @inlinable
    var isHeld: Bool { _held.load(ordering: .relaxed) }

    /// Queues `action` if the gate is still held; `false` when it opened meanwhile.
    @usableFromInline
    func _hold(_ action: Action, site: CallSite?) -> Bool {
        lock.withLock { _ in
            guard _held.load(ordering: .relaxed) else { return false }
            queued.append((action, site))
            return true
        }
    }

    /// Starts holding dispatches.
    func close() {
        lock.withLock { _ in _held.store(true, ordering: .relaxed) }
    }

    /// Runs the held actions through `dispatch`, in order, then opens the gate; dispatches made
    /// meanwhile queue behind them. Returns how many ran.
    func open(_ dispatch: (Action, CallSite?) -> Void) -> Int {
        var count = 0
        while true {
            let batch = lock.withLock { _ -> [(Action, CallSite?)] in
                defer { queued = [] }
                if queued.isEmpty { _held.store(false, ordering: .relaxed) }
                return queued
            }
            if batch.isEmpty { return count }
            for (action, site) in batch { dispatch(action, site) }
            count += batch.count
        }
    }
}
