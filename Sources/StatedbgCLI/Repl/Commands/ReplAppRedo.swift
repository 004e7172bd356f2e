import StateLive
import TerminalKit

/// `app redo [COUNT]`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppRedo: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app redo", abstract: "Travel the app forward along its own history (in the app).",
                    arguments: [ArgumentSpec("count", help: "How many steps (default: 1).", isOptional: true)]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let call: LiveCall<LiveTravel> = .redo(count: try repl.count(input.optionalString("count")))
        return try repl.attachedApp().act(call)
    }
}
