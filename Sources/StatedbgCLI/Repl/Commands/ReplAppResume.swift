import TerminalKit

/// `app resume`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppResume: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app resume", abstract: "Let the app dispatch again, queued actions first (in the app)."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try repl.attachedApp()
        return try app.act(.resume)
    }
}
