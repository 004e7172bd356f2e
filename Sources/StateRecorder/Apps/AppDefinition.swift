import StateJSON
import StateJournal
import StateStore

// Safe because every stored property is a let of Sendable data or a closure the definition's initializer requires to be
// @Sendable.
/// An app with a store of its own, described so that statedbg can record it, replay its recordings
/// through its own reducer, and turn them into regression tests: an identifier, the initial state, the
/// action types and the reducer, as the app already has them.
///
/// The reducer is a plain function, in either of the two common shapes, so neither the app's store nor
/// statedbg's `Store` is needed to replay:
///
/// ```swift
/// // ReSwift style: `func appReducer(action: Action, state: AppState?) -> AppState`
/// let users = AppDefinition<AppState, any Action>(
///     id: "users",
///     swiftName: "UsersApp.definition",
///     initialState: AppState(),
///     actions: ActionRegistry(AddUser.self, SetAge.self),
///     reducer: appReducer)
///
/// // TCA or SwiftyState style: `func reduce(into state: inout State, action: Action)`
/// let bank = AppDefinition<BankState, Any>(
///     id: "bank", initialState: BankState(),
///     actions: ActionRegistry(AccountAction.self, TransferAction.self),
///     reduce: { state, action in bankReduce(into: &state, action: action) })
/// ```
///
/// Register it with your own `statedbg` executable (``RegisteredApp``) to use every command on its
/// recordings, and pass it to `StateTesting`'s `assertReplay` to replay a recording in a test.
public struct AppDefinition<State, Action>: @unchecked Sendable {
    // `@unchecked`: `State` and `Action` need not be `Sendable`; the definition holds no state of its
    // own, only `@Sendable` functions that make fresh values.

    /// The identifier in journal headers and on the command line: `users`.
    public var id: String
    /// One line for `statedbg examples`.
    public var summary: String
    /// The Swift expression that names this definition in the app's code, such as `UsersApp.definition`;
    /// `statedbg export --test` writes it into the test it makes, and refuses to guess without it.
    public var swiftName: String?
    /// The module that declares the app, for the `@testable import` of exported tests: by default the
    /// module of the state type.
    public var moduleName: String? {
        get { chosenModuleName ?? Self.moduleName(of: State.self) }
        set { chosenModuleName = .some(newValue) }
    }
    /// The module name set by the app; `nil` until one is set. The default is found only when asked
    /// for: naming a type through reflection at start-up cost every `statedbg` command time.
    private var chosenModuleName: String??
    /// Makes the state a new store starts from (a fresh object each time, for class states).
    public var makeInitialState: @Sendable () -> State
    /// The app's `Codable` action types.
    public var actions: ActionRegistry
    /// Applies an action to a state: the app's reducer.
    public var reduce: @Sendable (inout State, Action) -> Void
    /// One action of each kind, to describe the action types in the journal header's schema.
    public var actionSamples: [Action]
    /// Makes a plausible next action for a state, so that `statedbg record` can drive the app.
    public var randomAction: (@Sendable (State, inout SeededGenerator) -> Action)?
    /// The app's validators as one function, SwiftyState style: given the state before an action, the
    /// state the reducer made and the action, the rejection that keeps the old state, or `nil`. Replay
    /// reports a step the recording applied and this rejects; `statedbg record` journals refusals.
    public var validate: (@Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)?
    /// The version of the recorded types (see ``Migration``); 1 until the app states one.
    public var schemaVersion = 1
    /// How recordings made with earlier versions of the types read with these (see ``Migration``).
    public var migrations: [Migration] = []

    /// Describes an app whose reducer changes the state in place.
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reduce: @escaping @Sendable (inout State, Action) -> Void,
        validate: (@Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil
    ) {
        self.id = id
        self.summary = summary
        self.swiftName = swiftName
        makeInitialState = initialState
        self.actions = actions
        self.actionSamples = actionSamples
        self.reduce = reduce
        self.validate = validate
        self.randomAction = randomAction
    }

    /// Describes an app whose reducer returns the new state, ReSwift style: `(Action, State?) -> State`.
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: @escaping @autoclosure @Sendable () -> State,
        actions: ActionRegistry,
        actionSamples: [Action] = [],
        reducer: @escaping @Sendable (Action, State?) -> State,
        validate: (@Sendable (_ old: State, _ new: State, _ action: Action) -> Rejection?)? = nil,
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil
    ) {
        self.init(id: id, summary: summary, swiftName: swiftName, initialState: initialState(), actions: actions,
                  actionSamples: actionSamples, reduce: { state, action in state = reducer(action, state) },
                  validate: validate, randomAction: randomAction)
        makeInitialState = initialState
    }

    /// The app's schema, for journal headers and compatibility checks.
    public var schema: AppSchema {
        AppSchema(initialState: makeInitialState(), actionSamples: actionSamples, actions: actions)
    }
}
