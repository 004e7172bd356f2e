/// Computes a ``JSONPatch`` that turns one JSON value into another.
///
/// For all values `a` and `b`, `try JSONDiff.patch(from: a, to: b).apply(to: a) == b`.
///
/// The walk skips equal subtrees with `==` before looking inside them, which is O(1) when the two
/// trees share storage (as successive states of a store usually do). Objects are compared by a
/// merge over their sorted keys. Arrays are aligned by ``JSONArrayAlignment``: elements that are
/// objects with a unique `"id"` are matched by it (inserting at the front is one `add`), other
/// arrays by a bounded Myers alignment. A changed element whose identity was kept gets a nested
/// patch; elements that moved relative to the others are removed and added again.
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

    /// The operations that turn `old` into `new`: `add`, `remove` and `replace`, outermost first.
    public static func patch(from old: JSONValue, to new: JSONValue, options: Options = Options()) -> JSONPatch {
        var builder = Builder(options: options)
        builder.diff(old, new)
        return JSONPatch(builder.operations)
    }

    private struct Builder {
        let options: Options
        var path: [String] = []
        var operations: [JSONPatchOperation] = []

        init(options: Options) {
            self.options = options
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
            let alignment = JSONArrayAlignment(
                old: old, new: new, identityKey: options.identityKey, maxEdits: options.maxArrayEdits
            )
            var position = 0
            for step in alignment.steps {
                switch step {
                case .unchanged(_, _, let count):
                    position += count
                case .changed(let oldIndex, let newIndex):
                    path.append(String(position))
                    diff(old[oldIndex], new[newIndex])
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
    }
}
