/// A pure function that applies an action to a state in place.
///
/// Reducers are the only code that changes a ``Store``'s state. They must not read the wall clock,
/// generate random numbers or dispatch: everything they need arrives in the action, so replaying the
/// same actions from the same state always gives the same result.
///
/// ```swift
/// enum CounterAction { case increment, decrement }
/// let counter = Reducer<Int, CounterAction> { count, action in
///     switch action {
///     case .increment: count += 1
///     case .decrement: count -= 1
///     }
/// }
/// var count = 0
/// counter.reduce(into: &count, action: .increment)   // count == 1
/// ```
public struct Reducer<State, Action>: Sendable {
    @usableFromInline
    let _body: @Sendable (inout State, Action) -> Void

    /// Creates a reducer from a closure that mutates the state for an action.
    public init(_ reduce: @escaping @Sendable (inout State, Action) -> Void) {
        self._body = reduce
    }

    /// Applies `action` to `state`.
    @inlinable
    public func reduce(into state: inout State, action: Action) {
        _body(&state, action)
    }

    /// A reducer that ignores every action.
    public static var empty: Reducer {
        Reducer { _, _ in }
    }

    /// Runs `reducers` one after another, each seeing the state left by the previous one.
    ///
    /// ```swift
    /// let root = Reducer.combine(projectsReducer, routeReducer)
    /// ```
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs `reducers` one after another, each seeing the state left by the previous one.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        switch reducers.count {
        case 0: return .empty
        case 1: return reducers[0]
        default:
            return Reducer { state, action in
                for reducer in reducers {
                    reducer._body(&state, action)
                }
            }
        }
    }

    /// Lifts this feature reducer to a parent state and action.
    ///
    /// The returned reducer ignores parent actions for which `action` returns `nil`; for the others it
    /// runs this reducer on the sub-state at `state`.
    ///
    /// ```swift
    /// enum AppAction { case counter(CounterAction), other }
    /// struct AppState { var count = 0 }
    /// let app: Reducer<AppState, AppAction> = counter.pullback(state: \.count) { action in
    ///     if case .counter(let counterAction) = action { counterAction } else { nil }
    /// }
    /// ```
    public func pullback<ParentState, ParentAction>(
        state path: WritableKeyPath<ParentState, State> & Sendable,
        action extract: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<ParentState, ParentAction> {
        let body = self._body
        return Reducer<ParentState, ParentAction> { parent, parentAction in
            guard let action = extract(parentAction) else { return }
            body(&parent[keyPath: path], action)
        }
    }

    /// Lifts this element reducer to a parent holding an array of identifiable elements.
    ///
    /// `action` extracts the element's identifier and the element action; the reducer runs on the
    /// first element with that identifier and does nothing when there is none (the action arrived
    /// for an element that was already removed, which is not an error for a pure reducer).
    ///
    /// ```swift
    /// let projects: Reducer<TrackerState, TrackerAction> = projectReducer.forEach(\.projects) { action in
    ///     if case .renameProject(let id, let title) = action { (id, .rename(title)) } else { nil }
    /// }
    /// ```
    @inlinable
    public func forEach<ParentState, ParentAction, ID: Hashable & Sendable>(
        _ path: WritableKeyPath<ParentState, [State]> & Sendable,
        action extract: @escaping @Sendable (ParentAction) -> (ID, Action)?
    ) -> Reducer<ParentState, ParentAction> where State: Identifiable & Sendable, State.ID == ID {
        let body = self._body
        return Reducer<ParentState, ParentAction> { parent, parentAction in
            guard let (id, action) = extract(parentAction) else { return }
            // Found by reading the ids in place, rather than through `parent[keyPath: path][index]`,
            // which copies the whole element each time; inlinable, so that this is specialized for the
            // app's element type, since unspecialized code copies each element it reads too.
            guard let index = parent[keyPath: path].firstIndex(where: { $0.id == id }) else { return }
            body(&parent[keyPath: path][index], action)
        }
    }
}
