import TerminalKit

/// `app status`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppStatus: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app status", abstract: "Show the app's steps, its current step, whether it is paused (also: a bare 'app')."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try repl.attachedApp()
        return try app.status()
    }
}
