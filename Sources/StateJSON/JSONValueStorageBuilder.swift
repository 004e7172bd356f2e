/// Fills a ``_JSONValueStorage`` one value at a time, growing it when full, for the code that builds
/// objects (the parser, the encoders).
///
/// ```swift
/// var builder = JSONValueStorageBuilder(capacity: 2)
/// builder.append(1)
/// builder.append("x")
/// let object = JSONObject(uncheckedSortedKeys: ["a", "b"], storage: builder.storage)
/// ```
struct JSONValueStorageBuilder {
    /// The values so far; hand it to ``JSONObject/init(uncheckedSortedKeys:storage:)`` when done.
    private(set) var storage: _JSONValueStorage
    private var capacity: Int

    /// A builder with room for `capacity` values before it first grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        storage = _JSONValueStorage.make(capacity: self.capacity)
    }

    /// How many values are appended.
    var count: Int { storage.count }

    mutating func append(_ value: consuming JSONValue) {
        if storage.count == capacity { grow() }
        storage.appendUnchecked(value)
    }

    @inline(never)
    private mutating func grow() {
        capacity *= 2
        storage = storage.moved(capacity: capacity)
    }
}
