import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import TerminalKit

/// `statedbg diff FILE A B` (two steps) and `statedbg diff FILE1 FILE2` (two recordings).
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show how the states of two steps differ, or where two recordings first differ.",
        discussion: """
            'statedbg diff FILE A B' prints the diff from the state after step A to the state after step B \
            (- A, + B); negative steps count from the end. 'statedbg diff FILE1 FILE2' walks both \
            recordings step by step and reports the first step whose action or state differs.

            With --json: {"from":A,"patch":[RFC 6902 operations],"to":B} for two steps. For two recordings: \
            {"identical":true,"through":N}, or {"identical":false,"kind":KIND,…} where KIND is "actionsDiffer" \
            (with "step", "actions":[FIRST,SECOND] and "patch"), "statesDiffer" (with "step" and "patch"), "initialStatesDiffer" (with "step", "apps":[FIRST,SECOND] \
            and "patch") or \
            "oneIsLonger" (with "through", "longer" and "extraSteps"); each patch turns the first recording's \
            state into the second's.

            $ statedbg diff Recordings/bank.jsonl 9 10
            --- step 9
            +++ step 10
              {
            -   "donald": 167,
            +   "donald": 175,
            -   "jenny": 12
            +   "jenny": 4
              }
            $ statedbg diff Recordings/users-negative-age.jsonl Recordings/users-reswift-negative-age.jsonl
            """,
        arguments: [
            .file,
            ArgumentSpec("a", help: "The first step, or a second recording.").completing(.files),
            ArgumentSpec("b", help: "The second step.", isOptional: true),
        ],
        options: [.flag("json", help: "Print canonical JSON.")] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "The diff was printed; for two recordings: they match."),
            .init(.checkFailed, "The two recordings differ."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let file = arguments.string("file") ?? ""
        let first = arguments.string("a") ?? ""
        let json = arguments.flag("json")
        var printer = StepPrinter(colour: context.colour(arguments) && !json)
        guard let second = arguments.string("b") else {
            if Int(first) != nil {
                throw context.usageError(arguments, .missingArgument("<b>"))
            }
            return try compare(file, first, json: json, printer: printer, context)
        }
        let source = try context.open(file)
        printer.notes = JSONValueNotes(stateSchema: source.info.schema["state"] ?? .null)
        guard let a = Int(first) else { throw context.usageError(arguments, .invalidValue(first, for: "<a>", expected: "a step number")) }
        guard let b = Int(second) else { throw context.usageError(arguments, .invalidValue(second, for: "<b>", expected: "a step number")) }
        let from = try ShowCommand.resolveStep(a, in: source)
        let to = try ShowCommand.resolveStep(b, in: source)
        let old = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: from) }
        let new = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: to) }
        if json {
            let document: JSONValue = ["from": .integer(Int64(from)), "to": .integer(Int64(to)),
                                       "patch": JSONDiff.patch(from: old, to: new).jsonValue]
            context.output.print(document.canonicalText)
        } else if let rendered = printer.renderer.render(from: old, to: new) {
            context.output.print("--- step \(from)\n+++ step \(to)\n" + rendered)
        } else {
            context.output.print("steps \(from) and \(to) have equal states")
        }
        return .success
    }

    /// Walks two recordings in step and reports the first step whose action or state differs.
    private static func compare(_ firstPath: String, _ secondPath: String, json: Bool, printer: StepPrinter,
                                _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        // Two recordings made with different versions of their app's types compare as today's code reads them.
        let first = try context.open(firstPath, migrating: true)
        let second = try context.open(secondPath, migrating: true)
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingComparison.compare(first, second, renderer: printer.renderer, isCancelled: context.isCancelled)
        }
        context.output.print(json ? describeJSON(report).canonicalText : describe(report, printer: printer))
        return report.isIdentical ? .success : .checkFailed
    }

    /// The comparison as text, diffs indented as in `replay`.
    static func describe(_ report: ComparisonReport, printer: StepPrinter) -> String {
        let pair = "\(report.first) and \(report.second)"
        let legend = "(- \(report.first), + \(report.second))"
        switch report.outcome {
        case .identical(let through):
            return "\(pair) are identical through step \(through)"
        case .oneIsLonger(let through, let longer, let extra):
            return "\(pair) are identical through step \(through), then \(longer) goes on for \(extra) more step\(extra == 1 ? "" : "s")"
        case .actionsDiffer(let step, let one, let other, let diff):
            var text = "\(pair) first differ at step \(step): the actions differ\n  \(report.first): \(one.label)\n  \(report.second): \(other.label)"
            if let diff {
                text += "\nthe states after it \(legend):\n" + StepPrinter.indent(diff.rendered, by: 2)
            } else {
                text += "\nthe states after it are equal"
            }
            return text
        case .statesDiffer(let step, let diff):
            return "\(pair) first differ at step \(step): the same action gives different states \(legend):\n"
                + StepPrinter.indent(diff.rendered, by: 2)
        case .initialStatesDiffer(let step, let diff, let apps):
            return "\(pair) \(ComparisonReport.start(step: step, apps: apps)) \(legend):\n" + StepPrinter.indent(diff.rendered, by: 2)
        }
    }

    /// The comparison as the JSON document `--json` prints.
    static func describeJSON(_ report: ComparisonReport) -> JSONValue {
        switch report.outcome {
        case .identical(let through):
            return ["identical": true, "through": .integer(Int64(through))]
        case .oneIsLonger(let through, let longer, let extra):
            return ["identical": false, "kind": "oneIsLonger", "through": .integer(Int64(through)),
                    "longer": .string(longer), "extraSteps": .integer(Int64(extra))]
        case .actionsDiffer(let step, let one, let other, let diff):
            return ["identical": false, "kind": "actionsDiffer", "step": .integer(Int64(step)),
                    "actions": [one.jsonValue, other.jsonValue], "patch": diff?.patch.jsonValue ?? []]
        case .statesDiffer(let step, let diff):
            return ["identical": false, "kind": "statesDiffer", "step": .integer(Int64(step)), "patch": diff.patch.jsonValue]
        case .initialStatesDiffer(let step, let diff, let apps):
            return ["identical": false, "kind": "initialStatesDiffer", "step": .integer(Int64(step)),
                    "apps": .array(apps.map { .string($0) }), "patch": diff.patch.jsonValue]
        }
    }
}
