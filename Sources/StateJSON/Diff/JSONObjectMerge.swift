/// Walks the members of two objects together, in key order, as a sorted merge.
///
/// Both ``JSONDiff`` and ``JSONDiffRenderer`` pair members this way; keys are sorted in both
/// objects, so one linear pass finds the members only one side has.
enum JSONObjectMerge {
    enum Member {
        /// A key both objects have, with both values (equal or not).
        case both(key: String, old: JSONValue, new: JSONValue)
        /// A key only the old object has.
        case removed(key: String, value: JSONValue)
        /// A key only the new object has.
        case added(key: String, value: JSONValue)
    }

    static func forEachMember(_ old: JSONObject, _ new: JSONObject, _ body: (Member) -> Void) {
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count, newIndex < new.count {
            let oldKey = old.keys[oldIndex]
            let newKey = new.keys[newIndex]
            if JSONObject.sameKey(oldKey, newKey) {
                body(.both(key: oldKey, old: old.values[oldIndex], new: new.values[newIndex]))
                oldIndex += 1
                newIndex += 1
            } else if JSONObject.precedes(oldKey, newKey) {
                body(.removed(key: oldKey, value: old.values[oldIndex]))
                oldIndex += 1
            } else {
                body(.added(key: newKey, value: new.values[newIndex]))
                newIndex += 1
            }
        }
        for index in oldIndex..<old.count { body(.removed(key: old.keys[index], value: old.values[index])) }
        for index in newIndex..<new.count { body(.added(key: new.keys[index], value: new.values[index])) }
    }
}
