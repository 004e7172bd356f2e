extension ChunkedArray: CustomReflectable {
    /// A mirror showing the elements as a collection, as an array's does, rather than the runs: so
    /// that `dump`, debuggers and state reflection see a list.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: self, displayStyle: .collection)
    }
}
