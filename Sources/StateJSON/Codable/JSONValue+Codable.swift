/// A ``JSONValue`` inside a `Codable` type (an action's free-form payload, say) encodes and decodes
/// as the JSON it is. StateEncoding's `JSONValueEncoder` and `JSONValueDecoder` take it exactly as it is;
/// other coders get it member by member, and keep only what their own formats keep:
/// - a ``bigNumber`` goes as the nearest `Double` (an error beyond `Double`'s range), since not
///   every encoder writes a `Decimal` as a number;
/// - a decoder gives back the first kind that reads: a whole number is ``integer`` (or
///   ``unsigned``) even if it was a ``double`` (`2.0` comes back as `2`), a larger one a ``double``;
/// - a property list's own conventions apply (it stores `nil` as the string `"$null"`).
///
/// ```swift
/// struct Event: Codable { var name: String; var payload: JSONValue }
/// let event = Event(name: "tap", payload: ["x": 3, "y": 4.5])
/// print(try JSONValueEncoder().encode(event).canonicalText)
/// ```
/// ```text
/// {"name":"tap","payload":{"x":3,"y":4.5}}
/// ```
extension JSONValue: Codable {
    /// Encodes the value member by member; a ``bigNumber`` goes as the nearest `Double`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a ``bigNumber`` beyond `Double`'s range, and
    ///   whatever the encoder throws (`JSONEncoder` refuses a non-finite ``double``).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
            return
        case .object(let object):
            var container = encoder.container(keyedBy: JSONStringKey.self)
            for (key, value) in object.members { try container.encode(value, forKey: JSONStringKey(key)) }
            return
        default:
            break
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .bigNumber(let text):
            guard let nearest = Double(text), nearest.isFinite else {
                throw EncodingError.invalidValue(
                    self,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "The number \(text) is beyond the range of Double, the widest number every encoder takes."))
            }
            try container.encode(nearest)
        case .array, .object:
            break  // written above
        }
    }

    /// Decodes whatever JSON the decoder holds.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the decoder holds something that is none of
    ///   JSON's kinds.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONStringKey.self) {
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys { members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key))) }
            self = .object(JSONObject(members))
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "The value is none of JSON's kinds (null, bool, number, string, array, object)."))
        }
    }
}
