import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import TerminalKit

extension ReplayCommand {
    /// What `replay --verify` found about a crash journal's crash, after verifying its steps.
    enum CrashCheck {
        /// The recording records no crash, or the replay stopped before its end (`--to`).
        case none
        /// The app died of a signal with no action in flight: the crash was outside the reducer.
        case outsideReducer(RecordedCrash.Signal, after: Int)
        /// The app was running an action the recorder could not encode before the journal was written.
        case unencoded(RecordedCrash.Unencoded, signal: RecordedCrash.Signal?)
        /// The action in flight was recorded without `Codable`, so it cannot be run.
        case notReplayable(step: Int, action: JournalAction, line: Int)
        /// The action in flight, or the state it would run on, holds redacted values that do not decode.
        case redacted(step: Int, action: JournalAction, line: Int)
        /// The action in flight ran on the last recorded state.
        case ran(CrashReproduction)
    }

    /// Where a crash journal's action in flight runs.
    enum InFlightRun {
        /// In this process (`--in-process`), where a crash ends the command and a debugger attached stops.
        case inProcess
        /// In a child statedbg, killed and the reducer said to hang once it ran `timeout` (`--timeout`).
        case child(timeout: Duration)

        /// How long a child may run the action in flight unless `--timeout` says.
        static let defaultTimeout = 30

        /// What `--in-process` and `--timeout` ask for.
        static func asked(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> InFlightRun {
            let timeout = try context.int(arguments, "timeout")
            if let timeout, timeout < 1 {
                throw context.usageError(arguments, .invalidValue(String(timeout), for: "--timeout <seconds>", expected: "1 or more"))
            }
            guard arguments.flag("in-process") else { return .child(timeout: .seconds(timeout ?? defaultTimeout)) }
            guard timeout == nil else {
                throw CommandFailure(.usage, "--timeout bounds the child process that runs the action in flight, and --in-process runs it in "
                    + "this one, for a debugger; leave one of them out.")
            }
            return .inProcess
        }
    }

    /// Runs the action in flight of `source`, when it records one, through `app`'s current reducer, where
    /// `run` says: in a child statedbg, or in this process, where a crash ends the command (and a
    /// debugger attached stops there).
    static func checkCrash(of source: any RecordingSource, path: String, app: any RegisteredApp, run: InFlightRun,
                           _ context: CommandContext) throws(CommandFailure) -> CrashCheck {
        let crash = try CommandFailure.translating { () throws(DebuggerError) in try RecordedCrash.find(in: source) }
        guard let crash else { return .none }
        if let unencoded = crash.unencoded { return .unencoded(unencoded, signal: crash.signal) }
        guard let inFlight = crash.inFlight else {
            return crash.signal.map { .outsideReducer($0, after: source.lastStep) } ?? .none
        }
        if inFlight.action.replayMode != .decode {
            return .notReplayable(step: inFlight.step, action: inFlight.action, line: inFlight.line)
        }
        // Everything that can be wrong with the step (a state or an action that does not decode) is found
        // here, in this process, before anything runs.
        let prepared: PreparedStep
        do {
            prepared = try StepDebugger(source: source, app: app).prepare(step: inFlight.step)
        } catch {
            // A redacted value in place of a number or a case does not decode: the journal hid what the
            // reducer needs, which is no fault of the journal's.
            if ReplayVerifier.holdsPlaceholder(inFlight.action.payload)
                || (try? source.state(at: source.lastStep)).map(ReplayVerifier.holdsPlaceholder) == true {
                return .redacted(step: inFlight.step, action: inFlight.action, line: inFlight.line)
            }
            throw CommandFailure(error)
        }
        let outcome: CrashReproduction.Outcome
        switch run {
        case .inProcess:
            context.output.flush()
            context.output.printError("statedbg: note: running step \(inFlight.step) (\(inFlight.action.label)), the action in flight, "
                + "in this process: if the reducer crashes, the crash ends statedbg, and a debugger attached stops there.")
            let run = try CommandFailure.translating { () throws(DebuggerError) in try prepared.run(trap: false) }
            outcome = .completed(after: run.after, outcome: run.outcome)
        case .child(let timeout):
            guard let executable = context.executable else {
                throw CommandFailure(.internalError, "\(source.name) is a crash journal, and this statedbg cannot start itself again to run "
                    + "its action in flight in a child process (its executable is unknown); add --in-process to run it in this one.")
            }
            outcome = try InFlightChild(executable: executable).run(path: path, step: inFlight.step, timeout: timeout)
        }
        return .ran(CrashReproduction(step: inFlight.step, line: inFlight.line, source: source.name, action: inFlight.action,
                                      recordedSignal: crash.signal, before: prepared.stateBefore, outcome: outcome))
    }

    /// The crash check as text, after the verification's lines.
    ///
    /// - Parameter tool: How this statedbg was run, for the debugger commands it proposes.
    static func lines(of check: CrashCheck, source: String, printer: StepPrinter, naming: Bool, tool: String) -> [String] {
        let prefix = naming ? "\(source): " : ""
        switch check {
        case .none:
            return []
        case .outsideReducer(let signal, let after):
            return ["\(source):\(signal.line): the app died of \(signal.name) after step \(after) with no action in flight: "
                + "the crash was outside the reducer, so there is no step to reproduce"]
        case .unencoded(let unencoded, let signal):
            let died = signal.map { "when the app died of \($0.name)" } ?? "when the journal was written"
            return ["\(source):\(unencoded.line): step \(unencoded.step), the action in flight \(died), was not encoded before the "
                + "journal was written (\(unencoded.marker)), so the crash cannot be reproduced; the steps before it are whole"]
        case .notReplayable(let step, let action, let line):
            return ["\(source):\(line): step \(step) (\(action.label)), the action in flight, was recorded without Codable, "
                + "so the crash cannot be reproduced; declare Codable on its type to run it"]
        case .redacted(let step, let action, let line):
            return ["\(source):\(line): step \(step) (\(action.label)), the action in flight, or the state it runs on holds "
                + "values the recording redacted, which do not decode, so the crash cannot be reproduced"]
        case .ran(let reproduction):
            switch reproduction.outcome {
            case .crashed, .hung:
                let command = [tool, "debug", source, String(reproduction.step)].map(ShellWords.quoted).joined(separator: " ")
                return [reproduction.verdict, prefix + "to stop in the reducer there: lldb -- \(command), or gdb --args \(command)"]
            case .completed(let after, .applied):
                return [reproduction.verdict, printer.diff(from: reproduction.before, to: after)]
            case .completed(_, .rejected):
                return [reproduction.verdict]
            }
        }
    }

    /// The `crash` member of `--json`'s verify object; none for a journal that records no crash.
    static func member(of check: CrashCheck) -> [(String, JSONValue)] {
        value(of: check).map { [("crash", $0)] } ?? []
    }

    private static func value(of check: CrashCheck) -> JSONValue? {
        switch check {
        case .none:
            return nil
        case .outsideReducer(let signal, let after):
            return ["after": .integer(Int64(after)), "recordedSignal": .string(signal.name), "inFlight": .null]
        case .unencoded(let unencoded, let signal):
            return ["step": .integer(Int64(unencoded.step)), "inFlight": .null, "encoded": false,
                    "recordedSignal": signal.map { .string($0.name) } ?? .null]
        case .notReplayable(let step, let action, _):
            return ["step": .integer(Int64(step)), "inFlight": action.jsonValue, "replayable": false]
        case .redacted(let step, let action, _):
            return ["step": .integer(Int64(step)), "inFlight": action.jsonValue, "redacted": true]
        case .ran(let reproduction):
            var members: [(String, JSONValue)] = [
                ("step", .integer(Int64(reproduction.step))), ("inFlight", reproduction.action.jsonValue),
                ("recordedSignal", reproduction.recordedSignal.map { .string($0.name) } ?? .null),
                ("crashes", .bool(reproduction.crashes)),
            ]
            switch reproduction.outcome {
            case .crashed(let signal, let message):
                members += [("signal", .string(SignalName.name(of: signal))), ("message", message.map { .string($0) } ?? .null)]
            case .completed(let after, let outcome):
                let rejected: JSONValue = switch outcome {
                case .applied: .null
                case .rejected(let rejection): ["validator": .string(rejection.validator), "reason": .string(rejection.reason)]
                }
                members += [("state", after), ("rejected", rejected)]
            case .hung(let timeout):
                members += [("hangs", true), ("timeout", .integer(timeout.components.seconds))]
            }
            return .object(JSONObject(members))
        }
    }

    /// The exit status of a verification that found `status` for the steps, once the crash check is in:
    /// a reducer that still crashes fails the check, as a divergence does; an action in flight that
    /// cannot be run fails it with `--strict`, as any step not replayed does.
    static func status(_ status: ExitStatus, with check: CrashCheck, strict: Bool) -> ExitStatus {
        guard status == .success else { return status }
        switch check {
        case .ran(let reproduction) where reproduction.fails: return .checkFailed
        case .notReplayable where strict, .redacted where strict, .unencoded where strict: return .checkFailed
        default: return status
        }
    }
}
