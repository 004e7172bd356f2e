import StateDebugger
import StateJSON
import StateEncoding
import StateRecorder

/// What replaying one recording found, for tests that want to assert for themselves.
///
/// ```swift
/// let result = RecordingReplay.run(recording: "Recordings/counter.jsonl", app: CounterApp.app)
/// #expect(result.passed)
/// print(result)
/// ```
/// ```text
/// Recordings/counter.jsonl: replayed steps 1 to 40; every state matches the recording
/// ```
public struct ReplayResult: Sendable, Equatable, CustomStringConvertible {
    /// The recording's path as the caller wrote it.
    public var recording: String
    /// The path that was opened (relative paths are resolved against the package root).
    public var resolvedPath: String
    /// The app the recording names in its header, once the file could be read.
    public var recordedApp: String?
    /// The Elm-style schema check, once the file could be read.
    public var compatibility: SchemaCompatibility?
    /// The verifier's report, when the recording was replayed.
    public var report: VerifyReport?
    /// Why the replay failed; `nil` when it passed.
    public var failure: ReplayFailure?
    /// Remarks that do not fail the replay, such as a risky schema.
    public var notes: [String]
    /// The state after the last step when the replay passed (every replayed state equalled the
    /// recorded one, so this is both).
    public var finalState: JSONValue?

    /// Whether every step replayed to the recorded state and every invariant held.
    public var passed: Bool { failure == nil }

    /// The failure's message, or `nil` when the replay passed.
    public var message: String? { failure?.description }

    /// Decodes ``finalState`` as the app's state type.
    ///
    /// - Throws: ``ReplayFailure`` when the replay failed, or the decoding error.
    public func finalState<State: Decodable>(as type: State.Type) throws -> State {
        guard let finalState else {
            throw failure ?? .noRecordings(folder: recording, reason: "the replay produced no final state")
        }
        return try JSONValueDecoder().decode(type, from: finalState)
    }

    /// One line per result: `users.jsonl: replayed steps 1 to 40; every state matches the recording`,
    /// the failure when there is one, then any notes.
    public var description: String {
        if let failure { return "\(recording): \(failure)" }
        guard let report else { return "\(recording): passed" }
        var text = if report.lastStep < report.firstStep {
            "\(recording): no steps to replay"
        } else if report.replayedSteps < report.coveredSteps {
            "\(recording): verified \(report.replayedSteps) of \(report.coveredSteps) steps; every replayed state matches the recording"
        } else {
            "\(recording): replayed steps \(report.firstStep) to \(report.lastStep); every state matches the recording"
        }
        for note in notes { text += "\nnote: \(note)" }
        return text
    }
}
