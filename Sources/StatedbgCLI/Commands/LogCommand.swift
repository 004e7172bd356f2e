import StateDebugger
import StateJSON
import TerminalKit

/// `statedbg log FILE [--type PATTERN] [--json]`: the recorded actions, one per line.
enum LogCommand: Subcommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "List the recorded actions.",
        discussion: """
            Each line is the step number, right-aligned in six columns, two spaces and the action's label. \
            --type keeps the actions whose type matches a glob: 'bank.*', '*.pay', 'counter.reset'.

            With --json the output is JSON lines, one per step: {"action":{"label","payload","type"},\
            "line":N,"step":N,"time":MILLISECONDS} ("line" is null for recordings without lines).

            $ statedbg log Recordings/bank.jsonl --type 'bank.steal'
                 4  bank.steal(from: jenny, amount: 461)
                23  bank.steal(from: jenny, amount: 3)
                25  bank.steal(from: donald, amount: 493)
                38  bank.steal(from: jenny, amount: 77)
            """,
        arguments: [.file],
        options: [
            .value("type", valueName: "pattern", help: "Only actions whose type matches this glob (* and ?)."),
            .flag("json", help: "Print JSON lines."),
        ],
        exitStatuses: [.init(.success, "The list was printed (possibly empty).")] + CommandSpec.StatusNote.reading)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let pattern = arguments.string("type").map(ActionPattern.init)
        let json = arguments.flag("json")
        // A journal is read in one pass and each step printed as it is read.
        if let search = try context.journalSearch(file) {
            _ = try CommandFailure.translating { () throws(DebuggerError) in
                try search.log(typePattern: pattern, isCancelled: context.isCancelled) { Self.print($0, json: json, context) }
            }
            return .success
        }
        let source = try context.open(file)
        let steps = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).log(typePattern: pattern)
        }
        for summary in steps { Self.print(summary, json: json, context) }
        return .success
    }

    private static func print(_ summary: StepSummary, json: Bool, _ context: CommandContext) {
        if json {
            let line: JSONValue = [
                "step": .integer(Int64(summary.step)), "action": summary.action.jsonValue,
                "line": summary.line.map { .integer(Int64($0)) } ?? .null, "time": .integer(summary.time),
            ]
            context.output.print(line.canonicalText)
        } else {
            context.output.print(summary.description)
        }
    }
}
