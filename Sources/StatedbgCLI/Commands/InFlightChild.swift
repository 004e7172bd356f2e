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

    /// Runs step `step` of the recording at `path` (the step in flight) in a child and says how it ended.
    func run(path: String, step: Int) throws(CommandFailure) -> CrashReproduction.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["debug", path, String(step), "--\(Self.reportFlag)"]
        var environment = ProcessInfo.processInfo.environment
        // The runtime's message is all the verdict needs: the backtracer would make the child slow to die
        // and print pages of frames.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(.internalError, "cannot start \(executable) to run step \(step) in a child process: \(error.localizedDescription)")
        }
        // Both pipes are read to the end before waiting, standard error on a thread of its own, so that
        // a child filling one of them never blocks.
        let errorText = ErrorText()
        let errorReader = errors.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        Thread {
            errorText.set(errorReader.readDataToEndOfFile())
            done.signal()
        }.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        let stderr = errorText.text
        switch process.terminationReason {
        case .uncaughtSignal:
            return .crashed(signal: process.terminationStatus, message: CrashMessage.find(in: stderr))
        case .exit:
            break
        @unknown default:
            break
        }
        guard process.terminationStatus == 0 else {
            let said = stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw CommandFailure(.internalError, "the child process that ran step \(step) exited with status \(process.terminationStatus)\(said)")
        }
        return try Self.outcome(ofReport: String(decoding: printed, as: UTF8.self), step: step)
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

/// Standard error as read on another thread; read once that thread is done.
// Safe because the reading thread sets it before it signals, and it is read only after the wait.
private final class ErrorText: @unchecked Sendable {
    private var data = Data()

    func set(_ data: Data) { self.data = data }

    var text: String { String(decoding: data, as: UTF8.self) }
}
