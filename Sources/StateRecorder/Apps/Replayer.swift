import StateJSON
import StateEncoding
import StateJournal
import StateStore

/// Applies recorded actions to a state through an app's real reducer and validators, one at a time,
/// keeping the state's JSON form and fingerprint up to date for comparison with the recording.
///
/// Made by ``RegisteredApp/makeReplayer(from:)``; the debugger's replay, verify, bisect and minimize
/// all run on it. Not thread-safe.
public protocol Replayer: AnyObject {
    /// The current state as JSON (encoded incrementally, so unchanged subtrees are shared).
    var state: JSONValue { get }
    /// The fingerprint of ``state`` (see `StateFingerprint`), as the current journal version computes it.
    var fingerprint: UInt64 { get }
    /// Decodes and applies one action.
    ///
    /// - Returns: Whether the validators accepted the new state; a rejected action leaves the state as it was.
    func apply(_ action: JournalAction) throws(ReplayError) -> ReplayOutcome
    /// Decodes `action`'s payload and describes it again with this app's describer: the tag and label
    /// the current code gives it.
    func normalize(_ payload: JSONValue) throws(ReplayError) -> JournalAction
    /// Decodes `action` as ``apply(_:)`` does, by its tag, and describes it again: the tag the current
    /// code gives it and its whole label, nothing shortened (what `statedbg log --full` prints).
    func describe(_ action: JournalAction) throws(ReplayError) -> JournalAction
}

extension Replayer {
    /// Describes `action`'s payload as ``normalize(_:)`` does, for replayers written before
    /// ``describe(_:)`` existed.
    public func describe(_ action: JournalAction) throws(ReplayError) -> JournalAction {
        try normalize(action.payload)
    }
}

/// What happened to one replayed action.
public enum ReplayOutcome: Sendable, Equatable {
    /// The reducer ran and the validators accepted the result.
    case applied
    /// A validator rejected the result; the state is unchanged.
    case rejected(Rejection)
}

/// Why an action or state could not be replayed.
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The action's tag names no case this app's code knows.
    case unknownActionType(String, detail: String)
    /// The action's payload does not decode as the app's action type.
    case undecodableAction(String, detail: String)
    /// A typed action (`{"nosuch":{}}`) names a case the action type does not have; `known` lists the
    /// case names its Codable form uses.
    case unknownCase(String, actionType: String, known: [String])
    /// The action was recorded through reflection (its type is not `Codable`), so it cannot be decoded.
    case notReplayable(String)
    /// The step replaces the state from outside the reducer (`statedbg.replaceState`): there is no action
    /// to decode; a replay takes the state the step records.
    case replacesState
    /// A payload typed without its type decodes as more than one registered action type, each
    /// described here by its label; which one is meant must be said.
    case ambiguousPayload(candidates: [String])
    /// The payload decodes as an action whose tag is not the one recorded: the line was altered or the
    /// tag belongs to another type.
    case mismatchedTag(String, decoded: String)
    /// The state type is not `Decodable`, so a replay cannot start from a recorded state.
    case stateNotDecodable(stateType: String)
    /// A state in the recording does not decode as the app's state type.
    case undecodableState(detail: String)
    /// The state could not be encoded (for instance a non-finite double).
    case unencodableState(detail: String)

    /// Why the step could not be replayed, as one sentence, such as
    /// `unknown action type "BankAction.refund": the current code has no such case (…)`.
    public var description: String {
        switch self {
        case .unknownActionType(let type, let detail):
            "unknown action type \"\(type)\": the current code has no such case (\(detail.withoutFinalPeriod))"
        case .undecodableAction(let type, let detail):
            "the \(type) action's payload does not decode: \(detail.withoutFinalPeriod)"
        case .unknownCase(let name, let actionType, let known):
            "`\(name)` is not a case of \(actionType) (known: \(known.joined(separator: ", ")))"
        case .notReplayable(let type):
            "action \(type) was recorded without Codable, so it cannot be replayed"
        case .ambiguousPayload(let candidates):
            "the payload decodes as more than one action: \(candidates.dropLast().joined(separator: ", ")) and \(candidates.last ?? ""); "
                + "name the one you mean by writing it as `statedbg log` prints it, such as \(candidates.first ?? ""), or as {\"type\": TAG, \"payload\": …}"
        case .replacesState:
            "the step replaces the state from outside the reducer (\(ReservedActionTag.replaceState)); it has no action to run"
        case .mismatchedTag(let type, let decoded):
            "the step is damaged: its action is tagged \(type), but its payload decodes as \(decoded)"
        case .stateNotDecodable(let stateType):
            "the state type \(stateType) is not Decodable, so a replay cannot start from a recorded state"
        case .undecodableState(let detail):
            "the state does not decode as the app's state type: \(detail.withoutFinalPeriod)"
        case .unencodableState(let detail):
            "the state cannot be encoded as JSON: \(detail.withoutFinalPeriod)"
        }
    }
}

/// The ``Replayer`` of a ``RecordableApp``.
final class TypedReplayer<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Replayer {
    private let app: RecordableApp<State, Action>
    /// The app's reducer and validators, kept apart: this class is used through ``Replayer``, so its code
    /// is not specialized, and reaching them through `app` looked up `RecordableApp`'s generic metadata
    /// on every step.
    private let reducer: Reducer<State, Action>
    private let validators: [Validator<State, Action>]
    private var current: State
    private let encoder = IncrementalJSONEncoder<State>()
    private let fingerprinter = IncrementalFingerprinter(scheme: JournalFormat.fingerprintScheme)
    private let decoder: TypedActionDecoder<State, Action>
    /// The member names of the samples' Codable forms, sorted; empty when the action type is not
    /// encoded as one-member objects.
    private lazy var caseNames: [String] = {
        var names: Set<String> = []
        for sample in app.actionSamples {
            guard case .object(let object)? = try? JSONValueEncoder().encode(sample), object.keys.count == 1 else { return [] }
            names.insert(object.keys[0])
        }
        return names.sorted()
    }()
    private(set) var state: JSONValue {
        didSet { fingerprinted = nil }
    }
    /// The fingerprint of ``state`` under the scheme of the journal version written today, computed
    /// when first asked for: a verifier of an older journal fingerprints the state under its own scheme.
    var fingerprint: UInt64 {
        if let fingerprinted { return fingerprinted }
        // The encoder's notes are those of the call that made `state`, the only writer of it.
        let print = fingerprinter.fingerprint(state, changes: encoder.arrayChanges)
        fingerprinted = print
        return print
    }
    private var fingerprinted: UInt64?

    init(app: RecordableApp<State, Action>, state: State) throws(ReplayError) {
        self.app = app
        reducer = app.reducer
        validators = app.validators
        self.current = state
        decoder = TypedActionDecoder(app: app)
        // Without validators the reducer changes `current` in place (see `apply`), so the encoder keeps
        // arrays of its own instead of holding the state's, which would make each change copy them.
        if app.validators.isEmpty { encoder.keepsOwnCopies = true }
        do {
            self.state = try encoder.encode(state)
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
    }

    func apply(_ action: JournalAction) throws(ReplayError) -> ReplayOutcome {
        try apply(decoder.decode(action.payload, type: action.type))
    }

    /// - Parameter trap: `nil` to run the reducer directly; otherwise it runs in the frame
    ///   ``ReducerCallSite/callReducer(state:action:trap:reduce:)`` that `statedbg debug` stops in.
    private func apply(_ decoded: Action, debugging trap: Bool? = nil) throws(ReplayError) -> ReplayOutcome {
        if validators.isEmpty {
            // Nothing needs the old state, so the reducer changes the only copy in place: holding it
            // would make every array the reducer touches a copy of the whole array.
            reduce(&current, decoded, debugging: trap)
        } else {
            var next = current
            reduce(&next, decoded, debugging: trap)
            for validator in validators {
                if let rejection = validator.validate(old: current, new: next, action: decoded) {
                    return .rejected(rejection)
                }
            }
            current = next
        }
        do {
            state = try encoder.encode(current)
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
        return .applied
    }

    private func reduce(_ state: inout State, _ action: Action, debugging trap: Bool?) {
        guard let trap else { return reducer.reduce(into: &state, action: action) }
        ReducerCallSite.callReducer(state: &state, action: action, trap: trap, reduce: reducer.reduce)
    }

    func normalize(_ payload: JSONValue) throws(ReplayError) -> JournalAction {
        // An enum's Codable form is an object with one member named after the case; a name that is
        // no case deserves that answer rather than a decoding error.
        var name = "typed"
        if case .object(let object) = payload, object.keys.count == 1 {
            name = object.keys[0]
            if !caseNames.isEmpty, !caseNames.contains(name) {
                throw .unknownCase(name, actionType: String(reflecting: Action.self), known: caseNames)
            }
        }
        let decoded: Action
        do {
            decoded = try JSONValueDecoder().decode(Action.self, from: payload)
        } catch {
            throw .undecodableAction(name, detail: "\(error)")
        }
        let description = app.describer.describe(decoded)
        let encoded: JSONValue
        do {
            encoded = try JSONValueEncoder().encode(decoded)
        } catch {
            throw .undecodableAction(description.type, detail: "\(error)")
        }
        return JournalAction(type: description.type, label: description.label, payload: encoded)
    }
}

extension TypedReplayer {
    func describe(_ action: JournalAction) throws(ReplayError) -> JournalAction {
        guard action.replayMode == .decode else { throw action.replayMode == .notReplayable ? .notReplayable(action.type) : .replacesState }
        let decoded = try decoder.decode(action.payload, type: action.type)
        let description = app.describer.unabbreviated.describe(decoded)
        do {
            // Encoded again, so that a payload typed in another form (a date as ISO 8601 text) is the one
            // the recorder writes.
            return JournalAction(type: description.type, label: description.label, payload: try JSONValueEncoder().encode(decoded))
        } catch {
            throw .undecodableAction(description.type, detail: "\(error)")
        }
    }
}

extension TypedReplayer: DebuggableReplayer {
    func applyInDebugger(_ action: JournalAction, trap: Bool) throws(ReplayError) -> ReplayOutcome {
        try apply(decoder.decode(action.payload, type: action.type), debugging: trap)
    }
}

extension TypedReplayer: ActionPredecoding {
    func makeActionDecoder() -> any ActionDecoding {
        TypedActionDecoder(app: app)
    }

    func apply(_ action: JournalAction, predecoded: PredecodedAction) throws(ReplayError) -> ReplayOutcome {
        guard predecoded.actionType == ObjectIdentifier(Action.self) else { return try apply(action) }
        switch predecoded.result {
        case .success(let value):
            guard let decoded = value as? Action else { return try apply(action) }
            return try apply(decoded)
        case .failure(let error):
            throw error
        }
    }
}
