import Foundation
import Testing
@testable import StateRecorder

@Suite struct EntryQueueTests {
    final class Canary: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func entriesComeOutInOrderWithTheirActionsAndStatesAcrossTheRingsEnd() {
        let queue = EntryQueue<Canary, String>(capacity: 4)
        var seen: [String] = []
        for round in 0..<5 {
            queue.put(.step(step: round * 3 + 1, time: 0, parent: nil, site: nil), action: "a\(round)", state: Canary(round))
            queue.put(.marker(after: round * 3 + 1, time: 0, name: "m\(round)"))
            queue.put(.travel(after: round * 3 + 1, time: 0, kind: .undo, to: 0), state: Canary(-round))
            let batch = queue.take(until: nil)
            for index in 0..<batch.count {
                switch queue.entry(index, in: batch) {
                case .step(let step, _, _, _):
                    seen.append("step \(step) \(queue.action(index, in: batch).pointee) \(queue.state(index, in: batch).pointee.number)")
                case .marker(_, _, let name):
                    seen.append(name)
                case .travel(_, _, _, let to):
                    seen.append("travel \(to) \(queue.state(index, in: batch).pointee.number)")
                default:
                    seen.append("unexpected")
                }
            }
            queue.release(batch)
        }
        #expect(seen.count == 15)
        #expect(seen.suffix(3) == ["step 13 a4 4", "m4", "travel 0 -4"])
    }

    @Test func anOldStateHandedOverWithAStepIsFreedWhenTheWriterReleasesTheStep() {
        let queue = EntryQueue<Canary, Int>(capacity: 4)
        weak var old: Canary?
        do {
            let retired = Canary(0)
            old = retired
            queue.put(.step(step: 1, time: 0, parent: nil, site: nil), action: 1, state: Canary(1), discarding: retired)
        }
        let batch = queue.take(until: nil)
        #expect(old != nil, "the queue holds the old state until the step is released")
        #expect(queue.state(0, in: batch).pointee.number == 1)
        queue.release(batch)
        #expect(old == nil)
        // The slot is reused without an old state: nothing is freed twice.
        queue.put(.step(step: 2, time: 0, parent: nil, site: nil), action: 2, state: Canary(2), discarding: nil)
        let next = queue.take(until: nil)
        #expect(queue.state(0, in: next).pointee.number == 2)
        queue.release(next)
    }

    @Test func oldStatesStillQueuedAreFreedWithTheQueue() {
        weak var old: Canary?
        do {
            let queue = EntryQueue<Canary, Int>(capacity: 2)
            let retired = Canary(0)
            old = retired
            queue.put(.step(step: 1, time: 0, parent: nil, site: nil), action: 1, state: Canary(1), discarding: retired)
        }
        #expect(old == nil)
    }

    @Test func theRecentStateRingReturnsTheStateItLetsGoOf() {
        let ring = RecentStates<Canary>(capacity: 4)
        #expect(ring.remember(1, Canary(1), limit: 2) == nil)
        #expect(ring.remember(2, Canary(2), limit: 2) == nil)
        // Keeping two, the state after step 1 goes when step 3 comes, and is handed back, not freed.
        #expect(ring.remember(3, Canary(3), limit: 2)?.number == 1)
        #expect(ring.state(after: 1) == nil)
        #expect(ring.state(after: 2)?.number == 2)
        #expect(ring.state(after: 3)?.number == 3)
        // At full capacity, the slot's previous state is the one handed back.
        let full = RecentStates<Canary>(capacity: 2)
        full.remember(1, Canary(1), limit: 2)
        full.remember(2, Canary(2), limit: 2)
        #expect(full.remember(3, Canary(3), limit: 2)?.number == 1)
        #expect(full.state(after: 3)?.number == 3)
        // Plain data costs nothing to free: it is dropped in place, not handed back.
        let counters = RecentStates<Int>(capacity: 2)
        counters.remember(1, 1, limit: 2)
        counters.remember(2, 2, limit: 2)
        #expect(counters.remember(3, 3, limit: 2) == nil)
        #expect(counters.state(after: 3) == 3)
        #expect(counters.state(after: 1) == nil)
    }

    @Test func slicesReleasedEarlyFreeTheirSlotsForAWaitingProducer() async {
        let queue = EntryQueue<Int, Int>(capacity: 4)
        for step in 1...4 { queue.put(.step(step: step, time: 0, parent: nil, site: nil), action: step, state: step) }
        let batch = queue.take(until: nil)
        #expect(batch.count == 4)
        let producer = Task.detached {
            // Blocks until the first half of the batch is released.
            queue.put(.step(step: 5, time: 0, parent: nil, site: nil), action: 5, state: 5)
            queue.put(.step(step: 6, time: 0, parent: nil, site: nil), action: 6, state: 6)
        }
        queue.release(batch.slice(0..<2))
        await producer.value
        #expect(queue.state(2, in: batch).pointee == 3)
        queue.release(batch.slice(2..<4))
        let next = queue.take(until: nil)
        #expect((0..<next.count).map { queue.action($0, in: next).pointee } == [5, 6])
        queue.release(next)
    }

    @Test func closingWakesAProducerAndRefusesFurtherEntries() async {
        let queue = EntryQueue<Int, Int>(capacity: 1)
        queue.put(.step(step: 1, time: 0, parent: nil, site: nil), action: 1, state: 1)
        let blocked = Task.detached { queue.put(.step(step: 2, time: 0, parent: nil, site: nil), action: 2, state: 2) }
        queue.close()
        #expect(await blocked.value == false)
        #expect(queue.put(.marker(after: 1, time: 0, name: "late")) == false)
        let batch = queue.take(until: nil)
        #expect(batch.count == 1)
        #expect(batch.closed)
    }

    @Test func anEntryPutBetweenAnEmptyTimeoutAndCloseIsStillTaken() {
        let queue = EntryQueue<Int, Int>(capacity: 4)
        let empty = queue.take(until: Date(timeIntervalSinceNow: -1))
        #expect(empty.count == 0 && !empty.closed)
        queue.put(.marker(after: 0, time: 0, name: "last words"))
        queue.close()
        // The writer stops only on an empty batch taken from a closed queue, so it takes this one first.
        let last = queue.take(until: nil)
        #expect(last.count == 1 && last.closed)
        queue.release(last)
        let after = queue.take(until: nil)
        #expect(after.count == 0 && after.closed)
    }

    @Test func valuesStillQueuedOrRememberedAreReleasedWithTheirOwner() {
        weak var queued: Canary?
        weak var remembered: Canary?
        weak var replaced: Canary?
        do {
            let queue = EntryQueue<Canary, Canary>(capacity: 8)
            let canary = Canary(1)
            queued = canary
            queue.put(.step(step: 1, time: 0, parent: nil, site: nil), action: canary, state: canary)
            let recent = RecentStates<Canary>(capacity: 2)
            let first = Canary(2)
            replaced = first
            recent.remember(0, first)
            let kept = Canary(3)
            remembered = kept
            recent.remember(2, kept) // same slot as step 0: the first is let go
            #expect(recent.state(after: 0) == nil)
            #expect(recent.state(after: 2)?.number == 3)
        }
        #expect(replaced == nil)
        #expect(queued == nil)
        #expect(remembered == nil)
    }

    @Test func aLimitBelowTheCapacityHoldsProducersUntilTheWriterReleases() async {
        let queue = EntryQueue<Int, Int>(capacity: 8)
        queue.limit(to: 2)
        for step in 1...2 { queue.put(.step(step: step, time: 0, parent: nil, site: nil), action: step, state: step) }
        let batch = queue.take(until: nil)
        let producer = Task.detached {
            // Blocks: two entries are queued, the limit.
            queue.put(.step(step: 3, time: 0, parent: nil, site: nil), action: 3, state: 3)
        }
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(queue.take(until: Date()).count == 2)
        queue.release(batch)
        _ = await producer.value
        let next = queue.take(until: nil)
        #expect((0..<next.count).map { queue.action($0, in: next).pointee } == [3])
        queue.release(next)
    }

    @Test func theRingKeepsOnlyTheLatestStatesWithinItsLimit() {
        weak var dropped: Canary?
        let recent = RecentStates<Canary>(capacity: 16)
        do {
            let first = Canary(0)
            dropped = first
            recent.remember(0, first, limit: 16)
        }
        for step in 1...10 { recent.remember(step, Canary(step), limit: 16) }
        #expect((0...10).allSatisfy { recent.state(after: $0)?.number == $0 })
        // A larger state: only the latest three stay, and the others are let go at once.
        recent.remember(11, Canary(11), limit: 3)
        #expect((0...11).filter { recent.state(after: $0) != nil } == [9, 10, 11])
        #expect(dropped == nil)
        for step in 12...20 { recent.remember(step, Canary(step), limit: 3) }
        #expect((0...20).filter { recent.state(after: $0) != nil } == [18, 19, 20])
        // A smaller state again: the ring fills up to its capacity.
        for step in 21...40 { recent.remember(step, Canary(step), limit: 16) }
        #expect((0...40).filter { recent.state(after: $0) != nil } == Array(25...40))
    }

    @Test func theRingsLimitFollowsTheStateSize() {
        #expect(RecentStates<Int>.limit(capacity: 256, stateBytes: 0) == 256)
        #expect(RecentStates<Int>.limit(capacity: 256, stateBytes: 1000) == 256)
        #expect(RecentStates<Int>.limit(capacity: 256, stateBytes: 1 << 20) == 16)
        #expect(RecentStates<Int>.limit(capacity: 256, stateBytes: 100 << 20) == 8)
        #expect(RecentStates<Int>.limit(capacity: 2, stateBytes: 100 << 20) == 2)
    }
}
