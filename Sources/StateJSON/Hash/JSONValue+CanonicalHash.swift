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
        var chunk: [UInt8] = []
        chunk.reserveCapacity(JSONValue.hashChunkSize + 256)
        var hasher = JSONHash()
        var writer = JSONTextWriter(bytes: chunk, pretty: false)
        chunk = []
        writer.flush = { bytes in
            hasher.update(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        writer.write(self, indent: 0)
        hasher.update(writer.bytes)
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
