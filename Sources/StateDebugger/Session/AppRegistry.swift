import StateRecorder

/// The apps whose reducers the debugger can run, looked up by the app identifier in a recording's header.
///
/// ```swift
/// let registry = AppRegistry([BankApp.app, CounterApp.app])
/// registry.app(for: "bank")?.id      // "bank"
/// registry.ids                       // ["bank", "counter"]
/// ```
public struct AppRegistry: Sendable {
    /// The apps, in the order given.
    public var apps: [any RegisteredApp]

    /// A registry of these apps.
    public init(_ apps: [any RegisteredApp] = []) {
        self.apps = apps
    }

    /// The identifiers of the apps.
    public var ids: [String] { apps.map(\.id) }

    /// The app with this identifier.
    public func app(for id: String) -> (any RegisteredApp)? {
        apps.first { $0.id == id }
    }

    /// The app with this identifier, or ``DebuggerError/noApp(_:known:)``.
    public func require(_ id: String) throws(DebuggerError) -> any RegisteredApp {
        guard let app = app(for: id) else { throw .noApp(id, known: ids) }
        return app
    }
}
