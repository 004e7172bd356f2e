import StateJSON
import StateJournal
import StateStore

/// Encodes a recorder's Swift values as the journal stores them, on the writer thread: states
/// incrementally (unchanged subtrees are reused, not re-encoded) and redacted; actions tagged,
/// labelled, redacted, and cached when the action type is `Hashable`.
final class StepEncoder<State: Encodable & Sendable, Action: Encodable & Sendable> {
    private let describer: ActionDescriber
    private let redaction: Redaction
    private let stateEncoder = IncrementalJSONEncoder<State>()
    private let actionEncoder = JSONValueEncoder()
    private let actionCache: (any ActionCache<Action>)?
    private let labels: ActionLabelTemplates

    init(describer: ActionDescriber, redaction: Redaction) {
        self.describer = describer
        labels = ActionLabelTemplates(describer: describer)
        self.redaction = redaction
        actionCache = Self.makeActionCache()
    }

    /// A cache typed by `Action` when it is `Hashable`: the conformance is looked up once, here.
    private static func makeActionCache() -> (any ActionCache<Action>)? {
        guard let hashable = Action.self as? any Hashable.Type else { return nil }
        return openCache(hashable) as? any ActionCache<Action>
    }

    private static func openCache<Key: Hashable>(_: Key.Type) -> AnyObject {
        HashableActionCache<Key>()
    }

    /// The state as the journal stores it.
    func encodeState(_ state: State) throws -> JSONValue {
        redaction.apply(to: try stateEncoder.encode(state))
    }

    /// The action as the journal stores it, with its serialized form.
    func encodedAction(_ action: Action) throws -> EncodedAction {
        guard let actionCache else { return try makeEncodedAction(action) }
        return try actionCache.encoded(action, orMake: makeEncodedAction)
    }

    private func makeEncodedAction(_ action: Action) throws -> EncodedAction {
        let encoded = try actionEncoder.encode(action)
        let payload = redaction.apply(to: encoded)
        // A label shows argument values, so it must hide whatever the payload hides.
        let description = payload == encoded
            ? labels.describe(action, payload: encoded)
            : describer.describe(action, hiding: redaction.hiddenNames)
        return EncodedAction(JournalAction(type: description.type, label: description.label, payload: payload))
    }
}
