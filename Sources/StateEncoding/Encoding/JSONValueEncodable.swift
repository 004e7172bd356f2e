import StateJSON

/// A type that builds its own ``JSONValue``, so that ``JSONValueEncoder`` (and the recorder, which
/// encodes every state) skips `Codable`'s per-member calls for it.
///
/// `Codable` costs the same for every encoder: a synthesized `encode(to:)` calling an encoder that
/// stores nothing already takes about 7% of `JSONEncoder`'s whole time, which leaves a `Codable`
/// encoder too little room to be ten times faster than `JSONEncoder` once it also builds and writes
/// the JSON. A conformance that builds the value directly skips those calls; conform the types a
/// state holds thousands of (the elements of its large arrays). An array of such values is encoded
/// in one loop, without a call per element.
///
/// The protocol provides `encode(to:)` from ``jsonValue()``, so the conformance is the one place
/// the type's JSON is written: `JSONEncoder` and every other encoder write the same JSON. Keep the
/// synthesized `init(from:)` (or your own) for decoding; its keys must be the ones `jsonValue()`
/// writes.
///
/// ```swift
/// struct User: Codable, JSONValueEncodable {
///     var id: Int
///     var name: String
///     var tags: [String]
///
///     private static let template = JSONObjectTemplate("id", "name", "tags")
///
///     func jsonValue() -> JSONValue {
///         Self.template.object(.integer(Int64(id)), .string(name), .array(tags.map { .string($0) }))
///     }
/// }
/// let users = [User(id: 1, name: "Blob", tags: ["admin"])]
/// print(try JSONValueEncoder().encode(users).canonicalText)
/// ```
/// ```text
/// [{"id":1,"name":"Blob","tags":["admin"]}]
/// ```
///
/// What `jsonValue()` returns is taken as built:
/// - It does not see the encoder's settings (``JSONValueEncoder/dateEncodingStrategy``,
///   `userInfo`): write a `Date` member as the text or number your decoder expects, or keep types
///   whose JSON depends on settings on `Codable`. A member that conforms can use its own
///   `jsonValue()`.
/// - Numbers must be finite. Nothing checks them: the serializer writes NaN and infinity as `null`,
///   while `JSONEncoder`, through the provided `encode(to:)`, throws.
public protocol JSONValueEncodable: Encodable {
    /// The JSON form of this value.
    ///
    /// - Throws: any error; ``JSONValueEncoder`` reports it at the value's coding path (a
    ///   ``JSONEncodingError`` thrown here keeps its message and its path is appended to the value's).
    func jsonValue() throws -> JSONValue

    // Safe because the buffer is only read, and only during the call, while the caller's withUnsafeBufferPointer keeps
    // the array alive.
    /// The JSON of each of `values`, in order: how an array of them is encoded.
    ///
    /// Provided; there is no need to write one. The provided implementation calls ``jsonValue()``
    /// on each value in a loop that the compiler builds for the conforming type, where the call can
    /// be inlined and the value is not copied first.
    ///
    /// - Throws: ``JSONEncodingError`` at the index of the value whose ``jsonValue()`` threw.
    static func jsonValues(of values: UnsafeBufferPointer<Self>) throws(JSONEncodingError) -> [JSONValue]
}

extension JSONValueEncodable {
    // Safe because the buffer is only read, and only during the call.
    /// Calls ``jsonValue()`` on each of `values`; see the requirement.
    @inlinable
    public static func jsonValues(of values: UnsafeBufferPointer<Self>) throws(JSONEncodingError) -> [JSONValue] {
        var result: [JSONValue] = []
        result.reserveCapacity(values.count)
        for index in values.indices {
            do {
                result.append(try values[index].jsonValue())
            } catch {
                throw JSONEncodingError._fromElement(error, at: index)
            }
        }
        return result
    }

    /// Encodes ``jsonValue()``, so every encoder writes the JSON the conformance builds.
    public func encode(to encoder: any Encoder) throws {
        try jsonValue().encode(to: encoder)
    }
}
