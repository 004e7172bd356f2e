import StateRecorder

/// The apps whose reducers the debugger can run, looked up by the app identifier in a recording's header.
///
/// ```swift
/// let registry = AppRegistry([BankApp.app, CounterApp.app])
/// registry.app(for: "bank")?.id      // "bank"
/// registry.ids                       // ["bank", "counter"]
/// ```
package struct AppRegistry: Sendable {
    /// The apps, in the order given.
    package var apps: [any RegisteredApp]

    /// A registry of these apps.
    package init(_ apps: [any RegisteredApp] = []) {
        self.apps = apps
    }

    /// The identifiers of the apps.
    package var ids: [String] { apps.map(\.id) }

    /// The app with this identifier.
    package func app(for id: String) -> (any RegisteredApp)? {
        apps.first { $0.id == id }
    }

    /// The app with this identifier, or ``DebuggerError/noApp(_:known:)``.
    package func require(_ id: String) throws(DebuggerError) -> any RegisteredApp {
        guard let app = app(for: id) else { throw .noApp(id, known: ids) }
        return app
    }
}
