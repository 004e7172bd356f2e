extension JSONValue {
    /// Parses JSON text with the default ``JSONParser/Limits``.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"b": [true, null], "a": 1.5}"#)
    /// print(value.canonicalText)
    /// ```
    /// ```text
    /// {"a":1.5,"b":[true,null]}
    /// ```
    ///
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser().parse(text)
    }

    /// Parses UTF-8 encoded JSON with the default ``JSONParser/Limits``.
    ///
    /// - Throws: ``JSONParseError`` naming the line and column of the first problem.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try JSONParser().parse(bytes)
    }
}
