import Foundation
import StateJSON

/// A remembered array of `Equatable` elements, which re-encodes only the elements that changed.
///
/// Comparing the old and new elements in one loop here skips the `Codable` round trip per element
/// (an encoder, a memo lookup and a type check each) that dominates re-encoding a long array in
/// which one element changed. Equal elements keep their previous JSON, so they share storage with
/// the previous result.
final class JSONArrayMemoBox<Element: Encodable & Equatable>: JSONTypedMemoBox<[Element]> {
    /// Builds the new JSON array from the previous one and the positions that changed.
    private let rebuilder = JSONArrayRebuilder()
    /// The bytes of an element that hold its properties; made on first use.
    private lazy var layout = SignificantBytes(of: Element.self)
    /// Whether ``JSONTypedMemoBox/value`` is a copy of the elements in storage of its own, brought up
    /// to date element by element, rather than the array last encoded.
    ///
    /// Holding the app's array makes the app's next change to it copy the whole array (copy-on-write),
    /// and freeing that copy later releases every element. A copy of its own costs this box a
    /// comparison of every element's bytes where the shared array compared in O(1), and nothing for the app.
    /// Comparing bits with the copy is as sound as with the app's array: the copy holds every object
    /// its elements refer to, so none of their addresses can be reused by a new one.
    private let keepsOwnCopy: Bool
    /// How to bring the copy up to date with the array just encoded (see ``keep(_:)``).
    private var pending: Update?

    private enum Update {
        case unchanged
        /// The positions below both counts whose bits changed; then cut or extend to the new count.
        /// `padding`: runs of elements equal in their significant bytes whose padding differs, which are
        /// copied byte for byte so that the next comparison of the run is one `memcmp`.
        case positions([Int], padding: [Range<Int>])
        /// Old `prefix..<oldEnd` became new `prefix..<newEnd`.
        case splice(prefix: Int, oldEnd: Int, newEnd: Int)
    }

    init(value: [Element], keepingOwnCopy: Bool) {
        keepsOwnCopy = keepingOwnCopy
        super.init(value: keepingOwnCopy ? Self.ownCopy(of: value) : value)
    }

    override func keep(_ newValue: [Element]) {
        guard keepsOwnCopy else {
            value = newValue
            return
        }
        defer { pending = nil }
        switch pending {
        case .unchanged?:
            break
        case .positions(let indices, let padding)?:
            Self.copy(indices, from: newValue, into: &value)
            Self.copyBytes(of: padding, from: newValue, into: &value)
            let kept = value.count
            if kept > newValue.count {
                value.removeLast(kept - newValue.count)
            } else if kept < newValue.count {
                value.append(contentsOf: newValue[kept...])
            }
        case .splice(let prefix, let oldEnd, let newEnd)?:
            value.replaceSubrange(prefix..<oldEnd, with: newValue[prefix..<newEnd])
        case nil:
            value = Self.ownCopy(of: newValue)
        }
    }

    /// Copies the elements at `indices` (each below both counts) from `source` into `target`.
    ///
    /// Through buffers, since this code is generic at run time: `target[index] = source[index]` looked
    /// up the array's metadata and called the generic subscripts for each index, which cost more than
    /// the rest of the step when an identifier moved to the front of a list of thousands (every
    /// position before it changes). Plain-data elements are copied a run of consecutive indices at a time.
    private static func copy(_ indices: [Int], from source: [Element], into target: inout [Element]) {
        guard !indices.isEmpty else { return }
        let stride = MemoryLayout<Element>.stride
        let plain = _isPOD(Element.self)
        // Safe because every index is below both counts (positions compared below the shorter count), both buffers are
        // used only inside the closures, and plain-data elements may be copied as bytes.
        target.withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { source in
                guard let targetBase = target.baseAddress, let sourceBase = source.baseAddress else { return }
                guard plain else {
                    for index in indices { (targetBase + index).update(from: sourceBase + index, count: 1) }
                    return
                }
                var position = 0
                while position < indices.count {
                    let first = indices[position]
                    var end = position + 1
                    while end < indices.count, indices[end] == indices[end - 1] + 1 { end += 1 }
                    let count = indices[end - 1] - first + 1
                    memcpy(UnsafeMutableRawPointer(targetBase + first), UnsafeRawPointer(sourceBase + first), count * stride)
                    position = end
                }
            }
        }
    }

    /// Copies the bytes of the elements in `runs` (below both counts) from `source` into `target`, whose
    /// elements there have the same significant bytes: the same values, so only their padding changes,
    /// which an element copied member by member (into the copy of its own, or by the app's
    /// copy-on-write) left as its new storage had it.
    private static func copyBytes(of runs: [Range<Int>], from source: [Element], into target: inout [Element]) {
        guard !runs.isEmpty else { return }
        let stride = MemoryLayout<Element>.stride
        // Safe because every run is below both counts, both buffers are used only inside the closures, and the elements
        // overwritten have the same significant bytes as the ones copied over them (the same references, retained
        // once), so no reference count changes.
        target.withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { source in
                guard let targetBase = target.baseAddress, let sourceBase = source.baseAddress else { return }
                for run in runs {
                    memcpy(UnsafeMutableRawPointer(targetBase + run.lowerBound), UnsafeRawPointer(sourceBase + run.lowerBound),
                           run.count * stride)
                }
            }
        }
    }

    /// The elements in new storage that nothing else holds.
    private static func ownCopy(of elements: [Element]) -> [Element] {
        // An empty array is the runtime's one shared empty storage, whose count the initializer below
        // would write: a write other threads' empty arrays race with.
        if elements.isEmpty { return [] }
        // Safe because exactly `elements.count` elements are initialized from the source, which is read only inside
        // the closure.
        return [Element](unsafeUninitializedCapacity: elements.count) { buffer, count in
            elements.withUnsafeBufferPointer { source in
                _ = buffer.initialize(fromContentsOf: source)
            }
            count = elements.count
        }
    }

    override func encoding(
        of newValue: [Element], previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        pending = nil
        let oldValue = value
        guard case .array(let oldElements) = previous, oldElements.count == oldValue.count else { return nil }
        if oldValue.count == newValue.count, oldValue.sharesBuffer(with: newValue) {
            pending = .unchanged
            return previous
        }
        let common = min(oldValue.count, newValue.count)
        func encodeElement(_ index: Int) throws -> JSONValue {
            try Self.encode(newValue, index, encoder: encoder)
        }
        // Elements before `start` have the same bits in both arrays.
        var start = 0
        if oldValue.count != newValue.count {
            start = Self.commonPrefix(oldValue, newValue, upTo: common, layout: layout)
            if start < common,
               let spliced = try splice(oldValue, newValue, prefix: start, previous: oldElements, encoder: encoder) {
                return spliced
            }
        }
        var (changed, equal, padding) = Self.changedIndices(oldValue, newValue, from: start, upTo: common, layout: layout)
        let differing = keepsOwnCopy ? changed + equal : []
        if !keepsOwnCopy { padding = [] }
        pending = .positions(differing, padding: padding)
        return try rebuilder.positional(old: oldElements, newCount: newValue.count, changed: changed, equal: equal,
                                        encoder: encoder, encodeElement: encodeElement) ?? previous
    }

    /// The JSON of `new` when it is `old` with one run of elements removed or inserted somewhere before
    /// its end (the elements before and after the run have the same bits), or `nil`.
    ///
    /// Only the inserted elements are encoded; the others keep their JSON, and their memo nodes move
    /// with them. Compared position by position instead, removing the first of 1,000 projects would
    /// re-encode the other 999 against their old neighbours, and every item of each.
    ///
    /// - Parameter prefix: How many leading elements have the same bits in both.
    private func splice(
        _ old: [Element], _ new: [Element], prefix: Int, previous: [JSONValue], encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        let common = min(old.count, new.count)
        let layout = self.layout
        let stride = MemoryLayout<Element>.stride
        // Safe because both buffers are used only inside the closures and the element index stays below `common`, the
        // smaller count.
        let suffix = old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer -> Int in
                guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return 0 }
                let oldBytes = UnsafeRawPointer(oldBase)
                let newBytes = UnsafeRawPointer(newBase)
                var suffix = 0
                while suffix < common - prefix,
                      layout.equal(oldBytes + (old.count - 1 - suffix) * stride, newBytes + (new.count - 1 - suffix) * stride) {
                    suffix += 1
                }
                return suffix
            }
        }
        // A run at the end (appended or removed last elements) is left to the positional path, which
        // updates the spare array in place.
        guard prefix + suffix == common, suffix > 0 else { return nil }
        encoder.memo?.spliceIndexedChildren(prefix: prefix, suffix: suffix, oldCount: old.count, newCount: new.count)
        var inserted: [JSONValue] = []
        inserted.reserveCapacity(new.count - suffix - prefix)
        for index in prefix..<(new.count - suffix) {
            inserted.append(try Self.encode(new, index, encoder: encoder))
        }
        pending = .splice(prefix: prefix, oldEnd: old.count - suffix, newEnd: new.count - suffix)
        return rebuilder.spliced(old: previous, prefix: prefix, oldEnd: old.count - suffix, inserted: inserted, encoder: encoder)
    }

    /// The JSON of `elements[index]`.
    ///
    /// An `Int`, `String` or `Bool` is turned into JSON here. Through the encoder each would get a memo
    /// node and a remembered copy, dynamic casts and retains included, which made an array of 10,000
    /// identifiers in which one moved to the front (every position before it changes) cost more than
    /// the rest of a step. Other elements go through the same call `Array.encode(to:)` makes through
    /// the unkeyed container, so their memo node, coding path and errors are those of a full encode.
    private static func encode(_ elements: [Element], _ index: Int, encoder: JSONEncoderCore) throws -> JSONValue {
        // Safe because each cast is guarded by a check that Element is exactly that type, so the arrays are the same.
        if Element.self == Int.self { return .integer(Int64(unsafeBitCast(elements, to: [Int].self)[index])) }
        if Element.self == String.self { return .string(unsafeBitCast(elements, to: [String].self)[index]) }
        if Element.self == Bool.self { return .bool(unsafeBitCast(elements, to: [Bool].self)[index]) }
        return try encoder.encodeElement(elements[index], index: index)
    }

    /// How many leading elements below `count` have the same bits in both arrays, found a run of them
    /// at a time by `memcmp` (see ``runLength``).
    private static func commonPrefix(_ old: [Element], _ new: [Element], upTo count: Int, layout: SignificantBytes) -> Int {
        let stride = MemoryLayout<Element>.stride
        let run = runLength
        // Safe because both buffers are read only inside the closures, below `count`, which neither count is below.
        return old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer -> Int in
                guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return 0 }
                let oldBytes = UnsafeRawPointer(oldBase)
                let newBytes = UnsafeRawPointer(newBase)
                var prefix = 0
                while run > 1, prefix + run <= count,
                      memcmp(oldBytes + prefix * stride, newBytes + prefix * stride, run * stride) == 0 {
                    prefix += run
                }
                while prefix < count, layout.equal(oldBytes + prefix * stride, newBytes + prefix * stride) {
                    prefix += 1
                }
                return prefix
            }
        }
    }

    /// How many elements one `memcmp` compares at a time, padding included; only a run that differs is
    /// compared element by element, by the significant bytes alone.
    ///
    /// Equal bytes over a run mean equal significant bytes in each element of it, so the padding between
    /// properties can only make an unchanged run look changed (copy-on-write copies elements member by
    /// member and leaves the padding as the new buffer had it), which costs one element-wise pass over
    /// that run and never a missed change. A run spans about 4 KB, or one element when elements are larger.
    private static var runLength: Int {
        max(1, min(64, 4096 / max(1, MemoryLayout<Element>.stride)))
    }

    /// The indices from `first` below `count` whose elements differ (`changed`), and those whose elements have
    /// other bytes but are `==` (`equal`), compared through buffers so that no element is copied:
    /// this code is generic over `Element` at run time, where each copy of an element would retain
    /// and release everything it refers to.
    ///
    /// Elements with the same bytes are equal without calling `==`: they refer to the same storage,
    /// which is what copy-on-write leaves behind for every element the app did not touch.
    ///
    /// `padding` lists the runs whose bytes differ although every element's significant bytes are the
    /// same: their padding differs, and copying it makes the next comparison of the run one `memcmp`.
    static func changedIndices(
        _ old: [Element], _ new: [Element], from first: Int, upTo count: Int, layout: SignificantBytes
    ) -> (changed: [Int], equal: [Int], padding: [Range<Int>]) {
        // Safe because count is at most both arrays' counts, so every element read is in bounds, and the views do not
        // escape.
        let stride = MemoryLayout<Element>.stride
        return old.withUnsafeBufferPointer { oldElements in
            new.withUnsafeBufferPointer { newElements in
                guard count > first, let oldBase = oldElements.baseAddress, let newBase = newElements.baseAddress else {
                    return ([], [], [])
                }
                let oldBytes = UnsafeRawPointer(oldBase)
                let newBytes = UnsafeRawPointer(newBase)
                var changed: [Int] = []
                var equal: [Int] = []
                var padding: [Range<Int>] = []
                // Integers with other bits are other numbers: no generic `==`, which costs a witness
                // call per element when an identifier moved to the front of a long list.
                let bitsDecide = Element.self == Int.self || Element.self == Int64.self || Element.self == UInt.self
                    || Element.self == UInt64.self || Element.self == Int32.self || Element.self == UInt32.self
                let run = runLength
                var start = first
                while start < count {
                    let end = min(start + run, count)
                    let offset = start * stride
                    if run > 1, memcmp(oldBytes + offset, newBytes + offset, (end - start) * stride) == 0 {
                        start = end
                        continue
                    }
                    var differs = false
                    for index in start..<end where !layout.equal(oldBytes + index * stride, newBytes + index * stride) {
                        differs = true
                        if bitsDecide || oldElements[index] != newElements[index] {
                            changed.append(index)
                        } else {
                            equal.append(index)
                        }
                    }
                    if run > 1, !differs { padding.append(start..<end) }
                    start = end
                }
                return (changed, equal, padding)
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
