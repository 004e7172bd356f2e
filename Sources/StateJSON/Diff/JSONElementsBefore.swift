/// The elements of an array before a change, for a diff to compare with those after it: the whole
/// array, or the array after it with the elements a patch wrote (a ``JSONPatchFootprint`` node).
struct JSONElementsBefore {
    private enum Storage {
        case whole([JSONValue])
        /// Ascending positions, each below `count`.
        case patched([JSONPatchFootprint.Element])
    }

    private let storage: Storage
    /// The number of elements before.
    let count: Int
    /// The elements after, where an element the patch did not write is found.
    let after: [JSONValue]

    /// The whole array before.
    init(whole elements: [JSONValue], after: [JSONValue]) {
        storage = .whole(elements)
        count = elements.count
        self.after = after
    }

    /// An array of `count` elements before a patch that wrote `elements`; `after` has at least `count`.
    init(count: Int, patched elements: [JSONPatchFootprint.Element], after: [JSONValue]) {
        storage = .patched(elements)
        self.count = count
        self.after = after
    }

    /// The whole array, or `nil` for a footprint's.
    var whole: [JSONValue]? {
        if case .whole(let elements) = storage { return elements }
        return nil
    }

    /// The footprint's elements, or `nil` for a whole array.
    var patched: [JSONPatchFootprint.Element]? {
        if case .patched(let elements) = storage { return elements }
        return nil
    }

    /// What the patch left of the element at `index` (a position below ``count``), if it wrote there.
    private func written(at index: Int) -> JSONPatchFootprint.Node? {
        guard case .patched(let elements) = storage else { return nil }
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < elements.count && elements[low].index == index ? elements[low].node : nil
    }

    /// The element at `index`, whole.
    func value(at index: Int) -> JSONValue {
        switch storage {
        case .whole(let elements): return elements[index]
        case .patched: return written(at: index).map { $0.value(after: after[index]) ?? .null } ?? after[index]
        }
    }

    /// The element at `index` as the other side of a comparison with the element after at `newIndex`:
    /// the footprint's node when the positions are the same (only there does it describe the element
    /// before relative to the one after), else the element whole.
    func node(at index: Int, pairedWith newIndex: Int) -> JSONPatchFootprint.Node {
        switch storage {
        case .whole(let elements):
            return .whole(elements[index])
        case .patched:
            guard let written = written(at: index) else { return .whole(after[index]) }
            return index == newIndex ? written : .whole(written.value(after: after[index]))
        }
    }

    /// The member `key` of the element at `index` (its identity).
    func member(_ key: String, at index: Int) -> JSONValue? {
        switch storage {
        case .whole(let elements): return elements[index].member(key)
        case .patched: return written(at: index).map { $0.member(key, after: after[index]) } ?? after[index].member(key)
        }
    }
}
