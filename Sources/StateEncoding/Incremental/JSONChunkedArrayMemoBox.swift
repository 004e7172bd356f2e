import StateCollections
import StateJSON

/// A remembered ``StateCollections/ChunkedArray`` of `Equatable` elements, which finds the elements that
/// changed by comparing one storage reference per run of 64 and re-encodes only those.
///
/// The box keeps the runs last encoded in a list of its own. A run whose reference is the same in the
/// new array holds the same elements: the box holds that run, so the app's next change to it copies the
/// run (64 elements), and since the list is the box's own, never the app's list of runs. Only runs with
/// another reference are compared element by element, by their bits as ``JSONArrayMemoBox`` does. A
/// change before the end that moved elements (an insertion, a removal) is handed to a
/// ``JSONArrayMemoBox`` over both arrays' elements, which finds the inserted or removed run: that step
/// copies every element of both (a retain and a release each), as a change before the end of an
/// `Array` costs a comparison of every element after it. ``JSONTypedMemoBox/value`` stays an empty array.
final class JSONChunkedArrayMemoBox<Element: Encodable & Equatable>: JSONTypedMemoBox<ChunkedArray<Element>> {
    /// The runs last encoded, in storage of the box's own.
    private var chunks: [[Element]]
    private var count: Int
    private let rebuilder = JSONArrayRebuilder()
    private lazy var layout = SignificantBytes(of: Element.self)

    override init(value: ChunkedArray<Element>) {
        // `map` gives the list storage of its own, which the app's list then never shares.
        chunks = value.chunks.map { $0 }
        count = value.count
        super.init(value: ChunkedArray())
    }

    override func keep(_ newValue: ChunkedArray<Element>) {
        let newChunks = newValue.chunks
        if chunks.count > newChunks.count { chunks.removeLast(chunks.count - newChunks.count) }
        for chunk in Self.differingChunks(chunks, newChunks) { chunks[chunk] = newChunks[chunk] }
        if chunks.count < newChunks.count { chunks.append(contentsOf: newChunks[chunks.count...]) }
        count = newValue.count
    }

    override func encoding(
        of newValue: ChunkedArray<Element>, previously previous: JSONValue, encoder: JSONEncoderCore
    ) throws -> JSONValue? {
        guard case .array(let oldElements) = previous, oldElements.count == count else { return nil }
        let (oldChunks, newChunks) = (chunks, newValue.chunks)
        let capacity = ChunkedArray<Element>.chunkCapacity
        let common = min(count, newValue.count)
        let commonChunks = (common + capacity - 1) / capacity
        var changed: [Int] = []
        var equal: [Int] = []
        for chunk in Self.differingChunks(oldChunks, newChunks) where chunk < commonChunks {
            // A change of length before the last common run moved elements from one run to the next.
            if count != newValue.count, chunk < commonChunks - 1 {
                return try JSONArrayMemoBox(value: Array(oldChunks.joined()), keepingOwnCopy: false)
                    .encoding(of: newValue.elements, previously: previous, encoder: encoder)
            }
            let end = min(oldChunks[chunk].count, newChunks[chunk].count)
            let found = JSONArrayMemoBox<Element>.changedIndices(oldChunks[chunk], newChunks[chunk], from: 0, upTo: end, layout: layout)
            let offset = chunk * capacity
            changed += found.changed.lazy.map { $0 + offset }
            equal += found.equal.lazy.map { $0 + offset }
        }
        return try rebuilder.positional(old: oldElements, newCount: newValue.count, changed: changed, equal: equal,
                                        encoder: encoder) { index in
            try encoder.encodeElement(newChunks[index / capacity][index % capacity], index: index)
        } ?? previous
    }

    /// The positions below both counts whose runs have other storage, found by comparing the lists' bits:
    /// a run's bits are its storage reference (one word), and reading them retains nothing.
    private static func differingChunks(_ old: [[Element]], _ new: [[Element]]) -> [Int] {
        assert(MemoryLayout<[Element]>.size == MemoryLayout<UInt>.size, "An array is one reference.")
        let common = min(old.count, new.count)
        let stride = MemoryLayout<[Element]>.stride
        // Safe because both lists are read only inside the closures, below both counts, one word per run.
        return old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                guard common > 0, let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return [] }
                var differing: [Int] = []
                for chunk in 0..<common
                where oldBase.loadUnaligned(fromByteOffset: chunk * stride, as: UInt.self)
                    != newBase.loadUnaligned(fromByteOffset: chunk * stride, as: UInt.self) {
                    differing.append(chunk)
                }
                return differing
            }
        }
    }
}

extension ChunkedArray: JSONElementwiseMemoizable where Element: Encodable & Equatable {
    /// The box shares the runs with the app whether or not the encoder keeps copies of its own: a change
    /// then copies one run of 64 elements, never the whole array, and the box keeps its own list of runs.
    func makeMemoBox(keepingOwnCopy: Bool) -> JSONMemoBox {
        JSONChunkedArrayMemoBox(value: self)
    }
}
