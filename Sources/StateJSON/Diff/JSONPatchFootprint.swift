/// A value before a patch, told as the value after it and the places the patch wrote, with what was
/// there before: the footprint the patch left.
///
/// Diffing two states walks both, and holding the first while the patch builds the second in place
/// makes the patch copy every container on its way: to change one age among 15,000 users, the whole
/// array of users. A footprint holds only the values the patch replaced or removed, so the state can
/// be patched in place; ``JSONDiff`` and ``JSONDiffRenderer`` then compare the two values only where
/// the patch went, with the result they give for the whole value before it.
///
/// ```swift
/// let footprint = JSONPatchFootprint(patch: patch, before: state)   // before applying it
/// try patch.apply(inPlace: &state)
/// JSONDiffRenderer().render(from: footprint, to: state)   // == render(from: the state before, to: state)
/// ```
///
/// Where the patch inserts into or removes from an array before its end, or moves within it, the
/// footprint keeps that array whole, and it is compared in full.
package struct JSONPatchFootprint: Sendable {
    /// What the value at one place was before the patch.
    package enum Node: Sendable {
        /// The value before, whole; `nil` when there was none. It is compared with the value after it
        /// in full.
        case whole(JSONValue?)
        /// An object before and after, with the same members after but those listed, in key order.
        case object([Member])
        /// An array of `count` elements before, `count` at most the length after: an element at a
        /// position below `count` that is not listed is the same after; positions from `count` on were
        /// appended. Elements are listed by ascending position.
        case array(count: Int, elements: [Element])
    }

    /// An object member the patch wrote, or wrote inside.
    package struct Member: Sendable {
        /// The member's key.
        package var key: String
        /// What the member was.
        package var node: Node
    }

    /// An array element the patch wrote inside, or replaced.
    package struct Element: Sendable {
        /// The element's position, before and after.
        package var index: Int
        /// What the element was.
        package var node: Node
    }

    /// What the whole value was.
    package let root: Node

    /// The footprint of a patch that replaced the value whole: `before` is compared in full.
    package init(before: JSONValue) {
        root = .whole(before)
    }

    /// The footprint `patch` leaves on `before`, taken before it is applied.
    ///
    /// Only the values the patch replaces or removes are kept, never the containers it goes through,
    /// so `before` can be patched in place afterwards without copying them. A patch that does not
    /// apply to `before` gives some footprint; what it is does not matter, since there is no value
    /// after it to compare.
    package init(patch: JSONPatch, before: JSONValue) {
        let root = Site(for: before)
        for operation in patch.operations {
            switch operation {
            case .add(let path, _):
                root.write(path.tokens[...], .insert, before: before)
            case .replace(let path, _):
                root.write(path.tokens[...], .replace, before: before)
            case .remove(let path):
                root.write(path.tokens[...], .remove, before: before)
            case .move(let from, let path):
                guard from != path else { continue }
                root.write(from.tokens[...], .remove, before: before)
                root.write(path.tokens[...], .insert, before: before)
            case .copy(_, let path):
                root.write(path.tokens[...], .insert, before: before)
            case .test:
                continue
            }
        }
        self.root = root.node
    }

    /// Where `key` is among the members of `object`, or would be inserted, and its value when it is one.
    static func lookUp(_ key: String, in object: JSONObject) -> (position: Int, value: JSONValue?) {
        var low = 0
        var high = object.count
        while low < high {
            let middle = (low + high) / 2
            if JSONObject.precedes(object.keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        guard low < object.count, JSONObject.sameKey(object.keys[low], key) else { return (low, .none) }
        return (low, .some(object.values[low]))
    }

    /// How an operation writes at the end of its path.
    private enum Write {
        /// `add`: sets an object member, or inserts an array element.
        case insert
        /// `replace`: sets an existing member or element.
        case replace
        /// `remove`.
        case remove
    }

    /// A place the patch wrote, or went through, while the footprint is being taken.
    private final class Site {
        enum Shape {
            case whole(JSONValue?)
            case object([Key: Site])
            /// `count` elements before, `current` after the operations so far.
            case array(count: Int, current: Int, elements: [Int: Site])
        }

        /// An object key compared by its Unicode scalars, as ``JSONObject`` tells keys apart (`String`'s
        /// `==` would take two spellings of "é" for one key).
        struct Key: Hashable {
            let text: String
            static func == (lhs: Key, rhs: Key) -> Bool { JSONObject.sameKey(lhs.text, rhs.text) }
            func hash(into hasher: inout Hasher) { text.hashScalars(into: &hasher) }
        }

        var shape: Shape

        /// The place of `value` before any operation went inside it.
        init(for value: JSONValue?) {
            switch value {
            case .object?: shape = .object([:])
            case .array(let elements)?: shape = .array(count: elements.count, current: elements.count, elements: [:])
            default: shape = .whole(value)
            }
        }

        init(whole value: JSONValue?) {
            shape = .whole(value)
        }

        /// Notes an operation that writes at `tokens` below this place, whose value before the patch
        /// is `before`.
        ///
        /// A place not kept whole has, before the operations so far, the same structure as before the
        /// patch (its members, and its elements below `count`, at the same keys and positions), so
        /// the value before the patch at the rest of the path is found in `before`.
        func write(_ tokens: ArraySlice<String>, _ write: Write, before: JSONValue?) {
            guard let token = tokens.first else {
                shape = .whole(before)
                return
            }
            let last = tokens.count == 1
            switch shape {
            case .whole:
                return
            case .object(var members):
                let key = Key(text: token)
                let memberBefore = before?.member(token)
                if last {
                    if case .whole? = members[key]?.shape { return }
                    members[key] = Site(whole: memberBefore)
                } else {
                    let member = members[key] ?? Site(for: memberBefore)
                    members[key] = member
                    member.write(tokens.dropFirst(), write, before: memberBefore)
                }
                shape = .object(members)
            case .array(let count, var current, var elements):
                let index = token == "-" && last && write == .insert ? current : JSONPointer.arrayIndex(token)
                guard let index, index <= current, case .array(let array)? = before else {
                    // Not an operation the patch can apply; keep the array whole.
                    shape = .whole(before)
                    return
                }
                // Appended elements are new after the patch whatever is done to them; an insertion or
                // a removal among the elements that were there moves those after it.
                switch (last ? write : .replace, index >= count) {
                case (.insert, true):
                    current += 1
                case (.remove, true) where index < current:
                    current -= 1
                case (.replace, true):
                    return
                case (.insert, false), (.remove, _):
                    shape = .whole(before)
                    return
                case (.replace, false):
                    guard index < current else {
                        shape = .whole(before)
                        return
                    }
                    let elementBefore = array[index]
                    if last {
                        if case .whole? = elements[index]?.shape { return }
                        elements[index] = Site(whole: elementBefore)
                    } else {
                        let element = elements[index] ?? Site(for: elementBefore)
                        elements[index] = element
                        element.write(tokens.dropFirst(), write, before: elementBefore)
                    }
                }
                shape = .array(count: count, current: current, elements: elements)
            }
        }

        /// The place as the footprint keeps it.
        var node: Node {
            switch shape {
            case .whole(let value):
                return .whole(value)
            case .object(let members):
                return .object(members.map { Member(key: $0.key.text, node: $0.value.node) }
                    .sorted { JSONObject.precedes($0.key, $1.key) })
            case .array(let count, _, let elements):
                return .array(count: count, elements: elements.map { Element(index: $0.key, node: $0.value.node) }
                    .sorted { $0.index < $1.index })
            }
        }
    }
}

extension JSONPatchFootprint.Node {
    /// Whether the value before equals `after` (`nil`: absent after), as `==` tells, looking only where
    /// the patch wrote.
    package func isEqual(to after: JSONValue?) -> Bool {
        switch self {
        case .whole(let before):
            guard let before, let after else { return before == nil && after == nil }
            return before.isFastEqual(to: after)
        case .object(let members):
            guard case .object(let object)? = after else { return false }
            return members.allSatisfy { $0.node.isEqual(to: object[$0.key]) }
        case .array(let count, let elements):
            guard case .array(let array)? = after, array.count == count else { return false }
            return elements.allSatisfy { $0.node.isEqual(to: array[$0.index]) }
        }
    }

    /// The value before, rebuilt from `after`: whole, as the patch found it. Costs the containers on
    /// the patch's paths, which the result does not share with `after`.
    package func value(after: JSONValue?) -> JSONValue? {
        switch self {
        case .whole(let before):
            return before
        case .object(let members):
            guard case .object(var object)? = after else { return after }
            for member in members { object[member.key] = member.node.value(after: object[member.key]) }
            return .object(object)
        case .array(let count, let elements):
            guard case .array(let array)? = after, count <= array.count else { return after }
            var before = Array(array[..<count])
            for element in elements {
                before[element.index] = element.node.value(after: array[element.index]) ?? .null
            }
            return .array(before)
        }
    }

    /// The member named `key` of the value before (its identity, say), `nil` when it had none; `after`
    /// is the value after.
    package func member(_ key: String, after: JSONValue) -> JSONValue? {
        switch self {
        case .whole(let before):
            return before?.member(key)
        case .object(let members):
            guard let member = members.first(where: { JSONObject.sameKey($0.key, key) }) else { return after.member(key) }
            return member.node.value(after: after.member(key))
        case .array:
            return nil
        }
    }
}
