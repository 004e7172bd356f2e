import StateDebugger
import StateJSON
import TerminalKit

/// `statedbg bisect FILE PREDICATE [--linear] [--json]`: the first step where a predicate holds.
enum BisectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "bisect",
        abstract: "Find the first step where a predicate over the state holds.",
        discussion: """
            PREDICATE is a condition on the state, the action and the step number, such as \
            'any(.users[*].age < 0)', '.jenny < 0' or 'action.type == "bank.pay" and .donald > 200'. A \
            predicate of the state alone that holds at the last step is bisected: a binary search finds the \
            first step if the predicate stays true once it holds, which it cannot check, and says so. Every \
            other predicate, and any with --linear, is checked at every step from the first, so the step \
            found is the first: one over the action or the step number can hold at one step and not at the \
            next. Prints the result, then the step and the diff it made.

            With --json the result is one line: {"action":{"label","payload","type"} or null,"firstStep":N,\
            "holds":BOOL,"lastStep":N,"method":"binary" or "linear","predicate":TEXT,"statesRead":N,\
            "step":N or null}; action is null when the predicate holds at the initial state.

            $ statedbg bisect Recordings/users-negative-age.jsonl 'any(.users[*].age < 0)' --json
            {"action":{"label":"users.updateAge(id: 5, age: -1)","payload":{"updateAge":{"age":-1,"id":5}},"type":"users.updateAge"},"firstStep":0,"holds":true,"lastStep":60,"method":"binary","predicate":"any(.users[*].age < 0)","statesRead":7,"step":40}
            $ statedbg bisect Recordings/bank.jsonl 'action.type == "bank.pay" and .donald > 200'
            """,
        arguments: [.file, ArgumentSpec("predicate", help: "The condition, quoted for the shell.")],
        options: [
            .flag("linear", help: "Check every step in order instead of bisecting, to be sure of the first."),
            .flag("json", help: "Print the result as one JSON line."),
        ] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "The predicate holds at some step."),
            .init(.checkFailed, "The predicate never holds."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let predicate = try context.predicate(arguments.string("predicate") ?? "")
        let scan = BisectReport.Method.linearScan(for: predicate, asked: arguments.flag("linear"))
        // A linear scan of a journal reads it in one pass, without indexing it.
        let search = scan != nil ? try context.journalSearch(file) : nil
        var source = search == nil ? try context.open(file) : nil
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            if let search, let scan { return try search.bisectLinear(predicate, method: scan, isCancelled: context.isCancelled) }
            return try RecordingQuery(source: source.unsafelyUnwrapped).bisect(predicate, linear: arguments.flag("linear"), isCancelled: context.isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        if arguments.flag("json") {
            context.output.print(Self.json(report).canonicalText)
            return report.step == nil ? .checkFailed : .success
        }
        context.output.print(report.description)
        guard let step = report.step else { return .checkFailed }
        if source == nil {
            source = try CommandFailure.translating { () throws(DebuggerError) in try JournalSource(path: file) }
        }
        guard let source else { return .success }
        let printer = StepPrinter(colour: context.colour(arguments), source: source)
        context.output.print(try StepView(source: source, printer: printer).render(step: step))
        return .success
    }

    /// The `--json` document of a finished search.
    static func json(_ report: BisectReport) -> JSONValue {
        let method = switch report.method {
        case .binarySearch: "binary"
        case .linearScan, .linearScanOfAction, .forcedLinearScan: "linear"
        }
        return [
            "predicate": .string(report.predicate),
            "holds": .bool(report.step != nil),
            "step": report.step.map { .integer(Int64($0)) } ?? .null,
            "action": report.action?.jsonValue ?? .null,
            "method": .string(method),
            "statesRead": .integer(Int64(report.statesRead)),
            "firstStep": .integer(Int64(report.steps.lowerBound)),
            "lastStep": .integer(Int64(report.steps.upperBound)),
        ]
    }
}
