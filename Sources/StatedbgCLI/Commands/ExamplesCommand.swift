import StateDebugger
import StateJSON
import TerminalKit

/// `statedbg examples [--json]`: the apps this build of statedbg can record and replay.
enum ExamplesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "examples",
        abstract: "List the registered apps: their ids, for 'statedbg record', and what they are.",
        discussion: """
            Each app is followed by what its registration keeps from working, if anything: an app that \
            registers no Codable action type cannot have its recordings replayed (dispatch, verify, skip \
            and minimize), and one whose state type is not Decodable replays only from its initial state.

            With --json the list is one line: {"apps":[{"canRecord":BOOL,"id":TEXT,"limits":TEXT or null,\
            "summary":TEXT}…]}; canRecord is false for an app without an action generator.

            $ statedbg examples
            """,
        options: [.flag("json", help: "Print the list as one JSON line.")],
        exitStatuses: [.init(.success, "The list was printed.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let apps = context.registry.apps
        if arguments.flag("json") {
            let list: [JSONValue] = apps.map { app in
                ["id": .string(app.id), "summary": .string(app.summary), "canRecord": .bool(app.canGenerate),
                 "limits": RecordingAbilities.limits(of: app).map { .string($0) } ?? .null]
            }
            context.output.print(JSONValue.object(["apps": .array(list)]).canonicalText)
            return .success
        }
        guard !apps.isEmpty else {
            context.output.print("no apps are registered; build a statedbg of your own that passes yours to Statedbg.main(apps:)")
            return .success
        }
        let width = max(12, (apps.map(\.id.count).max() ?? 0) + 2)
        for app in apps {
            let padding = String(repeating: " ", count: width - app.id.count)
            let note = app.canGenerate ? "" : " (cannot be recorded: no action generator)"
            context.output.print(app.id + padding + app.summary + note)
            if let limits = RecordingAbilities.limits(of: app) {
                context.output.print(String(repeating: " ", count: width) + limits)
            }
        }
        return .success
    }
}
