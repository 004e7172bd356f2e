import Foundation
import StateJournal
import StateStore

// Safe because an entry's payloads are Sendable values, strings or the barrier's semaphore, which is thread-safe; the
// generic action and state it stands for move between threads only through the entry queue's lock.
/// One thing for the writer thread to journal, handed over by the dispatching thread.
///
/// Entries carry Swift values, not JSON: encoding happens on the writer thread, off the dispatch path.
/// The action and state an entry carries sit beside it in the ``EntryQueue``'s typed slots, so this
/// type is not generic: in the recorder's unspecialized generic code, making, matching and copying a
/// generic enum would cost a runtime metadata lookup each time, on every step.
enum RecorderEntry: @unchecked Sendable {
    /// An applied action (action and state slots), with where it was dispatched when known.
    case step(step: Int, time: Int64, parent: Int?, site: CallSite?)
    /// A state the store was given without an action, loaded from a file (state slot): journaled as a
    /// keyframe step.
    case replacement(step: Int, time: Int64, parent: Int?)
    /// An action a validator refused (action slot).
    case rejected(after: Int, time: Int64, rejection: Rejection)
    case commandError(after: Int, time: Int64, command: String, message: String)
    /// Undo, redo or jump (state slot).
    case travel(after: Int, time: Int64, kind: JournalEvent.TravelKind, to: Int)
    case marker(after: Int, time: Int64, name: String)
    /// The recorder is closing: the journal's closing line, the last one written.
    case closing(after: Int, time: Int64)
    /// Stop the journal with this message (a state the recorder could not encode on the calling thread).
    case stop(message: String)
    /// Flush everything before this entry, then signal.
    case barrier(DispatchSemaphore)

    /// Whether the entry's action slot holds an action.
    var hasAction: Bool {
        switch self {
        case .step, .rejected: true
        default: false
        }
    }

    /// Whether the entry's state slot holds a state.
    var hasState: Bool {
        switch self {
        case .step, .replacement, .travel: true
        default: false
        }
    }
}
