import StateJSON

/// What a debugger asks of the app over the live channel.
package enum LiveCommand: Sendable, Equatable {
    /// Opens the conversation; the app refuses other commands before it. Over TCP, `token` must be
    /// the one the app printed when it opened the port; to an app that dialed out, `proof` answers the
    /// challenge the app sent and carries the debugger's own.
    case hello(version: Int, client: String?, token: String? = nil, proof: LiveProof? = nil)
    /// Starts sending the journal's header, then every step line from `from` on, then new lines as
    /// they are recorded.
    case subscribe(from: Int)
    /// Stops sending journal lines; replies and notices still come.
    case unsubscribe
    /// Sets the app's state to the one it had after `step`.
    case jump(step: Int)
    /// Sets the app's state back `count` steps along the path that led to it.
    case undo(count: Int)
    /// Goes forward again after an undo, `count` times.
    case redo(count: Int)
    /// Dispatches an action to the app, decoded through its action registry: `{"type": …, "payload": …}`.
    case dispatch(type: String, payload: JSONValue)
    /// Writes a named marker into the journal after the last step.
    case mark(name: String)
    /// Holds the app's dispatching: actions dispatched meanwhile are queued.
    case pause
    /// Lets the app dispatch again, first the actions queued while paused.
    case resume
    /// Asks for the app's current state.
    case snapshot
    /// Asks for the app's steps, pause state and clients.
    case status
    /// Asks for the files of the app's journal, oldest first, and their sizes now: what `read` reads.
    case journal
    /// Reads up to `length` bytes of the journal file `part` (an index into the list the last `journal`
    /// gave this client) from `offset`.
    case read(part: Int, offset: Int, length: Int)
    /// Sets a trap in the app (replacing this client's trap of the same number): the app raises SIGTRAP
    /// when it records a step that meets it and a debugger is attached to the app.
    case trap(LiveTrap)
    /// Removes this client's trap `number`.
    case untrap(number: Int)

    /// The most bytes one `read` returns: 1 MiB.
    package static let maxReadBytes = 1 << 20
    /// The bytes a `read` without a `length` returns at most: 256 KiB.
    package static let defaultReadBytes = 256 << 10

    /// Every command's name, as the `command` member spells it.
    package static let names = [
        "hello", "subscribe", "unsubscribe", "jump", "undo", "redo", "dispatch", "mark", "pause", "resume",
        "snapshot", "status", "journal", "read", "trap", "untrap",
    ]

    /// The command's name.
    package var name: String {
        switch self {
        case .hello: "hello"
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .jump: "jump"
        case .undo: "undo"
        case .redo: "redo"
        case .dispatch: "dispatch"
        case .mark: "mark"
        case .pause: "pause"
        case .resume: "resume"
        case .snapshot: "snapshot"
        case .status: "status"
        case .journal: "journal"
        case .read: "read"
        case .trap: "trap"
        case .untrap: "untrap"
        }
    }

    /// The members besides `id` and `command`.
    var arguments: [(String, JSONValue)] {
        switch self {
        case .hello(let version, let client, let token, let proof):
            [("version", .integer(Int64(version)))] + (client.map { [("client", .string($0))] } ?? [])
                + (token.map { [("token", .string($0))] } ?? [])
                + (proof.map { [("proof", .string($0.answer)), ("challenge", .string($0.challenge))] } ?? [])
        case .subscribe(let from): [("from", .integer(Int64(from)))]
        case .jump(let step): [("step", .integer(Int64(step)))]
        case .undo(let count), .redo(let count): [("count", .integer(Int64(count)))]
        case .dispatch(let type, let payload):
            [("action", .object(JSONObject([("payload", payload), ("type", .string(type))])))]
        case .mark(let name): [("name", .string(name))]
        case .read(let part, let offset, let length):
            [("part", .integer(Int64(part))), ("offset", .integer(Int64(offset))), ("length", .integer(Int64(length)))]
        case .trap(let trap): trap.members
        case .untrap(let number): [("number", .integer(Int64(number)))]
        case .unsubscribe, .pause, .resume, .snapshot, .status, .journal: []
        }
    }
}
