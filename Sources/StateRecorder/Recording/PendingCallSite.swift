import StateSync

/// The call site of the dispatch a ``RecordingStore`` is making, held until the store reports the step
/// that dispatch made.
///
/// Only the thread that set it can take it, and only once: a step that the same dispatch causes later
/// (a middleware's follow-up) or that another thread drains gets no site rather than a wrong one.
final class PendingCallSite: Sendable {
    private let slot = Locked<(thread: UInt, site: CallSite)?>(nil)

    /// Holds `site` for the calling thread.
    func set(_ site: CallSite) {
        let thread = currentThreadIdentity()
        slot.withLock { $0 = (thread, site) }
    }

    /// Drops the calling thread's site if it is still held.
    func clear() {
        let thread = currentThreadIdentity()
        slot.withLock { pending in
            if pending?.thread == thread { pending = nil }
        }
    }

    /// The calling thread's site, once.
    func take() -> CallSite? {
        let thread = currentThreadIdentity()
        return slot.withLock { pending -> CallSite? in
            guard let current = pending, current.thread == thread else { return nil }
            pending = nil
            return current.site
        }
    }
}
