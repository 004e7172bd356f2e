import Foundation
import StateDebugger
import TerminalKit

/// `statedbg minimize FILE PREDICATE -o OUT [--force]`: the smallest recording that still satisfies a predicate.
enum MinimizeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "minimize",
        abstract: "Write the smallest recording whose replay still makes a predicate hold.",
        discussion: """
            Removes actions (delta debugging) and replays the rest through the app's current reducer, \
            keeping a removal whenever the predicate still holds at some step of the replay. Needs the \
            recording's app. The result is a new journal; the original is never changed.
            """,
        arguments: [.file, ArgumentSpec("predicate", help: "The condition the smaller recording must still reach.")],
        options: [
            .value("output", short: "o", valueName: "out", help: "The journal to write.", isRequired: true),
            .flag("force", help: "Replace the output file if it exists."),
        ],
        exitStatuses: [
            .init(.success, "The smaller recording was written."),
            .init(.checkFailed, "The predicate never holds, so there is nothing to minimize."),
        ] + CommandSpec.StatusNote.reading + [.exists, .interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        // The parser has checked that the required option is there.
        let output = arguments.string("output") ?? ""
        let file = arguments.string("file") ?? ""
        try CommandFailure.translating { () throws(DebuggerError) in try OutputPath.refuseOverwriting(inputs: [file], with: output) }
        let source = try context.open(file)
        let predicate = try context.predicate(arguments.string("predicate") ?? "")
        if !arguments.flag("force"), FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        let app = try CommandFailure.translating { () throws(DebuggerError) in try context.registry.require(source.info.app) }
        let text = try Minimization.run(source: source, app: app, predicate: predicate, output: output,
                                        force: arguments.flag("force"), isCancelled: context.isCancelled)
        context.output.print(text)
        return .success
    }
}
