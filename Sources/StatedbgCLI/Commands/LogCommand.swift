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
            --type keeps the actions whose type matches a glob: 'bank.*', '*.pay', 'counter.reset'. A \
            recording keeps each label cut at 120 characters, with long lists and deep values shortened \
            ('[… 8 elements]'); --full prints them whole, described again by the recording's app (which \
            must be registered): the form the REPL's dispatch reads back.

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
            .flag("full", help: "Print each label whole, nothing shortened (needs the recording's app)."),
            .flag("json", help: "Print JSON lines."),
        ],
        exitStatuses: [.init(.success, "The list was printed (possibly empty).")] + CommandSpec.StatusNote.reading)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let pattern = arguments.string("type").map(ActionPattern.init)
        let json = arguments.flag("json")
        // A journal is read in one pass and each step printed as it is read.
        if !arguments.flag("full"), let search = try context.journalSearch(file) {
            _ = try CommandFailure.translating { () throws(DebuggerError) in
                try search.log(typePattern: pattern, isCancelled: context.isCancelled) { Self.print($0, json: json, context) }
            }
            return .success
        }
        let source = try context.open(file)
        var labels: WholeActionLabels?
        if arguments.flag("full") {
            let app = try CommandFailure.translating { () throws(DebuggerError) in try context.registry.require(source.info.app) }
            labels = WholeActionLabels(source: source, app: app)
        }
        let steps = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).log(typePattern: pattern)
        }
        for summary in steps { Self.print(summary, json: json, labels: labels, context) }
        return .success
    }

    private static func print(_ summary: StepSummary, json: Bool, labels: WholeActionLabels? = nil, _ context: CommandContext) {
        var summary = summary
        if let labels { summary.action = labels.whole(summary.action) }
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
