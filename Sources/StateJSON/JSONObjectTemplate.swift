/// The member names of objects that always have the same members, sorted once so that each such
/// object is built without sorting or comparing keys.
///
/// A ``JSONValueEncodable`` type makes one template and fills it with its fields, in the order the
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
    @usableFromInline let sortedKeys: [String]
    /// The swaps that put values given in ``keys`` order into canonical order, applied in turn.
    @usableFromInline let swaps: [(Int, Int)]

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
    /// Pass a new array (an array literal): the values are then put in key order where they are,
    /// without copying the array.
    ///
    /// - Precondition: there are as many values as keys.
    @inlinable
    public func makeObject(_ values: consuming [JSONValue]) -> JSONObject {
        precondition(
            values.count == keys.count, "JSONObjectTemplate: \(values.count) values for the \(keys.count) keys \(keys).")
        if !swaps.isEmpty {
            values.withUnsafeMutableBufferPointer { buffer in
                // Moves, not `swapAt`, which would retain and release each value it copies.
                guard let base = buffer.baseAddress else { return }
                for (first, second) in swaps {
                    let held = (base + first).move()
                    (base + first).moveInitialize(from: base + second, count: 1)
                    (base + second).initialize(to: held)
                }
            }
        }
        return JSONObject(uncheckedSortedKeys: sortedKeys, values: consume values)
    }
}
