import StateSync

// Safe because the slot is read and written only by the thread that holds owner, taken and given back with
// acquire/release ordering.
/// The call site of the dispatch a ``RecordingStore`` is making, held until the store reports the step
/// that dispatch made.
///
/// Only the thread that set it can take it, and only once: a step that the same dispatch causes later
/// (a middleware's follow-up) or that another thread drains gets no site rather than a wrong one. While
/// one thread's dispatch holds the slot, a dispatch on another thread records no site: a step without
/// its site, never with a wrong one, and no lock on the dispatch path.
final class PendingCallSite: @unchecked Sendable {
    private let owner = AtomicCell<UInt>(0)
    private let slot = UnsafeMutablePointer<CallSite?>.allocate(capacity: 1)

    init() {
        slot.initialize(to: nil)
    }

    deinit {
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// Holds `site` for the calling thread, unless another thread's dispatch holds the slot.
    ///
    /// - Returns: Whether the calling thread now holds the slot (and must ``clear()`` it).
    func set(_ site: CallSite) -> Bool {
        let thread = ThreadIdentity.current
        guard owner.compareExchange(expected: 0, desired: thread, ordering: .acquiring).exchanged else { return false }
        slot.pointee = site
        return true
    }

    /// Gives the slot back; only after a ``set(_:)`` that returned `true`.
    func clear() {
        slot.pointee = nil
        owner.store(0, ordering: .releasing)
    }

    /// The calling thread's site, once.
    func take() -> CallSite? {
        guard owner.load(ordering: .relaxed) == ThreadIdentity.current else { return nil }
        defer { slot.pointee = nil }
        return slot.pointee
    }
}
