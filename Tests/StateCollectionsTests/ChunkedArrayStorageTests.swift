import StateCollections
import Testing

/// The runs an operation does not change keep their storage: that is what lets a recorder skip them.
@Suite struct ChunkedArrayStorageTests {
    /// 300 elements: runs 0 to 3 full, run 4 holding 44.
    static func sample() -> ChunkedArray<Item> {
        ChunkedArray((0..<300).map { Item(id: $0, score: 0) })
    }

    /// Which runs of `after` share storage with the run at the same place in `before`.
    static func sharedRuns(_ after: ChunkedArray<Item>, _ before: ChunkedArray<Item>) -> [Bool] {
        zip(after.chunks, before.chunks).map { $0.sharesStorage(with: $1) }
    }

    @Test func settingAnElementGivesOnlyItsRunNewStorage() {
        var array = Self.sample()
        let before = array
        array[130] = Item(id: -1, score: 0)
        #expect(Self.sharedRuns(array, before) == [true, true, false, true, true])
        #expect(before[130] == Item(id: 130, score: 0))
    }

    @Test func changingAPropertyOfAnElementGivesOnlyItsRunNewStorage() {
        var array = Self.sample()
        let before = array
        array[299].score += 1
        #expect(Self.sharedRuns(array, before) == [true, true, true, true, false])
        #expect(array[299].score == 1)
        #expect(before[299].score == 0)
    }

    @Test func changingAnElementOfAnUnsharedArrayKeepsItsRunInPlace() {
        var array = Self.sample()
        let address = array.chunks[2].withUnsafeBufferPointer { $0.baseAddress }
        array[130].score += 1
        array[131] = Item(id: -1, score: 0)
        #expect(array.chunks[2].withUnsafeBufferPointer { $0.baseAddress } == address)
    }

    @Test func appendingLeavesEveryFullRunShared() {
        var array = Self.sample()
        let before = array
        array.append(Item(id: 300, score: 0))
        array.append(contentsOf: (301..<500).map { Item(id: $0, score: 0) })
        #expect(Self.sharedRuns(array, before) == [true, true, true, true, false])
    }

    @Test func replacingARangeLeavesTheRunsBeforeItShared() {
        var array = Self.sample()
        let before = array
        array.replaceSubrange(200..<210, with: [Item(id: -1, score: 0)])
        #expect(Self.sharedRuns(array, before) == [true, true, true, false, false])
    }

    @Test func replacingARangeWithAsManyElementsLeavesTheRunsAfterItShared() {
        var array = Self.sample()
        let before = array
        array.replaceSubrange(60..<70, with: (0..<10).map { Item(id: -$0, score: 0) })
        #expect(Self.sharedRuns(array, before) == [false, false, true, true, true])
    }

    @Test func insertingNearTheEndLeavesTheRunsBeforeItShared() {
        var array = Self.sample()
        let before = array
        array.insert(Item(id: -1, score: 0), at: 297)
        #expect(Self.sharedRuns(array, before) == [true, true, true, true, false])
    }

    @Test func removingTheLastElementsLeavesTheRunsBeforeThemShared() {
        var array = Self.sample()
        let before = array
        array.removeLast(50)
        #expect(array.count == 250)
        #expect(Self.sharedRuns(array, before) == [true, true, true, false])
        array.removeLast()
        array.removeSubrange(200...)
        #expect(Self.sharedRuns(array, before) == [true, true, true, false])
    }

    @Test func removingTheLastElementsDownToARunsEndKeepsThatRunShared() {
        var array = Self.sample()
        let before = array
        array.removeLast(300 - 128)
        #expect(array.chunks.count == 2)
        #expect(Self.sharedRuns(array, before) == [true, true])
    }

    @Test func anEmptyReplacementChangesNoRun() {
        var array = Self.sample()
        let before = array
        array.replaceSubrange(100..<100, with: EmptyCollection())
        array.append(contentsOf: [])
        array.removeLast(0)
        #expect(Self.sharedRuns(array, before) == [true, true, true, true, true])
        #expect(array.chunks.sharesStorage(with: before.chunks))
    }
}
