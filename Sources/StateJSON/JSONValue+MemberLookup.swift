extension JSONValue {
    /// The member named `key` when this is an object, like `self[key]` but quicker for the small
    /// objects states are made of: up to eight keys are scanned, comparing short strings by their
    /// bits first, instead of a binary search comparing UTF-8 views.
    @inline(__always)
    package func member(_ key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        if object.count <= 8 {
            for index in object.keys.indices where JSONObject.sameKey(object.keys[index], key) { return object.values[index] }
            return nil
        }
        return object[key]
    }
}
