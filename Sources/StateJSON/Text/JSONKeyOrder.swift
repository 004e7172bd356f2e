/// The canonical member order of ``JSONObject`` (UTF-8 bytes, ascending; the last of repeated
/// keys wins), for code that collects members in another order: the parser and the encoder.
package enum JSONKeyOrder {
    /// ``JSONObject/precedes(_:_:)`` over contiguous bytes, which native strings always have.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                for position in 0..<min(left.count, right.count) where left[position] != right[position] {
                    return left[position] < right[position]
                }
                return left.count < right.count
            }
        }
        if let fast, let result = fast { return result }
        return JSONObject.precedes(lhs, rhs)
    }

    /// Sorts members into canonical order; when a key was encoded twice the later one wins.
    static func makeObject(keys: [String], values: [JSONValue]) -> JSONObject {
        if let order = canonicalOrder(of: keys) {
            return JSONObject(uncheckedSortedKeys: order.map { keys[$0] }, values: order.map { values[$0] })
        }
        return JSONObject(uncheckedSortedKeys: keys, values: values)
    }

    /// ``makeObject(keys:values:)`` for values collected in a storage, which the object keeps when
    /// the keys are already in order.
    package static func makeObject(keys: [String], storage: _JSONValueStorage) -> JSONObject {
        if let order = canonicalOrder(of: keys) {
            let values = JSONObject.Values(storage: storage)
            return JSONObject(uncheckedSortedKeys: order.map { keys[$0] }, values: order.map { values[$0] })
        }
        return JSONObject(uncheckedSortedKeys: keys, storage: storage)
    }

    /// The positions of `keys` in canonical order with repeats resolved (last wins), or `nil` when
    /// the keys are already sorted and unique.
    package static func canonicalOrder(of keys: [String]) -> [Int]? {
        var sorted = true
        for position in keys.indices.dropFirst() where !precedes(keys[position - 1], keys[position]) {
            sorted = false
            break
        }
        if sorted { return nil }
        // Positions break ties so that, among repeated keys, the last one encoded is kept.
        let order = keys.indices.sorted { lhs, rhs in
            JSONObject.sameKey(keys[lhs], keys[rhs]) ? lhs < rhs : precedes(keys[lhs], keys[rhs])
        }
        var unique: [Int] = []
        unique.reserveCapacity(order.count)
        for position in order {
            if let last = unique.last, JSONObject.sameKey(keys[last], keys[position]) {
                unique[unique.count - 1] = position
            } else {
                unique.append(position)
            }
        }
        return unique
    }
}
