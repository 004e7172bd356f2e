import Foundation
import StateDebugger
import StateJSON
import StateRecorder
import StateStore

/// Runs a crash journal's action in flight in a child process, since a reducer that crashes ends the
/// process that runs it: the child is this statedbg again (`statedbg debug FILE STEP --child-report`),
/// built with the same apps, and how it ends is the verdict.
///
/// The child prints one JSON line when the reducer returns (`{"rejected":null,"state":…}`); when it
/// dies of a signal, what it printed on standard error holds the Swift runtime's message
/// (``CrashMessage``).
struct InFlightChild {
    /// This statedbg's executable.
    var executable: String

    /// The hidden flag of `statedbg debug` that makes it the child: no notes, no trap, one JSON line.
    static let reportFlag = "child-report"

    /// Runs step `step` of the recording at `path` (the step in flight) in a child and says how it ended;
    /// a child still running after `timeout` is killed, and the reducer said to hang.
    func run(path: String, step: Int, timeout: Duration) throws(CommandFailure) -> CrashReproduction.Outcome {
        let run = try ChildStatedbg(executable: executable).run(["debug", path, String(step), "--\(Self.reportFlag)"], timeout: timeout)
        switch run.ending {
        case .timedOut(let limit):
            return .hung(timeout: limit)
        case .signalled(let signal):
            return .crashed(signal: signal, message: CrashMessage.find(in: run.error))
        case .exited(0):
            return try Self.outcome(ofReport: String(decoding: run.output, as: UTF8.self), step: step)
        case .exited(let status):
            let said = run.error.split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw CommandFailure(.internalError, "the child process that ran step \(step) exited with status \(status)\(said)")
        }
    }

    /// The child's report line, `{"rejected":null or {"reason","validator"},"state":…}`, read back.
    static func outcome(ofReport text: String, step: Int) throws(CommandFailure) -> CrashReproduction.Outcome {
        guard case .object(let report)? = try? JSONValue(parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              let state = report["state"] else {
            throw CommandFailure(.internalError, "the child process that ran step \(step) printed no report of it")
        }
        if case .object(let rejected)? = report["rejected"], let validator = rejected["validator"]?.stringValue,
           let reason = rejected["reason"]?.stringValue {
            return .completed(after: state, outcome: .rejected(Rejection(validator: validator, reason: reason)))
        }
        return .completed(after: state, outcome: .applied)
    }

    /// The child's report line for `run`.
    static func report(of run: DebuggedStep) -> String {
        let rejected: JSONValue = switch run.outcome {
        case .applied: .null
        case .rejected(let rejection): ["validator": .string(rejection.validator), "reason": .string(rejection.reason)]
        }
        return JSONValue.object(JSONObject([("rejected", rejected), ("state", run.after)])).canonicalText
    }
}
