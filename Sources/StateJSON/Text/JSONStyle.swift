/// How ``JSONValue`` writes itself as text.
///
/// ```swift
/// let value: JSONValue = ["name": "Blob", "tags": ["a", "b"], "empty": [:]]
/// print(value.serializedText(.canonical))
/// print(value.serializedText(.pretty))
/// ```
/// ```text
/// {"empty":{},"name":"Blob","tags":["a","b"]}
/// {
///   "empty": {},
///   "name": "Blob",
///   "tags": [
///     "a",
///     "b"
///   ]
/// }
/// ```
public enum JSONStyle: Sendable, Hashable {
    /// No whitespace, members in key order, minimal escaping: equal values give equal bytes.
    case canonical
    /// Two-space indentation, one member or element per line, `"key": value`.
    case pretty
}
