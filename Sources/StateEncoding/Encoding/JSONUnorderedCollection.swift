import StateJSON

/// A collection whose order of iteration is not part of its value: a `Set`, or a `Dictionary`,
/// whose order changes with the process's hashing seed and with the collection's history.
///
/// ``JSONReflectingEncoder``, whose output is hashed, puts their JSON in an order that depends only
/// on the contents; see ``canonicalOrder(_:)``.
protocol JSONUnorderedCollection {
    /// Whether the collection's array form alternates keys and values (how `Codable` writes a
    /// dictionary whose keys are neither strings nor integers), rather than listing elements.
    static var alternatesKeysAndValues: Bool { get }
}

extension Set: JSONUnorderedCollection {
    static var alternatesKeysAndValues: Bool { false }
}

extension Dictionary: JSONUnorderedCollection {
    static var alternatesKeysAndValues: Bool { true }
}

extension JSONUnorderedCollection {
    /// `value` with its elements, or key–value pairs, in the order of their canonical text (keys
    /// first, then values); an object, already ordered by key, as it is.
    static func canonicalOrder(_ value: JSONValue) -> JSONValue {
        guard case .array(let elements) = value else { return value }
        guard alternatesKeysAndValues else { return .array(JSONValue.canonicallyOrdered(elements)) }
        guard elements.count % 2 == 0 else { return value }
        let pairs = stride(from: 0, to: elements.count, by: 2).map { JSONValue.array([elements[$0], elements[$0 + 1]]) }
        return .array(JSONValue.canonicallyOrdered(pairs).flatMap { $0.arrayValue ?? [] })
    }
}
