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
}
