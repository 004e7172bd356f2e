import StateDebugger
import TerminalKit

/// `action [STEP]`: the action of a step, its type, where it was dispatched and its payload.
enum ReplAction: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "action", abstract: "Print the action of this step (or STEP).",
                    arguments: [ArgumentSpec("step", help: "A step number; negative counts from the end.", isOptional: true)]),
        aliases: ["a"])

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let timeline = repl.timeline
        let step = try input.optionalString("step").map { (text) throws(CommandFailure) in try repl.stepNumber(text) } ?? timeline.step
        guard step != timeline.firstStep else { return "step \(step) is the initial state; it has no action" }
        let action = try CommandFailure.translating { () throws(DebuggerError) in try timeline.action(at: step) }
        var lines = ["step \(step)  \(action.label)", "  type: \(action.type)"]
        if let site = action.site { lines.append("  dispatched at: \(site)") }
        switch action.replayMode {
        case .decode:
            break
        case .notReplayable:
            lines.append("  replayable: no (the action's type is not Codable; its payload was reflected, and a replay takes the step's recorded state)")
        case .recordedState:
            lines.append("  replayable: no (the step replaces the state from outside the reducer; a replay takes its recorded state)")
        }
        lines.append("  payload: \(StepPrinter.indent(repl.printer.dump(action.payload), by: 2).dropFirst(2))")
        return lines.joined(separator: "\n")
    }
}
