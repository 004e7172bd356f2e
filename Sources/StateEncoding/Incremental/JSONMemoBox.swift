import StateJSON

/// A remembered Swift value, type-erased; see ``JSONTypedMemoBox``.
class JSONMemoBox {
    let valueType: ObjectIdentifier

    init(valueType: ObjectIdentifier) {
        self.valueType = valueType
    }
}
