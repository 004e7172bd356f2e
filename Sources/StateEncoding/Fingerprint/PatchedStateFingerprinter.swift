import StateJSON

/// Applies patches to a state in place and fingerprints each result at the cost of the patch, by
/// following the patch's paths through a tree of the state's subtree fingerprints.
///
/// ``IncrementalFingerprinter`` finds what changed by comparing each container with the one it saw
/// before, so it keeps the previous state's containers; a state edited in place after that shares
/// them, and every container on the edited path is copied. This fingerprinter keeps no values: the
/// patch says what changed. A journal reader that replays patches one step after another uses it,
/// so that a step on a large state costs about its patch.
///
/// ```swift
/// let fingerprinter = PatchedStateFingerprinter(scheme: .chunked)
/// var state: JSONValue = ["users": [["age": 30]]]
/// fingerprinter.reset(to: state)                         // StateFingerprint.of(state, scheme: scheme)
/// let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/users/0/age"), value: 31)])
/// let print = try fingerprinter.apply(patch, to: &state) // == StateFingerprint.of(state, scheme: scheme)
/// ```
///
/// Not thread-safe.
package final class PatchedStateFingerprinter {
    /// The fingerprints of one container's children. Built for the root, and for a child when a patch
    /// first goes through it.
    private final class Node {
        let isObject: Bool
        /// Objects only: the keys, in the object's order, and their hashes.
        var keys: [String]
        var keyHashes: [UInt64]
        /// Each child's fingerprint.
        var prints: [UInt64]
        /// The node of each child a patch went through.
        var children: [Node?]
        /// The fold of `prints` into `fingerprint`. A patch's operations only mark where they changed a
        /// container, and each container is folded again once, at the end of the patch, so that several
        /// changes to one large array cost one fold around each.
        var fold: FingerprintFold
        var fingerprint: UInt64 = 0

        init(_ value: JSONValue, scheme: FingerprintScheme) {
            switch value {
            case .object(let object):
                isObject = true
                keys = object.keys
                keyHashes = object.keys.map { StateFingerprint.keyHash($0) }
                prints = object.values.map { StateFingerprint.of($0, scheme: scheme) }
            case .array(let elements):
                isObject = false
                keys = []
                keyHashes = []
                prints = elements.map { StateFingerprint.of($0, scheme: scheme) }
            default:
                isObject = false
                keys = []
                keyHashes = []
                prints = []
            }
            children = Array(repeating: nil, count: prints.count)
            fold = FingerprintFold(scheme: scheme)
            settle()
        }

        /// Notes that the child at `position` has a new fingerprint.
        func markChanged(at position: Int) {
            fold.markChanged(at: position)
        }

        /// Notes that the children from `position` on moved (an insertion or a removal there).
        func markChanged(from position: Int) {
            fold.markChanged(from: position)
        }

        /// Folds again around the positions marked changed, if any.
        func settle() {
            guard fold.isDirty else { return }
            fold.refold(isObject: isObject, keyHashes: keyHashes, prints: prints)
            fingerprint = fold.fingerprint
        }

        /// The position of `token` among the children, or `nil`.
        func position(of token: String) -> Int? {
            if isObject {
                let at = insertionPoint(token)
                return at < keys.count && keys[at].hasSameScalars(as: token) ? at : nil
            }
            guard let index = JSONPointer.arrayIndex(token), index < prints.count else { return nil }
            return index
        }

        func insertionPoint(_ key: String) -> Int {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if JSONObject.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The tree of the state last fingerprinted; `nil` until a patch needs it, or when the state is a
    /// scalar or unknown.
    private var root: Node?
    /// The fingerprint of the state last fingerprinted, `nil` when unknown.
    private var current: UInt64?
    /// The nodes a patch changed, each with where its fingerprint goes in its parent and its depth:
    /// folded again deepest first when the patch is done.
    private var pending: [(node: Node, parent: Node, position: Int, depth: Int)] = []

    /// How containers fold their children's fingerprints: the journal's version decides.
    package let scheme: FingerprintScheme

    /// A fingerprinter that knows no state yet, for fingerprints under `scheme`.
    package init(scheme: FingerprintScheme) {
        self.scheme = scheme
    }

    /// Fingerprints `state` from scratch; the patches applied next are fingerprinted from it.
    @discardableResult
    package func reset(to state: JSONValue) -> UInt64 {
        // The tree is built when a patch comes: a journal of small states, all keyframes, never needs it.
        root = nil
        let print = StateFingerprint.of(state, scheme: scheme)
        current = print
        return print
    }

    /// Follows `state`, whose fingerprint is known to be `fingerprint` (a keyframe fingerprinted when
    /// it was parsed), without fingerprinting it again; the patches applied next are fingerprinted from it.
    package func reset(to state: JSONValue, fingerprint: UInt64) {
        root = nil
        current = fingerprint
    }

    /// Forgets the state: the next ``apply(_:to:)`` fingerprints its result from scratch.
    package func forget() {
        root = nil
        current = nil
    }

    /// Applies `patch` to `state` in place (see ``JSONPatch/apply(inPlace:)``) and returns the
    /// fingerprint of the result.
    ///
    /// `state` must be the state this fingerprinter last saw (through ``reset(to:)`` or this method);
    /// the result is then equal to ``StateFingerprint/of(_:scheme:)`` of the new state, computed at the cost
    /// of the containers on the patch's paths. A `move` or `copy` operation, which the journal's
    /// writer does not produce, is fingerprinted from scratch.
    ///
    /// - Throws: the patch's ``JSONPatchError``; the fingerprinter then forgets the state.
    package func apply(_ patch: JSONPatch, to state: inout JSONValue) throws(JSONPatchError) -> UInt64 {
        var known = current != nil
        if known, root == nil {
            switch state {
            case .array, .object: root = Node(state, scheme: scheme)
            default: known = false
            }
        }
        pending.removeAll(keepingCapacity: true)
        for (index, operation) in patch.operations.enumerated() {
            do {
                try JSONPatch.perform(operation, on: &state)
            } catch {
                forget()
                throw JSONPatchError(index: index, operation: operation, reason: error)
            }
            if known { known = update(after: operation, in: state) }
        }
        guard known else {
            pending.removeAll(keepingCapacity: true)
            return reset(to: state)
        }
        settle()
        return current ?? reset(to: state)
    }

    /// Folds the nodes the patch changed again, deepest first, each into its parent, and then the root.
    private func settle() {
        pending.sort { $0.depth > $1.depth }
        for edge in pending {
            edge.node.settle()
            // A node that a later operation replaced or removed is no longer its parent's child there.
            guard edge.position >= 0, edge.position < edge.parent.children.count,
                  edge.parent.children[edge.position] === edge.node else { continue }
            edge.parent.prints[edge.position] = edge.node.fingerprint
            edge.parent.markChanged(at: edge.position)
        }
        pending.removeAll(keepingCapacity: true)
        guard let root else { return }
        root.settle()
        current = root.fingerprint
    }

    /// Moves the pending changes below `container` after a child was inserted at `position` (`by` 1)
    /// or removed from it (`by` -1), so that each still names its node's position.
    private func shiftPending(in container: Node, at position: Int, by offset: Int) {
        for index in pending.indices where pending[index].parent === container {
            if pending[index].position > position || (offset > 0 && pending[index].position == position) {
                pending[index].position += offset
            } else if pending[index].position == position {
                pending[index].position = -1
            }
        }
    }

    /// Brings the tree up to date after `operation` changed `state`; `false` when it cannot, and the
    /// state must be fingerprinted from scratch.
    private func update(after operation: JSONPatchOperation, in state: JSONValue) -> Bool {
        let path: JSONPointer
        switch operation {
        case .test: return true
        case .move, .copy: return false
        case .add(let target, _), .replace(let target, _), .remove(let target): path = target
        }
        guard let last = path.tokens.last, let root else { return false }
        // Walk to the changed container, building the nodes on the way.
        var nodes: [Node] = [root]
        var positions: [Int] = []
        var value = state
        for token in path.tokens.dropLast() {
            guard let node = nodes.last, let position = node.position(of: token), let child = Self.child(of: value, at: position) else { return false }
            if case .array = child {} else if case .object = child {} else { return false }
            positions.append(position)
            value = child
            if let existing = node.children[position] {
                nodes.append(existing)
            } else {
                // Built from the state after the operation: it already holds the change.
                let built = Node(child, scheme: scheme)
                node.children[position] = built
                nodes.append(built)
                value = .null
                return propagate(nodes, positions)
            }
        }
        guard let container = nodes.last else { return false }
        switch operation {
        case .replace:
            guard let position = container.position(of: last), let child = Self.child(of: value, at: position) else { return false }
            container.prints[position] = StateFingerprint.of(child, scheme: scheme)
            container.children[position] = nil
            container.markChanged(at: position)
        case .add:
            if container.isObject {
                guard case .object(let object) = value, let position = object.index(forKey: last) else { return false }
                let child = object.values[position]
                if position < container.keys.count, container.keys[position].hasSameScalars(as: last) {
                    container.prints[position] = StateFingerprint.of(child, scheme: scheme)
                    container.children[position] = nil
                    container.markChanged(at: position)
                } else {
                    container.keys.insert(last, at: position)
                    container.keyHashes.insert(StateFingerprint.keyHash(last), at: position)
                    container.prints.insert(StateFingerprint.of(child, scheme: scheme), at: position)
                    container.children.insert(nil, at: position)
                    container.markChanged(from: position)
                    shiftPending(in: container, at: position, by: 1)
                }
            } else {
                guard case .array(let elements) = value, elements.count == container.prints.count + 1 else { return false }
                let position = last == "-" ? elements.count - 1 : JSONPointer.arrayIndex(last) ?? -1
                guard position >= 0, position < elements.count else { return false }
                container.prints.insert(StateFingerprint.of(elements[position], scheme: scheme), at: position)
                container.children.insert(nil, at: position)
                container.markChanged(from: position)
                shiftPending(in: container, at: position, by: 1)
            }
        case .remove:
            guard let position = container.position(of: last) else { return false }
            if container.isObject {
                container.keys.remove(at: position)
                container.keyHashes.remove(at: position)
            }
            container.prints.remove(at: position)
            container.children.remove(at: position)
            container.markChanged(from: position)
            shiftPending(in: container, at: position, by: -1)
        default:
            return false
        }
        value = .null
        return propagate(nodes, positions)
    }

    /// Notes that each node from the changed container up to the root has a new fingerprint for its
    /// parent, put there when the patch is done.
    private func propagate(_ nodes: [Node], _ positions: [Int]) -> Bool {
        var level = nodes.count - 1
        while level > 0 {
            let parent = nodes[level - 1]
            let position = positions[level - 1]
            pending.append((nodes[level], parent, position, level))
            parent.markChanged(at: position)
            level -= 1
        }
        return true
    }

    private static func child(of container: JSONValue, at position: Int) -> JSONValue? {
        switch container {
        case .object(let object): position < object.count ? object.values[position] : nil
        case .array(let elements): position < elements.count ? elements[position] : nil
        default: nil
        }
    }
}
