/// A to-do list written RxStateFlow's way: the state is an object, ``TodoState``, that reacts to
/// events by changing itself in place; commands (``TodoCommand``) decide which events to send; the
/// app's ``TodoStore`` tells its observers after each event.
///
/// Because the same object changes at every step, a recorder cannot keep the object and encode it
/// later: it turns each step's state into JSON on the calling thread, before the next event.
///
/// Recording it takes one observer (``record(_:into:)``, the app's only statedbg code):
///
/// ```swift
/// let store = RxTodosApp.TodoStore(state: RxTodosApp.TodoState())
/// RxTodosApp.record(store, into: try Recorder(app: RxTodosApp.definition, journal: "todos.jsonl",
///                                             initialState: store.state))
/// store.execute(RxTodosApp.AddTodo(title: "Buy milk"))
/// ```
public enum RxTodosApp {}
