/// A repository search screen written the Composable Architecture's way: a ``Search`` reducer with a
/// `State` struct and an `Action` enum, `reduce(into:action:)` returning an ``Effect``, and a small
/// ``Store`` that runs the effects and feeds their actions back in.
///
/// Neither type is `Codable`, as in most TCA apps: the state holds a ``SearchHistory`` object shared
/// with the history screen, and the search response carries a `Result<[Repository], any Error>`. So
/// statedbg records this app *partially*: every state and action is journaled through reflection,
/// readable by `log`, `show`, `diff` and `bisect`, and marked not replayable.
///
/// Recording it takes one higher-order reducer (``Reducer/recording(into:)``, the app's only statedbg code):
///
/// ```swift
/// let recorder = try Recorder(app: TCASearchApp.definition, journal: "search.jsonl")
/// let store = TCASearchApp.Store(initialState: TCASearchApp.Search.State(),
///                                reducer: TCASearchApp.Search(client: .catalog).recording(into: recorder))
/// store.send(.queryChanged("swift"))
/// store.send(.searchTapped)   // two steps: searchTapped, then the effect's searchResponse
/// ```
public enum TCASearchApp {}
