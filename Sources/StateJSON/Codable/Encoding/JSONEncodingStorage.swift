/// Where one encoder writes: a single value, the elements of an array, or the members of an object.
///
/// Nested containers and super encoders write into their own storage that the parent refers to, so
/// the storage is a class; their places in `values` hold `null` until ``resolve(_:)`` fills them in.
final class JSONEncodingStorage {
    enum Shape {
        case empty, single, array, object
    }

    // Unchecked exclusivity: every encoder call appends here, the dynamic access checks cost about
    // a sixth of encoding time, and no access to these properties ever overlaps another.
    @exclusivity(unchecked) var shape = Shape.empty
    @exclusivity(unchecked) var single = JSONValue.null
    /// The elements of an array, or the values of an object's members in encoding order.
    @exclusivity(unchecked) var values: [JSONValue] = []
    /// The keys of an object's members, parallel to `values`.
    @exclusivity(unchecked) var keys: [String] = []
    /// Nested storage and its position in `values`.
    @exclusivity(unchecked) var nested: [(position: Int, storage: JSONEncodingStorage)] = []
    /// The `CodingKey` type of a keyed container, for ``JSONKeyOrderCache``.
    var keyType: ObjectIdentifier?

    func begin(_ newShape: Shape, capacity: Int = 4) {
        guard shape != newShape else { return }
        shape = newShape
        values = []
        keys = []
        nested = []
        values.reserveCapacity(capacity)
        if newShape == .object { keys.reserveCapacity(capacity) }
    }

    func appendNested(_ storage: JSONEncodingStorage) {
        nested.append((values.count, storage))
        values.append(.null)
    }

    func resolve(_ keyOrders: JSONKeyOrderCache) -> JSONValue {
        for (position, storage) in nested {
            values[position] = storage.resolve(keyOrders)
        }
        switch shape {
        case .empty: return .object(JSONObject())
        case .single: return single
        case .array: return .array(values)
        case .object: return .object(keyOrders.makeObject(keys: keys, values: values, keyType: keyType))
        }
    }
}
