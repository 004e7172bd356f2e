import StateRecorder

/// The example apps that ship with statedbg, registered with the `statedbg` command line.
///
/// ```swift
/// Examples.all.map(\.id)   // ["counter", "bank", "tracker", "users"]
/// ```
public enum Examples {
    /// Every example app, in the order `statedbg examples` lists them.
    public static let all: [any RegisteredApp] = [CounterApp.app, BankApp.app, TrackerApp.app, UsersApp.app]
}
