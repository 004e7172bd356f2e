import TerminalKit

/// `app pause`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppPause: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app pause", abstract: "Hold the app's dispatching (in the app); its actions queue until 'app resume'."))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try repl.attachedApp()
        return try app.act(.pause)
    }
}
