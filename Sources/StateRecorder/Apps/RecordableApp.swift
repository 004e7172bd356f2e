import StateJSON
import StateStore

/// Everything statedbg needs to know about an app to record it, replay its recordings through the real
/// reducer, and drive it with generated actions.
///
/// Register your app with the `statedbg` command line by building a small executable of your own
/// (see "Your own statedbg" in the README):
///
/// ```swift
/// let app = RecordableApp(
///     id: "todo",
///     summary: "The to-do list",
///     swiftName: "TodoApp.app",
///     initialState: TodoState(),
///     reducer: todoReducer,
///     validators: [],
///     actionSamples: [.add(title: "x"), .toggle(id: 0), .remove(id: 0)]
/// )
/// ```
public struct RecordableApp<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Sendable {
    /// The identifier used in journal headers, tags and on the command line: `bank`.
    public var id: String
    /// One line for `statedbg examples`.
    public var summary: String
    /// The Swift expression that names this value in the app's code, such as `TodoApp.app`;
    /// `statedbg export --test` writes it into the tests it makes, and refuses to guess without it.
    public var swiftName: String?
    /// The module that declares the app, which exported tests import: by default the module of the
    /// state type.
    public var moduleName: String? {
        get { chosenModuleName ?? Self.moduleName(of: State.self) }
        set { chosenModuleName = .some(newValue) }
    }
    /// The module name set by the app; `nil` until one is set. The default is found only when asked
    /// for: naming a type through reflection at start-up cost every `statedbg` command time.
    private var chosenModuleName: String??
    /// The state a new store starts from.
    public var initialState: State
    /// The app's root reducer.
    public var reducer: Reducer<State, Action>
    /// The app's validators, run on every new state.
    public var validators: [Validator<State, Action>]
    /// One value of every action case; they describe the action type in the schema.
    public var actionSamples: [Action]
    /// Makes a plausible next action for a state, for `statedbg record` and benchmarks.
    public var randomAction: (@Sendable (State, inout SeededGenerator) -> Action)?
    /// How actions are tagged and labelled.
    public var describer: ActionDescriber
    /// The version of the recorded types (see ``Migration``); 1 until the app states one.
    public var schemaVersion = 1
    /// How recordings made with earlier versions of the types read with these (see ``Migration``).
    public var migrations: [Migration] = []

    /// Describes an app.
    public init(
        id: String,
        summary: String = "",
        swiftName: String? = nil,
        initialState: State,
        reducer: Reducer<State, Action>,
        validators: [Validator<State, Action>] = [],
        actionSamples: [Action] = [],
        randomAction: (@Sendable (State, inout SeededGenerator) -> Action)? = nil
    ) {
        self.id = id
        self.summary = summary
        self.swiftName = swiftName
        self.initialState = initialState
        self.reducer = reducer
        self.validators = validators
        self.actionSamples = actionSamples
        self.randomAction = randomAction
        self.describer = ActionDescriber(prefix: id)
    }

    /// The app's schema, for journal headers and compatibility checks.
    public var schema: AppSchema {
        AppSchema(initialState: initialState, actionSamples: actionSamples, describer: describer)
    }

    /// A new store running this app.
    public func makeStore(
        initialState: State? = nil,
        middleware: [Middleware<State, Action>] = [],
        diagnostics: StoreDiagnostics = .standard
    ) -> Store<State, Action> {
        makeStore(initialState: initialState, middleware: middleware, diagnostics: diagnostics, willApply: nil)
    }

    /// The app's store, telling `willApply` each action just before its reducer runs (see `Store`'s
    /// package initializer): for ``RecordingStore``'s flight recorder.
    func makeStore(
        initialState: State?, middleware: [Middleware<State, Action>], diagnostics: StoreDiagnostics,
        willApply: (@Sendable (Action) -> Void)?
    ) -> Store<State, Action> {
        Store(initialState: initialState ?? self.initialState, reducer: reducer, middleware: middleware,
              validators: validators, diagnostics: diagnostics, willApply: willApply)
    }
}
