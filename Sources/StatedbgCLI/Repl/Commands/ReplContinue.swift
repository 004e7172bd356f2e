import StateDebugger
import TerminalKit

/// `continue`: go forward to the next step where a breakpoint or watchpoint is hit.
enum ReplContinue: ReplCommandProtocol {
    static let info = ReplCommandInfo(
        CommandSpec(name: "continue", abstract: "Go forward to the next step where a breakpoint or watchpoint is hit, and say which."),
        aliases: ["c"], isStepping: true)

    static func run(_ input: ReplInput, in repl: ReplInterpreter) throws(CommandFailure) -> String {
        try search(repl, forward: true)
    }

    /// Moves to the nearest hit in one direction and prints why it stopped, then the step as `next` does.
    static func search(_ repl: ReplInterpreter, forward: Bool) throws(CommandFailure) -> String {
        let enabled = repl.breakpoints.enabled
        guard !enabled.isEmpty else {
            let why = repl.breakpoints.all.isEmpty ? "there are no breakpoints or watchpoints" : "every breakpoint and watchpoint is disabled"
            throw CommandFailure(.usage, "\(why); break when PREDICATE, break action TYPE or watch PATH sets one.")
        }
        let timeline = repl.timeline
        let start = timeline.step
        let search = BreakpointSearch(source: timeline.source(forBranch: nil), breakpoints: enabled, isCancelled: repl.isCancelled)
        guard let stop = try search.stop(from: start, forward: forward) else {
            let end = forward ? "last is \(timeline.lastStep)" : "first is \(timeline.firstStep)"
            return "no breakpoint or watchpoint is hit \(forward ? "after" : "before") step \(start) (the \(end)); the cursor stays at step \(start)"
        }
        let state = try CommandFailure.translating { () throws(DebuggerError) in try timeline.state(at: stop.step) }
        for hit in stop.hits {
            repl.breakpoints.countHit(hit.number)
            // The hit already says old → new; the move need not print the watched value again.
            if let watch = repl.breakpoints.all.first(where: { $0.number == hit.number }), case .watch(_, let text) = watch.condition {
                repl.breakpoints.shown[text] = try repl.watchedValues(text, in: state)
            }
        }
        let moved = try repl.move { () throws(DebuggerError) in try timeline.jump(to: stop.step) }
        return stop.hits.map(\.description).joined(separator: "\n") + "\n" + moved
    }
}
