extension RandomNumberGenerator {
    /// A uniformly distributed integer in `0..<upperBound`, or 0 when `upperBound` is not positive.
    ///
    /// Uses only `next()` (Lemire's multiply-and-reject), so a seeded generator gives the same
    /// results everywhere.
    public mutating func bounded(_ upperBound: Int) -> Int {
        guard upperBound > 0 else { return 0 }
        let bound = UInt64(upperBound)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return Int(product.high)
    }

    /// A uniformly distributed integer in `range`.
    public mutating func bounded(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + bounded(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `percent` / 100.
    public mutating func chance(percent: Int) -> Bool {
        bounded(100) < percent
    }

    /// A uniformly chosen element, or `nil` for an empty collection.
    public mutating func element<C: Collection>(of collection: C) -> C.Element? {
        guard !collection.isEmpty else { return nil }
        return collection[collection.index(collection.startIndex, offsetBy: bounded(collection.count))]
    }
}
