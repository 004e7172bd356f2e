import StateJSON
import StateEncoding
import StateJournal

/// The ``Replayer`` of an ``AppDefinition``: decodes recorded actions through the app's
/// ``ActionRegistry`` and runs them through its reducer, turning each new state into JSON the way the
/// recorder did (`Codable` or reflection), so its fingerprint can be compared with the recording's.
final class DefinedAppReplayer<State, Action>: Replayer {
    private let app: AppDefinition<State, Action>
    private var current: State
    private let snapshotter = StateSnapshotter<State>.make()
    private let fingerprinter = IncrementalFingerprinter(scheme: JournalFormat.fingerprintScheme)
    private(set) var state: JSONValue {
        didSet { fingerprinted = nil }
    }
    /// The fingerprint of ``state`` under the scheme of the journal version written today, computed
    /// when first asked for: a verifier of an older journal fingerprints the state under its own scheme.
    var fingerprint: UInt64 {
        if let fingerprinted { return fingerprinted }
        let print = fingerprinter.fingerprint(state)
        fingerprinted = print
        return print
    }
    private var fingerprinted: UInt64?

    /// A replayer starting from `recorded`: decoded when the state type is `Decodable`; otherwise only
    /// the app's initial state can be the start, and `recorded` must be it.
    init(app: AppDefinition<State, Action>, from recorded: JSONValue) throws(ReplayError) {
        self.app = app
        if let decodable = State.self as? any Decodable.Type {
            do {
                guard let decoded = try Self.decode(decodable, from: recorded) as? State else {
                    throw ReplayError.undecodableState(detail: "it decodes as another type")
                }
                current = decoded
            } catch let error as ReplayError {
                throw error
            } catch {
                throw .undecodableState(detail: "\(error)")
            }
        } else {
            current = app.makeInitialState()
        }
        // Without a validator the reducer changes `current` in place (see `apply`), so the snapshotter keeps
        // arrays of its own instead of holding the state's, which would make each change copy them.
        if app.validate == nil { snapshotter.keepOwnCopies() }
        do {
            state = try snapshotter.encode(current)
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
        if !(State.self is any Decodable.Type), fingerprint != fingerprinter.fingerprint(recorded) {
            throw .stateNotDecodable(stateType: String(reflecting: State.self))
        }
    }

    private static func decode<Decoded: Decodable>(_: Decoded.Type, from value: JSONValue) throws -> Any {
        try JSONValueDecoder().decode(Decoded.self, from: value)
    }

    func apply(_ action: JournalAction) throws(ReplayError) -> ReplayOutcome {
        try apply(action, debugging: nil)
    }

    /// - Parameter trap: `nil` to run the reducer directly; otherwise it runs in the frame
    ///   ``ReducerCallSite/callReducer(state:action:trap:reduce:)`` that `statedbg debug` stops in.
    private func apply(_ action: JournalAction, debugging trap: Bool?) throws(ReplayError) -> ReplayOutcome {
        let decoded = try app.actions.decode(action)
        guard let typed = decoded as? Action else {
            throw .undecodableAction(action.type, detail: "it decodes as \(type(of: decoded)), which is not a \(Action.self)")
        }
        func reduce(_ state: inout State) {
            guard let trap else { return app.reduce(&state, typed) }
            ReducerCallSite.callReducer(state: &state, action: typed, trap: trap, reduce: app.reduce)
        }
        if let validate = app.validate {
            var next = current
            reduce(&next)
            if let rejection = validate(current, next, typed) { return .rejected(rejection) }
            current = next
        } else {
            // Nothing needs the old state, so the reducer changes the only copy in place.
            reduce(&current)
        }
        do {
            state = try snapshotter.encode(current)
        } catch {
            throw .unencodableState(detail: "\(error)")
        }
        return .applied
    }

    func normalize(_ payload: JSONValue) throws(ReplayError) -> JournalAction {
        // `{"type": "AddUser", "payload": {…}}` names the type; a bare payload is tried against every
        // registered type, and must decode as exactly one.
        if case .object(let object) = payload, case .string(let tag)? = object["type"], let inner = object["payload"] {
            return try describe(app.actions.decode(JournalAction(type: tag, label: tag, payload: inner)))
        }
        var decoded: [JournalAction] = []
        for entry in app.actions.types {
            if let value = try? entry.decode(payload), let action = try? describe(value), !decoded.contains(action) {
                decoded.append(action)
            }
        }
        if decoded.count > 1, case .object(let object) = payload, case .string(let named)? = object["type"] {
            // A Redux action object names its type beside its fields: it settles which one is meant.
            let matching = decoded.filter { $0.type == named || $0.type.hasSuffix("." + named) }
            if matching.count == 1 { return matching[0] }
        }
        if decoded.count > 1 { throw .ambiguousPayload(candidates: decoded.map(\.label)) }
        if let only = decoded.first { return only }
        throw .undecodableAction("typed", detail: "the payload decodes as none of the registered action types (\(app.actions.names.joined(separator: ", "))); write {\"type\": TAG, \"payload\": …} to name one")
    }

    func describe(_ action: JournalAction) throws(ReplayError) -> JournalAction {
        try describe(app.actions.decode(action), whole: true)
    }

    private func describe(_ value: Any, whole: Bool = false) throws(ReplayError) -> JournalAction {
        let describer = app.actions.describer(for: value)
        let description = (whole ? describer.unabbreviated : describer).describe(value)
        guard let entry = app.actions.entry(for: value) else {
            throw .unknownActionType(description.type, detail: "registered types: \(app.actions.names.joined(separator: ", "))")
        }
        do {
            return JournalAction(type: description.type, label: description.label, payload: try entry.encode(value))
        } catch {
            throw .undecodableAction(description.type, detail: "\(error)")
        }
    }
}

extension DefinedAppReplayer: DebuggableReplayer {
    func applyInDebugger(_ action: JournalAction, trap: Bool) throws(ReplayError) -> ReplayOutcome {
        try apply(action, debugging: trap)
    }
}
