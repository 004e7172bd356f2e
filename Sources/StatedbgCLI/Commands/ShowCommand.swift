import StateDebugger
import StateJSON
import StateQuery
import TerminalKit

/// `statedbg show FILE [--step N] [--path PATH] [--json]`: a state, or the part of it a path selects.
enum ShowCommand: Subcommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Print the state after a step, or the part of it a path selects.",
        discussion: """
            Long arrays are folded to their first \(StepPrinter.foldedArrayElements) elements unless --full \
            is given. A path with wildcards ([*], ..) prints every value it selects as 'PATH = VALUE'.

            With --json the output is one canonical JSON document: the state, the value a path without \
            wildcards selects (an index such as [-1] is not a wildcard), or an array of {"path":TEXT,"value":VALUE} for a path with wildcards.

            --action first prints the step's action as 'step N  LABEL  at FILE:LINE' (the call site when the \
            recorder stored one) and, for an action recorded without Codable, '(not replayable)'; with \
            --json the output is then {"action":…,"state":…}.

            $ statedbg show Recordings/bank.jsonl --step 10 --path .jenny
            4
            $ statedbg show Recordings/users-negative-age.jsonl --path '.users[*].age'
            """,
        arguments: [.file],
        options: [
            .value("step", valueName: "n", help: "The step (default: the last; negative counts from the end, -1 is the last)."),
            .value("path", valueName: "path", help: "A jq-like path such as .jenny or .users[*].age."),
            .flag("full", help: "Show long arrays whole."),
            .flag("action", help: "Print the step's action and where it was dispatched before the state."),
            .flag("json", help: "Print canonical JSON."),
        ],
        exitStatuses: [
            .init(.success, "The state was printed."),
            .init(.checkFailed, "The path selects nothing in that state."),
        ] + CommandSpec.StatusNote.reading)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let source = try context.open(arguments.string("file") ?? "")
        let step = try resolveStep(try context.int(arguments, "step"), in: source)
        let state = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
        let path = try arguments.string("path").map { (text) throws(CommandFailure) in try context.path(text) }
        if let path, path.values(in: state).isEmpty {
            // A path that selects nothing anywhere is a mistake to name, not an empty answer.
            try CommandFailure.translating { () throws(DebuggerError) in try source.requirePathExists(path) }
        }
        // The step's whole line is read, its action included: no state is shown from a line that is not
        // a journal line.
        let action = step == source.baseStep ? nil
            : try CommandFailure.translating { () throws(DebuggerError) in try source.action(at: step) }
        let printer = StepPrinter(colour: false, source: source)
        let text = try render(state, path: path, json: arguments.flag("json"), full: arguments.flag("full"), printer: printer) {
            "\(source.name): \($0) selects nothing in the state after step \(step)."
        }
        guard arguments.flag("action") else {
            context.output.print(text)
            return .success
        }
        if arguments.flag("json") {
            let parsed = (try? JSONValue(parsing: text)) ?? .string(text)
            context.output.print(JSONValue.object(JSONObject([("action", action?.jsonValue ?? .null), ("state", parsed)])).canonicalText)
        } else {
            let replayable = action.map { $0.isReplayable ? "" : "  (not replayable)" } ?? ""
            context.output.print(printer.header(step: step, action: action) + replayable)
            context.output.print(text)
        }
        return .success
    }

    /// A step number from the command line: negative counts from the end.
    static func resolveStep(_ asked: Int?, in source: any RecordingSource) throws(CommandFailure) -> Int {
        guard let asked else { return source.lastStep }
        let step = asked < 0 ? source.lastStep + 1 + asked : asked
        guard source.steps.contains(step) else {
            throw CommandFailure(.noSuchStep(asked, source: source.name, range: source.steps))
        }
        return step
    }

    /// The state or the values `path` selects, as `show` and the REPL's `state` print them.
    static func render(_ state: JSONValue, path: JSONPath?, json: Bool, full: Bool, printer: StepPrinter,
                       nothing: (JSONPath) -> String) throws(CommandFailure) -> String {
        guard let path else { return json ? state.canonicalText : printer.dump(state, full: full) }
        let matches = path.evaluate(on: state)
        // Each value keeps the notes of where it is in the state (a `Date`'s ISO 8601 rendering).
        func dump(_ match: (pointer: JSONPointer, value: JSONValue)) -> String {
            var printer = printer
            printer.notes = printer.notes.rooted(at: match.pointer, in: state)
            return printer.dump(match.value, full: full)
        }
        if path.selectsAtMostOneValue {
            guard let match = matches.first else { throw CommandFailure(.checkFailed, nothing(path)) }
            return json ? match.value.canonicalText : dump(match)
        }
        if json {
            let list = matches.map { match -> JSONValue in
                ["path": .string(JSONPath(pointer: match.pointer).description), "value": match.value]
            }
            return JSONValue.array(list).canonicalText
        }
        guard !matches.isEmpty else { throw CommandFailure(.checkFailed, nothing(path)) }
        return matches.map { "\(JSONPath(pointer: $0.pointer)) = \(dump($0))" }
            .joined(separator: "\n")
    }
}
