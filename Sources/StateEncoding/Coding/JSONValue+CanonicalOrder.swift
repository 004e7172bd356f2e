import StateJSON

extension JSONValue {
    /// `values` sorted by the UTF-8 bytes of their canonical text: an order that depends only on
    /// what they are, for the elements of a set or the entries of a dictionary.
    static func canonicallyOrdered(_ values: [JSONValue]) -> [JSONValue] {
        values.map { (text: $0.canonicalText, value: $0) }
            .sorted { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }
            .map(\.value)
    }
}
