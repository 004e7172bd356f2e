import StateDebugger
import StateJSON
import TerminalKit

/// `statedbg bisect FILE PREDICATE [--linear]`: the first step where a predicate holds.
enum BisectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "bisect",
        abstract: "Find the first step where a predicate over the state holds.",
        discussion: """
            PREDICATE is a condition such as '.accounts.jenny < 0', 'any(.users[*].age < 0)' or \
            'action.type == "bank.pay" and .accounts.donald > 100'. When it holds at the last step, a binary \
            search finds the first step, assuming it stays true once it holds; --linear scans every step \
            from the first instead. Prints the result, then the step and the diff it made.
            """,
        arguments: [.file, ArgumentSpec("predicate", help: "The condition, quoted for the shell.")],
        options: [.flag("linear", help: "Scan every step in order instead of bisecting.")] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "The predicate holds at some step."),
            .init(.checkFailed, "The predicate never holds."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let source = try context.open(arguments.string("file") ?? "")
        let predicate = try context.predicate(arguments.string("predicate") ?? "")
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).bisect(predicate, linear: arguments.flag("linear"), isCancelled: context.isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        context.output.print(report.description)
        guard let step = report.step else { return .checkFailed }
        let printer = StepPrinter(colour: context.colour(arguments))
        context.output.print(try StepView(source: source, printer: printer).render(step: step))
        return .success
    }
}
