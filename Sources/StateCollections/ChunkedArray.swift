/// An array kept in runs of 64 elements, each with storage of its own, so that a recorder finds the
/// elements a step changed by comparing one reference per run instead of every element.
///
/// Use it in place of `Array` for a long list in a recorded state that changes a few elements at a time:
///
/// ```swift
/// struct UsersState: Codable, Equatable {
///     var users: ChunkedArray<User> = []
/// }
///
/// state.users[42].age += 1    // copies, at most, one run of 64 users and the list of runs
/// state.users.append(newUser)
/// ```
///
/// A step that changes one element of a plain array leaves the array's storage where it was, so a
/// recorder can only tell which element changed by reading all of them (about a nanosecond per
/// element, at memory speed). A `ChunkedArray` changed in place gives the run it changed new storage
/// and leaves the others shared, so `IncrementalJSONEncoder` (and through it the recorder) compares
/// one reference per 64 elements and reads only the runs that changed: at 10,000 users, 157
/// comparisons instead of 480 KB.
///
/// It behaves as `Array` does: a value type with copy-on-write, a random-access, mutable,
/// range-replaceable collection indexed from 0, `Codable` as a plain JSON array, `Equatable` and
/// `Hashable` as `Array` is. Changing, appending or removing the last elements costs what it costs in
/// an array, plus copying one run when it is shared; inserting or removing before the end moves the
/// elements after it, as in an array.
public struct ChunkedArray<Element> {
    /// How many elements a run holds: every run but the last is full, and the last is never empty.
    package static var chunkCapacity: Int { 64 }

    /// The runs of elements; none when the array is empty.
    package private(set) var chunks: [[Element]]

    /// The number of elements.
    public private(set) var count: Int

    /// An empty array.
    public init() {
        chunks = []
        count = 0
    }

    /// An array of the elements of `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        append(contentsOf: elements)
    }

    /// An array of `count` copies of `repeatedValue`.
    public init(repeating repeatedValue: Element, count: Int) {
        self.init(repeatElement(repeatedValue, count: count))
    }

    /// The elements as a plain array.
    public var elements: [Element] {
        chunks.count == 1 ? chunks[0] : Array(chunks.joined())
    }

    /// Rebuilds the runs from the element at `start` on, with `tail` as the elements from there.
    private mutating func replaceTail<C: Collection>(from start: Int, with tail: C) where C.Element == Element {
        let capacity = Self.chunkCapacity
        let firstChunk = start / capacity
        // The elements of the first changed run before `start` stay, in a run of their own storage.
        var run: [Element] = firstChunk < chunks.count ? Array(chunks[firstChunk][..<(start - firstChunk * capacity)]) : []
        chunks.removeSubrange(firstChunk...)
        count = firstChunk * capacity
        run.reserveCapacity(capacity)
        for element in tail {
            run.append(element)
            if run.count == capacity {
                chunks.append(run)
                count += capacity
                run = []
                run.reserveCapacity(capacity)
            }
        }
        if !run.isEmpty {
            count += run.count
            chunks.append(run)
        }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }

    /// The position after the last element: ``count``.
    public var endIndex: Int { count }

    /// The element at `position`, which must be below ``count``.
    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "Index \(position) is out of range for a ChunkedArray of \(count) elements.")
            return chunks[position / Self.chunkCapacity][position % Self.chunkCapacity]
        }
        set {
            precondition(position >= 0 && position < count, "Index \(position) is out of range for a ChunkedArray of \(count) elements.")
            chunks[position / Self.chunkCapacity][position % Self.chunkCapacity] = newValue
        }
    }
}

extension ChunkedArray: RangeReplaceableCollection {
    /// Replaces the elements in `subrange` with `newElements`.
    ///
    /// The runs before `subrange` keep their storage. Appending, or removing elements at the end,
    /// touches only the last runs; a change before the end rebuilds the runs from there on.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "Range \(subrange) is out of range for a ChunkedArray of \(count) elements.")
        if subrange.upperBound == count {
            // At the end: cut the last runs back to `lowerBound`, then fill from there.
            let capacity = Self.chunkCapacity
            let keptChunks = (subrange.lowerBound + capacity - 1) / capacity
            chunks.removeSubrange(keptChunks...)
            count = Swift.min(count, keptChunks * capacity)
            if count > subrange.lowerBound {
                chunks[chunks.count - 1].removeLast(count - subrange.lowerBound)
                count = subrange.lowerBound
            }
            append(contentsOf: newElements)
            return
        }
        var tail = Array(newElements)
        tail.append(contentsOf: self[subrange.upperBound...])
        replaceTail(from: subrange.lowerBound, with: tail)
    }

    /// Adds `newElement` at the end.
    public mutating func append(_ newElement: Element) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            var run: [Element] = []
            run.reserveCapacity(Self.chunkCapacity)
            run.append(newElement)
            chunks.append(run)
        } else {
            chunks[chunks.count - 1].append(newElement)
        }
        count += 1
    }

    /// Adds the elements of `newElements` at the end.
    public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        for element in newElements { append(element) }
    }

    /// Removes and returns the last element, which must exist.
    @discardableResult
    public mutating func removeLast() -> Element {
        precondition(count > 0, "Cannot remove the last element of an empty ChunkedArray.")
        let element = chunks[chunks.count - 1].removeLast()
        if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
        count -= 1
        return element
    }

    /// Reserves nothing: runs are allocated 64 elements at a time as the array grows.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {}
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    /// An array of the literal's elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ChunkedArray: Equatable where Element: Equatable {
    /// Whether both arrays have the same elements in the same order; runs that share storage are
    /// equal without comparing their elements.
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (left, right) in zip(lhs.chunks, rhs.chunks) where !left.sharesStorage(with: right) && left != right {
            return false
        }
        return true
    }
}

extension ChunkedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order, as `Array` does.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension ChunkedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an array: `[1,2,3]`, as `Array` does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}

extension ChunkedArray: Decodable where Element: Decodable {
    /// Decodes the elements from an array, as `Array` does.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd { append(try container.decode(Element.self)) }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: CustomStringConvertible, CustomDebugStringConvertible {
    /// The elements as `Array` prints them: `[1, 2, 3]`.
    public var description: String { elements.description }

    /// The elements as `Array` debug-prints them, named: `ChunkedArray(["a", "b"])`.
    public var debugDescription: String { "ChunkedArray(\(elements.debugDescription))" }
}

extension Array {
    // Safe because only the addresses are compared, never dereferenced.
    /// Whether both arrays use the same storage, which makes them equal without comparing elements.
    package func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }
}
