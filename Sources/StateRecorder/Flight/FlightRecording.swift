import Foundation
import StateJSON

/// Flight recorder mode: the recorder keeps only the last steps, in memory, and writes them as a
/// journal when the app crashes, goes to the background, or asks (``Recorder/dump(to:)``).
///
/// For release builds: memory and disk stay bounded however long the app runs, and nothing reaches
/// the disk until something went wrong. Redaction is required: an empty ``Redaction`` is a choice the
/// app states, and the journal's header records the rules in force.
///
/// ```swift
/// var options = RecorderOptions()
/// options.flight = .lastSteps(1000, redaction: try Redaction(keys: ["password", "token"]),
///                             journal: caches.appendingPathComponent("last-steps.jsonl"))
/// let recorder = try Recorder<AppState, any Action>(
///     journal: "unused.jsonl", app: "users", initialState: store.state, actions: registry, options: options)
/// try recorder.installCrashHandlers()
/// ```
///
/// With a flight recording the recorder writes nothing at the path its initializer was given:
/// ``Recorder/path`` is ``journal``.
public struct FlightRecording: Sendable, Equatable {
    /// How much the recorder keeps.
    public enum Window: Sendable, Equatable {
        /// At least the last `count` steps (once there were that many), and at most about a quarter more:
        /// the oldest step kept starts from a keyframe taken every `count / 4` steps.
        case steps(Int)
        /// About the last `count` bytes of journal, header included: at least a keyframe and the steps
        /// after it, even when they take more.
        case bytes(Int)
    }

    /// How much the recorder keeps.
    public var window: Window
    /// What to hide before anything is kept. It is added to ``RecorderOptions/redaction``.
    public var redaction: Redaction
    /// Where the journal is written on a crash, on going to the background, and by ``Recorder/dump(to:)``
    /// without another destination. A journal left there by a crash is replaced by the next one
    /// written: collect it when the app starts, before making the recorder.
    public var journal: URL

    /// Keeps the last `count` steps (at least 1); see ``Window/steps(_:)``.
    public static func lastSteps(_ count: Int, redaction: Redaction, journal: URL) -> FlightRecording {
        FlightRecording(window: .steps(max(1, count)), redaction: redaction, journal: journal)
    }

    /// Keeps about the last `count` bytes of journal (at least 1); see ``Window/bytes(_:)``.
    public static func lastBytes(_ count: Int, redaction: Redaction, journal: URL) -> FlightRecording {
        FlightRecording(window: .bytes(max(1, count)), redaction: redaction, journal: journal)
    }

    /// The flight recording as the journal header's options record it: the window and the redaction
    /// rules in force, even when there are none.
    func jsonValue(redaction inForce: Redaction) -> JSONValue {
        switch window {
        case .steps(let count):
            .object(JSONObject([("lastSteps", .integer(Int64(count))), ("redaction", inForce.jsonValue)]))
        case .bytes(let count):
            .object(JSONObject([("lastBytes", .integer(Int64(count))), ("redaction", inForce.jsonValue)]))
        }
    }
}

extension Redaction {
    /// The rules of both: what either hides is hidden.
    func adding(_ other: Redaction) throws -> Redaction {
        try Redaction(paths: paths + other.paths.filter { !paths.contains($0) }, keys: Array(keys.union(other.keys)).sorted())
    }
}
