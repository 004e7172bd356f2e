extension JSONValue {
    /// `==`, but answering at once for subtrees that share storage, at every level.
    ///
    /// Successive states of a store share most of their subtrees, so a diff mostly compares a
    /// subtree with itself. Elements are first compared by their bits in place (no copies, no
    /// reference counting): equal bits mean the same references or the same scalar, hence equal
    /// values. Only elements whose bits differ are compared by content.
    package func isFastEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            return JSONValue.arraysFastEqual(lhs, rhs)
        case (.object(let lhs), .object(let rhs)):
            return JSONObject.sameKeys(lhs.keys, rhs.keys) && JSONValue.arraysFastEqual(lhs.values, rhs.values)
        default:
            return self == other
        }
    }

    /// Whether both are containers over the very same storage, an O(1) check.
    package func sharesStorage(with other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let lhs), .array(let rhs)):
            return JSONValue.sameBuffer(lhs, rhs)
        case (.object(let lhs), .object(let rhs)):
            return lhs.values._storage === rhs.values._storage && JSONValue.sameBuffer(lhs.keys, rhs.keys)
        default:
            return false
        }
    }

    // Safe because only the addresses are compared.
    private static func sameBuffer<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
        lhs.count == rhs.count && lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
        }
    }

    /// Whether `lhs[lhsIndex]` equals `rhs[rhsIndex]`, checking shared storage first.
    package static func elementsFastEqual<Values: ContiguousJSONValues>(
        _ lhs: Values, _ lhsIndex: Int, _ rhs: Values, _ rhsIndex: Int
    ) -> Bool {
        let same = lhs.withContiguousValues { left in
            rhs.withContiguousValues { right in
                sameBits(left.baseAddress.unsafelyUnwrapped + lhsIndex, right.baseAddress.unsafelyUnwrapped + rhsIndex)
            }
        }
        return same || lhs[lhsIndex].isFastEqual(to: rhs[rhsIndex])
    }

    private static func arraysFastEqual<Values: ContiguousJSONValues>(_ lhs: Values, _ rhs: Values) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let firstDifference: Int? = lhs.withContiguousValues { left in
            rhs.withContiguousValues { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress, leftBase != rightBase else {
                    return nil
                }
                for index in left.indices where !sameBits(leftBase + index, rightBase + index) {
                    if !left[index].isFastEqual(to: right[index]) { return index }
                }
                return nil
            }
        }
        return firstDifference == nil
    }

    // Safe because callers pass pointers to live values, and exactly MemoryLayout<JSONValue>.size bytes of each are
    // read.
    /// Compares the in-memory representation of two values. Padding or unused payload bytes can
    /// make equal values differ here, which only costs a slower comparison; equal bits are always
    /// equal values.
    @inlinable @inline(__always)
    package static func sameBits(_ lhs: UnsafePointer<JSONValue>, _ rhs: UnsafePointer<JSONValue>) -> Bool {
        let left = UnsafeRawPointer(lhs)
        let right = UnsafeRawPointer(rhs)
        let size = MemoryLayout<JSONValue>.size
        var offset = 0
        while offset + 8 <= size {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < size {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }
}
