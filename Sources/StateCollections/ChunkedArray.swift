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
/// recorder can only tell which element changed by reading all of them. A `ChunkedArray` changed in
/// place gives the run it changed new storage and leaves the others shared, so `IncrementalJSONEncoder`
/// (and through it the recorder) compares one reference per 64 elements and reads only the runs that
/// changed: at 10,000 users, 157 comparisons instead of reading 10,000 users.
///
/// It behaves as `Array` does: a value type with copy-on-write, a random-access, mutable,
/// range-replaceable collection indexed from 0, `Codable` as a plain JSON array, `Equatable` and
/// `Hashable` as `Array` is. Changing an element, appending, or removing the last elements costs what
/// it costs in an array, plus copying one run when it is shared. Replacing a range with as many
/// elements changes only the runs the range covers. Inserting or removing before the end moves the
/// elements after it, as in an array, and gives every run from there on new storage.
public struct ChunkedArray<Element> {
    /// How many elements a run holds: every run but the last is full, and the last is never empty.
    @inlinable package static var chunkCapacity: Int { 64 }

    // The storage is inlinable, as are the operations, so that an app's module specializes them for
    // its element type instead of calling generic code for every element.

    /// The runs of elements; none when the array is empty.
    @usableFromInline var _chunks: [[Element]]

    /// The number of elements in `_chunks`.
    @usableFromInline var _count: Int

    /// The runs of elements; none when the array is empty. Every run has storage of its own, which an
    /// operation leaves shared unless it changes an element of that run.
    package var chunks: [[Element]] { _chunks }

    /// The number of elements.
    @inlinable public var count: Int { _count }

    /// An empty array.
    @inlinable public init() {
        _chunks = []
        _count = 0
    }

    /// An array of the elements of `elements`, in order.
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        append(contentsOf: elements)
    }

    /// An array of `count` copies of `repeatedValue`.
    ///
    /// - Parameters:
    ///   - repeatedValue: The element to repeat.
    ///   - count: How many times; must not be negative.
    @inlinable public init(repeating repeatedValue: Element, count: Int) {
        precondition(count >= 0, "Cannot make a ChunkedArray of \(count) elements.")
        self.init(repeatElement(repeatedValue, count: count))
    }

    /// The elements as a plain array.
    @inlinable public var elements: [Element] {
        _chunks.count == 1 ? _chunks[0] : Array(_chunks.joined())
    }

    /// A fresh run, with room for a whole run so that filling it never grows it.
    @inlinable static func _emptyRun() -> [Element] {
        var run: [Element] = []
        run.reserveCapacity(chunkCapacity)
        return run
    }

    /// Removes the elements from `start` on; the runs before `start`'s run keep their storage, and so
    /// does that run when `start` is where it begins.
    @inlinable mutating func _truncate(to start: Int) {
        let capacity = Self.chunkCapacity
        let keptChunks = (start + capacity - 1) / capacity
        if keptChunks < _chunks.count {
            _chunks.removeSubrange(keptChunks...)
        }
        if keptChunks > 0 {
            let keptInLastChunk = start - (keptChunks - 1) * capacity
            let surplus = _chunks[keptChunks - 1].count - keptInLastChunk
            if surplus > 0 { _chunks[keptChunks - 1].removeLast(surplus) }
        }
        _count = start
    }

    /// The elements from `start` on, copied run by run.
    @inlinable func _elements(from start: Int) -> [Element] {
        guard start < count else { return [] }
        let capacity = Self.chunkCapacity
        let firstChunk = start / capacity
        var result: [Element] = []
        result.reserveCapacity(count - start)
        result.append(contentsOf: _chunks[firstChunk][(start - firstChunk * capacity)...])
        for chunk in _chunks[(firstChunk + 1)...] { result.append(contentsOf: chunk) }
        return result
    }

    /// Writes `newElements` over as many elements from `start` on, run by run, so that the runs
    /// outside that range keep their storage.
    @inlinable mutating func _overwrite<C: Collection>(from start: Int, with newElements: C) where C.Element == Element {
        let capacity = Self.chunkCapacity
        var position = start
        var source = newElements.startIndex
        while source != newElements.endIndex {
            let offset = position % capacity
            let sourceEnd = newElements.index(source, offsetBy: capacity - offset, limitedBy: newElements.endIndex)
                ?? newElements.endIndex
            let written = newElements[source..<sourceEnd]
            let writtenCount = written.count
            _chunks[position / capacity].replaceSubrange(offset..<(offset + writtenCount), with: written)
            position += writtenCount
            source = sourceEnd
        }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    /// The type that iterates over the elements, run after run.
    public typealias Iterator = FlattenSequence<[[Element]]>.Iterator

    /// The position of the first element: always 0.
    @inlinable public var startIndex: Int { 0 }

    /// The position after the last element: ``count``.
    @inlinable public var endIndex: Int { count }

    /// The element at `position`, which must be below ``count``.
    ///
    /// Changing it, or a property of it (`users[42].age += 1`), changes that element in place: the
    /// run holding it is copied only when another array shares it, and the other runs keep their
    /// storage.
    @inlinable public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "Index \(position) is out of range for a ChunkedArray of \(count) elements.")
            return _chunks[position / Self.chunkCapacity][position % Self.chunkCapacity]
        }
        _modify {
            precondition(position >= 0 && position < count, "Index \(position) is out of range for a ChunkedArray of \(count) elements.")
            yield &_chunks[position / Self.chunkCapacity][position % Self.chunkCapacity]
        }
    }

    /// An iterator over the elements, which reads each run in turn instead of dividing every index.
    @inlinable public func makeIterator() -> Iterator {
        _chunks.joined().makeIterator()
    }
}

extension ChunkedArray: RangeReplaceableCollection {
    /// Replaces the elements in `subrange` with `newElements`.
    ///
    /// The runs before `subrange` keep their storage. When `newElements` has as many elements as
    /// `subrange`, only the runs that `subrange` covers change; otherwise, every run from the one
    /// holding `subrange.lowerBound` on gets new storage, as the elements after it move.
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace, within `0...count`; may be empty, to insert.
    ///   - newElements: The elements to put there; may be empty, to remove.
    @inlinable public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Element {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "Range \(subrange) is out of range for a ChunkedArray of \(count) elements.")
        let newCount = newElements.count
        if newCount == subrange.count {
            _overwrite(from: subrange.lowerBound, with: newElements)
            return
        }
        // The elements after `subrange` move, so they are taken out and put back after the new ones.
        let after = _elements(from: subrange.upperBound)
        _truncate(to: subrange.lowerBound)
        append(contentsOf: newElements)
        append(contentsOf: after)
    }

    /// Adds `newElement` at the end; the full runs keep their storage.
    @inlinable public mutating func append(_ newElement: Element) {
        if _chunks.isEmpty || _chunks[_chunks.count - 1].count == Self.chunkCapacity {
            var run = Self._emptyRun()
            run.append(newElement)
            _chunks.append(run)
        } else {
            _chunks[_chunks.count - 1].append(newElement)
        }
        _count += 1
    }

    /// Adds the elements of `newElements` at the end; the full runs keep their storage.
    @inlinable public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
        let capacity = Self.chunkCapacity
        var iterator = newElements.makeIterator()
        if let last = _chunks.indices.last, _chunks[last].count < capacity {
            while _chunks[last].count < capacity {
                guard let element = iterator.next() else { return }
                _chunks[last].append(element)
                _count += 1
            }
        }
        var run = Self._emptyRun()
        while let element = iterator.next() {
            run.append(element)
            if run.count == capacity {
                _chunks.append(run)
                _count += capacity
                run = Self._emptyRun()
            }
        }
        if !run.isEmpty {
            _chunks.append(run)
            _count += run.count
        }
    }

    /// Removes and returns the last element, which must exist.
    @inlinable @discardableResult
    public mutating func removeLast() -> Element {
        precondition(count > 0, "Cannot remove the last element of an empty ChunkedArray.")
        let element = _chunks[_chunks.count - 1].removeLast()
        if _chunks[_chunks.count - 1].isEmpty { _chunks.removeLast() }
        _count -= 1
        return element
    }

    /// Removes the last `k` elements; the runs before them keep their storage.
    ///
    /// - Parameter k: How many elements to remove, from 0 to ``count``.
    @inlinable public mutating func removeLast(_ k: Int) {
        precondition(k >= 0, "Cannot remove \(k) elements from a ChunkedArray.")
        precondition(k <= count, "Cannot remove \(k) elements from a ChunkedArray of \(count) elements.")
        _truncate(to: count - k)
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the list of runs' room for as many runs; the runs
    ///   themselves are released either way, as none may be empty.
    @inlinable public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        _chunks.removeAll(keepingCapacity: keepCapacity)
        _count = 0
    }

    /// Makes room in the list of runs for `minimumCapacity` elements; each run gets room for 64
    /// elements when it is made.
    @inlinable public mutating func reserveCapacity(_ minimumCapacity: Int) {
        _chunks.reserveCapacity((minimumCapacity + Self.chunkCapacity - 1) / Self.chunkCapacity)
    }
}

extension ChunkedArray: ExpressibleByArrayLiteral {
    /// An array of the literal's elements.
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
