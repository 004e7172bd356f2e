import StateJSON

/// The keys one `CodingKey` type was encoded with, in encoding order, and how they sort.
///
/// Shared by every object encoded with these keys, so objects of one type share one sorted key
/// array and their values go straight to their sorted positions.
final class JSONObjectLayout {
    /// The keys in the order `encode(to:)` wrote them, repeats included.
    let keys: [String]
    /// The keys of the resulting object: sorted, each once.
    let sortedKeys: [String]
    /// The position in ``keys`` of each of ``sortedKeys``, or `nil` when ``keys`` is already sorted
    /// and free of repeats.
    let order: [Int]?

    init(keys: [String]) {
        self.keys = keys
        let order = JSONKeyOrder.canonicalOrder(of: keys)
        self.order = order
        sortedKeys = order.map { $0.map { keys[$0] } } ?? keys
    }

    /// The object of `values`, encoded under ``keys``, leaving `values` empty.
    func makeObject(taking values: inout JSONValueBuffer) -> JSONObject {
        guard let order else { return JSONObject(uncheckedSortedKeys: sortedKeys, storage: values.takeStorage()) }
        return JSONObject(uncheckedSortedKeys: sortedKeys, storage: values.takeStorage(in: order))
    }

    /// Whether ``keys`` starts with the first `count` of `prefix` and then has `next`.
    func continues(_ prefix: [String], count: Int, with next: String) -> Bool {
        keys.count > count && JSONObject.sameKey(keys[count], next)
            && keys[..<count].elementsEqual(prefix[..<count], by: JSONObject.sameKey)
    }
}
