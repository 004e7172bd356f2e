import Foundation
import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import TerminalKit

/// `statedbg record EXAMPLE -o OUT …`: records a registered app driven by its action generator.
enum RecordCommand: Subcommand {
    static let spec = CommandSpec(
        name: "record",
        abstract: "Record a registered app driven by its random action generator.",
        discussion: """
            The same seed gives the same actions, so a recording can be made again. Actions the app's \
            validators reject are journaled as events and do not count as steps. See 'statedbg examples' \
            for the apps.

            $ statedbg record bank -o bank-session.jsonl --steps 40 --seed 7
            recorded 40 steps of bank to bank-session.jsonl (11 actions rejected by validators)

            With --json the result is one line: {"app":ID,"interrupted":BOOL,"output":PATH,"rejected":N,\
            "steps":N}, where rejected counts the actions the app's validators refused.

            $ statedbg record counter -o counter-session.jsonl --steps 5 --json
            {"app":"counter","interrupted":false,"output":"counter-session.jsonl","rejected":0,"steps":5}

            --flight N records as a flight recorder in a release build does: only the last N steps (or up \
            to a quarter more) are kept, in memory, and written to the output when the app crashes, with \
            the action its reducer was running and the signal, or when the recording ends. The app runs \
            in a child process, which a crash ends; record then reads the crash journal its handler \
            wrote, says where the app crashed, and exits with status 1. With --json the line also holds \
            "kept":{"first","last"} (the steps the file holds; null for none) and "crash": null or {"signal","message",\
            "inFlight":{"step","action"}}; after a crash "steps" is the last step recorded, and "rejected" \
            is null, since the count died with the app. 'statedbg replay FILE --verify' reproduces the crash.

            $ statedbg record shopping -o shopping-crash.jsonl --flight 20 --seed 9
            recorded 49 steps of shopping in flight mode, keeping the last 24 (steps 26 to 49); then the app crashed running step 50 (shopping.toggleSelected): SIGILL (Fatal error: Index out of range)
            shopping-crash.jsonl is the crash journal; 'statedbg replay shopping-crash.jsonl --verify' reproduces the crash
            """,
        arguments: [ArgumentSpec("example", help: "The app's id, as 'statedbg examples' lists it.")
            .completing(.command("statedbg examples | cut -d ' ' -f 1"))],
        options: [
            .value("output", short: "o", valueName: "out", help: "The journal to write.", isRequired: true).completing(.files),
            .value("steps", valueName: "n", defaultValue: "100", help: "How many steps to record."),
            .value("seed", valueName: "s", defaultValue: "1", help: "The random seed."),
            .flag("force", help: "Replace the output file if it exists."),
            .value("snapshots", valueName: "mode", defaultValue: "patches",
                   help: "patches (a patch per step, with keyframes) or every-step (a whole state per step).")
                .completing(.values(["patches", "every-step"])),
            .value("durability", valueName: "policy", defaultValue: "step",
                   help: "step (every step reaches the OS), step-sync (and the disk, with fsync), batched, or close (only when recording ends).")
                .completing(.values(["step", "step-sync", "batched", "close"])),
            .flag("fixed-clock", help: "Stamp steps with a fixed clock (from 2026-01-01, one second a step), so the same seed writes the same bytes."),
            .flag("acknowledged", help: "Print 'acknowledged N' on standard output whenever the writer has handed steps up to N to the OS (for crash tests).").hidden(),
            .flag("json", help: "Print the result as one JSON line."),
            .value("redact", valueName: "path", help: "Replace the values this jq-like path selects with \"<redacted>\".",
                   isRepeatable: true),
            .value("flight", valueName: "n", help: "Flight recorder mode: keep only the last <n> steps, written when the app crashes or the recording ends."),
            .flag(flightChildFlag, help: "Record in this process, as the child of record --flight.").hidden(),
        ],
        exitStatuses: [.init(.success, "The recording was written."),
                       .init(.checkFailed, "With --flight: the app crashed, and the output file is its crash journal."),
                       .usage, .exists, .io,
                       .init(.interrupted, "Interrupted; the steps recorded so far are in the output file.")])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let id = arguments.string("example") ?? ""
        // The parser has checked that the required option is there.
        let output = arguments.string("output") ?? ""
        guard let app = context.registry.apps.first(where: { $0.id == id }) else {
            let known = context.registry.ids.sorted()
            let list = known.isEmpty ? "none are registered" : "the examples are \(known.joined(separator: ", "))"
            throw CommandFailure(.usage, "There is no example \"\(id)\" to record; \(list) (see 'statedbg examples').")
        }
        let steps = try context.int(arguments, "steps") ?? 100
        guard steps >= 0 else { throw context.usageError(arguments, .invalidValue(String(steps), for: "--steps <n>", expected: "0 or more")) }
        let seedText = arguments.string("seed") ?? "1"
        guard let seed = UInt64(seedText) else {
            throw context.usageError(arguments, .invalidValue(seedText, for: "--seed <s>", expected: "a non-negative integer"))
        }
        var options = RecorderOptions()
        switch arguments.string("snapshots") {
        case "every-step": options.snapshots = .everyStep
        case "patches", nil: break
        case let other?: throw context.usageError(arguments, .invalidValue(other, for: "--snapshots <mode>", expected: "patches or every-step"))
        }
        switch arguments.string("durability") {
        case "step", nil: options.durability = .everyStep(sync: false)
        case "step-sync": options.durability = .everyStep(sync: true)
        case "batched": options.durability = .batched(steps: 64, milliseconds: 100)
        case "close": options.durability = .onClose
        case let other?: throw context.usageError(arguments, .invalidValue(other, for: "--durability <policy>", expected: "step, step-sync, batched or close"))
        }
        for text in arguments.strings("redact") {
            do {
                _ = try JSONPath(parsing: text)
            } catch {
                throw CommandFailure(.usage, "--redact '\(text)': the path is not valid at column \(error.column): \(error.message).")
            }
        }
        do {
            options.redaction = try Redaction(paths: arguments.strings("redact"))
        } catch {
            throw CommandFailure(.usage, "--redact: \(error)")
        }
        // A symbolic link is followed: the journal is the file it names (created if it dangles), and the
        // link stays, as with every other output.
        let journal = try CommandFailure.translating { () throws(DebuggerError) in try OutputPath.followingLinks(output) }
        let force = arguments.flag("force")
        if !force, FileManager.default.fileExists(atPath: output) {
            throw CommandFailure(.fileExists(path: output))
        }
        options.overwrite = force
        guard app.canGenerate else {
            throw CommandFailure(.usage, "The app \"\(id)\" has no action generator, so statedbg cannot record it.")
        }
        if let window = try context.int(arguments, "flight") {
            guard window > 0 else { throw context.usageError(arguments, .invalidValue(String(window), for: "--flight <n>", expected: "1 or more")) }
            // The redaction is the --redact paths, already in the options; the flight's own adds none.
            options.flight = .lastSteps(window, redaction: Redaction(), journal: URL(fileURLWithPath: journal))
            if !arguments.flag(flightChildFlag) { return try recordInChild(arguments, app: id, output: output, flight: options.flight, context) }
        }
        let summary: RecordingSummary
        do {
            let text = context.output
            let acknowledged: ((Int) -> Void)? = arguments.flag("acknowledged")
                ? { step in
                    text.print("acknowledged \(step)")
                    text.flush()
                }
                : nil
            summary = try app.record(to: journal, steps: steps, seed: seed, options: options,
                                     clock: arguments.flag("fixed-clock") ? RecordingClock.fixed() : RecordingClock.wall,
                                     acknowledged: acknowledged, isCancelled: context.isCancelled)
        } catch let error as JournalError {
            throw CommandFailure(.journal(error))
        } catch RecorderError.journalStopped(let message) {
            throw CommandFailure(.ioError, message)
        } catch {
            throw CommandFailure(.ioError, "\(output): the recording failed: \(String(describing: error).withoutFinalPeriod).")
        }
        let kept = options.flight == nil ? nil : keptSteps(output)
        if arguments.flag("json") {
            var members: [(String, JSONValue)] = [
                ("app", .string(id)), ("output", .string(output)), ("steps", .integer(Int64(summary.applied))),
                ("rejected", .integer(Int64(summary.rejected))), ("interrupted", .bool(summary.cancelled)),
            ]
            if options.flight != nil {
                let range: JSONValue = kept.map { ["first": .integer(Int64($0.lowerBound)), "last": .integer(Int64($0.upperBound))] } ?? .null
                members += [("kept", range), ("crash", .null)]
            }
            context.output.print(JSONValue.object(JSONObject(members)).canonicalText)
        } else {
            let rejected = summary.rejected == 0 ? "" : " (\(summary.rejected) action\(summary.rejected == 1 ? "" : "s") rejected by validators)"
            let flight = kept.map { ", keeping the last \($0.count) in flight mode (steps \($0.lowerBound) to \($0.upperBound))" } ?? ""
            context.output.print("recorded \(summary.applied) step\(summary.applied == 1 ? "" : "s") of \(id) to \(output)\(flight)\(rejected)")
        }
        if summary.cancelled {
            throw CommandFailure(.interrupted, "Interrupted: recording stopped after \(summary.applied) of \(steps) steps; \(output) holds them and is complete.")
        }
        return .success
    }
}
