import StateJSON

/// An array of ``JSONValueEncodable`` elements, which ``JSONEncoderCore`` encodes in one loop
/// instead of one `Codable` call per element.
protocol JSONValueEncodableArray {
    /// The elements' JSON; an element's error is reported at `path` followed by its index.
    func jsonElements(at path: () -> [any CodingKey]) throws -> [JSONValue]
}

extension Array: JSONValueEncodableArray where Element: JSONValueEncodable {
    func jsonElements(at path: () -> [any CodingKey]) throws -> [JSONValue] {
        do {
            // Safe because the buffer does not escape the closure; jsonValues(of:) only reads it.
            return try withUnsafeBufferPointer { elements throws(JSONEncodingError) in try Element.jsonValues(of: elements) }
        } catch {
            throw JSONEncodingError(codingPath: path() + error.codingPath, message: error.message)
        }
    }
}
