import StateDebugger
import StateJSON
import StateQuery
import StateRecorder
import TerminalKit

/// Runs the engine's ``Minimizer`` for `statedbg minimize` and the REPL's `minimize`.
enum Minimization {
    /// Minimizes `source` against `predicate`, writes the kept actions to `output` and returns what
    /// happened, in two lines:
    ///
    /// ```text
    /// .count > 10 still holds with 2 of 40 actions (steps 3, 17); 31 replays.
    /// wrote 2 steps of main to small.jsonl
    /// ```
    static func run(source: any RecordingSource, app: any RegisteredApp, predicate: StatePredicate, output: String,
                    force: Bool, isCancelled: @escaping @Sendable () -> Bool) throws(CommandFailure) -> String {
        let (report, saved) = try minimize(source: source, app: app, predicate: predicate, output: output, force: force,
                                           isCancelled: isCancelled)
        return "\(report)\nwrote \(saved.steps) step\(saved.steps == 1 ? "" : "s") to \(saved.path)"
    }

    /// Minimizes and writes as ``run(source:app:predicate:output:force:isCancelled:)`` does, and returns
    /// the two reports themselves (for `minimize --json`).
    static func minimize(source: any RecordingSource, app: any RegisteredApp, predicate: StatePredicate, output: String,
                         force: Bool, isCancelled: @escaping @Sendable () -> Bool) throws(CommandFailure) -> (MinimizeReport, SaveReport) {
        let minimizer = Minimizer(source: source, app: app)
        let report = try CommandFailure.translating { () throws(DebuggerError) in
            try minimizer.minimize(predicate, isCancelled: isCancelled)
        }
        if report.cancelled {
            // The kept steps can number thousands; they belong in no error message.
            let kept = report.keptSteps.count
            throw CommandFailure(.interrupted, "Interrupted after \(report.replays) replay\(report.replays == 1 ? "" : "s"): the smallest recording found so far has \(kept) of \(report.originalCount) action\(report.originalCount == 1 ? "" : "s"); nothing was written.")
        }
        let saved = try CommandFailure.translating { () throws(DebuggerError) in
            try minimizer.write(report.keptSteps, to: output, force: force)
        }
        return (report, saved)
    }
}
