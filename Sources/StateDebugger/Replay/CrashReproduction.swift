import StateJSON
import StateJournal
import StateRecorder

/// What running a crash journal's action in flight through today's reducer gave: it crashed again,
/// or the step now completes. What `statedbg replay --verify` reports for a crash journal.
///
/// The action runs on the last recorded state. Since a crash ends the process that runs it, the caller
/// runs it in a child process and reads how the child ended (``crashed(signal:message:)``), or runs it
/// in its own process (``PreparedStep/run(trap:)``), where a debugger catches the crash.
package struct CrashReproduction: Sendable, Equatable {
    /// How the run ended.
    package enum Outcome: Sendable, Equatable {
        /// The process running the reducer died of `signal`; `message` is what the Swift runtime
        /// printed about it (`Fatal error: Index out of range`), when it printed anything.
        case crashed(signal: Int32, message: String?)
        /// The reducer returned: `after` is the state it made (the state before, when a validator
        /// rejected the action), `outcome` whether the validators accepted it.
        case completed(after: JSONValue, outcome: ReplayOutcome)
        /// The reducer was still running after `timeout`, and its process was stopped.
        case hung(timeout: Duration)
    }

    /// The step in flight: one after the journal's last.
    package var step: Int
    /// The 1-based line of its `actionInFlight` event.
    package var line: Int?
    /// The recording's path or name.
    package var source: String
    /// The action in flight.
    package var action: JournalAction
    /// The signal the journal records the app died of; `nil` when it records none (a dump).
    package var recordedSignal: RecordedCrash.Signal?
    /// The recorded state the action ran on.
    package var before: JSONValue
    /// How the run ended.
    package var outcome: Outcome

    /// The run of `action`, the step `step` in flight on `line` of `source`, on the state `before`.
    package init(step: Int, line: Int?, source: String, action: JournalAction, recordedSignal: RecordedCrash.Signal?,
                 before: JSONValue, outcome: Outcome) {
        self.step = step
        self.line = line
        self.source = source
        self.action = action
        self.recordedSignal = recordedSignal
        self.before = before
        self.outcome = outcome
    }

    /// Whether today's reducer still crashes on the step.
    package var crashes: Bool {
        if case .crashed = outcome { true } else { false }
    }

    /// Whether today's reducer crashes on the step or never finishes it: the check fails either way.
    package var fails: Bool {
        switch outcome {
        case .crashed, .hung: true
        case .completed: false
        }
    }

    /// The verdict's first line, as `statedbg replay --verify` prints it:
    /// `shopping-crash.jsonl:48: step 47 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)`,
    /// or `… step 47 (shopping.toggleSelected) no longer crashes: the current reducer completes it`
    /// followed, by the caller, by the diff it made, or `… step 47 (shopping.toggleSelected) did not finish
    /// in 30 s: the reducer hangs`.
    package var verdict: String {
        let location = line.map { "\(source):\($0)" } ?? source
        let head = "\(location): step \(step) (\(action.label))"
        switch outcome {
        case .crashed(let signal, let message):
            let name = SignalName.name(of: signal)
            var text = "\(head) crashes the reducer: \(name)" + (message.map { " (\($0))" } ?? " (the process printed no message)")
            if let recorded = recordedSignal, recorded.name != name {
                text += "; the app died of \(recorded.name) when the journal was written"
            }
            return text
        case .hung(let timeout):
            return "\(head) did not finish in \(Self.seconds(timeout)) s: the reducer hangs"
        case .completed(_, let outcome):
            let recorded = recordedSignal.map { "the app died of \($0.name) running it when the journal was written" }
                ?? "it was in flight when the journal was written"
            switch outcome {
            case .applied:
                return "\(head) no longer crashes (\(recorded)): the current reducer completes it, making this state:"
            case .rejected(let rejection):
                return "\(head) no longer crashes (\(recorded)): the current reducer completes it, and the validator "
                    + "\(rejection.validator) rejects the result, so the state stays as it was: \(rejection.reason)"
            }
        }
    }

    /// `timeout` in seconds: `30`, `2.5`.
    package static func seconds(_ timeout: Duration) -> String {
        let (seconds, attoseconds) = timeout.components
        guard attoseconds != 0 else { return String(seconds) }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var text = String(Double(milliseconds) / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
