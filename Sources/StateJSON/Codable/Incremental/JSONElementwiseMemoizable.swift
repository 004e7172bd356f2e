/// A value that ``IncrementalJSONEncoder`` remembers element by element: arrays of `Equatable`
/// elements, whose changed elements are found and re-encoded by ``JSONArrayMemoBox``.
protocol JSONElementwiseMemoizable {
    func makeMemoBox() -> JSONMemoBox
}

extension Array: JSONElementwiseMemoizable where Element: Encodable & Equatable {
    func makeMemoBox() -> JSONMemoBox {
        JSONArrayMemoBox(value: self)
    }
}
