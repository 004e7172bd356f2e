import Foundation
import StateRecorder

/// A ReSwift-shaped app of struct actions behind a protocol: its store dispatches a start-up action of
/// its own (`StoreInit`, not `Codable`, as ReSwift's `ReSwiftInit`); `ToggleTodo` and `RemoveTodo` have
/// the same payload shape; `Ping` holds a closure. Three registrations of it: `todos` registers the
/// `Codable` actions, `cart` none, and `session` has a state that holds a closure, so it is not
/// `Decodable`.
protocol TodoAction {}
struct StoreInit: TodoAction {}
struct AddTodo: TodoAction, Codable { var title: String }
struct ToggleTodo: TodoAction, Codable { var id: Int }
struct RemoveTodo: TodoAction, Codable { var id: Int }
struct Ping: TodoAction { var reply: @Sendable () -> Void }
struct Tag: TodoAction, Codable { var id: Int; var tags: [String] }
/// The cart's actions: the same as the list's, but not `Codable`.
struct AddItem: TodoAction { var title: String }
struct RemoveItem: TodoAction { var title: String }

struct Todo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var done = false
    var tags: [String] = []
}

struct TodoList: Codable, Equatable, Sendable {
    var todos: [Todo] = []
    var nextID = 1
}

/// The same list in a state that holds a closure, as a session with a callback would.
struct ObservedList {
    var list = TodoList()
    var onChange: @Sendable () -> Void = {}
}

enum TodoFixture {
    static func reduce(_ action: any TodoAction, _ list: inout TodoList) {
        switch action {
        case let add as AddTodo:
            list.todos.append(Todo(id: list.nextID, title: add.title))
            list.nextID += 1
        case let toggle as ToggleTodo:
            if let index = list.todos.firstIndex(where: { $0.id == toggle.id }) { list.todos[index].done.toggle() }
        case let remove as RemoveTodo:
            list.todos.removeAll { $0.id == remove.id }
        case let tag as Tag:
            if let index = list.todos.firstIndex(where: { $0.id == tag.id }) { list.todos[index].tags = tag.tags }
        case let add as AddItem:
            reduce(AddTodo(title: add.title), &list)
        case let remove as RemoveItem:
            list.todos.removeAll { $0.title == remove.title }
        default:
            break
        }
    }

    static let actions = ActionRegistry(AddTodo.self, ToggleTodo.self, RemoveTodo.self, Tag.self)
    static let todos = AppDefinition<TodoList, any TodoAction>(
        id: "todos", swiftName: "TodoFixture.todos", initialState: TodoList(), actions: actions,
        reducer: { action, state in
            var list = state ?? TodoList()
            reduce(action, &list)
            return list
        })
    static let cart = AppDefinition<TodoList, any TodoAction>(
        id: "cart", swiftName: "TodoFixture.cart", initialState: TodoList(), actions: ActionRegistry(),
        reduce: { list, action in reduce(action, &list) })
    static let session = AppDefinition<ObservedList, any TodoAction>(
        id: "session", swiftName: "TodoFixture.session", initialState: ObservedList(), actions: actions,
        reduce: { state, action in reduce(action, &state.list) })

    /// The store's own start-up action, then a session.
    static var steps: [any TodoAction] { [StoreInit(), AddTodo(title: "milk"), AddTodo(title: "bread"), ToggleTodo(id: 1),
                                          Ping(reply: {}), RemoveTodo(id: 2), AddTodo(title: "eggs")] }

    /// A session of the cart, none of whose actions is `Codable`.
    static var cartSteps: [any TodoAction] {
        [StoreInit(), AddItem(title: "milk"), AddItem(title: "bread"), Ping(reply: {}), RemoveItem(title: "milk"), AddItem(title: "eggs")]
    }

    /// Records `actions` through the app's reducer, as a middleware would, with a fixed clock.
    static func record<State>(_ app: AppDefinition<State, any TodoAction>, _ actions: [any TodoAction] = steps,
                              to path: String) throws {
        let recorder = try Recorder(app: app, journal: path, clock: RecordingClock.fixed())
        var state = app.makeInitialState()
        for action in actions {
            app.reduce(&state, action)
            recorder.record(action, state: state, site: nil)
        }
        try recorder.close()
    }
}
