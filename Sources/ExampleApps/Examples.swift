import StateRecorder

/// The example apps that ship with statedbg, registered with the `statedbg` command line.
///
/// ```swift
/// Examples.all.map(\.id)
/// // ["counter", "bank", "tracker", "users", "shopping",
/// //  "users-reswift", "bank-swiftystate", "search-tca", "todos-rxstateflow"]
/// ```
public enum Examples {
    /// Every example app, in the order `statedbg examples` lists them: first those built on statedbg's
    /// own store, then those with stores of their own, written in the styles of ReSwift, SwiftyState,
    /// the Composable Architecture and RxStateFlow, which attach a `Recorder` through a few lines of glue.
    public static let all: [any RegisteredApp] = [
        CounterApp.app, BankApp.app, TrackerApp.app, UsersApp.app, ShoppingApp.app,
        ReSwiftUsersApp.definition, SwiftyStateBankApp.definition, TCASearchApp.definition, RxTodosApp.definition,
    ]
}
