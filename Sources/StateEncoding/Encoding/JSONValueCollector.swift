import StateJSON

/// What one ``JSONEncoderCore`` has collected of its value so far: nothing, a single value, an
/// array's elements or an object's members.
///
/// An object's keys are usually not stored at all. Values of one type encode the same keys in the
/// same order, so the members are matched against the layout their key type was last encoded with,
/// key by key; an object of a known type then collects only its values. On the first key that
/// differs, the collector looks for another layout of the key type that goes on with that key, and
/// failing that writes out the keys matched so far and collects every key from then on.
///
/// The buffers outlive each value: a pooled encoder encodes thousands of objects one after another,
/// and reusing their memory saves an allocation per object.
struct JSONValueCollector: ~Copyable {
    /// The value collected, one case per kind.
    enum Collected {
        /// Nothing yet: an encoder that opens no container encodes an empty object.
        case nothing
        /// A value from a single-value container.
        case single(JSONValue)
        /// An array, whose elements are in ``JSONValueCollector/values``.
        case elements
        /// An object, whose members' values are in ``JSONValueCollector/values``, in encoding order.
        case members(MemberKeys)
    }

    /// Where an object's keys are.
    enum MemberKeys {
        /// Every member so far has the key the layout has at its position: the keys are the layout's
        /// first `values.count` keys, stored nowhere else. The layout is one of `keyType`'s.
        case following(JSONObjectLayout, keyType: ObjectIdentifier)
        /// Collected in ``JSONValueCollector/keys``, one per value; `keyType` is `nil` when the object
        /// was encoded through containers of several key types.
        case collected(keyType: ObjectIdentifier?)

        var keyType: ObjectIdentifier? {
            switch self {
            case .following(_, let keyType): keyType
            case .collected(let keyType): keyType
            }
        }
    }

    private(set) var collected = Collected.nothing
    /// The elements of an array, or the values of an object's members in encoding order.
    private var values = JSONValueBuffer()
    /// The keys of an object's members, parallel to ``values``, while they are ``MemberKeys/collected(keyType:)``.
    private var keys: [String] = []
    /// Nested containers and super encoders, and the positions in ``values`` their results fill.
    private var nested: [(position: Int, encoder: JSONEncoderCore)] = []
    /// The layout of the last object finished, which the next object most likely shares; while that
    /// next object follows it, the object holds it instead.
    private var recentLayout: (keyType: ObjectIdentifier, layout: JSONObjectLayout)?
    /// The layouts known for each key type, shared by the encoders of one encoding.
    private let keyOrders: JSONKeyOrderCache

    init(keyOrders: JSONKeyOrderCache) {
        self.keyOrders = keyOrders
    }

    /// The number of elements or members so far.
    var count: Int { values.count }

    /// Whether the collector holds no values and waits for no nested encoder: what a reused
    /// encoder must be left with.
    var isEmpty: Bool { values.count == 0 && nested.isEmpty }

    /// Forgets the value, keeping the buffers' memory up to `capacity` values.
    mutating func clear(keepingCapacity capacity: Int) {
        collected = .nothing
        values.releaseCapacity(above: capacity)
    }

    private mutating func reset(to newValue: consuming Collected) {
        collected = newValue
        if values.count > 0 { values.removeAll() }
        if !nested.isEmpty { nested.removeAll() }
        if !keys.isEmpty { keys.removeAll(keepingCapacity: true) }
    }

    /// Starts an object whose members are written through a container keyed by `keyType`, or adds
    /// to the object already started: a second keyed container on one encoder writes into the same
    /// object.
    mutating func beginObject(keyType: ObjectIdentifier) {
        if case .members(let memberKeys) = collected {
            // With two key types there is no one layout to match.
            if memberKeys.keyType != keyType { collectKeys(keyType: nil) }
            return
        }
        if recentLayout?.keyType == keyType, let recent = recentLayout.take() {
            // Moved, not copied: the object under way holds the layout, and gives it back when it finishes.
            reset(to: .members(.following(recent.layout, keyType: keyType)))
        } else if let known = keyOrders.latest(for: keyType) {
            reset(to: .members(.following(known, keyType: keyType)))
        } else {
            reset(to: .members(.collected(keyType: keyType)))
        }
    }

    /// Starts an array, unless one is started.
    mutating func beginArray() {
        if case .elements = collected { return }
        reset(to: .elements)
    }

    /// Adds an object member.
    @inline(__always)
    mutating func put(_ value: consuming JSONValue, forKey key: String) {
        // Inlined into every container call: the member that has the layout's next key.
        if hasNextKeyOfLayout(key) {
            values.append(value)
            return
        }
        putDeparting(value, forKey: key)
    }

    /// Whether the object follows a layout whose next key is `key`. Not mutating, so that the layout
    /// is borrowed from the collector rather than retained and released for every member.
    @inline(__always)
    private func hasNextKeyOfLayout(_ key: String) -> Bool {
        guard case .members(.following(let layout, _)) = collected else { return false }
        let position = values.count
        return position < layout.keys.count && JSONObject.sameKey(layout.keys[position], key)
    }

    /// Adds a member whose key is not the followed layout's next one, or whose keys are collected.
    @inline(never)
    private mutating func putDeparting(_ value: consuming JSONValue, forKey key: String) {
        if case .members(.following(let layout, let keyType)) = collected {
            if let other = keyOrders.layout(for: keyType, continuing: layout.keys, count: values.count, with: key) {
                collected = .members(.following(other, keyType: keyType))
                values.append(value)
                return
            }
            collectKeys(keyType: keyType)
        }
        keys.append(key)
        values.append(value)
    }

    /// Adds an array element.
    mutating func append(_ value: consuming JSONValue) {
        values.append(value)
    }

    /// Makes `value` the whole result.
    mutating func putSingle(_ value: consuming JSONValue) {
        collected = .single(value)
    }

    /// Holds the place of the value `encoder` will make, as the member `name` (or the next element
    /// when `name` is `nil`); ``finish()`` puts it there.
    mutating func addNested(_ encoder: JSONEncoderCore, name: String?) {
        nested.append((values.count, encoder))
        if let name {
            put(.null, forKey: name)
        } else {
            append(.null)
        }
    }

    /// Writes out the keys matched so far and collects keys from now on, for an object of `keyType`
    /// (`nil`: of several key types).
    private mutating func collectKeys(keyType: ObjectIdentifier?) {
        if case .members(.following(let layout, _)) = collected {
            keys.removeAll(keepingCapacity: true)
            keys.append(contentsOf: layout.keys[..<values.count])
        }
        collected = .members(.collected(keyType: keyType))
    }

    /// The collected value, leaving the collector empty.
    mutating func finish() -> JSONValue {
        if !nested.isEmpty {
            for (position, encoder) in nested {
                values.replace(at: position, with: encoder.finish())
            }
            nested.removeAll()
        }
        // Moved out, not copied: the layout it may hold is not retained and released once more per object.
        var finished = Collected.nothing
        swap(&finished, &collected)
        switch consume finished {
        case .nothing: return .object(JSONObject())
        case .single(let value): return value
        case .elements: return .array(values.takeAll())
        case .members(let memberKeys): return .object(finishObject(memberKeys))
        }
    }

    private mutating func finishObject(_ memberKeys: consuming MemberKeys) -> JSONObject {
        let keyType: ObjectIdentifier?
        switch consume memberKeys {
        case .following(let layout, let following):
            if values.count == layout.keys.count {
                let object = layout.makeObject(taking: &values)
                recentLayout = (following, layout)
                return object
            }
            // Fewer members than the layout has: the keys are a prefix of it, which may be a layout of its own.
            keys.removeAll(keepingCapacity: true)
            keys.append(contentsOf: layout.keys[..<values.count])
            keyType = following
        case .collected(let collecting):
            keyType = collecting
        }
        defer { keys.removeAll(keepingCapacity: true) }
        guard let keyType, let layout = keyOrders.layout(for: keyType, keys: keys) else {
            return JSONKeyOrder.makeObject(keys: keys, storage: values.takeStorage())
        }
        recentLayout = (keyType, layout)
        return layout.makeObject(taking: &values)
    }
}
