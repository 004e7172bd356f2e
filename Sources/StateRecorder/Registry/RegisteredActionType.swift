import StateJSON
import StateEncoding

// Safe because it holds only lets: type metadata and closures that capture nothing mutable.
/// One `Codable` action type of an ``ActionRegistry``, with its conformances opened once into closures.
struct RegisteredActionType: @unchecked Sendable {
    // `@unchecked`: the metatype is immutable; the closures capture nothing but it.
    let id: ObjectIdentifier
    let name: String
    let type: any Codable.Type
    /// The action's `Codable` form; the value must be of ``type``.
    let encode: (Any) throws -> JSONValue
    let decode: (JSONValue) throws -> Any

    init(_ type: any Codable.Type, name: String) {
        self.type = type
        self.name = name
        id = ObjectIdentifier(type)
        (encode, decode) = Self.coders(type)
    }

    private static func coders<Action: Codable>(_: Action.Type)
        -> (encode: (Any) throws -> JSONValue, decode: (JSONValue) throws -> Any)
    {
        let encode: (Any) throws -> JSONValue = { value in
            guard let action = value as? Action else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "The value is not a \(Action.self)."))
            }
            return try JSONValueEncoder().encode(action)
        }
        let decode: (JSONValue) throws -> Any = { payload in try JSONValueDecoder().decode(Action.self, from: payload) }
        return (encode, decode)
    }
}
