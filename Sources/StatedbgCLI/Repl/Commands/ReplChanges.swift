import StateDebugger
import TerminalKit

/// `changes PATH`: the `statedbg changes` query on this session's branch.
enum ReplChanges: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "changes", abstract: ChangesCommand.spec.abstract,
                    arguments: [ChangesCommand.spec.argument("path")]),
        completes: .path, takesText: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let path = try repl.parsePath(input.text)
        let source = repl.timeline.source(forBranch: nil)
        let isCancelled = repl.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try RecordingQuery(source: source).changes(of: path, isCancelled: isCancelled)
        }
        if report.cancelled {
            var failure = CommandFailure(.interrupted, report.summary)
            failure.output = report.changes.map(report.line(for:)).joined(separator: "\n")
            throw failure
        }
        return report.description
    }
}
