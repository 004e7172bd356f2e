import StateJSON
import StateLive
import StateRecorder
import TerminalKit

/// `app dispatch TYPE [PAYLOAD]`: acts on the attached app (see ``AttachedApp``); offered only by `statedbg attach`.
enum ReplAppDispatch: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "app dispatch", abstract: "Dispatch an action to the app (decoded by the app's action registry).",
                    arguments: [ArgumentSpec("action", help: #"The action as log prints it, users.addUser(name: "Ada", age: 36); or TYPE [PAYLOAD], e.g. users.addUser {"name":"Ada","age":36} or addUser {"name":"Ada","age":36}; also {"type": TYPE, "payload": PAYLOAD} or the Codable form {"addUser":{…}}."#)]), takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        // An action as `log` prints it is turned into its tag and Codable form here, with the recording's
        // schema; the app decodes that as it decodes any other.
        if let command = labelCommand(input.text, schema: repl.session.source.info.schema) {
            return try repl.attachedApp().act(command)
        }
        return try repl.attachedApp().act(AttachedApp.dispatchCommand(input.text))
    }

    /// The dispatch of an action written as `log` prints it (a tag followed at once by `(`), with its
    /// payload in the Codable form the recording's `schema` shows; `nil` for text in another form.
    static func labelCommand(_ text: String, schema: JSONValue) -> LiveCall<LiveDispatched>? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard let open = trimmed.firstIndex(of: "("), !trimmed[..<open].contains(where: { $0 == " " || $0 == "{" }),
              let label = try? ActionLabel(parsing: String(trimmed)),
              let payload = label.payloadCandidates(shapes: AppSchema(jsonValue: schema)?.actions ?? [:]).first else { return nil }
        return .dispatch(type: label.tag, payload: payload)
    }
}
