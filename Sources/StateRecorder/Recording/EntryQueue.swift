import Foundation

// Safe because every slot is touched under the condition's lock, or by the one writer thread for the slots of a batch
// it took, which producers never reuse until the batch is released.
/// A first-in, first-out ring of recorder entries between one or more producers and the writer, with
/// a capacity: producers wait when it is full (backpressure), the writer takes everything queued at once.
///
/// Each slot has an entry and, beside it, room for one action and one state, which the entry says
/// whether it uses. Keeping them in typed slots rather than in one generic enum keeps the
/// dispatching thread's side to a few pointer stores, without runtime type lookups.
///
/// Taking the whole backlog in one call is what lets the writer batch lines into one `write`.
final class EntryQueue<State, Action>: @unchecked Sendable {
    // Invariant: `head`, `count`, `closed` and the waiting counts are only touched with `condition`
    // locked. Slots `head ..< head + count` (modulo `capacity`) are initialized; producers fill the
    // slot after them, so they never touch the slots a taken batch still holds.
    private let condition = NSCondition()
    let capacity: Int
    // Safe because see the type: slots are allocated once for capacity entries and deinitialized in deinit.
    private let entries: UnsafeMutablePointer<RecorderEntry>
    private let actions: UnsafeMutablePointer<Action>
    private let states: UnsafeMutablePointer<State>
    /// An old state to free on the writer's thread with each slot (see ``put(_:action:state:discarding:)``),
    /// initialized only where `holdsDiscard` says so.
    private let discards: UnsafeMutablePointer<State>
    private let holdsDiscard: UnsafeMutablePointer<Bool>
    private var head = 0
    private var count = 0
    /// How many entries producers may queue, at most `capacity`: fewer for large states (see ``limit(to:)``).
    private var limit: Int
    private var closed = false
    // Who is blocked in `wait()`: a put or a take wakes the other side only when someone is, so a
    // writer that keeps up costs producers no system call.
    private var consumerWaiting = false
    private var producersWaiting = 0

    /// The slots a ``take(until:)`` handed to the writer: `count` of them from `start`.
    struct Batch {
        /// The first slot, before wrapping around the ring.
        let start: Int
        let count: Int
        /// Whether the queue was closed when the batch was taken: with a `count` of 0, nothing more will come.
        var closed = false

        /// The entries at `positions` of this batch, to release before the rest.
        func slice(_ positions: Range<Int>) -> Batch {
            Batch(start: start + positions.lowerBound, count: positions.count)
        }
    }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        limit = self.capacity
        entries = .allocate(capacity: self.capacity)
        actions = .allocate(capacity: self.capacity)
        states = .allocate(capacity: self.capacity)
        discards = .allocate(capacity: self.capacity)
        holdsDiscard = .allocate(capacity: self.capacity)
        holdsDiscard.initialize(repeating: false, count: self.capacity)
    }

    deinit {
        for offset in 0..<count { deinitializeSlot((head + offset) % capacity) }
        entries.deallocate()
        actions.deallocate()
        states.deallocate()
        discards.deallocate()
        holdsDiscard.deallocate()
    }

    /// Appends a step with its action and state, waiting while the queue is full.
    ///
    /// - Returns: `false` once the queue is closed.
    @discardableResult
    func put(_ entry: RecorderEntry, action: Action, state: State) -> Bool {
        put(entry) { slot in
            (actions + slot).initialize(to: action)
            (states + slot).initialize(to: state)
        }
    }

    /// Appends a step with its action and state, and an old state for the writer's thread to free when
    /// it is done with the step, so that the dispatching thread does not (see
    /// ``RecentStates/remember(_:_:limit:)``); waits while the queue is full.
    ///
    /// - Returns: `false` once the queue is closed (the old state is then freed here).
    @discardableResult
    func put(_ entry: RecorderEntry, action: Action, state: State, discarding old: State?) -> Bool {
        guard let old else { return put(entry, action: action, state: state) }
        return put(entry) { slot in
            (actions + slot).initialize(to: action)
            (states + slot).initialize(to: state)
            (discards + slot).initialize(to: old)
            holdsDiscard[slot] = true
        }
    }

    /// Appends an entry that carries a state.
    @discardableResult
    func put(_ entry: RecorderEntry, state: State) -> Bool {
        put(entry) { slot in (states + slot).initialize(to: state) }
    }

    /// Appends an entry that carries an action.
    @discardableResult
    func put(_ entry: RecorderEntry, action: Action) -> Bool {
        put(entry) { slot in (actions + slot).initialize(to: action) }
    }

    /// Appends an entry that carries neither an action nor a state.
    @discardableResult
    func put(_ entry: RecorderEntry) -> Bool {
        put(entry) { _ in }
    }

    /// Waits for a free slot, fills its action and state with `fill`, then publishes `entry` there.
    private func put(_ entry: RecorderEntry, filling fill: (_ slot: Int) -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let slot = reserveSlot() else { return false }
        fill(slot)
        publish(entry, at: slot)
        return true
    }

    /// With the lock held: waits for a free slot and returns it, or `nil` once the queue is closed.
    private func reserveSlot() -> Int? {
        while count >= limit && !closed {
            producersWaiting += 1
            condition.wait()
            producersWaiting -= 1
        }
        return closed ? nil : (head + count) % capacity
    }

    private func publish(_ entry: RecorderEntry, at slot: Int) {
        (entries + slot).initialize(to: entry)
        count += 1
        if consumerWaiting { condition.broadcast() }
    }

    /// Waits until something is queued (or `deadline` passes, or the queue is closed) and hands over
    /// everything queued: read it with ``entry(_:in:)`` and friends, then give it back with ``release(_:)``.
    func take(until deadline: Date?) -> Batch {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed {
            consumerWaiting = true
            defer { consumerWaiting = false }
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return Batch(start: head, count: count, closed: closed)
    }

    /// The `index`th entry of `batch`.
    func entry(_ index: Int, in batch: Batch) -> RecorderEntry {
        entries[(batch.start + index) % capacity]
    }

    // Safe because the index is taken modulo capacity inside a batch the caller holds, whose slots producers do not
    // touch.
    /// The action of the `index`th entry of `batch`, which must have one.
    func action(_ index: Int, in batch: Batch) -> UnsafeMutablePointer<Action> {
        actions + (batch.start + index) % capacity
    }

    // Safe because as for action(_:in:): an index modulo capacity inside a batch the caller holds.
    /// The state of the `index`th entry of `batch`, which must have one.
    func state(_ index: Int, in batch: Batch) -> UnsafeMutablePointer<State> {
        states + (batch.start + index) % capacity
    }

    /// Frees the slots of `batch` for producers. The values in them are released here, on the
    /// writer's thread, before the lock is taken.
    ///
    /// Batches, and slices of them, must be released in the order they were taken.
    func release(_ batch: Batch) {
        guard batch.count > 0 else { return }
        for index in 0..<batch.count { deinitializeSlot((batch.start + index) % capacity) }
        condition.lock()
        defer { condition.unlock() }
        head = (head + batch.count) % capacity
        count -= batch.count
        if producersWaiting > 0 { condition.broadcast() }
    }

    private func deinitializeSlot(_ slot: Int) {
        let entry = (entries + slot).move()
        if entry.hasAction { (actions + slot).deinitialize(count: 1) }
        if entry.hasState { (states + slot).deinitialize(count: 1) }
        if holdsDiscard[slot] {
            (discards + slot).deinitialize(count: 1)
            holdsDiscard[slot] = false
        }
    }

    /// Lets producers queue at most `limit` entries (between 1 and the capacity) from now on; entries
    /// already queued stay.
    func limit(to limit: Int) {
        condition.lock()
        defer { condition.unlock() }
        let raised = limit > self.limit
        self.limit = min(capacity, max(1, limit))
        if raised && producersWaiting > 0 { condition.broadcast() }
    }

    /// Stops accepting entries; waiting producers and the writer wake up.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
