/// What other threads hand a ``LiveServer``'s thread, behind one lock that nothing holds for longer
/// than a copy: the journal's lines from the writer, a rebase, a notice for a client, the app's close.
struct LiveInbox {
    /// A hand-over from the writer, in the order it was made.
    enum Delivery {
        case lines([UInt8], LiveStepEnds)
        case rebase(header: [UInt8], firstStep: Int)
        /// A notice for one client: a trap it set was met.
        case notice(LiveNotice, to: LiveClientID)
    }

    var deliveries: [Delivery] = []
    /// Whether a wake-up byte is in the pipe already: the writer then skips the system call.
    var wakePending = false
    /// How many clients are subscribed, as the server last counted: the writer wakes the server for
    /// new lines only when someone reads them.
    var subscribers = 0
    /// Set by the server when the history has outgrown its limit, for the writer to rebase it.
    var historyFull = false
    /// Set by ``LiveServer/close()``.
    var closing = false

    // Safe because the bytes are copied into the inbox during the call and never kept.
    /// Appends lines, joining them to the lines handed over last when nothing came between; returns
    /// the bytes of lines waiting now.
    mutating func deliver(_ lines: UnsafeRawBufferPointer, steps: LiveStepEnds) -> Int {
        if case .lines(var bytes, var ends)? = deliveries.last {
            // Emptied first, so that the append does not copy the bytes already there.
            deliveries[deliveries.count - 1] = .lines([], ends)
            ends.append(steps, shiftedBy: bytes.count)
            bytes.append(contentsOf: lines)
            deliveries[deliveries.count - 1] = .lines(bytes, ends)
            return bytes.count
        }
        deliveries.append(.lines(Array(lines), steps))
        return lines.count
    }
}
