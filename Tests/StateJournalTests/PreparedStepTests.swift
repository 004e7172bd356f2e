import StateJSON
import StateJournal
import Testing

/// A recorder that captures states on the dispatching thread prepares each step there and has its
/// writer frame the line; the journal must come out as one builder appending every step writes it.
@Suite struct PreparedStepTests {
    @Test func linesPreparedByOneBuilderAndFramedByAnotherAreTheLinesOneBuilderWrites() throws {
        let initial = JournalRoundTripTests.users(40)
        let policy = KeyframePolicy(interval: 7, smallStateBytes: 64, intervalPatchShare: 0)
        let whole = JournalBuilder(header: JournalRoundTripTests.header(initial: initial), policy: policy)
        let preparer = JournalBuilder(header: JournalRoundTripTests.header(initial: initial), policy: policy)
        let framer = JournalBuilder(framingAfter: preparer)
        var expected: [UInt8] = []
        var written: [UInt8] = []
        whole.writeHeader(into: &expected)
        framer.writeHeader(into: &written)
        var keyframes = 0
        for step in 1...60 {
            let state = JournalRoundTripTests.users(40 + step / 20, changedAge: step % 40, age: Int64(step))
            let actionBytes = JournalRoundTripTests.action(step).jsonValue.serialized(.canonical)
            // A travel before step 30 forces a keyframe and gives the step a parent.
            let parent: Int? = step == 30 ? 12 : nil
            if step == 30 {
                let travelled = JournalRoundTripTests.users(40, changedAge: 12, age: 12)
                #expect(whole.travel(to: travelled) == preparer.travel(to: travelled))
            }
            whole.appendStep(actionBytes: actionBytes, state: state, time: Int64(step), parent: parent, into: &expected)
            let prepared = preparer.prepareStep(state: state, parent: parent)
            if prepared.keyframe { keyframes += 1 }
            #expect(prepared.hash == StateFingerprint.of(state, scheme: .chunked))
            let number = framer.appendStep(actionBytes: actionBytes, prepared: prepared, time: Int64(step), parent: parent,
                                           into: &written)
            #expect(number == step)
        }
        #expect(keyframes >= 8, "every 7 steps, and after the travel")
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(framer.lastStep == 60)
        #expect(framer.stateBytes == whole.stateBytes)
    }
}
