import StateJSON
import StateEncoding
import StateJournal

/// Turns an app's states into JSON for the journal: through `Codable` when the state type is
/// `Encodable` (incrementally, so unchanged parts are not encoded again), through reflection otherwise.
///
/// Made by ``make()``, which looks the conformance up once. Not thread-safe: one instance serves one
/// thread at a time (the writer, or the recorder under its lock).
class StateSnapshotter<State> {
    /// How the journal's header describes the states this snapshotter writes.
    var coding: JournalHeader.StateCoding { .reflection }

    /// The JSON of `state`.
    func encode(_ state: State) throws -> JSONValue {
        JSONReflectingEncoder().encode(state)
    }

    /// Which elements differ between arrays of the last JSON ``encode(_:)`` returned and those of the JSON
    /// before (see ``StateJSON/IncrementalJSONEncoder/arrayChanges``), for the journal's diff and
    /// fingerprint; `nil` when this snapshotter keeps no such notes. Valid until the next call.
    var arrayChanges: JSONArrayChanges? { nil }

    /// Releases the notes of the last call (see ``arrayChanges``) once they are used: they hold the arrays
    /// they name, which the encoder updates in place on a later call only when nothing else holds them.
    func dropArrayChanges() {}

    /// From now on, remembers the arrays of the states it encodes as copies of its own (see
    /// ``StateJSON/IncrementalJSONEncoder/keepsOwnCopies``), so that the app changes its state in place
    /// after the call. For a recorder that encodes on the calling thread: nothing else holds the app's
    /// state once the call returns. The next encoding is from scratch, unless it already kept copies.
    func keepOwnCopies() {}

    /// The snapshotter for `State`: `Codable` when it can be, reflection otherwise.
    static func make() -> StateSnapshotter<State> {
        maker()()
    }

    /// Makes snapshotters for `State` with the conformance looked up now, on this thread (see
    /// ``StateConformances``).
    static func maker() -> () -> StateSnapshotter<State> {
        guard let encodable = State.self as? any Encodable.Type else { return { ReflectingStateSnapshotter<State>() } }
        return openCodable(encodable)
    }

    private static func openCodable<Encoded: Encodable>(_: Encoded.Type) -> () -> StateSnapshotter<State> {
        {
            // `Encoded` is `State`, found encodable.
            (CodableStateSnapshotter<Encoded>() as AnyObject) as? StateSnapshotter<State> ?? ReflectingStateSnapshotter<State>()
        }
    }
}

/// A ``StateSnapshotter`` for an `Encodable` state.
final class CodableStateSnapshotter<State: Encodable>: StateSnapshotter<State> {
    private let encoder = IncrementalJSONEncoder<State>()

    override var coding: JournalHeader.StateCoding { State.self is any Decodable.Type ? .codable : .reflection }

    override func encode(_ state: State) throws -> JSONValue {
        try encoder.encode(state)
    }

    override var arrayChanges: JSONArrayChanges? { encoder.arrayChanges }

    override func dropArrayChanges() {
        encoder.removeArrayChanges()
    }

    override func keepOwnCopies() {
        if !encoder.keepsOwnCopies { encoder.keepsOwnCopies = true }
    }
}
