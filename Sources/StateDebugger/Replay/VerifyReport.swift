import StateJournal
import StateRecorder

/// What ``ReplayVerifier/verify(progressInterval:progress:isCancelled:)`` found.
///
/// ```swift
/// let report = try ReplayVerifier(source: source, app: app).verify()
/// print(report)
/// ```
/// ```text
/// schema: compatible: the recording's state and action types match the current code
/// replayed steps 1 to 40 of counter.jsonl: every state matches the recording
/// ```
///
/// When the schema check finds the recording incompatible and its states or actions do not decode,
/// ``failure`` says where the replay stopped:
///
/// ```text
/// schema: incompatible: the state's .pages[].text was renamed to .pages[].body, or replaced by it
/// the replay stopped, as the schema check predicts: n.jsonl:1: step 0 cannot be replayed: the state does not decode as the app's state type: pages[0].body: required key "body" is missing.
/// ```
public struct VerifyReport: Sendable, Equatable, CustomStringConvertible {
    /// The Elm-style schema check done before replaying.
    public var compatibility: SchemaCompatibility
    /// The migrations the recording was read through, when it was made with an earlier version of the
    /// app's types (the file is not changed).
    public var migration: AppliedMigration?
    /// The recording's path or name.
    public var source: String
    /// The first step replayed.
    public var firstStep: Int
    /// The last step replayed and checked.
    public var checkedThrough: Int
    /// The recording's last step.
    public var lastStep: Int
    /// The first divergence, if any; replay stops there.
    public var divergence: Divergence?
    /// Whether the caller cancelled the replay before the end.
    public var cancelled: Bool
    /// What stopped the replay of a recording the schema check finds incompatible: a state or action
    /// that does not decode with the current types (``DebuggerError/replayFailed(_:step:line:source:)``
    /// or ``DebuggerError/unknownActionType(_:step:line:source:known:)``), as the verdict's reasons
    /// explain. With any other verdict such an error is thrown instead.
    public var failure: DebuggerError?
    /// Steps recorded without `Codable` that the replay stepped over, continuing from their recorded
    /// states (possible when the state type is `Decodable`).
    public var notReplayed: [UnreplayableStep] = []
    /// How many steps were run through the current reducer and compared with the recording: the steps
    /// this verification checked. A verification that replayed none checked nothing (``verifiedNothing``).
    public var replayedSteps = 0
    /// How many steps replace the state from outside the reducer (`statedbg.replaceState`): the replay
    /// took their recorded states, as the app had them.
    public var stateReplacements = 0
    /// The step recorded without `Codable` where the replay had to stop, because the state type is not
    /// `Decodable` and so the replay cannot continue from its recorded state.
    public var stoppedAt: UnreplayableStep?
    /// The paths and keys the recorder redacted, when it did: each replayed state was redacted the same
    /// way and compared with the redacted recording.
    public var redaction: [String]?
    /// The first step of a redacted recording that could not be replayed: its action holds redacted
    /// values (or it runs on a redacted state: after a time travel, or the first state of a recording
    /// that starts mid-session), so it and the steps after it were not compared.
    public var redactedFrom: Int?

    /// A report of the replay of `source` from `firstStep`, before any step is checked.
    public init(compatibility: SchemaCompatibility, source: String, firstStep: Int, checkedThrough: Int, lastStep: Int,
                divergence: Divergence? = nil, cancelled: Bool = false, failure: DebuggerError? = nil) {
        self.compatibility = compatibility
        self.source = source
        self.firstStep = firstStep
        self.checkedThrough = checkedThrough
        self.lastStep = lastStep
        self.divergence = divergence
        self.cancelled = cancelled
        self.failure = failure
    }

    /// Whether every step was replayed or stepped over, every replayed state matched, and at least one
    /// step was replayed: a verification that checked nothing never passes.
    public var passed: Bool { passed(strict: false) }

    /// Whether the verification passed; with `strict`, also only when no step was stepped over (an
    /// action recorded without `Codable`, or redacted).
    public func passed(strict: Bool) -> Bool {
        divergence == nil && failure == nil && !cancelled && stoppedAt == nil && !verifiedNothing
            && (checkedThrough == lastStep || redactedFrom == checkedThrough + 1)
            && (!strict || skippedSteps == 0)
    }

    /// Whether the recording has steps but none of them was replayed, so the verification checked
    /// nothing: every action was recorded without `Codable`, redacted, or a state replacement.
    public var verifiedNothing: Bool {
        replayedSteps == 0 && (!notReplayed.isEmpty || redactedFrom != nil || stateReplacements > 0)
    }

    /// The steps the replay could not run: those recorded without `Codable`, and those from
    /// ``redactedFrom`` to ``lastStep``.
    public var skippedSteps: Int {
        notReplayed.count + (redactedFrom.map { lastStep - $0 + 1 } ?? 0)
    }

    /// The steps this verification covered, from ``firstStep`` through the last it reached.
    public var coveredSteps: Int {
        max(0, (redactedFrom.map { _ in lastStep } ?? checkedThrough) - firstStep + 1)
    }

    /// The schema verdict (after the migrations, when the recording was read through them),
    /// then the divergence or how far the replay matched.
    public var description: String {
        var lines = ["schema: \(schemaVerdict)"]
        if let failure {
            lines.append("the replay stopped, as the schema check predicts: \(failure)")
        } else if let divergence {
            lines.append(divergence.description)
        } else if let stoppedAt {
            lines.append("\(stoppedAt), and the state type is not Decodable, so the replay stops there; "
                + (checkedThrough < firstStep ? "no step was checked" : "steps \(firstStep) to \(checkedThrough) match the recording"))
        } else if cancelled {
            lines.append("cancelled after step \(checkedThrough) of \(lastStep) of \(source); the steps so far match the recording")
        } else if lastStep < firstStep {
            lines.append("\(source) has no steps to replay")
        } else if verifiedNothing {
            lines.append("verified 0 of \(coveredSteps) steps of \(source): no step could be replayed, so nothing was checked")
        } else if replayedSteps < coveredSteps {
            lines.append("verified \(replayedSteps) of \(coveredSteps) steps of \(source): every replayed state matches the recording")
        } else {
            lines.append("replayed steps \(firstStep) to \(lastStep) of \(source): every state matches the recording")
        }
        if let note = notReplayedNote { lines.append(note) }
        if let note = stateReplacementNote { lines.append(note) }
        if let note = redactionNote { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    /// The schema verdict, after the migrations the recording was read through when it was:
    /// `read through the migration from version 1 to 2 (rename .users[*].age to years), then compatible: …`.
    public var schemaVerdict: String {
        guard let migration else { return compatibility.description }
        let steps = migration.steps.isEmpty ? "" : " (\(migration.steps.joined(separator: "; ")))"
        return "read through \(migration.versions)\(steps), then \(compatibility)"
    }

    /// The verdict on how much was checked, as `statedbg replay --verify` prints it:
    /// `verified 60 steps: every state matches`, `verified 4 of 6 steps: every replayed state matches`,
    /// or, when nothing could be replayed, `verified 0 of 6 steps: no step could be replayed, so
    /// nothing was checked`.
    public var coverageSummary: String {
        let covered = coveredSteps
        if verifiedNothing {
            return "verified 0 of \(covered) step\(covered == 1 ? "" : "s"): no step could be replayed, so nothing was checked"
        }
        if replayedSteps < covered {
            return "verified \(replayedSteps) of \(covered) steps: every replayed state matches"
        }
        return "verified \(replayedSteps) step\(replayedSteps == 1 ? "" : "s"): every state matches"
    }

    /// `step 7 replaces the state from outside the reducer (statedbg.replaceState): its recorded state was taken`,
    /// when steps did.
    public var stateReplacementNote: String? {
        guard stateReplacements > 0 else { return nil }
        let count = stateReplacements
        return "\(count) step\(count == 1 ? " replaces" : "s replace") the state from outside the reducer (\(ReservedActionTag.replaceState)): "
            + "the replay took \(count == 1 ? "its" : "their") recorded state\(count == 1 ? "" : "s"), as the app had \(count == 1 ? "it" : "them")"
    }

    /// What a redacted recording's verification compared and what it skipped, when the recording is
    /// redacted:
    ///
    /// ```text
    /// the recording redacts .jenny: each replayed state was redacted the same way and compared with it
    /// step 12's action holds redacted values, so steps 12 to 40 were not replayed
    /// ```
    public var redactionNote: String? {
        guard let redaction else { return nil }
        var note = "the recording redacts \(redaction.joined(separator: ", ")): each replayed state was redacted the same way and compared with it"
        if let redactedFrom {
            note += "\nstep \(redactedFrom)'s action holds redacted values (or the state it runs on does), so steps \(redactedFrom) to \(lastStep) were not replayed"
        }
        return note
    }

    /// What was not replayed, by action type, and how to make it replayable, when anything was not:
    ///
    /// ```text
    /// not replayed: AddItem (5 steps: 1, 2, 3, 4, 5) and RemoveItem (1 step: 6) were recorded without Codable, so the replay took their recorded states. To replay them, declare Codable on each of these types in the file that declares it (Swift synthesizes Codable only there) and register it in the app's ActionRegistry.
    /// ```
    public var notReplayedNote: String? {
        NotReplayedActions(notReplayed).map(\.description)
    }
}
