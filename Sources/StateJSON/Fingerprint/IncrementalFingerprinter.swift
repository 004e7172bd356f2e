/// Fingerprints a sequence of states, reusing the work done for the previous one.
///
/// A recorder fingerprints every state it journals. Successive states share most of their subtrees
/// (value semantics copy only the path to a change), so this type keeps a tree of the previous state's
/// subtree fingerprints and updates it in place: a container whose storage is shared with the previous
/// one costs one comparison, and an array of 1,000 objects in which one changed costs 1,000 word
/// comparisons, one rehashed object and 1,000 cheap combines. The result is always equal to
/// ``StateFingerprint/of(_:)``.
///
/// ```swift
/// let fingerprinter = IncrementalFingerprinter()
/// let first = fingerprinter.fingerprint(state)      // full cost
/// state["users"]... // change one user
/// let second = fingerprinter.fingerprint(state)     // cost of the changed path
/// ```
///
/// Not thread-safe: use one instance from one thread (the recorder's writer thread).
package final class IncrementalFingerprinter {
    /// The fingerprints of one container of the previous state. Scalars have no node: their
    /// fingerprint sits in their parent's `childPrints`, and their old value in the parent's `value`.
    private final class Node {
        /// The container as last fingerprinted; its elements are compared bit for bit with the next one's.
        var value: JSONValue
        var fingerprint: UInt64
        /// One entry per element or member (in key order): the node of a container, nil for a scalar.
        var children: [Node?]
        var childPrints: [UInt64]
        /// Objects only: the hash of each key, reused while the keys array is shared.
        var keyHashes: [UInt64]

        init(value: JSONValue, fingerprint: UInt64, children: [Node?], childPrints: [UInt64], keyHashes: [UInt64]) {
            self.value = value
            self.fingerprint = fingerprint
            self.children = children
            self.childPrints = childPrints
            self.keyHashes = keyHashes
        }
    }

    /// The root container's node, or the root's fingerprint when the state is a scalar.
    private var root: Node?
    private var rootScalar: (value: JSONValue, fingerprint: UInt64)?

    /// Creates a fingerprinter with no history.
    package init() {}

    /// Forgets the previous state, so the next call computes from scratch.
    package func reset() {
        root = nil
        rootScalar = nil
    }

    /// The fingerprint of `value`, equal to ``StateFingerprint/of(_:)``.
    package func fingerprint(_ value: JSONValue) -> UInt64 {
        switch value {
        case .array, .object:
            rootScalar = nil
            // A few scalars hash faster from scratch than the tree of a large value updates.
            if Self.isSmallAndFlat(value) {
                root = nil
                return StateFingerprint.of(value)
            }
            if let root, Self.sameKind(root.value, value) {
                update(root, to: value)
                return root.fingerprint
            }
            let node = Self.makeNode(value, reusing: nil)
            root = node
            return node.fingerprint
        default:
            root = nil
            if let rootScalar, rootScalar.value == value { return rootScalar.fingerprint }
            let fingerprint = StateFingerprint.of(value)
            rootScalar = (value, fingerprint)
            return fingerprint
        }
    }

    /// At most ``smallCount`` members or elements, none of them an array or an object.
    static func isSmallAndFlat(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements):
            elements.count <= smallCount && elements.allSatisfy(\.isScalar)
        case .object(let object):
            object.count <= smallCount && object.values.allSatisfy(\.isScalar)
        default:
            true
        }
    }

    static let smallCount = 8

    private static func sameKind(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.array, .array), (.object, .object): true
        default: false
        }
    }

    /// Brings `node` (a container of the same kind as `value`) up to date with `value`.
    private func update(_ node: Node, to value: JSONValue) {
        if value.sharesStorage(with: node.value) { return }
        switch (node.value, value) {
        case (.array(let old), .array(let new)) where old.count == new.count:
            if updateChildren(node, old: old, new: new) {
                node.fingerprint = Self.combineArray(node.childPrints)
            }
            node.value = value
        case (.object(let old), .object(let new)) where JSONObject.sameKeys(old.keys, new.keys):
            if updateChildren(node, old: old.values, new: new.values) {
                node.fingerprint = Self.combineObject(node.childPrints, keyHashes: node.keyHashes)
            }
            node.value = value
        default:
            let fresh = Self.makeNode(value, reusing: node)
            node.value = fresh.value
            node.fingerprint = fresh.fingerprint
            node.children = fresh.children
            node.childPrints = fresh.childPrints
            node.keyHashes = fresh.keyHashes
        }
    }

    /// Updates the children whose values differ, position by position; whether any did.
    private func updateChildren<Values: ContiguousJSONValues>(_ node: Node, old: Values, new: Values) -> Bool {
        var changed = false
        old.withContiguousValues { oldBuffer in
            new.withContiguousValues { newBuffer in
                guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress, oldBase != newBase else {
                    return
                }
                for index in 0..<newBuffer.count where !JSONValue.sameBits(oldBase + index, newBase + index) {
                    let element = newBuffer[index]
                    let print: UInt64
                    if let child = node.children[index], Self.sameKind(child.value, element) {
                        update(child, to: element)
                        print = child.fingerprint
                    } else {
                        switch element {
                        case .array, .object:
                            let child = Self.makeNode(element, reusing: nil)
                            node.children[index] = child
                            print = child.fingerprint
                        default:
                            node.children[index] = nil
                            print = StateFingerprint.of(element)
                        }
                    }
                    if print != node.childPrints[index] {
                        node.childPrints[index] = print
                        changed = true
                    }
                }
            }
        }
        return changed
    }

    /// A node for `value` built from scratch, except that elements (or members, by key) still bitwise
    /// equal to those of `previous` keep their fingerprints.
    private static func makeNode(_ value: JSONValue, reusing previous: Node?) -> Node {
        switch value {
        case .array(let elements):
            var oldElements: [JSONValue] = []
            if let previous, case .array(let old) = previous.value { oldElements = old }
            var children: [Node?] = []
            var prints: [UInt64] = []
            children.reserveCapacity(elements.count)
            prints.reserveCapacity(elements.count)
            for index in elements.indices {
                if index < oldElements.count, let previous,
                   JSONValue.elementsFastEqual(oldElements, index, elements, index) {
                    children.append(previous.children[index])
                    prints.append(previous.childPrints[index])
                } else {
                    let (child, print) = makeChild(elements[index])
                    children.append(child)
                    prints.append(print)
                }
            }
            return Node(value: value, fingerprint: combineArray(prints), children: children, childPrints: prints,
                        keyHashes: [])
        case .object(let object):
            var oldObject: JSONObject?
            if let previous, case .object(let old) = previous.value { oldObject = old }
            var children: [Node?] = []
            var prints: [UInt64] = []
            var keyHashes: [UInt64] = []
            children.reserveCapacity(object.count)
            prints.reserveCapacity(object.count)
            keyHashes.reserveCapacity(object.count)
            for index in 0..<object.count {
                let key = object.keys[index]
                let member = object.values[index]
                if let previous, let oldObject, let oldIndex = oldObject.index(forKey: key),
                   JSONValue.elementsFastEqual(oldObject.values, oldIndex, object.values, index) {
                    children.append(previous.children[oldIndex])
                    prints.append(previous.childPrints[oldIndex])
                    keyHashes.append(previous.keyHashes[oldIndex])
                } else {
                    let (child, print) = makeChild(member)
                    children.append(child)
                    prints.append(print)
                    keyHashes.append(JSONHash.hash(key.utf8))
                }
            }
            return Node(value: value, fingerprint: combineObject(prints, keyHashes: keyHashes), children: children,
                        childPrints: prints, keyHashes: keyHashes)
        default:
            return Node(value: value, fingerprint: StateFingerprint.of(value), children: [], childPrints: [],
                        keyHashes: [])
        }
    }

    private static func makeChild(_ value: JSONValue) -> (Node?, UInt64) {
        switch value {
        case .array, .object:
            let node = makeNode(value, reusing: nil)
            return (node, node.fingerprint)
        default:
            return (nil, StateFingerprint.of(value))
        }
    }

    private static func combineArray(_ prints: [UInt64]) -> UInt64 {
        var accumulator = StateFingerprint.arrayStart(count: prints.count)
        for print in prints { accumulator = StateFingerprint.combine(accumulator, print) }
        return accumulator
    }

    private static func combineObject(_ prints: [UInt64], keyHashes: [UInt64]) -> UInt64 {
        var accumulator = StateFingerprint.objectStart(count: prints.count)
        for index in prints.indices {
            accumulator = StateFingerprint.combine(accumulator, keyHashes[index])
            accumulator = StateFingerprint.combine(accumulator, prints[index])
        }
        return accumulator
    }
}

extension JSONValue {
    /// Neither an array nor an object.
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
