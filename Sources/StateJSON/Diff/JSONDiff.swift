/// Computes a ``JSONPatch`` that turns one JSON value into another.
///
/// For all values `a` and `b`, `try JSONDiff.patch(from: a, to: b).apply(to: a) == b`.
///
/// The walk skips equal subtrees with `==` before looking inside them, which is O(1) when the two
/// trees share storage (as successive states of a store usually do). Objects are compared by a
/// merge over their sorted keys. Arrays are aligned by ``JSONArrayAlignment``: elements that are
/// objects with a unique `"id"` are matched by it (inserting at the front is one `add`), other
/// arrays by a bounded Myers alignment. A changed element whose identity was kept gets a nested
/// patch; an identified element that moved relative to the others gets a `move` (plus a nested
/// patch when it also changed). In arrays without identities a moved element is removed and
/// added again.
///
/// ```swift
/// let before: JSONValue = ["count": 3, "users": [["id": 1, "age": 30], ["id": 2, "age": 40]]]
/// let after: JSONValue = ["count": 3, "users": [["id": 0, "age": 20], ["id": 1, "age": 31], ["id": 2, "age": 40]]]
/// print(JSONDiff.patch(from: before, to: after))
/// ```
/// ```text
/// add /users/0
/// replace /users/1/age
/// ```
public enum JSONDiff {
    /// How arrays are compared.
    public struct Options: Sendable, Hashable {
        /// The member that identifies array elements that are objects, or `nil` to never match by
        /// identity. Defaults to `"id"`.
        public var identityKey: String?
        /// The edit distance beyond which an array alignment gives up and pairs elements by
        /// position. Bounds the work to about `maxArrayEdits × element count` comparisons.
        public var maxArrayEdits: Int

        /// Options with the given identity member and edit bound.
        public init(identityKey: String? = "id", maxArrayEdits: Int = 64) {
            self.identityKey = identityKey
            self.maxArrayEdits = maxArrayEdits
        }
    }

    /// The operations that turn `old` into `new`: `add`, `remove`, `replace` and `move`.
    public static func patch(from old: JSONValue, to new: JSONValue, options: Options = Options()) -> JSONPatch {
        patch(from: old, to: new, options: options, changes: nil)
    }

    /// The operations that turn `old` into `new`, looking only at the noted positions of the arrays that
    /// `changes` notes (as the encoder that built `new` from `old` made them, see
    /// StateEncoding's `IncrementalJSONEncoder.arrayChanges`).
    ///
    /// The patch is the same as without the notes: every other pair of arrays is compared element by
    /// element, and a noted pair's other elements are copies of each other, which the walk would skip.
    package static func patch(
        from old: JSONValue, to new: JSONValue, options: Options = Options(), changes: JSONArrayChanges?
    ) -> JSONPatch {
        var builder = Builder(options: options, changes: changes?.isEmpty == false ? changes : nil)
        builder.diff(old, new)
        return JSONPatch(builder.operations)
    }

    /// The operations that turn the value a patch was applied to, told by the patch's footprint, into
    /// `new`, the value it made: the patch ``patch(from:to:options:)`` gives for the whole value before,
    /// found by looking only where the patch wrote.
    package static func patch(from footprint: JSONPatchFootprint, to new: JSONValue, options: Options = Options()) -> JSONPatch {
        var builder = Builder(options: options, changes: nil)
        builder.diff(footprint.root, new)
        return JSONPatch(builder.operations)
    }

    /// The positions at which two arrays of equal length differ, when every differing pair is two
    /// objects with the same identity: an edit of elements in place (the common step of a recorded app),
    /// for which the alignment below would find exactly these pairs, at the cost of hashing every element
    /// between the first and the last change. Nil when the arrays need that alignment.
    ///
    /// - Parameter candidates: The only positions at which the elements can differ (ascending), when
    ///   known (``JSONArrayChanges``): the elements elsewhere are copies of each other.
    static func changesInPlace(
        _ old: [JSONValue], _ new: [JSONValue], identityKey: String, candidates: [Int]? = nil
    ) -> [Int]? {
        guard old.count == new.count else { return nil }
        // Safe because both buffers are read only inside the closures, at indices below their counts (candidates are
        // checked against them).
        return old.withUnsafeBufferPointer { oldBuffer -> [Int]? in
            new.withUnsafeBufferPointer { newBuffer -> [Int]? in
                guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return [] }
                if oldBase == newBase { return [] }
                var changed: [Int] = []
                func differs(at index: Int) -> Bool? {
                    if JSONValue.sameBits(oldBase + index, newBase + index) { return false }
                    // Equal elements in separate storage (trees encoded apart) are no change.
                    if newBuffer[index].isFastEqual(to: oldBuffer[index]) { return false }
                    guard let identity = newBuffer[index].member(identityKey),
                          let oldIdentity = oldBuffer[index].member(identityKey),
                          identity == oldIdentity
                    else { return nil }
                    return true
                }
                if let candidates {
                    for index in candidates where newBuffer.indices.contains(index) {
                        guard let differs = differs(at: index) else { return nil }
                        if differs { changed.append(index) }
                    }
                    return changed
                }
                for index in 0..<newBuffer.count {
                    guard let differs = differs(at: index) else { return nil }
                    if differs { changed.append(index) }
                }
                return changed
            }
        }
    }

    private struct Builder {
        let options: Options
        /// Which elements differ between noted pairs of arrays; `nil` when nothing is noted.
        let changes: JSONArrayChanges?
        var path: [String] = []
        var operations: [JSONPatchOperation] = []

        init(options: Options, changes: JSONArrayChanges?) {
            self.options = options
            self.changes = changes
        }

        private var pointer: JSONPointer { JSONPointer(tokens: path) }

        mutating func diff(_ old: JSONValue, _ new: JSONValue) {
            // Only an O(1) check here: the walk below compares every member or element once,
            // and a full equality test at each level would compare deep subtrees again and again.
            if old.sharesStorage(with: new) { return }
            switch (old, new) {
            case (.object(let oldObject), .object(let newObject)):
                diffObjects(oldObject, newObject)
            case (.array(let oldArray), .array(let newArray)):
                diffArrays(oldArray, newArray)
            default:
                if old != new { operations.append(.replace(path: pointer, value: new)) }
            }
        }

        /// Diffs the value a footprint tells with `new`, looking only where its patch wrote.
        mutating func diff(_ old: JSONPatchFootprint.Node, _ new: JSONValue) {
            switch (old, new) {
            case (.whole(let value?), _):
                diff(value, new)
            case (.object(let members), .object(let object)):
                for member in members {
                    switch (member.node, JSONPatchFootprint.lookUp(member.key, in: object).value) {
                    case (.whole(nil), nil):
                        continue
                    case (.whole(nil), let value?):
                        operations.append(.add(path: pointer.appending(key: member.key), value: value))
                    case (_, nil):
                        operations.append(.remove(path: pointer.appending(key: member.key)))
                    case (let node, let value?):
                        path.append(member.key)
                        diff(node, value)
                        path.removeLast()
                    }
                }
            case (.array(let count, let elements), .array(let array)):
                diffArrays(JSONElementsBefore(count: count, patched: elements, after: array), array)
            default:
                // A footprint's containers are containers of the same kind after the patch.
                if let value = old.value(after: new) { diff(value, new) }
            }
        }

        private mutating func diffObjects(_ old: JSONObject, _ new: JSONObject) {
            JSONObjectMerge.forEachMember(old, new) { member in
                switch member {
                case .both(let key, let oldValue, let newValue):
                    path.append(key)
                    diff(oldValue, newValue)
                    path.removeLast()
                case .removed(let key, _):
                    operations.append(.remove(path: pointer.appending(key: key)))
                case .added(let key, let value):
                    operations.append(.add(path: pointer.appending(key: key), value: value))
                }
            }
        }

        private mutating func diffArrays(_ old: [JSONValue], _ new: [JSONValue]) {
            let candidates = changes?.changedIndicesBelowCommonLength(old: old, new: new)
            if let identityKey = options.identityKey,
               let changed = JSONDiff.changesInPlace(old, new, identityKey: identityKey, candidates: candidates) {
                for index in changed {
                    path.append(String(index))
                    diff(old[index], new[index])
                    path.removeLast()
                }
                return
            }
            let alignment = JSONArrayAlignment(
                old: old, new: new, identityKey: options.identityKey, maxEdits: options.maxArrayEdits,
                candidates: candidates, replacedRun: candidates == nil ? changes?.replacedRun(old: old, new: new) : nil
            )
            diffAligned(JSONElementsBefore(whole: old, after: new), new, alignment)
        }

        /// Diffs an array a patch wrote in, as the whole arrays are diffed above.
        private mutating func diffArrays(_ old: JSONElementsBefore, _ new: [JSONValue]) {
            if let identityKey = options.identityKey, let changed = Self.changesInPlace(old, new, identityKey: identityKey) {
                for index in changed {
                    path.append(String(index))
                    diff(old.node(at: index, pairedWith: index), new[index])
                    path.removeLast()
                }
                return
            }
            diffAligned(old, new, JSONArrayAlignment(before: old, new: new, identityKey: options.identityKey,
                                                     maxEdits: options.maxArrayEdits))
        }

        /// ``JSONDiff/changesInPlace(_:_:identityKey:candidates:)`` for an array a patch wrote in: only the
        /// elements it wrote can differ.
        private static func changesInPlace(_ old: JSONElementsBefore, _ new: [JSONValue], identityKey: String) -> [Int]? {
            guard old.count == new.count, let written = old.patched else { return nil }
            var changed: [Int] = []
            for element in written where !element.node.isEqual(to: new[element.index]) {
                guard let identity = new[element.index].member(identityKey),
                      let oldIdentity = element.node.member(identityKey, after: new[element.index]),
                      identity == oldIdentity
                else { return nil }
                changed.append(element.index)
            }
            return changed
        }

        /// The operations for two arrays aligned.
        private mutating func diffAligned(_ old: JSONElementsBefore, _ new: [JSONValue], _ alignment: JSONArrayAlignment) {
            if alignment.matchedByIdentity, let identityKey = options.identityKey,
               diffWithMoves(old, new, alignment.steps, identityKey: identityKey) {
                return
            }
            // When more elements would be removed and added than the new array holds, the new
            // array itself is the smaller patch.
            let rewritten = alignment.steps.count { step in
                switch step {
                case .removed, .inserted: true
                case .unchanged, .changed: false
                }
            }
            if rewritten > new.count {
                operations.append(.replace(path: pointer, value: .array(new)))
                return
            }
            var position = 0
            for step in alignment.steps {
                switch step {
                case .unchanged(_, _, let count):
                    position += count
                case .changed(let oldIndex, let newIndex):
                    path.append(String(position))
                    diff(old.node(at: oldIndex, pairedWith: newIndex), new[newIndex])
                    path.removeLast()
                    position += 1
                case .removed:
                    operations.append(.remove(path: pointer.appending(index: position)))
                case .inserted(let newIndex):
                    operations.append(.add(path: pointer.appending(index: position), value: new[newIndex]))
                    position += 1
                }
            }
        }

        /// Turns elements that were removed and inserted again with the same identity into `move`
        /// operations, so reordering a list costs one small operation per moved element instead of
        /// two copies of it.
        ///
        /// Works in three passes over the part of the array between the unchanged ends: remove what
        /// is gone, move each moved element to just after the element that precedes it in the new
        /// order (elements that kept their order stay put), then insert new elements and diff matched
        /// ones at their final positions. Returns `false`, emitting nothing, when nothing moved or
        /// when so many elements moved that the quadratic bookkeeping would not pay off.
        private mutating func diffWithMoves(
            _ old: JSONElementsBefore, _ new: [JSONValue], _ steps: [JSONArrayAlignment.Step], identityKey: String
        ) -> Bool {
            var removedByIdentity: [JSONValue: Int] = [:]
            for case .removed(let oldIndex) in steps {
                if let identity = old.member(identityKey, at: oldIndex) { removedByIdentity[identity] = oldIndex }
            }
            guard !removedByIdentity.isEmpty else { return false }

            var oldStart = old.count
            var newStart = new.count
            var oldEnd = 0
            var newEnd = 0
            var matchForNew: [Int: Int] = [:]
            var moved = Set<Int>()
            for step in steps {
                switch step {
                case .unchanged(let oldIndex, let newIndex, let count):
                    if oldIndex == 0, newIndex == 0 { continue }
                    if oldIndex + count == old.count, newIndex + count == new.count { continue }
                    for offset in 0..<count { matchForNew[newIndex + offset] = oldIndex + offset }
                    oldStart = min(oldStart, oldIndex)
                    newStart = min(newStart, newIndex)
                    oldEnd = max(oldEnd, oldIndex + count)
                    newEnd = max(newEnd, newIndex + count)
                case .changed(let oldIndex, let newIndex):
                    matchForNew[newIndex] = oldIndex
                    oldStart = min(oldStart, oldIndex)
                    newStart = min(newStart, newIndex)
                    oldEnd = max(oldEnd, oldIndex + 1)
                    newEnd = max(newEnd, newIndex + 1)
                case .removed(let oldIndex):
                    oldStart = min(oldStart, oldIndex)
                    oldEnd = max(oldEnd, oldIndex + 1)
                case .inserted(let newIndex):
                    if let identity = new[newIndex].member(identityKey), let oldIndex = removedByIdentity[identity] {
                        matchForNew[newIndex] = oldIndex
                        moved.insert(oldIndex)
                    }
                    newStart = min(newStart, newIndex)
                    newEnd = max(newEnd, newIndex + 1)
                }
            }
            // Each move searches the working list, so the cost is moves × middle length.
            guard !moved.isEmpty, moved.count * max(oldEnd - oldStart, 1) <= 200_000 else { return false }
            let base = min(oldStart, newStart)
            let matchedOld = Set(matchForNew.values)

            var working: [Int] = []
            for oldIndex in stride(from: oldEnd - 1, through: oldStart, by: -1) where !matchedOld.contains(oldIndex) {
                operations.append(.remove(path: pointer.appending(index: base + oldIndex - oldStart)))
            }
            for oldIndex in oldStart..<oldEnd where matchedOld.contains(oldIndex) { working.append(oldIndex) }

            var previous: Int?
            for newIndex in newStart..<newEnd {
                guard let oldIndex = matchForNew[newIndex] else { continue }
                defer { previous = oldIndex }
                guard moved.contains(oldIndex), let source = working.firstIndex(of: oldIndex) else { continue }
                working.remove(at: source)
                let target = previous.flatMap { working.firstIndex(of: $0).map { $0 + 1 } } ?? 0
                working.insert(oldIndex, at: target)
                if source != target {
                    operations.append(.move(from: pointer.appending(index: base + source),
                                            path: pointer.appending(index: base + target)))
                }
            }

            for newIndex in newStart..<newEnd {
                let position = base + newIndex - newStart
                if let oldIndex = matchForNew[newIndex] {
                    path.append(String(position))
                    diff(old.node(at: oldIndex, pairedWith: newIndex), new[newIndex])
                    path.removeLast()
                } else {
                    operations.append(.add(path: pointer.appending(index: position), value: new[newIndex]))
                }
            }
            return true
        }
    }
}
