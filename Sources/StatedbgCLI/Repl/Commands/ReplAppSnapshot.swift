import TerminalKit

/// `app snapshot`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppSnapshot: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app snapshot", abstract: "Print the app's current state, as the app holds it."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try repl.attachedApp()
        let snapshot = try app.send(.snapshot)
        return "the app's state (step \(snapshot.step)):\n" + app.printer.dump(snapshot.state)
    }
}
