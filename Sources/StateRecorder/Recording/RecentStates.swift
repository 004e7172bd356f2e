// Safe because it is used only under the recorder's lock, and a slot is read only while its step says it
// is initialized.
/// A ring of the last few states a recording store reached, by step, so that undo, redo and jumps to
/// recent steps need not read the journal back.
///
/// Slot `step % capacity` holds the state after `step`. A class over raw storage rather than an array
/// of states, because the dispatching thread writes a slot on every step and, in the recorder's
/// unspecialized generic code, an array of a generic element costs a runtime metadata lookup per write.
/// Used only under the recorder's lock.
///
/// The ring keeps fewer than `capacity` states when the state is large (see ``limit(capacity:stateBytes:)``):
/// every state it keeps holds its own copy of each array the app changed since (copy-on-write copies
/// the array the app mutates while the ring still holds it), so 256 states of a state with a long
/// list are 256 copies of that list.
final class RecentStates<State>: @unchecked Sendable {
    private let capacity: Int
    /// How many of the latest states are kept, at most `capacity`.
    private var limit: Int
    /// The step whose state each slot holds; -1 for none (that slot's state is uninitialized).
    private var steps: [Int]
    private let states: UnsafeMutablePointer<State>
    /// Whether freeing a state costs nothing (plain data): such states are not handed back.
    private let trivial = _isPOD(State.self)

    /// The bytes of journaled state (its canonical JSON, as the last keyframe wrote it) the ring aims to
    /// keep in memory across all its states.
    static var byteBudget: Int { 16 << 20 }
    /// The fewest states kept, however large the state.
    static var minimumLimit: Int { 8 }

    /// How many states to keep of a state whose JSON takes `stateBytes`: `capacity`, or fewer so that
    /// they take about ``byteBudget``, but never fewer than ``minimumLimit`` (nor than `capacity`).
    static func limit(capacity: Int, stateBytes: Int) -> Int {
        guard stateBytes > 0 else { return capacity }
        return min(capacity, max(minimumLimit, byteBudget / stateBytes))
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        limit = self.capacity
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

    /// Keeps `state` as the state after `step`, and of the states before it only the latest `limit - 1`
    /// (`limit` is at most the capacity); returns the state it let go of, if any and unless it is plain
    /// data, for the caller to free elsewhere.
    ///
    /// The last reference to an old state is usually the ring's, and freeing a state releases every
    /// object in it (each heap string of 1,000 users, from memory long out of cache): done here, under
    /// the lock, it cost a dispatch more than the rest of recording. The recorder hands the state back
    /// to the writer thread with the step's entry, which frees it.
    @discardableResult
    func remember(_ step: Int, _ state: State, limit newLimit: Int) -> State? {
        guard capacity > 0, step >= 0 else { return nil }
        let newLimit = min(capacity, max(1, newLimit))
        if newLimit < limit {
            for slot in 0..<capacity where steps[slot] >= 0 && steps[slot] <= step - newLimit { forget(slot) }
        }
        limit = newLimit
        var displaced: State?
        // Safe because a slot is moved out of, or overwritten, only while its step says it is initialized, and is then
        // marked empty or given the new state.
        if limit < capacity, step >= limit {
            let stale = (step - limit) % capacity
            if steps[stale] >= 0, steps[stale] <= step - limit {
                if trivial {
                    forget(stale)
                } else {
                    displaced = (states + stale).move()
                    steps[stale] = -1
                }
            }
        }
        let slot = step % capacity
        if steps[slot] >= 0 {
            if displaced == nil, !trivial {
                displaced = (states + slot).move()
                (states + slot).initialize(to: state)
            } else {
                states[slot] = state
            }
        } else {
            (states + slot).initialize(to: state)
        }
        steps[slot] = step
        return displaced
    }

    /// Keeps `state` as the state after `step`, in place of the oldest one.
    func remember(_ step: Int, _ state: State) {
        remember(step, state, limit: limit)
    }

    private func forget(_ slot: Int) {
        (states + slot).deinitialize(count: 1)
        steps[slot] = -1
    }
}
