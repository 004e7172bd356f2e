/// Remembers, per `CodingKey` type, the order that sorts the keys it was last encoded with.
///
/// Values of one type encode the same keys in the same order, so the sort runs once per type and
/// every object of that type shares one sorted key array.
final class JSONKeyOrderCache {
    private struct Entry {
        var keys: [String]
        var sortedKeys: [String]
        var order: [Int]?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    func makeObject(keys: [String], values: [JSONValue], keyType: ObjectIdentifier?) -> JSONObject {
        guard let keyType else { return JSONKeyOrder.makeObject(keys: keys, values: values) }
        if let entry = entries[keyType], entry.keys == keys {
            guard let order = entry.order else { return JSONObject(uncheckedSortedKeys: entry.sortedKeys, values: values) }
            return JSONObject(uncheckedSortedKeys: entry.sortedKeys, values: order.map { values[$0] })
        }
        let order = JSONKeyOrder.canonicalOrder(of: keys)
        let sortedKeys = order.map { $0.map { keys[$0] } } ?? keys
        entries[keyType] = Entry(keys: keys, sortedKeys: sortedKeys, order: order)
        return JSONObject(uncheckedSortedKeys: sortedKeys, values: order.map { $0.map { values[$0] } } ?? values)
    }
}
