import Dispatch
import Foundation
import StateSync
import Testing

@Suite struct AtomicCellTests {
    @Test func concurrentAddsAreNeverLost() {
        let hits = AtomicCell(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { hits.add(1, ordering: .relaxed) }
        }
        #expect(hits.load(ordering: .relaxed) == 80_000)
    }

    @Test func addAndSubtractReturnTheValuesBeforeAndAfter() {
        let count = AtomicCell(10)
        #expect(count.add(5, ordering: .relaxed) == (oldValue: 10, newValue: 15))
        #expect(count.subtract(20, ordering: .relaxed) == (oldValue: 15, newValue: -5))
        #expect(count.load(ordering: .sequentiallyConsistent) == -5)
    }

    @Test func compareExchangeReplacesOnlyTheExpectedValue() {
        let owner = AtomicCell<UInt>(0)
        let first = owner.compareExchange(expected: 0, desired: 7, ordering: .acquiring)
        #expect(first.exchanged && first.original == 0)
        let second = owner.compareExchange(expected: 0, desired: 9, ordering: .acquiringAndReleasing)
        #expect(!second.exchanged && second.original == 7)
        #expect(owner.load(ordering: .relaxed) == 7)
    }

    @Test func exchangeReturnsTheValueItReplaced() {
        let descriptor = AtomicCell<Int32>(-1)
        #expect(descriptor.exchange(4, ordering: .acquiringAndReleasing) == -1)
        #expect(descriptor.exchange(-1, ordering: .releasing) == 4)
        #expect(descriptor.load(ordering: .acquiring) == -1)
    }

    @Test func narrowAndSignedValuesKeepTheirValueAcrossTheWideCell() {
        let small = AtomicCell<Int32>(Int32.min)
        #expect(small.load(ordering: .relaxed) == Int32.min)
        // Wraps at 32 bits, as Int32's &+ does, though the cell has 64.
        small.subtract(1, ordering: .relaxed)
        #expect(small.load(ordering: .relaxed) == Int32.max)
        let wide = AtomicCell<UInt64>(UInt64.max)
        wide.add(2, ordering: .relaxed)
        #expect(wide.load(ordering: .relaxed) == 1)
        let signed = AtomicCell<Int64>(Int64.min)
        #expect(signed.load(ordering: .relaxed) == Int64.min)
        let flag = AtomicCell(false)
        flag.store(true, ordering: .releasing)
        let isSet = flag.load(ordering: .acquiring)
        #expect(isSet)
    }

    @Test func aReleasingStorePublishesWhatWasWrittenBefore() {
        // Under the thread sanitizer (.ci/run) this is a data race unless the store and the load order
        // the plain accesses around them.
        // Safe because the value is written before the releasing store and read after the acquiring load.
        final class Box: @unchecked Sendable { var value = 0 }
        let box = Box()
        let ready = AtomicCell(false)
        let writer = Thread {
            box.value = 42
            ready.store(true, ordering: .releasing)
        }
        writer.start()
        while !ready.load(ordering: .acquiring) {}
        #expect(box.value == 42)
    }
}
