import StateDebugger
import TerminalKit

/// `diff [A [B]]`: the diff between two states.
enum ReplDiff: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "diff", abstract: "The diff this step made; from A to here; or from A to B.",
                    arguments: [
                        ArgumentSpec("a", help: "The first step (negative counts from the end).", isOptional: true),
                        ArgumentSpec("b", help: "The second step (default: the cursor).", isOptional: true),
                    ]),
        aliases: ["d"])

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let timeline = repl.timeline
        guard let first = input.optionalString("a") else {
            return try StepView(timeline: timeline, printer: repl.printer).render(step: timeline.step)
        }
        let from = try repl.stepNumber(first)
        let to = try input.optionalString("b").map { (text) throws(CommandFailure) in try repl.stepNumber(text) } ?? timeline.step
        let old = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: from) }
        let new = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: to) }
        guard let rendered = repl.printer.renderer.render(from: old, to: new) else { return "steps \(from) and \(to) have equal states" }
        return "--- step \(from)\n+++ step \(to)\n" + rendered
    }
}
