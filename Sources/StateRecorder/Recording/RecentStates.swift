// Safe because it is used only under the recording store's travel lock, and a slot is read only while its step says it
// is initialized.
/// A ring of the last few states a recording store reached, by step, so that undo, redo and jumps to
/// recent steps need not read the journal back.
///
/// Slot `step % capacity` holds the state after `step`. A class over raw storage rather than an array
/// of states, because the dispatching thread writes a slot on every step and, in the recorder's
/// unspecialized generic code, an array of a generic element costs a runtime metadata lookup per write.
/// Used only under the recording store's travel lock.
final class RecentStates<State>: @unchecked Sendable {
    private let capacity: Int
    /// The step whose state each slot holds; -1 for none (that slot's state is uninitialized).
    private var steps: [Int]
    private let states: UnsafeMutablePointer<State>

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        steps = Array(repeating: -1, count: self.capacity)
        states = .allocate(capacity: self.capacity)
    }

    deinit {
        for slot in 0..<capacity where steps[slot] >= 0 { (states + slot).deinitialize(count: 1) }
        states.deallocate()
    }

    /// The state after `step`, if it is still in the ring.
    func state(after step: Int) -> State? {
        guard capacity > 0, step >= 0, steps[step % capacity] == step else { return nil }
        return states[step % capacity]
    }

    /// Keeps `state` as the state after `step`, in place of the oldest one.
    func remember(_ step: Int, _ state: State) {
        guard capacity > 0, step >= 0 else { return }
        let slot = step % capacity
        if steps[slot] >= 0 {
            states[slot] = state
        } else {
            (states + slot).initialize(to: state)
        }
        steps[slot] = step
    }
}
