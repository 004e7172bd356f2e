import Dispatch
import StateSync
import Testing

@Suite struct LockedTests {
    @Test func concurrentIncrementsAreNeverLost() {
        let hits = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { hits.withLock { $0 += 1 } }
        }
        #expect(hits.withLock { $0 } == 80_000)
    }

    @Test func withLockReturnsWhatTheBodyReturns() {
        let names = Locked(["a"])
        let count = names.withLock { names -> Int in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test func aThrownErrorLeavesTheLockFree() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (value: inout Int) throws(Refused) in
                value = 2
                throw Refused()
            }
        }
        // Deadlocks here if the throw had skipped the unlock.
        #expect(value.withLock { $0 } == 2)
    }

    @Test func theValueIsReleasedWithTheLock() {
        final class Canary: Sendable {}
        weak var released: Canary?
        do {
            let canary = Canary()
            released = canary
            let locked = Locked(canary)
            locked.withLock { _ in }
        }
        #expect(released == nil)
    }

    @Test func holdsNoncopyableValues() {
        struct Ticket: ~Copyable { var number: Int }
        let ticket = Locked(Ticket(number: 7))
        ticket.withLock { $0.number += 1 }
        #expect(ticket.withLock { $0.number } == 8)
    }

    @Test func valuesWithWideAlignmentStayAligned() {
        let wide = Locked(SIMD4<Double>(1, 2, 3, 4))
        wide.withLock { $0 *= 2 }
        #expect(wide.withLock { $0 } == SIMD4<Double>(2, 4, 6, 8))
    }
}
