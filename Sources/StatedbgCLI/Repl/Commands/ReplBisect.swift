import StateDebugger
import TerminalKit

/// `bisect PREDICATE`: the `statedbg bisect` query, then a jump to the step it found.
enum ReplBisect: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "bisect", abstract: BisectCommand.spec.abstract,
                    discussion: "The cursor moves to the step found, e.g. bisect .accounts.jenny < 0.",
                    arguments: [ArgumentSpec("predicate", help: "The condition, as typed (no shell quoting).")]),
        completes: .predicate, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let predicate = try repl.parsePredicate(input.text)
        let timeline = repl.timeline
        let source = timeline.source(forBranch: nil)
        let isCancelled = repl.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).bisect(predicate, isCancelled: isCancelled)
        }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        guard let step = report.step else { throw CommandFailure(.checkFailed, report.description) }
        let moved = try repl.move { () throws(DebuggerError) in try timeline.jump(to: step) }
        return report.description + "\n" + moved
    }
}
