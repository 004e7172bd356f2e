import StateDebugger
import TerminalKit

/// `bisect [--linear] PREDICATE`: the `statedbg bisect` query, then a jump to the step it found.
enum ReplBisect: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "bisect", abstract: BisectCommand.spec.abstract,
                    discussion: """
                        The cursor moves to the step found, e.g. bisect .accounts.jenny < 0. A predicate of the \
                        state alone is bisected, assuming it stays true once it holds; with --linear, and for a \
                        predicate over the action or the step number, every step is checked from the first.
                        """,
                    arguments: [ArgumentSpec("predicate", help: "The condition, as typed (no shell quoting).")],
                    options: [BisectCommand.spec.option("linear")]),
        completes: .predicate, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        // The predicate is free text; `--linear` is taken only as its own first or last word, so that
        // a string in the predicate may hold it.
        var text = input.text
        var linear = false
        if text == "--linear" {
            text = ""
            linear = true
        } else if text.hasPrefix("--linear ") {
            text = String(text.dropFirst("--linear ".count))
            linear = true
        } else if text.hasSuffix(" --linear") {
            text = String(text.dropLast(" --linear".count))
            linear = true
        }
        let predicate = try repl.parsePredicate(text)
        let timeline = repl.timeline
        let source = timeline.source(forBranch: nil)
        let isCancelled = repl.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).bisect(predicate, linear: linear, isCancelled: isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        guard let step = report.step else { throw CommandFailure(.checkFailed, report.description) }
        let moved = try repl.move { () throws(DebuggerError) in try timeline.jump(to: step) }
        return report.description + "\n" + moved
    }
}
