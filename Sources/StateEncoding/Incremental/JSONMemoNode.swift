import StateJSON

/// What ``IncrementalJSONEncoder`` remembers about the value at one coding path.
final class JSONMemoNode {
    enum Key: Hashable {
        case key(String)
        case index(Int)
        case single
    }

    // Unchecked exclusivity as in `JSONEncoderCore`: touched once per encoded value, never
    // by overlapping accesses, and only from the one thread that owns the incremental encoder.

    /// Whether arrays are remembered as copies of their elements in storage of their own, not as the
    /// arrays encoded (see ``IncrementalJSONEncoder/keepsOwnCopies``); the same in every node of a tree.
    let keepsOwnCopies: Bool

    init(keepsOwnCopies: Bool = false) {
        self.keepsOwnCopies = keepsOwnCopies
    }

    // Safe because a memo tree belongs to one IncrementalJSONEncoder, used from one thread, and no access here spans a
    // call that could reach it again.
    // Safe because as for the properties above.
    /// The Swift value last encoded here, kept only when its type is `Equatable`.
    @exclusivity(unchecked) private var previous: JSONMemoBox?
    @exclusivity(unchecked) private var encoded: JSONValue?
    @exclusivity(unchecked) private var keyed: [String: JSONMemoNode] = [:]
    @exclusivity(unchecked) private var indexed: [JSONMemoNode] = []
    @exclusivity(unchecked) private var single: JSONMemoNode?
    /// Whether a value encoded here once reached a class instance; such values are never remembered,
    /// since an object mutated in place keeps its address and so leaves the value's bits unchanged.
    @exclusivity(unchecked) private var reachesClassInstances = false

    func child(_ key: Key) -> JSONMemoNode {
        switch key {
        case .index(let index):
            while indexed.count <= index { indexed.append(JSONMemoNode(keepsOwnCopies: keepsOwnCopies)) }
            return indexed[index]
        case .key(let name):
            if let existing = keyed[name] { return existing }
            let node = JSONMemoNode(keepsOwnCopies: keepsOwnCopies)
            keyed[name] = node
            return node
        case .single:
            if let single { return single }
            let node = JSONMemoNode(keepsOwnCopies: keepsOwnCopies)
            single = node
            return node
        }
    }

    /// Moves the nodes of an array's elements as the array moved them: the first `prefix` stay, the
    /// last `suffix` of `oldCount` become the last of `newCount`, and the positions between get new
    /// nodes. Nodes beyond what is known to match are dropped.
    func spliceIndexedChildren(prefix: Int, suffix: Int, oldCount: Int, newCount: Int) {
        guard indexed.count >= oldCount else {
            if indexed.count > prefix { indexed.removeLast(indexed.count - prefix) }
            return
        }
        indexed.removeLast(indexed.count - oldCount)
        indexed.replaceSubrange(prefix..<(oldCount - suffix),
                                with: (prefix..<(newCount - suffix)).map { _ in JSONMemoNode(keepsOwnCopies: keepsOwnCopies) })
    }

    /// The JSON of `value` built from the JSON encoded last time, or `nil` when the caller must
    /// encode `value` and ``remember(_:encoded:)`` it.
    ///
    /// The JSON encoded last time is returned as is when `value` has the same bits as the value encoded
    /// then (the same storage, as copy-on-write leaves an untouched value);
    /// an array of `Equatable` elements reuses the JSON of its unchanged elements.
    ///
    /// - Parameter encoder: the encoder of `value`, used only when parts must be encoded.
    func reusedEncoding<T>(of value: T, encoder: JSONEncoderCore) throws -> JSONValue? {
        guard let box = typedBox(T.self), let encoded,
            let result = try box.encoding(of: value, previously: encoded, encoder: encoder)
        else { return nil }
        box.keep(value)
        self.encoded = result
        return result
    }

    /// The box when it holds a `T`; compares type identities instead of casting, which would look up
    /// generic metadata on every call.
    private func typedBox<T>(_ type: T.Type) -> JSONTypedMemoBox<T>? {
        guard let previous, previous.valueType == ObjectIdentifier(T.self) else { return nil }
        // Safe because every box records its value type, and the guard above checks it is T.
        return unsafeDowncast(previous, to: JSONTypedMemoBox<T>.self)
    }

    /// Forgets the value encoded here and never remembers one again: its encoding reached a class
    /// instance (it is one, or holds one somewhere below), whose changes its bits do not show.
    func markReachingClassInstances() {
        reachesClassInstances = true
        previous = nil
        encoded = nil
    }

    func remember<T>(_ value: T, encoded result: JSONValue) {
        guard !reachesClassInstances else { return }
        // An object with arrays or objects among its members is not compared as a whole: its `==`
        // would compare those members, all of them on every call, and then their own memo nodes
        // would compare them again. Encoding the object again costs one member per key, and the
        // members come back from their nodes (an array of `Equatable` elements element by element).
        if case .object(let object) = result, object.values.contains(where: \.isContainer) {
            previous = nil
            encoded = nil
            return
        }
        if let box = typedBox(T.self) {
            box.keep(value)
        } else if let array = value as? any JSONElementwiseMemoizable {
            previous = array.makeMemoBox(keepingOwnCopy: keepsOwnCopies)
        } else if let equatable = value as? any Equatable {
            previous = JSONMemoNode.box(equatable)
        } else {
            return
        }
        encoded = result
    }

    /// Opens the value's dynamic type once, so later checks need no existential casts.
    private static func box<E: Equatable>(_ value: E) -> JSONMemoBox {
        JSONTypedMemoBox<E>(value: value)
    }
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
