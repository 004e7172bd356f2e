extension ChunkedArray: Hashable where Element: Hashable {
    /// Hashes the count and then the elements in order, as `Array` does, so that a `ChunkedArray`
    /// and an `Array` of equal elements hash alike.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
