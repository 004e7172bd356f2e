import Foundation
import StateSync

// Safe because every slot is touched under the ring's lock, or by the one writer thread for the slots of a batch it
// took, which producers never reuse until the batch is released (hence `@unchecked`).
/// A first-in, first-out ring of recorder entries between one or more producers and the writer, with
/// a capacity: producers wait when it is full (backpressure), the writer takes everything queued at once.
///
/// Each slot has an entry and, beside it, room for one action and one state, which the entry says
/// whether it uses. Keeping them in typed slots rather than in one generic enum keeps the
/// dispatching thread's side to a few pointer stores, without runtime type lookups.
///
/// Taking the whole backlog in one call is what lets the writer batch lines into one `write`.
final class EntryQueue<State, Action>: @unchecked Sendable {
    // Invariant: slots `head ..< head + count` (modulo `capacity`) are initialized; producers fill the
    // slot after them, so they never touch the slots a taken batch still holds.
    private let ring: Locked<EntryQueueRing>
    let capacity: Int
    // Safe because see the type: slots are allocated once for capacity entries and deinitialized in deinit.
    private let entries: UnsafeMutablePointer<RecorderEntry>
    private let actions: UnsafeMutablePointer<Action>
    private let states: UnsafeMutablePointer<State>
    /// An old state to free on the writer's thread with each slot (see ``put(_:action:state:discarding:)``),
    /// initialized only where `holdsDiscard` says so.
    private let discards: UnsafeMutablePointer<State>
    private let holdsDiscard: UnsafeMutablePointer<Bool>

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
        ring = Locked(EntryQueueRing(limit: self.capacity))
        entries = .allocate(capacity: self.capacity)
        actions = .allocate(capacity: self.capacity)
        states = .allocate(capacity: self.capacity)
        discards = .allocate(capacity: self.capacity)
        holdsDiscard = .allocate(capacity: self.capacity)
        holdsDiscard.initialize(repeating: false, count: self.capacity)
    }

    deinit {
        let (head, count) = ring.withLock { ($0.head, $0.count) }
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
    /// The old state is moved into the slot, not copied: once the entry is published the slot holds
    /// the only reference, so the writer, which may take and release the slot before this call has
    /// returned, is the thread that frees it. (A copy left with the caller was released after the put
    /// returned: when the writer had been quicker, the dispatching thread freed the state after all.)
    ///
    /// - Returns: `false` once the queue is closed (the old state is then freed here).
    @discardableResult
    func put(_ entry: RecorderEntry, action: Action, state: State, discarding old: consuming State?) -> Bool {
        if old == nil { return put(entry, action: action, state: state) }
        return put(entry) { slot in
            (actions + slot).initialize(to: action)
            (states + slot).initialize(to: state)
            if let moved = old.take() {
                (discards + slot).initialize(to: consume moved)
                holdsDiscard[slot] = true
            }
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
        var counted = false
        return ring.withLock(when: { ring in
            if ring.count < ring.limit || ring.closed {
                if counted { ring.producersWaiting -= 1 }
                return true
            }
            if !counted {
                ring.producersWaiting += 1
                counted = true
            }
            return false
        }) { ring in
            guard !ring.closed else { return false }
            let slot = (ring.head + ring.count) % capacity
            fill(slot)
            (entries + slot).initialize(to: entry)
            ring.count += 1
            if ring.consumerWaiting { self.ring.wakeWaiters() }
            return true
        }
    }

    /// Waits until something is queued (or `deadline` passes, or the queue is closed) and hands over
    /// everything queued: read it with ``entry(_:in:)`` and friends, then give it back with ``release(_:)``.
    func take(until deadline: Date?) -> Batch {
        let ready = { (ring: inout EntryQueueRing) -> Bool in
            ring.consumerWaiting = ring.count == 0 && !ring.closed
            return !ring.consumerWaiting
        }
        guard let deadline else {
            return ring.withLock(when: ready) { Batch(start: $0.head, count: $0.count, closed: $0.closed) }
        }
        let timeout = Duration.microseconds(Int64(max(0, deadline.timeIntervalSinceNow) * 1_000_000))
        return ring.withLock(when: ready, timeout: timeout) { ring, _ in
            ring.consumerWaiting = false
            return Batch(start: ring.head, count: ring.count, closed: ring.closed)
        }
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
        ring.withLock { ring in
            ring.head = (ring.head + batch.count) % capacity
            ring.count -= batch.count
            if ring.producersWaiting > 0 { self.ring.wakeWaiters() }
        }
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
        ring.withLock { ring in
            let raised = limit > ring.limit
            ring.limit = min(capacity, max(1, limit))
            if raised && ring.producersWaiting > 0 { self.ring.wakeWaiters() }
        }
    }

    /// Stops accepting entries; waiting producers and the writer wake up.
    func close() {
        ring.withLock { $0.closed = true }
        ring.wakeWaiters()
    }
}

/// Where an ``EntryQueue``'s entries are, and who waits for them.
///
/// Not nested in the generic `EntryQueue`: a type nested there is generic too, and would cost every put
/// a runtime metadata lookup.
private struct EntryQueueRing {
    var head = 0
    var count = 0
    /// How many entries producers may queue, at most the capacity: fewer for large states (see
    /// ``EntryQueue/limit(to:)``).
    var limit: Int
    var closed = false
    // Who is waiting: a put or a take wakes the other side only when someone is, so a writer that
    // keeps up costs producers no system call.
    var consumerWaiting = false
    var producersWaiting = 0
}
