/// The member names of objects that always have the same members, sorted once so that each such
/// object is built without sorting or comparing keys.
///
/// A `JSONValueEncodable` type (StateEncoding) makes one template and fills it with its fields, in the order the
/// template lists its keys (any order; the template knows how to put the values in key order).
/// Every object it makes shares one array of keys.
///
/// ```swift
/// let template = JSONObjectTemplate("id", "name", "age")
/// let user = template.object([7, "Blob", 42])
/// print(user.canonicalText)
/// ```
/// ```text
/// {"age":42,"id":7,"name":"Blob"}
/// ```
public struct JSONObjectTemplate: Sendable {
    /// The keys in the order the values are given.
    public let keys: [String]
    /// The keys in canonical order, shared by every object made.
    let sortedKeys: [String]
    /// The swaps that put values given in ``keys`` order into canonical order, applied in turn.
    let swaps: [(Int, Int)]

    /// A template for objects with the members `keys`, listed in the order values will be given.
    ///
    /// - Precondition: no key is listed twice.
    public init(keys: [String]) {
        self.keys = keys
        guard let order = JSONKeyOrder.canonicalOrder(of: keys) else {
            sortedKeys = keys
            swaps = []
            return
        }
        precondition(order.count == keys.count, "JSONObjectTemplate: a key is listed twice in \(keys).")
        sortedKeys = order.map { keys[$0] }
        // `slots[p]` is the given position of the value now at position `p`.
        var slots = Array(keys.indices)
        var swaps: [(Int, Int)] = []
        for (target, source) in order.enumerated() {
            guard let current = slots[target...].firstIndex(of: source), current != target else { continue }
            slots.swapAt(target, current)
            swaps.append((target, current))
        }
        self.swaps = swaps
    }

    /// A template for objects with the members `keys`, listed in the order values will be given.
    ///
    /// - Precondition: no key is listed twice.
    public init(_ keys: String...) {
        self.init(keys: keys)
    }

    /// The object whose members are ``keys`` with `values`, `values[i]` belonging to `keys[i]`.
    ///
    /// Pass a new array (an array literal), as for ``makeObject(_:)``.
    ///
    /// - Precondition: there are as many values as keys.
    @inlinable
    public func object(_ values: consuming [JSONValue]) -> JSONValue {
        .object(makeObject(values))
    }

    /// The object whose members are ``keys`` with `values`, `values[i]` belonging to `keys[i]`.
    ///
    /// Pass a new array (an array literal): its values are moved, not copied, into the object's
    /// storage in key order, and the optimizer can keep a literal that goes nowhere else on the stack.
    ///
    /// - Precondition: there are as many values as keys.
    @inlinable
    public func makeObject(_ values: consuming [JSONValue]) -> JSONObject {
        precondition(
            values.count == keys.count, "JSONObjectTemplate: \(values.count) values for the \(keys.count) keys \(keys).")
        // The values move into the object's own storage. The array still destroys its elements
        // when it goes, so it is left holding nulls, which own nothing; a literal array that does
        // not escape (the usual `template.object([...])`) then lives on the stack.
        let count = values.count
        let storage = _JSONValueStorage.make(capacity: count)
        // Safe because the buffer is used only inside the closure, at indices below the template's key count, which
        // equals the values' count.
        values.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            storage.elements.moveInitialize(from: base, count: count)
            base.initialize(repeating: .null, count: count)
        }
        storage.count = count
        return _makeObject(filling: storage)
    }

    /// New storage for the values of one object, checking there is one value per key.
    @inlinable
    func emptyStorage(for count: Int) -> _JSONValueStorage {
        precondition(count == keys.count, "JSONObjectTemplate: \(count) values for the \(keys.count) keys \(keys).")
        return _JSONValueStorage.make(capacity: count)
    }

    /// ``_makeObject(filling:)`` as a value.
    @usableFromInline
    func _object(filling storage: consuming _JSONValueStorage) -> JSONValue {
        .object(_makeObject(filling: storage))
    }

    /// The object over `storage`, which holds one value per key in the order of ``keys``: the
    /// values are put in key order where they are.
    @usableFromInline
    func _makeObject(filling storage: consuming _JSONValueStorage) -> JSONObject {
        let base = storage.elements
        // Moves, not `swap`, which would retain and release each value it copies; and by index,
        // since iterating the array would retain and release it.
        for index in swaps.indices {
            let (first, second) = swaps[index]
            let held = (base + first).move()
            (base + first).moveInitialize(from: base + second, count: 1)
            (base + second).initialize(to: held)
        }
        return JSONObject(uncheckedSortedKeys: sortedKeys, storage: storage)
    }
}
