import StateJSON
import StateEncoding
import StateJournal

/// Turns an app's actions into journal action records: a tag, a label, and a payload.
///
/// The base class handles actions whose static type says nothing (`Any`, or the app's own
/// `protocol Action`): it looks each value's type up in the ``ActionRegistry``, encodes it through
/// `Codable` when it can, and through reflection otherwise, marking it not replayable.
/// ``TypedActionSnapshotter`` is the fast path for one concrete `Encodable` action type.
/// Used by one thread (the recorder's writer).
class ActionSnapshotter<Action> {
    let registry: ActionRegistry
    let redaction: Redaction

    init(registry: ActionRegistry, redaction: Redaction) {
        self.registry = registry
        self.redaction = redaction
    }

    /// The action as the journal stores it.
    func encoded(_ action: Action) throws -> EncodedAction {
        let value = action as Any
        let payload: JSONValue
        let replayable: Bool
        if let entry = registry.entry(for: value) {
            payload = try entry.encode(value)
            replayable = true
        } else if let encodable = value as? any Encodable {
            payload = try JSONValueEncoder().encode(encodable)
            replayable = value is any Decodable
        } else {
            payload = JSONReflectingEncoder().encode(value)
            replayable = false
        }
        let redacted = redaction.apply(to: payload)
        // A label shows argument values, so it must hide whatever the payload hides.
        let description = registry.describer(for: value)
            .describe(value, hiding: redacted == payload ? [] : redaction.hiddenNames)
        return EncodedAction(JournalAction(type: description.type, label: description.label, payload: redacted,
                                           isReplayable: replayable))
    }

    /// The snapshotter for `Action`: typed and cached when it is one concrete `Encodable` type.
    static func make(registry: ActionRegistry, redaction: Redaction) -> ActionSnapshotter<Action> {
        guard let encodable = Action.self as? any Encodable.Type,
              let made = openTyped(encodable, registry: registry, redaction: redaction) as? ActionSnapshotter<Action>
        else { return ActionSnapshotter(registry: registry, redaction: redaction) }
        return made
    }

    private static func openTyped<Typed: Encodable>(_: Typed.Type, registry: ActionRegistry, redaction: Redaction)
        -> AnyObject
    {
        TypedActionSnapshotter<Typed>(registry: registry, redaction: redaction)
    }
}

/// An ``ActionSnapshotter`` for one concrete `Encodable` action type: tagged with the name the
/// registry gives the type, labelled from templates where it can, and cached when the type is `Hashable`.
final class TypedActionSnapshotter<Action: Encodable>: ActionSnapshotter<Action> {
    private let describer: ActionDescriber
    private let labels: ActionLabelTemplates
    private let actionEncoder = JSONValueEncoder()
    private let cache: (any ActionCache<Action>)?
    private let replayable = Action.self is any Decodable.Type

    override init(registry: ActionRegistry, redaction: Redaction) {
        let name = registry.types.first { $0.id == ObjectIdentifier(Action.self) }?.name
            ?? ActionRegistry.defaultName(of: Action.self)
        describer = ActionDescriber(prefix: name)
        labels = ActionLabelTemplates(describer: describer)
        cache = Self.makeCache()
        super.init(registry: registry, redaction: redaction)
    }

    /// A cache typed by `Action` when it is `Hashable`: the conformance is looked up once, here.
    private static func makeCache() -> (any ActionCache<Action>)? {
        guard let hashable = Action.self as? any Hashable.Type else { return nil }
        return openCache(hashable) as? any ActionCache<Action>
    }

    private static func openCache<Key: Hashable>(_: Key.Type) -> AnyObject {
        HashableActionCache<Key>()
    }

    override func encoded(_ action: Action) throws -> EncodedAction {
        guard let cache else { return try make(action) }
        return try cache.encoded(action, orMake: make)
    }

    private func make(_ action: Action) throws -> EncodedAction {
        let encoded = try actionEncoder.encode(action)
        let payload = redaction.apply(to: encoded)
        let description = payload == encoded
            ? labels.describe(action, payload: encoded)
            : describer.describe(action, hiding: redaction.hiddenNames)
        return EncodedAction(JournalAction(type: description.type, label: description.label, payload: payload,
                                           isReplayable: replayable))
    }
}
