import StateEncoding
import StateJSON

// Safe because it holds one function that builds a new value from JSON and keeps nothing between calls; the
// conformance it uses may be a main-actor type's, which Swift lets it use off the main actor only because it was looked
// up there, and decoding touches no state the main actor guards (as the conformances Swift synthesizes do) (hence
// `@unchecked`).
/// Decodes an app's state from its JSON, with the `Decodable` conformance looked up where it was made.
///
/// A type of a target whose default isolation is the main actor (Xcode 26's app targets) conforms to
/// `Decodable` only on the main actor: `State.self as? any Decodable.Type` finds no conformance on
/// the journal's or the live channel's thread. Made where the app makes its recorder or its
/// definition, the decoder works on every thread.
struct StateDecoder<State>: @unchecked Sendable {
    private let body: (JSONValue) throws -> State

    private init(_ body: @escaping (JSONValue) throws -> State) {
        self.body = body
    }

    /// The decoder of `State`, or `nil` when `State` is not `Decodable` (here, on this thread).
    static func make() -> StateDecoder? {
        guard let decodable = State.self as? any Decodable.Type else { return nil }
        return open(decodable)
    }

    private static func open<Decoded: Decodable>(_: Decoded.Type) -> StateDecoder {
        StateDecoder { value in
            guard let state = try JSONValueDecoder().decode(Decoded.self, from: value) as? State else {
                throw DecodingError.typeMismatch(State.self, .init(codingPath: [], debugDescription: "It decodes as \(Decoded.self)."))
            }
            return state
        }
    }

    /// The state `value` encodes.
    func decode(_ value: JSONValue) throws -> State {
        try body(value)
    }
}
