import Foundation

/// A first-in, first-out queue between one or more producers and one consumer, with a capacity:
/// producers wait when it is full (backpressure), the consumer takes everything queued at once.
///
/// Taking the whole backlog in one call is what lets the writer batch lines into one `write`.
final class BoundedQueue<Element>: @unchecked Sendable {
    // Invariant: `items` and `closed` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var items: [Element] = []
    private let capacity: Int
    private var closed = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `element`, waiting while the queue is full. Returns `false` once the queue is closed.
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(element)
        if items.count == 1 { condition.broadcast() }
        return true
    }

    /// Waits until something is queued (or `deadline` passes, or the queue is closed) and takes it all.
    func takeAll(until deadline: Date?) -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        let taken = items
        items = []
        condition.broadcast()
        return taken
    }

    /// Stops accepting elements; waiting producers and the consumer wake up.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }
}
