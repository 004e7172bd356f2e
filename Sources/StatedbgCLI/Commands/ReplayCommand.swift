import Foundation
import StateDebugger
import StateJSON
import StateEncoding
import StateJournal
import TerminalKit

/// `statedbg replay FILE [--verify] [--to N] [--quiet] [--json]`: every step's action and the diff it made;
/// `statedbg replay --verify --quiet FILE...`: several recordings verified at once (``RecordingBatch``).
enum ReplayCommand: Subcommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Replay a recording, printing each step's action label and the state diff it made.",
        discussion: """
            Each step prints as 'step N  LABEL' followed by the diff it made, indented; events (rejected \
            actions, travels, markers, command errors) follow the step they come after, as '⟂' lines. \
            --verify also runs every action through the current reducer of the recording's app and reports \
            the first step whose state differs from the recorded one; without it any recording replays, \
            app or not.

            With --json the output is JSON lines: {"action":{"label","payload","type"},"patch":[RFC 6902 \
            operations],"step":N} per step, the event's own object ({"event":"rejected",…}) per event, and \
            with --verify a last line {"verify":{"checkedThrough":N,"divergence":null or {"action","kind",\
            "patch","step"},"failure":null or TEXT,"notReplayed":[STEP…],"passed":BOOL,"replayed":N,\
            "schema":TEXT,"stoppedAt":null or {"step","type"}}}; "replayed" counts the steps run through \
            the reducer and compared.

            The schema check comes first. A renamed, retyped or removed field of the state or of an \
            action's payload, a new field that is not optional, or an action case that is gone makes the \
            recording incompatible: the verdict names each and proposes the migration that would keep \
            the recording, and the check fails even when every state matches; a state or action that then \
            does not decode is reported as the failure it explains. Additions (new optional fields, new \
            action cases) are noted, and the recording replays.

            A journal made with an earlier version of its app's types (the schemaVersion its header \
            records) is read through the migrations the app declares, its states, patches and actions \
            alike, and the file is not changed: the schema line says which migrations, and the verdict is \
            on the recording as they leave it ('statedbg migrate' writes it anew). Without --verify a \
            note on standard error says so.

            Actions recorded without Codable (an app with a store of its own can record any action) cannot \
            be replayed: --verify takes their steps' recorded states instead, says 'verified K of N steps' and \
            names each such action with its steps and the fix (declare Codable on the action type, in the \
            file that declares it). A verification that replayed no step checked nothing and fails (exit \
            status 1), and says so before the steps are printed; --strict fails when any step was not \
            replayed. When the state type is not Decodable either, the replay stops at the first such step \
            (exit status 65). Steps that replace the state from outside the reducer \
            (statedbg.replaceState) are taken as recorded too, and counted apart.

            A crash journal, whose app died running an action (its last lines are actionInFlight and \
            crashed), gets one more check after its steps: the action in flight runs on the last recorded \
            state through the current reducer, in a child process (this statedbg again, with the same \
            apps). If it crashes, the verdict is 'FILE:LINE: step N (ACTION) crashes the reducer: SIGNAL \
            (MESSAGE)', the message being what the Swift runtime printed, and the check fails; if it \
            completes, 'step N (ACTION) no longer crashes' and the state it made, and the exit status is \
            the steps' verdict. A reducer that has not finished after 30 seconds (--timeout) is stopped, \
            the verdict is 'FILE:LINE: step N (ACTION) did not finish in 30 s: the reducer hangs', and the \
            check fails. --in-process runs it in statedbg itself, so that a debugger running \
            statedbg stops at the crash ('lldb -- statedbg replay FILE --verify --in-process'). An action \
            in flight recorded without Codable cannot run: the verdict says so, and --strict fails; so \
            does one the recorder could not encode before the crash journal was written (a marker named \
            'action in flight not encoded' stands in its place). With \
            --json a crash journal's verify object also holds "crash": {"step","inFlight",\
            "recordedSignal","crashes"} with "signal" and "message", or "state" and "rejected" when it \
            completes, or "hangs" and "timeout" when it does not finish. For example:

            $ statedbg replay Recordings/shopping-crash.jsonl --verify -q
            schema: compatible: the recording's state and action types match the current code
            verified 24 steps: every state matches
            Recordings/shopping-crash.jsonl:26: step 50 (shopping.toggleSelected) crashes the reducer: SIGILL (Fatal error: Index out of range)
            to stop in the reducer there: lldb -- statedbg debug Recordings/shopping-crash.jsonl 50, or gdb --args statedbg debug Recordings/shopping-crash.jsonl 50

            Several recordings are verified with --verify --quiet (and without --to, which is about one): \
            each on its own, --jobs at a time, its result printed in the order given. A recording that \
            passes gets one line, 'FILE: verified N steps: every state matches', after its schema verdict \
            when that is not plainly compatible; a divergence or a stop prints as for one recording; a \
            recording that cannot be verified gets 'FILE: error: …' among the results, where alone it \
            would end the command with that error. A last line counts them. With --json \
            each recording's line is {"file":PATH,"passed":BOOL,"status":N} with the members of "verify" \
            above, or {"error":TEXT,"file":PATH,"passed":false,"status":N}, and the last line is \
            {"summary":{"errors":N,"failed":N,"passed":N,"recordings":N,"status":N}}. The exit status is \
            then 1 when any recording failed; otherwise the highest status among them (64, 65, 66 or 74), \
            or 0 when every one passed. For example:

            $ statedbg replay --verify -q Recordings/counter.jsonl Recordings/bank.jsonl
            Recordings/counter.jsonl: verified 30 steps: every state matches
            Recordings/bank.jsonl: verified 50 steps: every state matches
            2 recordings: 2 passed, 0 failed
            """,
        arguments: [ArgumentSpec("file", help: "The recording: a statedbg journal or a Redux DevTools export; several with --verify --quiet.", isVariadic: true).completing(.files)],
        options: [
            .flag("verify", help: "Replay through the app's current reducer and check every state."),
            .flag("strict", help: "With --verify: fail when any step could not be replayed."),
            .value("to", valueName: "n", help: "Stop after step <n> (negative counts from the end)."),
            .flag("quiet", short: "q", help: "Print only the summary (and the verification)."),
            .flag("json", help: "Print JSON lines instead of text."),
            .flag("follow", short: "f", help: "Keep reading a journal still being written, printing steps as they come, until Ctrl-C."),
            .flag("in-process", help: "With --verify on a crash journal: run the action in flight in this process, so that a debugger catches the crash."),
            .value("timeout", valueName: "seconds", help: "With --verify on a crash journal: stop the action in flight's child process after <seconds> as a hang (default: 30)."),
            .jobs,
        ] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "Every step replayed (and, with --verify, matched); with several recordings, every one passed."),
            .init(.checkFailed, "With --verify: a replayed state differs from the recorded one, a crash journal's action in flight still crashes the reducer or does not finish, the schema is incompatible (even when the recording then does not decode), no step could be replayed, or, with --strict, some step could not; with several recordings, this is so for any one of them."),
            .init(.dataError, "With --verify: the replay reached an action recorded without Codable, and the state type is not Decodable, so it cannot go on."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let paths = arguments.strings("file")
        guard paths.count > 1 else { return try replay(paths.first ?? "", arguments, context) }
        return try verifyEach(paths, arguments, context)
    }

    /// One recording: its steps, then with `--verify` the verification.
    private static func replay(_ path: String, _ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        if arguments.flag("follow") { return try follow(path, arguments, context) }
        let source = try context.open(path, verifyingHashes: false, migrating: true, notingMigration: !arguments.flag("verify"))
        let to = try context.int(arguments, "to").map { (asked) throws(CommandFailure) in try ShowCommand.resolveStep(asked, in: source) }
        let json = arguments.flag("json")
        let quiet = arguments.flag("quiet")
        let verifier = try arguments.flag("verify") ? makeVerifier(source, context) : nil
        let strict = arguments.flag("strict")
        if strict, verifier == nil { throw CommandFailure(.usage, "--strict is about the verification; add --verify.") }
        if arguments.flag("in-process"), verifier == nil {
            throw CommandFailure(.usage, "--in-process runs a crash journal's action in flight, which only --verify runs; add --verify.")
        }
        if arguments.string("timeout") != nil, verifier == nil {
            throw CommandFailure(.usage, "--timeout bounds the run of a crash journal's action in flight, which only --verify runs; add --verify.")
        }
        let inFlightRun = try InFlightRun.asked(arguments, context)
        let last = to ?? source.lastStep
        let printer = StepPrinter(colour: context.colour(arguments) && !json, source: source)
        let output = context.output
        if verifier == nil, let export = source as? ReduxDevToolsImport, !export.hasStates {
            return try listActions(of: export, through: last, json: json, quiet: quiet, printer: printer, context)
        }
        // Verifying quietly, the verifier reads each line once, checking the recorded states as it replays.
        let fused = verifier != nil && quiet && (source is JournalSource || source is MigratedSource)
        if let verifier, !quiet { noteWhatCannotBeReplayed(verifier, context) }
        if !fused { try replaySteps(of: source, through: last, json: json, quiet: quiet, printer: printer, context) }
        guard let verifier else {
            if !json {
                let count = last - source.baseStep
                output.print("replayed \(count) step\(count == 1 ? "" : "s") of \(source.name)")
            }
            return .success
        }
        let (report, interrupted) = try runVerifier(verifier, through: last, checkingRecordedStates: fused, context)
        if !json {
            for line in lines(of: report, verifier: verifier, interrupted: interrupted, strict: strict, printer: printer, naming: false) {
                output.print(line)
            }
        }
        // The action in flight runs on the recorded state, whatever the replay of the steps found.
        let crash = last == source.lastStep && !interrupted
            ? try checkCrash(of: source, path: path, app: verifier.app, run: inFlightRun, context) : .none
        let verified = try status(of: report, verifier: verifier, interrupted: interrupted, strict: strict)
        let status = status(verified, with: crash, strict: strict)
        if json {
            var members = members(of: report, interrupted: interrupted, strict: strict)
            members = members.map { $0.0 == "passed" ? ("passed", .bool(status == .success)) : $0 } + member(of: crash)
            output.print(JSONValue.object(JSONObject([("verify", .object(JSONObject(members)))])).canonicalText)
        } else {
            for line in lines(of: crash, source: source.name, printer: printer, naming: false, tool: context.toolName) {
                output.print(line)
            }
        }
        return status
    }

    /// Says on standard error, before any step is printed, when the verification that follows them
    /// cannot replay the recording: no step holds an action the reducer can run, or the replay will
    /// stop at a step it cannot run because the state type is not `Decodable`.
    private static func noteWhatCannotBeReplayed(_ verifier: ReplayVerifier, _ context: CommandContext) {
        let source = verifier.source
        guard let coverage = try? ReplayCoverage.survey(source, isCancelled: context.isCancelled) else { return }
        if coverage.replaysNothing {
            let error = DebuggerError.nothingReplayable(source: source.name, steps: coverage.steps, notReplayed: coverage.notReplayed,
                                                        consequence: "the verification after its steps checks nothing and fails")
            context.output.printError("statedbg: note: \(error)")
        } else if let first = coverage.firstTakenAsRecorded, source.info.header.stateCoding == .reflection {
            context.output.printError("statedbg: note: \(source.name): step \(first) cannot be replayed, and the recording's states were "
                + "reflected from a type that is not Codable, so the verification after the steps stops there.")
        }
    }

    /// `--follow`: the steps there are, then new ones as the writer adds them, like `tail -f`.
    private static func follow(_ path: String, _ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard !arguments.flag("verify"), arguments.string("to") == nil else {
            throw CommandFailure(.usage, "--follow prints steps as they are written; it takes neither --verify nor --to.")
        }
        let journal = try FollowCommandSupport.open(path)
        let json = arguments.flag("json")
        let quiet = arguments.flag("quiet")
        let printer = StepPrinter(colour: context.colour(arguments) && !json, source: journal)
        let output = context.output
        try replaySteps(of: journal, through: journal.lastStep, json: json, quiet: quiet, printer: printer, context)
        var printed = journal.lastStep
        var shownEvents = journal.events.count
        output.flush()
        while journal.closedAfterStep == nil && !context.isCancelled() {
            usleep(100_000)
            do {
                guard try journal.refresh() > 0 || journal.events.count > shownEvents else { continue }
            } catch {
                throw CommandFailure(error)
            }
            // Events written after the last printed step, before the next one came.
            for located in journal.events.dropFirst(shownEvents) where located.event.after <= printed && !quiet {
                output.print(json ? located.event.jsonValue.canonicalText : printer.event(located.event))
            }
            do {
                try replaySteps(of: journal, from: printed, through: journal.lastStep, json: json, quiet: quiet,
                                printer: printer, context)
            } catch where error.status == .interrupted {
                break
            }
            printed = journal.lastStep
            shownEvents = journal.events.count
            output.flush()
        }
        let closing = journal.reader.closing
        if json {
            if let closing { output.print(closing.event.jsonValue.canonicalText) }
        } else {
            let count = printed - journal.baseStep
            let why = closing.map { "the recording was closed at step \($0.event.after)" } ?? "stopped with Ctrl-C"
            output.print("followed \(journal.name) to step \(printed): \(count) step\(count == 1 ? "" : "s") (\(why))")
        }
        return .success
    }

    /// Several recordings, `--jobs` at a time: each is read as with `--quiet` and verified.
    private static func verifyEach(_ paths: [String], _ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard arguments.flag("verify") else {
            throw CommandFailure(.usage, "replay takes several recordings only with --verify, which verifies each; to read one, give one file.")
        }
        guard arguments.string("to") == nil else {
            throw CommandFailure(.usage, "--to stops the replay of one recording; with several, leave it out.")
        }
        guard arguments.flag("quiet") else {
            throw CommandFailure(.usage, "replay prints the steps of one recording only; with several, add --quiet (-q) for each one's verification.")
        }
        guard !arguments.flag("in-process") else {
            throw CommandFailure(.usage, "--in-process runs one crash journal's action in flight in this process; with several recordings, leave it out.")
        }
        let json = arguments.flag("json")
        let strict = arguments.flag("strict")
        let inFlightRun = try InFlightRun.asked(arguments, context)
        let colour = context.colour(arguments) && !json
        let batch = RecordingBatch(paths: paths, jobs: try RecordingBatch.jobs(arguments, context), json: json, verb: "verified")
        return try batch.run(context) { path, fileContext throws(CommandFailure) in
            let source = try fileContext.open(path, verifyingHashes: false, migrating: true, notingMigration: false)
            let verifier = try makeVerifier(source, fileContext)
            let printer = StepPrinter(colour: colour, source: source)
            let fused = source is JournalSource || source is MigratedSource
            if !fused { try replaySteps(of: source, through: source.lastStep, json: json, quiet: true, printer: printer, fileContext) }
            let (report, interrupted) = try runVerifier(verifier, through: source.lastStep, checkingRecordedStates: fused, fileContext)
            let crash = interrupted ? .none : try checkCrash(of: source, path: path, app: verifier.app, run: inFlightRun, fileContext)
            if !json {
                for line in lines(of: report, verifier: verifier, interrupted: interrupted, strict: strict, printer: printer, naming: true)
                    + lines(of: crash, source: source.name, printer: printer, naming: true, tool: fileContext.toolName) {
                    fileContext.output.print(line)
                }
            }
            let verified = try status(of: report, verifier: verifier, interrupted: interrupted, strict: strict)
            return .init(status: status(verified, with: crash, strict: strict),
                         members: members(of: report, interrupted: interrupted, strict: strict) + member(of: crash))
        }
    }

    /// Reads every step through `last`, printing each (unless `quiet`) and checking its recorded hash.
    ///
    /// With `start`, the steps after it (and the events after them) only: `--follow` printing what arrived.
    private static func replaySteps(of source: any RecordingSource, from start: Int? = nil, through last: Int, json: Bool,
                                    quiet: Bool, printer: StepPrinter, _ context: CommandContext) throws(CommandFailure) {
        let output = context.output
        // --quiet hides the steps but still reads and checks every one: the verification compares the
        // reducer's states with the recorded hashes only, so a damaged patch or hash must be caught here,
        // with the same verdict and exit status as without --quiet.
        do {
            var events: [Int: [JournalEvent]] = [:]
            for located in source.events { events[located.event.after, default: []].append(located.event) }
            func printEvents(after step: Int) {
                guard !quiet else { return }
                for event in events[step] ?? [] {
                    output.print(json ? event.jsonValue.canonicalText : printer.event(event))
                }
            }
            let first = start ?? source.baseStep
            if start == nil { printEvents(after: source.baseStep) }
            // Each state is patched in place and fingerprinted at the cost of its patch, and each diff
            // is made from the patch's footprint on the state before: a step costs its change, not the
            // size of the state.
            var changes = try CommandFailure.translating { () throws(DebuggerError) in
                try StepChanges(source, after: first, through: last, fingerprinting: true)
            }
            while true {
                try context.checkCancelled("replay")
                guard let change = try CommandFailure.translating({ () throws(DebuggerError) in try changes.next() }) else { break }
                let step = change.step
                // A recording that does not hold a state (an Export file's) says so as reading it would.
                guard let previous = change.before else { throw CommandFailure(.stateNotExported(step: change.parent, source: source.name)) }
                guard let current = change.state else { throw CommandFailure(.stateNotExported(step: step, source: source.name)) }
                if let recorded = change.hash, let fingerprint = change.fingerprint, fingerprint != recorded {
                    throw CommandFailure(.dataError, "\(source.location(ofStep: step)): step \(step) records hash \(StateFingerprint.hex(recorded)) but its rebuilt state hashes to \(StateFingerprint.hex(fingerprint)); the journal was edited or damaged.")
                }
                if json, !quiet {
                    let patch = JSONDiff.patch(from: previous, to: current)
                    let line: JSONValue = ["step": .integer(Int64(step)), "action": change.action.jsonValue, "patch": patch.jsonValue]
                    output.print(line.canonicalText)
                } else if !quiet {
                    output.print(printer.header(step: step, action: change.action))
                    output.print(printer.diff(from: previous, to: current))
                }
                printEvents(after: step)
            }
        }
    }

    private static func makeVerifier(_ source: any RecordingSource, _ context: CommandContext) throws(CommandFailure) -> ReplayVerifier {
        ReplayVerifier(source: source, app: try CommandFailure.translating { () throws(DebuggerError) in
            try context.registry.require(source.info.app)
        })
    }

    /// Replays through the app's reducer up to `last`; the report, and whether Ctrl-C cut it short.
    ///
    /// - Parameter checkingRecordedStates: Whether the verifier also checks every recorded state through
    ///   `last` against its hash, as ``replaySteps(of:from:through:json:quiet:printer:_:)`` does, in the
    ///   same pass (a journal verified with `--quiet`, whose steps are not printed).
    private static func runVerifier(_ verifier: ReplayVerifier, through last: Int, checkingRecordedStates: Bool,
                                    _ context: CommandContext) throws(CommandFailure) -> (report: VerifyReport, interrupted: Bool) {
        let isCancelled = context.isCancelled
        var reachedEnd = false
        let report: VerifyReport
        do {
            // Progress after every step lets `--to` stop the replay exactly where asked.
            report = try verifier.verify(checkingRecordedStatesThrough: checkingRecordedStates ? last : nil, progressInterval: 1,
                                         progress: { step in reachedEnd = step >= last }, isCancelled: { reachedEnd || isCancelled() })
        } catch {
            throw CommandFailure(error)
        }
        if checkingRecordedStates, report.cancelled, !reachedEnd {
            // The recorded states were being read in the same pass, so the replay as a whole did not finish.
            throw CommandFailure(.interrupted, "Interrupted: the replay stopped before it finished.")
        }
        return (report, report.cancelled && !reachedEnd)
    }

    /// Whether the schema check found the recording incompatible: matching states do not make it pass,
    /// since the types it was made with are gone.
    private static func isIncompatible(_ report: VerifyReport) -> Bool {
        if case .incompatible = report.compatibility { true } else { false }
    }

    /// The members of the `verify` object of `--json`.
    private static func members(of report: VerifyReport, interrupted: Bool, strict: Bool) -> [(String, JSONValue)] {
        let divergence = report.divergence
        var members: [(String, JSONValue)] = [
            ("checkedThrough", .integer(Int64(report.checkedThrough))),
            ("passed", .bool(passed(report, interrupted: interrupted, strict: strict))),
            ("replayed", .integer(Int64(report.replayedSteps))),
            ("notReplayed", .array(report.notReplayed.map { .integer(Int64($0.step)) })),
            ("stoppedAt", report.stoppedAt.map { ["step": .integer(Int64($0.step)), "type": .string($0.type)] } ?? .null),
            ("schema", .string(report.schemaVerdict)),
            ("failure", report.failure.map { .string($0.description) } ?? .null),
        ]
        if let divergence {
            let kind: JSONValue
            switch divergence.kind {
            case .stateMismatch: kind = "stateMismatch"
            case .rejected(let rejection): kind = ["rejected": ["validator": .string(rejection.validator), "reason": .string(rejection.reason)]]
            }
            members.append(("divergence", ["step": .integer(Int64(divergence.step)), "action": divergence.action.jsonValue,
                                            "kind": kind, "patch": divergence.patch.jsonValue]))
        } else {
            members.append(("divergence", .null))
        }
        return members
    }

    /// The verification as text: the schema verdict, then what the replay found.
    ///
    /// - Parameter naming: Whether each line names the recording, as when several are verified; the
    ///   schema verdict is then left out when it is plainly compatible, so a recording that passes gets
    ///   one line.
    static func lines(of report: VerifyReport, verifier: ReplayVerifier, interrupted: Bool, strict: Bool,
                              printer: StepPrinter, naming: Bool) -> [String] {
        let name = verifier.source.name
        let prefix = naming ? "\(name): " : ""
        var lines: [String] = []
        if !naming || report.compatibility != .compatible || report.migration != nil { lines.append(prefix + "schema: \(report.schemaVerdict)") }
        if let failure = report.failure {
            lines.append(prefix + describe(failure))
        } else if let divergence = report.divergence {
            lines.append(describe(divergence, printer: printer))
        } else if let stoppedAt = report.stoppedAt {
            let location = stoppedAt.line.map { "\(name):\($0): " } ?? "\(name): "
            let checked = report.checkedThrough - verifier.source.baseStep
            let before = checked == 0 ? "no step came before it" : "the \(checked) step\(checked == 1 ? "" : "s") before it match"
            lines.append(location + "\(stoppedAt); the state type \(verifier.app.stateTypeName) is not Decodable, "
                + "so the replay cannot continue from its recorded state (\(before))")
        } else if !interrupted {
            let verdict = isIncompatible(report) ? ", but the schema is incompatible, so the recording fails the check" : ""
            lines.append(prefix + report.coverageSummary + verdict)
        }
        if let note = report.notReplayedNote { lines.append(prefix + note) }
        if let note = report.stateReplacementNote { lines.append(prefix + note) }
        if let note = report.redactionNote { lines += note.split(separator: "\n").map { prefix + $0 } }
        if strict, report.skippedSteps > 0, !interrupted, report.divergence == nil, report.failure == nil {
            let count = report.skippedSteps
            lines.append(prefix + "--strict: \(count) step\(count == 1 ? " was" : "s were") not replayed, so the verification fails")
        }
        return lines
    }

    /// Whether the verification passed, as `--json` says and the exit status tells.
    static func passed(_ report: VerifyReport, interrupted: Bool, strict: Bool) -> Bool {
        !interrupted && !isIncompatible(report) && report.failure == nil && report.divergence == nil && report.stoppedAt == nil
            && !report.verifiedNothing && (!strict || report.skippedSteps == 0)
    }

    /// The exit status of the verification; Ctrl-C before the end is thrown.
    private static func status(of report: VerifyReport, verifier: ReplayVerifier, interrupted: Bool,
                               strict: Bool) throws(CommandFailure) -> ExitStatus {
        if report.divergence != nil || (isIncompatible(report) && !interrupted) { return .checkFailed }
        if report.stoppedAt != nil { return .dataError }
        if interrupted {
            throw CommandFailure(.interrupted, "Interrupted: verified steps up to \(report.checkedThrough) of \(verifier.source.name); they match.")
        }
        if report.verifiedNothing || (strict && report.skippedSteps > 0) { return .checkFailed }
        return .success
    }

    /// What stopped the replay of an incompatible recording, as text.
    static func describe(_ failure: DebuggerError) -> String {
        "the replay stopped, as the schema check predicts: \(failure)"
    }

    /// The divergence as text: where, which action, and the diff (`-` recorded, `+` replayed).
    static func describe(_ divergence: Divergence, printer: StepPrinter) -> String {
        let location = divergence.line.map { "\(divergence.source):\($0)" } ?? divergence.source
        let head = "\(location): step \(divergence.step) (\(divergence.action.label)) diverges: "
        switch divergence.kind {
        case .stateMismatch:
            return head + "the current code produces a different state (- recorded, + replayed):\n"
                + printer.diff(from: divergence.recorded, to: divergence.actual)
        case .rejected(let rejection):
            return head + "the recording applied it but the current validator \(rejection.validator) rejects it: \(rejection.reason)."
        }
    }
}
