import Foundation
import StateJournal
import StateStore

/// One thing for the writer thread to journal, handed over by the dispatching thread.
///
/// Entries carry Swift values, not JSON: encoding happens on the writer thread, off the dispatch path.
enum RecorderEntry<State: Sendable, Action: Sendable>: @unchecked Sendable {
    // `@unchecked`: State and Action are Sendable; the acknowledgement semaphore is thread-safe.
    case step(step: Int, time: Int64, parent: Int?, action: Action, state: State)
    /// A state the store was given without an action (loaded from a file): journaled as a keyframe step.
    case replacement(step: Int, time: Int64, parent: Int?, state: State)
    case rejected(after: Int, time: Int64, action: Action, rejection: Rejection)
    case commandError(after: Int, time: Int64, command: String, message: String)
    case travel(after: Int, time: Int64, kind: JournalEvent.TravelKind, to: Int, state: State)
    case marker(after: Int, time: Int64, name: String)
    /// Flush everything before this entry, then signal.
    case barrier(DispatchSemaphore)
}
