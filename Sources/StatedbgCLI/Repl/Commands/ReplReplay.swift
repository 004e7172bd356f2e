import StateDebugger
import TerminalKit

/// `replay [--verify]`: print the steps after the cursor, or check the recording against the reducer.
enum ReplReplay: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "replay", abstract: "Print the steps after the cursor; --verify replays the recording through the current reducer.",
                    options: [ReplayCommand.spec.option("verify"), ReplayCommand.spec.option("strict")]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        if input.flag("verify") { return try verify(repl, strict: input.flag("strict")) }
        if input.flag("strict") { throw CommandFailure(.usage, "--strict is about the verification; add --verify.") }
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

    /// What `statedbg replay --verify` prints for the recording; a failed check is an error, so that a
    /// script's exit status tells.
    private static func verify(_ repl: ReplInterpreter, strict: Bool) throws(CommandFailure) -> String {
        let app = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.requireApp() }
        let verifier = ReplayVerifier(source: repl.timeline.source(forBranch: nil), app: app)
        let isCancelled = repl.isCancelled
        let report = try CommandFailure.translating { () throws(DebuggerError) in try verifier.verify(isCancelled: isCancelled) }
        if report.cancelled { throw CommandFailure(.interrupted, "Interrupted: \(report)") }
        let text = ReplayCommand.lines(of: report, verifier: verifier, interrupted: false, strict: strict, printer: repl.printer,
                                       naming: false).joined(separator: "\n")
        if report.divergence != nil { return text }
        guard ReplayCommand.passed(report, interrupted: false, strict: strict) else {
            throw CommandFailure(report.stoppedAt != nil ? .dataError : .checkFailed, text)
        }
        return text
    }
}
