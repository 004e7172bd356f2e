/// Fingerprints a sequence of states, reusing the work done for the previous one.
///
/// A recorder fingerprints every state it journals. Successive states share most of their subtrees
/// (value semantics copy only the path to a change), and comparing a shared subtree with `==` returns
/// at once, so this type keeps the previous state's subtree fingerprints and recomputes only the
/// subtrees that differ. The result is always equal to ``StateFingerprint/of(_:)``.
///
/// ```swift
/// let fingerprinter = IncrementalFingerprinter()
/// let first = fingerprinter.fingerprint(state)      // full cost
/// state["users"]... // change one user
/// let second = fingerprinter.fingerprint(state)     // cost of the changed path
/// ```
///
/// Not thread-safe: use one instance from one thread (the recorder's writer thread).
public final class IncrementalFingerprinter {
    private final class Node {
        let value: JSONValue
        let fingerprint: UInt64
        /// Child nodes for containers (array elements, or object values in key order); empty for leaves.
        let children: [Node]

        init(value: JSONValue, fingerprint: UInt64, children: [Node]) {
            self.value = value
            self.fingerprint = fingerprint
            self.children = children
        }
    }

    private var previous: Node?

    /// Creates a fingerprinter with no history.
    public init() {}

    /// Forgets the previous state, so the next call computes from scratch.
    public func reset() {
        previous = nil
    }

    /// The fingerprint of `value`, equal to ``StateFingerprint/of(_:)``.
    public func fingerprint(_ value: JSONValue) -> UInt64 {
        let node = build(value, previous: previous)
        previous = node
        return node.fingerprint
    }

    private func build(_ value: JSONValue, previous: Node?) -> Node {
        if let previous {
            // Containers are reused when they share storage (O(1)), never by a deep `==`, which would
            // walk every unchanged sibling of a change; equal-but-copied containers are walked instead,
            // and their shared children are reused one level down.
            switch value {
            case .array, .object:
                if value.sharesStorage(with: previous.value) { return previous }
            default:
                if previous.value == value { return previous }
            }
        }
        switch value {
        case .array(let elements):
            let old = previous?.children ?? []
            let oldIsArray: Bool
            if case .array? = previous?.value { oldIsArray = true } else { oldIsArray = false }
            var children: [Node] = []
            children.reserveCapacity(elements.count)
            var accumulator = StateFingerprint.arrayStart(count: elements.count)
            for (index, element) in elements.enumerated() {
                let child = build(element, previous: oldIsArray && index < old.count ? old[index] : nil)
                children.append(child)
                accumulator = StateFingerprint.combine(accumulator, child.fingerprint)
            }
            return Node(value: value, fingerprint: accumulator, children: children)
        case .object(let object):
            var oldObject: JSONObject?
            if case .object(let previousObject)? = previous?.value { oldObject = previousObject }
            let old = previous?.children ?? []
            var children: [Node] = []
            children.reserveCapacity(object.count)
            var accumulator = StateFingerprint.objectStart(count: object.count)
            for index in 0..<object.count {
                let key = object.keys[index]
                var previousChild: Node?
                if let oldObject, let oldIndex = oldObject.index(forKey: key), oldIndex < old.count {
                    previousChild = old[oldIndex]
                }
                let child = build(object.values[index], previous: previousChild)
                children.append(child)
                accumulator = StateFingerprint.combine(accumulator, JSONHash.hash(key.utf8))
                accumulator = StateFingerprint.combine(accumulator, child.fingerprint)
            }
            return Node(value: value, fingerprint: accumulator, children: children)
        default:
            return Node(value: value, fingerprint: StateFingerprint.of(value), children: [])
        }
    }
}
