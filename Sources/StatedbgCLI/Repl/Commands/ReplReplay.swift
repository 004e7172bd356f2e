import StateDebugger
import TerminalKit

/// `replay [--verify]`: print the steps after the cursor, or check the recording against the reducer.
enum ReplReplay: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "replay", abstract: "Print the steps after the cursor; --verify replays the recording through the current reducer.",
                    options: [ReplayCommand.spec.option("verify")]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        if input.flag("verify") { return try verify(repl) }
        let timeline = repl.timeline
        guard timeline.step < timeline.lastStep else { return "step \(timeline.step) is the last step; nothing follows it" }
        let view = StepView(timeline: timeline, printer: repl.printer)
        var parts: [String] = []
        for step in (timeline.step + 1)...timeline.lastStep {
            if repl.isCancelled() { throw CommandFailure(.interrupted, "Interrupted after step \(step - 1).") }
            parts.append(try view.render(step: step))
        }
        return parts.joined(separator: "\n")
    }

    private static func verify(_ repl: ReplInterpreter) throws(CommandFailure) -> String {
        let app = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.requireApp() }
        let verifier = ReplayVerifier(source: repl.timeline.source(forBranch: nil), app: app)
        let isCancelled = repl.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in try verifier.verify(isCancelled: isCancelled) }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        var lines: [String] = []
        lines.append("schema: \(report.compatibility)")
        if let failure = report.failure {
            lines.append(ReplayCommand.describe(failure))
            throw CommandFailure(.checkFailed, lines.joined(separator: "\n"))
        }
        if let divergence = report.divergence {
            lines.append(ReplayCommand.describe(divergence, printer: repl.printer))
            return lines.joined(separator: "\n")
        }
        let count = report.checkedThrough - repl.timeline.firstStep
        lines.append("verified \(count) step\(count == 1 ? "" : "s"): every state matches")
        if case .incompatible = report.compatibility {
            throw CommandFailure(.checkFailed, lines.joined(separator: "\n") + ", but the schema is incompatible, so the recording fails the check")
        }
        return lines.joined(separator: "\n")
    }
}
