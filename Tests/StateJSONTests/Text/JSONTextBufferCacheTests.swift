import Foundation
@testable import StateJSON
import StateSync
import Testing

/// The spare text buffer: taken and given back by writers, bounded in size, one per thread.
@Suite struct JSONTextBufferCacheTests {
    /// Takes this thread's spare and frees it, returning its capacity: a test that took a spare and
    /// dropped it would leak it, and CI's leak checker would say so.
    static func discardSpare(_ cache: JSONTextBufferCache) -> Int? {
        guard let spare = cache.take() else { return nil }
        free(spare.block)
        return spare.capacity
    }

    @Test func aWriterReusesTheBufferThePreviousOneGaveBack() {
        let cache = JSONTextBufferCache()
        #expect(cache.take() == nil)
        let large = JSONValue.array((0..<5_000).map { .string("item \($0)") })
        do {
            var writer = JSONTextWriter(pretty: false, cache: cache)
            writer.write(large)
            #expect(writer.bytes.count == large.serialized().count)
        }
        // The grown buffer came back with its capacity; the next writer starts with it.
        guard let spare = cache.take() else {
            Issue.record("The writer did not give its buffer back.")
            return
        }
        #expect(spare.capacity >= large.serialized().count)
        cache.give(spare.block, capacity: spare.capacity)
        var next = JSONTextWriter(pretty: false, cache: cache)
        #expect(cache.take() == nil, "The second writer holds the spare buffer.")
        next.write(large)
        #expect(Array(next.bytes) == large.serialized())
    }

    @Test func aWriterAskingForMoreThanTheSpareHoldsGrowsIt() {
        let cache = JSONTextBufferCache()
        do { _ = JSONTextWriter(pretty: false, capacity: 64, cache: cache) }
        #expect(cache.take().map { cache.give($0.block, capacity: $0.capacity); return $0.capacity } == 64)
        // Takes the 64-byte spare, grows it before writing anything, and gives back the grown one.
        do { _ = JSONTextWriter(pretty: false, capacity: 10_000, cache: cache) }
        #expect((Self.discardSpare(cache) ?? 0) >= 10_000)
    }

    @Test func aBufferLargerThanTheLimitIsFreedNotKept() {
        let cache = JSONTextBufferCache()
        do {
            var writer = JSONTextWriter(pretty: false, cache: cache)
            writer.write(.string(String(repeating: "y", count: JSONTextBufferCache.largestKept + 1)))
        }
        #expect(cache.take() == nil)
    }

    @Test func aSecondBufferGivenBackIsFreedWhileTheSlotIsFull() {
        let cache = JSONTextBufferCache()
        var first = JSONTextWriter(pretty: false, cache: cache)
        var second = JSONTextWriter(pretty: false, cache: cache)
        first.write("first")
        second.write("second")
        _ = consume first
        _ = consume second
        // One kept; the other freed (a double free would stop the address-sanitizer run in CI).
        #expect(Self.discardSpare(cache) != nil)
        #expect(cache.take() == nil)
    }

    @Test func aBufferGivenBackOnOneThreadIsNotSeenOnAnother() {
        let cache = JSONTextBufferCache()
        do {
            var writer = JSONTextWriter(pretty: false, cache: cache)
            writer.write("kept by this thread")
        }
        let seenElsewhere = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            seenElsewhere.withLock { $0 = Self.discardSpare(cache) != nil }
            done.signal()
        }.start()
        done.wait()
        #expect(seenElsewhere.withLock { $0 } == false)
        #expect(Self.discardSpare(cache) != nil, "The spare stays with the thread that gave it back.")
    }

    @Test func aThreadThatEndsHoldingASpareFreesIt() {
        // Run under the address sanitizer with leak detection: the key's destructor must free it.
        let cache = JSONTextBufferCache()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var writer = JSONTextWriter(pretty: false, cache: cache)
            writer.write(.array((0..<1_000).map { .integer(Int64($0)) }))
            _ = consume writer
            done.signal()
        }
        thread.start()
        done.wait()
        while !thread.isFinished { usleep(1_000) }
        #expect(cache.take() == nil)
    }

    @Test func writersOnManyThreadsShareTheCacheSafely() async {
        let values: [JSONValue] = (0..<8).map { thread in
            .array((0..<(200 * (thread + 1))).map { .object(["id": .integer(Int64($0)), "thread": .integer(Int64(thread))]) })
        }
        let expected = values.map { JSONTextEscaping.compactText($0) }
        let matches = await withTaskGroup(of: Bool.self) { group in
            for (value, text) in zip(values, expected) {
                group.addTask {
                    (0..<50).allSatisfy { _ in value.canonicalText == text }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(matches)
    }
}
