import StateJSON
import StateEncoding
import StateStore

extension Middleware where State: Encodable {
    /// A logging middleware that writes each action, its outcome and a diff of the state it changed,
    /// in the style of swift-custom-dump (`-` before, `+` after, unchanged parts folded).
    ///
    /// ```swift
    /// let store = Store(initialState: BankApp.initialState, reducer: BankApp.reducer,
    ///                   middleware: [.loggingChanges(to: { print($0) })])
    /// store.dispatch(.pay(from: .jenny, to: .donald, amount: 10))
    /// ```
    ///
    /// ```text
    /// pay(from: ExampleApps.BankApp.Account.jenny, to: ExampleApps.BankApp.Account.donald, amount: 10) → applied
    ///   {
    /// -   "donald": 100,
    /// +   "donald": 110,
    /// -   "jenny": 100
    /// +   "jenny": 90
    ///   }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The middleware's name in diagnostics.
    ///   - style: What to write around `-`, `+` and folded lines, such as a terminal's colour escapes;
    ///     ``JSONDiffStyle/plain`` (the default) writes nothing.
    ///   - write: Called with each action's text.
    public static func loggingChanges(
        name: String = "logging",
        style: JSONDiffStyle = .plain,
        to write: @escaping @Sendable (String) -> Void
    ) -> Middleware {
        let renderer = JSONDiffRenderer(options: JSONDiffRenderer.Options(style: style))
        return logging(name: name, to: write) { old, new in
            let encoder = JSONValueEncoder()
            guard let before = try? encoder.encode(old), let after = try? encoder.encode(new) else {
                return "  (the state could not be encoded to show a diff)"
            }
            return renderer.render(from: before, to: after)
        }
    }
}
