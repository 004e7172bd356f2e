import Foundation
import StateJSON
import StateJournal

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
    /// without another destination. A crash journal left there is never written over: the recorder
    /// moves it aside when it starts (see ``crashJournals()``).
    public var journal: URL
    /// How many crash journals of earlier runs are kept beside ``journal`` (at least 1; 5 unless set):
    /// when one more is moved aside, the oldest go.
    public var keptCrashJournals = 5

    /// Keeps the last `count` steps (at least 1); see ``Window/steps(_:)``.
    public static func lastSteps(_ count: Int, redaction: Redaction, journal: URL) -> FlightRecording {
        FlightRecording(window: .steps(max(1, count)), redaction: redaction, journal: journal)
    }

    /// Keeps about the last `count` bytes of journal (at least 1); see ``Window/bytes(_:)``.
    public static func lastBytes(_ count: Int, redaction: Redaction, journal: URL) -> FlightRecording {
        FlightRecording(window: .bytes(max(1, count)), redaction: redaction, journal: journal)
    }

    /// The crash journals earlier runs left beside ``journal``, oldest first, for the app to send with
    /// its crash reports and then remove (``removeCrashJournal(_:)``).
    ///
    /// A crash journal is the journal a crash handler wrote: one whose last line is a `crashed` event.
    /// The recorder moves one it finds at ``journal`` aside when it starts, and before a dump would
    /// replace it, to `NAME.crash-TIME.jsonl` beside it (`last-steps.crash-20261128T212003Z.jsonl`: the
    /// time it was written, UTC); this call does too, so it finds the last crash whether the recorder
    /// was made or not. At most ``keptCrashJournals`` are kept, the newest.
    ///
    /// ```swift
    /// for crash in try flight.crashJournals() {
    ///     try reporter.attach(crash)           // your crash reporter's call for a file
    ///     try flight.removeCrashJournal(crash)
    /// }
    /// ```
    ///
    /// - Throws: `JournalError` when the directory cannot be read, or a crash journal at ``journal``
    ///   cannot be moved aside.
    public func crashJournals() throws -> [URL] {
        let archive = crashJournalArchive(at: journal)
        try archive.setAside()
        return try archive.crashJournals()
    }

    /// Removes a crash journal ``crashJournals()`` returned, once it was sent.
    ///
    /// - Throws: `JournalError` when `url` is not one of this recording's crash journals (nothing is
    ///   removed then), or it cannot be removed.
    public func removeCrashJournal(_ url: URL) throws {
        guard crashJournalArchive(at: journal).holds(url) else {
            throw JournalError(.refused, path: url.path, "this is not a crash journal of the flight recording at \(journal.path); nothing was removed.")
        }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw JournalError(.ioError, path: url.path, "the crash journal cannot be removed (\(error.localizedDescription)).")
        }
    }

    /// The crash journals kept beside `url`, a journal this recording writes.
    func crashJournalArchive(at url: URL) -> CrashJournalArchive {
        CrashJournalArchive(journal: url, kept: keptCrashJournals)
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
