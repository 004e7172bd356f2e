import StateJSON

/// How ``JSONEncoderCore`` encodes values of one type, worked out once per type (see
/// ``JSONEncoderOptions/route(for:)``).
enum JSONTypeRoute {
    /// Through the type's `encode(to:)`.
    case codable
    /// `[Int]`, `[String]`, `[Double]` or `[Bool]`, made in one loop.
    case scalarArray
    /// Through the type's ``JSONValueEncodable/jsonValue()``.
    case valueEncodable(any JSONValueEncodable.Type)
    /// An array of ``JSONValueEncodable`` elements, made in one loop.
    case valueEncodableArray(any JSONValueEncodableArray.Type)
    /// A `Set`, or a `Dictionary` that `Codable` writes as an array: through `encode(to:)`, then put in
    /// ``JSONUnorderedCollection/canonicalOrder(_:)``, since its order of iteration changes from process
    /// to process (a replay in another process would otherwise see a different state).
    case unorderedCollection(any JSONUnorderedCollection.Type)

    /// The route of `type`, which takes a conformance lookup or two: callers keep the result.
    static func of<T: Encodable>(_ type: T.Type) -> JSONTypeRoute {
        if T.self == [Int].self || T.self == [String].self || T.self == [Double].self || T.self == [Bool].self {
            return .scalarArray
        }
        if let encodable = T.self as? any JSONValueEncodable.Type { return .valueEncodable(encodable) }
        if let array = T.self as? any JSONValueEncodableArray.Type { return .valueEncodableArray(array) }
        if let unordered = T.self as? any JSONUnorderedCollection.Type { return .unorderedCollection(unordered) }
        return .codable
    }
}
