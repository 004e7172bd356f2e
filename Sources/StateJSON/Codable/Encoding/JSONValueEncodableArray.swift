/// An array of ``JSONValueEncodable`` elements, which ``JSONEncoderCore`` encodes in one loop
/// instead of one `Codable` call per element.
protocol JSONValueEncodableArray {
    /// The elements' JSON; an element's error is reported at `path` followed by its index.
    func jsonElements(at path: () -> [any CodingKey]) throws -> [JSONValue]
}

extension Array: JSONValueEncodableArray where Element: JSONValueEncodable {
    func jsonElements(at path: () -> [any CodingKey]) throws -> [JSONValue] {
        try withUnsafeBufferPointer { elements in
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for index in elements.indices {
                do {
                    // Called on the element where it lies; `self[index]` would copy it out first.
                    result.append(try elements[index].jsonValue())
                } catch {
                    throw JSONEncodingError.fromJSONValue(error, at: path() + [JSONIndexKey(index)])
                }
            }
            return result
        }
    }
}
