import StateDebugger
import StateJSON
import StateJournal
import TerminalKit

/// `statedbg replay FILE [--verify] [--to N] [--quiet] [--json]`: every step's action and the diff it made.
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
            "patch","step"},"failure":null or TEXT,"notReplayed":[STEP…],"passed":BOOL,"schema":TEXT,\
            "stoppedAt":null or {"step","type"}}}.

            The schema check comes first. A renamed, retyped or removed field of the state or of an \
            action's payload, a new field that is not optional, or an action case that is gone makes the \
            recording incompatible: the verdict names each, and the check fails even when every state \
            matches; a state or action that then does not decode is reported as the failure it \
            explains. Additions (new optional fields, new action cases) are noted, and the recording \
            replays.

            Actions recorded without Codable (an app with a store of its own can record any action) cannot \
            be replayed: --verify steps over them, continuing from the recorded state, and says so; when the \
            state type is not Decodable either, it stops there (exit status 65).
            """,
        arguments: [.file],
        options: [
            .flag("verify", help: "Replay through the app's current reducer and check every state."),
            .value("to", valueName: "n", help: "Stop after step <n> (negative counts from the end)."),
            .flag("quiet", short: "q", help: "Print only the summary (and the verification)."),
            .flag("json", help: "Print JSON lines instead of text."),
        ] + ColourPolicy.options,
        exitStatuses: [
            .init(.success, "Every step replayed (and, with --verify, matched)."),
            .init(.checkFailed, "With --verify: a replayed state differs from the recorded one, or the schema is incompatible (even when the recording then does not decode)."),
            .init(.dataError, "With --verify: the replay reached an action recorded without Codable, and the state type is not Decodable, so it cannot go on."),
        ] + CommandSpec.StatusNote.reading + [.interrupted])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let path = arguments.string("file") ?? ""
        let source = try context.open(path, verifyingHashes: false)
        let to = try context.int(arguments, "to").map { (asked) throws(CommandFailure) in try ShowCommand.resolveStep(asked, in: source) }
        let json = arguments.flag("json")
        let quiet = arguments.flag("quiet")
        let verifier = try arguments.flag("verify") ? makeVerifier(source, context) : nil
        let last = to ?? source.lastStep
        let printer = StepPrinter(colour: context.colour(arguments) && !json)
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
            printEvents(after: source.baseStep)
            var previousStep = source.baseStep
            var previous = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: source.baseStep) }
            // Successive states share their unchanged subtrees, so checking each against its recorded
            // hash costs the change, where the reader's own check would cost the whole state.
            let fingerprinter = IncrementalFingerprinter()
            var step = source.baseStep + 1
            while step <= last {
                try context.checkCancelled("replay")
                let record = try CommandFailure.translating { () throws(DebuggerError) in try source.record(at: step) }
                let parent = source.parent(ofStep: step)
                if parent != previousStep { previous = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: parent) } }
                let current = try CommandFailure.translating { () throws(DebuggerError) in try source.state(at: step) }
                if let recorded = record.hash, fingerprinter.fingerprint(current) != recorded {
                    let location = source.line(ofStep: step).map { "\(source.name):\($0)" } ?? source.name
                    throw CommandFailure(.dataError, "\(location): step \(step) records hash \(StateFingerprint.hex(recorded)) but its rebuilt state hashes to \(StateFingerprint.hex(fingerprinter.fingerprint(current))); the journal was edited or damaged.")
                }
                if json, !quiet {
                    let patch = JSONDiff.patch(from: previous, to: current)
                    let line: JSONValue = ["step": .integer(Int64(step)), "action": record.action.jsonValue, "patch": patch.jsonValue]
                    output.print(line.canonicalText)
                } else if !quiet {
                    output.print(printer.header(step: step, action: record.action))
                    output.print(printer.diff(from: previous, to: current))
                }
                printEvents(after: step)
                previous = current
                previousStep = step
                step += 1
            }
        }
        guard let verifier else {
            if !json {
                let count = last - source.baseStep
                output.print("replayed \(count) step\(count == 1 ? "" : "s") of \(source.name)")
            }
            return .success
        }
        return try verify(verifier, through: last, json: json, printer: printer, context)
    }

    private static func makeVerifier(_ source: any RecordingSource, _ context: CommandContext) throws(CommandFailure) -> ReplayVerifier {
        ReplayVerifier(source: source, app: try CommandFailure.translating { () throws(DebuggerError) in
            try context.registry.require(source.info.app)
        })
    }

    private static func verify(_ verifier: ReplayVerifier, through last: Int, json: Bool, printer: StepPrinter,
                               _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let isCancelled = context.isCancelled
        var reachedEnd = false
        let report: VerifyReport
        do {
            // Progress after every step lets `--to` stop the replay exactly where asked.
            report = try verifier.verify(progressInterval: 1, progress: { step in reachedEnd = step >= last },
                                         isCancelled: { reachedEnd || isCancelled() })
        } catch {
            throw CommandFailure(error)
        }
        let divergence = report.divergence
        let interrupted = report.cancelled && !reachedEnd
        // Matching states do not make an incompatible recording pass: the types it was made with are gone.
        let incompatible = if case .incompatible = report.compatibility { true } else { false }
        let output = context.output
        if json {
            var members: [(String, JSONValue)] = [
                ("checkedThrough", .integer(Int64(report.checkedThrough))),
                ("passed", .bool(report.failure == nil && divergence == nil && !interrupted && !incompatible && report.stoppedAt == nil)),
                ("notReplayed", .array(report.notReplayed.map { .integer(Int64($0.step)) })),
                ("stoppedAt", report.stoppedAt.map { ["step": .integer(Int64($0.step)), "type": .string($0.type)] } ?? .null),
                ("schema", .string(report.compatibility.description)),
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
            output.print(JSONValue.object(JSONObject([("verify", .object(JSONObject(members)))])).canonicalText)
        } else {
            output.print("schema: \(report.compatibility)")
            if let failure = report.failure {
                output.print(describe(failure))
            } else if let divergence {
                output.print(describe(divergence, printer: printer))
            } else if let stoppedAt = report.stoppedAt {
                let location = stoppedAt.line.map { "\(verifier.source.name):\($0): " } ?? "\(verifier.source.name): "
                let checked = report.checkedThrough - verifier.source.baseStep
                let before = checked == 0 ? "no step came before it" : "the \(checked) step\(checked == 1 ? "" : "s") before it match"
                output.print(location + "\(stoppedAt); the state type \(verifier.app.stateTypeName) is not Decodable, "
                    + "so the replay cannot continue from its recorded state (\(before))")
            } else if !interrupted {
                let count = report.checkedThrough - verifier.source.baseStep - report.notReplayed.count
                let verdict = incompatible ? ", but the schema is incompatible, so the recording fails the check" : ""
                output.print("verified \(count) step\(count == 1 ? "" : "s"): every state matches\(verdict)")
            }
            if let note = report.notReplayedNote { output.print(note) }
        }
        if divergence != nil || (incompatible && !interrupted) { return .checkFailed }
        if report.stoppedAt != nil { return .dataError }
        if interrupted {
            throw CommandFailure(.interrupted, "Interrupted: verified steps up to \(report.checkedThrough) of \(verifier.source.name); they match.")
        }
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
