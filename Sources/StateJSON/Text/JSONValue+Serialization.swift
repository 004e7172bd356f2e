extension JSONValue {
    /// The value as UTF-8 JSON text.
    ///
    /// Strings escape only `"`, `\`, and control characters (`\b \f \n \r \t`, the rest as
    /// `\u00xx`); everything else, `/` included, is written as raw UTF-8. Doubles use the shortest
    /// text that reads back as the same `Double`, and integral doubles keep a `.0` so they read back
    /// as `.double`. A non-finite double cannot come from ``JSONParser`` or StateEncoding's `JSONValueEncoder`; if
    /// one was put into a value by hand it is written as `null`. `.bigNumber` text is written as is.
    ///
    /// ```swift
    /// let value: JSONValue = ["path": "a/b", "ratio": 2.0, "note": "tab\there"]
    /// print(String(decoding: value.serialized(), as: UTF8.self))
    /// ```
    /// ```text
    /// {"note":"tab\there","path":"a/b","ratio":2.0}
    /// ```
    public func serialized(_ style: JSONStyle = .canonical) -> [UInt8] {
        var writer = JSONTextWriter(pretty: style == .pretty)
        writer.write(self)
        return Array(writer.bytes)
    }

    /// Appends the value's JSON text to `bytes`; see ``serialized(_:)`` for the format.
    public func write(to bytes: inout [UInt8], style: JSONStyle = .canonical) {
        var writer = JSONTextWriter(pretty: style == .pretty)
        writer.write(self)
        bytes.append(contentsOf: writer.bytes)
    }

    /// The value as JSON text in the given style.
    public func serializedText(_ style: JSONStyle = .canonical) -> String {
        String(decoding: serialized(style), as: UTF8.self)
    }

    /// The canonical text: no whitespace, members sorted by key.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": [true, nil]]
    /// print(value.canonicalText)
    /// ```
    /// ```text
    /// {"a":[true,null],"b":1}
    /// ```
    public var canonicalText: String { serializedText(.canonical) }

    /// The text indented by two spaces per level, without a trailing newline.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": [true, nil]]
    /// print(value.prettyText)
    /// ```
    /// ```text
    /// {
    ///   "a": [
    ///     true,
    ///     null
    ///   ],
    ///   "b": 1
    /// }
    /// ```
    public var prettyText: String { serializedText(.pretty) }
}
