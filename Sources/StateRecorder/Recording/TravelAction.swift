import StateJournal

// Safe because it holds only lets, and the state it carries is read by the one reducer that applies it, on the thread
// that dispatches it (hence `@unchecked`).
/// statedbg's action that travels a store whose state is read-only (as ReSwift's `Store` keeps it): the
/// recorder dispatches it through the store, and the reducer `travelling(_:)` built answers
/// it with the state of the step travelled to, as Redux DevTools' `JUMP_TO_STATE` does.
///
/// The store's own dispatch takes it, so its middleware sees it (let it pass, as any action you do not
/// know) and its subscribers see the state it brings. Your action type must be able to hold it: conform
/// it to your action protocol, or give your action enum a case for it.
///
/// ```swift
/// extension TravelAction: Action {}   // ReSwift: `extension TravelAction: @retroactive ReSwift.Action {}`
/// // or, for an action enum: `case travel(TravelAction<AppState>)`
/// ```
public struct TravelAction<State>: @unchecked Sendable, CustomStringConvertible {
    /// The step whose state the action brings.
    public let step: Int
    /// Undo, redo or jump.
    let kind: JournalEvent.TravelKind
    /// The state of ``step``, which the travelling reducer returns.
    let state: State
    /// Tells one travel from another, so that only the travel under way is applied.
    let id: UInt64

    init(step: Int, kind: JournalEvent.TravelKind, state: State, id: UInt64) {
        self.step = step
        self.kind = kind
        self.state = state
        self.id = id
    }

    /// `statedbg travel (jump) to step 12`.
    public var description: String {
        "statedbg travel (\(kind.rawValue)) to step \(step)"
    }
}
