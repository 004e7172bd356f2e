import StateRecorder
import StateStore

/// A small app for recorder tests: a list of notes, a counter with a limit, and a session secret.
enum NotesApp {
    struct Note: Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    struct Session: Codable, Equatable, Sendable {
        var user: String
        var token: String
    }

    struct State: Codable, Equatable, Sendable {
        var count = 0
        var nextID = 1
        var notes: [Note] = []
        var session = Session(user: "", token: "")
    }

    enum Action: Codable, Equatable, Sendable, Hashable {
        case increment
        case add(text: String)
        case remove(id: Int)
        case login(user: String, password: String, token: String)
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .increment:
            state.count += 1
        case .add(let text):
            state.notes.append(Note(id: state.nextID, text: text))
            state.nextID += 1
        case .remove(let id):
            state.notes.removeAll { $0.id == id }
        case .login(let user, _, let token):
            state.session = Session(user: user, token: token)
        }
    }

    static let limit = Validator<State, Action>(name: "countLimit") { _, new, _ in
        new.count > 5 ? .rejected("count \(new.count) is over the limit of 5") : .accepted
    }

    static let app = RecordableApp(
        id: "notes", summary: "Notes for recorder tests", initialState: State(), reducer: reducer,
        validators: [limit],
        actionSamples: [.increment, .add(text: "x"), .remove(id: 1), .login(user: "u", password: "p", token: "t")],
        randomAction: { state, random in
            switch random.bounded(4) {
            case 0: return .increment
            case 1, 2: return .add(text: "note \(state.nextID)")
            default: return .remove(id: random.element(of: state.notes)?.id ?? 0)
            }
        })
}
