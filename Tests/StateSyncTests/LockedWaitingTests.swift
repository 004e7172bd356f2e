import Dispatch
import Foundation
import StateSync
import Testing

/// Waiting on a `Locked` value until it is ready: what replaces a condition variable.
@Suite struct LockedWaitingTests {
    @Test func aWaiterRunsOnceAnotherThreadMadeTheValueReady() {
        let queue = Locked<[Int]>([])
        let taken = Locked<[Int]>([])
        let consumer = Thread {
            for _ in 0..<3 {
                let first = queue.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }
                taken.withLock { $0.append(first) }
                taken.wakeWaiters()
            }
        }
        consumer.start()
        for value in [7, 8, 9] {
            queue.withLock { $0.append(value) }
            queue.wakeWaiters()
        }
        let done = taken.withLock(when: { $0.count == 3 }, timeout: .seconds(30)) { $1 }
        #expect(done)
        #expect(taken.withLock { $0 } == [7, 8, 9])
    }

    @Test func aValueAlreadyReadyIsTakenWithoutWaiting() {
        let value = Locked(5)
        #expect(value.withLock(when: { $0 == 5 }) { $0 } == 5)
        #expect(value.withLock(when: { $0 == 5 }, timeout: .zero) { ($0, $1) } == (5, true))
    }

    @Test func aTimedWaitEndsAtItsTimeoutWithTheValueAsItIs() {
        let value = Locked(0)
        let start = ContinuousClock.now
        let (seen, ready) = value.withLock(when: { $0 > 0 }, timeout: .milliseconds(50)) { ($0, $1) }
        #expect(!ready)
        #expect(seen == 0)
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func theReadinessCheckMayNoteThatAThreadWaits() {
        struct Gate {
            var open = false
            var waiting = 0
        }
        let gate = Locked(Gate())
        let waiter = Thread {
            var counted = false
            gate.withLock(when: { gate in
                if gate.open { return true }
                if !counted {
                    gate.waiting += 1
                    counted = true
                }
                return false
            }) { $0.waiting -= 1 }
        }
        waiter.start()
        #expect(Self.eventually { gate.withLock { $0.waiting } == 1 })
        gate.withLock { $0.open = true }
        gate.wakeWaiters()
        #expect(Self.eventually { gate.withLock { $0.waiting } == 0 })
    }

    /// Whether `condition` becomes true within 30 seconds, looking every millisecond.
    private static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func aHugeTimeoutDoesNotOverflowIntoNoWaitAtAll() {
        let value = Locked(1)
        #expect(value.withLock(when: { $0 == 1 }, timeout: .seconds(Int64.max)) { $1 })
    }
}
