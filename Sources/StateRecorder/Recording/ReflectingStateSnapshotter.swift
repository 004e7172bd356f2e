import StateJSON
import StateEncoding
import StateJournal

/// The ``StateSnapshotter`` of a state type that is not `Encodable`: reflection, made incremental where
/// the state allows it.
///
/// A non-`Codable` state is usually a `Codable` state with one member that is not (a closure, a
/// dependency, a TCA `Effect`). So the struct is walked by `Mirror` only down to its `Encodable`
/// members, and each of those has an ``StateJSON/IncrementalJSONEncoder`` of its own type, kept per
/// path: a 1,000-user array costs what it costs in a `Codable` state, not a reflection of every user.
/// Everything else is reflected by ``StateJSON/JSONReflectingEncoder``, whose output this matches:
/// the JSON is the same as reflecting the whole state at once.
final class ReflectingStateSnapshotter<State>: StateSnapshotter<State> {
    private let root = ReflectionMemo()
    /// The notes of every incremental encoder the last call used.
    private var changes = JSONArrayChanges()

    override var coding: JournalHeader.StateCoding { .reflection }

    override func encode(_ state: State) throws -> JSONValue {
        // Dropped first: the notes hold the arrays they name, which the encoders update in place only
        // when nothing else holds them.
        changes.removeAll()
        return root.encode(state, depth: 0, changes: &changes)
    }

    override var arrayChanges: JSONArrayChanges? { changes }

    override func dropArrayChanges() {
        changes.removeAll()
    }

    override func keepOwnCopies() {
        root.keepOwnCopies()
    }
}

/// What a ``ReflectingStateSnapshotter`` keeps for one path of the state.
final class ReflectionMemo {
    /// The incremental encoder of the `Encodable` value last seen here, and its type.
    private var encoder: (type: ObjectIdentifier, box: any IncrementalEncoderBox)?
    private var members: [String: ReflectionMemo] = [:]
    /// Whether the incremental encoders here and below keep copies of their own of arrays.
    private var keepsOwnCopies = false
    /// Deeper than this, values are reflected whole; deep nesting is rare and costs no correctness.
    private static let maxDepth = 8

    /// The JSON of `value`, adding to `changes` the notes of the incremental encoders it used (see
    /// ``StateJSON/IncrementalJSONEncoder/arrayChanges``).
    func encode(_ value: Any, depth: Int, changes: inout JSONArrayChanges) -> JSONValue {
        // A value of the type this path's encoder was made for needs no new look-up of its conformance:
        // the first look-up happened where the recorder encoded the initial state, on the app's thread,
        // where a main-actor type's conformance is found (the writer's thread would not find it).
        if let encoder, encoder.type == ObjectIdentifier(Swift.type(of: value)), let json = try? encoder.box.encode(value) {
            return noting(json, changes: &changes)
        }
        if let encodable = value as? any Encodable, let json = encodeIncrementally(encodable) {
            return noting(json, changes: &changes)
        }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, depth < Self.maxDepth else {
            return JSONReflectingEncoder().encode(value)
        }
        var object: [(String, JSONValue)] = []
        for child in mirror.children {
            let label = child.label ?? "_"
            let memo = members[label] ?? {
                let made = ReflectionMemo()
                if keepsOwnCopies { made.keepOwnCopies() }
                members[label] = made
                return made
            }()
            object.append((label, memo.encode(child.value, depth: depth + 1, changes: &changes)))
        }
        return .object(JSONObject(object))
    }

    /// `json`, made by this path's encoder, with that encoder's notes added to `changes`.
    private func noting(_ json: JSONValue, changes: inout JSONArrayChanges) -> JSONValue {
        if let box = encoder?.box {
            let noted = box.arrayChanges
            if !noted.isEmpty { changes.merge(noted) }
        }
        return json
    }

    /// Makes this path's encoder and those below keep copies of their own of arrays (see
    /// ``StateSnapshotter/keepOwnCopies()``).
    func keepOwnCopies() {
        keepsOwnCopies = true
        encoder?.box.keepOwnCopies()
        for member in members.values { member.keepOwnCopies() }
    }

    /// The JSON of an `Encodable` value through this path's incremental encoder, or `nil` when its
    /// `Encodable` conformance throws (reflection then has the last word, as for a whole reflected state).
    private func encodeIncrementally(_ value: any Encodable) -> JSONValue? {
        let type = ObjectIdentifier(Swift.type(of: value))
        if encoder?.type != type {
            let box = Self.makeBox(for: value)
            if keepsOwnCopies { box.keepOwnCopies() }
            encoder = (type, box)
        }
        return try? encoder?.box.encode(value)
    }

    private static func makeBox<Value: Encodable>(for _: Value) -> any IncrementalEncoderBox {
        TypedIncrementalEncoderBox<Value>()
    }
}

/// An ``StateJSON/IncrementalJSONEncoder`` behind a protocol, so a reflection walk can keep one per path
/// whatever the member's type.
protocol IncrementalEncoderBox: AnyObject {
    func encode(_ value: Any) throws -> JSONValue
    /// See ``StateJSON/IncrementalJSONEncoder/keepsOwnCopies``.
    func keepOwnCopies()
    /// The notes of the last call (see ``StateJSON/IncrementalJSONEncoder/arrayChanges``).
    var arrayChanges: JSONArrayChanges { get }
}

final class TypedIncrementalEncoderBox<Value: Encodable>: IncrementalEncoderBox {
    private let encoder = IncrementalJSONEncoder<Value>()

    func encode(_ value: Any) throws -> JSONValue {
        guard let typed = value as? Value else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "The value is not a \(Value.self)."))
        }
        return try encoder.encode(typed)
    }

    func keepOwnCopies() {
        encoder.keepsOwnCopies = true
    }

    var arrayChanges: JSONArrayChanges { encoder.arrayChanges }
}
