extension JSONValue {
    /// The XXH64 hash of the value's canonical text (see ``JSONHash``).
    ///
    /// The canonical text is produced in chunks of a few kilobytes that are hashed as they fill, so
    /// a large state is never held as one serialized array.
    ///
    /// ```swift
    /// let value: JSONValue = ["b": 1, "a": [true, nil]]
    /// print(JSONHash.hex(value.canonicalHash))
    /// ```
    /// ```text
    /// 9a21b7707b0a4592
    /// ```
    public var canonicalHash: UInt64 {
        var hasher = JSONHash()
        var writer = JSONTextWriter(pretty: false, capacity: JSONValue.hashChunkSize + 256)
        writer.flush = { chunk in hasher.update(buffer: chunk) }
        writer.write(self)
        hasher.update(buffer: writer.bytes)
        return hasher.finalize()
    }

    /// The hash of text that is already canonical, equal to ``canonicalHash`` of the value it encodes.
    ///
    /// ```swift
    /// let bytes = Array(#"{"a":[true,null],"b":1}"#.utf8)
    /// print(JSONHash.hex(JSONValue.hash(canonicalBytes: bytes)))
    /// ```
    /// ```text
    /// 9a21b7707b0a4592
    /// ```
    public static func hash(canonicalBytes: some Collection<UInt8>) -> UInt64 {
        JSONHash.hash(canonicalBytes)
    }

    static let hashChunkSize = 4096
}
