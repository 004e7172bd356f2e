import StateSync

/// A thread-safe list that callbacks append to and tests read.
final class Collector<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    /// Forgets every element, such as a kept `next` whose store refers back to this collector.
    func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    var elements: [Element] {
        storage.withLock { $0 }
    }
}
