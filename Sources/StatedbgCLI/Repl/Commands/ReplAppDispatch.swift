import StateLive
import TerminalKit

/// `app dispatch TYPE [PAYLOAD]`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppDispatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app dispatch", abstract: "Dispatch an action to the app (decoded by the app's action registry).",
                    arguments: [ArgumentSpec("action", help: #"TYPE [PAYLOAD], e.g. users.addUser {"name":"Ada","age":36} or addUser {"name":"Ada","age":36}; also {"type": TYPE, "payload": PAYLOAD} or the Codable form {"addUser":{…}}."#)]), takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let call = try AttachedApp.dispatchCommand(input.text)
        return try repl.attachedApp().act(call)
    }
}
