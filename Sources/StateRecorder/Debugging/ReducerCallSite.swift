/// Where `statedbg debug` calls the app's reducer: a frame of its own, never inlined, that a person
/// recognises in a debugger's backtrace (`ReducerCallSite.callReducer`), with the state and the action
/// as its arguments, which the debugger prints (`frame variable state action` in lldb, `info args` in gdb).
///
/// The trap comes just before the call, so one `step` in the debugger enters the reducer with the
/// recorded state and action.
package enum ReducerCallSite {
    /// Raises a trap when a debugger is attached and `trap` is set, then runs `reduce` on `state` with `action`.
    ///
    /// - Returns: Whether the trap was raised (a debugger was attached).
    @inline(never)
    @discardableResult
    package static func callReducer<State, Action>(state: inout State, action: Action, trap: Bool,
                                                   reduce: (inout State, Action) -> Void) -> Bool {
        let trapped = trap && AttachedDebugger.trapIfAttached()
        // The recorded state and action, as the reducer is about to get them: print `state` and `action` here.
        reduce(&state, action)
        return trapped
    }
}
