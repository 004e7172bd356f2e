import StateJSON
import StateEncoding
import StateJournal

/// Decodes the recorded actions of a ``RecordableApp`` into its action type, checking each against the
/// tag it was recorded with: the decoding of ``TypedReplayer``, and of its decoder for another thread.
///
/// Not thread-safe: it keeps the actions decoded last.
final class TypedActionDecoder<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: ActionDecoding {
    private let app: RecordableApp<State, Action>
    /// Decoded payloads with the tag the current code gives them.
    private var cache: [JSONValue: (action: Action, tag: String)] = [:]
    private lazy var knownTypes: Set<String> = Set(app.actionSamples.map { app.describer.describe($0).type })

    init(app: RecordableApp<State, Action>) {
        self.app = app
    }

    /// Decodes a payload, which must be the action its tag names: a line whose tag and payload
    /// disagree was altered, and replaying the payload would hide it.
    func decode(_ payload: JSONValue, type: String) throws(ReplayError) -> Action {
        if let cached = cache[payload] {
            guard cached.tag == type else { throw .mismatchedTag(type, decoded: cached.tag) }
            return cached.action
        }
        let decoded: Action
        do {
            decoded = try JSONValueDecoder().decode(Action.self, from: payload)
        } catch {
            if !knownTypes.isEmpty, !knownTypes.contains(type) {
                throw .unknownActionType(type, detail: "known types: \(knownTypes.sorted().joined(separator: ", "))")
            }
            throw .undecodableAction(type, detail: "\(error)")
        }
        let tag = app.describer.tag(of: decoded)
        if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
        cache[payload] = (decoded, tag)
        guard tag == type else { throw .mismatchedTag(type, decoded: tag) }
        return decoded
    }

    func decode(_ action: JournalAction) -> PredecodedAction {
        let result: Result<any Sendable, ReplayError>
        do {
            result = .success(try decode(action.payload, type: action.type))
        } catch {
            result = .failure(error)
        }
        return PredecodedAction(actionType: ObjectIdentifier(Action.self), result: result)
    }
}
