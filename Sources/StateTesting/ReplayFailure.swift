import StateDebugger
import StateJSON
import StateJournal
import StateQuery
import StateRecorder
import StateStore

/// Why a recording did not replay cleanly through the current code.
///
/// ``description`` is the message a test failure shows. A state mismatch reads, for a recording whose
/// step 3 was `counter.add(2)` and whose current reducer adds twice as much:
///
/// ```text
/// step 3 counter.add(2): state differs from the recording (Recorded: -, Actual: +)
///   {
/// -   "count": 4,
/// +   "count": 6,
///     "notes": []
///   }
/// ```
public enum ReplayFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The current reducer produced a different state at a step (the first such step).
    case stateDiffers(Divergence)
    /// A validator of the current code rejected an action the recording applied.
    case rejected(Divergence, Rejection)
    /// An invariant did not hold after a step; `action` is `nil` for the initial state.
    case invariantBroken(name: String, step: Int, action: JournalAction?, state: JSONValue)
    /// A step's state could not be decoded as the app's state type to check a typed invariant.
    case invariantUncheckable(name: String, step: Int, detail: String)
    /// An invariant predicate does not parse.
    case badPredicate(String, PredicateParseError)
    /// The recording's schema is incompatible with the current code (Elm-style check), so it was not replayed.
    case incompatibleSchema([String])
    /// The recording was made by an app other than the ones given.
    case otherApp(recorded: String, given: [String])
    /// The recording could not be read or replayed: a missing file, a malformed line, an unknown action.
    case unreadable(DebuggerError)
    /// A folder holds no recordings, or cannot be listed.
    case noRecordings(folder: String, reason: String)
    /// The replay reached an action recorded without `Codable` and could not go on, because the state
    /// type is not `Decodable` either.
    case notReplayable(UnreplayableStep, stateType: String)
    /// No step of the recording could be replayed (every action was recorded without `Codable`, redacted,
    /// or replaces the state), so the replay checked nothing; `notReplayed` names the actions.
    case nothingReplayed(steps: Int, notReplayed: NotReplayedActions?)
    /// With `strict`: some steps could not be replayed (their actions were recorded without `Codable`, or
    /// redacted).
    case notEveryStepReplayed(skipped: Int, of: Int, notReplayed: NotReplayedActions?)

    /// What failed and where, as a test failure shows it: the step, its action and, for a state that
    /// differs, the diff (`Recorded: -`, `Actual: +`).
    public var description: String {
        switch self {
        case .stateDiffers(let divergence):
            return "step \(divergence.step) \(divergence.action.label): state differs from the recording (Recorded: -, Actual: +)\n"
                + divergence.rendered
        case .rejected(let divergence, let rejection):
            return "step \(divergence.step) \(divergence.action.label): the recording applied this action, but the validator "
                + "\"\(rejection.validator)\" now rejects it: \(rejection.reason)."
        case .invariantBroken(let name, let step, let action, let state):
            let subject = action.map { "step \(step) \($0.label)" } ?? "step \(step) (the initial state)"
            return "\(subject): the invariant \"\(name)\" does not hold; the state:\n" + JSONDumper().dump(state)
        case .invariantUncheckable(let name, let step, let detail):
            return "step \(step): the invariant \"\(name)\" cannot be checked because the state does not decode: \(detail.withoutFinalPeriod)."
        case .badPredicate(let source, let error):
            return "the invariant \"\(source)\" is not a valid predicate at \(error)"
        case .incompatibleSchema(let reasons):
            return "the recording's schema is incompatible with the current code, so it was not replayed: "
                + reasons.joined(separator: "; ") + ". Declare a migration, record it again, or keep the old types until it is retired."
        case .otherApp(let recorded, let given):
            if given.count == 1, let only = given.first {
                return "the recording was made by the app \"\(recorded)\", but it was replayed with the app \"\(only)\"; pass the app whose id is \"\(recorded)\"."
            }
            let list = given.isEmpty ? "no apps were given" : "the apps given are \(given.joined(separator: ", "))"
            return "the recording was made by the app \"\(recorded)\", but \(list); add that app or move the recording elsewhere."
        case .unreadable(let error):
            return "the recording cannot be replayed: \(error)"
        case .noRecordings(let folder, let reason):
            return "\(folder): \(reason)"
        case .nothingReplayed(let steps, let notReplayed):
            let why = notReplayed.map { ($0.groups.count == 1 ? "the action \($0.list) was" : "the actions \($0.list) were") + " recorded without Codable; \($0.remedy)" }
                ?? "their actions are redacted, or replace the state from outside the reducer"
            return "none of the \(steps) step\(steps == 1 ? "" : "s") could be replayed, so the replay checked nothing: \(why)."
        case .notEveryStepReplayed(let skipped, let steps, let notReplayed):
            let why = notReplayed.map { ": " + ($0.groups.count == 1 ? "the action \($0.list) was" : "the actions \($0.list) were") + " recorded without Codable; \($0.remedy)" }
                ?? ": their actions are redacted"
            return "\(skipped) of the \(steps) steps could not be replayed, which a strict replay does not allow\(why)."
        case .notReplayable(let step, let stateType):
            return "\(step), and \(stateType) is not Decodable, so the replay cannot continue past it; make the action "
                + "type Codable and register it, or record a state type that is Codable."
        }
    }
}
