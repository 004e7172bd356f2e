/// Looks for class instances inside a value, by reflection, to tell whether a state may change after
/// the recorder was handed it (an object the app mutates in place), so it must be encoded at once.
enum ObjectReferenceScan {
    /// Whether `value` is or holds a class instance, looking at most `limit` values deep and wide.
    ///
    /// Collections are sampled by their first elements: an array that is empty now cannot tell, which
    /// is what ``RecorderOptions/StateCapture/onCallingThread`` is for.
    static func containsObject(_ value: Any, limit: Int = 4096) -> Bool {
        var budget = limit
        return scan(value, depth: 0, budget: &budget)
    }

    private static func scan(_ value: Any, depth: Int, budget: inout Int) -> Bool {
        budget -= 1
        guard budget > 0, depth < 32 else { return false }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class { return true }
        // Strings, numbers and other leaves have no children worth a look.
        var sampled = 0
        for child in mirror.children {
            if scan(child.value, depth: depth + 1, budget: &budget) { return true }
            sampled += 1
            if (mirror.displayStyle == .collection || mirror.displayStyle == .set || mirror.displayStyle == .dictionary),
               sampled >= 8 { break }
        }
        return false
    }
}
