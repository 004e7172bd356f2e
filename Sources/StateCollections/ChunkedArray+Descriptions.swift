extension ChunkedArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements as `Array` prints them.
    ///
    /// ```swift
    /// print(ChunkedArray(["a", "b"]))
    /// ```
    ///
    /// ```text
    /// ["a", "b"]
    /// ```
    public var description: String { elements.description }

    /// The elements as `Array` prints them, named, as `ContiguousArray` does.
    ///
    /// ```swift
    /// debugPrint(ChunkedArray(["a", "b"]))
    /// ```
    ///
    /// ```text
    /// ChunkedArray(["a", "b"])
    /// ```
    public var debugDescription: String { "ChunkedArray(\(elements.debugDescription))" }
}
