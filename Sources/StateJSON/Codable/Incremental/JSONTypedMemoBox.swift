/// A remembered Swift value with the `==` of its type, captured while the type was known to be `Equatable`.
///
/// Not final: ``JSONArrayMemoBox`` refines ``encoding(of:previously:encoder:)`` for arrays.
class JSONTypedMemoBox<Value>: JSONMemoBox {
    @exclusivity(unchecked) final var value: Value
    final let equals: (Value, Value) -> Bool

    init(value: Value, equals: @escaping (Value, Value) -> Bool) {
        self.value = value
        self.equals = equals
        super.init(valueType: ObjectIdentifier(Value.self))
    }

    /// The JSON of `newValue` built from `previous`, the JSON of ``value``, or `nil` when the caller
    /// must encode `newValue` itself.
    ///
    /// - Parameter encoder: the encoder of `newValue`, for subclasses that encode parts of it.
    func encoding(
        of newValue: Value, previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        // Spelled out because `JSONValue` is `ExpressibleByNilLiteral`: in `a ? previous : nil`, `nil` would be `.null`.
        guard equals(value, newValue) else { return nil }
        return previous
    }
}
