import Foundation

/// A remembered array of `Equatable` elements, which re-encodes only the elements that changed.
///
/// Comparing the old and new elements in one loop here skips the `Codable` round trip per element
/// (an encoder, a memo lookup and a type check each) that dominates re-encoding a long array in
/// which one element changed. Equal elements keep their previous JSON, so they share storage with
/// the previous result.
final class JSONArrayMemoBox<Element: Encodable & Equatable>: JSONTypedMemoBox<[Element]> {
    /// The encoded array before the last one, kept for reuse; the positions the last encoding changed
    /// relative to it; and the address of the array the last encoding returned. When the previous
    /// encoding seen next is not that array (it was encoded afresh), the spare is stale and is dropped.
    private var spareElements: [JSONValue] = []
    private var spareChanged: [Int] = []
    // Safe because the address is only compared, never dereferenced.
    private var spareMade: UnsafeRawPointer?

    override init(value: [Element]) {
        super.init(value: value)
    }

    /// Moves the spare array into `elements` when it is one encoding behind `previous`, and returns the
    /// positions at which it differs from `previous`.
    private func takeSpare(count: Int, previous: [JSONValue], into elements: inout [JSONValue]) -> [Int]? {
        defer {
            spareElements = []
            spareMade = nil
        }
        guard let made = spareMade, spareElements.count == count, Self.address(of: previous) == made else { return nil }
        swap(&elements, &spareElements)
        return spareChanged
    }

    // Safe because the address is only kept for comparison, never dereferenced.
    private static func address(of elements: [JSONValue]) -> UnsafeRawPointer? {
        elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    override func encoding(
        of newValue: [Element], previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        let oldValue = value
        guard case .array(let oldElements) = previous, oldElements.count == oldValue.count else { return nil }
        if oldValue.count == newValue.count, oldValue.sharesBuffer(with: newValue) { return previous }
        let common = min(oldValue.count, newValue.count)
        func encodeElement(_ index: Int) throws -> JSONValue {
            // The same call `Array.encode(to:)` makes through the unkeyed container, so the element's
            // memo node, coding path and errors are those of a full encode.
            try encoder.encodeElement(newValue[index], index: index)
        }
        var (changed, equal) = Self.changedIndices(oldValue, newValue, upTo: common)
        // `==` does not promise equal JSON: Swift's string `==` matches "é" as U+00E9 with "e" and
        // U+0301, and `0.0 == -0.0`. Such elements are encoded again; the old JSON is kept, shared,
        // when the new one has the same bytes.
        var respelled: [Int: JSONValue] = [:]
        for index in equal {
            let element = try encodeElement(index)
            if element != oldElements[index] { respelled[index] = element }
        }
        if !respelled.isEmpty { changed = (changed + respelled.keys).sorted() }
        if changed.isEmpty, oldValue.count == newValue.count { return previous }
        var elements: [JSONValue] = []
        if let changedSince = takeSpare(count: common, previous: oldElements, into: &elements) {
            // The array from two encodings ago, which nothing else holds any more: bring it up to date
            // with the last encoding, then with this one, in place. Copying `oldElements` instead would
            // retain every element, and freeing it later would release every one.
            for index in changedSince where index < common { elements[index] = oldElements[index] }
        } else {
            elements = oldElements
            elements.removeLast(oldElements.count - common)
        }
        for index in changed {
            elements[index] = try respelled[index] ?? encodeElement(index)
        }
        if newValue.count > common {
            elements.reserveCapacity(newValue.count)
            for index in common..<newValue.count { elements.append(try encodeElement(index)) }
        }
        if oldElements.count == common, !elements.isEmpty {
            spareElements = oldElements
            spareChanged = changed
            spareMade = Self.address(of: elements)
        }
        return .array(elements)
    }

    /// The indices below `count` whose elements differ (`changed`), and those whose elements have
    /// other bytes but are `==` (`equal`), compared through buffers so that no element is copied:
    /// this code is generic over `Element` at run time, where each copy of an element would retain
    /// and release everything it refers to.
    ///
    /// Elements with the same bytes are equal without calling `==`: they refer to the same storage,
    /// which is what copy-on-write leaves behind for every element the app did not touch.
    private static func changedIndices(
        _ old: [Element], _ new: [Element], upTo count: Int
    ) -> (changed: [Int], equal: [Int]) {
        // Safe because count is at most both arrays' counts, so every element read is in bounds, and the views do not
        // escape.
        let size = MemoryLayout<Element>.size
        let stride = MemoryLayout<Element>.stride
        return old.withUnsafeBufferPointer { oldElements in
            new.withUnsafeBufferPointer { newElements in
                guard count > 0, let oldBase = oldElements.baseAddress, let newBase = newElements.baseAddress else {
                    return ([], [])
                }
                let oldBytes = UnsafeRawPointer(oldBase)
                let newBytes = UnsafeRawPointer(newBase)
                var changed: [Int] = []
                var equal: [Int] = []
                for index in 0..<count where memcmp(oldBytes + index * stride, newBytes + index * stride, size) != 0 {
                    if oldElements[index] != newElements[index] {
                        changed.append(index)
                    } else {
                        equal.append(index)
                    }
                }
                return (changed, equal)
            }
        }
    }
}

extension Array {
    // Safe because only the addresses are compared.
    /// Whether both arrays use the same buffer, which makes them equal without comparing elements.
    fileprivate func sharesBuffer(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
