/// What ``IncrementalJSONEncoder`` remembers about the value at one coding path.
final class JSONMemoNode {
    enum Key: Hashable {
        case key(String)
        case index(Int)
        case single
    }

    /// The Swift value last encoded here, kept only when its type is `Equatable`.
    private var previous: (any Equatable)?
    private var encoded: JSONValue?
    private var children: [Key: JSONMemoNode] = [:]

    func child(_ key: Key) -> JSONMemoNode {
        if let existing = children[key] { return existing }
        let node = JSONMemoNode()
        children[key] = node
        return node
    }

    /// The JSON encoded last time, when `value` is `==` to the value encoded then.
    func cachedValue<T>(matching value: T) -> JSONValue? {
        // Spelled out: with `cond ? encoded : nil` the `nil` would become `JSONValue.null`.
        guard let previous, let encoded, JSONMemoNode.equal(previous, value) else { return nil }
        return encoded
    }

    func remember<T>(_ value: T, encoded result: JSONValue) {
        guard let equatable = value as? any Equatable else { return }
        previous = equatable
        encoded = result
    }

    private static func equal<T>(_ previous: any Equatable, _ value: T) -> Bool {
        func open<E: Equatable>(_ previous: E) -> Bool {
            guard let value = value as? E else { return false }
            return previous == value
        }
        return open(previous)
    }
}
