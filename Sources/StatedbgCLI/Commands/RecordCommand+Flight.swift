import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateRecorder
import TerminalKit

// `statedbg record APP --flight N`: the app runs in a child statedbg with a flight recorder, whose crash
// handlers write the crash journal as the child dies; this process reports what happened.
extension RecordCommand {
    /// The hidden flag that makes `record --flight` record in its own process: the child's side.
    static let flightChildFlag = "flight-child"

    /// Runs the recording in a child statedbg and reports how it ended: as the child reported it when it
    /// finished, or, when the app crashed, from the crash journal the child's handler wrote.
    static func recordInChild(_ arguments: ParsedArguments, app id: String, output: String, flight: FlightRecording?,
                              _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard let executable = context.executable else {
            throw CommandFailure(.internalError, "record --flight runs the app in a child process, and this statedbg cannot start itself "
                + "again (its executable is unknown).")
        }
        if let flight { noteCrashJournalMovedAside(flight, output: output, context) }
        let run = try ChildStatedbg(executable: executable).run(childArguments(arguments, app: id, output: output))
        let text = context.output
        switch run.ending {
        case .exited(let status):
            text.print(String(decoding: run.output, as: UTF8.self), terminator: "")
            if !run.error.isEmpty { text.printError(run.error, terminator: "") }
            return ExitStatus(rawValue: status)
        case .timedOut(let limit):
            // Not asked for: a recording's child runs as long as its steps take.
            throw CommandFailure(.internalError, "the child process recording \(id) was stopped after \(CrashReproduction.seconds(limit)) s.")
        case .signalled(let signal):
            let message = CrashMessage.find(in: run.error)
            let died = SignalName.name(of: signal) + (message.map { " (\($0))" } ?? "")
            let journal: JournalSource
            let crash: RecordedCrash?
            do {
                journal = try JournalSource(path: output)
                crash = try RecordedCrash.find(in: journal)
            } catch {
                throw CommandFailure(.internalError, "the app crashed, \(died), and left no readable crash journal at \(output): \(error)")
            }
            guard let crash, crash.signal != nil else {
                throw CommandFailure(.internalError, "the app crashed, \(died), but \(output) is not the crash journal its handler writes.")
            }
            report(crash, journal: journal, app: id, output: output, died: died, signal: signal, message: message,
                   json: arguments.flag("json"), context)
            return .checkFailed
        }
    }

    /// Moves a crash journal an earlier run left at `output` aside, as the child's flight recorder would,
    /// and says where: the recorder never writes over a crash journal, not even with --force, and the
    /// user would otherwise find the old one only by listing the folder. A journal that cannot be moved
    /// is left for the child, which refuses to record over it with its own error.
    private static func noteCrashJournalMovedAside(_ flight: FlightRecording, output: String, _ context: CommandContext) {
        let files = FileManager.default
        guard files.fileExists(atPath: output) else { return }
        let folder = flight.journal.deletingLastPathComponent().path
        let before = Set((try? files.contentsOfDirectory(atPath: folder)) ?? [])
        guard let journals = try? flight.crashJournals(), !files.fileExists(atPath: output),
              let moved = journals.last(where: { !before.contains($0.lastPathComponent) }) else { return }
        context.output.printError("statedbg: note: the crash journal an earlier run left at \(output) was moved aside to "
            + "\(moved.lastPathComponent), not written over.")
    }

    /// `record`'s own words for the child, with the flag that makes it record.
    private static func childArguments(_ arguments: ParsedArguments, app id: String, output: String) -> [String] {
        var words = ["record", id, "--output", output, "--\(flightChildFlag)"]
        for name in ["steps", "seed", "snapshots", "durability", "flight"] {
            if let value = arguments.string(name) { words += ["--\(name)", value] }
        }
        for name in ["force", "fixed-clock", "json"] where arguments.flag(name) { words.append("--\(name)") }
        for path in arguments.strings("redact") { words += ["--redact", path] }
        return words
    }

    /// What the crash journal says, as `record` reports it.
    private static func report(_ crash: RecordedCrash, journal: JournalSource, app id: String, output: String, died: String,
                               signal: Int32, message: String?, json: Bool, _ context: CommandContext) {
        let kept = journal.lastStep > journal.baseStep ? (journal.baseStep + 1)...journal.lastStep : nil
        if json {
            let result: JSONValue = [
                "app": .string(id), "output": .string(output), "steps": .integer(Int64(journal.lastStep)), "rejected": .null,
                "interrupted": false,
                "kept": kept.map { ["first": .integer(Int64($0.lowerBound)), "last": .integer(Int64($0.upperBound))] } ?? .null,
                "crash": [
                    "signal": .string(SignalName.name(of: signal)), "message": message.map { .string($0) } ?? .null,
                    "inFlight": crash.inFlight.map { ["step": .integer(Int64($0.step)), "action": $0.action.jsonValue] } ?? .null,
                ],
            ]
            context.output.print(result.canonicalText)
            return
        }
        let steps = kept.map { "keeping the last \($0.count) (steps \($0.lowerBound) to \($0.upperBound))" } ?? "keeping none"
        let running = crash.inFlight.map { "running step \($0.step) (\($0.action.label))" }
            ?? crash.unencoded.map { "running step \($0.step) (its action was not encoded in time)" } ?? "between steps"
        context.output.print("recorded \(journal.lastStep) step\(journal.lastStep == 1 ? "" : "s") of \(id) in flight mode, \(steps); "
            + "then the app crashed \(running): \(died)")
        context.output.print("\(output) is the crash journal; 'statedbg replay \(ShellWords.quoted(output)) --verify' reproduces the crash")
    }

    /// The steps a flight recording's journal at `path` holds; `nil` when none, or it cannot be read.
    static func keptSteps(_ path: String) -> ClosedRange<Int>? {
        guard let reader = try? JournalReader(path: path), reader.lastStep > reader.baseStep else { return nil }
        return (reader.baseStep + 1)...reader.lastStep
    }
}
