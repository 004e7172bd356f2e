extension Middleware {
    /// A middleware that writes one line per action with its outcome.
    ///
    /// `describeChange` is called for applied actions with the old and new state; a non-nil result
    /// is written on the lines after the action (a JSON diff renderer plugs in here).
    ///
    /// ```swift
    /// let store = Store(initialState: 0, reducer: counter,
    ///                   middleware: [.logging(to: { print($0) })])
    /// store.dispatch(.increment)
    /// ```
    ///
    /// ```text
    /// increment → applied
    /// ```
    public static func logging(
        name: String = "logging",
        to write: @escaping @Sendable (String) -> Void,
        describeChange: (@Sendable (_ old: State, _ new: State) -> String?)? = nil
    ) -> Middleware {
        Middleware(name: name) { context, action, next in
            let old = describeChange == nil ? nil : context.state
            let outcome = next(action)
            var text = "\(action) → \(outcome)"
            if let describeChange, let old, outcome == .applied, let change = describeChange(old, context.state) {
                text += "\n" + change
            }
            write(text)
            return outcome
        }
    }
}
