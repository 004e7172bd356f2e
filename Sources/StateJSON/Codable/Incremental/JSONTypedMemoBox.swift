/// A remembered Swift value with the `==` of its type, captured while the type was known to be `Equatable`.
final class JSONTypedMemoBox<Value>: JSONMemoBox {
    @exclusivity(unchecked) var value: Value
    let equals: (Value, Value) -> Bool

    init(value: Value, equals: @escaping (Value, Value) -> Bool) {
        self.value = value
        self.equals = equals
        super.init(valueType: ObjectIdentifier(Value.self))
    }
}
