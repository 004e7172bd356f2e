import TerminalKit

/// `app mark NAME`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppMark: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app mark", abstract: "Write a named marker into the app's journal (in the app).",
                    arguments: [ArgumentSpec("name", help: "The marker's name.")]), takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try repl.attachedApp()
        return try app.act(.mark(name: input.text))
    }
}
