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
public struct VerifyReport: Sendable, Equatable, CustomStringConvertible {
    /// The Elm-style schema check done before replaying.
    public var compatibility: SchemaCompatibility
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

    /// Whether every step was replayed and matched.
    public var passed: Bool { divergence == nil && !cancelled && checkedThrough == lastStep }

    public var description: String {
        var lines = ["schema: \(compatibility)"]
        if let divergence {
            lines.append(divergence.description)
        } else if cancelled {
            lines.append("cancelled after step \(checkedThrough) of \(lastStep) of \(source); the steps so far match the recording")
        } else if lastStep < firstStep {
            lines.append("\(source) has no steps to replay")
        } else {
            lines.append("replayed steps \(firstStep) to \(lastStep) of \(source): every state matches the recording")
        }
        return lines.joined(separator: "\n")
    }
}
