import StateJSON

/// The values an encoder collects for one array or object, in memory that outlives each value.
///
/// A pooled encoder encodes thousands of objects one after another; keeping one buffer and moving
/// each object's values out of it (instead of appending to a fresh array) saves an allocation per
/// object and the retain and release of every value that a copy out of an array would cost.
struct JSONValueBuffer: ~Copyable {
    // Safe because values 0..<count are initialized and the rest not, which every method keeps; the buffer is
    // ~Copyable, so one owner frees it once.
    private var base: UnsafeMutablePointer<JSONValue>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 8) {
        self.capacity = capacity
        // Safe because the new buffer has no initialized values, as count (0) says.
        base = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func append(_ value: consuming JSONValue) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Replaces the value at `position`, which must be below ``count``.
    mutating func replace(at position: Int, with value: consuming JSONValue) {
        precondition(position < count, "JSONValueBuffer: position out of range")
        base[position] = value
    }

    /// The values in order, leaving the buffer empty.
    mutating func takeAll() -> [JSONValue] {
        let moved = count
        count = 0
        guard moved > 0 else { return [] }
        // `reserveCapacity` and `append`, not `Array(unsafeUninitializedCapacity:)`: that initializer is
        // not inlined, and looks up the array storage's metadata in the runtime's table on every call.
        var result: [JSONValue] = []
        result.reserveCapacity(moved)
        for position in 0..<moved { result.append((base + position).move()) }
        return result
    }

    /// The values in order, as an object's storage, leaving the buffer empty.
    mutating func takeStorage() -> _JSONValueStorage {
        let moved = count
        count = 0
        guard moved > 0 else { return ._empty }
        let storage = _JSONValueStorage.make(capacity: moved)
        storage.elements.moveInitialize(from: base, count: moved)
        storage.count = moved
        return storage
    }

    /// The values at the positions `order` lists, in that order, as an object's storage, leaving
    /// the buffer empty.
    ///
    /// `order` lists each position below ``count`` at most once; positions it leaves out (keys
    /// encoded twice, of which only the last counts) are dropped.
    mutating func takeStorage(in order: [Int]) -> _JSONValueStorage {
        let held = count
        count = 0
        let result = _JSONValueStorage.make(capacity: order.count)
        if order.count == held {
            for position in order { result.appendUnchecked((base + position).move()) }
        } else {
            for position in order { result.appendUnchecked(base[position]) }
            base.deinitialize(count: held)
        }
        return result
    }

    /// Gives back memory beyond `limit` values, which a reused encoder that once met a long array
    /// would otherwise hold for good.
    mutating func releaseCapacity(above limit: Int) {
        guard capacity > limit, count <= limit else { return }
        // Safe because count <= limit (checked above), so the moved values fit, and the old buffer is freed only after
        // they moved.
        let smaller = UnsafeMutablePointer<JSONValue>.allocate(capacity: limit)
        smaller.moveInitialize(from: base, count: count)
        base.deallocate()
        base = smaller
        capacity = limit
    }

    /// Drops every value.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private mutating func grow() {
        // Safe because the count values move into a buffer twice as large before the old one is freed.
        let larger = UnsafeMutablePointer<JSONValue>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
