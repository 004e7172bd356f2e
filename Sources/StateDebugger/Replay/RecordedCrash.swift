import StateJournal

/// What a crash journal says about how its app ended: the action that was running when the journal was
/// written (its `actionInFlight` line) and the signal the process died of (its `crashed` line).
///
/// The two are separate facts. A journal written on a fatal signal has both; one written by
/// `dump(to:)` or on going to the background while an action ran has the action and a `closed` line;
/// one written on a signal raised outside the reducer (a view, a background thread) has the signal
/// only. A journal with neither is not a crash journal (``find(in:)`` returns `nil`).
///
/// ```swift
/// let crash = try RecordedCrash.find(in: try JournalSource(path: "shopping-crash.jsonl"))
/// crash?.inFlight?.step     // 47: the step that never completed
/// crash?.signal?.name       // "SIGILL"
/// ```
package struct RecordedCrash: Sendable, Equatable {
    /// The action that was running, and the step it would have made.
    package struct InFlight: Sendable, Equatable {
        /// The step the action would have made: one after the journal's last step.
        package var step: Int
        /// The action, as the recorder encoded it before the reducer ran.
        package var action: JournalAction
        /// The 1-based line of its `actionInFlight` event.
        package var line: Int
    }

    /// The fatal signal the app died of.
    package struct Signal: Sendable, Equatable {
        /// Its name: `SIGILL`.
        package var name: String
        /// Its number on the platform that recorded it.
        package var number: Int32
        /// The 1-based line of the `crashed` event.
        package var line: Int
    }

    /// An action that was running but whose line the recorder could not make before the journal was
    /// written: its marker (``JournalEvent/unencodedInFlightMarkerName``) stands in its place.
    package struct Unencoded: Sendable, Equatable {
        /// The step the action would have made: one after the journal's last step.
        package var step: Int
        /// The marker's name, with the reason when the recorder gave one.
        package var marker: String
        /// The 1-based line of the marker.
        package var line: Int
    }

    /// The action running when the journal was written; `nil` when none was.
    package var inFlight: InFlight?
    /// An action running whose line is missing; `nil` when none was.
    package var unencoded: Unencoded?
    /// The signal the app died of; `nil` when the journal was written without a crash (a dump).
    package var signal: Signal?

    /// The crash `source` records, `nil` when it records none.
    ///
    /// - Throws: ``DebuggerError/journal(_:)`` (malformed) when the lines contradict each other: an
    ///   action in flight that does not follow the last step, two of them, or a `crashed` line with
    ///   another line after it.
    package static func find(in source: any RecordingSource) throws(DebuggerError) -> RecordedCrash? {
        var crash = RecordedCrash()
        for located in source.events {
            if let signal = crash.signal {
                throw malformed(source, line: located.line, "a \(located.event.name) event follows the crashed event of line \(signal.line); a crash journal ends with it.")
            }
            switch located.event {
            case .actionInFlight(let after, _, let action):
                if let earlier = crash.inFlight {
                    throw malformed(source, line: located.line, "a second actionInFlight event; line \(earlier.line) holds the first, and a journal has at most one.")
                }
                guard after == source.lastStep else {
                    throw malformed(source, line: located.line, "the action in flight follows step \(after), but the journal's last step is \(source.lastStep); it must follow the last step.")
                }
                crash.inFlight = InFlight(step: after + 1, action: action, line: located.line)
            case .marker(let after, _, let name) where name.hasPrefix(JournalEvent.unencodedInFlightMarkerName):
                guard crash.inFlight == nil, crash.unencoded == nil, after == source.lastStep else {
                    throw malformed(source, line: located.line, "a marker \"\(name)\" after step \(after) where the journal already has its action in flight or its last step is \(source.lastStep); it stands for the action in flight after the last step.")
                }
                crash.unencoded = Unencoded(step: after + 1, marker: name, line: located.line)
            case .crashed(_, _, let name, let number):
                crash.signal = Signal(name: name, number: number, line: located.line)
            default:
                continue
            }
        }
        return crash.inFlight == nil && crash.unencoded == nil && crash.signal == nil ? nil : crash
    }

    private static func malformed(_ source: any RecordingSource, line: Int, _ message: String) -> DebuggerError {
        .journal(JournalError(.malformed, path: source.name, line: line, message))
    }
}
