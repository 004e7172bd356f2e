import StateJSON

/// Fingerprints a sequence of states, reusing the work done for the previous one.
///
/// A recorder fingerprints every state it journals. Successive states share most of their subtrees
/// (value semantics copy only the path to a change), so this type keeps a tree of the previous state's
/// subtree fingerprints and updates it in place: a container whose storage is shared with the previous
/// one costs one comparison, and an array of 10,000 objects in which one changed costs 10,000 word
/// comparisons (none when the encoder noted the change, see ``JSONArrayChanges``), one rehashed object
/// and, under ``FingerprintScheme/chunked``, about 130 combines: one run of 64 at each level of the
/// fold. The result is always equal to ``StateFingerprint/of(_:scheme:)``.
///
/// ```swift
/// let fingerprinter = IncrementalFingerprinter(scheme: .chunked)
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
        // Unchecked exclusivity: the runtime checks of these accesses, inside the buffer closures of
        // `updateChildren`, cost more than the comparisons they guard on a long array.
        // Safe because a node belongs to one fingerprinter, used from one thread, and no access to a property spans a
        // call that reaches the same node again (children are other nodes).
        /// The container as last fingerprinted; its elements are compared bit for bit with the next one's.
        @exclusivity(unchecked) var value: JSONValue
        @exclusivity(unchecked) var fingerprint: UInt64
        /// One entry per element or member (in key order): the node of a container, nil for a scalar.
        @exclusivity(unchecked) var children: [Node?]
        @exclusivity(unchecked) var childPrints: [UInt64]
        /// Objects only: the hash of each key, reused while the keys array is shared.
        @exclusivity(unchecked) var keyHashes: [UInt64]
        /// The fold of `childPrints` into `fingerprint`, which folds again only around the positions marked changed.
        @exclusivity(unchecked) var fold: FingerprintFold

        init(value: JSONValue, children: [Node?], childPrints: [UInt64], keyHashes: [UInt64], scheme: FingerprintScheme) {
            self.value = value
            self.children = children
            self.childPrints = childPrints
            self.keyHashes = keyHashes
            fold = FingerprintFold(scheme: scheme)
            fingerprint = 0
            switch value {
            case .array, .object: settle()
            default: fingerprint = StateFingerprint.of(value, scheme: scheme)
            }
        }

        /// Folds the children's fingerprints again where they were marked changed.
        func settle() {
            let isObject = if case .object = value { true } else { false }
            fold.refold(isObject: isObject, keyHashes: keyHashes, prints: childPrints)
            fingerprint = fold.fingerprint
        }
    }

    /// The root container's node, or the root's fingerprint when the state is a scalar.
    private var root: Node?
    private var rootScalar: (value: JSONValue, fingerprint: UInt64)?

    /// How containers fold their children's fingerprints: the journal's version decides.
    package let scheme: FingerprintScheme
    /// The encoder's notes for the value being fingerprinted, during ``fingerprint(_:changes:)``.
    private var changes: JSONArrayChanges?

    /// Creates a fingerprinter with no history, for fingerprints under `scheme`.
    package init(scheme: FingerprintScheme) {
        self.scheme = scheme
    }

    /// Forgets the previous state, so the next call computes from scratch.
    package func reset() {
        root = nil
        rootScalar = nil
    }

    /// The fingerprint of `value`, equal to ``StateFingerprint/of(_:scheme:)``.
    ///
    /// - Parameter changes: Notes of which elements differ between arrays of the previous value and
    ///   of this one, from whoever built this one (an incremental encoder); noted pairs are not compared
    ///   element by element.
    package func fingerprint(_ value: JSONValue, changes: JSONArrayChanges? = nil) -> UInt64 {
        self.changes = changes?.isEmpty == false ? changes : nil
        defer { self.changes = nil }
        switch value {
        case .array, .object:
            rootScalar = nil
            // A few scalars hash faster from scratch than the tree of a large value updates.
            if Self.isSmallAndFlat(value) {
                root = nil
                return StateFingerprint.of(value, scheme: scheme)
            }
            if let root, Self.sameKind(root.value, value) {
                update(root, to: value)
                return root.fingerprint
            }
            let node = makeNode(value, reusing: nil)
            root = node
            return node.fingerprint
        default:
            root = nil
            if let rootScalar, rootScalar.value == value { return rootScalar.fingerprint }
            let fingerprint = StateFingerprint.of(value, scheme: scheme)
            rootScalar = (value, fingerprint)
            return fingerprint
        }
    }

    /// At most ``smallCount`` members or elements, none of them an array or an object.
    static func isSmallAndFlat(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements):
            guard elements.count <= smallCount else { return false }
            for index in 0..<elements.count where !elements[index].isScalar { return false }
            return true
        case .object(let object):
            guard object.count <= smallCount else { return false }
            for index in 0..<object.count where !object.values[index].isScalar { return false }
            return true
        default:
            return true
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
    ///
    /// Only elements whose bits differ are looked at again (only those the encoder noted, when it did),
    /// and only the folds around the positions whose fingerprints changed are done again.
    private func update(_ node: Node, to value: JSONValue) {
        if value.sharesStorage(with: node.value) { return }
        switch (node.value, value) {
        case (.array(let old), .array(let new)):
            // A few noted positions are looked at directly; many (an element moved to the front shifts
            // every one before its old place) go to the checks below, which move the shifted elements'
            // nodes instead of comparing each with its new neighbour member by member.
            let noted = changes?.changedIndices(old: old, new: new)
            let notedBelow = new.count != old.count ? changes?.changedIndicesBelowCommonLength(old: old, new: new) : nil
            let run = changes?.replacedRun(old: old, new: new)
            if let noted, noted.count <= Self.fewNotedPositions {
                updateChildren(node, old: old, new: new, at: noted, shifted: true)
            } else if let notedBelow, notedBelow.count <= Self.fewNotedPositions {
                // Elements appended to the end or removed from it, and those noted before it changed.
                updateChildren(node, old: old, new: new, at: notedBelow, shifted: true)
                resizeEnd(node, old: old, new: new)
            } else if let run, max(run.old.count, run.new.count) <= Self.fewNotedPositions {
                replaceChildren(of: node, in: run.old, with: run.new, of: new)
                if run.old.count == run.new.count {
                    for position in run.new { node.fold.markChanged(at: position) }
                } else {
                    node.fold.markChanged(from: run.old.lowerBound)
                }
            } else if new.count != old.count, let start = spliced(node, old: old, new: new) {
                node.fold.markChanged(from: start)
            } else if new.count == old.count, let (to, from) = Self.movedEarlier(old: old, new: new) {
                // The positions between kept their elements, one place later: their fingerprints and
                // nodes move with them instead of each position being looked at again. The positions
                // after `from` are compared as usual, without borrowing a neighbour's fingerprint,
                // since the fingerprints before them are no longer at their old positions.
                node.children.insert(node.children.remove(at: from), at: to)
                node.childPrints.insert(node.childPrints.remove(at: from), at: to)
                node.fold.markChanged(from: to)
                if from + 1 < new.count {
                    updateChildren(node, old: old, new: new, at: (from + 1)..<new.count)
                }
            } else if let positions = noted ?? notedBelow {
                updateChildren(node, old: old, new: new, at: positions, shifted: true)
                resizeEnd(node, old: old, new: new)
            } else {
                updateChildren(node, old: old, new: new, at: 0..<min(old.count, new.count), shifted: true)
                resizeEnd(node, old: old, new: new)
            }
            node.value = value
            if node.fold.isDirty { node.settle() }
        case (.object(let old), .object(let new)) where JSONObject.sameKeys(old.keys, new.keys):
            updateChildren(node, old: old.values, new: new.values, at: 0..<new.count)
            node.value = value
            if node.fold.isDirty { node.settle() }
        default:
            let fresh = makeNode(value, reusing: node)
            node.value = fresh.value
            node.fingerprint = fresh.fingerprint
            node.children = fresh.children
            node.childPrints = fresh.childPrints
            node.keyHashes = fresh.keyHashes
            node.fold = fresh.fold
        }
    }

    /// The most noted positions (or the longest noted run) looked at directly, rather than first
    /// checking whether one element moved or one run was spliced in.
    static let fewNotedPositions = 64

    /// Replaces the children at `oldRun` with new ones for the elements of `new` at `newRun`.
    private func replaceChildren(of node: Node, in oldRun: Range<Int>, with newRun: Range<Int>, of new: [JSONValue]) {
        let made = newRun.map { makeChild(new[$0]) }
        node.children.replaceSubrange(oldRun, with: made.map(\.0))
        node.childPrints.replaceSubrange(oldRun, with: made.map(\.1))
    }

    /// Drops the children past the end of `new`, or makes children for the elements appended past the
    /// end of `old`, and marks the fold from there.
    private func resizeEnd(_ node: Node, old: [JSONValue], new: [JSONValue]) {
        let common = min(old.count, new.count)
        if new.count < old.count {
            node.children.removeLast(old.count - common)
            node.childPrints.removeLast(old.count - common)
        } else if new.count > old.count {
            node.children.reserveCapacity(new.count)
            node.childPrints.reserveCapacity(new.count)
            for index in common..<new.count {
                let (child, print) = makeChild(new[index])
                node.children.append(child)
                node.childPrints.append(print)
            }
        }
        node.fold.markChanged(from: common)
    }

    /// When `new` is `old` with one run of elements removed or inserted (the elements before and after
    /// it have the same bits), moves the children after the run to their new positions and makes
    /// children for the inserted ones; the run's position when it did. Without this, removing the first of
    /// 1,000 objects would compare each of the 999 others with its old neighbour, member by member.
    private func spliced(_ node: Node, old: [JSONValue], new: [JSONValue]) -> Int? {
        let common = min(old.count, new.count)
        // Safe because both buffers are used only inside the closures and the index stays below the smaller count.
        let (prefix, suffix) = old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer -> (Int, Int) in
                guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return (0, 0) }
                var prefix = 0
                while prefix < common, JSONValue.sameBits(oldBase + prefix, newBase + prefix) { prefix += 1 }
                var suffix = 0
                while suffix < common - prefix,
                      JSONValue.sameBits(oldBase + old.count - 1 - suffix, newBase + new.count - 1 - suffix) {
                    suffix += 1
                }
                return (prefix, suffix)
            }
        }
        guard prefix + suffix == common else { return nil }
        replaceChildren(of: node, in: prefix..<(old.count - suffix), with: prefix..<(new.count - suffix), of: new)
        return prefix
    }

    /// When `new` is `old` with one element moved to an earlier position and nothing else changed before
    /// the position it left, that position (`from`) and the one it moved to (`to`); `nil` otherwise.
    ///
    /// A list ordered by recent use moves an element to the front on every change: each position up
    /// to the one it left then holds its neighbour's element, and looking at each of them again cost
    /// more than the rest of the state. Only bits are compared, so repeated values are no trouble: every
    /// position between gets the fingerprint of an element with the same bits.
    private static func movedEarlier(old: [JSONValue], new: [JSONValue]) -> (to: Int, from: Int)? {
        let count = old.count
        // Safe because both buffers are used only inside the closures, and every index stays below `count`, the count
        // of both.
        return old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer -> (to: Int, from: Int)? in
                guard count > 1, newBuffer.count == count, let oldBase = oldBuffer.baseAddress,
                      let newBase = newBuffer.baseAddress, oldBase != newBase else { return nil }
                var to = 0
                while to < count, JSONValue.sameBits(oldBase + to, newBase + to) { to += 1 }
                guard to + 1 < count, JSONValue.sameBits(newBase + to + 1, oldBase + to) else { return nil }
                var from = to + 1
                while from + 1 < count, JSONValue.sameBits(newBase + from + 1, oldBase + from) { from += 1 }
                guard JSONValue.sameBits(newBase + to, oldBase + from) else { return nil }
                return (to, from)
            }
        }
    }

    /// Updates the children at `positions` (ascending) whose values differ, and marks those whose
    /// fingerprints changed in the node's fold.
    ///
    /// In an array (`shifted`), a changed scalar with the same bits as the old element just before or
    /// after its position takes that element's fingerprint instead of being hashed again: moving one
    /// identifier to the front of a list of 10,000 shifts every element before its old place by one,
    /// and hashing each again (its decimal text, for an integer) cost more than the rest of the step.
    private func updateChildren(
        _ node: Node, old: [JSONValue], new: [JSONValue], at positions: some Sequence<Int>, shifted: Bool = false
    ) {
        // Each container's own buffer view, not `ContiguousJSONValues`: through a protocol of another
        // module the closures below are not inlined, which cost a fifth of the fingerprint's time.
        // Safe because the views are used only during the call below, which only reads them.
        old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer in
                updateChildren(node, old: oldBuffer, new: newBuffer, at: positions, shifted: shifted)
            }
        }
    }

    /// ``updateChildren(_:old:new:at:shifted:)`` for an object's values.
    private func updateChildren(_ node: Node, old: JSONObject.Values, new: JSONObject.Values, at positions: some Sequence<Int>) {
        // Safe because the views are used only during the call below, which only reads them.
        old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer in
                updateChildren(node, old: oldBuffer, new: newBuffer, at: positions, shifted: false)
            }
        }
    }

    // Safe because both buffers are views the callers keep valid for the call, and are only read.
    /// ``updateChildren(_:old:new:at:shifted:)`` over the containers' values in place.
    private func updateChildren(
        _ node: Node, old oldBuffer: UnsafeBufferPointer<JSONValue>, new newBuffer: UnsafeBufferPointer<JSONValue>,
        at positions: some Sequence<Int>, shifted: Bool
    ) {
        // The old fingerprint of the last position overwritten below, which its successor may take.
        var overwritten: (index: Int, print: UInt64)?
        guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress, oldBase != newBase else {
            return
        }
        // The old fingerprint at `index` when the old element there has the bits of `element`.
        // Safe because `element` points into the new buffer, read only during this call, and `index` is
        // checked against the old buffer's count before the old element is read.
        func oldPrint(at index: Int, matching element: UnsafePointer<JSONValue>) -> UInt64? {
            guard shifted, index >= 0, index < oldBuffer.count, index < node.childPrints.count,
                  JSONValue.sameBits(oldBase + index, element) else { return nil }
            if let overwritten, overwritten.index == index { return overwritten.print }
            return node.childPrints[index]
        }
        let count = min(oldBuffer.count, newBuffer.count, node.children.count, node.childPrints.count)
        for index in positions where index >= 0 && index < count
            && !JSONValue.sameBits(oldBase + index, newBase + index) {
            let element = newBuffer[index]
            let print: UInt64
            if let child = node.children[index], Self.sameKind(child.value, element) {
                update(child, to: element)
                print = child.fingerprint
            } else {
                switch element {
                case .array, .object:
                    let child = makeNode(element, reusing: nil)
                    node.children[index] = child
                    print = child.fingerprint
                default:
                    node.children[index] = nil
                    print = oldPrint(at: index - 1, matching: newBase + index)
                        ?? oldPrint(at: index + 1, matching: newBase + index)
                        ?? StateFingerprint.of(element, scheme: scheme)
                }
            }
            overwritten = (index, node.childPrints[index])
            if print != node.childPrints[index] {
                node.childPrints[index] = print
                node.fold.markChanged(at: index)
            }
        }
    }

    /// A node for `value` built from scratch, except that elements (or members, by key) still bitwise
    /// equal to those of `previous` keep their fingerprints.
    private func makeNode(_ value: JSONValue, reusing previous: Node?) -> Node {
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
            return Node(value: value, children: children, childPrints: prints, keyHashes: [], scheme: scheme)
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
                    keyHashes.append(StateFingerprint.keyHash(key))
                }
            }
            return Node(value: value, children: children, childPrints: prints, keyHashes: keyHashes, scheme: scheme)
        default:
            return Node(value: value, children: [], childPrints: [], keyHashes: [], scheme: scheme)
        }
    }

    private func makeChild(_ value: JSONValue) -> (Node?, UInt64) {
        switch value {
        case .array, .object:
            let node = makeNode(value, reusing: nil)
            return (node, node.fingerprint)
        default:
            return (nil, StateFingerprint.of(value, scheme: scheme))
        }
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
