import Foundation

/// A remembered array of `Equatable` elements, which re-encodes only the elements that changed.
///
/// Comparing the old and new elements in one loop here skips the `Codable` round trip per element
/// (an encoder, a memo lookup and a type check each) that dominates re-encoding a long array in
/// which one element changed. Equal elements keep their previous JSON, so they share storage with
/// the previous result.
final class JSONArrayMemoBox<Element: Encodable & Equatable>: JSONTypedMemoBox<[Element]> {
    init(value: [Element]) {
        super.init(value: value, equals: { $0 == $1 })
    }

    override func encoding(
        of newValue: [Element], previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        let oldValue = value
        guard case .array(let oldElements) = previous, oldElements.count == oldValue.count else { return nil }
        if oldValue.count == newValue.count, oldValue.sharesBuffer(with: newValue) { return previous }
        let common = min(oldValue.count, newValue.count)
        let changed = Self.changedIndices(oldValue, newValue, upTo: common)
        if changed.isEmpty, oldValue.count == newValue.count { return previous }
        func encodeElement(_ index: Int) throws -> JSONValue {
            // The same call `Array.encode(to:)` makes through the unkeyed container, so the element's
            // memo node, coding path and errors are those of a full encode.
            try encoder.encodeElement(newValue[index], index: index)
        }
        var elements = oldElements
        elements.removeLast(oldElements.count - common)
        for index in changed {
            elements[index] = try encodeElement(index)
        }
        if newValue.count > common {
            elements.reserveCapacity(newValue.count)
            for index in common..<newValue.count { elements.append(try encodeElement(index)) }
        }
        return .array(elements)
    }

    /// The indices below `count` whose elements differ, compared through buffers so that no element
    /// is copied: this code is generic over `Element` at run time, where each copy of an element
    /// would retain and release everything it refers to.
    ///
    /// Elements with the same bytes are equal without calling `==`: they refer to the same storage,
    /// which is what copy-on-write leaves behind for every element the app did not touch.
    private static func changedIndices(_ old: [Element], _ new: [Element], upTo count: Int) -> [Int] {
        let size = MemoryLayout<Element>.size
        let stride = MemoryLayout<Element>.stride
        return old.withUnsafeBufferPointer { oldElements in
            new.withUnsafeBufferPointer { newElements in
                guard count > 0, let oldBase = oldElements.baseAddress, let newBase = newElements.baseAddress else {
                    return []
                }
                let oldBytes = UnsafeRawPointer(oldBase)
                let newBytes = UnsafeRawPointer(newBase)
                var changed: [Int] = []
                for index in 0..<count where memcmp(oldBytes + index * stride, newBytes + index * stride, size) != 0 {
                    if oldElements[index] != newElements[index] { changed.append(index) }
                }
                return changed
            }
        }
    }
}

extension Array {
    /// Whether both arrays use the same buffer, which makes them equal without comparing elements.
    fileprivate func sharesBuffer(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
