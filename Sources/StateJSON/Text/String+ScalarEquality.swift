extension String {
    // Safe because the views of the two strings' own 16 bytes live only inside the closures.
    /// Whether both strings hold the same Unicode scalars, i.e. the same UTF-8 bytes: the equality
    /// of JSON text.
    ///
    /// `==` on `String` is canonical equivalence, which also matches "é" written as the one scalar
    /// U+00E9 with "e" followed by the combining accent U+0301; JSON keeps those apart, and so must
    /// every comparison of keys and strings in a ``JSONValue``.
    ///
    /// Equal bits (the same small string, or the same storage) answer at once; otherwise the bytes
    /// are compared in place, eight at a time.
    @inlinable @inline(__always)
    package func hasSameScalars(as other: String) -> Bool {
        if MemoryLayout<String>.size == 16 {
            let same = withUnsafeBytes(of: self) { left in
                withUnsafeBytes(of: other) { right in
                    left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                        && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                            == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                }
            }
            if same { return true }
        }
        return _hasSameBytes(as: other)
    }

    // Safe because the contiguous views are used only inside the closures.
    /// The byte comparison of ``hasSameScalars(as:)``, apart so that the quick check above is all
    /// that is inlined. It releases nothing (`releasenone`), which lets callers in other modules, where
    /// its body is unseen, scan the keys they hold without retaining them around every call.
    @inline(never) @_effects(releasenone)
    @usableFromInline
    func _hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let fast = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                String.bytesEqual(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }
        if let fast, let result = fast { return result }
        return utf8.elementsEqual(other.utf8)
    }

    // Safe because both have the same count (checked first), and words are read only while eight bytes remain.
    private static func bytesEqual(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        if leftBase == rightBase { return true }
        let count = left.count
        var offset = 0
        while offset &+ 8 <= count {
            if leftBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rightBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        while offset < count {
            if leftBase.load(fromByteOffset: offset, as: UInt8.self) != rightBase.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset &+= 1
        }
        return true
    }

    // Safe because the contiguous view is used only inside the closure.
    /// Feeds the string's UTF-8 bytes to `hasher`, then a byte no UTF-8 text holds (so that "ab",
    /// "c" and "a", "bc" hash apart): the hashing that goes with ``hasSameScalars(as:)``.
    func hashScalars(into hasher: inout Hasher) {
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
        hasher.combine(0xFF as UInt8)
    }
}
