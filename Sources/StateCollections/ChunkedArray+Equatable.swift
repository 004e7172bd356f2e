extension ChunkedArray: Equatable where Element: Equatable {
    /// Whether both arrays have the same elements in the same order, as `Array` decides it; runs that
    /// share storage are equal without comparing their elements.
    @inlinable public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Equal counts mean equal run boundaries, so the runs compare pairwise; an array's `==` finds
        // shared storage equal before it compares elements.
        for (left, right) in zip(lhs._chunks, rhs._chunks) where left != right {
            return false
        }
        return true
    }
}
