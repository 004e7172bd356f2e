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
    private let cachesActions: Bool
    private var actionCache: [AnyHashable: JournalAction] = [:]

    init(describer: ActionDescriber, redaction: Redaction) {
        self.describer = describer
        self.redaction = redaction
        cachesActions = Action.self is any Hashable.Type
    }

    /// The state as the journal stores it.
    func encodeState(_ state: State) throws -> JSONValue {
        redaction.apply(to: try stateEncoder.encode(state))
    }

    /// The action as the journal stores it.
    func journalAction(_ action: Action) throws -> JournalAction {
        guard cachesActions, let key = action as? any Hashable else { return try makeJournalAction(action) }
        let hashable = AnyHashable(key)
        if let cached = actionCache[hashable] { return cached }
        let made = try makeJournalAction(action)
        if actionCache.count >= 1024 { actionCache.removeAll(keepingCapacity: true) }
        actionCache[hashable] = made
        return made
    }

    private func makeJournalAction(_ action: Action) throws -> JournalAction {
        let encoded = try actionEncoder.encode(action)
        let payload = redaction.apply(to: encoded)
        // A label shows argument values, so it must hide whatever the payload hides.
        let description = payload == encoded
            ? describer.describe(action)
            : describer.describe(action, hiding: redaction.hiddenNames)
        return JournalAction(type: description.type, label: description.label, payload: payload)
    }
}
