// Safe because the buffer was created as a JSONValueStorage, so the downcast only restores its type.
/// The values of one ``JSONObject``: a count, then the values inline, in one allocation.
///
/// An array would cost a larger header (count and capacity) and, when the object goes, the
/// runtime's generic element-by-element destruction; this storage is freed by a loop specialized
/// for ``JSONValue``. The count is the only header, so a four-member row takes 120 bytes, which
/// the C allocator serves from its fastest bins. A storage is filled once, by whoever builds the
/// object, and shared from then on: ``JSONObject`` copies it before changing a shared one.
@usableFromInline
package final class _JSONValueStorage: ManagedBuffer<Int, JSONValue> {
    /// Storage with room for `capacity` values, none of them initialized yet.
    @inlinable
    package static func make(capacity: Int) -> _JSONValueStorage {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in 0 }, to: _JSONValueStorage.self)
    }

    /// Storage holding `values`, in their order.
    static func make(copying values: some Collection<JSONValue>) -> _JSONValueStorage {
        let storage = make(capacity: values.count)
        for value in values { storage.appendUnchecked(value) }
        return storage
    }

    // Safe because it holds no values and is never written, so sharing it is sharing constants.
    /// The storage of every object made empty; having no values, it is never written.
    @usableFromInline
    nonisolated(unsafe) package static let _empty = make(capacity: 0)

    // Safe because the header lives as long as self, and storage is written only before it is shared.
    /// How many values are initialized. Kept in the header, but read and written through its
    /// address: `header` is a class's stored property, whose every access the runtime would check
    /// for exclusivity.
    @inlinable
    package var count: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee } }
        set { withUnsafeMutablePointerToHeader { $0.pointee = newValue } }
    }

    // Safe because callers use the pointer only while they hold self.
    /// The first value; valid while `self` is alive.
    @inlinable
    package var elements: UnsafeMutablePointer<JSONValue> { withUnsafeMutablePointerToElements { $0 } }

    // Safe because the builder keeps count below capacity (the precondition) and appends only before the storage is
    // shared.
    /// Appends `value` after the initialized ones.
    ///
    /// - Precondition: there is room for it (not checked: the builder tracks the capacity).
    @inlinable
    package func appendUnchecked(_ value: consuming JSONValue) {
        // The addresses stay valid after the call: `self` is alive, and the storage never moves.
        let (count, elements) = withUnsafeMutablePointers { ($0, $1) }
        (elements + count.pointee).initialize(to: value)
        count.pointee &+= 1
    }

    /// A copy of the values, for an object about to change storage it shares.
    func copy() -> _JSONValueStorage {
        let copy = _JSONValueStorage.make(capacity: count)
        copy.elements.initialize(from: elements, count: count)
        copy.count = count
        return copy
    }

    /// New storage with room for `capacity` values that takes over these values, leaving this one
    /// empty.
    func moved(capacity: Int) -> _JSONValueStorage {
        let larger = _JSONValueStorage.make(capacity: Swift.max(capacity, count))
        larger.elements.moveInitialize(from: elements, count: count)
        larger.count = count
        count = 0
        return larger
    }

    // Safe because exactly the count initialized values are moved out, once.
    deinit {
        // One value at a time: `deinitialize(count:)` would call the runtime's generic loop, which
        // destroys each value through its type's witness table.
        let (count, elements) = withUnsafeMutablePointers { ($0, $1) }
        for index in 0..<count.pointee { _ = (elements + index).move() }
    }
}
