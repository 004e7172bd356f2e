extension ChunkedArray: Equatable where Element: Equatable {
    /// Whether both arrays have the same elements in the same order, as `Array` decides it; runs that
    /// share storage are equal without comparing their elements.
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Equal counts mean equal run boundaries, so the runs compare pairwise.
        for (left, right) in zip(lhs.chunks, rhs.chunks) where !left.sharesStorage(with: right) && left != right {
            return false
        }
        return true
    }
}
