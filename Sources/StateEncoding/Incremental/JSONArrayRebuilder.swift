import StateJSON

/// Builds the JSON of an array from the JSON of its previous version and the positions that changed,
/// for the memo boxes of arrays (``JSONArrayMemoBox``, ``JSONChunkedArrayMemoBox``).
///
/// It keeps the JSON array from the encoding before last, which nothing else holds once that encoding's
/// notes are dropped, and brings it up to date in place: copying the previous array instead would
/// retain every element, and freeing it later would release every one.
final class JSONArrayRebuilder {
    /// The encoded array before the last one, kept for reuse; the positions the last encoding changed
    /// relative to it (below the shorter count); and the array the last encoding returned, held so
    /// that its address cannot be taken by another array. When the previous encoding seen next is not
    /// that array (it was encoded afresh), the spare is stale and is dropped.
    private var spareElements: [JSONValue] = []
    private var spareChanged: [Int] = []
    private var spareMade: [JSONValue]?
    /// Set when the last encoding was a splice: the spare's elements `prefix..<oldEnd` became
    /// `prefix..<newEnd`, and ``spareChanged`` is unused.
    private var spareSplice: (prefix: Int, oldEnd: Int, newEnd: Int)?

    /// The JSON of the new array, `old` with the elements at `changed` and `equal` possibly different
    /// (ascending, each below both counts), the others the same, cut or extended to `newCount`; `nil`
    /// when it encodes as `old` did.
    ///
    /// - Parameters:
    ///   - equal: Positions whose elements are `==` to the old ones though their bits differ; encoded
    ///     again, since `==` does not promise equal JSON.
    ///   - encodeElement: The JSON of the new array's element at a position.
    func positional(
        old oldElements: [JSONValue], newCount: Int, changed: [Int], equal: [Int], encoder: JSONEncoderCore,
        encodeElement: (Int) throws -> JSONValue
    ) throws -> JSONValue? {
        var changed = changed
        let common = min(oldElements.count, newCount)
        // `==` does not promise equal JSON: Swift's string `==` matches "é" as U+00E9 with "e" and
        // U+0301, and `0.0 == -0.0`. Such elements are encoded again; the old JSON is kept, shared,
        // when the new one has the same bytes.
        var respelled: [Int: JSONValue] = [:]
        for index in equal {
            let element = try encodeElement(index)
            if element != oldElements[index] { respelled[index] = element }
        }
        if !respelled.isEmpty { changed = (changed + respelled.keys).sorted() }
        // An element that changed can still encode to the same JSON (a member its `CodingKeys` leave
        // out, a custom `==`): the old JSON is kept, shared, so that the diff, the fingerprinter and
        // the notes see no change there.
        var replacements: [JSONValue] = []
        replacements.reserveCapacity(changed.count)
        var replaced: [Int] = []
        replaced.reserveCapacity(changed.count)
        for index in changed {
            let element = try respelled[index] ?? encodeElement(index)
            if respelled[index] == nil, element.isFastEqual(to: oldElements[index]) { continue }
            replaced.append(index)
            replacements.append(element)
        }
        if replaced.isEmpty, oldElements.count == newCount { return nil }
        var elements: [JSONValue] = []
        if !takeSpare(count: common, previous: oldElements, into: &elements) {
            elements = oldElements
            elements.removeLast(oldElements.count - common)
        }
        for (index, element) in zip(replaced, replacements) {
            elements[index] = element
        }
        if newCount > common {
            elements.reserveCapacity(newCount)
            for index in common..<newCount { elements.append(try encodeElement(index)) }
        }
        encoder.options.arrayChanges.note(old: oldElements, new: elements, changed: replaced)
        if !elements.isEmpty {
            spareElements = oldElements
            spareChanged = replaced
            spareSplice = nil
            spareMade = elements
        }
        return .array(elements)
    }

    /// The JSON of the new array, `old` with its elements `prefix..<oldEnd` replaced by `inserted`.
    func spliced(old previous: [JSONValue], prefix: Int, oldEnd: Int, inserted: [JSONValue], encoder: JSONEncoderCore) -> JSONValue {
        let newEnd = prefix + inserted.count
        var elements: [JSONValue] = []
        if takeSpare(count: previous.count, previous: previous, into: &elements) {
            elements.replaceSubrange(prefix..<oldEnd, with: inserted)
        } else {
            elements.reserveCapacity(previous.count - (oldEnd - prefix) + inserted.count)
            elements.append(contentsOf: previous[0..<prefix])
            elements.append(contentsOf: inserted)
            elements.append(contentsOf: previous[oldEnd...])
        }
        if elements.isEmpty {
            spareElements = []
            spareMade = nil
        } else {
            spareElements = previous
            spareSplice = (prefix, oldEnd, newEnd)
            spareMade = elements
        }
        encoder.options.arrayChanges.note(old: previous, new: elements, replacing: prefix..<oldEnd, with: prefix..<newEnd)
        return .array(elements)
    }

    /// Moves the spare array into `elements` when it is one encoding behind `previous`, brought up to
    /// date with `previous` and cut or extended to its first `count` elements; whether it did.
    ///
    /// An array that grew or shrank by a few elements therefore costs those elements, not a copy of
    /// the whole array (a retain of every element) and the release of the spare.
    private func takeSpare(count: Int, previous: [JSONValue], into elements: inout [JSONValue]) -> Bool {
        let made = spareMade
        let splice = spareSplice
        spareMade = nil
        spareSplice = nil
        defer { spareElements = [] }
        guard let made, Self.address(of: previous) == Self.address(of: made) else { return false }
        swap(&elements, &spareElements)
        if let splice {
            // The elements after the run move in place: no element is copied but the inserted ones.
            elements.replaceSubrange(splice.prefix..<splice.oldEnd, with: previous[splice.prefix..<splice.newEnd])
        } else {
            let kept = min(elements.count, count)
            for index in spareChanged where index < kept { elements[index] = previous[index] }
        }
        if elements.count > count {
            elements.removeLast(elements.count - count)
        } else if elements.count < count {
            elements.append(contentsOf: previous[elements.count..<count])
        }
        return true
    }

    // Safe because the address is only kept for comparison, never dereferenced.
    private static func address(of elements: [JSONValue]) -> UnsafeRawPointer? {
        elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}
