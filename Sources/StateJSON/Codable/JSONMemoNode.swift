/// What ``IncrementalJSONEncoder`` remembers about the value at one coding path.
final class JSONMemoNode {
    enum Key: Hashable {
        case key(String)
        case index(Int)
        case single
    }

    /// The Swift value last encoded here with its `==`, kept only when its type is `Equatable`.
    private var previous: JSONMemoBox?
    private var encoded: JSONValue?
    private var keyed: [String: JSONMemoNode] = [:]
    private var indexed: [JSONMemoNode] = []
    private var single: JSONMemoNode?

    func child(_ key: Key) -> JSONMemoNode {
        switch key {
        case .index(let index):
            while indexed.count <= index { indexed.append(JSONMemoNode()) }
            return indexed[index]
        case .key(let name):
            if let existing = keyed[name] { return existing }
            let node = JSONMemoNode()
            keyed[name] = node
            return node
        case .single:
            if let single { return single }
            let node = JSONMemoNode()
            single = node
            return node
        }
    }

    /// The JSON encoded last time, when `value` is `==` to the value encoded then.
    func cachedValue<T>(matching value: T) -> JSONValue? {
        guard let box = previous as? JSONTypedMemoBox<T>, let encoded, box.equals(box.value, value) else { return nil }
        return encoded
    }

    func remember<T>(_ value: T, encoded result: JSONValue) {
        if let box = previous as? JSONTypedMemoBox<T> {
            box.value = value
        } else if let equatable = value as? any Equatable {
            previous = JSONMemoNode.box(equatable)
        } else {
            return
        }
        encoded = result
    }

    /// Captures `==` of the value's dynamic type once, so later checks need no existential casts.
    private static func box<E: Equatable>(_ value: E) -> JSONMemoBox {
        JSONTypedMemoBox<E>(value: value, equals: ==)
    }
}

class JSONMemoBox {}

final class JSONTypedMemoBox<Value>: JSONMemoBox {
    var value: Value
    let equals: (Value, Value) -> Bool

    init(value: Value, equals: @escaping (Value, Value) -> Bool) {
        self.value = value
        self.equals = equals
    }
}
