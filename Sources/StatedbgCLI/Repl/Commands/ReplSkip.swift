import StateDebugger
import StateJSON
import StateJournal
import TerminalKit

/// `skip STEP`: Redux DevTools' skip — the rest of the branch replayed without one action, as a new branch.
enum ReplSkip: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(
            name: "skip",
            abstract: "Replay the steps after STEP without STEP's action, through the app's reducer, as a new branch; show where the outcome differs.",
            discussion: """
                Like Redux DevTools' skip. The actions after STEP are dispatched again from the state before it, \
                so the new branch holds what the app would have done had the action never run. The reply names \
                the first step whose state differs from the recording's, with the diff (- recorded, + without \
                STEP), and whether the final state differs. Needs the app registered (reducer mode); the cursor \
                ends on the new branch's last step. A later step that cannot be replayed (its action was \
                recorded without Codable, or it replaces the state) takes the change it recorded, and the \
                reply names it.
                """,
            arguments: [ArgumentSpec("step", help: "The step whose action to leave out; negative counts from the end.")]))

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        let timeline = repl.timeline
        let skipped = try repl.stepNumber(input.string("step"))
        guard skipped > timeline.firstStep else {
            throw CommandFailure(.usage, "step \(skipped) is the initial state; it has no action to skip.")
        }
        _ = try CommandFailure.translating { () throws(DebuggerError) in try repl.session.requireApp() }
        let branch = timeline.position.branch
        let source = timeline.source(forBranch: nil)
        let last = timeline.lastStep
        let skippedAction = try CommandFailure.translating { () throws(DebuggerError) in try source.action(at: skipped) }
        let later: [(step: Int, action: JournalAction)] = skipped < last ? try ((skipped + 1)...last).map { (step) throws(CommandFailure) in
            (step, try CommandFailure.translating { () throws(DebuggerError) in try source.action(at: step) })
        } : []
        let parent = source.parent(ofStep: skipped)
        let printer = repl.printer
        let recordedFinal = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: last) }
        let headline = "skipped step \(skipped) (\(skippedAction.label))"
        guard !later.isEmpty else {
            let before = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: parent) }
            let moved = try repl.move { () throws(DebuggerError) in try timeline.jump(to: parent) }
            let outcome = printer.renderer.render(from: recordedFinal, to: before).map { "the final state differs (- recorded, + without it):\n\($0)" }
                ?? "the final state is the same as the recording's"
            return "\(headline): it is the last step, so the state without it is step \(parent)'s; \(outcome)\n\(moved)"
        }

        _ = try CommandFailure.translating { () throws(DebuggerError) in try timeline.jump(to: parent) }
        var lines: [String] = []
        var firstDifference: String?
        var newBranch: String?
        var taken: [UnreplayableStep] = []
        var changes = RecordedChanges(source: source)
        for (step, action) in later {
            if step & 255 == 0, repl.isCancelled() {
                throw CommandFailure(.interrupted, "Interrupted before step \(step); the steps replayed so far stay on \(newBranch ?? branch).")
            }
            let report: DispatchReport
            do {
                report = try repl.session.replay(action, recorded: { (current) throws(DebuggerError) in
                    try changes.apply(step: step, to: current)
                })
            } catch {
                var failure = CommandFailure(error)
                failure.message = "step \(step) (\(action.label)) could not be replayed without step \(skipped): \(failure.message) "
                    + "The cursor is at \(timeline.position), where the replay stopped."
                throw failure
            }
            let position: TimelinePosition
            switch report.outcome {
            case .rejected:
                lines.append("step \(step): \(report.description)")
                firstDifference = firstDifference ?? "the outcome first differs at step \(step): without step \(skipped) its action is rejected"
                continue
            case .applied(let at, let created):
                position = at
                if let created { newBranch = created }
            case .takenAsRecorded(let at, let created):
                position = at
                if let created { newBranch = created }
                taken.append(UnreplayableStep(step: step, line: nil, type: action.type))
            }
            guard firstDifference == nil else { continue }
            let recorded = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
            let replayed = try CommandFailure.translating { () throws(DebuggerError) in try timeline.currentState() }
            if let diff = printer.renderer.render(from: recorded, to: replayed) {
                firstDifference = "the outcome first differs at step \(step) (\(action.label), now \(position)) (- recorded, + without step \(skipped)):\n" + diff
            }
        }
        let replayedFinal = try repl.currentState()
        let onto = newBranch.map { "on \($0)" } ?? "on \(timeline.position.branch)"
        var reply = ["\(headline): replayed steps \(skipped + 1) to \(last) \(onto)"] + lines
        if !taken.isEmpty {
            let steps = taken.map { "\($0.step) (\($0.type))" }
            reply.append("not replayed: step\(taken.count == 1 ? "" : "s") \(steps.joined(separator: ", ")) cannot be replayed, so the new branch took "
                + "the change \(taken.count == 1 ? "it" : "each") recorded")
        }
        reply.append(firstDifference ?? "the outcome is the same: every state after step \(skipped) is the recording's")
        if firstDifference != nil {
            reply.append(printer.renderer.render(from: recordedFinal, to: replayedFinal) == nil
                         ? "the final state is the same as the recording's" : "the final state differs from the recording's")
        }
        reply.append(try repl.here())
        return reply.joined(separator: "\n")
    }
}
