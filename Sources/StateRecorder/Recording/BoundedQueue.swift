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
    // Who is blocked in `wait()`: a put or a take wakes the other side only when someone is, so a
    // consumer that keeps up costs producers no system call.
    private var consumerWaiting = false
    private var producersWaiting = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `element`, waiting while the queue is full. Returns `false` once the queue is closed.
    @discardableResult
    func put(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed {
            producersWaiting += 1
            condition.wait()
            producersWaiting -= 1
        }
        guard !closed else { return false }
        items.append(element)
        if consumerWaiting { condition.broadcast() }
        return true
    }

    /// Waits until something is queued (or `deadline` passes, or the queue is closed) and takes it all
    /// into `batch`, whose previous contents are dropped.
    ///
    /// The queue keeps `batch`'s old storage for the next elements, so a steady stream allocates none.
    func takeAll(until deadline: Date?, into batch: inout [Element]) {
        batch.removeAll(keepingCapacity: true)
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed {
            consumerWaiting = true
            defer { consumerWaiting = false }
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        swap(&items, &batch)
        if producersWaiting > 0 { condition.broadcast() }
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
