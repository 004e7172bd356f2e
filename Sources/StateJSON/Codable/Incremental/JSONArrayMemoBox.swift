/// A remembered array of `Equatable` elements, which re-encodes only the elements that changed.
///
/// Comparing the old and new elements in one loop here skips the `Codable` round trip per element
/// (an encoder, a memo lookup and a type check each) that dominates re-encoding a long array in
/// which one element changed. Equal elements keep their previous JSON, so they share storage with
/// the previous result.
final class JSONArrayMemoBox<Element: Encodable & Equatable>: JSONTypedMemoBox<[Element]> {
    init(value: [Element]) {
        super.init(value: value, equals: { $0 == $1 })
    }

    override func encoding(
        of newValue: [Element], previously previous: JSONValue, encoder makeEncoder: () -> JSONEncoderCore
    ) throws -> JSONValue? {
        let oldValue = value
        guard case .array(let oldElements) = previous, oldElements.count == oldValue.count else { return nil }
        if oldValue.count == newValue.count, oldValue.sharesBuffer(with: newValue) { return previous }
        let common = min(oldValue.count, newValue.count)
        var elements: [JSONValue]?
        var encoder: JSONEncoderCore?
        func encodeElement(_ index: Int) throws -> JSONValue {
            let arrayEncoder = encoder ?? makeEncoder()
            encoder = arrayEncoder
            // The same call `Array.encode(to:)` makes through the unkeyed container, so the element's
            // memo node, coding path and errors are those of a full encode.
            return try arrayEncoder.encodeChild(
                newValue[index], nestingPath: [], key: JSONIndexKey(index), memoKey: .index(index))
        }
        for index in 0..<common where oldValue[index] != newValue[index] {
            if elements == nil { elements = oldElements }
            elements?[index] = try encodeElement(index)
        }
        guard common < oldValue.count || common < newValue.count else {
            return elements.map(JSONValue.array) ?? previous
        }
        var result = elements ?? oldElements
        if newValue.count < result.count {
            result.removeLast(result.count - newValue.count)
        } else {
            result.reserveCapacity(newValue.count)
            for index in common..<newValue.count { result.append(try encodeElement(index)) }
        }
        return .array(result)
    }
}

extension Array {
    /// Whether both arrays use the same buffer, which makes them equal without comparing elements.
    fileprivate func sharesBuffer(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
