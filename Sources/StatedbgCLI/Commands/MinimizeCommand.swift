import Foundation
import StateDebugger
import StateJSON
import TerminalKit

/// `statedbg minimize FILE PREDICATE -o OUT [--force] [--json]`: the smallest recording that still satisfies a predicate.
enum MinimizeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "minimize",
        abstract: "Write the smallest recording whose replay still makes a predicate hold.",
        discussion: """
            Removes actions (delta debugging) and replays the rest through the app's current reducer, \
            keeping a removal whenever the predicate still holds at some step of the replay. Needs the \
            recording's app. The result is a new journal; the original is never changed.

            With --json the result is one line: {"keptSteps":[N…],"originalActions":N,"output":PATH,\
            "predicate":TEXT,"replays":N,"stepsWritten":N}.

            $ statedbg minimize Recordings/users-negative-age.jsonl 'any(.users[*].age < 0)' -o min.jsonl
            any(.users[*].age < 0) still holds with 5 of 60 actions (steps 1, 2, 3, 9, 52); 73 replays.
            wrote 5 steps to min.jsonl
            """,
        arguments: [.file, ArgumentSpec("predicate", help: "The condition the smaller recording must still reach.")],
        options: [
            .value("output", short: "o", valueName: "out", help: "The journal to write.", isRequired: true).completing(.files),
            .flag("force", help: "Replace the output file if it exists."),
            .flag("json", help: "Print the result as one JSON line."),
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
        let source = try context.open(file, migrating: true)
        let predicate = try context.predicate(arguments.string("predicate") ?? "")
        if !arguments.flag("force"), FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        let app = try CommandFailure.translating { () throws(DebuggerError) in try context.registry.require(source.info.app) }
        let (report, saved) = try Minimization.minimize(source: source, app: app, predicate: predicate, output: output,
                                                        force: arguments.flag("force"), isCancelled: context.isCancelled)
        guard arguments.flag("json") else {
            context.output.print("\(report)\nwrote \(saved.steps) step\(saved.steps == 1 ? "" : "s") to \(saved.path)")
            return .success
        }
        let document: JSONValue = [
            "predicate": .string(report.predicate),
            "originalActions": .integer(Int64(report.originalCount)),
            "keptSteps": .array(report.keptSteps.map { .integer(Int64($0)) }),
            "replays": .integer(Int64(report.replays)),
            "output": .string(saved.path),
            "stepsWritten": .integer(Int64(saved.steps)),
        ]
        context.output.print(document.canonicalText)
        return .success
    }
}
