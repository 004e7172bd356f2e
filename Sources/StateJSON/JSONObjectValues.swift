extension JSONObject {
    // Safe because, as for JSONObject, the storage is never written while shared (hence `@unchecked`).
    /// The values of an object, `values[i]` belonging to `keys[i]`: a random-access collection over
    /// the object's own storage (no copy is made to read them).
    ///
    /// ```swift
    /// let object: JSONObject = ["a": 1, "b": "x"]
    /// object.values[1]        // "x"
    /// Array(object.values)    // [1, "x"]
    /// ```
    public struct Values: RandomAccessCollection, @unchecked Sendable, Hashable {
        @usableFromInline
        let _storage: _JSONValueStorage

        @inlinable
        init(storage: _JSONValueStorage) {
            self._storage = storage
        }

        /// Always 0.
        @inlinable
        public var startIndex: Int { 0 }

        /// The number of values.
        @inlinable
        public var endIndex: Int { _storage.count }

        /// The value at `position`.
        ///
        /// - Precondition: `0 <= position < count`.
        @inlinable
        public subscript(position: Int) -> JSONValue {
            precondition(position >= 0 && position < _storage.count, "JSONObject.Values: index \(position) is out of range.")
            return _storage.elements[position]
        }

        // Safe because the storage is alive (self holds it) and not written during the call.
        /// Calls `body` with the values in place; the pointer is valid only during the call.
        @inlinable
        public func withUnsafeBufferPointer<Result>(
            _ body: (UnsafeBufferPointer<JSONValue>) throws -> Result
        ) rethrows -> Result {
            try withExtendedLifetime(_storage) {
                try body(UnsafeBufferPointer(start: _storage.elements, count: _storage.count))
            }
        }

        /// Whether both hold equal values in the same order.
        public static func == (lhs: Values, rhs: Values) -> Bool {
            lhs._storage === rhs._storage || lhs.elementsEqual(rhs)
        }

        /// Hashes the count and then each value, as an array does.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for value in self { hasher.combine(value) }
        }
    }
}

extension JSONObject.Values: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The values as an array prints them: `[1, "x"]`.
    public var description: String { Array(self).description }

    /// The values as an array debug-prints them.
    public var debugDescription: String { Array(self).debugDescription }

    /// The values as the elements of a collection.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
