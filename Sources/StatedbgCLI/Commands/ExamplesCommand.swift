import TerminalKit

/// `statedbg examples`: the apps this build of statedbg can record and replay.
enum ExamplesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "examples",
        abstract: "List the registered apps: their ids, for 'statedbg record', and what they are.",
        exitStatuses: [.init(.success, "The list was printed.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let apps = context.registry.apps
        guard !apps.isEmpty else {
            context.output.print("no apps are registered; build a statedbg of your own that passes yours to Statedbg.main(apps:)")
            return .success
        }
        let width = max(12, (apps.map(\.id.count).max() ?? 0) + 2)
        for app in apps {
            let padding = String(repeating: " ", count: width - app.id.count)
            let note = app.canGenerate ? "" : " (cannot be recorded: no action generator)"
            context.output.print(app.id + padding + app.summary + note)
        }
        return .success
    }
}
