import StateJSON

/// A value that ``IncrementalJSONEncoder`` remembers element by element: arrays of `Equatable`
/// elements, whose changed elements are found and re-encoded by ``JSONArrayMemoBox``.
protocol JSONElementwiseMemoizable {
    /// - Parameter keepingOwnCopy: Whether the box keeps a copy of the elements in storage of its own.
    func makeMemoBox(keepingOwnCopy: Bool) -> JSONMemoBox
}

extension Array: JSONElementwiseMemoizable where Element: Encodable & Equatable {
    func makeMemoBox(keepingOwnCopy: Bool) -> JSONMemoBox {
        JSONArrayMemoBox(value: self, keepingOwnCopy: keepingOwnCopy)
    }
}
