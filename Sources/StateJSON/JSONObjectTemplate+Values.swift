extension JSONObjectTemplate {
    // One function per member count: the values go straight into the object's storage, with no
    // array in between (an array literal would be built, emptied and destroyed for every object).
    // Swift cannot yet require every member of a parameter pack to be a `JSONValue`.

    /// The object whose members are ``keys`` with these values, `value0` belonging to `keys[0]` and
    /// so on: the fastest way to build one.
    ///
    /// ```swift
    /// static let template = JSONObjectTemplate("id", "name")
    /// template.object(.integer(7), .string("Ada"))   // {"id":7,"name":"Ada"}
    /// ```
    ///
    /// There are forms for 2 to 8 values; ``object(_:)`` takes an array of any length.
    ///
    /// - Precondition: the template has as many keys as there are values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 2)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 3 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 3)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 4 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue, _ value3: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 4)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        storage.appendUnchecked(value3)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 5 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue, _ value3: consuming JSONValue, _ value4: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 5)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        storage.appendUnchecked(value3)
        storage.appendUnchecked(value4)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 6 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue, _ value3: consuming JSONValue, _ value4: consuming JSONValue, _ value5: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 6)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        storage.appendUnchecked(value3)
        storage.appendUnchecked(value4)
        storage.appendUnchecked(value5)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 7 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue, _ value3: consuming JSONValue, _ value4: consuming JSONValue, _ value5: consuming JSONValue, _ value6: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 7)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        storage.appendUnchecked(value3)
        storage.appendUnchecked(value4)
        storage.appendUnchecked(value5)
        storage.appendUnchecked(value6)
        return _object(filling: storage)
    }

    /// ``object(_:_:)`` for 8 values.
    @inlinable
    public func object(
        _ value0: consuming JSONValue, _ value1: consuming JSONValue, _ value2: consuming JSONValue, _ value3: consuming JSONValue, _ value4: consuming JSONValue, _ value5: consuming JSONValue, _ value6: consuming JSONValue, _ value7: consuming JSONValue
    ) -> JSONValue {
        let storage = emptyStorage(for: 8)
        storage.appendUnchecked(value0)
        storage.appendUnchecked(value1)
        storage.appendUnchecked(value2)
        storage.appendUnchecked(value3)
        storage.appendUnchecked(value4)
        storage.appendUnchecked(value5)
        storage.appendUnchecked(value6)
        storage.appendUnchecked(value7)
        return _object(filling: storage)
    }
}
