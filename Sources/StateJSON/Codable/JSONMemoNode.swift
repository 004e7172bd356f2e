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
        guard let box = typedBox(T.self), let encoded, box.equals(box.value, value) else { return nil }
        return encoded
    }

    /// The box when it holds a `T`; compares type identities instead of casting, which would look up
    /// generic metadata on every call.
    private func typedBox<T>(_ type: T.Type) -> JSONTypedMemoBox<T>? {
        guard let previous, previous.valueType == ObjectIdentifier(T.self) else { return nil }
        return unsafeDowncast(previous, to: JSONTypedMemoBox<T>.self)
    }

    func remember<T>(_ value: T, encoded result: JSONValue) {
        if let box = typedBox(T.self) {
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

class JSONMemoBox {
    let valueType: ObjectIdentifier

    init(valueType: ObjectIdentifier) {
        self.valueType = valueType
    }
}

final class JSONTypedMemoBox<Value>: JSONMemoBox {
    var value: Value
    let equals: (Value, Value) -> Bool

    init(value: Value, equals: @escaping (Value, Value) -> Bool) {
        self.value = value
        self.equals = equals
        super.init(valueType: ObjectIdentifier(Value.self))
    }
}
